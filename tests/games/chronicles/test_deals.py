"""Agreements of the trading phase acting later in the round (notes 20, 23, 60): who pays a
helper's supplies (9.0 point 6), land sales (7.0 point 4), army sales (7.0 point 5)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from pbem.errors import IllegalAction
from pbem.games.chronicles.board import Board
from pbem.games.chronicles.rules import actions, battle, deals, muster, resolution, supplies
from tests.games.chronicles import kit

FIVE = ["cao-cao", "sun-ce", "liu-biao", "yuan-shao", "liu-bei"]


def board(*dice: int) -> Board:
    return kit.board(kit.position(leaders=FIVE), *dice)


def refused(b: Board, role: str, order: dict[str, Any], rule: str) -> None:
    before = copy.deepcopy(b.s)
    with pytest.raises(IllegalAction) as err:
        deals.check_deals(b, role, order)
    assert err.value.rule == rule
    assert b.s == before


def season(b: Board, orders: dict[str, dict[str, Any]]) -> None:
    """The season orders open: checked, recorded, actions and musters placed."""
    for role, order in orders.items():
        deals.check_deals(b, role, order)
        actions.check_actions(b, role, order)
        muster.check_muster(b, role, order)
    b.s["round"]["orders"] = orders
    actions.place_all(b, orders)
    muster.place_all(b, orders, 1)
    supplies.close(b)


# ------------------------------------------------------------------ supplies

PAYS = {"supplies": "sun-ce", "payer": "liu-bei"}
CAO_INVADES = {"area": "xia-pi", "side": "invade", "from": "yan-zhou",
               "generals": ["xiahou-dun"], "units": {"infantry": 4}}
SUN_HELPS = {"area": "xia-pi", "side": "help", "helps": "liu-bei",
             "from": "yang-zhou-north", "generals": ["zhou-yu"], "units": {"infantry": 4}}


@pytest.mark.rule("chronicles:s9.6.who-pays")
def test_helped_player_pays_the_agreed_supplies() -> None:
    """When the helper and the helped both write that the helped pays, the helper's
    supplies (4 infantry into Xu Zhou, x1: 2 gold) come out of the helped player's gold."""
    b = board()
    season(b, {"cao-cao": {"muster": [CAO_INVADES]},
               "sun-ce": {"deals": [PAYS], "muster": [SUN_HELPS]},
               "liu-bei": {"deals": [PAYS]}})
    assert (b.gold("sun-ce"), b.gold("liu-bei")) == (12, 10 - 2)
    assert "Liu Bei pays 2 gold of supplies for Sun Ce's forces in Xia Pi" in kit.log_text(b)


@pytest.mark.rule("chronicles:s9.6.who-pays")
def test_without_both_words_the_helper_pays() -> None:
    """An agreement only the helped player wrote binds nobody: the helper pays his own."""
    b = board()
    season(b, {"cao-cao": {"muster": [CAO_INVADES]},
               "sun-ce": {"muster": [SUN_HELPS]},
               "liu-bei": {"deals": [PAYS]}})
    assert (b.gold("sun-ce"), b.gold("liu-bei")) == (12 - 2, 10)


@pytest.mark.rule("chronicles:s9.6.who-pays")
def test_supplies_deal_needs_two_players_one_of_them_the_writer() -> None:
    """A supplies agreement is between the helper and another player, and its writer is
    one of them."""
    b = board()
    refused(b, "cao-cao", {"deals": [PAYS]}, deals.SUPPLIES)
    refused(b, "sun-ce", {"deals": [{"supplies": "sun-ce", "payer": "sun-ce"}]},
            deals.SUPPLIES)
    refused(b, "sun-ce", {"deals": [{"supplies": "sun-ce", "payer": "lu-bu"}]},
            deals.SUPPLIES)
    refused(b, "sun-ce", {"deals": [{**PAYS, "price": 3}]}, deals.SUPPLIES)


# ------------------------------------------------------------------ land

SALE = {"land": "xia-pi", "seller": "liu-bei", "buyer": "cao-cao", "price": 5}
TAKE = {"area": "xia-pi", "side": "invade", "from": "yan-zhou", "generals": ["xiahou-dun"]}
GUARD = {"area": "xia-pi", "side": "defend", "generals": ["jian-yong"],
         "units": {"infantry": 2}}


@pytest.mark.rule("chronicles:s7.4.land")
def test_agreed_land_sale_passes_the_area_without_a_battle() -> None:
    """Land is sold by an agreed invasion: when Cao Cao's invasion of Xia Pi comes up, no
    battle is fought (no die is rolled); the area becomes his, he pays Liu Bei the 5 gold
    agreed, and nobody's Influence, relations or the land value change; Liu Bei's
    defenders go home."""
    b = board()
    season(b, {"cao-cao": {"deals": [SALE], "muster": [TAKE]},
               "liu-bei": {"deals": [SALE], "muster": [GUARD]}})
    before = (copy.deepcopy(b.s["relations"]), b.s["lands"]["xu-zhou"]["land_value"],
              b.influence("cao-cao"), b.influence("liu-bei"))
    battle.fight_all(b)
    assert b.holder("xia-pi") == "cao-cao"
    assert (b.gold("cao-cao"), b.gold("liu-bei")) == (16 - 5, 10 + 5)
    assert before == (b.s["relations"], b.s["lands"]["xu-zhou"]["land_value"],
                      b.influence("cao-cao"), b.influence("liu-bei"))
    assert b.realm("liu-bei")["units"]["infantry"] == 5
    assert b.s["round"]["battles"][0]["result"]["how"] == "sold"
    assert kit.rolled(b) == []


@pytest.mark.rule("chronicles:s7.4.land")
@pytest.mark.parametrize("case", ["one-sided", "no-gold", "no-general"])
def test_land_sale_that_does_not_hold_is_an_invasion(case: str) -> None:
    """Without both parties' words, without the buyer's gold for the price when the
    invasion comes up, or without one of his generals taking the area, there is no sale:
    the invasion is fought as any other (here Cao Cao's plan withdraws at once)."""
    b = board()
    take = TAKE if case != "no-general" else {**TAKE, "generals": [],
                                                "units": {"infantry": 1}}
    orders = {"cao-cao": {"deals": [SALE], "muster": [take],
                          "plans": [{"area": "xia-pi", "first": "retreat"}]},
              "liu-bei": {"deals": [] if case == "one-sided" else [SALE]}}
    season(b, orders)
    if case == "no-gold":
        b.realm("cao-cao")["gold"] = 4
    gold = b.gold("cao-cao")
    battle.fight_all(b)
    assert b.holder("xia-pi") == "liu-bei"
    assert b.gold("cao-cao") == gold
    assert b.s["round"]["battles"][0]["result"]["how"] == "invader withdrew"


@pytest.mark.rule("chronicles:s7.4.land")
@pytest.mark.rule("chronicles:s7.3.relations")
def test_land_sale_refused_when_it_cannot_be_made() -> None:
    """A sale names an area its seller holds, a whole price, and two players who may
    trade (a level of 0 or 1 bars it)."""
    b = board()
    refused(b, "cao-cao", {"deals": [{**SALE, "land": "chen-liu"}]}, deals.LAND)
    refused(b, "cao-cao", {"deals": [{**SALE, "price": -1}]}, deals.LAND)
    refused(b, "sun-ce", {"deals": [SALE]}, deals.LAND)
    b.s["relations"]["liu-bei"]["cao-cao"] = 1
    refused(b, "cao-cao", {"deals": [SALE]}, deals.RELATIONS)


# ------------------------------------------------------------------ armies

ARMY_SALE = {"armies": {"infantry": 3}, "seller": "liu-bei", "buyer": "cao-cao",
             "price": 4}
BUY = {"counter": "diplomacy", "general": "xun-yu", "buy": "liu-bei", "territory": "xu-zhou"}


def army_board() -> Board:
    b = board()
    b.realm("cao-cao")["counters"] = ["diplomacy"]
    return b


@pytest.mark.rule("chronicles:s7.5.armies")
@pytest.mark.rule("chronicles:s7.5.supply")
def test_army_sale_by_a_diplomatic_counter_on_the_sellers_territory() -> None:
    """Armies are bought with a diplomatic relations counter placed on the seller's
    territory: at the resolution phase 3 infantry pass from Liu Bei's pool to Cao Cao's,
    Cao Cao pays the agreed 4 gold, and on receipt 2 gold of basic supplies (3 x 1/2,
    rounded up). No die is rolled."""
    b = army_board()
    season(b, {"cao-cao": {"deals": [ARMY_SALE], "actions": [BUY]},
               "liu-bei": {"deals": [ARMY_SALE]}})
    resolution.run(b)
    assert b.realm("cao-cao")["units"]["infantry"] == 8 + 3
    assert b.realm("liu-bei")["units"]["infantry"] == 5 - 3
    assert (b.gold("cao-cao"), b.gold("liu-bei")) == (16 - 4 - 2, 10 + 4)
    assert "Cao Cao pays 2 gold of basic supplies for them" in kit.log_text(b)
    assert kit.rolled(b) == []


@pytest.mark.rule("chronicles:s7.5.supply")
def test_basic_supplies_of_bought_armies() -> None:
    """Half a gold per infantry unit, the total rounded up; one per cavalry or naval."""
    b = board()
    assert deals.basic_supplies(b, {"infantry": 1}) == 1
    assert deals.basic_supplies(b, {"infantry": 4}) == 2
    assert deals.basic_supplies(b, {"infantry": 3, "cavalry-2": 1, "naval-1": 2}) == 5


@pytest.mark.rule("chronicles:s7.5.armies")
@pytest.mark.parametrize("case", ["one-sided", "no-units", "no-gold", "barred"])
def test_army_sale_that_cannot_be_made_moves_nothing(case: str) -> None:
    """Nothing moves without both parties' words, when the seller no longer has the
    units, when the buyer cannot pay the price and the supplies, or when their relation
    has fallen to a level that bars trading."""
    b = army_board()
    season(b, {"cao-cao": {"deals": [ARMY_SALE], "actions": [BUY]},
               "liu-bei": {"deals": [] if case == "one-sided" else [ARMY_SALE]}})
    if case == "no-units":
        b.realm("liu-bei")["units"]["infantry"] = 2
    if case == "no-gold":
        b.realm("cao-cao")["gold"] = 5
    if case == "barred":
        b.s["relations"]["cao-cao"]["liu-bei"] = 0
    units = copy.deepcopy((b.realm("cao-cao")["units"], b.realm("liu-bei")["units"]))
    gold = (b.gold("cao-cao"), b.gold("liu-bei"))
    resolution.run(b)
    assert (b.realm("cao-cao")["units"], b.realm("liu-bei")["units"]) == units
    assert (b.gold("cao-cao"), b.gold("liu-bei")) == gold


@pytest.mark.rule("chronicles:s7.5.armies")
def test_buying_counter_refused_when_misplaced() -> None:
    """The buying counter goes on a territory where the seller holds an area, is bought
    from another player, and carries no gold or object; an army sale sells units."""
    b = army_board()
    for act in ({**BUY, "territory": "yan-zhou"}, {**BUY, "buy": "cao-cao"},
                {**BUY, "buy": "lu-bu"}, {**BUY, "gold": 2}):
        before = copy.deepcopy(b.s)
        with pytest.raises(IllegalAction) as err:
            actions.check_actions(b, "cao-cao", {"actions": [act]})
        assert err.value.rule == deals.ARMIES
        assert b.s == before
    refused(b, "cao-cao", {"deals": [{**ARMY_SALE, "armies": {"infantry": 0}}]},
            deals.ARMIES)
    refused(b, "cao-cao", {"deals": [{**ARMY_SALE, "armies": {"elephants": 2}}]},
            deals.ARMIES)
