"""How the table fits a terminal: the smallest size, the side panels, the bottom pane."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.text import Text

MIN_WIDTH, MIN_HEIGHT = 80, 24
PANELS_FROM = 96  # narrower terminals give the map the whole width (p shows the panels)
NO_BOARD: dict[str, Any] = {"areas": [], "borders": [], "terrains": {}}
_CONSOLE = Console(width=200, color_system=None, legacy_windows=False)


def too_small(width: int, height: int) -> bool:
    return width < MIN_WIDTH or height < MIN_HEIGHT


def panels_fit(width: int) -> bool:
    return width >= PANELS_FROM


def side_width(width: int) -> int:
    return max(34, min(60, int(width * 0.34)))


def rows(board: dict[str, Any]) -> int:
    """How many rows of areas the board's grid has."""
    return max((a["grid"][1] for a in board.get("areas", [])), default=-1) + 1


def text_height(text: str, width: int) -> int:
    """Lines ``text`` takes when wrapped to ``width`` columns (with a margin each side)."""
    if not text:
        return 0
    return len(Text(text).wrap(_CONSOLE, max(10, width - 2)))


def bottom_height(height: int, used: int, map_rows: int) -> int:
    """The actions-and-log pane: a third of the screen, less when the map would lose its
    second line per area (the armies) otherwise."""
    bottom = max(8, min(16, height // 3 - 1))
    room = height - used - bottom
    if map_rows and room < 2 * map_rows:
        bottom = max(5, height - used - 2 * map_rows)
    return bottom
