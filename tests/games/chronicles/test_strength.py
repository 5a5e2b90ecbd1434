"""10.1, 10.2 and 10.3 point 5: terrain, unit values, total strength and the ratio column
(notes 30, 32, 33, 35, 39)."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

import pytest

from pbem.games.chronicles.board import Board
from pbem.games.chronicles.rules.strength import (
    Contributor,
    Fight,
    Side,
    Unit,
    column,
    column_label,
    take_losses,
    totals,
)
from tests.games.chronicles import kit

FIVE = ["cao-cao", "sun-ce", "liu-biao", "yuan-shao", "liu-bei"]


def make(b: Board, area: str, inv: Mapping[str, int], dfd: Mapping[str, int],
         mode: str = "field", launch: str | None = None,
         vanguards: tuple[str | None, str | None] = (None, None)) -> Fight:
    """A fight between Cao Cao (invader) and Liu Bei in ``area``, with these units."""
    territory = b.territory_of(area).id
    sides = []
    for who, role, units in (("cao-cao", "invader", inv), ("liu-bei", "defender", dfd)):
        place = "in" if role == "defender" and mode == "city" else "out"
        sides.append(Side(who, role, [Contributor(who)],
                          [Unit(0, k, place) for k, n in units.items() for _ in range(n)]))
    sides[0].launch = launch or territory
    sides[0].vanguard, sides[1].vanguard = vanguards
    return Fight({"id": "t"}, area, territory, b.area(area).terrain, sides[0], sides[1],
                 mode=mode, city_chosen=mode == "city")


def strengths(b: Board, f: Fight, **mults: Fraction) -> tuple[Fraction, Fraction]:
    return totals(b, f, dict(mults))


@pytest.mark.rule("chronicles:s10.1.yang-zhou-north")
def test_yang_zhou_north_terrain() -> None:
    """Shou Chun is flat ground; the other areas of Yang Zhou North lie on the river."""
    b = kit.board()
    assert [(a.id, a.terrain) for a in b.territory("yang-zhou-north").areas] == [
        ("shou-chun", "flat"), ("wu-jun", "river"), ("dan-yang", "river")]


@pytest.mark.rule("chronicles:s10.1.yi-zhou-centre")
def test_yi_zhou_centre_terrain() -> None:
    """Yi Zhou Centre mixes three terrains: Cheng Du flat, Jian Ge mountain, Ba Dong river."""
    b = kit.board()
    assert [a.terrain for a in b.territory("yi-zhou-centre").areas] == [
        "flat", "mountain", "river"]


@pytest.mark.rule("chronicles:s10.1.uniform")
@pytest.mark.rule("chronicles:s10.1.which")
def test_other_territories_have_one_terrain() -> None:
    """Apart from the two mixed territories, all areas of a territory share one terrain."""
    b = kit.board()
    mixed = [t.id for t in b.data.territories.values()
             if len({a.terrain for a in t.areas}) > 1]
    assert mixed == ["yi-zhou-centre", "yang-zhou-north"]
    assert {a.terrain for a in b.territory("bing-zhou").areas} == {"mountain"}
    assert {a.terrain for a in b.territory("jing-zhou-middle").areas} == {"river"}


@pytest.mark.parametrize(("kind", "area", "value"), [
    pytest.param("infantry", "xia-pi", 1, marks=pytest.mark.rule("chronicles:s10.2.infantry")),
    pytest.param("infantry", "jin-yang", 2, marks=pytest.mark.rule("chronicles:s10.2.infantry")),
    pytest.param("infantry", "jiang-ling", 1,
                 marks=pytest.mark.rule("chronicles:s10.2.infantry")),
    pytest.param("cavalry-2", "xia-pi", 2, marks=pytest.mark.rule("chronicles:s10.2.cavalry")),
    pytest.param("cavalry-1", "xia-pi", 3, marks=pytest.mark.rule("chronicles:s10.2.cavalry")),
    pytest.param("cavalry-1", "jin-yang", 1, marks=pytest.mark.rule("chronicles:s10.2.cavalry")),
    pytest.param("cavalry-1", "jiang-ling", 1,
                 marks=pytest.mark.rule("chronicles:s10.2.cavalry")),
    pytest.param("naval-2", "jiang-ling", 2, marks=pytest.mark.rule("chronicles:s10.2.naval")),
    pytest.param("naval-1", "jiang-ling", 3, marks=pytest.mark.rule("chronicles:s10.2.naval")),
    pytest.param("naval-1", "xia-pi", 1, marks=pytest.mark.rule("chronicles:s10.2.naval")),
    pytest.param("naval-1", "jin-yang", 1, marks=pytest.mark.rule("chronicles:s10.2.naval")),
])
def test_terrain_values_outside(kind: str, area: str, value: int) -> None:
    """Outside a city a unit's strength is its terrain-table cell (xia-pi flat, jin-yang
    mountain, jiang-ling river); infantry counts 2 on mountains (notes 32)."""
    b = kit.board()
    f = make(b, area, {kind: 3}, {})
    assert strengths(b, f) == (3 * value, 0)


@pytest.mark.rule("chronicles:s10.2.infantry")
@pytest.mark.rule("chronicles:s10.2.cavalry")
@pytest.mark.rule("chronicles:s10.2.naval")
@pytest.mark.rule("chronicles:s10.3.5.city")
def test_city_values_attack_one_defence_two() -> None:
    """At a city every kind attacks at 1 and defends at 2; the city's defensive value is
    added to the defender (Xia Pi: 4)."""
    b = kit.board()
    f = make(b, "xia-pi", {"infantry": 2, "cavalry-1": 2, "naval-1": 1},
             {"infantry": 1, "cavalry-2": 1, "naval-2": 1}, mode="city")
    assert strengths(b, f) == (5, 3 * 2 + 4)


@pytest.mark.rule("chronicles:s10.2.summer-cavalry")
def test_summer_cavalry_one_less_never_below_one() -> None:
    """In summer each cavalry unit counts 1 less, but never less than 1."""
    b = kit.board()
    kit.at(b.s, "summer", 196)
    f = make(b, "xia-pi", {"cavalry-1": 2, "cavalry-2": 1}, {"cavalry-2": 1})
    assert strengths(b, f) == (2 * 2 + 1, 1)
    g = make(b, "jin-yang", {"cavalry-1": 1}, {"infantry": 1})
    assert strengths(b, g) == (1, 2)


@pytest.mark.rule("chronicles:s10.2.north-south")
def test_north_invading_south_in_summer_halved() -> None:
    """A northern launch attacking a southern territory in summer has its strength
    halved; in spring, or from the south, it is not."""
    b = kit.board()
    f = make(b, "xin-ye", {"infantry": 7}, {"infantry": 2}, launch="yu-zhou")
    assert strengths(b, f)[0] == 7
    kit.at(b.s, "summer", 196)
    assert strengths(b, f)[0] == Fraction(7, 2)
    g = make(b, "xin-ye", {"infantry": 7}, {"infantry": 2}, launch="jing-zhou-middle")
    assert strengths(b, g)[0] == 7


@pytest.mark.rule("chronicles:s10.3.5.sum")
@pytest.mark.rule("chronicles:s10.3.5.multiply")
@pytest.mark.rule("chronicles:s10.3.5.vanguard")
def test_total_order_multiply_then_vanguard() -> None:
    """Totals: units summed, multiplied by a working card, then the vanguards' combat
    difference added to the better side (Guan Yu 10 against Xiahou Dun 8: +2); a side
    with no units counts 0."""
    b = kit.board(players=5)
    f = make(b, "xia-pi", {"infantry": 3}, {"infantry": 4},
             vanguards=("xiahou-dun", "guan-yu"))
    assert strengths(b, f, invader=Fraction(2)) == (6, 4 + 2)
    empty = make(b, "xia-pi", {}, {"infantry": 1}, vanguards=("guan-yu", None))
    assert strengths(b, empty) == (4, 1)


@pytest.mark.parametrize(("inv", "dfd", "label"), [
    (21, 11, "2:1"), (1, 1, "1:1"), (5, 4, "1:1"), (4, 3, "1.5:1"), (7, 4, "1.5:1"),
    (5, 2, "2:1"), (7, 2, "3:1"), (4, 1, "4:1"), (49, 10, "4:1"), (3, 4, "1:1.5"),
    (2, 3, "1:1.5"), (4, 7, "1:2"), (1, 2, "1:2"), (2, 5, "1:3"), (1, 4, "1:4"), (10, 49, "1:4"),
])
@pytest.mark.rule("chronicles:s10.3.5.ratio")
@pytest.mark.rule("chronicles:s10.bot.columns")
def test_ratio_column_nearest_defender_on_ties(inv: int, dfd: int, label: str) -> None:
    """The ratio picks the nearest column (the book's 21:11 reads 2:1); halfway between
    two columns takes the one kinder to the defender (notes 33)."""
    b = kit.board()
    col = column(b, Fraction(inv), Fraction(dfd))
    assert isinstance(col, int)
    assert column_label(b, col) == label


@pytest.mark.parametrize(("inv", "dfd", "winner"), [
    (5, 1, "invader"), (11, 2, "invader"), (1, 5, "defender"), (0, 3, "defender"),
    (3, 0, "invader")])
@pytest.mark.rule("chronicles:s10.bot.note2.automatic")
@pytest.mark.rule("chronicles:s10.bot.columns")
def test_automatic_victory(inv: int, dfd: int, winner: str) -> None:
    """5:1 or better wins at once for the invader, 1:5 or worse for the defender."""
    assert column(kit.board(), Fraction(inv), Fraction(dfd)) == winner


@pytest.mark.rule("chronicles:s10.3.7.outcome")
def test_losses_weakest_here_first() -> None:
    """Losses fall on the unit worth least here: on flat ground infantry (1) before level 2
    cavalry (2) before level 1 cavalry (3)."""
    b = kit.board()
    f = make(b, "xia-pi", {"cavalry-1": 1, "cavalry-2": 1, "infantry": 1}, {"infantry": 1})
    take_losses(b, f, f.inv, 2, "test", "s10.3.7.outcome")
    assert [u.kind for u in f.inv.units] == ["cavalry-1"]
    assert f.inv.lost == [(0, "infantry"), (0, "cavalry-2")]


@pytest.mark.rule("chronicles:s10.3.7.outcome")
def test_losses_by_named_order_and_largest_contributor() -> None:
    """A loss order naming kinds is followed; on a side of several players each unit is
    taken from whoever has most standing (notes 31)."""
    b = kit.board()
    f = make(b, "xia-pi", {"cavalry-2": 2, "infantry": 1}, {"infantry": 1})
    f.inv.contributors[0].order = ["cavalry-2", "infantry"]
    f.inv.contributors.append(Contributor("sun-ce"))
    f.inv.units += [Unit(1, "infantry") for _ in range(4)]
    take_losses(b, f, f.inv, 3, "test", "s10.3.7.outcome")
    assert sorted(f.inv.lost) == [(0, "cavalry-2"), (1, "infantry"), (1, "infantry")]
