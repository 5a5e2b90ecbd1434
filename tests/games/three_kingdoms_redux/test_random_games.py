"""Complete games between random legal players (20 unless PBEM_RANDOM_GAMES says more:
tests/games/budget.py), checked after every action; a few of them also as chains of signed
saves that re-verify from the first (the same games on every run: tests/fixed_games.py)."""

from __future__ import annotations

import hashlib
import random
from typing import Any

import pytest

from pbem import gameplay, selfplay
from pbem.dice import ChainDice
from pbem.engine import Log
from tests import fixed_games
from tests.games.budget import BLOCKS, random_games
from tests.games.random_play import first_legal
from tests.games.three_kingdoms_redux import invariants
from tests.games.three_kingdoms_redux.kit import MODULE

GAMES = random_games()
PICTURES = ("recruit", "alliance", "benefits", "level-12")  # also spectator view and text
KEYS = fixed_games.player_keys("redux random games", 3)


def play(seed: int, options: dict[str, Any] | None = None) -> tuple[dict[str, Any], int]:
    """One random game in memory with every invariant checked after every action."""
    rng = random.Random(seed)
    state = gameplay.opening(MODULE, MODULE.options(3, options or {}), None)
    dice = ChainDice(hashlib.sha256(f"redux random {seed}".encode()).digest())
    log = Log()
    gameplay.start(MODULE, state, dice, log)
    invariants.check(state)
    invariants.check_secrets(state, log.lines())
    actions = 0
    while (prompt := gameplay.prompt(MODULE, state)) is not None:
        entries = len(log.entries)
        state = first_legal(MODULE, state, prompt, rng, dice, log, where=f"game {seed}: ")
        actions += 1
        invariants.check(state)
        invariants.check_secrets(state, [e.render() for e in log.entries[entries:]],
                                 pictures=prompt.step in PICTURES)
        assert actions < 5000, "the game does not end"
    return state, actions


@pytest.mark.slow
@pytest.mark.parametrize("block", range(BLOCKS))
def test_random_games_reach_the_end(block: int) -> None:
    """Random legal games (one in ten a Beginners' Tutorial game) all end by round 12 with
    a winner and full scores, keep every invariant after every action (no negative
    resources, bid tokens and cards conserved, generals in one place each) and never show
    a hidden card to anyone else, in views, pictures or the log."""
    for seed in range(block * GAMES // BLOCKS, (block + 1) * GAMES // BLOCKS):
        options = {"tutorial": True} if seed % 10 == 9 else {}
        state, _ = play(seed, options)
        result = state["result"]
        assert result is not None and result["winner"] in ("wei", "wu", "shu")
        assert result["round"] <= 12
        assert set(result["scores"]) == {"wei", "wu", "shu"}


@pytest.mark.slow
@pytest.mark.parametrize("seed", [0])
def test_random_games_as_signed_saves_verify(seed: int) -> None:
    """A whole game played as a chain of signed saves (every save written for whoever acts
    next) verifies from the first save, re-applying every action (more seeds: the hidden
    cards' and the mail's tests play other signed games)."""
    result = fixed_games.play("three-kingdoms-redux", 3, seed, KEYS, check=invariants.check)
    assert result.outcome is not None and result.saves[-1].due is None
    verdict = selfplay.verify(result)
    assert verdict.over and verdict.chain[-1] is result.saves[-1]
