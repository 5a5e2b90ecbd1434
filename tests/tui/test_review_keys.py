"""Reviewing: the keys the header advertises work at once, with the focus where it opens."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

from tests.tui.kit import screen_text, settle
from tui.actionlist import ActionList
from tui.history import Point
from tui.launch import make_app

GOLDEN = Path(__file__).resolve().parents[2] / "saves" / "golden"


def golden_copy(folder: Path, last: int) -> Path:
    """The golden game's saves up to number ``last``, copied into ``folder``."""
    files = sorted(GOLDEN.glob("*.pbem.yaml"))[: last + 1]
    for path in files:
        shutil.copy(path, folder / path.name)
    return folder / files[-1].name


def test_paging_keys_step_through_saves_without_moving_the_focus(tmp_path: Path) -> None:
    app = make_app(golden_copy(tmp_path, 12), review=True)
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
    app = make_app(golden_copy(tmp_path, 12), review=True)

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
    app = make_app(golden_copy(tmp_path, 12), review=True)
    shown: list[str] = []

    async def run() -> None:
        async with app.run_test(size=(120, 36)) as pilot:
            await settle(pilot, lambda: app.history is not None)
            for _ in range(12):
                shown.append(screen_text(app))
                await pilot.press("pageup")
                await settle(pilot)

    asyncio.run(run())
    text = "\n".join(shown)
    assert "move: from" in text  # a move with its characters, in names
    assert "['" not in text and "{'" not in text, "raw Python lists in the review"
