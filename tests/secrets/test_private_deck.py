"""A player's own deck: an order fixed by the committed seed, positions drawn by the outside
input alone."""

from __future__ import annotations

from collections import Counter

import pytest

from pbem.secrets import private_deck
from pbem.secrets.errors import SecretsError
from pbem.secrets.keys import GameKeys
from pbem.secrets.private_deck import GiveBack, PrivateDeck
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


def test_others_see_only_counts_positions_and_commitments() -> None:
    """The draw event holds the count and the outside input; anyone follows which positions
    it took, and a shown card opens its position's commitment."""
    a = deck()
    event, cards = a.draw(3, b"link")
    back = a.give_back([(0, 1)])
    assert private_deck.remaining(10, [event, back]) == 8
    assert a.seed.hex() not in repr(event) + repr(back)
    public = private_deck.Positions("wu", "generals", 10).replay([event, back])
    assert public.taken == a.positions.taken and public.held == a.positions.held
    order = tuple(private_deck.kept(c) for c in a.order_commitments()[0])
    assert len(set(order)) == 10
    shown = a.reveal((0, 0))
    assert shown.position == public.taken[(0, 0)] and cards[(0, 0)] == shown.card
    private_deck.check_reveal(order[shown.position], "wu", "generals", shown.position,
                              shown.card, shown.salt)
    with pytest.raises(SecretsError, match="wu's private deck generals: the card shown"):
        private_deck.check_reveal(order[shown.position], "wu", "generals", shown.position,
                                  (shown.card + 1) % 10, shown.salt)
    with pytest.raises(SecretsError, match="the card shown from position"):
        other = (shown.position + 1) % 10
        private_deck.check_reveal(order[other], "wu", "generals", other, shown.card,
                                  shown.salt)
    with pytest.raises(SecretsError, match="slot 0.1 is not held"):
        a.reveal((0, 1))


def test_the_positions_drawn_do_not_depend_on_the_seed() -> None:
    """Two owners, two seeds, one outside input: the same positions, so no owner can steer
    which position a draw takes."""
    other = PrivateDeck("wu", "generals", 10, WU.private_deck_seed("elsewhere"))
    mine = deck()
    mine.draw(4, b"input")
    other.draw(4, b"input")
    assert mine.positions.taken == other.positions.taken
    assert mine.order != other.order


def test_one_card_shown_from_two_positions_is_refused() -> None:
    positions = {(0, 0): 3, (1, 0): 5}
    private_deck.check_not_shown_twice({(0, 0): 2, (1, 0): 4}, positions, "wu", "generals")
    with pytest.raises(SecretsError, match="card 2 is shown a second time"):
        private_deck.check_not_shown_twice({(0, 0): 2, (1, 0): 2}, positions, "wu",
                                           "generals")


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
    order = tuple(private_deck.kept(c) for c in a.order_commitments()[0])
    events = [a.draw(3, b"one")[0], a.give_back([(0, 0), (0, 2)]), a.draw(2, b"two")[0]]
    final = private_deck.audit("wu", "generals", 10, a.commitment, order, a.seed, events)
    assert final.held == a.held
    wrong_seed = WU.private_deck_seed("other")
    with pytest.raises(SecretsError, match="opened seed does not match"):
        private_deck.audit("wu", "generals", 10, a.commitment, order, wrong_seed, events)
    stacked = (order[1], order[0], *order[2:])
    with pytest.raises(SecretsError, match="committed order of the cards is not the one"):
        private_deck.audit("wu", "generals", 10, a.commitment, stacked, a.seed, events)
    with pytest.raises(SecretsError, match="committed order"):
        private_deck.audit("wu", "generals", 10, a.commitment, order[:9], a.seed, events)
    with pytest.raises(SecretsError, match="slot 0.0 is not held"):
        private_deck.audit("wu", "generals", 10, a.commitment, order, a.seed,
                           [events[0], GiveBack(((0, 0),)), GiveBack(((0, 0),))])
