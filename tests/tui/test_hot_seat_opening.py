"""``pbem play`` of a hot-seat game with hidden cards (every seat's key on this machine)
opens on the hand-over screen: nothing of the seat's is shown before its player presses
Enter."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.tui.kit import at_the_keyboard, diplomats_game, offer, screen_text, settle
from tests.tui.playing import WITH_TINY_GAMES, play, quit_table
from tests.tui.test_hidden_cards import EAST_CARDS, NORTH_CARDS, card_market, end_turn_and_hand_over
from tui.dialogs import HandOverScreen
from tui.launch import make_app

SIZE = (100, 30)


def east_to_play(folder: Path) -> Path:
    """North (ann) draws and ends her turn: the save where east (ben) holds his cards."""
    app = make_app(card_market(folder))

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await at_the_keyboard(pilot)
            await settle(pilot, lambda: app.turn is not None and bool(app.offers), 100)
            await pilot.press(offer(app, "draw"))
            await settle(pilot)
            await end_turn_and_hand_over(pilot)

    asyncio.run(run())
    assert app.written
    return app.written[-1].path


def test_play_opens_on_the_hand_over(tmp_path: Path) -> None:
    save = east_to_play(tmp_path)
    app = make_app(save, defer=True)                       # as pbem play opens it
    seen: dict[str, Any] = {}

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            seen["first"] = (isinstance(app.screen, HandOverScreen), screen_text(app))
            await settle(pilot, lambda: app.opened.checked)
            seen["checked"] = (isinstance(app.screen, HandOverScreen), screen_text(app))
            await pilot.press("enter")
            await settle(pilot, lambda: app.turn is not None and bool(app.offers), 100)
            seen["table"] = screen_text(app)

    asyncio.run(run())
    for key in ("first", "checked"):
        hidden, shown = seen[key]
        assert hidden and "Pass the keyboard to ben" in shown, shown
        assert not any(card in shown for card in NORTH_CARDS + EAST_CARDS), shown
    assert all(card in seen["table"] for card in EAST_CARDS)


def test_a_game_without_hidden_cards_opens_at_once(tmp_path: Path, players: Any) -> None:
    app = make_app(diplomats_game(tmp_path, players), defer=True)

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, lambda: app.turn is not None and bool(app.offers), 100)
            assert not isinstance(app.screen, HandOverScreen)

    asyncio.run(run())


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_play_in_a_terminal_opens_on_the_hand_over(tmp_path: Path) -> None:
    save = east_to_play(tmp_path)
    term = play(save, tmp_path, ready="Hand over", pbem=WITH_TINY_GAMES)
    try:
        shown = term.screen()
        assert "Pass the keyboard to ben" in shown
        assert not any(card in shown for card in NORTH_CARDS + EAST_CARDS), shown
        term.keys("Enter")
        term.wait_for(lambda s: all(card in s for card in EAST_CARDS), 30)
        quit_table(term)
    finally:
        term.close()
