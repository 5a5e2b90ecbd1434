"""The status line of the table says when the answer owed is due in a game with a
deadline (at the moment the test sets), and nothing of it in a game without one."""

from __future__ import annotations

import asyncio
import datetime as dt
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Static

from pbem import deadlines, keeping, session
from tests.tui.conftest import GAME_ID
from tests.tui.kit import DIPLOMATS, diplomats_game, settle
from tui.launch import make_app


def _status(save: Path, lang: str = "en") -> str:
    app = make_app(save, lang=lang, as_name="cao")
    shown: list[str] = []

    async def run() -> None:
        async with app.run_test(size=(120, 36)) as pilot:
            await settle(pilot, lambda: app.opened.checked)
            await settle(pilot)
            shown.append(str(app.query_one("#status", Static).render()))

    asyncio.run(run())
    return shown[0]


def _game_with_deadline(folder: Path, players: Any) -> Path:
    cao, liu = players
    first = session.new_game("dragons-tigers", cao, [liu.identity], None, DIPLOMATS,
                             game_id=GAME_ID, deadline={"answer": "3d", "grace": "1d"})
    return keeping.write_all([first, session.join(first, liu)], folder)


@pytest.mark.parametrize(("moment", "words"), [
    (dt.datetime(2026, 11, 23, 9, tzinfo=dt.UTC), "(in 2d 3h)"),
    (dt.datetime(2026, 11, 25, 17, tzinfo=dt.UTC), "(LATE by 5h)")])
def test_the_status_line_says_when_the_answer_is_due(
        tmp_path: Path, players: Any, monkeypatch: pytest.MonkeyPatch,
        moment: dt.datetime, words: str) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(deadlines, "now", lambda: moment)  # the clock the table asks
    save = _game_with_deadline(tmp_path / "game", players)
    status = _status(save)
    assert f"answer due 2026-11-25 12:00 UTC {words}" in status, status
    zh = _status(save, "zh")
    assert "答覆期限 2026-11-25 12:00 UTC" in zh, zh


def test_no_deadline_nothing_said(tmp_path: Path, players: Any,
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    status = _status(diplomats_game(tmp_path / "game", players))
    assert "due" not in status and "LATE" not in status, status
