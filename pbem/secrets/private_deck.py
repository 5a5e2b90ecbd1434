"""A player's own hidden deck, which its owner can neither choose from nor stack.

When the deck is made the owner publishes a commitment to its seed (derived from their
private-deck master, :meth:`GameKeys.private_deck_seed`) and a commitment to each
*position* of the deck: the seed fixes an order of the cards (:func:`order`), and position
``i`` is committed as ``H(owner, label, i, card, salt_i)``. Everyone sees the commitments,
nobody but the owner the cards.

Each draw takes its positions from the positions still in the deck by an *outside input*
alone (another player's next hash-chain link, or the turn's dice, fixed after the
commitments): anyone computes which positions a draw took (:class:`Positions`), so the
owner cannot pick one. Whatever order the owner committed to, a position chosen at random
holds a random card of the deck. A card shown later opens its position's commitment and is
checked at once; the same card shown from two positions of one deck (an order with a card
twice) is refused at once too. Cards given back return their positions to the deck
unseen. At the audit the opened seed re-makes the order and its commitments: an order
other than the seed's names the owner.

A card is known by its *slot* ``(draw number, place in that draw)``; cards are the deck's
indices ``0 .. size-1`` (the caller maps them to card ids).
"""

from __future__ import annotations

import hmac
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from pbem.secrets import group, private_order
from pbem.secrets.elgamal import Ciphertext
from pbem.secrets.errors import SecretsError
from pbem.secrets.shuffle_proof import ShuffleProof
from pbem.secrets.stream import RandomStream

Slot = tuple[int, int]


def seed_commitment(owner: str, label: str, seed: bytes) -> bytes:
    """The commitment to a private deck's seed, published when the deck is made."""
    return group.digest("pbem-private-deck-seed", owner, label, seed)


def order(seed: bytes, label: str, size: int) -> list[int]:
    """The order of the cards the seed makes: ``order[i]`` is the card at position ``i``."""
    return private_order.plan(seed, label, size)[0]


def masks(seed: bytes, label: str, size: int) -> list[group.Scalar]:
    """The masks that hide each position's card (from the seed: nothing is stored)."""
    return private_order.plan(seed, label, size)[1]


def order_commitments(owner: str, label: str, seed: bytes, cards: Sequence[int]
                      ) -> tuple[tuple[bytes, ...], dict[str, object]]:
    """The commitments to an order of the cards, one per position (each a masked card,
    :mod:`private_order`), and the proof that they hold every card of the deck once."""
    committed, proof = private_order.commit(owner, label, seed, cards,
                                            masks(seed, label, len(cards)))
    return tuple(c.c1 + c.c2 for c in committed), proof.record()


def check_order(owner: str, label: str, commitments: Sequence[bytes], proof: object) -> None:
    """Refuse a committed order that is not an order of the deck's cards (on arrival)."""
    field = f"private deck {label}"
    cards = [Ciphertext(group.point(c[:32], field, owner), group.point(c[32:], field, owner))
             for c in commitments]
    private_order.check(owner, label, cards,
                        ShuffleProof.from_record(proof, len(cards), field, owner))


def kept(commitment: bytes) -> bytes:
    """What a game keeps of a position's commitment once its proof is checked: its second
    point (:func:`private_order.check_opening` says why that is enough)."""
    return commitment[32:]


_OPENED: set[tuple[bytes, str, str, int, int, bytes]] = set()  # reveals that held
_OPENED_MOST = 65536


def check_reveal(commitment: bytes, owner: str, label: str, position: int, card: int,
                 salt: bytes) -> None:
    """Refuse a shown card that is not the one committed at its position (``commitment``:
    as kept, :func:`kept`; ``salt``: the position's opening, :func:`private_order.opening`).
    A reveal that held once holds again: every later save re-checks the cards shown before
    it, so what held is remembered (by every value the check reads)."""
    checked = (commitment, owner, label, position, card, salt)
    if checked in _OPENED:
        return
    field = f"private deck {label}"
    private_order.check_opening(group.point(commitment, field, owner), owner, label,
                                position, card, salt)
    if len(_OPENED) >= _OPENED_MOST:
        _OPENED.clear()
    _OPENED.add(checked)


def check_not_shown_twice(shown: Mapping[Slot, Hashable], positions: Mapping[Slot, int],
                          owner: str, label: str) -> None:
    """Refuse one card shown from two positions of the deck (slot -> card shown, as an
    index or as the caller's card id)."""
    seen: dict[Hashable, int] = {}
    for slot, card in shown.items():
        where = positions[slot]
        if seen.setdefault(card, where) != where:
            raise SecretsError(f"card {card} is shown a second time (positions {seen[card]} "
                               f"and {where})", f"private deck {label}", owner)


@dataclass(frozen=True)
class Draw:
    """A public draw event: how many cards, and the outside input that picks them."""

    count: int
    outside: bytes


@dataclass(frozen=True)
class GiveBack:
    """A public event: the cards in these slots go back into the deck, unseen."""

    slots: tuple[Slot, ...]


Event = Draw | GiveBack


@dataclass(frozen=True)
class CardReveal:
    """What the owner shows to prove which card a slot holds."""

    slot: Slot
    position: int
    card: int
    salt: bytes


class Positions:
    """The public side of a deck: which positions are left, and where each slot came from.

    Everyone rebuilds it from the events; the owner's :class:`PrivateDeck` uses the same."""

    def __init__(self, owner: str, label: str, size: int) -> None:
        if size < 0:
            raise ValueError("a deck cannot hold fewer than no cards")
        self.owner = owner
        self.label = label
        self.left = list(range(size))
        self.held: dict[Slot, int] = {}
        self.taken: dict[Slot, int] = {}  # every slot ever drawn, given back or not
        self.draws = 0

    def _fault(self, text: str) -> SecretsError:
        return SecretsError(text, f"private deck {self.label}", self.owner)

    def draw(self, count: int, outside: bytes) -> dict[Slot, int]:
        """The positions a draw takes (slot -> position), fixed by the outside input."""
        if not 0 <= count <= len(self.left):
            raise self._fault(f"cannot draw {count} of the {len(self.left)} cards left")
        stream = RandomStream(outside, "pbem-private-draw", self.label, self.draws)
        slots = {(self.draws, j): self.left.pop(stream.below(len(self.left)))
                 for j in range(count)}
        self.draws += 1
        self.held.update(slots)
        self.taken.update(slots)
        return slots

    def give_back(self, slots: Iterable[Slot]) -> tuple[Slot, ...]:
        """Return held slots' positions to the deck."""
        chosen = tuple(slots)
        if len(set(chosen)) != len(chosen):
            raise self._fault("a slot is given back twice")
        for slot in chosen:
            if slot not in self.held:
                raise self._fault(f"slot {slot[0]}.{slot[1]} is not held")
        for slot in chosen:
            self.left.append(self.held.pop(slot))
        self.left.sort()
        return chosen

    def replay(self, events: Sequence[Event]) -> Positions:
        for event in events:
            if isinstance(event, GiveBack):
                self.give_back(event.slots)
            else:
                self.draw(event.count, event.outside)
        return self


class PrivateDeck:
    """The owner's view of a private deck: the order, and the cards held, by slot.

    Everything follows from the seed and the public events, so the owner's pbem rebuilds
    it from the save (:meth:`replay`) and the audit does the same with the opened seed.
    """

    def __init__(self, owner: str, label: str, size: int, seed: bytes) -> None:
        self.owner = owner
        self.label = label
        self.seed = seed
        self.order = order(seed, label, size)
        self.masks = masks(seed, label, size)
        self.positions = Positions(owner, label, size)

    @property
    def commitment(self) -> bytes:
        return seed_commitment(self.owner, self.label, self.seed)

    def order_commitments(self) -> tuple[tuple[bytes, ...], dict[str, object]]:
        """The committed positions and their proof."""
        return order_commitments(self.owner, self.label, self.seed, self.order)

    @property
    def held(self) -> dict[Slot, int]:
        """The cards held, by slot."""
        return {slot: self.order[p] for slot, p in self.positions.held.items()}

    @property
    def pool(self) -> list[int]:
        """The cards left in the deck (in position order)."""
        return [self.order[p] for p in self.positions.left]

    def draw(self, count: int, outside: bytes) -> tuple[Draw, dict[Slot, int]]:
        """Draw ``count`` cards: the public event and the cards, by slot, for the owner."""
        slots = self.positions.draw(count, outside)
        return Draw(count, outside), {slot: self.order[p] for slot, p in slots.items()}

    def give_back(self, slots: Iterable[Slot]) -> GiveBack:
        """Return held cards to the deck (the event others see names only slots)."""
        return GiveBack(self.positions.give_back(slots))

    def reveal(self, slot: Slot) -> CardReveal:
        """The opening of one held card's position commitment."""
        position = self.positions.held.get(slot)
        if position is None:
            raise SecretsError(f"slot {slot[0]}.{slot[1]} is not held",
                               f"private deck {self.label}", self.owner)
        return CardReveal(slot, position, self.order[position],
                          private_order.opening(self.masks[position]))

    def replay(self, events: Sequence[Event]) -> None:
        """Apply published events."""
        self.positions.replay(events)


def remaining(size: int, events: Iterable[Event]) -> int:
    """How many cards the deck holds: all anyone but the owner knows of it."""
    left = size
    for event in events:
        left += len(event.slots) if isinstance(event, GiveBack) else -event.count
    return left


def audit(owner: str, label: str, size: int, commitment: bytes,
          committed_order: Sequence[bytes], seed: bytes,
          events: Sequence[Event]) -> PrivateDeck:
    """Re-check a private deck's whole history with its opened seed; return the final
    deck, or raise naming the owner."""
    if not hmac.compare_digest(seed_commitment(owner, label, seed), commitment):
        raise SecretsError("the opened seed does not match its commitment",
                           f"private deck {label}", owner)
    deck = PrivateDeck(owner, label, size, seed)
    made = tuple(kept(c) for c in deck.order_commitments()[0])
    if len(committed_order) != len(made) or not all(
            hmac.compare_digest(a, b) for a, b in zip(made, committed_order, strict=False)):
        raise SecretsError("the committed order of the cards is not the one the seed makes",
                           f"private deck {label}", owner)
    deck.replay(events)
    return deck
