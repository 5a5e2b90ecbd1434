"""4.0: rounds, seasons and years; the round seat order (notes 2); the end of the game."""

from __future__ import annotations

import pytest

from pbem.games.chronicles.rules import completion
from tests.games.chronicles import kit


@pytest.mark.rule("chronicles:s4.0.season")
def test_four_rounds_make_a_year() -> None:
    """Each round is one season: spring, summer, autumn and winter, then the next year's
    spring; the round number goes up by one each time."""
    b = kit.board()
    seen = []
    for _ in range(5):
        completion.run(b)
        seen.append((b.when(), b.round))
    assert seen == [("Summer 196", 2), ("Autumn 196", 3), ("Winter 196", 4),
                    ("Spring 197", 5), ("Summer 197", 6)]
    assert b.s["result"] is None


@pytest.mark.rule("chronicles:s4.0.end")
def test_the_game_ends_after_winter_220() -> None:
    """The last round is Winter 220: after it the game is over and the calendar stays;
    the autumn before still moves on."""
    state = kit.position(3)
    kit.at(state, "autumn", 220, 99)
    b = kit.board(state)
    completion.run(b)
    assert (b.when(), b.round, state["result"]) == ("Winter 220", 100, None)
    completion.run(b)
    assert (b.when(), b.round) == ("Winter 220", 100)
    assert state["result"]["why"] == "the end of Winter 220: highest Influence"


@pytest.mark.rule("chronicles:s4.0.end")
def test_an_overall_victory_ends_the_game_before_220() -> None:
    """A player reaching the winning Influence ends the game at that round's end, years
    before 220; the calendar does not move."""
    state = kit.position(3)
    kit.at(state, "summer", 201, 22)
    state["realms"]["sun-ce"]["influence"] = 40
    b = kit.board(state)
    completion.run(b)
    assert state["result"]["winner"] == "sun-ce"
    assert (b.when(), b.round) == ("Summer 201", 22)


@pytest.mark.rule("chronicles:s4.0.battle-turns")
@pytest.mark.parametrize(("round_no", "order"), [
    (1, ["cao-cao", "sun-ce", "liu-biao", "yuan-shao"]),
    (2, ["sun-ce", "liu-biao", "yuan-shao", "cao-cao"]),
    (4, ["yuan-shao", "cao-cao", "sun-ce", "liu-biao"]),
    (5, ["cao-cao", "sun-ce", "liu-biao", "yuan-shao"]),
    (7, ["liu-biao", "yuan-shao", "cao-cao", "sun-ce"]),
])
def test_the_round_seat_order_moves_on_each_round(round_no: int, order: list[str]) -> None:
    """Turns the book leaves to the players (battles, draws) follow the round seat order:
    the players list, starting in round r with seat ((r - 1) mod N) + 1 (notes 2)."""
    state = kit.position(4)
    state["calendar"]["round"] = round_no
    assert kit.board(state).round_order() == order


@pytest.mark.rule("chronicles:s4.0.battle-turns")
def test_the_round_seat_order_follows_the_completion_phase() -> None:
    """After a completion phase the first seat is the next one in the players list."""
    b = kit.board()
    assert b.round_order()[0] == "cao-cao"
    completion.run(b)
    assert b.round_order() == ["sun-ce", "liu-biao", "cao-cao"]
