"""Who acts in a save, with which keys: the :class:`Seat`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from pbem import dice
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
    return {role: bytes.fromhex(dice.anchor(doc["game"], salt))
            for role, salt in salts.items()}


def seat(doc: Mapping[str, Any], role: str, key: PrivateKey | None = None,
         records: Mapping[str, Any] | None = None) -> Seat:
    """The seat of ``role`` in the game of ``doc`` (a save's document or its stub)."""
    found = anchors(doc)
    roles = [str(p["role"]) for p in doc["players"]]
    keys = GameKeys.derive(key, found[role], role) if key is not None else None
    return Seat(role, roles, found, keys, dict(records or {}))
