"""pbem selfplay: the result line names the winner as the game names the seat, and a
wrong number of players is told plainly."""

from __future__ import annotations

import re

from typer.testing import CliRunner

from pbem.cli.main import app

runner = CliRunner()


def test_the_result_line_names_the_winning_seat() -> None:
    result = runner.invoke(app, ["selfplay", "dragons-tigers", "--seed", "1"])
    assert result.exit_code == 0, result.output
    line = result.stdout.strip()
    # the keys are new on every run, so the game and its end differ: a seat that wins is
    # named as the game names it, never by its role id; a game may also end with no winner
    assert re.fullmatch(r"game 1: \d+ actions, \d+ saves, \d+ dice; ((Blue Dragon 青龍|White "
                        r"Tiger 白虎) wins|no winner) \(\w+\); OK: dragons-tigers game "
                        r"[0-9a-f]{8}, save \d+ .*", line), line
    assert not re.search(r"\b(blue|white) wins", line), line


def test_a_game_of_one_size_says_so() -> None:
    result = runner.invoke(app, ["selfplay", "three-kingdoms-redux", "--players", "2"])
    assert result.exit_code == 2
    assert result.stderr.strip() == "pbem: usage: Three Kingdoms Redux takes 3 players, not 2"
