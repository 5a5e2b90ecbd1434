"""13.0: the starting relation levels, and how a level moves (Board.shift_relation), with
14.0's Influence for a level of 9 (notes 27)."""

from __future__ import annotations

import pytest

from tests.games.chronicles import kit

HOLDERS = ["yuan-shao", "cao-cao", "liu-bei", "sun-ce", "liu-biao", "liu-zhang"]
ROWS = {
    "yuan-shao": [None, 4, 5, 5, 6, 5],
    "cao-cao": [4, None, 5, 6, 5, 5],
    "liu-bei": [5, 5, None, 5, 5, 5],
    "sun-ce": [5, 5, 5, None, 4, 5],
    "liu-biao": [6, 5, 5, 4, None, 5],
    "liu-zhang": [5, 5, 5, 5, 5, None],
    "lu-bu": [5, 3, 5, 5, 5, 5],
    "yang-feng": [5, 5, 5, 5, 5, 5],
    "yuan-shu": [7, 4, 4, 6, 5, 5],
    "zhang-xiu": [6, 4, 5, 5, 7, 5],
    "ma-teng": [5, 5, 5, 5, 5, 5],
    "gongsun-zan": [3, 5, 7, 5, 5, 5],
}


def _row(target: str) -> list[int | None]:
    state = kit.position(6)
    return [None if holder == target else state["relations"][holder][target]
            for holder in HOLDERS]


@pytest.mark.parametrize("target", [
    pytest.param("yuan-shao", marks=pytest.mark.rule("chronicles:s13.start.yuan-shao")),
    pytest.param("cao-cao", marks=pytest.mark.rule("chronicles:s13.start.cao-cao")),
    pytest.param("liu-bei", marks=pytest.mark.rule("chronicles:s13.start.liu-bei")),
    pytest.param("sun-ce", marks=pytest.mark.rule("chronicles:s13.start.sun-ce")),
    pytest.param("liu-biao", marks=pytest.mark.rule("chronicles:s13.start.liu-biao")),
    pytest.param("liu-zhang", marks=pytest.mark.rule("chronicles:s13.start.liu-zhang")),
    pytest.param("lu-bu", marks=pytest.mark.rule("chronicles:s13.start.lu-bu")),
    pytest.param("yang-feng", marks=pytest.mark.rule("chronicles:s13.start.yang-feng")),
    pytest.param("yuan-shu", marks=pytest.mark.rule("chronicles:s13.start.yuan-shu")),
    pytest.param("zhang-xiu", marks=pytest.mark.rule("chronicles:s13.start.zhang-xiu")),
    pytest.param("ma-teng", marks=pytest.mark.rule("chronicles:s13.start.ma-teng")),
    pytest.param("gongsun-zan", marks=pytest.mark.rule("chronicles:s13.start.gongsun-zan")),
])
def test_starting_levels_toward_each_leader(target: str) -> None:
    """Each row of the starting table: the levels the six leaders with a table hold toward
    one leader, human or not (read as the holder's own level, notes 27)."""
    assert _row(target) == ROWS[target]


@pytest.mark.rule("chronicles:s13.start.lu-bu")
@pytest.mark.rule("chronicles:s13.start.yuan-shu")
def test_levels_are_each_holders_own() -> None:
    """A level is held one way: Cao Cao's 3 toward Lu Bu is his alone, and Yuan Shao's 7
    toward Yuan Shu is not Cao Cao's 4; Sun Ce holds 6 toward Cao Cao, who holds 5
    toward him."""
    state = kit.position(3)
    assert state["relations"]["cao-cao"]["lu-bu"] == 3
    assert state["relations"]["sun-ce"]["lu-bu"] == 5
    assert "lu-bu" not in state["relations"]
    assert state["relations"]["sun-ce"]["cao-cao"] == 6
    assert state["relations"]["cao-cao"]["sun-ce"] == 5


@pytest.mark.rule("chronicles:s13.start.liu-zhang")
def test_non_human_rows_missing_from_the_book_start_at_5() -> None:
    """Li Jue, Kong Rong, Zhang Lu and the two leaderless territories have no row: every
    holder's level toward them starts at 5 (notes 55)."""
    state = kit.position(6)
    for holder in HOLDERS:
        for other in ("li-jue", "kong-rong", "zhang-lu", "territory-14", "territory-20"):
            assert state["relations"][holder][other] == 5


@pytest.mark.rule("chronicles:s13.change.conflict")
def test_a_change_both_ways_moves_both_tables() -> None:
    """A conflict lowers both leaders' levels toward each other by 1."""
    state = kit.position(3)
    b = kit.board(state)
    b.shift_relation("cao-cao", "sun-ce", -1, "a battle", "s13.change.conflict", both=True)
    assert state["relations"]["cao-cao"]["sun-ce"] == 4
    assert state["relations"]["sun-ce"]["cao-cao"] == 5
    assert state["relations"]["liu-biao"]["cao-cao"] == 5
    assert "Cao Cao's relations with Sun Ce: 5 -> 4 (a battle)" in kit.log_text(b)


@pytest.mark.rule("chronicles:s13.change.conflict")
def test_against_a_non_human_only_the_humans_level_moves() -> None:
    """A non-human has no table: a change both ways with him moves only the human's."""
    state = kit.position(3)
    b = kit.board(state)
    b.shift_relation("cao-cao", "lu-bu", -1, "a battle", both=True)
    assert state["relations"]["cao-cao"]["lu-bu"] == 2
    assert "lu-bu" not in state["relations"]


@pytest.mark.rule("chronicles:s14.dr.level-9")
def test_levels_stay_between_0_and_9() -> None:
    """A level never goes above 9 or below 0 (notes 27); overshooting 9 still gains the
    Influence once."""
    state = kit.position(3)
    b = kit.board(state)
    b.shift_relation("cao-cao", "lu-bu", -5, "test")
    assert state["relations"]["cao-cao"]["lu-bu"] == 0
    b.shift_relation("sun-ce", "yuan-shu", 7, "test")
    assert state["relations"]["sun-ce"]["yuan-shu"] == 9
    assert b.influence("sun-ce") == 11


@pytest.mark.rule("chronicles:s14.dr.level-9")
def test_reaching_9_gains_influence_and_falling_back_loses_it() -> None:
    """A player whose own level toward anyone, non-human too, reaches 9 gains 1 Influence;
    when it drops below 9 again he loses it; moves below 9 change nothing."""
    state = kit.position(3)
    b = kit.board(state)
    b.shift_relation("sun-ce", "yuan-shu", 2, "courting")
    assert (state["relations"]["sun-ce"]["yuan-shu"], b.influence("sun-ce")) == (8, 10)
    b.shift_relation("sun-ce", "yuan-shu", 2, "courting")
    assert (state["relations"]["sun-ce"]["yuan-shu"], b.influence("sun-ce")) == (9, 11)
    b.shift_relation("sun-ce", "yuan-shu", 1, "courting")
    assert b.influence("sun-ce") == 11
    b.shift_relation("sun-ce", "yuan-shu", -1, "a battle")
    assert (state["relations"]["sun-ce"]["yuan-shu"], b.influence("sun-ce")) == (8, 10)


@pytest.mark.rule("chronicles:s14.dr.level-9")
def test_level_9_influence_goes_to_the_holder_only() -> None:
    """Only the leader whose own level reaches 9 gains; the other side of a both-ways
    change gains only if his own level reaches 9 too."""
    state = kit.position(3)
    state["relations"]["cao-cao"]["sun-ce"] = 8
    b = kit.board(state)
    b.shift_relation("cao-cao", "sun-ce", 1, "friendship", both=True)
    assert (b.influence("cao-cao"), b.influence("sun-ce")) == (13, 10)
    assert state["relations"]["sun-ce"]["cao-cao"] == 7
