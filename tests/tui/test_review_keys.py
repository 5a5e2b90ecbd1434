"""Reviewing: the keys the header advertises work at once, with the focus where it opens."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

from pbem import savefile
from tests.tui.chains import random_chain
from tests.tui.kit import screen_text, settle
from tui.actionlist import ActionList
from tui.history import Point
from tui.launch import make_app


def review_chain(folder: Path) -> Path:
    """A game with open dice up to its first save, past the twelfth and after a move, that
    holds ten actions or more (so a single digit may begin a longer number); that save."""
    paths = random_chain(folder, 80, dice="open")
    verbs = [[a["do"] for a in savefile.read(p).actions] for p in paths]
    moved = next(i for i, done in enumerate(verbs) if "move" in done)
    last = next(i for i, done in enumerate(verbs) if i >= max(12, moved) and len(done) >= 10)
    for later in paths[last + 1:]:
        later.unlink()
    return paths[last]


def test_paging_keys_step_through_saves_without_moving_the_focus(tmp_path: Path) -> None:
    app = make_app(review_chain(tmp_path), review=True)
    points: dict[str, Point | None] = {}

    async def run() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, lambda: app.history is not None)
            assert isinstance(app.focused, ActionList)
            points["start"] = app.point
            for key in ("pageup", "pageup", "pagedown", "home", "end", "left", "right"):
                await pilot.press(key)
                await settle(pilot)
                points[key] = app.point
            shown = screen_text(app)
            assert "← → PgUp PgDn Home" in shown

    asyncio.run(run())
    assert app.history is not None
    last = app.history.last()
    assert points["start"] == last
    saves = app.history.saves
    assert points["pageup"] == app.history.save_end(len(saves) - 3)  # two saves back
    assert points["pagedown"] == app.history.save_end(len(saves) - 2)
    assert points["home"] == app.history.first()
    assert points["end"] == last
    assert points["left"] == app.history.step(last, -1)
    assert points["right"] == last


def test_a_number_shows_the_position_after_that_action(tmp_path: Path) -> None:
    app = make_app(review_chain(tmp_path), review=True)

    async def run() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, lambda: app.history is not None)
            await pilot.press("1", "enter")  # ten actions: 1 alone could begin 10
            await settle(pilot)
            seen.append(app.point)
            await pilot.press("1", "0")
            await settle(pilot)
            seen.append(app.point)

    seen: list[Point | None] = []
    asyncio.run(run())
    assert [p.action if p else None for p in seen] == [1, 10]


def test_the_review_list_tells_actions_in_words(tmp_path: Path) -> None:
    app = make_app(review_chain(tmp_path), review=True)
    shown: list[str] = []

    async def run() -> None:
        async with app.run_test(size=(120, 60)) as pilot:  # room for long saves
            await settle(pilot, lambda: app.history is not None)
            for _ in range(len(app.history.saves)):
                shown.append(screen_text(app))
                await pilot.press("pageup")
                await settle(pilot)

    asyncio.run(run())
    text = "\n".join(shown)
    assert re.search(r"move: .*characters [A-Z][a-z]+", text)  # a move, its characters by name
    assert "['" not in text and "{'" not in text, "raw Python lists in the review"
