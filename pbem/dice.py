"""The only source of randomness in pbem: dice that no player can choose or foresee.

Every player commits, in the game's first saves, to a seed share and to the tip of a
hash chain, both derived from their key and the game (:func:`anchor`), so nobody can pick
them; each save reveals its writer's next link, a pre-image of the last one, which nobody
else can compute in advance. Three modes (docs/dice.md):

* **witnessed** (between players on different machines): a roll is made only after the
  player whose decision led to it has signed a *request* save, from the links that the
  other players reveal in their answers (:class:`ChainDice` keyed by :func:`witness_key`).
  Nobody can foresee or choose the result; a second request on the same position is a fork.
* **open** (hot-seat, or players who want the fewest messages): each roll is keyed by the
  latest links and by what it decides (:class:`OpenDice`), so splitting, padding or
  re-ordering a turn cannot change it; the mover sees their own dice while composing.
* **table**: physical dice typed in (:class:`TableDice`), marked as such everywhere.

Every roll is recorded with its purpose.
"""

from __future__ import annotations

import hashlib
import hmac
import struct
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from pbem.errors import NeedDice, NeedWitness
from pbem.signing import NS_DICE, PrivateKey

CHAIN_LENGTH = 4096
_SEED_TAG = b"pbem-seed/2"
_OPEN_TAG = b"pbem-open-dice/2"
_WITNESS_TAG = b"pbem-witnessed-dice/2"


def anchor(game: Mapping[str, Any], players: list[Mapping[str, Any]], salt: str) -> str:
    """What a player's secrets are derived from, besides their key: the game's fixed
    details, the keys of the players who founded it (:func:`pbem.absence.founders`: a
    seat handed over later changes nobody's anchor) and a random salt the player chose
    when joining (or creating) it, so two games never share a player's seed share or dice
    chain, even with the same id."""
    digest = hashlib.sha256(b"pbem-anchor/2")
    for part in (game["id"], game["kind"], game["created"],
                 *(p["key"] for p in players), salt):
        digest.update(b"|" + str(part).encode())
    return digest.hexdigest()


def _derive(key: PrivateKey, anchor_hex: str, role: str, purpose: str) -> bytes:
    """A secret only ``key`` can make, the same every time (Ed25519 is deterministic)."""
    signature = key.sign(f"{purpose}|{anchor_hex}|{role}".encode(), NS_DICE)
    return hashlib.sha256(signature.sig_blob).digest()


def seed_share(key: PrivateKey, anchor_hex: str, role: str) -> str:
    """This player's contribution to the game's seed (hex)."""
    return _derive(key, anchor_hex, role, "seed-share").hex()


def commit(share_hex: str) -> str:
    """The commitment to a seed share published before anyone reveals theirs."""
    return hashlib.sha256(b"pbem-seed-commit/1" + bytes.fromhex(share_hex)).hexdigest()


def game_seed(game_id: str, shares: Iterable[str]) -> str:
    """Combine every player's revealed share (in role order) into the game's seed."""
    digest = hashlib.sha256(_SEED_TAG + game_id.encode())
    for share in shares:
        digest.update(bytes.fromhex(share))
    return digest.hexdigest()


def chain_link(key: PrivateKey, anchor_hex: str, role: str, used: int) -> str:
    """The link that follows ``used`` earlier reveals; ``used=0`` is the committed tip."""
    if not 0 <= used <= CHAIN_LENGTH:
        raise ValueError(f"dice chain has only {CHAIN_LENGTH} links")
    return _chain(key.public.raw, key, anchor_hex, role)[CHAIN_LENGTH - used]


_CHAINS: dict[tuple[bytes, str, str], list[str]] = {}


def _chain(public: bytes, key: PrivateKey, anchor_hex: str, role: str) -> list[str]:
    """Every link of a player's chain, computed once per process (x0 ... tip)."""
    cache_key = (public, anchor_hex, role)
    links = _CHAINS.get(cache_key)
    if links is None:
        value = _derive(key, anchor_hex, role, "dice-chain")
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


def _links_message(tag: bytes, links: Mapping[str, str], roles: Iterable[str]) -> bytes:
    message = tag
    for role in roles:
        message += b"|" + role.encode() + b"=" + bytes.fromhex(links[role])
    return message


def open_key(seed_hex: str, links: Mapping[str, str], roles: Iterable[str]) -> bytes:
    """The HMAC key of one open-mode save's dice: the seed and every player's latest link."""
    return hmac.new(bytes.fromhex(seed_hex), _links_message(_OPEN_TAG, links, roles),
                    hashlib.sha256).digest()


def witness_key(seed_hex: str, request_sha256: str, actor_link: str,
                witness_links: Mapping[str, str], witnesses: Iterable[str]) -> bytes:
    """The HMAC key of a witnessed roll: the seed, the signed request, the link the actor
    revealed in it, and the links each witness revealed after it."""
    message = _links_message(_WITNESS_TAG + bytes.fromhex(request_sha256)
                             + bytes.fromhex(actor_link), witness_links, witnesses)
    return hmac.new(bytes.fromhex(seed_hex), message, hashlib.sha256).digest()


def _uniform(key: bytes, label: bytes, sides: int) -> int:
    """A value 1..sides from HMAC(key, label, attempt), by rejection sampling."""
    limit = (1 << 32) - ((1 << 32) % sides)
    attempt = 0
    while True:
        block = hmac.new(key, label + struct.pack(">I", attempt), hashlib.sha256).digest()
        for offset in range(0, 32, 4):
            (number,) = struct.unpack_from(">I", block, offset)
            if number < limit:
                return number % sides + 1
        attempt += 1


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
    """Dice drawn one after another from an HMAC key: draw ``i`` is fixed by the key.

    Used where every decision before the rolls is fixed before the key exists (the rolls
    of a witnessed request, and the random-legal self-play)."""

    key: bytes
    count: int = 0
    rolls: list[Roll] = field(default_factory=list)

    def draw(self, sides: int, purpose: str) -> int:
        if sides < 1:
            raise ValueError("a die needs at least one side")
        value = _uniform(self.key, struct.pack(">Q", self.count), sides)
        self.count += 1
        self.rolls.append(Roll(value, sides, purpose))
        return value

    def roll(self, purpose: str) -> int:
        return self.draw(6, purpose)

    def snapshot(self) -> tuple[int, int]:
        return self.count, len(self.rolls)

    def restore(self, mark: tuple[int, int]) -> None:
        self.count = mark[0]
        del self.rolls[mark[1]:]


@dataclass
class OpenDice:
    """Open-mode dice: each roll keyed by what it decides, not by when it is drawn.

    The label of a roll is the game's context (its turn and step, from
    ``GameModule.dice_context``), the roll's purpose and how many rolls of that same
    context and purpose came before it in this save. Optional actions, the order of
    independent actions and where saves end therefore cannot change a roll."""

    key: bytes
    context: Callable[[], str]
    seen: dict[str, int] = field(default_factory=dict)
    rolls: list[Roll] = field(default_factory=list)

    def draw(self, sides: int, purpose: str) -> int:
        if sides < 1:
            raise ValueError("a die needs at least one side")
        label = f"{self.context()}|{purpose}|{sides}"
        index = self.seen.get(label, 0)
        self.seen[label] = index + 1
        value = _uniform(self.key, f"{label}|{index}".encode() + b"\0", sides)
        self.rolls.append(Roll(value, sides, purpose))
        return value

    def roll(self, purpose: str) -> int:
        return self.draw(6, purpose)

    def snapshot(self) -> tuple[dict[str, int], int]:
        return dict(self.seen), len(self.rolls)

    def restore(self, mark: tuple[dict[str, int], int]) -> None:
        self.seen = dict(mark[0])
        del self.rolls[mark[1]:]


@dataclass
class WitnessDice:
    """What the mover's pbem has in a witnessed game: no dice at all. The first draw
    stops the action; it becomes a request that other players answer (docs/dice.md)."""

    rolls: list[Roll] = field(default_factory=list)

    def draw(self, sides: int, purpose: str) -> int:
        raise NeedWitness(purpose)

    def roll(self, purpose: str) -> int:
        raise NeedWitness(purpose)

    def snapshot(self) -> int:
        return 0

    def restore(self, mark: int) -> None:
        return None


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
