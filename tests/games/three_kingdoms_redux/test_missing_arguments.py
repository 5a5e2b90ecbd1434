"""A choice with several answers and none named is refused, listing them; with one answer
that answer is taken (pbem/arguments.py reads the offer's ``required`` parameters)."""

from __future__ import annotations

import pytest

from pbem.engine import complete_action
from pbem.errors import IllegalAction
from tests.games.three_kingdoms_redux.kit import Game, position


def won(space: str, general: str = "jia-xu", **wei: object) -> Game:
    game = Game(position(wei={"generals": [general], **wei}))
    game.bid("wei", space, general)
    game.finish_bidding()
    game.take("wei", space)
    return game


def test_construct_names_its_card_when_the_hand_holds_several() -> None:
    game = won("construct", gold=5, hand=["tax-modification-system", "spear-armory"])
    with pytest.raises(IllegalAction) as refusal:
        complete_action(game.prompt(), {"do": "construct"})
    assert refusal.value.message.startswith("add 'card'")
    for card in ("tax-modification-system", "spear-armory"):
        assert game.handle("wei", card) in refusal.value.message

    single = won("construct", gold=5, hand=["spear-armory"])
    action = complete_action(single.prompt(), {"do": "construct"})
    assert action["card"] == single.handle("wei", "spear-armory")


def test_showing_a_hidden_general_names_him_when_there_are_several() -> None:
    two = Game(position(wei={"generals": [{"id": "jia-xu", "hidden": True},
                                          {"id": "xu-chu", "hidden": True}]}))
    offered = [o.value for s in two.prompt().actions if s.verb == "show"
               for p in s.params for o in p.options]
    assert len(offered) == 2
    with pytest.raises(IllegalAction) as refusal:
        complete_action(two.prompt(), {"do": "show"})
    assert refusal.value.message.startswith("add 'general'")
    assert all(handle in refusal.value.message for handle in offered)
    one = Game(position(wei={"generals": [{"id": "jia-xu", "hidden": True}]}))
    (only,) = [o.value for s in one.prompt().actions if s.verb == "show"
               for p in s.params for o in p.options]
    assert complete_action(one.prompt(), {"do": "show"})["general"] == only


def test_a_bid_always_names_its_general() -> None:
    game = Game(position(wei={"generals": ["jia-xu"]}))
    with pytest.raises(IllegalAction) as refusal:
        complete_action(game.prompt(), {"do": "bid", "space": "trade"})
    assert refusal.value.message.startswith("add 'general'")
    assert "jia-xu" in refusal.value.message


def test_the_han_emperor_space_takes_its_only_bidder_as_the_general_left() -> None:
    game = won("control-han-emperor", gold=1)
    assert complete_action(game.prompt(), {"do": "promote"})["leave"] == "jia-xu"
