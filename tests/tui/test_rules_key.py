"""The Rules tab has its key, r, shown in the footer; it shows the rules of the step even at
80×24, where the side panels are hidden, and r again goes back to what was shown."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import TabbedContent

from tests.tui.kit import diplomats_game, region_text, settle
from tests.tui.playing import play, quit_table
from tui.launch import make_app

SUMMARY = "Each active character with"  # the start of the summary of 4.3, diplomacy


def side(app: Any) -> TabbedContent:
    return app.query_one("#side", TabbedContent)


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
def test_r_shows_the_rules_and_goes_back(tmp_path: Path, players: Any,
                                         size: tuple[int, int]) -> None:
    app = make_app(diplomats_game(tmp_path, players))
    seen: dict[str, Any] = {}

    async def run() -> None:
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            seen["footer"] = region_text(app, app.query_one("Footer"))
            seen["before"] = (side(app).display, side(app).active)
            await pilot.press("r")
            await settle(pilot)
            seen["shown"] = (side(app).display, side(app).active)
            seen["side"] = region_text(app, side(app))
            await pilot.press("r")
            await settle(pilot)
            seen["after"] = (side(app).display, side(app).active)

    asyncio.run(run())
    footer = seen["footer"].strip()
    assert "Rules" in footer and footer.endswith("Quit"), footer  # every key fits
    assert seen["before"][0] == (size[0] >= 96)
    assert seen["shown"] == (True, "tab-rules")
    lines = [line.strip().lstrip("│").strip() for line in seen["side"].splitlines()]
    assert "Rules" in lines[0] and "Step: diplomacy" in lines
    assert SUMMARY in " ".join(lines)
    assert seen["after"] == seen["before"]


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_the_rules_at_80_by_24_in_a_terminal(tmp_path: Path, players: Any) -> None:
    term = play(diplomats_game(tmp_path, players), tmp_path, size=(80, 24))
    try:
        screen = term.wait_for(lambda s: "Rules" in (s.splitlines() or [""])[-1], 10)
        assert SUMMARY not in screen
        term.keys("r")
        shown = term.wait_for(lambda s: SUMMARY in s, 10)
        assert "Step: diplomacy" in shown
        term.keys("r")
        term.wait_for(lambda s: SUMMARY not in s and "Bohai" in s, 10)
        quit_table(term)
    finally:
        term.close()
