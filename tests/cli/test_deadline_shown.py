"""``pbem show`` tells the game's deadline and when the answer owed is due (in words and
in its JSON), at the moment it is asked; a game without a deadline shows nothing new."""

from __future__ import annotations

import json
import os
from pathlib import Path

from freezegun import freeze_time
from typer.testing import CliRunner

from pbem.cli.main import app

runner = CliRunner()


def pbem(*args: object) -> str:
    result = runner.invoke(app, [str(a) for a in args])
    assert result.exit_code == 0 and "Traceback" not in result.output, result.output
    return result.stdout


def _race(tmp_path: Path, *extra: str) -> Path:
    """alice invites bob to a race at noon on 22 November 2026 (bob owes the join)."""
    os.chdir(tmp_path)
    pbem("keygen", "alice")
    bob = pbem("keygen", "bob").strip().splitlines()[-1]
    (tmp_path / "bob.id").write_text(bob + "\n")
    with freeze_time("2026-11-22 12:00:00"):
        pbem("--as", "alice", "new", "tiny-race", "--opponent", tmp_path / "bob.id",
             "-o", "g0.pbem.yaml", *extra)
    return tmp_path / "g0.pbem.yaml"


def test_show_tells_the_deadline_and_when_the_answer_is_due(tmp_path: Path) -> None:
    first = _race(tmp_path, "--deadline", "2d", "--grace", "12h")
    data = json.loads(pbem("show", first, "--json"))
    assert data["deadline"] == {"answer": "2d", "grace": "12h"}
    assert data["answer_due"] == {"asked": "2026-11-22T12:00:00Z",
                                  "due": "2026-11-24T12:00:00Z",
                                  "claimable": "2026-11-25T00:00:00Z"}
    assert data["due"]["role"] == "green" and "prompt" in data  # the keys of before remain
    with freeze_time("2026-11-23 09:00:00"):
        text = pbem("show", first)
    assert "Deadline: 2d to answer, 12h grace before a claim\n" in text
    assert ("Due: answer due by 2026-11-24 12:00 UTC, claim from 2026-11-25 00:00 UTC "
            "(due in 1d 3h)\n") in text, text
    with freeze_time("2026-11-24 17:30:00"):
        assert "(LATE by 5h 30m)\n" in pbem("show", first)


def test_a_game_without_deadline_shows_nothing_new(tmp_path: Path) -> None:
    first = _race(tmp_path, "--deadline", "none")
    data = json.loads(pbem("show", first, "--json"))
    assert data["deadline"] is None and data["answer_due"] is None
    text = pbem("show", first)
    assert "Deadline" not in text and "Due:" not in text and "claim" not in text
