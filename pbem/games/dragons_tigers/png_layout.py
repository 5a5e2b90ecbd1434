"""Where the map picture puts each area's box and how it draws each border between them.

Boxes sit on the board's drawing grid (``grid`` in ``module.board()``): columns get just
enough room that neighbours in a row never touch, and every box has the same height, so
the picture has one size for every position. A border is drawn from one box to the other
as a straight line where that is clear of every other box, else around them
(png_route.py). Everything is in picture units
(1 unit is 1 pixel when the picture is shown 700 pixels wide).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from pbem.games.dragons_tigers.png_route import Box, Route, Router, densify

__all__ = ["Box", "Layout", "Route", "densify", "layout"]

WIDTH = 700            # the picture's width in units
MARGIN = 8             # left and right margins
MAP_TOP = 50           # where the map starts (the title lines are above)
BOX_H = 120            # every box's height
MIN_BOX_W = 78         # the narrowest box
MAX_BOX_W = 96         # the widest box
GAP_X = 12             # at least this between boxes in a row
GAP_Y = 26             # between rows
MIN_PANEL_W = 105      # an empty corner of the map this wide holds a panel of the legend


@dataclass(frozen=True)
class Layout:
    boxes: dict[str, Box]
    panels: dict[str, Box]   # empty corners of the map: top-left, top-right, ...
    routes: tuple[Route, ...]
    map_bottom: float


def _panels(boxes: Mapping[str, Box]) -> dict[str, Box]:
    """The empty ends of the first and last rows, where borders are not drawn."""
    out = {}
    tops = sorted({box.top for box in boxes.values()})
    for row_name, top in (("top", tops[0]), ("bottom", tops[-1])):
        row = sorted((box for box in boxes.values() if box.top == top), key=lambda b: b.left)
        # a channel beside the last box for the borders that leave it sideways
        for side, left, right in (("left", MARGIN, row[0].left - 2 * GAP_X),
                                  ("right", row[-1].right + 2 * GAP_X, WIDTH - MARGIN)):
            if right - left >= MIN_PANEL_W:
                out[f"{row_name}-{side}"] = Box(left, top, right, top + BOX_H)
    return out


def _columns(areas: Sequence[Mapping[str, Any]]) -> list[float]:
    """The x of each grid column's centre: narrow where it can be, wide where it must."""
    last = max(int(a["grid"][0]) for a in areas)
    need = [0.0] * last
    rows: dict[int, list[int]] = {}
    for area in areas:
        rows.setdefault(int(area["grid"][1]), []).append(int(area["grid"][0]))
    for cols in rows.values():
        cols.sort()
        for left, right in pairwise(cols):
            for i in range(left, right):
                need[i] = max(need[i], (MIN_BOX_W + GAP_X) / (right - left))
    room = WIDTH - 2 * MARGIN - MAX_BOX_W
    spare = max(0.0, room - sum(need)) / max(1, last)
    xs = [MARGIN + MAX_BOX_W / 2]
    for pitch in need:
        xs.append(xs[-1] + pitch + spare)
    return xs


def _boxes(areas: Sequence[Mapping[str, Any]]) -> dict[str, Box]:
    xs = _columns(areas)
    rows: dict[int, list[tuple[int, str]]] = {}
    for area in areas:
        col, row = int(area["grid"][0]), int(area["grid"][1])
        rows.setdefault(row, []).append((col, str(area["id"])))
    boxes = {}
    for row, members in rows.items():
        members.sort()
        top = MAP_TOP + row * (BOX_H + GAP_Y)
        for i, (col, aid) in enumerate(members):
            x = xs[col]
            half_left = half_right = MAX_BOX_W / 2
            if i > 0:
                half_left = min(half_left, (x - xs[members[i - 1][0]] - GAP_X) / 2)
            if i + 1 < len(members):
                half_right = min(half_right, (xs[members[i + 1][0]] - x - GAP_X) / 2)
            boxes[aid] = Box(x - half_left, top, x + half_right, top + BOX_H)
    return boxes


def layout(board: Mapping[str, Any]) -> Layout:
    """Boxes, panels and border lines for ``board`` (the same for every position)."""
    boxes = _boxes(board["areas"])
    panels = _panels(boxes)
    bottom = max(box.bottom for box in boxes.values())
    # borders stay on the map: not above its first row nor below its last
    top = min(box.top for box in boxes.values())
    outside = [Box(0, 0, WIDTH, top - GAP_Y / 2), Box(0, bottom + 2, WIDTH, bottom + GAP_Y)]
    router = Router(boxes, [*panels.values(), *outside], WIDTH, bottom + GAP_Y)
    borders = [b for b in board.get("borders", []) if b["a"] in boxes and b["b"] in boxes]
    # The shortest borders first: the longer ones then find their way around them.
    for border in sorted(borders, key=lambda b: math.dist(boxes[b["a"]].centre,
                                                          boxes[b["b"]].centre)):
        router.add(str(border["a"]), str(border["b"]), str(border.get("terrain", "plain")))
    return Layout(boxes, panels, tuple(router.routes), bottom)
