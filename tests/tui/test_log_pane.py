"""The log pane: reached with Tab, scrolled from the keyboard, showing the newest action from
its start, notices where they happened, and a resumed draft as it was."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from tests.tui.kit import (
    battle,
    choose,
    diplomats_game,
    log_text,
    move_across_the_river,
    screen_text,
    settle,
    table_game,
    to_movement,
)
from tui.dialogs import ConfirmScreen, HandOverScreen
from tui.launch import make_app
from tui.logpane import LogPane

SIZE = (100, 30)


def top_line(pane: LogPane) -> str:
    """The first line the pane shows."""
    y = int(pane.scroll_y)
    for block in pane.query("Static"):
        top, height = block.virtual_region.y, block.size.height
        if top <= y < top + height:
            content = block.content
            return str(getattr(content, "plain", content)).splitlines()[y - top]
    return ""


def test_tab_reaches_the_log_and_the_keys_scroll_it(tmp_path: Path, players: Any) -> None:
    app = make_app(table_game(tmp_path, players))
    seen: dict[str, Any] = {}

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await to_movement(pilot)
            pane = app.query_one("#log", LogPane)
            for _ in range(6):
                if pane.has_focus:
                    break
                await pilot.press("tab")
            seen["focused"] = pane.has_focus
            seen["max"] = pane.max_scroll_y
            await pilot.press("end")
            await settle(pilot)
            seen["end"] = pane.scroll_y
            await pilot.press("pageup")
            await settle(pilot)
            seen["page_up"] = pane.scroll_y
            await pilot.press("home")
            await settle(pilot)
            seen["home"] = pane.scroll_y
            await pilot.press("down")
            await settle(pilot)
            seen["down"] = pane.scroll_y

    asyncio.run(run())
    assert seen["focused"], "Tab never reached the log"
    assert seen["max"] > 10
    assert seen["end"] == seen["max"]
    assert seen["page_up"] < seen["end"]
    assert seen["home"] == 0 and seen["down"] == 1


def test_the_battle_is_read_from_its_start(tmp_path: Path, players: Any) -> None:
    app = make_app(table_game(tmp_path, players))
    tops: list[str] = []

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await to_movement(pilot)
            await move_across_the_river(pilot)
            await battle(pilot)
            await settle(pilot)
            pane = app.query_one("#log", LogPane)
            tops.append(top_line(pane))
            newest = list(pane.query("Static"))[-1]
            tops.append(str(newest.size.height - pane.scrollable_content_region.height))

    asyncio.run(run())
    assert tops[0] == "▸ End movement", tops
    assert int(tops[1]) > 0  # taller than the pane: at its end, its start would be hidden


def test_notices_stay_where_they_happened_and_go_at_the_hand_over(tmp_path: Path,
                                                                  players: Any) -> None:
    app = make_app(table_game(tmp_path, players))
    texts: dict[str, str] = {}

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await to_movement(pilot)
            await pilot.press("u")                      # the levy rolled no dice: undone
            await settle(pilot)
            await choose(pilot, "end-levy")
            await move_across_the_river(pilot)
            await battle(pilot)
            await pilot.press("u")                      # dice were rolled: refused
            await settle(pilot)
            texts["turn"] = log_text(app)
            await choose(pilot, "retreat", to="yanzhou")
            await choose(pilot, "end-turn", 2)          # White Tiger's chit: liu's move
            await settle(pilot, lambda: isinstance(app.screen, ConfirmScreen))
            await pilot.press("enter")                  # write and sign
            await settle(pilot, lambda: bool(app.written))
            assert isinstance(app.screen, HandOverScreen), "no hand-over"
            texts["hand-over"] = screen_text(app)
            await pilot.press("enter")                  # liu has the keyboard
            await settle(pilot, lambda: app.turn is not None and app.turn.role == "white")
            texts["after"] = log_text(app)

    asyncio.run(run())
    turn = texts["turn"]
    assert "Undone: End the levy" in turn
    assert turn.index("Undone: End the levy") < turn.index("▸ Move from Yanzhou")
    assert turn.rstrip().endswith("Cannot undo: dice were rolled for the last action; it stands.")
    assert "Pass the keyboard to liu" in texts["hand-over"]
    hidden = texts["hand-over"]  # the table is out of sight until liu takes the keyboard
    assert "Yanzhou" not in hidden and "Kingdoms" not in hidden and "▸" not in hidden
    assert "Undone" not in texts["after"] and "Cannot undo" not in texts["after"]
    assert "your turn" in texts["after"]


def test_a_resumed_draft_looks_as_it_did(tmp_path: Path, players: Any) -> None:
    save = diplomats_game(tmp_path, players)
    before: list[str] = []

    async def compose() -> None:
        app = make_app(save)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await choose(pilot, "negotiate", character="xun-yu", target="ma-teng")
            await choose(pilot, "negotiate", character="cao-cao", target="yuan-shu")
            await settle(pilot)
            before.append(log_text(app))
            await pilot.press("q")

    async def resume() -> str:
        app = make_app(save)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, lambda: isinstance(app.screen, ConfirmScreen))
            await pilot.press("enter")                  # Resume
            await settle(pilot, lambda: app.turn is not None and len(app.turn.chunks) == 3)
            return log_text(app)

    asyncio.run(compose())
    after = asyncio.run(resume())
    assert after.startswith(before[0])
    assert after[len(before[0]):].strip() == "Resumed 2 actions from the draft."
