"""A player's own hidden deck, which its owner can neither foresee nor stack.

At creation the owner commits to the deck's seed (derived from their private-deck master,
:meth:`GameKeys.private_deck_seed`). Each draw mixes that seed with an *outside input*
fixed after the commitment and unknown to the owner until the draw (another player's next
hash-chain link, as for witnessed dice), and picks the cards uniformly from what is left
(rejection sampling). The owner learns the cards; everyone else sees how many were drawn
and a salted commitment to each, so a later reveal of one card is bound at once. Cards
given back return to the deck unseen (their slots are public, their faces are not). At the
audit the opened seed replays the whole history: a wrong commitment names the owner.

A card is known by its *slot* ``(draw number, position in that draw)``; cards are the
deck's indices ``0 .. size-1`` (the caller maps them to card ids).
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from pbem.secrets import group
from pbem.secrets.errors import SecretsError
from pbem.secrets.stream import RandomStream

Slot = tuple[int, int]


def seed_commitment(owner: str, label: str, seed: bytes) -> bytes:
    """The commitment to a private deck's seed, published when the deck is made."""
    return group.digest("pbem-private-deck-seed", owner, label, seed)


def card_commitment(owner: str, label: str, slot: Slot, card: int, salt: bytes) -> bytes:
    """The commitment to the card drawn into ``slot``."""
    return group.digest("pbem-private-card", owner, label, slot[0], slot[1], card, salt)


def check_reveal(commitment: bytes, owner: str, label: str, slot: Slot, card: int,
                 salt: bytes) -> None:
    """Refuse a revealed card that does not match the commitment made when it was drawn."""
    if not hmac.compare_digest(card_commitment(owner, label, slot, card, salt), commitment):
        raise SecretsError(f"the card shown for slot {slot[0]}.{slot[1]} is not the one drawn",
                           f"private deck {label}", owner)


@dataclass(frozen=True)
class Draw:
    """A public draw event: how many cards, the outside input, a commitment per card."""

    count: int
    outside: bytes
    commitments: tuple[bytes, ...]


@dataclass(frozen=True)
class GiveBack:
    """A public event: the cards in these slots go back into the deck, unseen."""

    slots: tuple[Slot, ...]


Event = Draw | GiveBack


@dataclass(frozen=True)
class CardReveal:
    """What the owner shows to prove which card a slot holds."""

    slot: Slot
    card: int
    salt: bytes


class PrivateDeck:
    """The owner's view of a private deck: the cards left and the cards held, by slot.

    Everything follows from the seed and the public events, so the owner's pbem rebuilds
    it from the save (:meth:`replay`) and the audit does the same with the opened seed.
    """

    def __init__(self, owner: str, label: str, size: int, seed: bytes) -> None:
        if size < 0:
            raise ValueError("a deck cannot hold fewer than no cards")
        self.owner = owner
        self.label = label
        self.seed = seed
        self.pool = list(range(size))
        self.held: dict[Slot, int] = {}
        self.draws = 0

    @property
    def commitment(self) -> bytes:
        return seed_commitment(self.owner, self.label, self.seed)

    def salt(self, slot: Slot) -> bytes:
        """The salt of a slot's commitment (derived from the seed: nothing is stored)."""
        return hmac.new(self.seed, group.frame("pbem-private-card-salt", self.label, *slot),
                        hashlib.sha256).digest()

    def _pick(self, count: int, outside: bytes) -> list[int]:
        if not 0 <= count <= len(self.pool):
            raise SecretsError(f"cannot draw {count} of the {len(self.pool)} cards left",
                               f"private deck {self.label}", self.owner)
        stream = RandomStream(self.seed, "pbem-private-draw", self.label, self.draws, outside)
        return [self.pool.pop(stream.below(len(self.pool))) for _ in range(count)]

    def draw(self, count: int, outside: bytes) -> tuple[Draw, dict[Slot, int]]:
        """Draw ``count`` cards: the public event and the cards, by slot, for the owner."""
        number = self.draws
        cards = self._pick(count, outside)
        self.draws += 1
        slots = {(number, j): card for j, card in enumerate(cards)}
        self.held.update(slots)
        commitments = tuple(card_commitment(self.owner, self.label, slot, card, self.salt(slot))
                            for slot, card in slots.items())
        return Draw(count, outside, commitments), slots

    def give_back(self, slots: Iterable[Slot]) -> GiveBack:
        """Return held cards to the deck (the event others see names only slots)."""
        chosen = tuple(slots)
        if len(set(chosen)) != len(chosen):
            raise SecretsError("a slot is given back twice", f"private deck {self.label}",
                               self.owner)
        for slot in chosen:
            if slot not in self.held:
                raise SecretsError(f"slot {slot[0]}.{slot[1]} is not held",
                                   f"private deck {self.label}", self.owner)
        for slot in chosen:
            self.pool.append(self.held.pop(slot))
        self.pool.sort()
        return GiveBack(chosen)

    def reveal(self, slot: Slot) -> CardReveal:
        """The opening of one held card's commitment."""
        if slot not in self.held:
            raise SecretsError(f"slot {slot[0]}.{slot[1]} is not held",
                               f"private deck {self.label}", self.owner)
        return CardReveal(slot, self.held[slot], self.salt(slot))

    def replay(self, events: Sequence[Event]) -> None:
        """Apply published events, checking each draw's commitments against the seed."""
        for event in events:
            if isinstance(event, GiveBack):
                self.give_back(event.slots)
                continue
            expected, _ = self.draw(event.count, event.outside)
            if len(event.commitments) != event.count:
                raise SecretsError(f"draw {self.draws - 1} has {len(event.commitments)} "
                                   f"commitments for {event.count} cards",
                                   f"private deck {self.label}", self.owner)
            for j, (mine, theirs) in enumerate(zip(expected.commitments, event.commitments,
                                                   strict=True)):
                if not hmac.compare_digest(mine, theirs):
                    raise SecretsError(f"the commitment of slot {self.draws - 1}.{j} is not "
                                       "the card the seed draws",
                                       f"private deck {self.label}", self.owner)


def remaining(size: int, events: Iterable[Event]) -> int:
    """How many cards the deck holds: all anyone but the owner knows of it."""
    left = size
    for event in events:
        left += len(event.slots) if isinstance(event, GiveBack) else -event.count
    return left


def audit(owner: str, label: str, size: int, commitment: bytes, seed: bytes,
          events: Sequence[Event]) -> PrivateDeck:
    """Re-check a private deck's whole history with its opened seed; return the final
    deck, or raise naming the owner."""
    if not hmac.compare_digest(seed_commitment(owner, label, seed), commitment):
        raise SecretsError("the opened seed does not match its commitment",
                           f"private deck {label}", owner)
    deck = PrivateDeck(owner, label, size, seed)
    deck.replay(events)
    return deck
