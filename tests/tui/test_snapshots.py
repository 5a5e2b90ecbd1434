"""SVG snapshots of the table's main screens (pytest-textual-snapshot).

Refresh them after a deliberate change of the look with ``pytest --snapshot-update``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.tui.conftest import TURN_SCENARIO, write_game
from tui.app import TableApp
from tui.launch import make_app


def table_game(tmp_path: Path, players: Any) -> Path:
    return write_game(tmp_path, players, TURN_SCENARIO, table_dice=True)


def test_play_screen_at_100x30(snap_compare: Any, tmp_path: Path, players: Any) -> None:
    """The turn opens on the start: the map, the kingdoms and the offered action."""
    app = make_app(table_game(tmp_path, players))
    assert snap_compare(app, terminal_size=(100, 30))


def test_play_screen_after_the_mandate(snap_compare: Any, tmp_path: Path,
                                       players: Any) -> None:
    """After the opening die: the event in the log, diplomacy offered, an area selected."""
    app = make_app(table_game(tmp_path, players))

    async def start(pilot: Any) -> None:
        await pilot.press("1")
        await pilot.pause()
        await pilot.press("1", "enter")
        await pilot.pause()
        assert isinstance(pilot.app, TableApp)
        pilot.app.post_message(pilot.app.query_one("#map").Selected("yanzhou"))
        await pilot.pause()

    assert snap_compare(app, terminal_size=(100, 30), run_before=start)


def test_help_screen(snap_compare: Any, tmp_path: Path, players: Any) -> None:
    app = make_app(table_game(tmp_path, players))
    assert snap_compare(app, terminal_size=(100, 30), press=["f1"])


def test_review_in_chinese_on_a_large_terminal(snap_compare: Any, tmp_path: Path,
                                               players: Any) -> None:
    """Review of a new game, Chinese names and labels, with room for larger areas."""
    app = make_app(write_game(tmp_path, players), review=True, lang="zh")
    assert snap_compare(app, terminal_size=(150, 46))
