"""SVG snapshots of the table's main screens (pytest-textual-snapshot): 100×30, the smallest
size 80×24, and in Chinese.

Refresh them after a deliberate change of the look with ``pytest --snapshot-update``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.tui.conftest import write_game
from tests.tui.kit import choose, settle, start_table_turn, table_game
from tui.app import TableApp
from tui.launch import make_app


async def after_the_mandate(pilot: Any) -> None:
    """The opening die, then Yanzhou selected on the map."""
    await start_table_turn(pilot)
    assert isinstance(pilot.app, TableApp)
    pilot.app.post_message(pilot.app.query_one("#map").Selected("yanzhou"))
    await settle(pilot)


async def at_the_levy(pilot: Any) -> None:
    """Diplomacy ended: the levy of Yanzhou in its dialog."""
    await start_table_turn(pilot)
    await choose(pilot, "end-diplomacy")
    await pilot.press("1")
    await settle(pilot)


def test_play_screen_at_100x30(snap_compare: Any, tmp_path: Path, players: Any) -> None:
    """The turn opens on the start: the map, the kingdoms and the offered action."""
    app = make_app(table_game(tmp_path, players))
    assert snap_compare(app, terminal_size=(100, 30), run_before=settle)


def test_play_screen_after_the_mandate(snap_compare: Any, tmp_path: Path,
                                       players: Any) -> None:
    """After the opening die: the event in the log, diplomacy offered, an area selected."""
    app = make_app(table_game(tmp_path, players))
    assert snap_compare(app, terminal_size=(100, 30), run_before=after_the_mandate)


def test_play_screen_at_80x24(snap_compare: Any, tmp_path: Path, players: Any) -> None:
    """The smallest size: the map alone, each area with its armies; the panels on p."""
    app = make_app(table_game(tmp_path, players))
    assert snap_compare(app, terminal_size=(80, 24), run_before=after_the_mandate)


def test_levy_dialog_at_80x24(snap_compare: Any, tmp_path: Path, players: Any) -> None:
    app = make_app(table_game(tmp_path, players))
    assert snap_compare(app, terminal_size=(80, 24), run_before=at_the_levy)


def test_play_screen_in_chinese(snap_compare: Any, tmp_path: Path, players: Any) -> None:
    """--lang zh: names, labels, offers, log and footer in Chinese."""
    app = make_app(table_game(tmp_path, players), lang="zh")
    assert snap_compare(app, terminal_size=(100, 30), run_before=after_the_mandate)


def test_help_screen(snap_compare: Any, tmp_path: Path, players: Any) -> None:
    app = make_app(table_game(tmp_path, players))
    async def help_screen(pilot: Any) -> None:
        await settle(pilot)
        await pilot.press("f1")
        await settle(pilot)

    assert snap_compare(app, terminal_size=(100, 30), run_before=help_screen)


def test_review_in_chinese_on_a_large_terminal(snap_compare: Any, tmp_path: Path,
                                               players: Any,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """Review of a new game, Chinese names and labels, with room for larger areas."""
    monkeypatch.chdir(tmp_path)  # the save is named as the player would type it
    app = make_app(write_game(tmp_path, players), review=True, lang="zh")
    assert snap_compare(app, terminal_size=(150, 46), run_before=settle)
