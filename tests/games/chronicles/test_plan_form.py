"""Battle plans in the form (pbem/games/chronicles/plan_form.py): each card of the hand is
a kind of card entry with the fields it can take, roles name the seat's generals, and
every losses and retreat choice offered is one the battle reads; a plan built in the form
is accepted by the rules and fought as a written one."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from pbem.errors import IllegalAction
from pbem.games.chronicles import plan_form
from pbem.games.chronicles.board import Board
from pbem.games.chronicles.rules import (
    battle_rounds,
    muster,
    plan_checks,
    stratagems,
    strength,
)
from pbem.games.chronicles.rules.strength import Contributor, Fight, Side, Unit
from pbem.offers import ActionSpec, Param, entry
from tests.games.chronicles import kit
from tests.games.chronicles.test_stratagems import board as war_board
from tests.games.chronicles.test_stratagems import war


def _plan(b: Board, role: str = "cao-cao") -> ActionSpec:
    (plan,) = plan_form.plans(b, role, [("xia-pi", "Xia Pi"), ("xu-chang", "Xu Chang")])
    return plan


def _param(spec: ActionSpec, name: str) -> Param:
    return next(p for p in spec.params if p.name == name)


def _values(spec: ActionSpec, name: str) -> list[Any]:
    return [o.value for o in _param(spec, name).options]


def _card_kind(plan: ActionSpec, card: str) -> ActionSpec:
    return next(k for k in _param(plan, "cards").items if k.fixed["card"] == card)


def _fight(b: Board, plan: dict[str, Any], generals: list[str]) -> Fight:
    inv = Side("cao-cao", "invader", [Contributor("cao-cao", None, "pool", plan.get(
        "losses", "weakest-here"))], [Unit(0, "infantry"), Unit(0, "cavalry-2")],
        generals=generals, plan=plan)
    dfd = Side("liu-bei", "defender", [Contributor("liu-bei")], [Unit(0, "infantry")])
    return Fight({"id": "t"}, "xia-pi", "xu-zhou", "flat", inv, dfd)


@pytest.mark.rule("chronicles:s10.3.4.play")
def test_each_card_of_the_hand_is_a_kind_of_entry_with_the_fields_it_takes() -> None:
    b = kit.board()
    b.realm("cao-cao")["cards"] = ["fire-trap", "follow-through-trap", "boost-morale"]
    b.realm("sun-ce")["cards"] = ["ambush"]
    plan = _plan(b)
    kinds = _param(plan, "cards").items
    assert [k.fixed["card"] for k in kinds] == ["fire-trap", "follow-through-trap",
                                                "boost-morale"]  # never another's card
    fire = _card_kind(plan, "fire-trap")
    assert [p.name for p in fire.params] == ["round", "target", "condition"]
    assert _values(fire, "target") == [None, "forces", "city", "gold"]
    assert _values(fire, "round")[:2] == [None, 1]
    follow = _card_kind(plan, "follow-through-trap")
    assert [p.name for p in follow.params] == ["round", "condition", "partner"]
    assert "ambush" in _values(follow, "partner")
    own = _card_kind(plan, "boost-morale")  # aimed at its own side: no target
    assert [p.name for p in own.params] == ["round", "condition"]
    b.realm("cao-cao")["cards"] = []
    assert "cards" not in [p.name for p in _plan(b).params]


@pytest.mark.rule("chronicles:s10.3.1.choice")
@pytest.mark.rule("chronicles:s10.3.roles")
def test_a_plan_made_in_the_form_with_every_field_is_accepted() -> None:
    b = kit.board()
    b.realm("cao-cao")["cards"] = ["fire-trap", "follow-through-trap"]
    plan = _plan(b)
    generals = _values(plan, "roles.commander")
    assert generals[0] is None and "xiahou-dun" in generals
    assert all(b.s["generals"][g]["employer"] == "cao-cao" for g in generals[1:])
    cards = [entry(_card_kind(plan, "fire-trap"), {"round": 1, "target": "forces",
                                                   "condition": "not-played"}),
             entry(_card_kind(plan, "follow-through-trap"), {"partner": "ambush"})]
    made = entry(plan, {"area": "xia-pi", "first": "retreat-below 1:2",
                        "retreat": "lost 5 units", "losses": ["cavalry-2"],
                        "roles.commander": "xiahou-dun", "cards": cards})
    assert made == {"area": "xia-pi", "first": "retreat-below 1:2", "if_held": "hold",
                    "defend": "best", "siege": "attack", "pursue": "always",
                    "retreat": "lost 5 units", "losses": ["cavalry-2"],
                    "roles": {"commander": "xiahou-dun"},
                    "cards": [{"card": "fire-trap", "round": 1, "target": "forces",
                               "condition": "not-played"},
                              {"card": "follow-through-trap", "partner": "ambush"}]}
    muster.check_muster(b, "cao-cao", {"plans": [made]})
    with pytest.raises(IllegalAction) as refused:  # a card she does not hold
        muster.check_muster(b, "cao-cao", {"plans": [{**made, "cards": [{"card": "ambush"}]}]})
    assert refused.value.rule == "s10.3.4.play"


@pytest.mark.rule("chronicles:s10.3.9.retreat")
def test_every_retreat_and_loss_choice_offered_is_read_by_the_battle() -> None:
    """Each retreat choice is a rule the battle reads (a ratio, rounds, units lost); each
    loss order ranks the units; roles named are taken; a card entry's round and
    condition decide when it is tried."""
    b = kit.board()
    plan = _plan(b)
    retreats = _values(plan, "retreat")
    assert retreats[:2] == [None, "never"] and "below 1:2" in retreats
    col = [strength.column_label(b, c) for c in range(9)].index("1:2")
    for rule in retreats[1:]:
        fight = _fight(b, {"retreat": rule}, [])
        fight.round_no, fight.inv.lost_total = 2, 5
        wants = battle_rounds._wants_retreat(b, fight, fight.inv, col)
        expected = {"never": False, "below 1:2": True, "below 1:3": False,
                    "after 2 rounds": True, "after 3 rounds": False,
                    "lost 5 units": True, "lost 6 units": False}
        assert wants is expected.get(rule, wants), rule
    for rule in _values(plan, "first"):
        assert rule in plan_checks.PLAN_VALUES["first"] or Fraction(
            battle_rounds.ratio(rule.split()[-1])) > 0
    losses = _values(plan, "losses")
    assert losses[:2] == ["weakest-here", "cheapest"] and ["cavalry-2"] in losses
    fight = _fight(b, {"losses": ["cavalry-2"]}, [])
    ranked = sorted(fight.inv.units, key=lambda u: strength.loss_key(b, fight, fight.inv, u))
    assert ranked[0].kind == "cavalry-2"  # (the cheapest first, else)
    named = entry(plan, {"area": "xia-pi", "roles.commander": "cao-cao",
                         "roles.vanguard": "xiahou-dun"})
    fight = _fight(b, named, ["xiahou-dun", "cao-cao"])
    strength.choose_roles(b, fight.inv)
    assert (fight.inv.commander, fight.inv.vanguard) == ("cao-cao", "xiahou-dun")
    b.realm("cao-cao")["cards"] = ["fire-trap"]
    card = entry(_card_kind(_plan(b), "fire-trap"), {"round": 2, "condition": "played"})
    assert not stratagems._fits(card, 1, True) and not stratagems._fits(card, 2, False)
    assert stratagems._fits(card, 2, True)


@pytest.mark.rule("chronicles:s10.3.4.play")
@pytest.mark.rule("chronicles:s10.3.4.s1.fire-trap")
def test_a_card_tried_by_a_plan_from_the_form_is_played_in_the_battle() -> None:
    """The fire trap of tests/games/chronicles/test_stratagems.py, its plan built in the
    form (round 1, on the forces): the same dice give the same battle, the card played
    and discarded."""
    b = war_board(["fire-trap"], 2, 2, 4, 4, 3, 4, 1, 1, 1, 1)
    plan = _plan(b)
    card = entry(_card_kind(plan, "fire-trap"), {"round": 1, "target": "forces"})
    made = entry(plan, {"area": "xia-pi", "cards": [card]})
    x = war(b, made["cards"], **{k: v for k, v in made.items() if k not in ("area", "cards")})
    assert "strength: Cao Cao 8 x2 = 16; Liu Bei 4 = 4" in kit.log_text(b)
    assert x["result"]["winner"] == "cao-cao"
    assert b.realm("cao-cao")["cards"] == []
