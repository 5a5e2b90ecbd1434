"""SVG snapshots of the table's main screens (pytest-textual-snapshot): 100×30, the smallest
size 80×24, in Chinese, Three Kingdoms Redux, and witnessed dice.

Refresh them after a deliberate change of the look with ``pytest --snapshot-update``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.tui.conftest import forget_key, write_game
from tests.tui.kit import choose, settle, start_table_turn, table_game
from tests.tui.redux_kit import redux_game, to_bidding
from tests.tui.test_witnessed import witnessed_game
from tui.app import TableApp
from tui.dialogs import ConfirmScreen
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


async def redux_bid_dialog(pilot: Any) -> None:
    """Wei's first bid: the number of Recruit armies opens its dialog (generals by number)."""
    await to_bidding(pilot)
    number = next(i for i, spec in enumerate(pilot.app.offers, start=1)
                  if spec.fixed.get("space") == "recruit-armies")
    await pilot.press(*str(number))
    await settle(pilot)


async def redux_states(pilot: Any) -> None:
    await to_bidding(pilot)
    pilot.app.query_one("#side").active = "tab-states"
    await settle(pilot)


def test_redux_bidding(snap_compare: Any, tmp_path: Path) -> None:
    """Three Kingdoms Redux: the action spaces with the numbers that bid there, the
    player's own generals and hand."""
    app = make_app(redux_game(tmp_path))
    assert snap_compare(app, terminal_size=(120, 40), run_before=to_bidding)


def test_redux_bid_dialog(snap_compare: Any, tmp_path: Path) -> None:
    app = make_app(redux_game(tmp_path))
    assert snap_compare(app, terminal_size=(120, 40), run_before=redux_bid_dialog)


def test_redux_state_boards(snap_compare: Any, tmp_path: Path) -> None:
    """Each state's board; another state's hidden generals only counted."""
    app = make_app(redux_game(tmp_path))
    assert snap_compare(app, terminal_size=(120, 40), run_before=redux_states)


async def roll_request(pilot: Any) -> None:
    await settle(pilot, lambda: isinstance(pilot.app.screen, ConfirmScreen), 100)
    await settle(pilot)


async def waiting(pilot: Any) -> None:
    await roll_request(pilot)
    await pilot.press("enter")
    await settle(pilot, lambda: pilot.app.waiting is not None)


def test_witnessed_roll_request(snap_compare: Any, tmp_path: Path) -> None:
    """The opening's dice wait for the other player: sign the request, or not."""
    joined, _, _ = witnessed_game(tmp_path)
    forget_key("liu")
    app = make_app(joined)
    assert snap_compare(app, terminal_size=(100, 30), run_before=roll_request)


def test_waiting_for_a_witness(snap_compare: Any, tmp_path: Path,
                               monkeypatch: pytest.MonkeyPatch) -> None:
    """Whose answer the table awaits, and since when."""
    monkeypatch.chdir(tmp_path)
    joined, _, _ = witnessed_game(tmp_path)
    forget_key("liu")
    app = make_app(joined)
    assert snap_compare(app, terminal_size=(100, 30), run_before=waiting)
