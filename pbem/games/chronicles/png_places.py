"""Where the Chronicles map picture puts things: each territory's box on the grid of
layout.yaml, each area's cell inside its box, each border's line across the gap between
two boxes, and the north/south line along the gaps.

Everything is in picture units (1 unit is 1 pixel when the picture is shown 700 pixels
wide). Two boxes share a border line when they face each other across a gap (the line
crosses the gap where they overlap) or meet corner to corner across a crossing of gaps
(the line is a diagonal); other pairs of boxes get no line.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from pbem.games.dragons_tigers.png_route import Box, densify

Point = tuple[float, float]

WIDTH = 700            # the picture's width in units
MARGIN = 6             # left and right margins
MAP_TOP = 48           # where the map starts (the title lines are above)
GAP = 12               # between boxes, across and down
ROW_H = 110            # one grid row
HEADER_H = 28          # a box's title: number, name, Chinese name, land value
PAD = 3                # inside a box, around its cells
CELL_GAP = 2           # between cells
MIN_FACING = 16        # boxes facing each other over less than this share no line
CHAMFER = 6            # the north/south line cuts its corners by this much


@dataclass(frozen=True)
class Link:
    """A border as drawn: from box ``a`` to box ``b``, straight."""

    id: str
    a: str
    b: str
    start: Point
    end: Point
    diagonal: bool


@dataclass(frozen=True)
class Places:
    boxes: dict[str, Box]        # territory id -> its box
    cells: dict[str, Box]        # area id -> its cell
    links: dict[str, Link]       # border id -> its line (absent: the boxes do not meet)
    divide: tuple[Point, ...]    # the north/south line
    map_bottom: float


def _span(start: float, count: float, unit: float) -> tuple[float, float]:
    """Where ``count`` grid units from ``start`` begin and end, gaps included inside."""
    begin = start * (unit + GAP)
    return begin, begin + count * unit + (count - 1) * GAP


def column_width(grid: Mapping[str, Any]) -> float:
    columns = int(grid["columns"])
    return (WIDTH - 2 * MARGIN - (columns - 1) * GAP) / columns


def box_of(spec: Sequence[float], grid: Mapping[str, Any]) -> Box:
    """The box of a layout entry ``[column, row, columns wide, rows tall]``."""
    column, row, wide, tall = (float(v) for v in spec)
    left, right = _span(column, wide, column_width(grid))
    top, bottom = _span(row, tall, ROW_H)
    return Box(MARGIN + left, MAP_TOP + top, MARGIN + right, MAP_TOP + bottom)


def cells_of(box: Box, rows: Sequence[Sequence[str]]) -> dict[str, Box]:
    """The cells of a box's areas: rows top to bottom, each row west to east."""
    top, bottom = box.top + HEADER_H, box.bottom - PAD
    height = (bottom - top - (len(rows) - 1) * CELL_GAP) / len(rows)
    out = {}
    for r, row in enumerate(rows):
        width = (box.width - 2 * PAD - (len(row) - 1) * CELL_GAP) / len(row)
        y = top + r * (height + CELL_GAP)
        for c, area in enumerate(row):
            x = box.left + PAD + c * (width + CELL_GAP)
            out[area] = Box(x, y, x + width, y + height)
    return out


def _overlap(lo1: float, hi1: float, lo2: float, hi2: float) -> tuple[float, float]:
    return max(lo1, lo2), min(hi1, hi2)


def _facing(one: Box, two: Box) -> tuple[Point, Point] | None:
    """The line across the gap from ``one`` to ``two`` when ``two`` lies right of or below
    it and they overlap enough, at the middle of their overlap."""
    inset = 3.0
    lo, hi = _overlap(one.top, one.bottom, two.top, two.bottom)
    if two.left > one.right and hi - lo >= MIN_FACING:
        y = (lo + hi) / 2
        return (one.right - inset, y), (two.left + inset, y)
    lo, hi = _overlap(one.left, one.right, two.left, two.right)
    if two.top > one.bottom and hi - lo >= MIN_FACING:
        x = (lo + hi) / 2
        return (x, one.bottom - inset), (x, two.top + inset)
    return None


def _corner(one: Box, two: Box) -> tuple[Point, Point] | None:
    """The diagonal between the nearest corners of two boxes that meet corner to corner
    across a crossing of gaps."""
    dx = max(two.left - one.right, one.left - two.right)
    dy = max(two.top - one.bottom, one.top - two.bottom)
    if not (0 < dx <= GAP + 0.5 and 0 < dy <= GAP + 0.5):
        return None
    sx = 1 if two.left > one.right else -1
    sy = 1 if two.top > one.bottom else -1
    pull = 1.5  # into the rounded corners
    start = (one.right if sx > 0 else one.left) - sx * pull, \
        (one.bottom if sy > 0 else one.top) - sy * pull
    end = (two.left if sx > 0 else two.right) + sx * pull, \
        (two.top if sy > 0 else two.bottom) + sy * pull
    return start, end


def link(bid: str, a: str, b: str, boxes: Mapping[str, Box]) -> Link | None:
    """The line of a border between boxes ``a`` and ``b``, or ``None`` when they neither
    face each other across clear ground nor meet corner to corner."""
    first, second = boxes[a], boxes[b]
    others = [box for key, box in boxes.items() if key not in (a, b)]
    found = _facing(first, second)
    if found is None and (back := _facing(second, first)) is not None:
        found = back[1], back[0]
    diagonal = found is None
    if found is None:
        found = _corner(first, second)
    if found is None or any(crosses(found, box) for box in others):
        return None
    return Link(bid, a, b, found[0], found[1], diagonal)


def divide(boxes: Mapping[str, Box], halves: Mapping[str, str],
           grid: Mapping[str, Any]) -> tuple[Point, ...]:
    """The north/south line: in each column, across the gap between the lowest box of the
    north and the highest of the south; from column to column down the gap between."""
    width = column_width(grid)
    levels = []
    for column in range(int(grid["columns"])):
        left = MARGIN + column * (width + GAP)
        inside = [t for t, b in boxes.items() if b.left < left + width and b.right > left]
        north = max((boxes[t].bottom for t in inside if halves[t] == "north"), default=None)
        south = min((boxes[t].top for t in inside if halves[t] == "south"), default=None)
        if north is None or south is None or north >= south:
            raise ValueError(f"column {column}: no gap between the north and the south")
        levels.append((north + south) / 2)
    points: list[Point] = [(MARGIN - 4, levels[0])]
    for column, (here, there) in enumerate(pairwise(levels)):
        x = MARGIN + (column + 1) * (width + GAP) - GAP / 2
        if abs(here - there) < 0.5:
            continue
        step = CHAMFER if there > here else -CHAMFER
        points += [(x - CHAMFER, here), (x, here + step), (x, there - step),
                   (x + CHAMFER, there)]
    points.append((WIDTH - MARGIN + 4, levels[-1]))
    return tuple(points)


def places(board: Mapping[str, Any]) -> Places:
    """Every box, cell, border line and the north/south line of a board."""
    lay = board["layout"]
    grid = lay["grid"]
    boxes = {t["id"]: box_of(lay["boxes"][t["id"]], grid) for t in board["territories"]}
    cells: dict[str, Box] = {}
    for territory in board["territories"]:
        cells.update(cells_of(boxes[territory["id"]], lay["areas"][territory["id"]]))
    links = {}
    for border in board["borders"]:
        a, b = border["between"]
        found = link(border["id"], a, b, boxes)
        if found is not None:
            links[border["id"]] = found
    halves = {t["id"]: t["half"] for t in board["territories"]}
    bottom = max(b.bottom for b in boxes.values())
    return Places(boxes, cells, links, divide(boxes, halves, grid), bottom)


def crosses(line: Sequence[Point], box: Box, pad: float = 0.0) -> bool:
    """Does ``line`` pass through ``box`` (grown by ``pad``)?"""
    return any(box.contains(p, pad) for p in densify(line, 1.0))
