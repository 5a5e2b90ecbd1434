"""Random games played as signed saves that are the same on every run.

A game's seed shares and dice links follow from its players' keys, their salts and the
signature of its first save, which covers the time it was written. So a test that plays
whole games gives all of them fixed: keys made from a label, salts from the seed (the game
id already comes from the kind and the seed) and a stopped clock.
"""

from __future__ import annotations

import hashlib
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from freezegun import freeze_time

from pbem import selfplay
from pbem.signing import PrivateKey

FROZEN = "2026-01-01T00:00:00Z"


def player_keys(label: str, count: int) -> list[PrivateKey]:
    """``count`` players' keys made from ``label``."""
    return [PrivateKey(Ed25519PrivateKey.from_private_bytes(
        hashlib.sha256(f"{label} {n}".encode()).digest())) for n in range(count)]


def salts(seed: int, count: int) -> list[str]:
    """``count`` players' salts for the game of ``seed``."""
    return [f"{seed:016x}{n:016x}" for n in range(count)]


def play(kind: str, players: int, seed: int, keys: list[PrivateKey] | None = None,
         **options: Any) -> selfplay.Result:
    """:func:`pbem.selfplay.play` with fixed keys (unless given), salts and time."""
    chosen = keys if keys is not None else player_keys(f"{kind} {seed}", players)
    with freeze_time(FROZEN):
        return selfplay.play(kind, players, seed, keys=chosen, salts=salts(seed, players),
                             **options)
