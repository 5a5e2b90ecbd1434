"""Phase 3, trade (7.0; notes 20, 56) and loans from non-human leaders (13.0 points 3-4;
notes 21): the checks made when an order is given, and what happens when the season
orders open."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from pbem.errors import IllegalAction
from pbem.games.chronicles.rules import trades
from tests.games.chronicles import kit


def stocked(players: int = 3) -> dict[str, Any]:
    """Spring 196 with a few cards, counters and objects in hand."""
    state = kit.position(players)
    state["realms"]["cao-cao"].update(cards=["fire-trap"], counters=["land", "diplomacy"],
                                      objects=["princess", "guards"])
    state["realms"]["sun-ce"].update(cards=["ambush"], counters=["espionage"],
                                     objects=["fine-horse"])
    return state


def entry(other: str, give: dict[str, Any], get: dict[str, Any]) -> dict[str, Any]:
    return {"with": other, "give": give, "get": get}


def refused(state: dict[str, Any], role: str, order: dict[str, Any]) -> IllegalAction:
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction) as caught:
        trades.check_trades(kit.board(state), role, order)
    assert state == before
    return caught.value


CAO = {"gold": 4, "cards": ["fire-trap"], "counters": ["land"]}
SUN = {"gold": 2, "objects": ["fine-horse"]}


@pytest.mark.rule("chronicles:s7.0.tradables")
@pytest.mark.rule("chronicles:s7.1.unlimited")
@pytest.mark.rule("chronicles:s2.3.4.keep")
def test_matched_trade_moves_gold_cards_counters_and_objects() -> None:
    """Two mirror entries make a trade: Cao Cao's 4 gold, stratagem card and land counter
    for Sun Ce's 2 gold and fine horse; a second trade of Cao Cao's with Liu Biao goes
    through in the same orders."""
    state = stocked()
    orders = {
        "cao-cao": {"do": "season", "trades": [
            entry("sun-ce", CAO, SUN),
            entry("liu-biao", {"counters": ["diplomacy"]}, {"gold": 3})]},
        "sun-ce": {"do": "season", "trades": [entry("cao-cao", SUN, CAO)]},
        "liu-biao": {"do": "season", "trades": [
            entry("cao-cao", {"gold": 3}, {"counters": ["diplomacy"]})]},
    }
    b = kit.board(state)
    for role, order in orders.items():
        trades.check_trades(b, role, order)
    trades.take_all(b, orders)
    cao, sun, biao = (state["realms"][r] for r in ("cao-cao", "sun-ce", "liu-biao"))
    assert (cao["gold"], sun["gold"], biao["gold"]) == (16 - 4 + 2 + 3, 12 + 4 - 2, 12)
    assert cao["cards"] == [] and sun["cards"] == ["ambush", "fire-trap"]
    assert cao["counters"] == [] and sun["counters"] == ["espionage", "land"]
    assert biao["counters"] == ["diplomacy"]
    assert cao["objects"] == ["princess", "guards", "fine-horse"] and sun["objects"] == []
    assert "Cao Cao gives Sun Ce 4 gold, fire-trap, land for 2 gold, fine-horse" in (
        kit.log_text(b))


@pytest.mark.rule("chronicles:s7.0.tradables")
def test_unmatched_entry_is_shown_but_nothing_moves() -> None:
    """An entry without its exact mirror is no trade; the offer is still shown to all."""
    state = stocked()
    orders = {"cao-cao": {"trades": [entry("sun-ce", CAO, SUN)]},
              "sun-ce": {"trades": [entry("cao-cao", {"gold": 1}, CAO)]}}
    b = kit.board(state)
    before = copy.deepcopy(state["realms"])
    trades.take_all(b, orders)
    assert state["realms"] == before
    text = kit.log_text(b)
    assert "Cao Cao offers Sun Ce 4 gold, fire-trap, land for 2 gold, fine-horse" in text
    assert "Cao Cao's offer to Sun Ce has no matching entry: no trade" in text


@pytest.mark.rule("chronicles:s7.3.relations")
def test_no_trade_at_level_0_or_1_either_way() -> None:
    """A level of 1 held by Sun Ce toward Cao Cao bars Cao Cao's offer too, naming 7.0
    point 3; a barred pair's matched entries do nothing when the orders open."""
    state = stocked()
    state["relations"]["sun-ce"]["cao-cao"] = 1
    error = refused(state, "cao-cao", {"trades": [entry("sun-ce", CAO, SUN)]})
    assert error.rule == "s7.3.relations"
    before = copy.deepcopy(state["realms"])
    b = kit.board(state)
    trades.take_all(b, {"cao-cao": {"trades": [entry("sun-ce", CAO, SUN)]},
                        "sun-ce": {"trades": [entry("cao-cao", SUN, CAO)]}})
    assert state["realms"] == before


@pytest.mark.rule("chronicles:s2.3.4.princess")
def test_the_princess_is_never_traded() -> None:
    """Neither offering nor asking for the princess is allowed."""
    state = stocked()
    assert refused(state, "cao-cao", {"trades": [
        entry("sun-ce", {"objects": ["princess"]}, {})]}).rule == "s2.3.4.princess"
    assert refused(state, "sun-ce", {"trades": [
        entry("cao-cao", {}, {"objects": ["princess"]})]}).rule == "s2.3.4.princess"


@pytest.mark.rule("chronicles:s7.0.tradables")
def test_only_what_is_held_may_be_offered() -> None:
    """Gold offered over all entries must be held (20 of 16 is refused), and so must each
    card, counter and object offered."""
    state = stocked()
    assert refused(state, "cao-cao", {"trades": [
        entry("sun-ce", {"gold": 10}, {}), entry("liu-biao", {"gold": 10}, {})]}
    ).rule == "s7.0.tradables"
    assert refused(state, "cao-cao", {"trades": [
        entry("sun-ce", {"cards": ["ambush"]}, {})]}).rule == "s7.0.tradables"
    assert refused(state, "cao-cao", {"trades": [
        entry("cao-cao", {"gold": 1}, {})]}).rule == "s7.0.tradables"


@pytest.mark.rule("chronicles:s7.0.tradables")
def test_an_item_gone_or_just_received_drops_the_whole_trade() -> None:
    """What a seat gives must be his before the trades: Sun Ce cannot pass on the card he
    receives from Cao Cao, so his trade with Liu Biao is dropped whole, with a log line;
    Cao Cao's trade still goes through."""
    state = stocked()
    orders = {
        "cao-cao": {"trades": [entry("sun-ce", {"cards": ["fire-trap"]}, {"gold": 2})]},
        "sun-ce": {"trades": [entry("cao-cao", {"gold": 2}, {"cards": ["fire-trap"]}),
                              entry("liu-biao", {"cards": ["fire-trap"]}, {"gold": 5})]},
        "liu-biao": {"trades": [entry("sun-ce", {"gold": 5}, {"cards": ["fire-trap"]})]},
    }
    b = kit.board(state)
    trades.take_all(b, orders)
    assert state["realms"]["sun-ce"]["cards"] == ["ambush", "fire-trap"]
    assert state["realms"]["liu-biao"]["gold"] == 15
    assert state["realms"]["sun-ce"]["gold"] == 10
    assert ("Sun Ce no longer has fire-trap: the trade between Sun Ce and Liu Biao is "
            "dropped") in kit.log_text(b)


@pytest.mark.rule("chronicles:s7.6.prisoners")
def test_prisoners_go_only_back_to_their_own_leader() -> None:
    """Cao Cao's prisoner Zhou Yu may be traded to Sun Ce, his leader, not to Liu Biao;
    traded back he serves Sun Ce again."""
    state = stocked()
    state["generals"]["zhou-yu"].update(status="captive", captor="cao-cao")
    assert refused(state, "cao-cao", {"trades": [
        entry("liu-biao", {"captives": ["zhou-yu"]}, {"gold": 5})]}).rule == "s7.6.prisoners"
    assert refused(state, "liu-biao", {"trades": [
        entry("cao-cao", {"gold": 5}, {"captives": ["zhou-yu"]})]}).rule == "s7.6.prisoners"
    orders = {"cao-cao": {"trades": [entry("sun-ce", {"captives": ["zhou-yu"]}, {"gold": 5})]},
              "sun-ce": {"trades": [entry("cao-cao", {"gold": 5}, {"captives": ["zhou-yu"]})]}}
    b = kit.board(state)
    for role, order in orders.items():
        trades.check_trades(b, role, order)
    trades.take_all(b, orders)
    assert state["generals"]["zhou-yu"]["status"] == "ready"
    assert state["generals"]["zhou-yu"]["captor"] is None
    assert state["generals"]["zhou-yu"]["employer"] == "sun-ce"
    assert state["realms"]["cao-cao"]["gold"] == 21


@pytest.mark.rule("chronicles:s18.3.sell-influence")
@pytest.mark.rule("chronicles:s18.1.no-table")
def test_ma_teng_sells_influence_and_nothing_bars_trading_with_him() -> None:
    """Ma Teng may trade Influence (others may not); as he has no levels, even a level
    of 0 held toward him bars nothing (notes 56)."""
    state = stocked(players=7)
    state["relations"]["cao-cao"]["ma-teng"] = 0
    assert refused(state, "cao-cao", {"trades": [
        entry("ma-teng", {"influence": 1}, {})]}).rule == "s18.3.sell-influence"
    assert refused(state, "cao-cao", {"trades": [
        entry("sun-ce", {}, {"influence": 1})]}).rule == "s18.3.sell-influence"
    orders = {"ma-teng": {"trades": [entry("cao-cao", {"influence": 2}, {"gold": 5})]},
              "cao-cao": {"trades": [entry("ma-teng", {"gold": 5}, {"influence": 2})]}}
    b = kit.board(state)
    for role, order in orders.items():
        trades.check_trades(b, role, order)
    trades.take_all(b, orders)
    assert state["realms"]["ma-teng"]["influence"] == 8
    assert state["realms"]["cao-cao"]["influence"] == 14
    assert state["realms"]["ma-teng"]["gold"] == 15


@pytest.mark.rule("chronicles:s13.3.borrow-gold")
def test_gold_loan_at_level_8() -> None:
    """At level 8 toward a non-human, a player borrows one die of gold, due next spring;
    at 7 the loan is refused, and a second loan from the same lender too."""
    state = stocked()
    state["relations"]["cao-cao"]["yang-feng"] = 7
    assert refused(state, "cao-cao", {"loans": [{"from": "yang-feng", "take": "gold"}]}
                   ).rule == "s13.3.borrow-gold"
    state["relations"]["cao-cao"]["yang-feng"] = 8
    order = {"loans": [{"from": "yang-feng", "take": "gold"}]}
    b = kit.board(state, 4)
    trades.check_trades(b, "cao-cao", order)
    trades.take_all(b, {"cao-cao": order})
    assert state["realms"]["cao-cao"]["gold"] == 20
    assert state["realms"]["cao-cao"]["loans"] == [
        {"from": "yang-feng", "kind": "gold", "amount": 4, "due": 197}]
    assert refused(state, "cao-cao", order).rule == "s13.3.borrow-gold"
    assert refused(state, "cao-cao", {"loans": [{"from": "sun-ce", "take": "gold"}]}
                   ).rule == "s13.3.borrow-gold"


@pytest.mark.rule("chronicles:s13.4.borrow-armies")
def test_army_loan_at_level_9_pays_basic_supplies() -> None:
    """At level 9 a player may borrow one die of infantry (5), paying their basic
    supplies at once (3 gold); at level 8 only gold may be borrowed."""
    state = stocked()
    state["relations"]["cao-cao"]["yang-feng"] = 8
    order = {"loans": [{"from": "yang-feng", "take": "armies"}]}
    assert refused(state, "cao-cao", order).rule == "s13.4.borrow-armies"
    state["relations"]["cao-cao"]["yang-feng"] = 9
    b = kit.board(state, 5)
    trades.take_all(b, {"cao-cao": order})
    assert state["realms"]["cao-cao"]["units"]["infantry"] == 13
    assert state["realms"]["cao-cao"]["gold"] == 13
    assert state["realms"]["cao-cao"]["loans"] == [
        {"from": "yang-feng", "kind": "armies", "amount": 5, "due": 197}]


def test_orders_without_trades_are_taken_from_a_leader_below_zero_influence() -> None:
    """Influence may fall below zero; orders that offer no Influence are not refused for
    it."""
    state = kit.position(3)
    state["realms"]["sun-ce"]["influence"] = -2
    trades.check_trades(kit.board(state), "sun-ce", {"do": "season"})
    trades.check_trades(kit.board(state), "sun-ce", {"do": "season", "trades": []})
