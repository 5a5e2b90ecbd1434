"""The side tabs by keyboard (the Card Game's Hand, Table, Lands, Chain, Rules): every
place Tab stops at shows a bright edge, and ← → switch the tab on the row of tab names
and in the pane shown too, where they did nothing before (nor anything visible while
reviewing: they stepped the history) and the player, seeing no focus, was stuck."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from textual.widget import Widget
from textual.widgets import Tabs

from tests.tui.cardgame_kit import card_game
from tests.tui.kit import settle
from tests.tui.test_cardgame_table import to_the_table
from tui.launch import make_app


def lit(widget: Widget) -> bool:
    """Whether the focused ``widget`` shows it: a bright edge on it, or on the side
    panels it is in."""
    side = widget.app.query_one("#side")
    edged = side if side in widget.ancestors_with_self else widget
    return edged.styles.border_left[0] == "tall"


def test_tab_stops_show_and_arrows_switch_the_side_tabs(tmp_path: Path) -> None:
    app = make_app(card_game(tmp_path, 3))
    seen: dict[str, Any] = {"stops": [], "unlit": []}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await to_the_table(pilot)
            side = app.query_one("#side")
            for _ in range(5):  # the whole round of Tab: every stop shows the focus
                await pilot.press("tab")
                await settle(pilot)
                seen["stops"].append(app.focused)
                if app.focused is not None and not lit(app.focused):
                    seen["unlit"].append(repr(app.focused))
            while not isinstance(app.focused, Tabs):
                await pilot.press("tab")
            await pilot.press("right")                  # on the tab names
            seen["names"] = side.active
            await pilot.press("tab")                    # into the pane shown
            seen["inside"] = side in app.focused.ancestors
            await pilot.press("right")
            await settle(pilot)
            seen["pane"] = side.active
            seen["kept"] = side.get_pane(side.active) in app.focused.ancestors
            await pilot.press("left", "left", "left")   # round to the last tab
            seen["round"] = side.active
            await pilot.press("v")                      # reviewing: the pane still
            await settle(pilot, lambda: app.reviewing)  # takes its arrows
            point = app.point
            await pilot.press("left")
            seen["review"] = (side.active, app.point == point)

    asyncio.run(run())
    assert len(set(map(id, seen["stops"]))) == 5, seen["stops"]
    assert not seen["unlit"], seen["unlit"]
    assert seen["names"] == "tab-pane-1"
    assert seen["inside"]
    assert seen["pane"] == "tab-pane-2" and seen["kept"]
    assert seen["round"] == "tab-rules"
    assert seen["review"] == ("tab-pane-3", True)
