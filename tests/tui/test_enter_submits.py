"""Enter does what a dialog asks once its fields are right: an action's details (otherwise
it shows the problem and goes to its field), and a question, wherever the focus is."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Input, OptionList, Static

from tests.tui.conftest import TURN_SCENARIO, write_game
from tests.tui.kit import diplomats_game, offer, settle
from tests.tui.playing import play, quit_table
from tests.tui.test_typed_numbers import draft_actions
from tui.dialogs import ConfirmScreen
from tui.launch import make_app
from tui.paramdialog import ParamScreen, TickList

SIZE = (100, 30)
MOVEMENT: dict[str, Any] = {**TURN_SCENARIO, "turn": {"kingdom": "cao-cao", "phase": "movement"}}


def movement_game(folder: Path, players: Any) -> Path:
    """Cao Cao's movement (open dice): Move from Yanzhou, End movement."""
    return write_game(folder, players, MOVEMENT)


def error_of(dialog: Any) -> str:
    content = dialog.query_one("#error", Static).content
    return str(getattr(content, "plain", content))


def test_enter_does_the_action_once_every_field_is_right(tmp_path: Path, players: Any) -> None:
    app = make_table(tmp_path, players)
    seen: dict[str, Any] = {}

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await pilot.press(*offer(app, "move", **{"from": "yanzhou"}))
            await settle(pilot, lambda: isinstance(app.screen, ParamScreen))
            dialog = app.screen
            assert isinstance(dialog, ParamScreen)
            seen["who"] = dialog.spec.params[0].options[0].value
            seen["path"] = dialog.spec.params[1].options[0].value
            seen["armies"] = dialog.spec.params[2].default
            await pilot.press("space", "enter")          # tick the first; the rest as shown
            await settle(pilot, lambda: not isinstance(app.screen, ParamScreen))

    asyncio.run(run())
    assert app.turn is not None
    done = {k: v for k, v in app.turn.player_actions()[-1].items() if k != "dice"}
    assert done == {"do": "move", "from": "yanzhou", "characters": [seen["who"]],
                    "to": seen["path"], "armies": seen["armies"]}


def test_enter_shows_the_problem_and_goes_to_its_field(tmp_path: Path, players: Any) -> None:
    app = make_table(tmp_path, players)
    seen: dict[str, Any] = {}

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await pilot.press(*offer(app, "move", **{"from": "yanzhou"}))
            await settle(pilot, lambda: isinstance(app.screen, ParamScreen))
            dialog = app.screen
            assert isinstance(dialog, ParamScreen)
            await pilot.press("enter")                   # nobody ticked
            await settle(pilot)
            seen["nobody"] = (error_of(dialog), dialog.query_one("#p0", TickList).has_focus)
            await pilot.press("space", "tab", "tab", "end", *["backspace"] * 4)
            await pilot.press("shift+tab")               # back to the path, armies empty
            seen["on path"] = dialog.query_one("#p1", OptionList).has_focus
            await pilot.press("enter")
            await settle(pilot)
            seen["armies"] = (error_of(dialog), dialog.query_one("#p2", Input).has_focus)
            seen["open"] = app.screen is dialog
            await pilot.press("7", "enter")
            await settle(pilot, lambda: not isinstance(app.screen, ParamScreen))

    asyncio.run(run())
    assert seen["nobody"] == ("Who moves: tick at least 1 with Space", True)
    assert seen["on path"]
    assert seen["armies"][0].startswith("Armies of Cao Cao: give a whole number from 0 to")
    assert seen["armies"][1] and seen["open"]
    assert app.turn is not None and app.turn.player_actions()[-1]["armies"] == 7


def test_enter_answers_a_question_wherever_the_focus_is(tmp_path: Path, players: Any) -> None:
    save = diplomats_game(tmp_path, players)
    first = make_app(save)
    seen: dict[str, Any] = {}

    async def compose_some() -> None:
        async with first.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await pilot.press("1", "6")                  # End diplomacy; kept in the draft
            await settle(pilot, lambda: bool(first.turn and first.turn.player_actions()))

    again = make_app(save)

    async def resume() -> None:
        async with again.run_test(size=SIZE) as pilot:
            await settle(pilot, lambda: isinstance(again.screen, ConfirmScreen))
            await pilot.press("shift+tab")               # the text, not a button
            seen["focus"] = again.screen.focused.id if again.screen.focused else None
            await pilot.press("enter")                   # Resume
            await settle(pilot, lambda: not isinstance(again.screen, ConfirmScreen))

    asyncio.run(compose_some())
    asyncio.run(resume())
    assert seen["focus"] == "body"
    assert again.turn is not None and again.turn.player_actions() == [{"do": "end-diplomacy"}]


def make_table(folder: Path, players: Any) -> Any:
    return make_app(movement_game(folder, players))


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_enter_in_a_terminal(tmp_path: Path, players: Any) -> None:
    save = movement_game(tmp_path, players)
    term = play(save, tmp_path)
    try:
        term.keys("1")                                    # Move from Yanzhou …
        term.wait_for(lambda s: "Who moves" in s, 20)
        term.keys("Space")
        term.press("Enter")
        term.wait_for(lambda s: "Who moves" not in s, 20)
        assert draft_actions(save, 1)[0]["do"] == "move"
        quit_table(term)
    finally:
        term.close()
    term = play(save, tmp_path, ready="A turn was being composed")
    try:
        term.keys("BTab")                                 # the text, not a button
        term.keys("Enter")                                # Resume
        term.wait_for(lambda s: "Resumed 1 action" in s, 20)
        quit_table(term)
    finally:
        term.close()


def test_a_click_ticks_or_picks_and_does_not_do_it(tmp_path: Path, players: Any) -> None:
    app = make_table(tmp_path, players)
    seen: dict[str, Any] = {}

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await pilot.press(*offer(app, "move", **{"from": "yanzhou"}))
            await settle(pilot, lambda: isinstance(app.screen, ParamScreen))
            dialog = app.screen
            assert isinstance(dialog, ParamScreen)
            ticks = dialog.query_one("#p0", TickList)
            await pilot.click(ticks, offset=(8, 2))      # a character
            await settle(pilot)
            seen["ticked"] = (sorted(ticks.ticked), app.screen is dialog)
            path = dialog.query_one("#p1", OptionList)
            await pilot.click(path, offset=(8, 2))       # a path
            await settle(pilot)
            seen["picked"] = (dialog.query_one("#p2", Input).has_focus, app.screen is dialog)
            seen["who"] = [dialog.spec.params[0].options[i].value for i in ticks.ticked]
            seen["path"] = dialog.spec.params[1].options[path.highlighted or 0].value
            seen["first path"] = path.highlighted == 0
            await pilot.press("enter")
            await settle(pilot, lambda: not isinstance(app.screen, ParamScreen))

    asyncio.run(run())
    ticked, open_after_tick = seen["ticked"]
    assert len(ticked) == 1 and open_after_tick
    assert seen["picked"] == (True, True) and not seen["first path"]
    assert app.turn is not None
    done = app.turn.player_actions()[-1]
    assert (done["characters"], done["to"]) == (seen["who"], seen["path"])
