"""10.3 point 4: stratagem cards played from the battle plans (notes 39-41)."""

from __future__ import annotations

from typing import Any

import pytest

from pbem.games.chronicles.board import Board
from pbem.games.chronicles.rules import battle, muster, stratagems, supplies
from pbem.games.chronicles.rules.strength import Contributor, Fight, Side, Unit
from tests.games.chronicles import kit

FIVE = ["cao-cao", "sun-ce", "liu-biao", "yuan-shao", "liu-bei"]


def war(b: Board, cards: list[dict[str, Any]], **plan: Any) -> dict[str, Any]:
    """Cao Cao (Xiahou Dun, 8 infantry) against Liu Bei outside Xia Pi (Jian Yong, 4)."""
    answers = {
        "cao-cao": {"do": "season", "muster": [
            {"area": "xia-pi", "side": "invade", "from": "yan-zhou",
             "generals": ["xiahou-dun"], "units": {"infantry": 8}}],
            "plans": [{"area": "xia-pi", "cards": cards, **plan}]},
        "liu-bei": {"do": "season", "muster": [
            {"area": "xia-pi", "side": "defend", "generals": ["jian-yong"],
             "units": {"infantry": 4}}],
            "plans": [{"area": "xia-pi", "defend": "outside", "pursue": "never"}]}}
    for role, order in answers.items():
        muster.check_muster(b, role, order)
    muster.place_all(b, answers, 1)
    supplies.close(b)
    battle.fight_all(b)
    return b.s["round"]["battles"][0]


def board(cards: list[str], *dice: int) -> Board:
    b = kit.board(kit.position(leaders=FIVE), *dice)
    b.realm("cao-cao")["cards"] = list(cards)
    return b


@pytest.mark.rule("chronicles:s10.3.4.order")
@pytest.mark.rule("chronicles:s10.3.4.play")
@pytest.mark.rule("chronicles:s10.3.4.succeed")
@pytest.mark.rule("chronicles:s10.3.4.s1.fire-trap")
@pytest.mark.rule("chronicles:s10.3.5.multiply")
def test_fire_trap_doubles() -> None:
    """Cao Cao's side (intelligence 5) decides first against 6; play roll 4 <= 5, Liu Bei
    resists with 8 > 6: the fire works, 8 x2 = 16 against 4 is 4:1; roll 7 + 6 reads row
    12: 1/5***. The card is discarded."""
    b = board(["fire-trap"], 2, 2, 4, 4, 3, 4, 1, 1, 1, 1)
    x = war(b, [{"card": "fire-trap"}])
    log = kit.log_text(b)
    assert "Cao Cao decides first (intelligence 5 against 6)" in log
    assert "strength: Cao Cao 8 x2 = 16; Liu Bei 4 = 4" in log
    assert x["result"]["winner"] == "cao-cao"
    assert b.realm("cao-cao")["cards"] == []
    assert b.s["pile"]["discard"] == ["fire-trap"]


@pytest.mark.rule("chronicles:s10.3.4.s2.water-trap")
@pytest.mark.rule("chronicles:s14.mil.water-trap")
def test_water_trap_costs_influence_even_when_resisted() -> None:
    """Played (4 <= 5) but resisted (2, not above 6): no effect, yet its user loses 1
    Influence and the card is spent; 8 against 4 is 2:1, roll 7 + 6: row 12, 1/4*."""
    b = board(["water-trap"], 2, 2, 1, 1, 3, 4, 1, 1, 1, 1)
    war(b, [{"card": "water-trap"}])
    assert b.influence("cao-cao") == 12 - 1 + 2
    assert "strength: Cao Cao 8 = 8" in kit.log_text(b)
    assert b.realm("cao-cao")["cards"] == []


@pytest.mark.rule("chronicles:s10.3.4.play")
def test_card_not_played_stays_in_hand() -> None:
    """A play roll above the best intelligence (12 > 5): the card is not played and stays
    in the hand."""
    b = board(["ambush"], 6, 6, 3, 4, 1, 1, 1, 1)
    war(b, [{"card": "ambush"}])
    assert b.realm("cao-cao")["cards"] == ["ambush"]


@pytest.mark.rule("chronicles:s10.3.4.gold-target")
@pytest.mark.rule("chronicles:s10.bot.note1.gold")
@pytest.mark.rule("chronicles:s10.3.4.s4.raid")
def test_raid_on_gold() -> None:
    """A raid aimed at gold: its play roll takes +2 (2 + 2 = 4 <= 5); it works (8 > 6).
    The roll 7 + 6 (row 12, 2:1: 1/4*) costs Liu Bei 3 x 4 = 12 gold instead of units,
    no more than his 10, and no morale test; Cao Cao's plan then retreats."""
    b = board(["raid"], 1, 1, 4, 4, 3, 4)
    x = war(b, [{"card": "raid", "target": "gold"}], retreat="after 1")
    assert b.gold("liu-bei") == 0
    assert x["result"]["winner"] == "liu-bei"
    assert "loses 10 gold instead of units" in kit.log_text(b)


def side_fight(b: Board, commander: str) -> Fight:
    me = Side("sun-ce", "invader", [Contributor("sun-ce")], [Unit(0, "infantry")],
              commander=commander)
    foe = Side("liu-bei", "defender", [Contributor("liu-bei")], [Unit(0, "infantry")],
               commander="guan-yu")
    return Fight({"id": "t"}, "xia-pi", "xu-zhou", "flat", me, foe)


@pytest.mark.rule("chronicles:s10.3.4.named-generals")
def test_named_general_rolls_one_lower() -> None:
    """Zhou Yu is named on the fire trap: his play roll of 10 counts 9, within his
    intelligence 9."""
    b = board([], 4, 6, 6, 6)
    b.realm("sun-ce")["cards"] = ["fire-trap"]
    f = side_fight(b, "zhou-yu")
    fx = stratagems.CardEffects()
    played, works = stratagems._try(b, f, f.inv, b.data.stratagems["fire-trap"], "forces", fx)
    assert (played, works) == (True, True)


@pytest.mark.rule("chronicles:s10.3.4.s6.boost-morale")
@pytest.mark.rule("chronicles:s10.3.4.recover-first")
def test_boost_morale_recovers_half_at_once() -> None:
    """Boost morale passes on the commander's eloquence (Zhou Yu 8: roll 8): of 5 units
    lost, 2 come back now and 3 are lost for good; leadership counts 3 lower."""
    b = board([], 4, 4)
    b.realm("sun-ce")["cards"] = ["boost-morale"]
    f = side_fight(b, "zhou-yu")
    f.inv.lost = [(0, "infantry")] * 5
    fx = stratagems.CardEffects()
    stratagems._try(b, f, f.inv, b.data.stratagems["boost-morale"], "own", fx)
    assert len(f.inv.units) == 3
    assert len(f.inv.gone) == 3 and f.inv.lost == []
    assert f.inv.leadership_malus == 3


@pytest.mark.rule("chronicles:s10.3.4.s9.backs-to-wall")
def test_backs_to_the_wall_failed_halves() -> None:
    """Unable to play backs to the wall (12 > 9), the side fights at half strength."""
    b = board([], 6, 6)
    b.realm("sun-ce")["cards"] = ["backs-against-the-wall"]
    f = side_fight(b, "zhou-yu")
    fx = stratagems.CardEffects()
    stratagems._try(b, f, f.inv, b.data.stratagems["backs-against-the-wall"], "own", fx)
    assert fx.mults["invader"] == 0.5
    assert b.realm("sun-ce")["cards"] == ["backs-against-the-wall"]
