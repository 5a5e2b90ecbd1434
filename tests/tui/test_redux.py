"""Three Kingdoms Redux at the table, from the view the game describes: the action spaces
with their bids and the numbers that bid there, the tracks, each state's board, the
player's own generals and hand; bidding by number keys; a whole round for three players
at one keyboard; the notice about reconstructed data."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from pbem import chain, store
from tests.tui.kit import at_the_keyboard, dialog_text, log_text, region_text, screen_text, settle
from tests.tui.redux_kit import play_one, press, redux_game, to_bidding
from tui.dialogs import ConfirmScreen, HandOverScreen
from tui.launch import make_app
from tui.paramdialog import ParamScreen

SIZE = (120, 40)


def test_a_bid_by_number_keys(tmp_path: Path) -> None:
    app = make_app(redux_game(tmp_path))
    seen: dict[str, Any] = {}

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await to_bidding(pilot)
            seen["board"] = region_text(app, app.query_one("#board-pane"))
            space = next(s for s in app.current_view()["spaces"]
                         if s["id"] == "recruit-armies")
            number = next(i for i, spec in enumerate(app.offers, start=1)
                          if spec.fixed.get("space") == space["id"])
            seen["number"] = number
            await press(pilot, str(number))                # the space: one key
            assert isinstance(app.screen, ParamScreen)
            seen["dialog"] = dialog_text(app)
            await press(pilot, "2")                        # the second general: done
            seen["after"] = app.current_view()

    asyncio.run(run())
    assert f"{seen['number']}. Recruit armies" in seen["board"]
    assert "1. Cao Cao (combat 3)" in seen["dialog"] and "2. " in seen["dialog"]
    bids = next(s for s in seen["after"]["spaces"] if s["id"] == "recruit-armies")["bids"]
    assert [(b["role"], b["value"]) for b in bids] and bids[0]["role"] == "wei"


def test_each_state_sees_its_own_generals_and_hand(tmp_path: Path) -> None:
    app = make_app(redux_game(tmp_path))
    seen: dict[str, Any] = {}

    async def run() -> None:
        async with app.run_test(size=(120, 60)) as pilot:  # the whole "Yours" tab
            await to_bidding(pilot)
            seen["wei"] = app.current_view()
            seen["yours"] = region_text(app, app.query_one("#side"))
            placed: dict[str, int] = {}
            while app.turn is None or app.turn.role != "wu" or \
                    isinstance(app.screen, HandOverScreen):
                await play_one(pilot, 1, placed)
            seen["wu"] = app.current_view()
            seen["wu screen"] = screen_text(app)

    asyncio.run(run())
    wei, wu = seen["wei"], seen["wu"]
    mine = [g["name"] for g in wei["states"]["wei"]["generals"] if not g["public"]]
    theirs = [g for g in wei["states"]["wu"]["generals"] if not g["public"]]
    assert mine and all(mine) and theirs and all(g["name"] is None for g in theirs)
    assert mine[0].split()[0] in seen["yours"]
    assert "Your hand" in seen["yours"] and "hidden from the others" in seen["yours"]
    wei_secret = {g["name"] for g in wei["states"]["wei"]["generals"] if not g["public"]}
    assert not any(name in seen["wu screen"] for name in wei_secret)
    assert [g["name"] for g in wu["states"]["wu"]["generals"] if not g["public"]]


def test_the_data_notice_is_shown(tmp_path: Path) -> None:
    app = make_app(redux_game(tmp_path))
    seen: dict[str, str] = {}

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await at_the_keyboard(pilot)
            await settle(pilot, lambda: app.turn is not None, 100)
            seen["status"] = screen_text(app).splitlines()[1]
            seen["log"] = log_text(app)
            if isinstance(app.screen, ConfirmScreen):  # Wei's part ends at the start: sign?
                await pilot.press("escape")
                await settle(pilot)
            app.query_one("#side").active = "tab-tracks"
            await settle(pilot)
            seen["tracks"] = " ".join(region_text(app, app.query_one("#side")).split())

    asyncio.run(run())
    assert "reconstructed data" in seen["status"]
    assert seen["log"].startswith("This game uses reconstructed data: 69 of 69 generals")
    assert "This game uses reconstructed data" in seen["tracks"]


@pytest.mark.slow
def test_a_whole_round_for_three_at_one_keyboard(tmp_path: Path) -> None:
    app = make_app(redux_game(tmp_path))
    seen: dict[str, Any] = {"steps": [], "boards": []}

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await at_the_keyboard(pilot)
            await settle(pilot, lambda: app.turn is not None, 100)
            placed: dict[str, int] = {}
            for _ in range(200):
                view = app.current_view()
                if view.get("round") == 2 and view.get("stage") == "bidding":
                    break
                if view.get("stage") == "take-actions" and not seen["boards"]:
                    seen["boards"].append(region_text(app, app.query_one("#board-pane")))
                seen["steps"].append(await play_one(pilot, 2, placed))
            seen["placed"] = placed

    asyncio.run(run())
    assert app.current_view()["round"] == 2
    assert seen["placed"] == {"wei": 2, "wu": 2, "shu": 2}   # two bids each, by number
    assert seen["steps"].count("hand-over") >= 10
    assert "won by" in seen["boards"][0]                   # the spaces' winners, shown
    last = app.written[-1]
    verdict = chain.verify(last.save, store.candidates(last.save, [], last.path))
    assert verdict.lines[0].startswith("OK")
    assert {w.save.writer for w in app.written} == {"wei", "wu", "shu"}
