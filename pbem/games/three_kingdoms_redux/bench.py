"""The benchmark figure of Three Kingdoms Redux for scripts/bench.

``redux_random_games_per_min``: complete random games the rules engine adjudicates per
minute on one core (in memory, with its dice and hidden cards; no saves), from the median
time of ``count`` games. Target: at least 100.
"""

from __future__ import annotations

from pbem import selfplay

KIND = "three-kingdoms-redux"


def random_game_ms(count: int = 10, first_seed: int = 1000) -> float:
    """Median milliseconds to adjudicate one random 3-player game."""
    return selfplay.median_game_ms(KIND, 3, count, first_seed)


def redux_random_games_per_min(count: int = 10) -> float:
    """Random complete games per minute (``name: value`` figure for scripts/bench)."""
    return 60000.0 / random_game_ms(count)


if __name__ == "__main__":  # pragma: no cover - a quick look by hand
    print(f"redux_random_games_per_min: {redux_random_games_per_min():.1f}")
