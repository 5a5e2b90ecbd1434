"""Standing orders and the scenario format."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from pbem import strict_yaml
from pbem.errors import UsageError
from tests.games.three_kingdoms_redux.kit import MODULE, Game, position


def test_standing_orders_have_visible_defaults_and_can_be_changed() -> None:
    """The module lists each order with its values and default; a player changes them with
    the orders action, which is logged; bad names and values are refused."""
    orders = MODULE.standing_orders()
    assert {k: v[1] for k, v in orders.items()} == {"level12": "buy", "barter": "ask",
                                                     "benefit_order": "auto",
                                                     "trigger_order": "auto"}
    game = Game(position())
    assert game.view("wei")["orders"] == {"level12": "buy", "barter": "ask",
                                          "benefit_order": "auto", "trigger_order": "auto"}
    game.act("wei", {"do": "orders", "set": {"barter": "buy-horse", "level12": "never"}})
    assert game.state["orders"]["wei"]["barter"] == "buy-horse"
    assert "Wei changes standing orders: barter buy-horse, level12 never" in game.text()
    game.refuse("wei", {"do": "orders", "set": {"retreat": "never"}},
                match="unknown standing order")
    game.refuse("wei", {"do": "orders", "set": {"barter": "always"}},
                match="standing order barter takes")


def test_benefit_order_ask_puts_the_question_to_the_owner() -> None:
    """With benefit_order ask, a state with two benefits is asked for their order."""
    state: dict[str, Any] = {"generals": [{"id": "zhang-liao", "recruited": 1}],
                             "built": ["salt-works"]}
    game = Game(position(round=7, wei=state, orders={"wei": {"benefit_order": "ask"}}))
    game.finish_bidding()
    assert game.prompt().role == "wei" and game.prompt().step == "benefits"
    auto = Game(position(round=7, wei=state))
    auto.finish_bidding()
    assert auto.st("wei")["gold"] == 3 + 2


@pytest.mark.parametrize(("scenario", "message"), [
    ({"weather": 1}, "scenario field weather: not a scenario field"),
    ({"round": 13}, "scenario field round: must be a whole number from 1 to 12"),
    ({"states": {"han": {}}}, "scenario field states.han: is not a state"),
    ({"states": {"wei": {"generals": ["sun-ce"]}}},
     "scenario field states.wei.generals[0]: 'sun-ce' is not a general of wei"),
    ({"states": {"wu": {"hand": ["dragon-gate"]}}},
     "scenario field states.wu.hand[0]: unknown card 'dragon-gate'"),
    ({"states": {"wu": {"hand": ["stable"]}, "shu": {"hand": ["stable"]}}},
     "scenario field states.shu.hand[0]: 'stable' is not (or no longer) in that deck"),
    ({"start": "battle"}, "scenario field start: is one of setup, round"),
    ({"alliance": {"space": "win-popular-support"}},
     "scenario field alliance.space: 'win-popular-support' cannot be the alliance space"),
    ({"states": {"wei": {"farm": {"level": 1, "space": 2}}}},
     "scenario field states.wei.farm: more developed tokens than the level"),
])
def test_bad_scenarios_are_refused_in_one_line(scenario: dict[str, Any], message: str) -> None:
    """Each mistake is a one-line usage error naming the field."""
    with pytest.raises(UsageError) as info:
        MODULE.setup(MODULE.options(3, {}), scenario)
    assert message in info.value.line() and "\n" not in info.value.line()


def test_a_scenario_sets_hands_generals_and_deck_order() -> None:
    """Hands and generals given by a scenario are held as the game's own (hidden unless
    the scenario says public), and named cards go on top of a deck."""
    game = Game(position(wu={"hand": ["harbor"], "generals": [{"id": "lu-su", "hidden": True},
                                                              "lu-fan"]},
                         decks={"separation": ["watchtower"]}))
    assert game.hand("wu") == ["harbor"]
    assert game.general("wu", "lu-su")["card"] is None
    assert game.general("wu", "lu-fan")["card"] == "lu-fan"
    assert game.state["secrets"]["decks"]["separation"][0] == "watchtower"
    assert game.state["decks"] == {"unification": 20, "separation": 21}


def test_orders_outside_a_players_turn_are_checked_like_any_action() -> None:
    """An orders action with extra arguments is refused."""
    game = Game(position())
    game.refuse("wei", {"do": "orders", "set": {"barter": "never"}, "x": 1},
                match="orders take only")


def test_the_documented_scenario_loads() -> None:
    """The example in docs/redux-scenarios.md is a valid scenario that does what it says."""
    doc = (Path(__file__).resolve().parents[3] / "docs" / "redux-scenarios.md").read_text(
        encoding="utf-8")
    block = re.search(r"```yaml\n(.*?)```", doc, re.S)
    assert block is not None
    game = Game(strict_yaml.load(block.group(1), "redux-scenarios.md"))
    assert game.prompt().role == "wu" and game.state["round"] == 9
    assert game.general("wei", "cao-ren")["at"] == "stationed"
    assert game.st("wei")["bid_tokens"] == 0 and game.hand("shu") == ["harbor", "spear-armory"]
    assert game.general("wei", "sima-yi")["card"] is None
