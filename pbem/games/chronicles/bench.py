"""The benchmark figures of Chronicles of the Three Kingdoms for scripts/bench.

``chronicles_random_games_per_min``: complete random 5-player games (Spring 196 to the
end) the rules engine adjudicates per minute on one core, in memory, from the median time
of ``count`` games. Target: at least 30.

``chronicles_saves_per_player_per_round``: signed saves per seat and per round, median over
seeded random 5-player games played as chains of saves between homes (every order sealed,
every opening a save of its own: the exchanges answered one after another). Answered side
by side, as pbem does between homes that mail answer files, an exchange costs fewer saves
still, so this is the figure's upper bound. Each game is played for its first ``rounds``
rounds. Target: at most 4.
"""

from __future__ import annotations

import statistics

from pbem import selfplay

KIND = "chronicles-of-the-three-kingdoms"
PLAYERS = 5


def chronicles_random_games_per_min(count: int = 10) -> float:
    return 60000.0 / selfplay.median_game_ms(KIND, PLAYERS, count)


def saves_per_player_round(seed: int, rounds: int = 8) -> float:
    """Signed saves per seat and round over the first ``rounds`` rounds of one game (the
    joining saves of the setup left out)."""
    result = selfplay.play(KIND, PLAYERS, 7000 + seed,
                           until=lambda save: save.state["calendar"]["round"] > rounds)
    played = int(result.saves[-1].state["calendar"]["round"]) - 1
    return (len(result.saves) - PLAYERS) / (PLAYERS * max(1, played))


def chronicles_saves_per_player_per_round(games: int = 20, rounds: int = 8) -> float:
    return statistics.median(saves_per_player_round(seed, rounds) for seed in range(games))
