"""A number typed among ten or more actions: a digit that could go on waits, visibly, in
the status line; Enter takes it, and Escape, Tab, any other key or a pause forget it, so
it never joins a later digit into another action."""

from __future__ import annotations

import asyncio
import shutil
import time
from pathlib import Path
from typing import Any

import pytest

from pbem import drafts, savefile
from pbem.chain import START
from tests.tui.kit import diplomats_game, region_text, settle
from tests.tui.playing import play, quit_table
from tui.actionlist import ActionList
from tui.dialogs import ConfirmScreen
from tui.launch import make_app

SIZE = (100, 30)
WAITS = "1_ — type a second digit, or Enter"
# Cao Cao's third offer and Jia Xu's (the thirteenth) turn the same neutral
THIRD = {"do": "negotiate", "character": "cao-cao", "target": "yuan-shu"}


def status(app: Any) -> str:
    return region_text(app, app.query_one("#status"))


def taken(app: Any) -> list[dict[str, Any]]:
    assert app.turn is not None
    return [{k: v for k, v in a.items() if k != "dice"} for a in app.turn.player_actions()]


@pytest.mark.parametrize("key", ["tab", "escape", "question_mark"])
def test_a_key_between_two_digits_forgets_the_first(tmp_path: Path, players: Any,
                                                   key: str) -> None:
    app = make_app(diplomats_game(tmp_path, players))
    seen: dict[str, Any] = {}

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            app.query_one("#actions", ActionList).pause = 60  # no pause forgets it here
            await pilot.press("tab")                      # the log has the focus
            await pilot.press("1")
            await settle(pilot)
            seen["waiting"] = status(app)
            await pilot.press(key)
            await settle(pilot)
            if key == "question_mark":                    # the help: closed again
                await pilot.press("escape")
                await settle(pilot)
            seen["after"] = status(app)
            await pilot.press("3")
            await settle(pilot, lambda: bool(taken(app)))

    asyncio.run(run())
    assert WAITS in seen["waiting"]
    assert WAITS not in seen["after"] and "Round 1/8" in seen["after"]
    assert taken(app) == [THIRD]


def test_a_pause_forgets_a_waiting_digit(tmp_path: Path, players: Any) -> None:
    app = make_app(diplomats_game(tmp_path, players))
    seen: dict[str, Any] = {}

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            actions = app.query_one("#actions", ActionList)
            actions.pause = 1.0
            typed_at = time.monotonic()
            await pilot.press("1")
            seen["typed"] = actions.typed
            await settle(pilot, lambda: actions.typed == "", 100)
            seen["waited"] = time.monotonic() - typed_at
            await settle(pilot, lambda: WAITS not in status(app))  # the line is redrawn
            seen["after"] = status(app)
            await pilot.press("3")
            await settle(pilot, lambda: bool(taken(app)))

    asyncio.run(run())
    assert seen["typed"] == "1" and seen["waited"] >= 0.9, seen  # kept for the pause
    assert WAITS not in seen["after"] and "Round 1/8" in seen["after"]
    assert taken(app) == [THIRD]


def test_enter_takes_the_waiting_digit_wherever_the_focus_is(tmp_path: Path,
                                                            players: Any) -> None:
    app = make_app(diplomats_game(tmp_path, players))

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            app.query_one("#actions", ActionList).pause = 60  # no pause forgets it here
            await pilot.press("tab", "tab")               # the map has the focus
            assert app.focused is not app.query_one("#actions")
            await pilot.press("1", "enter")
            await settle(pilot, lambda: bool(taken(app)))

    asyncio.run(run())
    assert taken(app) == [{"do": "negotiate", "character": "cao-cao", "target": "yuan-shao"}]


def draft_actions(save: Path, count: int) -> list[dict[str, Any]]:
    """The actions kept in the draft of ``save`` once there are ``count`` (a few seconds at
    most)."""
    prev = savefile.read(save)
    deadline = time.monotonic() + 20
    found: list[dict[str, Any]] = []
    while time.monotonic() < deadline:
        found = drafts.read(drafts.draft_path(save), prev.sha256, "blue") or []
        if len([a for a in found if a["do"] != START]) >= count:
            break
        time.sleep(0.1)
    return [{k: v for k, v in a.items() if k != "dice"} for a in found if a["do"] != START]


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_typed_in_a_terminal(tmp_path: Path, players: Any) -> None:
    save = diplomats_game(tmp_path, players)
    term = play(save, tmp_path)
    try:
        term.press("Tab")                                 # the log has the focus
        term.keys("1")
        term.wait_for(lambda s: WAITS in s, 10)
        term.wait_for(lambda s: WAITS not in s, 10)       # a pause: forgotten
        term.keys("3")
        assert draft_actions(save, 1) == [THIRD]
        # eleven offers now: Xun Yu's five, Jia Xu's five, End diplomacy
        term.wait_for(lambda s: "(type 1-11)" in s, 20)
        for key in ("Escape", "Tab"):
            term.keys("1")
            term.wait_for(lambda s: WAITS in s, 10)
            term.keys(key)
            term.wait_for(lambda s: WAITS not in s, 10)
        term.keys("1")
        term.wait_for(lambda s: WAITS in s, 10)
        term.keys("Enter")                                # the first, not the eleventh
        assert draft_actions(save, 2)[1] == {"do": "negotiate", "character": "xun-yu",
                                             "target": "yuan-shao"}
        quit_table(term)
    finally:
        term.close()


def test_enter_in_a_dialog_that_came_up_meanwhile_answers_the_dialog(tmp_path: Path,
                                                                     players: Any) -> None:
    app = make_app(diplomats_game(tmp_path, players))
    answers: list[Any] = []

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            app.query_one("#actions", ActionList).pause = 60  # no pause forgets it here
            await pilot.press("1")                        # waits for a second digit
            app.push_screen(ConfirmScreen("A question", ["that came up by itself"]),
                            answers.append)               # as a hand-over or an answer does
            await settle(pilot, lambda: isinstance(app.screen, ConfirmScreen))
            await pilot.press("enter")
            await settle(pilot, lambda: bool(answers))
            answers.append(app.query_one("#actions", ActionList).typed)

    asyncio.run(run())
    assert answers == [True, ""]                          # answered; the digit forgotten
    assert taken(app) == []
