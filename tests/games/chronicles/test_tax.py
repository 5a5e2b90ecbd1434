"""Phase 1, collect tax (4.1, 5.0; notes 11, 12, 14, 21, 56), and 6.0's maintenance of
units still engaged in a battle carried over."""

from __future__ import annotations

from typing import Any

import pytest

from pbem.games.chronicles.rules import tax
from tests.games.chronicles import kit


def spring(players: int = 3, year: int = 197) -> dict[str, Any]:
    state = kit.position(players)
    kit.at(state, "spring", year, 5 + (year - 197) * 4)
    return state


def carried(state: dict[str, Any], who: str, units: dict[str, int]) -> dict[str, int]:
    """A battle carried over with ``who``'s force standing in it; its units dict."""
    force = {"who": who, "side": "invade", "from": "yu-zhou", "generals": [],
             "units": dict(units), "gold": 0, "helps": None, "round": 1}
    state["round"]["battles"].append(
        {"id": "b1", "area": "pei-cheng", "territory": "yu-zhou", "defender": "lu-bu",
         "invader": who, "cause": "invasion", "force": None, "forces": [force],
         "plans": {}, "status": "carried"})
    return force["units"]


@pytest.mark.rule("chronicles:s4.1.1.spring")
@pytest.mark.rule("chronicles:s5.0.when")
def test_no_tax_in_the_first_round_or_outside_spring() -> None:
    """Income and maintenance come only in spring, and Spring 196 has neither (notes 12);
    a summer round collects nothing either."""
    state = kit.position(3)
    b = kit.board(state)
    tax.collect(b)
    assert state["realms"]["cao-cao"]["gold"] == 16
    kit.at(state, "summer", 197, 6)
    tax.collect(kit.board(state))
    assert state["realms"]["cao-cao"]["gold"] == 16
    assert state["realms"]["cao-cao"]["units"]["infantry"] == 8


@pytest.mark.rule("chronicles:s5.0.whole")
@pytest.mark.rule("chronicles:s5.0.partial")
@pytest.mark.rule("chronicles:s5.2.announce")
@pytest.mark.rule("chronicles:s5.3.maintenance")
def test_income_whole_and_partial_then_maintenance() -> None:
    """Cao Cao holds Yan Zhou whole (large left figure 10) and two areas of Yu Zhou (small
    figures 4 and 2): 16 gold, announced; then 8 infantry at 1 and 3 cavalry at 2 cost 14."""
    state = spring()
    b = kit.board(state)
    tax.collect(b)
    text = kit.log_text(b)
    assert "Cao Cao collects 16 gold of income (Xu Chang 4, Ru Nan 2, Yan Zhou 10)" in text
    assert "Cao Cao pays 14 gold of yearly maintenance: 18 left" in text
    assert state["realms"]["cao-cao"]["gold"] == 16 + 16 - 14
    assert state["realms"]["cao-cao"]["influence"] == 12


@pytest.mark.rule("chronicles:s5.1.developed")
@pytest.mark.rule("chronicles:s5.1.partial-undeveloped")
def test_developed_land_pays_the_right_figure_only_to_a_whole_holder() -> None:
    """At land value 0 a whole territory pays its right figure (Yan Zhou 14); a partial
    holder still takes the areas' left figures (Xu Chang 4, not 5) (notes 14)."""
    state = spring()
    state["lands"]["yan-zhou"]["land_value"] = 0
    state["lands"]["yu-zhou"]["land_value"] = 0
    b = kit.board(state)
    assert tax.income(b, "cao-cao") == (20, ["Xu Chang 4", "Ru Nan 2",
                                             "Yan Zhou 14 (developed)"])


@pytest.mark.rule("chronicles:s5.3.maintenance")
def test_units_standing_in_a_carried_battle_pay_the_yearly_maintenance() -> None:
    """Every unit pays once a year, those on the map in a battle carried over too: 2
    infantry and 1 cavalry there add 4 gold to Cao Cao's 14."""
    state = spring()
    carried(state, "cao-cao", {"infantry": 2, "cavalry-2": 1})
    tax.collect(kit.board(state))
    assert state["realms"]["cao-cao"]["gold"] == 32 - 18


@pytest.mark.rule("chronicles:s5.4.collapse")
@pytest.mark.rule("chronicles:s14.dev.collapse")
def test_economic_collapse_dissolves_costly_units_first() -> None:
    """Short of gold, units are dissolved until the rest can be paid, costly ones first by
    default (notes 11), and the collapse costs 2 Influence: 16 gold for 20 due (10
    infantry, 5 cavalry) dissolves 2 cavalry."""
    state = spring()
    state["realms"]["cao-cao"]["gold"] = 0
    state["realms"]["cao-cao"]["units"].update(infantry=10, **{"cavalry-2": 5})
    b = kit.board(state)
    tax.collect(b)
    realm = state["realms"]["cao-cao"]
    assert realm["units"]["cavalry-2"] == 3
    assert realm["units"]["infantry"] == 10
    assert realm["gold"] == 0
    assert realm["influence"] == 10
    assert "economic collapse, 2 Level 2 Cavalry dissolved" in kit.log_text(b)


@pytest.mark.rule("chronicles:s5.4.collapse")
def test_collapse_by_the_infantry_first_standing_order() -> None:
    """The standing order `collapse: infantry-first` dissolves infantry before anything
    else: 20 due on 16 gold costs 4 infantry."""
    state = spring()
    state["realms"]["cao-cao"]["gold"] = 0
    state["realms"]["cao-cao"]["units"].update(infantry=10, **{"cavalry-2": 5})
    state["orders"]["cao-cao"]["collapse"] = "infantry-first"
    tax.collect(kit.board(state))
    realm = state["realms"]["cao-cao"]
    assert (realm["units"]["infantry"], realm["units"]["cavalry-2"]) == (6, 5)
    assert realm["gold"] == 0
    assert realm["influence"] == 10


@pytest.mark.rule("chronicles:s5.4.collapse")
def test_collapse_takes_pool_units_before_units_on_the_map() -> None:
    """Within a kind, units in the pool go before units standing in a carried battle."""
    state = spring()
    state["realms"]["cao-cao"]["gold"] = 0
    state["realms"]["cao-cao"]["units"].update(infantry=14, **{"cavalry-2": 1})
    on_map = carried(state, "cao-cao", {"cavalry-2": 2})
    tax.collect(kit.board(state))
    # due 14 + 2 + 4 = 20 on 16 gold: the pool's cavalry, then one on the map
    assert state["realms"]["cao-cao"]["units"]["cavalry-2"] == 0
    assert on_map == {"cavalry-2": 1}
    assert state["realms"]["cao-cao"]["gold"] == 0


@pytest.mark.rule("chronicles:s18.2.no-maintenance")
@pytest.mark.rule("chronicles:s18.0.ma-teng")
def test_ma_teng_pays_no_maintenance_until_a_third_territory() -> None:
    """Ma Teng (seventh player, two territories) keeps his units for nothing; once he
    holds an area of a third territory he pays like anyone (notes 56)."""
    state = spring(players=7)
    b = kit.board(state)
    tax.collect(b)
    assert state["realms"]["ma-teng"]["gold"] == 10 + 5 + 4
    assert "Ma Teng pays no maintenance" in kit.log_text(b)
    state = spring(players=7)
    kit.give(state, "chang-an", "ma-teng")
    tax.collect(kit.board(state))
    assert state["realms"]["ma-teng"]["gold"] == 10 + 5 + 4 + 3 - (4 + 2 * 2)


@pytest.mark.rule("chronicles:s6.0.engaged-maintenance")
def test_engaged_units_pay_again_outside_spring() -> None:
    """In summer, units standing in a battle carried over pay maintenance again; in
    spring the yearly payment covers them."""
    state = spring()
    carried(state, "cao-cao", {"infantry": 4, "cavalry-2": 1})
    tax.engaged_maintenance(kit.board(state))
    assert state["realms"]["cao-cao"]["gold"] == 16
    kit.at(state, "summer", 197, 6)
    b = kit.board(state)
    tax.engaged_maintenance(b)
    assert state["realms"]["cao-cao"]["gold"] == 10
    assert "Cao Cao pays 6 gold of maintenance of units still engaged" in kit.log_text(b)


@pytest.mark.rule("chronicles:s6.0.engaged-maintenance")
@pytest.mark.rule("chronicles:s5.4.collapse")
def test_engaged_collapse_dissolves_only_engaged_units() -> None:
    """Unable to pay for engaged units, the player collapses (Influence -2) and loses
    units on the map only; his pool is not touched."""
    state = spring()
    kit.at(state, "autumn", 197, 7)
    state["realms"]["cao-cao"]["gold"] = 3
    on_map = carried(state, "cao-cao", {"infantry": 3, "cavalry-2": 1})
    tax.engaged_maintenance(kit.board(state))
    assert on_map == {"infantry": 3, "cavalry-2": 0}
    assert state["realms"]["cao-cao"]["units"]["cavalry-2"] == 3
    assert state["realms"]["cao-cao"]["gold"] == 0
    assert state["realms"]["cao-cao"]["influence"] == 10


@pytest.mark.rule("chronicles:s13.3.borrow-gold")
def test_a_gold_loan_is_repaid_the_next_spring() -> None:
    """A loan due this spring is repaid in full after income and maintenance; one due
    later stays."""
    state = spring()
    state["realms"]["cao-cao"]["loans"] = [
        {"from": "yang-feng", "kind": "gold", "amount": 5, "due": 197},
        {"from": "zhang-xiu", "kind": "gold", "amount": 2, "due": 198}]
    b = kit.board(state)
    tax.collect(b)
    assert state["realms"]["cao-cao"]["gold"] == 18 - 5
    assert state["realms"]["cao-cao"]["loans"] == [
        {"from": "zhang-xiu", "kind": "gold", "amount": 2, "due": 198}]
    assert "Cao Cao repays Yang Feng 5 gold" in kit.log_text(b)


@pytest.mark.rule("chronicles:s13.4.borrow-armies")
def test_an_army_loan_returns_infantry_with_supplies() -> None:
    """Borrowed infantry goes back with its basic supplies paid again: 3 infantry, 2 gold
    (1/2 each, rounded up)."""
    state = spring()
    state["realms"]["cao-cao"]["loans"] = [
        {"from": "yang-feng", "kind": "armies", "amount": 3, "due": 197}]
    tax.collect(kit.board(state))
    assert state["realms"]["cao-cao"]["units"]["infantry"] == 5
    assert state["realms"]["cao-cao"]["gold"] == 18 - 2
    assert state["realms"]["cao-cao"]["loans"] == []


@pytest.mark.rule("chronicles:s13.change.loan")
@pytest.mark.rule("chronicles:s14.dr.loan")
def test_an_unpaid_loan_costs_two_levels_and_one_influence() -> None:
    """Unable to repay all of it, he repays nothing: his level toward the lender falls by
    2, his Influence by 1, and the debt is gone (notes 21)."""
    state = spring()
    state["realms"]["cao-cao"]["loans"] = [
        {"from": "yang-feng", "kind": "gold", "amount": 19, "due": 197}]
    b = kit.board(state)
    tax.collect(b)
    realm = state["realms"]["cao-cao"]
    assert realm["gold"] == 18
    assert state["relations"]["cao-cao"]["yang-feng"] == 3
    assert realm["influence"] == 11
    assert realm["loans"] == []
    assert "cannot repay Yang Feng 19 gold" in kit.log_text(b)


@pytest.mark.rule("chronicles:s16.area")
def test_an_exile_collects_the_income_of_the_area_lent_to_him() -> None:
    """The area a host lends an exile pays its yearly income to the exile, not to the host
    who still holds it (16.0, notes 58)."""
    state = spring()
    for area in ("jiang-ling", "xiang-yang", "jiang-xia", "chang-sha", "wu-ling",
                 "ling-ling"):
        kit.give(state, area, "sun-ce")
    before_cao, _ = tax.income(kit.board(state), "cao-cao")
    state["realms"]["liu-biao"]["exile"] = {"host": "cao-cao", "area": "ru-nan",
                                            "out": False}
    b = kit.board(state)
    ru_nan = next(a.income[0] for a in b.data.card_of("yu-zhou").areas if a.id == "ru-nan")
    assert tax.income(b, "cao-cao")[0] == before_cao - ru_nan
    amount, parts = tax.income(b, "liu-biao")
    assert amount == ru_nan and any("lent by Cao Cao" in p for p in parts)
