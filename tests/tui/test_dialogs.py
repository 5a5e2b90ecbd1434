"""The dialogs that fill in an action: ticks that read as ticks, fields that wait for the
one before, problems shown when they matter and gone once fixed; "Why not?" answers in
the dialog; every action reachable by its number."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Input, OptionList, Static

from tests.tui.kit import (
    choose,
    diplomats_game,
    log_text,
    offer,
    screen_text,
    settle,
    table_game,
    to_movement,
)
from tests.tui.playing import play, quit_table
from tui.actionlist import after_digit
from tui.launch import make_app
from tui.paramdialog import ParamScreen, TickList
from tui.whynot import WhyNotScreen

SIZE = (100, 30)


def error_of(dialog: Any) -> str:
    content = dialog.query_one("#error", Static).content
    return str(getattr(content, "plain", content))


def test_the_move_dialog(tmp_path: Path, players: Any) -> None:
    app = make_app(table_game(tmp_path, players))
    seen: dict[str, Any] = {}

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await to_movement(pilot)
            await pilot.press(*offer(app, "move", **{"from": "yanzhou"}))
            await settle(pilot, lambda: isinstance(app.screen, ParamScreen))
            dialog = app.screen
            assert isinstance(dialog, ParamScreen)
            ticks = dialog.query_one("#p0", TickList)
            path = dialog.query_one("#p1", OptionList)
            armies = dialog.query_one("#p2", Input)
            seen["locked"] = (path.disabled, armies.disabled)
            await pilot.press("tab")                   # nobody ticked: past the locked fields
            seen["tab"] = not (path.has_focus or armies.has_focus)
            await pilot.press("enter")                 # "Do it": the problem is shown
            await settle(pilot)
            seen["error"] = error_of(dialog)
            seen["armies there"] = armies.is_attached and armies.display
            await pilot.press("shift+tab")
            seen["back"] = ticks.has_focus
            await pilot.press("space")                 # tick the first
            await settle(pilot)
            seen["after tick"] = error_of(dialog)
            seen["unlocked"] = (path.disabled, armies.disabled)
            seen["screen"] = screen_text(app)
            await pilot.press("down", "space", "down")
            await settle(pilot)
            seen["screen2"] = screen_text(app)
            await pilot.press("tab")
            seen["path focus"] = path.has_focus
            await pilot.press("tab")
            seen["armies focus"] = armies.has_focus
            await pilot.press("end", *["backspace"] * 4, "9", "9")
            await settle(pilot)
            seen["too many"] = error_of(dialog)
            await pilot.press("enter")
            await settle(pilot)
            seen["still open"] = isinstance(app.screen, ParamScreen)
            seen["shown"] = error_of(dialog)
            await pilot.press("backspace", "backspace", "3")
            await settle(pilot)
            seen["fixed"] = error_of(dialog)
            await pilot.press("escape")

    asyncio.run(run())
    assert seen["locked"] == (True, True)
    assert seen["tab"], "a locked field took the focus"
    assert seen["back"]
    assert seen["error"] == "Who moves: tick at least 1 with Space"
    assert seen["armies there"]
    assert seen["after tick"] == ""
    assert seen["unlocked"] == (False, False)
    once = [line for line in seen["screen"].splitlines() if "(command" in line]
    assert "[x] Cao Cao" in once[0]
    assert all("[ ] " in line for line in once[1:]), "an unticked character looks ticked"
    twice = [line for line in seen["screen2"].splitlines() if "(command" in line]
    assert "[x] " in twice[0] and "[x] " in twice[1] and "[ ] " in twice[2]
    assert seen["path focus"] and seen["armies focus"]
    assert seen["too many"].startswith("Armies of Cao Cao: give a whole number from 0 to")
    assert seen["still open"] and seen["shown"] == seen["too many"]
    assert seen["fixed"] == ""


def test_the_levy_dialog_forgets_a_fixed_problem(tmp_path: Path, players: Any) -> None:
    app = make_app(table_game(tmp_path, players))
    seen: list[str] = []

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await choose(pilot, "start", 1)
            await choose(pilot, "end-diplomacy")
            await pilot.press(*offer(app, "levy", area="yanzhou"))
            await settle(pilot, lambda: isinstance(app.screen, ParamScreen))
            dialog = app.screen
            await pilot.press("end", *["backspace"] * 4, "enter")
            await settle(pilot)
            seen.append(error_of(dialog))
            await pilot.press("2")
            await settle(pilot)
            seen.append(error_of(dialog))
            await pilot.press("enter")
            await settle(pilot, lambda: not isinstance(app.screen, ParamScreen))

    asyncio.run(run())
    assert seen[0].startswith("How many armies: give a whole number from 1 to")
    assert seen[1] == ""
    assert app.turn is not None and app.turn.player_actions()[-1] == {
        "do": "levy", "area": "yanzhou", "armies": 2}


@pytest.mark.parametrize(("typed", "digit", "total", "expected"), [
    ("", "3", 9, ("", 3, True)),
    ("", "1", 16, ("1", 1, False)),    # 1 could begin 10 to 16: wait
    ("1", "6", 16, ("", 16, True)),
    ("1", "7", 16, ("", 7, True)),     # 17 is too many: the 7 starts again
    ("", "2", 16, ("", 2, True)),
    ("", "0", 16, ("", None, False)),
    ("1", "0", 16, ("", 10, True)),
    ("", "9", 5, ("", None, False)),
])
def test_after_digit(typed: str, digit: str, total: int, expected: Any) -> None:
    assert after_digit(typed, digit, total) == expected


def test_digits_reach_every_action(tmp_path: Path, players: Any) -> None:
    app = make_app(diplomats_game(tmp_path, players))
    seen: dict[str, Any] = {}

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            seen["count"] = len(app.offers)
            seen["numbers"] = screen_text(app)
            await pilot.press("1", "6")                # the sixteenth: End diplomacy
            await settle(pilot, lambda: app.turn is not None and bool(app.turn.player_actions()))

    asyncio.run(run())
    assert seen["count"] == 16
    assert " 1. Cao Cao" in seen["numbers"]  # numbers right-aligned for two digits
    assert app.turn is not None and app.turn.player_actions() == [{"do": "end-diplomacy"}]


def test_why_not_answers_in_the_dialog(tmp_path: Path, players: Any) -> None:
    app = make_app(table_game(tmp_path, players))
    seen: dict[str, Any] = {}

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await choose(pilot, "start", 1)
            before = log_text(app)
            await pilot.press("w")
            await settle(pilot, lambda: isinstance(app.screen, WhyNotScreen))
            field = app.screen.query_one(Input)
            seen["value"], seen["placeholder"] = field.value, field.placeholder
            await pilot.press(*"do: levy, area: xuchang, armies: 2", "enter")
            await settle(pilot)
            seen["answer"] = str(app.screen.query_one("#answer", Static).content)
            seen["open"] = isinstance(app.screen, WhyNotScreen)
            await pilot.press("ctrl+a", "ctrl+k", *"do: fly", "enter")
            await settle(pilot)
            seen["second"] = str(app.screen.query_one("#answer", Static).content)
            await pilot.press("escape")
            await settle(pilot)
            seen["log unchanged"] = log_text(app) == before
            seen["closed"] = not isinstance(app.screen, WhyNotScreen)

    asyncio.run(run())
    assert seen["value"] == "" and seen["placeholder"].startswith("e.g. do: ")
    assert "4.3" in seen["answer"] or "diplomacy" in seen["answer"], seen["answer"]
    assert seen["open"] and seen["second"] != seen["answer"]
    assert seen["log unchanged"] and seen["closed"]


def test_a_number_works_wherever_the_focus_is(tmp_path: Path, players: Any) -> None:
    app = make_app(diplomats_game(tmp_path, players))

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await pilot.press("tab")                   # the log has the focus
            assert app.focused is app.query_one("#log")
            await pilot.press("1", "6")
            await settle(pilot, lambda: app.turn is not None and bool(app.turn.player_actions()))

    asyncio.run(run())
    assert app.turn is not None and app.turn.player_actions() == [{"do": "end-diplomacy"}]


def test_why_not_lists_the_verbs_offered_now(tmp_path: Path, players: Any) -> None:
    app = make_app(table_game(tmp_path, players))
    seen: dict[str, Any] = {}

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await choose(pilot, "start", 1)
            await choose(pilot, "negotiate", 6, character="cao-cao", target="gongsun-zan")
            await choose(pilot, "end-diplomacy")               # the levy is offered now
            seen["offered"] = [spec.verb for spec in app.offers]
            await pilot.press("w")
            await settle(pilot, lambda: isinstance(app.screen, WhyNotScreen))
            hint = str(app.screen.query_one(".hint", Static).content)
            seen["listed"] = hint.split("Verbs offered now: ", 1)[1].strip().split(", ")
            await pilot.press("escape")

    asyncio.run(run())
    assert "levy" in seen["offered"] and "negotiate" not in seen["offered"]
    assert sorted(seen["listed"]) == sorted(set(seen["offered"]))


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_why_not_in_a_terminal_lists_the_verbs_offered_now(tmp_path: Path,
                                                            players: Any) -> None:
    term = play(diplomats_game(tmp_path, players), tmp_path)
    try:
        term.keys("1", "6")                               # End diplomacy: the levy now
        term.wait_for(lambda s: "Levy armies in" in s, 20)
        term.keys("w")
        shown = term.wait_for(lambda s: "Verbs offered now:" in s, 20)
        listed = shown.split("Verbs offered now:", 1)[1].split("\n", 1)[0]
        assert "levy" in listed and "negotiate" not in listed and "diplomacy" not in listed
        term.keys("Escape")
        term.wait_for(lambda s: "Verbs offered now:" not in s, 20)
        quit_table(term)
    finally:
        term.close()
