"""A player's own deck: draws fixed by the committed seed and the outside input."""

from __future__ import annotations

from collections import Counter

import pytest

from pbem.secrets import private_deck
from pbem.secrets.errors import SecretsError
from pbem.secrets.keys import GameKeys
from pbem.secrets.private_deck import Draw, GiveBack, PrivateDeck
from tests.secrets.sim import ANCHOR, identity

WU = GameKeys.derive(identity("wu"), ANCHOR, "wu")


def deck(size: int = 10) -> PrivateDeck:
    return PrivateDeck("wu", "generals", size, WU.private_deck_seed("generals"))


def test_draws_depend_on_the_outside_input_and_never_repeat_a_card() -> None:
    a = deck()
    _, first = a.draw(4, b"link 1")
    assert len(set(first.values())) == 4
    _, second = a.draw(6, b"link 2")
    assert sorted([*first.values(), *second.values()]) == list(range(10))
    with pytest.raises(SecretsError, match="wu's private deck generals: cannot draw 1"):
        a.draw(1, b"link 3")
    outcomes = {tuple(deck().draw(3, bytes([n]))[1].values()) for n in range(20)}
    assert len(outcomes) > 15


def test_each_card_is_drawn_about_equally_often() -> None:
    seen = Counter()
    for n in range(400):
        _, cards = deck(5).draw(1, n.to_bytes(2, "big"))
        seen.update(cards.values())
    assert set(seen) == set(range(5))
    assert min(seen.values()) > 50


def test_others_see_only_counts_and_commitments() -> None:
    a = deck()
    event, cards = a.draw(3, b"link")
    back = a.give_back([(0, 1)])
    assert private_deck.remaining(10, [event, back]) == 8
    assert len(event.commitments) == 3
    assert a.seed.hex() not in repr(event) + repr(back)
    shown = a.reveal((0, 0))
    private_deck.check_reveal(event.commitments[0], "wu", "generals", (0, 0), shown.card,
                              shown.salt)
    with pytest.raises(SecretsError, match="wu's private deck generals: the card shown"):
        private_deck.check_reveal(event.commitments[0], "wu", "generals", (0, 0),
                                  shown.card + 1, shown.salt)
    with pytest.raises(SecretsError, match="slot 0.1 is not held"):
        a.reveal((0, 1))
    assert cards[(0, 0)] == shown.card


def test_cards_given_back_can_be_drawn_again() -> None:
    a = deck(3)
    _, cards = a.draw(3, b"x")
    a.give_back([(0, 2)])
    _, again = a.draw(1, b"y")
    assert list(again.values()) == [cards[(0, 2)]]
    with pytest.raises(SecretsError, match="given back twice"):
        a.give_back([(0, 0), (0, 0)])


def test_the_audit_replays_the_history_and_names_the_owner() -> None:
    a = deck()
    events = [a.draw(3, b"one")[0], a.give_back([(0, 0), (0, 2)]), a.draw(2, b"two")[0]]
    final = private_deck.audit("wu", "generals", 10, a.commitment, a.seed, events)
    assert final.held == a.held
    wrong_seed = WU.private_deck_seed("other")
    with pytest.raises(SecretsError, match="opened seed does not match"):
        private_deck.audit("wu", "generals", 10, a.commitment, wrong_seed, events)
    forged = Draw(2, b"two", (events[2].commitments[1], events[2].commitments[0]))
    with pytest.raises(SecretsError, match="commitment of slot 1.0 is not the card"):
        private_deck.audit("wu", "generals", 10, a.commitment, a.seed, [*events[:2], forged])
    short = Draw(2, b"two", events[2].commitments[:1])
    with pytest.raises(SecretsError, match="1 commitments for 2 cards"):
        private_deck.audit("wu", "generals", 10, a.commitment, a.seed, [*events[:2], short])
    other_input = Draw(2, b"three", events[2].commitments)
    with pytest.raises(SecretsError, match="wu's private deck generals"):
        private_deck.audit("wu", "generals", 10, a.commitment, a.seed,
                           [*events[:2], other_input])
    with pytest.raises(SecretsError, match="slot 0.0 is not held"):
        private_deck.audit("wu", "generals", 10, a.commitment, a.seed,
                           [events[0], GiveBack(((0, 0),)), GiveBack(((0, 0),))])
