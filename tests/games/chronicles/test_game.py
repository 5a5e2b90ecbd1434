"""Whole Chronicles rounds through the engine: the opening, the season orders asked of
every seat at once, and random games checked after every order."""

from __future__ import annotations

import hashlib
import random
from typing import Any

import pytest

from pbem import gameplay, games
from pbem.dice import ChainDice
from pbem.engine import Log, copy_state
from pbem.errors import IllegalAction
from tests.games.chronicles import invariants
from tests.games.chronicles.kit import random_order

KIND = "chronicles-of-the-three-kingdoms"
MODULE = games.get(KIND)


def opening(players: int, seed: int = 1) -> tuple[dict[str, Any], ChainDice, Log]:
    state = gameplay.opening(MODULE, MODULE.options(players, {}), None)
    dice = ChainDice(hashlib.sha256(f"chronicles {seed}".encode()).digest())
    log = Log()
    gameplay.start(MODULE, state, dice, log)
    return state, dice, log


def play(seed: int, players: int, rounds: int) -> tuple[dict[str, Any], Log]:
    """A random game of ``rounds`` rounds (or to its end), every invariant checked after
    every order."""
    rng = random.Random(seed)
    state, dice, log = opening(players, seed)
    invariants.check(state)
    while (prompt := gameplay.prompt(MODULE, state)) is not None:
        if state["calendar"]["round"] > rounds:
            break
        state = random_order(state, prompt, rng, dice, log, f"game {seed}: ")
        invariants.check(state)
    return state, log


@pytest.mark.rule("chronicles:s4.0.simultaneous")
def test_the_season_orders_are_asked_of_every_seat_at_once() -> None:
    """Every seat gives its orders for the round without seeing the others': one sealed
    question, put to all seats in the round seat order and answered side by side."""
    state, _, _ = opening(3)
    prompt = MODULE.prompt(state)
    assert prompt is not None
    assert prompt.step == "season"
    assert prompt.sealed == ("cao-cao", "sun-ce", "liu-biao")
    assert prompt.ahead == ("sun-ce", "liu-biao")  # side by side between homes


@pytest.mark.rule("chronicles:s4.0.season")
def test_a_round_of_empty_orders_moves_the_calendar_on() -> None:
    """When every seat places nothing, the round is played out and summer's orders are
    asked, the first seat moving on by one."""
    state, dice, log = opening(3)
    for role in ("cao-cao", "sun-ce", "liu-biao"):
        gameplay.apply(MODULE, state, role, {"do": "season"}, dice, log)
    assert state["calendar"] == {"year": 196, "season": "summer", "round": 2}
    text = "\n".join(log.lines())
    assert "Spring 196: the season orders are asked of Cao Cao, Sun Ce, Liu Biao" in text
    assert "Spring 196: the season orders are opened" in text
    prompt = gameplay.prompt(MODULE, state)
    assert prompt is not None and prompt.sealed == ("sun-ce", "liu-biao", "cao-cao")


def test_an_answer_out_of_turn_or_unknown_part_is_refused_and_changes_nothing() -> None:
    state, dice, log = opening(3)
    before = copy_state(state)
    with pytest.raises(IllegalAction, match="answers now"):
        gameplay.apply(MODULE, state, "sun-ce", {"do": "season"}, dice, log)
    with pytest.raises(IllegalAction, match="no part 'march'"):
        gameplay.apply(MODULE, state, "cao-cao", {"do": "season", "march": []}, dice, log)
    assert state == before


@pytest.mark.rule("chronicles:s4.0.end")
@pytest.mark.parametrize(("seed", "players"), [(0, 3), (1, 5), (2, 7)])
def test_random_games_play_to_their_end_keeping_every_invariant(seed: int,
                                                                  players: int) -> None:
    """Random orders from Spring 196 to the game's end (an overall victory, or Winter
    220): the position stays whole after every order (gold, units and levels in range,
    every area held by a player, a non-human or nobody), and the end names its reason."""
    state, log = play(seed, players, rounds=10_000)
    result = state["result"]
    assert result is not None and result["why"]
    lines = log.lines()
    assert any("Influence" in line for line in lines)
    assert sum("invades" in line for line in lines) > 0
    assert any("muster is asked of" in line for line in lines)
    assert not any("muster are" in line for line in lines)
