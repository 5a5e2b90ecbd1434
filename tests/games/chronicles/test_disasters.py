"""Disasters (6.1; notes 49, 50): season, bad-luck counter, holders, icons, losses and
the battles of bandits and border tribes. Bad-luck dice: the cup is 1-28, None, None,
Draw 2, Draw 2, so a draw of k is counter k up to 28, 29-30 None, 31-32 Draw 2."""

from __future__ import annotations

from typing import Any

import pytest

from pbem.games.chronicles.rules import disasters
from tests.games.chronicles import kit

NONE, DRAW_2 = 29, 31


def summer(players: int = 3, year: int = 197) -> dict[str, Any]:
    state = kit.position(players)
    kit.at(state, "summer", year, 6 + (year - 197) * 4)
    return state


def gold(state: dict[str, Any], role: str = "cao-cao") -> int:
    return int(state["realms"][role]["gold"])


@pytest.mark.rule("chronicles:s6.1.1.season")
@pytest.mark.rule("chronicles:s6.1.drought")
def test_out_of_season_disaster_is_discarded() -> None:
    """A drought strikes only in summer and autumn: drawn in spring it is discarded and
    nothing is drawn or rolled."""
    state = kit.position(3)
    kit.at(state, "spring", 197, 5)
    b = kit.board(state)
    disasters.resolve(b, "drought", "cao-cao")
    assert state["pile"]["discard"] == ["drought"]
    assert kit.rolled(b) == []
    assert "cannot happen in spring" in kit.log_text(b)


@pytest.mark.rule("chronicles:s6.1.locusts")
@pytest.mark.rule("chronicles:s6.1.5.loss")
@pytest.mark.rule("chronicles:s6.1.4.no-icon")
def test_locusts_take_one_die_of_gold_anywhere() -> None:
    """Locusts need no icon: counter 5 (Yan Zhou, Cao Cao's) and a die of 4 take 4 gold;
    the card is discarded afterwards."""
    state = summer()
    b = kit.board(state, 5, 4)
    disasters.resolve(b, "plague-of-locusts", "sun-ce")
    assert gold(state) == 12
    assert state["pile"]["discard"] == ["plague-of-locusts"]
    assert "Cao Cao loses 4 gold of 4" in kit.log_text(b)


@pytest.mark.rule("chronicles:s6.1.plague")
def test_plague_takes_a_die_plus_two_but_not_below_zero() -> None:
    """Plague takes one die plus 2: 6 + 2 = 8 from a treasury of 5 leaves 0."""
    state = summer()
    state["realms"]["cao-cao"]["gold"] = 5
    b = kit.board(state, 5, 6)
    disasters.resolve(b, "plague", "cao-cao")
    assert gold(state) == 0
    assert "Cao Cao loses 5 gold of 8" in kit.log_text(b)


@pytest.mark.rule("chronicles:s6.1.drought")
def test_drought_takes_two_dice_plus_one() -> None:
    """In summer a drought takes two dice plus 1: 2 + 3 + 1 = 6."""
    state = summer()
    disasters.resolve(kit.board(state, 5, 2, 3), "drought", "cao-cao")
    assert gold(state) == 10


@pytest.mark.rule("chronicles:s6.1.2.bad-luck")
@pytest.mark.rule("chronicles:s2.3.5.bad-luck")
@pytest.mark.rule("chronicles:s2.3.5.bad-luck-count")
def test_bad_luck_redraws_21_to_28_and_draw_two_and_puts_counters_back() -> None:
    """32 counters (1-28, two None, two Draw 2); 23 and Draw 2 are drawn again, and every
    counter goes back to the cup (notes 50)."""
    state = summer()
    cup = list(state["bad_luck"])
    assert len(cup) == 32 and cup.count("none") == 2 and cup.count("draw-2") == 2
    b = kit.board(state, 23, DRAW_2, 5, 1)
    disasters.resolve(b, "plague-of-locusts", "cao-cao")
    assert gold(state) == 15
    assert state["bad_luck"] == cup
    assert [v for v, _ in kit.rolled(b)] == [23, DRAW_2, 5, 1]


@pytest.mark.rule("chronicles:s6.1.2.bad-luck")
def test_bad_luck_none_strikes_nowhere() -> None:
    """A None counter picks no territory: nothing happens."""
    state = summer()
    b = kit.board(state, NONE)
    disasters.resolve(b, "plague-of-locusts", "cao-cao")
    assert gold(state) == 16
    assert "strikes nowhere" in kit.log_text(b)


@pytest.mark.rule("chronicles:s6.1.3.unowned")
def test_territory_held_by_no_player_suffers_nothing() -> None:
    """Si Li (1) is Yang Feng's, a non-human: nothing happens (notes 49)."""
    state = summer()
    b = kit.board(state, 1)
    disasters.resolve(b, "plague-of-locusts", "cao-cao")
    assert [gold(state, r) for r in state["seats"]] == [16, 12, 15]
    assert "No player holds Si Li" in kit.log_text(b)


@pytest.mark.rule("chronicles:s6.1.4.no-icon")
@pytest.mark.rule("chronicles:s6.1.flood")
def test_flood_needs_the_flood_icon() -> None:
    """Yu Zhou (3) has no flood icon: a flood drawn there does nothing, no die rolled."""
    state = summer()
    b = kit.board(state, 3)
    disasters.resolve(b, "flood", "cao-cao")
    assert gold(state) == 16
    assert "Yu Zhou has no flood icon" in kit.log_text(b)


@pytest.mark.rule("chronicles:s6.1.flood")
@pytest.mark.rule("chronicles:s8.2.5.flood-roll")
def test_flood_strikes_when_prevention_falls_to_zero() -> None:
    """Yan Zhou has the flood icon and 0 prevention points: the die (2) leaves them at 0,
    so the flood takes one die plus 1 (3 + 1 = 4)."""
    state = summer()
    b = kit.board(state, 5, 2, 3)
    disasters.resolve(b, "flood", "cao-cao")
    assert gold(state) == 12
    assert "the flood strikes" in kit.log_text(b)


@pytest.mark.rule("chronicles:s8.2.5.flood-roll")
@pytest.mark.rule("chronicles:s8.2.5.no-restore")
def test_flood_held_back_by_prevention_points_which_stay_lowered() -> None:
    """With 5 prevention points a die of 3 holds the flood back; the points stay at 2."""
    state = summer()
    state["lands"]["yan-zhou"]["flood_prevention"] = 5
    b = kit.board(state, 5, 3)
    disasters.resolve(b, "flood", "cao-cao")
    assert gold(state) == 16
    assert state["lands"]["yan-zhou"]["flood_prevention"] == 2


@pytest.mark.rule("chronicles:s6.1.earthquake")
@pytest.mark.rule("chronicles:s14.dev.land")
def test_earthquake_raises_land_value_and_undoes_development() -> None:
    """An earthquake raises the land value by 1; from 0 the holder loses the development
    Influence (notes 47, 49)."""
    state = summer()
    disasters.resolve(kit.board(state, 5), "earthquake", "cao-cao")
    assert state["lands"]["yan-zhou"]["land_value"] == 4
    assert state["realms"]["cao-cao"]["influence"] == 12
    state["lands"]["yan-zhou"]["land_value"] = 0
    b = kit.board(state, 5)
    disasters.resolve(b, "earthquake", "cao-cao")
    assert state["lands"]["yan-zhou"]["land_value"] == 1
    assert state["realms"]["cao-cao"]["influence"] == 11


@pytest.mark.rule("chronicles:s2.2.2.split-owners")
def test_shared_territory_die_picks_east_or_west() -> None:
    """Yu Zhou is shared by Lu Bu (Pei Cheng, east) and Cao Cao (Xu Chang west, Ru Nan
    middle): a 2 puts the loss east, on Lu Bu, and nothing happens; a 5 puts it west, on
    Cao Cao."""
    state = summer()
    b = kit.board(state, 3, 2)
    disasters.resolve(b, "plague-of-locusts", "cao-cao")
    assert gold(state) == 16
    assert "loss on the east side" in kit.log_text(b)
    b = kit.board(state, 3, 5, 6)
    disasters.resolve(b, "plague-of-locusts", "cao-cao")
    assert gold(state) == 10


@pytest.mark.rule("chronicles:s6.1.bandits")
@pytest.mark.rule("chronicles:s6.1.6.war")
def test_bandits_start_a_battle_on_the_weakest_area() -> None:
    """Bandits attack Cao Cao's area of Yan Zhou with the lowest defensive value (Shan
    Yang, 2) with two dice plus the year's bonus (200: +1): 3 + 4 + 1 = 8 raiders; the
    battle is left to the battle phase."""
    state = summer(year=200)
    b = kit.board(state, 5, 3, 4)
    disasters.resolve(b, "bandits", "liu-biao")
    assert state["round"]["battles"] == [
        {"id": "b1", "area": "shan-yang", "territory": "yan-zhou", "defender": "cao-cao",
         "invader": "bandits", "cause": "disaster",
         "force": {"units": {"infantry": 8}, "leader": None}, "forces": [], "plans": {},
         "status": "pending"}]
    assert gold(state) == 16
    assert b.name("bandits") == "Bandits"  # the raiders fight under their card's name


@pytest.mark.rule("chronicles:s6.1.incursion")
@pytest.mark.rule("chronicles:s6.1.4.no-icon")
def test_border_tribes_need_the_invasion_icon() -> None:
    """Border tribes strike Bing Zhou (9, invasion icon, Yuan Shao's) as a battle, three
    dice strong (notes 49); Yan Zhou (5) has no such icon and nothing happens."""
    state = summer(players=4)
    b = kit.board(state, 5)
    disasters.resolve(b, "border-tribes", "cao-cao")
    assert state["round"]["battles"] == []
    b = kit.board(state, 9, 2, 6, 3)
    disasters.resolve(b, "border-tribes", "cao-cao")
    [battle] = state["round"]["battles"]
    assert (battle["territory"], battle["defender"], battle["invader"]) == (
        "bing-zhou", "yuan-shao", "border-tribes")
    assert battle["force"]["units"] == {"infantry": 11}


@pytest.mark.rule("chronicles:s15.liang-zhou")
def test_liang_zhou_icon_void_while_ma_chao_serves_a_non_human() -> None:
    """Cao Cao holds Tian Shui in Liang Zhou East (10), but Ma Chao serves the non-human
    Ma Teng: the invasion icon does not count and the tribes do nothing."""
    state = summer()
    kit.give(state, "tian-shui", "cao-cao")
    b = kit.board(state, 10, 1)
    disasters.resolve(b, "border-tribes", "cao-cao")
    assert state["round"]["battles"] == []
    assert "invasion icon does not count" in kit.log_text(b)


@pytest.mark.rule("chronicles:s8.6.4.penalty")
def test_disaster_the_round_after_a_special_tax_costs_influence() -> None:
    """Cao Cao raised a special tax last round: locusts on his Yan Zhou cost him 1
    Influence besides the gold; a tax two rounds ago costs nothing."""
    state = summer()
    state["realms"]["cao-cao"]["taxed"] = state["calendar"]["round"] - 1
    disasters.resolve(kit.board(state, 5, 1), "plague-of-locusts", "cao-cao")
    assert state["realms"]["cao-cao"]["influence"] == 11
    state["realms"]["cao-cao"]["taxed"] = state["calendar"]["round"] - 2
    disasters.resolve(kit.board(state, 5, 1), "plague-of-locusts", "cao-cao")
    assert state["realms"]["cao-cao"]["influence"] == 11
    assert gold(state) == 14
