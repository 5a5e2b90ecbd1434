"""Complete games between random legal players (20 unless PBEM_RANDOM_GAMES says more:
tests/games/budget.py), checked after every action (the same games on every run:
tests/fixed_games.py)."""

from __future__ import annotations

import pytest

from pbem import selfplay
from tests import fixed_games
from tests.games.budget import BLOCKS, random_games
from tests.games.dragons_tigers import invariants

GAMES = random_games()
KEYS = fixed_games.player_keys("dragons-tigers random games", 4)


@pytest.mark.slow
@pytest.mark.parametrize("block", range(BLOCKS))
def test_random_games_reach_the_end(block: int) -> None:
    """Games of 2, 3 and 4 players (a tenth of the games per block) end by Round 8,
    keep every invariant after every action, and their final save verifies."""
    for seed in range(block * GAMES // BLOCKS, (block + 1) * GAMES // BLOCKS):
        players = 2 + seed % 3
        result = fixed_games.play("dragons-tigers", players, seed, KEYS[:players],
                                  check=invariants.check)
        outcome = result.outcome
        assert outcome is not None, f"game {seed} has no result"
        assert outcome["round"] <= 8
        assert result.saves[-1].due is None
        verdict = selfplay.verify(result)
        assert verdict.over and verdict.chain[-1] is result.saves[-1]
