"""16.0 and notes 58: exile, hosts, the lent area, recalls (rules/exile.py)."""

from __future__ import annotations

import copy

import pytest

from pbem.errors import IllegalAction
from pbem.games.chronicles.board import Board
from pbem.games.chronicles.rules import battle, completion, exile, muster, supplies
from tests.games.chronicles import kit

BIAO = ["jiang-ling", "xiang-yang", "jiang-xia", "chang-sha", "wu-ling", "ling-ling"]


def _landless_biao(to: str = "sun-ce") -> dict:
    """Liu Biao has lost every area (to Sun Ce by default)."""
    state = kit.position(3)
    for area in BIAO:
        kit.give(state, area, to)
    return state


def _hosted(host_area: str = "ru-nan") -> dict:
    """Liu Biao in exile, living on Cao Cao's Ru Nan."""
    state = _landless_biao()
    state["realms"]["liu-biao"]["exile"] = {"host": "cao-cao", "area": host_area,
                                            "out": False}
    return state


@pytest.mark.rule("chronicles:s14.other.exiled")
@pytest.mark.rule("chronicles:s16.highest")
@pytest.mark.rule("chronicles:s14.other.accept-exile")
def test_a_leader_with_no_area_goes_to_his_best_friend() -> None:
    """A seat left with no area goes into exile (-2 Influence) and joins the player he
    holds the highest level toward (Liu Biao: Cao Cao 5, Sun Ce 4), who gains 1."""
    state = _landless_biao()
    b = kit.board(state)
    completion.run(b)
    assert state["realms"]["liu-biao"]["exile"] == {"host": "cao-cao", "area": "ru-nan",
                                                    "out": False}
    assert (b.influence("liu-biao"), b.influence("cao-cao"), b.influence("sun-ce")) == (
        9, 13, 10)
    assert state["areas"]["ru-nan"]["holder"] == "cao-cao"
    assert exile.guest_of(b, "ru-nan") == "liu-biao"


@pytest.mark.rule("chronicles:s16.highest")
def test_ties_of_level_go_by_the_round_seat_order() -> None:
    """Equal levels: the host earlier in the round seat order is asked first (notes 58)."""
    state = _landless_biao(to="yuan-shu")
    state["relations"]["liu-biao"]["sun-ce"] = 5
    state["calendar"]["round"] = 2
    b = kit.board(state)
    exile.settle(b)
    assert state["realms"]["liu-biao"]["exile"]["host"] == "sun-ce"


@pytest.mark.rule("chronicles:s16.highest")
def test_the_exile_asks_the_player_he_named_first() -> None:
    """An exile whose standing order names a player asks him first, whatever the levels;
    the host lends the area his own standing order names."""
    state = _landless_biao(to="yuan-shu")
    state["orders"]["liu-biao"]["exile_to"] = "sun-ce"
    state["orders"]["sun-ce"]["exile_area"] = "wu-jun"
    b = kit.board(state)
    exile.settle(b)
    assert state["realms"]["liu-biao"]["exile"]["host"] == "sun-ce"
    assert state["realms"]["liu-biao"]["exile"]["area"] == "wu-jun"


@pytest.mark.rule("chronicles:s16.area")
def test_an_accepting_leader_lends_his_lowest_income_area() -> None:
    """By default the host lends his area with the lowest income (ties: data order):
    Sun Ce's Jian An (1)."""
    state = _landless_biao(to="yuan-shu")
    state["orders"]["cao-cao"]["exile_host"] = "refuse"
    b = kit.board(state)
    exile.settle(b)
    assert state["realms"]["liu-biao"]["exile"]["area"] == "jian-an"


@pytest.mark.rule("chronicles:s16.reject")
@pytest.mark.rule("chronicles:s14.other.refuse-exile")
@pytest.mark.rule("chronicles:s13.change.conflict")
def test_a_refusal_costs_the_refuser_and_the_next_is_asked() -> None:
    """Cao Cao refuses: he loses 1 Influence and both levels between them drop by 1; Sun
    Ce, asked next, takes Liu Biao in and gains 1."""
    state = _landless_biao(to="yuan-shu")
    state["orders"]["cao-cao"]["exile_host"] = "refuse"
    b = kit.board(state)
    exile.settle(b)
    assert (b.influence("cao-cao"), b.influence("sun-ce"), b.influence("liu-biao")) == (
        11, 11, 9)
    assert state["relations"]["cao-cao"]["liu-biao"] == 4
    assert state["relations"]["liu-biao"]["cao-cao"] == 4
    assert state["realms"]["liu-biao"]["exile"]["host"] == "sun-ce"
    assert "Cao Cao turns Liu Biao away" in kit.log_text(b)


@pytest.mark.rule("chronicles:s16.nh")
def test_nobody_accepts_so_the_best_non_human_takes_him() -> None:
    """Every player refuses: the non-human he holds the highest level toward (Zhang Xiu,
    7) takes him in and lends its lowest-income area (Xin Ye); no Influence for it."""
    state = _landless_biao(to="yuan-shu")
    for role in ("cao-cao", "sun-ce"):
        state["orders"][role]["exile_host"] = "refuse"
    b = kit.board(state)
    exile.settle(b)
    assert state["realms"]["liu-biao"]["exile"] == {"host": "zhang-xiu", "area": "xin-ye",
                                                    "out": False}
    assert (b.influence("cao-cao"), b.influence("sun-ce"), b.influence("liu-biao")) == (
        11, 9, 9)


@pytest.mark.rule("chronicles:s16.nh")
def test_with_no_host_at_all_his_game_is_over() -> None:
    """No player accepts and no non-human holds ground: the exile is out of the game and
    cannot win."""
    state = _landless_biao(to="sun-ce")
    for facts in state["areas"].values():
        if facts["holder"] not in state["seats"]:
            facts["holder"] = None
    for role in ("cao-cao", "sun-ce"):
        state["orders"][role]["exile_host"] = "refuse"
    state["realms"]["liu-biao"]["influence"] = 50
    b = kit.board(state)
    completion.run(b)
    assert state["realms"]["liu-biao"]["exile"]["out"] is True
    assert exile.is_out(b, "liu-biao")
    assert state["result"] is None
    assert "his game is over" in kit.log_text(b)


@pytest.mark.rule("chronicles:s16.recall")
def test_a_recalled_exile_gives_the_area_back_and_moves_on() -> None:
    """The host recalls the lent area; an exile whose standing order gives it back seeks
    a new host (not the one who recalled) with no new Influence lost."""
    state = _hosted()
    b = kit.board(state)
    exile.check_exile(b, "cao-cao", {"do": "season", "exile": {"recall": ["liu-biao"]}})
    exile.take_exile(b, {"cao-cao": {"do": "season", "exile": {"recall": ["liu-biao"]}}})
    assert state["realms"]["liu-biao"]["exile"] == {"host": "sun-ce", "area": "ling-ling",
                                                    "out": False}
    assert (b.influence("liu-biao"), b.influence("sun-ce")) == (11, 11)


@pytest.mark.rule("chronicles:s16.recall")
@pytest.mark.rule("chronicles:s14.other.exile-keeps-land")
@pytest.mark.rule("chronicles:s13.change.conflict")
def test_an_exile_who_keeps_the_area_pays_for_it() -> None:
    """An exile whose standing order refuses to give the area back stays on it, loses 1
    Influence, and both levels between him and the host drop by 1."""
    state = _hosted()
    state["orders"]["liu-biao"]["give_back"] = "no"
    b = kit.board(state)
    exile.take_exile(b, {"cao-cao": {"do": "season", "exile": {"recall": ["liu-biao"]}}})
    assert state["realms"]["liu-biao"]["exile"]["area"] == "ru-nan"
    assert b.influence("liu-biao") == 10
    assert state["relations"]["liu-biao"]["cao-cao"] == 4
    assert state["relations"]["cao-cao"]["liu-biao"] == 4


@pytest.mark.rule("chronicles:s16.recall")
def test_an_exile_may_give_the_area_back_of_his_own_accord() -> None:
    """An exile may give the lent area back in his season orders and seek a new host."""
    state = _hosted()
    b = kit.board(state)
    exile.take_exile(b, {"liu-biao": {"do": "season", "exile": {"give_back": True}}})
    assert state["realms"]["liu-biao"]["exile"]["host"] == "sun-ce"


@pytest.mark.rule("chronicles:s14.other.exiled")
def test_a_leader_may_choose_exile() -> None:
    """A player may go into exile by his season orders: he leaves his areas to nobody,
    loses 2 Influence and joins a host."""
    state = kit.position(3)
    b = kit.board(state)
    order = {"do": "season", "exile": {"go": True}}
    exile.check_exile(b, "sun-ce", order)
    exile.take_exile(b, {"sun-ce": order})
    assert b.areas_of("sun-ce") == []
    assert state["areas"]["wu-jun"]["holder"] is None
    assert b.influence("sun-ce") == 8
    assert state["realms"]["sun-ce"]["exile"]["host"] == "cao-cao"


@pytest.mark.rule("chronicles:s16.recall")
@pytest.mark.rule("chronicles:s14.other.exiled")
@pytest.mark.parametrize(("role", "part", "rule"), [
    ("sun-ce", {"recall": ["liu-biao"]}, "s16.recall"),
    ("cao-cao", {"give_back": True}, "s16.recall"),
    ("liu-biao", {"go": True}, "s14.other.exiled"),
    ("cao-cao", {"flee": True}, "s16.highest"),
])
def test_impossible_exile_orders_are_refused(role: str, part: dict, rule: str) -> None:
    """Recalling an area one did not lend, giving back an area one does not hold on loan,
    going into exile when already there, or an unknown key: refused, nothing changed."""
    state = _hosted()
    before = copy.deepcopy(state)
    b = kit.board(state)
    with pytest.raises(IllegalAction) as err:
        exile.check_exile(b, role, {"do": "season", "exile": part})
    assert err.value.rule == rule
    assert state == before


@pytest.mark.rule("chronicles:s16.area")
def test_an_exile_whose_host_loses_the_area_seeks_another() -> None:
    """When the lent area passes out of the host's hands the exile looks for a new host,
    losing no Influence again."""
    state = _hosted()
    kit.give(state, "ru-nan", "yuan-shu")
    b = kit.board(state)
    exile.settle(b)
    assert state["realms"]["liu-biao"]["exile"]["host"] == "sun-ce"
    assert b.influence("liu-biao") == 11


@pytest.mark.rule("chronicles:s16.area")
def test_an_exile_who_wins_ground_of_his_own_is_home() -> None:
    """An exile holding an area of his own again (a rebellion won, notes 58) is no longer
    in exile."""
    state = _hosted()
    kit.give(state, "ling-ling", "liu-biao")
    b = kit.board(state)
    exile.settle(b)
    assert state["realms"]["liu-biao"]["exile"] is None
    assert exile.guest_of(b, "ru-nan") is None


def _rebel(state: dict, *entries: dict, plans: list | None = None, dice: tuple = ()) -> Board:
    """Liu Biao's (and others') muster entries placed; the battle phase fought."""
    b = kit.board(state, *dice)
    orders: dict = {"liu-biao": {"do": "season", "muster": list(entries),
                                 "plans": plans or []}}
    muster.check_muster(b, "liu-biao", orders["liu-biao"])
    muster.place_all(b, orders, 1)
    supplies.close(b)
    battle.fight_all(b)
    return b


REBEL = {"area": "ru-nan", "side": "invade", "from": "yu-zhou",
         "generals": ["cai-mao"], "units": {"infantry": 4}}


@pytest.mark.rule("chronicles:s16.rebel")
def test_an_exile_rebels_in_his_lent_area() -> None:
    """An exile may rise against his host in the area lent to him, from that area's own
    territory; it is fought as a battle. Cao Cao leaves Ru Nan unguarded: Liu Biao wins,
    takes it (Influence for the battle and the area, the land value rises), and his exile
    ends at the completion phase."""
    state = _hosted()
    b = _rebel(state, REBEL)
    x = state["round"]["battles"][0]
    assert x["invader"] == "liu-biao" and x["defender"] == "cao-cao"
    assert x["result"]["winner"] == "liu-biao"
    assert state["areas"]["ru-nan"]["holder"] == "liu-biao"
    assert state["lands"]["yu-zhou"]["land_value"] == kit.position(3)["lands"]["yu-zhou"][
        "land_value"] + 1
    assert b.influence("liu-biao") == 11 + 1 + 1
    assert "rebels in Ru Nan, the area lent to him" in kit.log_text(b)
    completion.run(b)
    assert state["realms"]["liu-biao"]["exile"] is None


@pytest.mark.rule("chronicles:s16.rebel")
def test_a_rebellion_is_fought_against_the_hosts_defence() -> None:
    """The host defends the lent area like any other: Liu Biao's plan withdraws at once
    and the area stays Cao Cao's, but the conflict costs both a level."""
    state = _hosted()
    b = _rebel(state, REBEL, plans=[{"area": "ru-nan", "first": "retreat"}])
    assert state["areas"]["ru-nan"]["holder"] == "cao-cao"
    assert exile.guest_of(b, "ru-nan") == "liu-biao"
    assert (b.relation("liu-biao", "cao-cao"), b.relation("cao-cao", "liu-biao")) == (4, 4)


@pytest.mark.rule("chronicles:s16.rebel")
def test_an_exile_rebels_only_in_his_own_lent_area() -> None:
    """An exile holds no ground to launch other invasions from: another area of the same
    territory, or his lent area launched from elsewhere, is refused, and nothing
    changes."""
    state = _hosted()
    b = kit.board(state)
    for entry in ({**REBEL, "area": "xu-chang"}, {**REBEL, "from": "yan-zhou"}):
        before = copy.deepcopy(state)
        with pytest.raises(IllegalAction) as err:
            muster.check_muster(b, "liu-biao", {"muster": [entry]})
        assert err.value.rule == "s9.0.invade"
        assert state == before
    muster.check_muster(b, "liu-biao", {"muster": [REBEL]})
