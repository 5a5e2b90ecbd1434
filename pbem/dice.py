"""The only source of randomness in pbem: fair dice that no single player controls.

* The game's seed comes from a commit-reveal exchange at creation: every player adds a
  contribution derived from their key, the creator committing to theirs before seeing
  anyone else's, so no one can choose or bias the result.
* Each player also commits, at creation, to the tip of a hash chain derived from their
  key. Every save reveals the writer's next link (a pre-image of the last one), which
  nobody else can compute in advance.
* The dice of a save come from HMAC-SHA256 over the seed and every player's latest link
  (the writer's new one included), counted draw by draw with rejection sampling, so they
  depend on nothing the writer chooses except how many have been drawn.

Every roll is recorded with its purpose. Games created with table dice take the values
typed in instead, and are marked as such everywhere.
"""

from __future__ import annotations

import hashlib
import hmac
import struct
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from pbem.errors import NeedDice
from pbem.signing import NS_DICE, PrivateKey

CHAIN_LENGTH = 4096
_SEED_TAG = b"pbem-seed/1"
_DICE_TAG = b"pbem-dice/1"


def _derive(key: PrivateKey, game_id: str, role: str, purpose: str) -> bytes:
    """A secret only ``key`` can make, the same every time (Ed25519 is deterministic)."""
    signature = key.sign(f"{purpose}|{game_id}|{role}".encode(), NS_DICE)
    return hashlib.sha256(signature.sig_blob).digest()


def seed_share(key: PrivateKey, game_id: str, role: str) -> str:
    """This player's contribution to the game's seed (hex)."""
    return _derive(key, game_id, role, "seed-share").hex()


def commit(share_hex: str) -> str:
    """The commitment to a seed share published before anyone reveals theirs."""
    return hashlib.sha256(b"pbem-seed-commit/1" + bytes.fromhex(share_hex)).hexdigest()


def game_seed(game_id: str, shares: Iterable[str]) -> str:
    """Combine every player's revealed share (in role order) into the game's seed."""
    digest = hashlib.sha256(_SEED_TAG + game_id.encode())
    for share in shares:
        digest.update(bytes.fromhex(share))
    return digest.hexdigest()


def chain_link(key: PrivateKey, game_id: str, role: str, used: int) -> str:
    """The link that follows ``used`` earlier reveals; ``used=0`` is the committed tip."""
    if not 0 <= used <= CHAIN_LENGTH:
        raise ValueError(f"dice chain has only {CHAIN_LENGTH} links")
    return _chain(key.public.raw, key, game_id, role)[CHAIN_LENGTH - used]


_CHAINS: dict[tuple[bytes, str, str], list[str]] = {}


def _chain(public: bytes, key: PrivateKey, game_id: str, role: str) -> list[str]:
    """Every link of a player's chain, computed once per process (x0 ... tip)."""
    cache_key = (public, game_id, role)
    links = _CHAINS.get(cache_key)
    if links is None:
        value = _derive(key, game_id, role, "dice-chain")
        links = [value.hex()]
        for _ in range(CHAIN_LENGTH):
            value = hashlib.sha256(value).digest()
            links.append(value.hex())
        if len(_CHAINS) > 64:
            _CHAINS.clear()
        _CHAINS[cache_key] = links
    return links


def link_follows(new_hex: str, previous_hex: str) -> bool:
    """True when ``new`` is the pre-image of ``previous`` (the next link of the chain)."""
    try:
        return hashlib.sha256(bytes.fromhex(new_hex)).hexdigest() == previous_hex
    except ValueError:
        return False


def save_key(seed_hex: str, sequence: int, links: Mapping[str, str], roles: Iterable[str]) -> bytes:
    """The HMAC key of one save's dice: the seed and every player's latest link."""
    message = _DICE_TAG + struct.pack(">Q", sequence)
    for role in roles:
        message += b"|" + role.encode() + b"=" + bytes.fromhex(links[role])
    return hmac.new(bytes.fromhex(seed_hex), message, hashlib.sha256).digest()


@dataclass(frozen=True)
class Roll:
    """One die: its value, number of sides and purpose."""

    value: int
    sides: int
    purpose: str

    def record(self) -> dict[str, Any]:
        out: dict[str, Any] = {"d": self.value}
        if self.sides != 6:
            out["of"] = self.sides
        out["for"] = self.purpose
        return out

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Roll:
        return cls(int(record["d"]), int(record.get("of", 6)), str(record["for"]))


class Dice(Protocol):
    """What a game sees: roll a d6 or draw 1..n, always with a purpose."""

    rolls: list[Roll]

    def roll(self, purpose: str) -> int: ...

    def draw(self, sides: int, purpose: str) -> int: ...

    def snapshot(self) -> Any: ...

    def restore(self, mark: Any) -> None: ...


@dataclass
class ChainDice:
    """Dice of one save, computed from its HMAC key; draw ``i`` is fixed in advance."""

    key: bytes
    count: int = 0
    rolls: list[Roll] = field(default_factory=list)

    def draw(self, sides: int, purpose: str) -> int:
        if sides < 1:
            raise ValueError("a die needs at least one side")
        limit = (1 << 32) - ((1 << 32) % sides)
        attempt = 0
        while True:
            block = hmac.new(self.key, struct.pack(">QI", self.count, attempt),
                             hashlib.sha256).digest()
            for offset in range(0, 32, 4):
                (number,) = struct.unpack_from(">I", block, offset)
                if number < limit:
                    value = number % sides + 1
                    self.count += 1
                    self.rolls.append(Roll(value, sides, purpose))
                    return value
            attempt += 1

    def roll(self, purpose: str) -> int:
        return self.draw(6, purpose)

    def snapshot(self) -> tuple[int, int]:
        return self.count, len(self.rolls)

    def restore(self, mark: tuple[int, int]) -> None:
        self.count = mark[0]
        del self.rolls[mark[1]:]


@dataclass
class TableDice:
    """Dice typed in by the players (physical dice at a table, tutorials, tests)."""

    values: list[int]
    rolls: list[Roll] = field(default_factory=list)

    def draw(self, sides: int, purpose: str) -> int:
        if not self.values:
            raise NeedDice(purpose, sides)
        value = self.values[0]
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= sides:
            raise NeedDice(f"{purpose} (got {value!r}, which is not 1-{sides})", sides)
        self.values.pop(0)
        self.rolls.append(Roll(value, sides, purpose))
        return value

    def roll(self, purpose: str) -> int:
        return self.draw(6, purpose)

    def snapshot(self) -> tuple[list[int], int]:
        return list(self.values), len(self.rolls)

    def restore(self, mark: tuple[list[int], int]) -> None:
        self.values[:] = mark[0]
        del self.rolls[mark[1]:]


class ScriptedDice(TableDice):
    """Table dice for scenario tests: the values are the script."""

    def __init__(self, *values: int) -> None:
        super().__init__(list(values))
