"""Battle plans checked as they are given (notes 48): every choice a plan makes is one the
battle can follow; anything else is refused with its rule, and nothing changes."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from pbem.errors import IllegalAction
from pbem.games.chronicles.board import Board
from pbem.games.chronicles.rules import muster
from tests.games.chronicles import kit

FIVE = ["cao-cao", "sun-ce", "liu-biao", "yuan-shao", "liu-bei"]


def board() -> Board:
    return kit.board(kit.position(leaders=FIVE))


def refused(plan: dict[str, Any], rule: str) -> str:
    b = board()
    before = copy.deepcopy(b.s)
    with pytest.raises(IllegalAction) as err:
        muster.check_muster(b, "cao-cao", {"plans": [{"area": "xia-pi", **plan}]})
    assert err.value.rule == rule
    assert b.s == before
    return err.value.message


@pytest.mark.rule("chronicles:s10.3.1.choice")
def test_a_plan_the_battle_can_follow_is_taken() -> None:
    """Every kind of choice at once: the first decision, a retreat rule, a loss order and
    named roles; the battle reads each of them."""
    b = board()
    for retreat in ("never", "below 1:2", "after 3 rounds", "lost 4 units"):
        muster.check_muster(b, "cao-cao", {"plans": [
            {"area": "xia-pi", "first": "retreat-below 1:1", "retreat": retreat,
             "losses": ["infantry"], "roles": {"commander": "xiahou-dun"}}]})


@pytest.mark.rule("chronicles:s10.3.1.choice")
@pytest.mark.parametrize("plan", [
    {"retreat": "below half"}, {"retreat": "after soon"}, {"retreat": "lost 0 units"},
    {"retreat": 3}, {"first": "retreat-below lots"}, {"first": "charge"},
    {"losses": "dearest"}, {"losses": ["elephants"]}, {"priority": "first"}])
def test_a_choice_the_battle_cannot_follow_is_refused(plan: dict[str, Any]) -> None:
    """A retreat rule, a first decision or a loss order the battle does not know is
    refused when the plan is given, not met in the middle of a battle."""
    refused(plan, "s4.0.battle-turns" if "priority" in plan else "s10.3.1.choice")


@pytest.mark.rule("chronicles:s10.3.roles")
def test_a_plan_names_only_its_own_generals_for_the_roles() -> None:
    """Naming another leader's general (or a role the battle has not) is refused."""
    assert "not a general of" in refused({"roles": {"commander": "zhang-fei"}},
                                         "s10.3.roles")
    refused({"roles": {"quartermaster": "xiahou-dun"}}, "s10.3.1.choice")


@pytest.mark.rule("chronicles:s10.3.4.play")
def test_a_card_tried_in_a_plan_takes_a_round_a_target_and_a_condition_it_knows() -> None:
    """A card of one's hand tried in round 0, on an unknown target or condition is
    refused; the same card with a round, target and condition the battle knows is taken,
    and a card one does not hold is refused."""
    b = board()
    b.realm("cao-cao")["cards"].append("fire-trap")
    good = {"card": "fire-trap", "round": 1, "target": "forces", "condition": "played"}
    muster.check_muster(b, "cao-cao", {"plans": [{"area": "xia-pi", "cards": [good]}]})
    for bad in ({"round": 0}, {"target": "morale"}, {"condition": "maybe"}):
        before = copy.deepcopy(b.s)
        with pytest.raises(IllegalAction) as err:
            muster.check_muster(b, "cao-cao", {"plans": [
                {"area": "xia-pi", "cards": [{**good, **bad}]}]})
        assert err.value.rule == "s10.3.4.play"
        assert b.s == before
    refused({"cards": [{"card": "red#999"}]}, "s10.3.4.play")
