"""Choices a player's own pbem makes for her at random, that nobody else can foresee.

A standing response may say "pick at random" (the Card Game's ``war-card: random``). The
pick is drawn from a seed only her keys give (:meth:`GameKeys.nonce_seed`, labelled with
the save she answers and the question), so another player, who knows every public byte of
the game, cannot tell it in advance, and her pbem picks the same again should it answer
the same save twice (no second, different answer to choose from).
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


class PrivatePick:
    """Uniform picks from one secret seed; each purpose draws on its own."""

    def __init__(self, seed: bytes) -> None:
        if len(seed) < 16:
            raise ValueError("a private pick needs a seed of at least 16 bytes")
        self._seed = seed

    def choose(self, options: Sequence[T], purpose: str) -> T:
        """One of ``options``, each as likely, for ``purpose`` (e.g. ``war card``)."""
        if not options:
            raise ValueError("nothing to choose from")
        return options[self.below(len(options), purpose)]

    def below(self, bound: int, purpose: str) -> int:
        """A whole number from 0 to ``bound - 1``, each as likely (rejection sampling)."""
        limit = (1 << 64) - (1 << 64) % bound
        for attempt in range(1 << 16):
            block = hmac.new(self._seed, f"{purpose}\x00{attempt}".encode(),
                             hashlib.sha256).digest()
            value = int.from_bytes(block[:8], "big")
            if value < limit:
                return value % bound
        raise RuntimeError("no uniform value drawn")  # pragma: no cover - 2**-1048576
