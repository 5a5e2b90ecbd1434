"""Small terminals: every name whole and every count clear at 100×30, the counts still there
at 80×24, and below that a message instead of a broken table."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Static

from tests.tui.kit import diplomats_game, screen_text, settle
from tui.launch import make_app
from tui.mapdraw import TERRAIN_GLYPHS
from tui.mapview import MapView

GLYPHS = {glyph for glyph, _ in TERRAIN_GLYPHS.values()}


def drawn(save: Path, size: tuple[int, int]) -> tuple[Any, Any, str]:
    """The map's drawing, the view it drew and the screen's text at ``size``."""
    app = make_app(save)
    out: list[Any] = []

    async def run() -> None:
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            await pilot.pause(0.2)
            out.extend([app.query_one(MapView)._drawing, app.current_view(), screen_text(app)])

    asyncio.run(run())
    return out[0], out[1], out[2]


@pytest.mark.parametrize("size", [(100, 30), (80, 24)])
def test_names_whole_and_counts_clear(tmp_path: Path, players: Any,
                                      size: tuple[int, int]) -> None:
    drawing, view, _ = drawn(diplomats_game(tmp_path, players), size)
    assert drawing is not None
    lines = drawing.text.plain.split("\n")
    for area in view["areas"]:
        box = drawing.boxes[area["id"]]
        row = lines[box.y]
        label = row[box.x:box.x + box.w].strip().lstrip("•")
        assert label == area["name"], f"{area['name']} drawn as {label!r}"
        if area.get("armies"):
            pieces = lines[box.y + 1][box.x:box.x + box.w]
            for count in area["armies"].values():
                assert f"■{count}" in pieces, f"{area['name']}: no count at {size}"
        for y in range(box.y, box.y + box.h):
            left = lines[y][box.x - 1] if box.x > 0 else " "
            right = lines[y][box.x + box.w] if box.x + box.w < len(lines[y]) else " "
            assert left not in GLYPHS and right not in GLYPHS, \
                f"a border mark touches {area['name']} at {size}"


@pytest.mark.parametrize("size", [(79, 24), (80, 23), (60, 20)])
def test_too_small_says_so(tmp_path: Path, players: Any, size: tuple[int, int]) -> None:
    _, _, screen = drawn(diplomats_game(tmp_path, players), size)
    assert f"The terminal is {size[0]}×{size[1]}; the table needs at least 80×24" \
        in " ".join(screen.split())
    assert "Luoyang" not in screen


def test_the_smallest_size_shows_the_table(tmp_path: Path, players: Any) -> None:
    app = make_app(diplomats_game(tmp_path, players))
    seen: list[Any] = []

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            seen.append(app.query_one("#too-small", Static).display)
            seen.append(app.query_one("#side").display)
            await pilot.press("p")                     # the panels, on demand
            await settle(pilot)
            seen.append(app.query_one("#side").display)
            seen.append(screen_text(app))

    asyncio.run(run())
    assert seen[0] is False and seen[1] is False and seen[2] is True
    assert "Kingdoms" in seen[3]
