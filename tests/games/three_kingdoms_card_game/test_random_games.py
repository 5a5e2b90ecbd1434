"""Complete Card Game games between random legal players, checked after every action (the
budget of tests/games/budget.py, halved: a card game is long), and one as a chain of
signed saves that re-verifies from its first save."""

from __future__ import annotations

import hashlib
import random
from typing import Any

import pytest

from pbem import gameplay
from pbem.dice import ChainDice
from pbem.engine import Log
from tests.games.budget import BLOCKS, random_games
from tests.games.random_play import first_legal
from tests.games.three_kingdoms_card_game import invariants
from tests.games.three_kingdoms_card_game.kit import MODULE

GAMES = max(BLOCKS, random_games() // 2 // BLOCKS * BLOCKS)
PICTURES = ("window", "trade", "war-card", "bribe-bid")


def play(seed: int, players: int) -> tuple[dict[str, Any], int]:
    """One random game in memory with every invariant checked after every action."""
    rng = random.Random(seed)
    state = gameplay.opening(MODULE, MODULE.options(players, {}), None)
    dice = ChainDice(hashlib.sha256(f"card game random {seed}".encode()).digest())
    log = Log()
    gameplay.start(MODULE, state, dice, log)
    invariants.check(state)
    actions = 0
    while (prompt := gameplay.prompt(MODULE, state)) is not None:
        state = first_legal(MODULE, state, prompt, rng, dice, log, where=f"game {seed}: ")
        actions += 1
        invariants.check(state)
        invariants.check_secrets(state, pictures=prompt.step in PICTURES,
                                 views=prompt.step in PICTURES or actions % 5 == 0)
        assert actions < 5000, "the game does not end"
    return state, actions


@pytest.mark.slow
@pytest.mark.parametrize("block", range(BLOCKS))
def test_random_games_reach_the_end(block: int) -> None:
    """Random legal games of 2 to 6 players all end (by land value or the Main Deck's
    second run-out) with every card in one place and no player's view holding another's
    hidden card."""
    for seed in range(block, GAMES, BLOCKS):
        state, _ = play(seed, 2 + seed % 5)
        result = state["result"]
        assert result is not None and result["reason"] in ("win.land-value", "win.deck.second")
        assert set(result["winners"]) <= set(state["seats"])
