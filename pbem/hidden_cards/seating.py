"""Who acts in a save, with which keys: the :class:`Seat`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from pbem import dice, founding
from pbem.secrets import envelope
from pbem.secrets.keys import GameKeys
from pbem.signing import PrivateKey


@dataclass
class Seat:
    """Who is acting, and what their pbem holds (``keys``: composing; ``None``: checking)."""

    role: str
    roles: list[str]
    anchors: dict[str, bytes]
    keys: GameKeys | None = None
    records: dict[str, Any] = field(default_factory=dict)  # this action's reveals
    chosen: dict[str, Any] = field(default_factory=dict)  # sealed values (composing only)
    used: set[str] = field(default_factory=set)  # records read back (checking)


def anchors(doc: Mapping[str, Any]) -> dict[str, bytes]:
    """Each player's anchor: the game's fixed details and the salt they chose."""
    salts = doc["dice"]["salts"]
    return {role: bytes.fromhex(dice.anchor(doc["game"], founding.founders(doc), salt))
            for role, salt in salts.items()}


def seat(doc: Mapping[str, Any], role: str, key: PrivateKey | None = None,
         records: Mapping[str, Any] | None = None) -> Seat:
    """The seat of ``role`` in the game of ``doc`` (a save's document or its stub)."""
    found = anchors(doc)
    roles = [str(p["role"]) for p in doc["players"]]
    keys = GameKeys.derive(key, found[role], role) if key is not None else None
    handed = released(doc, role)
    if keys is not None and handed is not None:  # the seat was handed over with its secrets
        keys = GameKeys(role, found[role], open_release(keys, handed, doc["game"]["id"], role))
    return Seat(role, roles, found, keys, dict(records or {}))


def released(doc: Mapping[str, Any], role: str) -> Mapping[str, Any] | None:
    """The sealed secrets of ``role``'s seat, handed to its present holder (if any)."""
    state = doc.get("state") or {}
    record = state.get("absent") if isinstance(state, Mapping) else None
    found = (record or {}).get("released", {}).get(role) if isinstance(record, Mapping) else None
    return found if isinstance(found, Mapping) else None


def release_aad(game_id: str, role: str) -> bytes:
    return f"pbem-seat-release|{game_id}|{role}".encode()


def open_release(own: GameKeys, handed: Mapping[str, Any], game_id: str, role: str) -> bytes:
    """The seat's secrets, opened with the newcomer's own envelope key."""
    box = envelope.Envelope.from_record(handed["envelope"], role)
    return envelope.open(own.envelope_private, box, release_aad(game_id, role),
                         sender=role).plaintext
