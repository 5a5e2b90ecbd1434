"""The secret blood decree's Influence (event 1, 14.0 political; notes 30, 51)."""

from __future__ import annotations

from typing import Any

import pytest

from pbem.games.chronicles.board import Board
from pbem.games.chronicles.rules import battle, events, muster, supplies
from tests.games.chronicles import kit

FIVE = ["cao-cao", "sun-ce", "liu-biao", "yuan-shao", "liu-bei"]


def decree_board(in_force: bool = True) -> Board:
    state = kit.position(leaders=FIVE)
    kit.at(state, "summer", 198, 10)
    if in_force:
        state["lasting"] = {"secret-blood-decree": {"since": 9, "target": "cao-cao"}}
    return kit.board(state)


def probe(role: str, launch: str, *areas: str) -> dict[str, Any]:
    """Invasions of ``areas`` by one general each, withdrawn as soon as they begin."""
    gens = {"liu-bei": ["jian-yong", "sun-qian"], "cao-cao": ["xiahou-dun", "yu-jin"]}[role]
    return {"do": "season",
            "muster": [{"area": a, "side": "invade", "from": launch, "generals": [g]}
                       for a, g in zip(areas, gens, strict=False)],
            "plans": [{"area": a, "first": "retreat"} for a in areas]}


def battles(b: Board, orders: dict[str, dict[str, Any]]) -> None:
    for role, order in orders.items():
        muster.check_muster(b, role, order)
    muster.place_all(b, orders, 1)
    supplies.close(b)
    battle.fight_all(b)
    b.s["round"]["battles"] = []
    for facts in b.s["generals"].values():
        facts["task"] = None


@pytest.mark.rule("chronicles:s14.pol.blood-decree")
def test_first_attack_on_cao_cao_costs_two_influence_once() -> None:
    """With the decree in force, the first time a leader invades one of Cao Cao's areas
    he loses 2 Influence; his second attack, in the same round or later, costs nothing."""
    b = decree_board()
    battles(b, {"liu-bei": probe("liu-bei", "xu-zhou", "shan-yang", "ru-nan")})
    assert b.influence("liu-bei") == 11 - 2
    assert b.realm("liu-bei")["decree_paid"] is True
    battles(b, {"liu-bei": probe("liu-bei", "xu-zhou", "shan-yang")})
    assert b.influence("liu-bei") == 11 - 2
    assert "the decree costs him nothing now" in kit.log_text(b)


@pytest.mark.rule("chronicles:s14.pol.blood-decree")
def test_no_cost_before_the_decree() -> None:
    """Before the decree is drawn, attacking Cao Cao costs no Influence, and attacking him
    does not use up the one payment for later."""
    b = decree_board(in_force=False)
    battles(b, {"liu-bei": probe("liu-bei", "xu-zhou", "shan-yang")})
    assert b.influence("liu-bei") == 11
    assert not b.realm("liu-bei")["decree_paid"]


@pytest.mark.rule("chronicles:s14.pol.blood-decree")
@pytest.mark.parametrize("before_decree", [True, False])
def test_cao_cao_attacking_first_spares_his_victim(before_decree: bool) -> None:
    """Cao Cao's own attacks cost him nothing; once he has attacked Liu Bei, at any time,
    Liu Bei may attack him under the decree without losing Influence."""
    b = decree_board(in_force=not before_decree)
    battles(b, {"cao-cao": probe("cao-cao", "yan-zhou", "xia-pi")})
    assert b.influence("cao-cao") == 12
    b.s.setdefault("lasting", {})[events.DECREE] = {"since": 10, "target": "cao-cao"}
    battles(b, {"liu-bei": probe("liu-bei", "xu-zhou", "shan-yang")})
    assert b.influence("liu-bei") == 11
    assert b.influence("cao-cao") == 12


@pytest.mark.rule("chronicles:s14.pol.blood-decree")
def test_helping_against_cao_cao_is_no_attack() -> None:
    """Only the invader attacks (notes 30): Sun Ce helping Liu Bei's invasion of Cao Cao's
    area loses nothing; Liu Bei pays his 2."""
    b = decree_board()
    b.realm("sun-ce")["gold"] = 30
    orders = {"liu-bei": probe("liu-bei", "xu-zhou", "ru-nan"),
              "sun-ce": {"do": "season", "muster": [
                  {"area": "ru-nan", "side": "help", "helps": "liu-bei",
                   "from": "yang-zhou-north", "generals": ["zhou-yu"],
                   "units": {"infantry": 1}}]}}
    battles(b, orders)
    assert b.influence("liu-bei") == 11 - 2
    assert b.influence("sun-ce") == 10
