"""Cards as group elements, ElGamal-masked under the players' joint key.

* Card ``i`` of deck ``D`` is the point ``M = hash_to_point("pbem-card", D, i)``; a
  :class:`CardTable` turns a decrypted point back into ``i`` by lookup.
* A ciphertext is ``(c1, c2) = (r·G, M + r·Y)`` with ``Y = Σ Y_i``. The public initial
  deck uses ``r = 1``, so anyone can recompute it; shuffles re-mask (add ``(s·G, s·Y)``).
* Player ``i``'s decryption share of a ciphertext is ``d_i = x_i·c1`` with a Chaum–Pedersen
  proof that it uses the same ``x_i`` as ``Y_i``, checked at once by whoever receives it.
  ``M = c2 - Σ d_i``: a card is opened to one player when every other player has released
  a share (that player adds their own privately), and to all when the holder publishes
  theirs too.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from pbem.secrets import group, proofs, records
from pbem.secrets.errors import SecretsError
from pbem.secrets.group import Point, Scalar
from pbem.secrets.keys import Anchors, GameKeys, PublicKeys, anchor_of
from pbem.secrets.proofs import Proof

SHARE_PROOF = "pbem-decryption-share"


@dataclass(frozen=True)
class Ciphertext:
    """An ElGamal ciphertext ``(c1, c2)``; its record is one 128-character hex string."""

    c1: Point
    c2: Point

    def record(self) -> str:
        return self.c1.hex() + self.c2.hex()

    @classmethod
    def from_record(cls, value: Any, field: str, player: str | None = None) -> Ciphertext:
        if not isinstance(value, str) or len(value) != 128:
            raise SecretsError("a ciphertext is 128 hex characters", field, player)
        try:
            data = bytes.fromhex(value)
        except ValueError:
            raise SecretsError("a ciphertext is 128 hex characters", field, player) from None
        return cls(group.point(data[:32], field, player), group.point(data[32:], field, player))


@functools.lru_cache(maxsize=4096)
def card_point(deck_id: str, index: int) -> Point:
    """The group element that stands for card ``index`` of deck ``deck_id`` (a hash into
    the group, kept: every reading of a card builds its deck's table)."""
    return group.hash_to_point("pbem-card", deck_id, index)


class CardTable:
    """Decodes a decrypted point of one deck back to its card index."""

    def __init__(self, deck_id: str, size: int) -> None:
        self.deck_id = deck_id
        self.points = [card_point(deck_id, index) for index in range(size)]
        self._index = {p: index for index, p in enumerate(self.points)}

    def decode(self, value: Point) -> int:
        """The card index of ``value``; a point that is no card of this deck is refused."""
        index = self._index.get(value)
        if index is None:
            raise SecretsError("the opened card is not a card of this deck",
                               f"deck {self.deck_id}")
        return index


def encrypt_public(message: Point, joint: Point) -> Ciphertext:
    """The public encryption of a known point (``r = 1``): anyone can recompute it."""
    return Ciphertext(group.GENERATOR, group.add(message, joint))


def initial_deck(deck_id: str, size: int, joint: Point) -> list[Ciphertext]:
    """Every card of a deck in index order, publicly encrypted under the joint key."""
    return [encrypt_public(card_point(deck_id, index), joint) for index in range(size)]


def remask(ct: Ciphertext, joint: Point, mask: Scalar) -> Ciphertext:
    """The same card under fresh randomness: ``(c1 + s·G, c2 + s·Y)``."""
    return Ciphertext(group.add(ct.c1, group.base_mul(mask)),
                      group.add(ct.c2, group.mul(mask, joint)))


# ------------------------------------------------------------------ decryption shares

@dataclass(frozen=True)
class Share:
    """Player ``role``'s decryption share ``d = x·c1`` of one ciphertext, with its proof."""

    role: str
    d: Point
    proof: Proof

    def record(self) -> dict[str, Any]:
        return {"d": self.d.hex(), "proof": self.proof.record()}

    @classmethod
    def from_record(cls, record: Any, role: str) -> Share:
        proof = Proof.from_record(records.entry(record, "proof", "share", role),
                                  "share proof", role)
        return cls(role, records.point(record, "d", "share", role), proof)


def _pairs(public: Point, ct: Ciphertext, d: Point) -> list[tuple[Point, Point]]:
    return [(group.GENERATOR, public), (ct.c1, d)]


def make_share(keys: GameKeys, ct: Ciphertext) -> Share:
    """This player's share of ``ct`` and the proof that it uses their own key."""
    d = group.mul(keys.x, ct.c1)
    proof = proofs.prove(keys.x, _pairs(keys.elgamal, ct, d), SHARE_PROOF,
                         keys.anchor, keys.role, ct.c2)
    return Share(keys.role, d, proof)


def check_share(share: Share, public: PublicKeys, ct: Ciphertext, anchor: bytes) -> None:
    """Refuse a share whose proof fails, naming the player who released it."""
    if share.role != public.role:
        raise SecretsError(f"the share is checked against {public.role}'s key", "share",
                           share.role)
    group.point(share.d, "share", share.role)
    if not proofs.check(share.proof, _pairs(public.elgamal, ct, share.d), SHARE_PROOF,
                        anchor, share.role, ct.c2):
        raise SecretsError("the proof does not match the share", "share", share.role)


def check_shares(ct: Ciphertext, shares: Iterable[Share], publics: Mapping[str, PublicKeys],
                 anchor: Anchors, expected: Iterable[str]) -> list[Point]:
    """Check one share from each role in ``expected`` (no more, no fewer); their points."""
    by_role: dict[str, Share] = {}
    for share in shares:
        if share.role in by_role:
            raise SecretsError("two shares for one card", "share", share.role)
        by_role[share.role] = share
    wanted = sorted(expected)
    missing = [role for role in wanted if role not in by_role]
    if missing:
        raise SecretsError("no share released", "share", missing[0])
    for role in sorted(by_role):
        if role not in wanted:
            raise SecretsError("a share nobody asked for", "share", role)
        if role not in publics:
            raise SecretsError("no published key for this player", "share", role)
        check_share(by_role[role], publics[role], ct, anchor_of(anchor, role))
    return [by_role[role].d for role in wanted]


def unmask(ct: Ciphertext, ds: list[Point]) -> Point:
    """``c2 - Σ d_i``: the card's point once every player's share is in."""
    result = ct.c2
    for d in ds:
        result = group.sub(result, d)
    return result


def open_private(ct: Ciphertext, shares: Iterable[Share], publics: Mapping[str, PublicKeys],
                 keys: GameKeys, table: CardTable, anchors: Anchors | None = None) -> int:
    """The card, for the one player who holds it: the others' shares (each checked) plus
    this player's own, computed here and never published."""
    others = [role for role in publics if role != keys.role]
    ds = check_shares(ct, shares, publics, keys.anchor if anchors is None else anchors, others)
    ds.append(group.mul(keys.x, ct.c1))
    return table.decode(unmask(ct, ds))


def open_public(ct: Ciphertext, shares: Iterable[Share], publics: Mapping[str, PublicKeys],
                anchor: Anchors, table: CardTable) -> int:
    """The card, for everyone: one checked share from every player."""
    ds = check_shares(ct, shares, publics, anchor, list(publics))
    return table.decode(unmask(ct, ds))
