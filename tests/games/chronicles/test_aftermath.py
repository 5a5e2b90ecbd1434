"""10.3 points 11-14 and the Influence and levels a battle moves (13.0, 14.0)."""

from __future__ import annotations

from typing import Any

import pytest

from pbem.games.chronicles.board import Board
from pbem.games.chronicles.rules import aftermath, battle, muster
from pbem.games.chronicles.rules.strength import Contributor, Fight, Side, Unit
from tests.games.chronicles import kit

FIVE = ["cao-cao", "sun-ce", "liu-biao", "yuan-shao", "liu-bei"]


def board(*dice: int) -> Board:
    return kit.board(kit.position(leaders=FIVE), *dice)


def fight(b: Board, inv: str, dfd: str, area: str) -> Fight:
    x: dict[str, Any] = {"id": "t", "area": area, "invader": inv, "defender": dfd,
                         "forces": [], "plans": {}, "status": "pending"}
    b.s["round"]["battles"].append(x)
    sides = [Side(w, r, [Contributor(w)]) for w, r in ((inv, "invader"), (dfd, "defender"))]
    t = b.territory_of(area)
    return Fight(x, area, t.id, b.area(area).terrain, sides[0], sides[1])


@pytest.mark.rule("chronicles:s14.mil.xu-chang")
@pytest.mark.rule("chronicles:s14.mil.area")
@pytest.mark.rule("chronicles:s10.3.14.flag")
@pytest.mark.rule("chronicles:s10.3.14.land")
def test_xu_chang_taken() -> None:
    """Liu Bei takes an undefended Xu Chang: his flag, Yu Zhou's land value 3 -> 4, and
    Influence +1 (battle) +1 (area) +3 (Xu Chang) for him, -1 -1 -3 for Cao Cao."""
    b = board()
    attack = {"area": "xu-chang", "side": "invade", "from": "xu-zhou",
              "generals": ["guan-yu"], "units": {"infantry": 3}}
    muster.place_all(b, {"liu-bei": {"do": "season", "muster": [attack]}}, 1)
    battle.fight_all(b)
    assert b.holder("xu-chang") == "liu-bei"
    assert b.s["lands"]["yu-zhou"]["land_value"] == 4
    assert b.influence("liu-bei") == 11 + 5
    assert b.influence("cao-cao") == 12 - 5
    assert kit.rolled(b) == []


@pytest.mark.rule("chronicles:s14.mil.ten-armies")
@pytest.mark.rule("chronicles:s10.3.11.loser")
@pytest.mark.rule("chronicles:s10.bot.note3.cumulative")
def test_ten_units_lost_costs_one() -> None:
    """A loser whose losses over the battle reach 10 units loses 1 more Influence; half of
    them (5) are tested for recovery, here all failing (12 against eloquence 6)."""
    b = board(*([6] * 10))
    f = fight(b, "cao-cao", "liu-bei", "xia-pi")
    f.inv.units = [Unit(0, "infantry")]
    f.dfd.lost = [(0, "infantry")] * 10
    f.dfd.took_part = ["zhang-fei"]
    f.winner, f.how = "invader", "defender wiped out"
    aftermath.finish(b, f)
    assert b.influence("liu-bei") == 11 - 3
    assert b.influence("cao-cao") == 12 + 2
    assert len(kit.rolled(b)) == 10


@pytest.mark.rule("chronicles:s14.mil.attack-friend")
def test_attacking_a_friend_at_nine() -> None:
    """Invading a leader one holds at level 9 costs 2 Influence when the attack begins;
    the conflict then drops the level to 8, which loses the level-9 point too."""
    b = board()
    b.s["relations"]["cao-cao"]["liu-bei"] = 9
    attack = {"area": "xia-pi", "side": "invade", "from": "yan-zhou",
              "generals": ["xiahou-dun"], "units": {"infantry": 1}}
    muster.place_all(b, {"cao-cao": {"do": "season", "muster": [attack],
                                     "plans": [{"area": "xia-pi", "first": "retreat"}]}}, 1)
    battle.fight_all(b)
    assert b.influence("cao-cao") == 12 - 2 - 1
    assert b.relation("cao-cao", "liu-bei") == 8


@pytest.mark.rule("chronicles:s10.3.12.loyalty-x")
@pytest.mark.rule("chronicles:s10.3.12.city-generals")
def test_captured_loyalty_x_dies_leader_imprisoned() -> None:
    """In a lost city Sun Quan (loyalty X) and Sun Ce (a leader) fail their combat tests
    (12): Sun Quan dies, Sun Ce is imprisoned; Zhou Tai (combat 8) escapes on 8."""
    b = board(6, 6, 6, 6, 4, 4)
    f = fight(b, "cao-cao", "sun-ce", "wu-jun")
    f.inv.took_part = ["xiahou-dun"]
    f.dfd.generals = ["sun-quan", "sun-ce", "zhou-tai"]
    aftermath.captives(b, f, f.inv, f.dfd)
    assert b.general_state("sun-quan")["status"] == "dead"
    assert b.general_state("sun-ce")["status"] == "captive"
    assert b.general_state("sun-ce")["captor"] == "cao-cao"
    assert b.general_state("zhou-tai")["status"] == "ready"


@pytest.mark.rule("chronicles:s10.3.12.captured")
@pytest.mark.rule("chronicles:s14.pol.release")
def test_captives_recruited_or_released() -> None:
    """By the standing order: recruiting Mi Zhu (eloquence 9 of Xun Yu - loyalty 9 - Liu
    Bei's 10 = -10) fails and frees him; releasing every captive gains 1 Influence."""
    b = board(6, 6, 1, 1, 6, 6)
    f = fight(b, "cao-cao", "liu-bei", "xia-pi")
    f.inv.took_part = ["xun-yu"]
    f.dfd.generals = ["mi-zhu"]
    aftermath.captives(b, f, f.inv, f.dfd)
    assert b.general_state("mi-zhu")["status"] == "free"
    b.s["orders"]["cao-cao"]["captives"] = "release"
    f.dfd.generals = ["sun-qian"]
    aftermath.captives(b, f, f.inv, f.dfd)
    assert b.general_state("sun-qian")["employer"] == "liu-bei"
    assert b.influence("cao-cao") == 13
