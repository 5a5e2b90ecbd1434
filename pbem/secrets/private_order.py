"""The committed order of a private deck, with a proof that it is an order of the deck.

Each card of the deck stands for a point (:func:`elgamal.card_point`); the deck in index
order, each card "encrypted" with randomness 1 under a key nobody holds (hashed into the
group, :func:`order_key`), is public: anyone can compute it. The owner permutes and
re-masks it, exactly as a shuffle step does, and publishes the result, position by
position, with the proof of shuffle (:mod:`shuffle_proof`). So every player checks at
once that the committed positions hold each card of the deck exactly once (an order with
the best card at every position is refused the moment it is committed), while nobody can
tell which card a position holds (the masks hide it). A position is opened by its total
randomness ``1 + mask``: anyone then checks which card it holds, and learns nothing of the
others.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Sequence

from pbem.secrets import group, shuffle_proof
from pbem.secrets.elgamal import Ciphertext, card_point, initial_deck, remask
from pbem.secrets.errors import SecretsError
from pbem.secrets.group import Point, Scalar
from pbem.secrets.shuffle_proof import ShuffleProof
from pbem.secrets.stream import RandomStream

ONE = group.scalar_from_int(1)


def order_key(owner: str, label: str) -> Point:
    """The key the order is masked under: hashed into the group, so nobody holds it."""
    return group.hash_to_point("pbem-private-order-key", owner, label)


def _deck_id(owner: str, label: str) -> str:
    return f"private:{owner}/{label}"


def public_deck(owner: str, label: str, size: int) -> list[Ciphertext]:
    """The deck in index order, as everyone computes it."""
    return initial_deck(_deck_id(owner, label), size, order_key(owner, label))


def plan(seed: bytes, label: str, size: int) -> tuple[list[int], list[Scalar]]:
    """The order (``order[p]``: the card at position ``p``) and the masks the seed makes."""
    stream = RandomStream(hmac.new(seed, group.frame("pbem-private-order", label),
                                   hashlib.sha256).digest(), "pbem-private-order")
    order = stream.permutation(size)
    return order, [stream.scalar() for _ in order]


def commit(owner: str, label: str, seed: bytes, order: Sequence[int],
           masks: Sequence[Scalar]) -> tuple[list[Ciphertext], ShuffleProof]:
    """The committed positions and the proof that they are an order of the deck."""
    key = order_key(owner, label)
    before = public_deck(owner, label, len(order))
    after = [remask(before[card], key, mask) for card, mask in zip(order, masks, strict=True)]
    proof = shuffle_proof.prove(before, after, key, order, masks, seed,
                                (owner, label, "private-order"))
    return after, proof


def check(owner: str, label: str, committed: Sequence[Ciphertext], proof: ShuffleProof
          ) -> None:
    """Refuse committed positions that are not an order of the deck (a card twice, a card
    left out, a point that is no card)."""
    key = order_key(owner, label)
    before = public_deck(owner, label, len(committed))
    if not shuffle_proof.check(proof, before, committed, key, (owner, label, "private-order")):
        raise SecretsError("the committed order is not an order of the deck's cards (its "
                           "proof does not hold)", f"private deck {label}", owner)


def opening(mask: Scalar) -> bytes:
    """What opens a position: its total randomness, ``1 + mask``."""
    return group.scalar_add(ONE, mask)


def check_opening(committed: Point, owner: str, label: str, position: int, card: int,
                  randomness: bytes) -> None:
    """Refuse a shown card that is not the one committed at its position. ``committed`` is
    the position's second point, all a game keeps once the proof has been checked: it
    binds the card (opening it as another card would need a discrete log between points
    hashed into the group), and it hides it."""
    where = f"private deck {label}"
    r = group.scalar(randomness, where, owner)
    made = group.add(card_point(_deck_id(owner, label), card),
                     group.mul(r, order_key(owner, label)))
    if made != committed:
        raise SecretsError(f"the card shown from position {position} is not the one "
                           "committed there", where, owner)
