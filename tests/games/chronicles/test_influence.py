"""14.0: starting Influence, the winning thresholds, and when a winner is declared
(notes 57)."""

from __future__ import annotations

import pytest

from pbem.games.chronicles.rules import completion
from tests.games.chronicles import kit

ALL = ["cao-cao", "sun-ce", "liu-biao", "yuan-shao", "liu-bei", "liu-zhang", "ma-teng"]


@pytest.mark.rule("chronicles:s14.start")
def test_starting_influence_of_every_leader() -> None:
    """Yuan Shao starts at 13, Cao Cao 12, Liu Bei, Liu Biao and Liu Zhang 11, Sun Ce 10,
    Ma Teng 10."""
    state = kit.position(7)
    assert {r: state["realms"][r]["influence"] for r in ALL} == {
        "yuan-shao": 13, "cao-cao": 12, "liu-bei": 11, "liu-biao": 11, "liu-zhang": 11,
        "sun-ce": 10, "ma-teng": 10}


@pytest.mark.rule("chronicles:s14.victory")
@pytest.mark.parametrize(("players", "need"), [(3, 40), (4, 35), (5, 30), (6, 25), (7, 25)])
def test_the_winning_influence_depends_on_the_seats(players: int, need: int) -> None:
    """The Influence that wins: 40 with three people, 35 with four, 30 with five, 25 with
    six or seven."""
    state = kit.position(players)
    b = kit.board(state)
    assert completion.threshold(b) == need
    first = state["seats"][0]
    state["realms"][first]["influence"] = need - 1
    completion.run(b)
    assert state["result"] is None
    state["realms"][first]["influence"] = need
    completion.run(b)
    assert state["result"]["winner"] == first


@pytest.mark.rule("chronicles:s14.victory")
def test_the_threshold_keeps_counting_a_player_out_in_exile() -> None:
    """The threshold counts the seats at the start: a player whose game ended in exile
    does not lower it (notes 57)."""
    state = kit.position(4)
    state["realms"]["liu-biao"]["exile"] = {"host": None, "area": None, "out": True}
    state["realms"]["cao-cao"]["influence"] = 34
    b = kit.board(state)
    assert completion.threshold(b) == 35
    completion.run(b)
    assert state["result"] is None


@pytest.mark.rule("chronicles:s14.immediate")
def test_influence_counts_at_once_but_the_winner_waits_for_the_round_end() -> None:
    """A gain shows in the player's Influence at once; the game is won only in the
    completion phase, and an Influence lost before it ends the chance."""
    state = kit.position(3)
    state["realms"]["cao-cao"]["influence"] = 39
    b = kit.board(state)
    b.shift_influence("cao-cao", 1, "an area taken", "s14.mil.area")
    assert b.influence("cao-cao") == 40 and state["result"] is None
    b.shift_influence("cao-cao", -1, "an area lost", "s14.mil.area")
    completion.run(b)
    assert state["result"] is None
    b.shift_influence("cao-cao", 1, "an area taken", "s14.mil.area")
    completion.run(b)
    assert state["result"]["winner"] == "cao-cao"
