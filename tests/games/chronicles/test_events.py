"""Events (6.2; notes 7, 50, 51, 52): who may draw them, from which year, what they do,
and where the card goes afterwards."""

from __future__ import annotations

from typing import Any

import pytest

from pbem.games.chronicles.rules import events
from tests.games.chronicles import kit


def at(year: int, players: int = 3, season: str = "summer") -> dict[str, Any]:
    state = kit.position(players)
    kit.at(state, season, year, 2 + (year - 196) * 4)
    return state


def pile(state: dict[str, Any]) -> tuple[list[str], list[str]]:
    return state["pile"]["discard"], state["pile"]["removed"]


@pytest.mark.rule("chronicles:s2.2.2.event-wrong")
@pytest.mark.rule("chronicles:s6.2.e3.sun-ce")
def test_event_for_another_leader_or_too_early_is_discarded() -> None:
    """The death of Sun Ce drawn by Cao Cao, or by Sun Ce before 200, has no effect and
    goes to the discard pile; no die is rolled."""
    state = at(200)
    b = kit.board(state)
    events.resolve(b, "death-of-sun-ce", "cao-cao")
    state2 = at(199)
    events.resolve(kit.board(state2), "death-of-sun-ce", "sun-ce")
    for s in (state, state2):
        assert pile(s) == (["death-of-sun-ce"], [])
        assert s["realms"]["sun-ce"]["leader"] == "sun-ce"
    assert "not his event, or its year has not come" in kit.log_text(b)


@pytest.mark.rule("chronicles:s6.2.e1.blood-decree")
@pytest.mark.rule("chronicles:s2.2.2.event-fired")
def test_blood_decree_lasts_and_its_card_leaves_the_game() -> None:
    """From 198 the decree comes into force for the rest of the game (any drawer); the
    fired card leaves the game by default, or goes to the discard pile when the drawer's
    standing order `event_card` says so."""
    state = at(198)
    events.resolve(kit.board(state), "secret-blood-decree", "liu-biao")
    assert state["lasting"]["secret-blood-decree"]["target"] == "cao-cao"
    assert pile(state) == ([], ["secret-blood-decree"])
    state = at(198)
    state["orders"]["sun-ce"]["event_card"] = "discard"
    events.resolve(kit.board(state), "secret-blood-decree", "sun-ce")
    assert pile(state) == (["secret-blood-decree"], [])
    state = at(197)
    events.resolve(kit.board(state), "secret-blood-decree", "sun-ce")
    assert "lasting" not in state or not state["lasting"]


@pytest.mark.rule("chronicles:s6.2.e2.xu-zhou")
def test_attack_on_xu_zhou_sends_lu_bu_with_two_dice() -> None:
    """Drawn by Liu Bei, Lu Bu attacks Liu Bei's richest area bordering him (Xia Pi) with
    a strength of two dice (3 + 5), leading the force himself."""
    state = at(197, players=5)
    b = kit.board(state, 3, 5)
    events.resolve(b, "attack-on-xu-zhou", "liu-bei")
    [battle] = state["round"]["battles"]
    assert battle["area"] == "xia-pi" and battle["defender"] == "liu-bei"
    assert battle["invader"] == "lu-bu" and battle["cause"] == "event"
    assert battle["force"] == {"units": {"infantry": 8}, "leader": "lu-bu"}
    assert pile(state) == ([], ["attack-on-xu-zhou"])


@pytest.mark.rule("chronicles:s6.2.e2.xu-zhou")
def test_attack_on_xu_zhou_without_lu_bu_does_nothing() -> None:
    """If Lu Bu holds nothing any more, the card has no effect and is discarded."""
    state = at(197, players=5)
    kit.give(state, "pei-cheng", "cao-cao")
    events.resolve(kit.board(state), "attack-on-xu-zhou", "liu-bei")
    assert state["round"]["battles"] == []
    assert pile(state) == (["attack-on-xu-zhou"], [])


@pytest.mark.rule("chronicles:s6.2.e3.sun-ce")
@pytest.mark.rule("chronicles:s14.other.leader-dies")
def test_death_of_sun_ce_hands_the_realm_to_sun_quan() -> None:
    """From 200, Sun Ce's die of 1-3 kills him: Sun Quan leads, the realm loses 2
    Influence and the card leaves the game; on 4-6 he lives and it is discarded."""
    state = at(200)
    events.resolve(kit.board(state, 2), "death-of-sun-ce", "sun-ce")
    assert state["realms"]["sun-ce"]["leader"] == "sun-quan"
    assert state["generals"]["sun-ce"]["status"] == "dead"
    assert state["generals"]["sun-quan"]["employer"] == "sun-ce"
    assert state["generals"]["sun-quan"]["status"] == "ready"
    assert state["realms"]["sun-ce"]["influence"] == 8
    assert pile(state) == ([], ["death-of-sun-ce"])
    state = at(200)
    events.resolve(kit.board(state, 4), "death-of-sun-ce", "sun-ce")
    assert state["realms"]["sun-ce"]["leader"] == "sun-ce"
    assert state["realms"]["sun-ce"]["influence"] == 10
    assert pile(state) == (["death-of-sun-ce"], [])


@pytest.mark.rule("chronicles:s6.2.e4.fake-emperor")
def test_fake_emperor_comes_into_force_while_yuan_shu_holds_land() -> None:
    """From 197 the fake emperor is in force until someone beats Yuan Shu; if Yuan Shu
    holds nothing, the card does nothing and is discarded."""
    state = at(197)
    events.resolve(kit.board(state), "fake-emperor-yuan-shu", "cao-cao")
    assert state["lasting"]["fake-emperor-yuan-shu"]["target"] == "yuan-shu"
    assert state["lasting"]["fake-emperor-yuan-shu"]["influence"] == 2
    state = at(197)
    kit.give(state, "shou-chun", "sun-ce")
    events.resolve(kit.board(state), "fake-emperor-yuan-shu", "cao-cao")
    assert not state.get("lasting")
    assert pile(state) == (["fake-emperor-yuan-shu"], [])


@pytest.mark.rule("chronicles:s6.2.e5.xi-liang")
def test_xi_liang_invades_the_drawer_in_territory_two() -> None:
    """From 211, drawn by a holder of Yong Zhou (2), invaders of three dice (2+4+6)
    attack his area there; drawn by someone holding nothing there, it is discarded."""
    state = at(211)
    kit.give(state, "fu-feng", "cao-cao")
    events.resolve(kit.board(state, 2, 4, 6), "xi-liang-invasion", "cao-cao")
    [battle] = state["round"]["battles"]
    assert (battle["area"], battle["defender"], battle["invader"]) == (
        "fu-feng", "cao-cao", "xi-liang-invasion")
    assert battle["force"]["units"] == {"infantry": 12}
    events.resolve(kit.board(state), "xi-liang-invasion", "sun-ce")
    assert len(state["round"]["battles"]) == 1
    assert pile(state) == (["xi-liang-invasion"], ["xi-liang-invasion"])


@pytest.mark.rule("chronicles:s6.2.e6.xun")
def test_xun_yu_and_xun_you_leave_in_their_years() -> None:
    """In 212 the card removes Xun Yu; Xun You (214) stays and the card is discarded; in
    214 both go and the card leaves the game."""
    state = at(212)
    events.resolve(kit.board(state), "xun-yu-xun-you", "cao-cao")
    assert state["generals"]["xun-yu"]["status"] == "removed"
    assert state["generals"]["xun-you"]["status"] == "ready"
    assert pile(state) == (["xun-yu-xun-you"], [])
    state = at(214)
    events.resolve(kit.board(state), "xun-yu-xun-you", "cao-cao")
    assert [state["generals"][g]["status"] for g in ("xun-yu", "xun-you")] == [
        "removed", "removed"]
    assert pile(state) == ([], ["xun-yu-xun-you"])


@pytest.mark.rule("chronicles:s6.2.e7.manpower")
@pytest.mark.rule("chronicles:s6.2.e10.tun-tian")
def test_manpower_shortage_and_tun_tian_last_this_round() -> None:
    """Manpower shortage doubles its drawer's recruiting this round; Tun Tian lets its
    drawer send two generals with one land counter this round."""
    state = at(197)
    events.resolve(kit.board(state), "manpower-shortage", "sun-ce")
    events.resolve(kit.board(state), "tun-tian-system", "liu-biao")
    assert state["round"]["effects"] == {"manpower-shortage": "sun-ce", "tun-tian": "liu-biao"}
    assert pile(state) == ([], ["manpower-shortage", "tun-tian-system"])


@pytest.mark.rule("chronicles:s6.2.e8.fall-of-a-star")
@pytest.mark.rule("chronicles:s2.3.5.bad-luck")
def test_fall_of_a_star_kills_a_general_past_his_year() -> None:
    """Counter 2 is Tian Feng (dies 200): in 200 he dies and the card leaves the game;
    counter 12 is Xun Yu (212): nothing, and the card is discarded."""
    state = at(200, players=4)
    events.resolve(kit.board(state, 2), "fall-of-a-star", "cao-cao")
    assert state["generals"]["tian-feng"]["status"] == "dead"
    assert pile(state) == ([], ["fall-of-a-star"])
    events.resolve(kit.board(state, 12), "fall-of-a-star", "cao-cao")
    assert state["generals"]["xun-yu"]["status"] == "ready"
    assert pile(state) == (["fall-of-a-star"], ["fall-of-a-star"])
    assert len(state["bad_luck"]) == 32


@pytest.mark.rule("chronicles:s6.2.e8.fall-of-a-star")
def test_fall_of_a_star_draw_two_tests_two_counters() -> None:
    """Draw 2 draws two more, each tested: a None is nothing, 3 (Ju Shou, 200) dies."""
    state = at(200, players=4)
    b = kit.board(state, 31, 29, 3)
    events.resolve(b, "fall-of-a-star", "sun-ce")
    assert state["generals"]["ju-shou"]["status"] == "dead"
    assert "Draw 2" in kit.log_text(b)


@pytest.mark.rule("chronicles:s6.2.e9.three-visits")
def test_three_personal_visits_bring_zhuge_liang_to_liu_bei() -> None:
    """From 206, drawn by Liu Bei, Zhuge Liang joins him; in 205 nothing happens."""
    state = at(205, players=5)
    events.resolve(kit.board(state), "three-personal-visits", "liu-bei")
    assert state["generals"]["zhuge-liang"]["status"] == "undiscovered"
    state = at(206, players=5)
    events.resolve(kit.board(state), "three-personal-visits", "liu-bei")
    assert state["generals"]["zhuge-liang"]["employer"] == "liu-bei"
    assert state["generals"]["zhuge-liang"]["status"] == "ready"
    assert pile(state) == ([], ["three-personal-visits"])
