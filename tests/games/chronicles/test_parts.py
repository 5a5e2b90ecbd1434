"""10.3 point 14 (notes 13, 59): a realm cut in two keeps one pool per part."""

from __future__ import annotations

import copy

import pytest

from pbem.errors import IllegalAction
from pbem.games.chronicles import describe
from pbem.games.chronicles.board import Board
from pbem.games.chronicles.rules import (
    battle,
    forces_home,
    muster,
    parts,
    resolution,
    tax,
)
from tests.games.chronicles import invariants, kit

FIVE = ["cao-cao", "sun-ce", "liu-biao", "yuan-shao", "liu-bei"]
# Yuan Shao holds Ji Zhou (3 areas), Ping Yuan in Qing Zhou and Bing Zhou (3 areas); Qing
# Zhou and Bing Zhou border only through Ji Zhou.
BING = ["yuan-shao", "ju-shou", "yan-liang", "gao-lan", "xu-you"]
QING = ["zhang-he", "shen-pei", "wen-chou", "tian-feng", "guo-tu"]


def cut(split: str = "by-areas") -> Board:
    """Cao Cao holds Ye and Bo Hai and takes an undefended Zhong Shan from Yan Zhou: the
    last area of Ji Zhou, which cuts Yuan Shao in two."""
    state = kit.position(leaders=FIVE)
    state["orders"]["yuan-shao"]["split"] = split
    kit.give(state, "ye", "cao-cao")
    kit.give(state, "bo-hai", "cao-cao")
    b = kit.board(state)
    attack = {"area": "zhong-shan", "side": "invade", "from": "yan-zhou",
              "generals": ["xiahou-dun"], "units": {"infantry": 3}}
    muster.place_all(b, {"cao-cao": {"do": "season", "muster": [attack]}}, 1)
    battle.fight_all(b)
    assert b.holder("zhong-shan") == "cao-cao"
    return b


def split_of(b: Board) -> dict:
    [part] = b.realm("yuan-shao")["parts"]
    return part


@pytest.mark.rule("chronicles:s10.3.14.split")
def test_split_by_areas() -> None:
    """Cut into Bing Zhou (3 areas) and Ping Yuan (1), by areas: gold and each kind of
    units go 3 to 1, rounded down, the rest to the larger part (which stays the main
    pool); generals are dealt in turn, the leader first to the larger part, then by
    leadership. Nothing is lost."""
    b = cut()
    realm, part = b.realm("yuan-shao"), split_of(b)
    assert part["territories"] == ["qing-zhou"]
    assert (realm["gold"], part["gold"]) == (15, 5)
    assert realm["units"] == {"infantry": 6, "cavalry-2": 2, "cavalry-1": 2,
                              "naval-2": 0, "naval-1": 0}
    assert part["units"] == {"infantry": 2, "cavalry-2": 0, "cavalry-1": 0,
                             "naval-2": 0, "naval-1": 0}
    assert part["generals"] == QING
    assert sorted(parts.pool(b, "yuan-shao", None)["generals"]) == sorted(BING)
    assert invariants.totals(b.s, "yuan-shao") == (
        20, {"infantry": 8, "cavalry-2": 2, "cavalry-1": 2, "naval-2": 0, "naval-1": 0})
    invariants.check_parts(b.s, "yuan-shao")
    assert "cut in 2" in kit.log_text(b)
    assert "part cut off (Qing Zhou): 5 gold, 2 infantry" in describe.position(b.s)


def test_the_picture_and_the_view_show_the_part() -> None:
    """The PNG key and the module's view show what the cut-off part holds."""
    from pbem import games
    from pbem.games.chronicles import picture_board, render_png

    b = cut()
    texts = [t.text for t in render_png.draw(picture_board.board(), b.s, [], None).canvas.texts]
    assert any("(cut off: 5 gold, 2 units)" in t for t in texts)
    view = games.get(kit.KIND).view(b.s, "cao-cao", {})
    assert view["realms"]["yuan-shao"]["parts"][0]["gold"] == 5


@pytest.mark.rule("chronicles:s10.3.14.split")
def test_split_largest_leaves_a_bare_part() -> None:
    """With the standing order ``largest`` everything goes to the part with most areas;
    the other part is left bare and only holds its area."""
    b = cut("largest")
    realm, part = b.realm("yuan-shao"), split_of(b)
    assert (realm["gold"], part["gold"]) == (20, 0)
    assert not any(part["units"].values()) and part["generals"] == []
    assert realm["units"]["infantry"] == 8
    assert b.holder("ping-yuan") == "yuan-shao"
    invariants.check_parts(b.s, "yuan-shao")


@pytest.mark.rule("chronicles:s10.3.14.split")
def test_income_and_upkeep_per_part() -> None:
    """Each part collects the income of its own territories and pays the upkeep of its
    own units: Bing Zhou 6 to the main pool, Ping Yuan 3 to the part, whose 2 infantry
    cost 2."""
    b = cut()
    kit.at(b.s, "spring", 197, 5)
    tax.collect(b)
    upkeep = tax.cost(b, [b.realm("yuan-shao")["units"]])
    assert b.realm("yuan-shao")["gold"] == 15 + 6 - upkeep
    assert split_of(b)["gold"] == 5 + 3 - 2


@pytest.mark.rule("chronicles:s10.3.14.split")
def test_engaged_units_are_kept_by_the_part_they_came_from() -> None:
    """Outside spring, 2 infantry of the cut-off part standing in a siege carried over
    cost that part 2 gold; the main pool pays nothing."""
    b = cut()
    kit.at(b.s, "summer", 196, 2)
    force = {"who": "yuan-shao", "side": "invade", "from": "qing-zhou", "generals": [],
             "units": {"infantry": 2}}
    b.s["round"]["battles"].append({"id": "x", "area": "bei-hai", "territory": "qing-zhou",
                                    "status": "carried", "forces": [force]})
    tax.engaged_maintenance(b)
    assert (b.realm("yuan-shao")["gold"], split_of(b)["gold"]) == (15, 3)


@pytest.mark.rule("chronicles:s10.3.14.split")
def test_recruits_paid_by_their_part() -> None:
    """Units raised in a territory of the cut-off part are paid from its gold and join
    it; the main pool is untouched."""
    b = cut()
    act = {"role": "yuan-shao", "kind": "recruit-armies", "territory": "qing-zhou",
           "units": {"infantry": 2}}
    resolution.recruit_armies(b, act)
    part = split_of(b)
    assert part["units"]["infantry"] == 4
    assert part["gold"] == 5 - 2 * b.data.armies["infantry"].recruit_cost
    assert b.realm("yuan-shao")["gold"] == 15


@pytest.mark.rule("chronicles:s10.3.14.split")
def test_recruits_the_part_cannot_pay_are_void() -> None:
    """The cut-off part has 5 gold: 3 level-2 cavalry (6 gold) raised in its territory are
    void, though the main pool could pay; no gold or unit moves."""
    b = cut()
    act = {"role": "yuan-shao", "kind": "recruit-armies", "territory": "qing-zhou",
           "general": "zhang-he", "gold": 0, "units": {"cavalry-2": 3}}
    before = invariants.totals(b.s, "yuan-shao")
    resolution.recruit_armies(b, act)
    assert act["status"] == "void"
    assert "in that part of the realm" in act["why"]
    assert invariants.totals(b.s, "yuan-shao") == before


@pytest.mark.rule("chronicles:s10.3.14.split")
def test_muster_draws_from_the_launch_part_and_comes_back() -> None:
    """An invasion launched from Qing Zhou draws units and a general from the part
    holding Qing Zhou; when the forces go home they return to it."""
    b = cut()
    attack = {"area": "bei-hai", "side": "invade", "from": "qing-zhou",
              "generals": ["zhang-he"], "units": {"infantry": 2}}
    order = {"do": "season", "muster": [attack]}
    muster.check_muster(b, "yuan-shao", order)
    muster.place_all(b, {"yuan-shao": order}, 1)
    assert split_of(b)["units"]["infantry"] == 0
    assert b.realm("yuan-shao")["units"]["infantry"] == 6
    [x] = muster.live(b)
    [force] = x["forces"]
    forces_home.send_home(b, force, "test", x["territory"])
    assert split_of(b)["units"]["infantry"] == 2
    assert "zhang-he" in split_of(b)["generals"]


@pytest.mark.rule("chronicles:s10.3.14.split")
def test_drawing_more_than_the_part_holds_is_refused() -> None:
    """A placement asking a part for more than it holds is refused under the split rule,
    though the realm as a whole has the units; nothing changes. So is a general of
    another part."""
    b = cut()
    before = copy.deepcopy(b.s)
    too_many = {"area": "bei-hai", "side": "invade", "from": "qing-zhou",
                "generals": ["zhang-he"], "units": {"infantry": 3}}
    with pytest.raises(IllegalAction) as exc:
        muster.check_muster(b, "yuan-shao", {"muster": [too_many]})
    assert exc.value.rule == "s10.3.14.split"
    wrong_general = {**too_many, "generals": ["ju-shou"], "units": {"infantry": 1}}
    with pytest.raises(IllegalAction) as exc:
        muster.check_muster(b, "yuan-shao", {"muster": [wrong_general]})
    assert exc.value.rule == "s10.3.14.split"
    assert b.s == before


@pytest.mark.rule("chronicles:s10.3.14.split")
def test_parts_that_touch_again_merge() -> None:
    """When Yuan Shao holds an area of Ji Zhou again, his two parts border each other
    and their pools merge into one; nothing is lost."""
    b = cut()
    totals = invariants.totals(b.s, "yuan-shao")
    parts.set_holder(b, "zhong-shan", "yuan-shao")
    assert "parts" not in b.realm("yuan-shao")
    assert invariants.totals(b.s, "yuan-shao") == totals
    assert sorted(parts.pool(b, "yuan-shao", None)["generals"]) == sorted(BING + QING)
    assert "join again" in kit.log_text(b)


@pytest.mark.rule("chronicles:s10.3.14.split")
def test_a_lost_part_goes_to_the_main_pool() -> None:
    """A part whose last area is taken has nowhere to stand: what it held joins the main
    pool."""
    b = cut()
    parts.set_holder(b, "ping-yuan", "cao-cao")
    assert "parts" not in b.realm("yuan-shao")
    assert b.realm("yuan-shao")["gold"] == 20
    assert b.realm("yuan-shao")["units"]["infantry"] == 8


@pytest.mark.rule("chronicles:s10.3.14.split")
def test_random_game_conserves_gold_and_units_through_splits(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A random game in which a realm (Yuan Shao's) is cut in two and later made whole: every
    regrouping keeps the realm's gold and units to the piece, and every position passes
    the invariants (no part below zero, parts never bordering each other)."""
    from tests.games.chronicles import test_game

    regroup = parts.regroup
    changes: list[tuple[str, int, int]] = []

    def checked(b: Board, role: str, before: set[str]) -> None:
        totals, had = invariants.totals(b.s, role), len(parts.parts_of(b, role))
        regroup(b, role, before)
        assert invariants.totals(b.s, role) == totals
        if len(parts.parts_of(b, role)) != had:
            changes.append((role, had, len(parts.parts_of(b, role))))

    monkeypatch.setattr(parts, "regroup", checked)
    test_game.play(60, 7, 28)
    assert ("yuan-shao", 0, 1) in changes and ("yuan-shao", 1, 0) in changes
