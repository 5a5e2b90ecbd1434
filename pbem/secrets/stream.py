"""A deterministic stream of uniform numbers from a secret seed (HMAC-SHA256 in counter
mode), for permutations, masks and private draws that the audit re-derives exactly."""

from __future__ import annotations

import hashlib
import hmac
import struct

from pbem.secrets import group
from pbem.secrets.group import Part, Scalar


class RandomStream:
    """Uniform integers and scalars drawn in order from ``HMAC(seed, label, parts, i)``."""

    def __init__(self, seed: bytes, label: str, *parts: Part) -> None:
        self._key = hmac.new(seed, group.frame(label, *parts), hashlib.sha256).digest()
        self._counter = 0
        self._pool = b""

    def _take(self, size: int) -> bytes:
        while len(self._pool) < size:
            block = hmac.new(self._key, struct.pack(">Q", self._counter), hashlib.sha512)
            self._pool += block.digest()
            self._counter += 1
        out, self._pool = self._pool[:size], self._pool[size:]
        return out

    def below(self, bound: int) -> int:
        """A uniform integer in ``[0, bound)`` by rejection sampling (no modulo bias)."""
        if not 0 < bound <= 2**32:
            raise ValueError("bound must be between 1 and 2**32")
        limit = 2**32 - (2**32 % bound)
        while True:
            (number,) = struct.unpack(">I", self._take(4))
            if number < limit:
                return number % bound

    def scalar(self) -> Scalar:
        """A uniform non-zero scalar (64 bytes reduced modulo the group order)."""
        while True:
            value = group.reduce(self._take(64))
            if any(value):
                return value

    def permutation(self, size: int) -> list[int]:
        """A uniform permutation of ``range(size)`` (Fisher–Yates)."""
        order = list(range(size))
        for top in range(size - 1, 0, -1):
            other = self.below(top + 1)
            order[top], order[other] = order[other], order[top]
        return order
