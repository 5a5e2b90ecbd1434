"""The Dragons & Tigers map as a PNG picture, for e-mail (docs/map-picture.md).

A function of the static board (``module.board()``), a view (``module.view()``) and,
optionally, the saves the picture goes with (their moves and battles are drawn) and who
must act next. It knows the shapes documented in docs/view.md and no rule.
"""

from __future__ import annotations

import io
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import pairwise
from typing import Any

from pbem.games.dragons_tigers import png_fonts, png_layout, png_legend
from pbem.games.dragons_tigers.png_canvas import Canvas, Point, plural
from pbem.games.dragons_tigers.png_layout import Box, Layout, Route
from pbem.games.dragons_tigers.png_palette import (
    BATTLE,
    EMPEROR,
    INK,
    MOUNTAIN,
    MOVE,
    MOVE_EDGE,
    OUTLINE,
    PAPER,
    PLAIN,
    RIVER,
    RIVER_EDGE,
    UNHELD,
    faction_colours,
    ink_on,
    kingdom_colours,
    tint,
)
from pbem.games.dragons_tigers.png_recent import Recent, recent

NAME_SIZE = 12.5
TEXT_SIZE = 11
LINE = 13.2            # body line height
PAD = 4
MANPOWER_R = 7.5
FRAME = 3.2            # the faction frame around a box
BODY_TINT = 0.22
# How each terrain is drawn: (colour at the line's centre, width); the test reads these.
TERRAIN = {"river": (RIVER, 3.0), "mountain": (MOUNTAIN, 4.0), "plain": (PLAIN, 2.2)}
ARROW_OFFSET = 8       # moves are drawn beside the border they cross, not over it


@dataclass
class Picture:
    """The drawn picture and what tests need to check it."""

    canvas: Canvas
    layout: Layout
    recent: Recent
    arrows: list[list[Point]]    # the paths of the move arrows, their tips last

    def png(self) -> bytes:
        out = io.BytesIO()
        self.canvas.image.save(out, format="PNG", optimize=False, compress_level=6)
        return out.getvalue()


def _board_key(board: Mapping[str, Any]) -> tuple[Any, ...]:
    return (tuple((str(a["id"]), tuple(a["grid"])) for a in board["areas"]),
            tuple((str(b["a"]), str(b["b"]), str(b.get("terrain"))) for b in board["borders"]))


@cache
def _layout_for(key: tuple[Any, ...]) -> Layout:
    areas = [{"id": aid, "grid": list(grid)} for aid, grid in key[0]]
    borders = [{"a": a, "b": b, "terrain": t} for a, b, t in key[1]]
    return png_layout.layout({"areas": areas, "borders": borders})


def layout(board: Mapping[str, Any]) -> Layout:
    """Boxes and border lines (worked out once per board)."""
    return _layout_for(_board_key(board))


def _height(lay: Layout) -> float:
    return lay.map_bottom + png_legend.placement(lay)[1]


def size(board: Mapping[str, Any]) -> tuple[int, int]:
    """Width and height of the picture in pixels (the same for every position)."""
    return Canvas.px(png_layout.WIDTH), Canvas.px(_height(layout(board)))


# --- borders ----------------------------------------------------------------------------
def _border(canvas: Canvas, route: Route, boxes: Sequence[Box]) -> None:
    points = list(route.points)
    colour, width = TERRAIN.get(route.terrain, TERRAIN["plain"])
    if route.terrain == "river":
        canvas.line(points, RIVER_EDGE, width + 2.4)
    if route.terrain == "mountain":
        for tooth in _teeth(points, boxes):
            canvas.polygon(tooth, colour)
    canvas.line(points, colour, width)


def _teeth(points: list[Point], boxes: Sequence[Box]) -> list[list[Point]]:
    """Small peaks along a mountain border, all on the side where they touch no box
    (upwards, or to the left, when both sides are free)."""
    dense = png_layout.densify(points, 1.0)
    (x0, y0), (x1, y1) = dense[0], dense[-1]
    upward = 1 if (x1 - x0) > 0 or ((x1 - x0) == 0 and (y1 - y0) < 0) else -1
    sides = []
    for side in (upward, -upward):
        teeth = []
        for i in range(3, len(dense) - 3, 7):
            (ax, ay), (bx, by) = dense[i - 2], dense[i + 2]
            d = math.dist((ax, ay), (bx, by)) or 1.0
            nx, ny = (by - ay) / d * side, -(bx - ax) / d * side
            x, y = dense[i]
            teeth.append([(ax, ay), (x + nx * 5.5, y + ny * 5.5), (bx, by)])
        touching = sum(box.contains(tooth[1], 1.5) for tooth in teeth for box in boxes)
        sides.append((touching, teeth))
    return min(sides, key=lambda pair: pair[0])[1]


# --- areas ------------------------------------------------------------------------------
def _name_lines(canvas: Canvas, area: Mapping[str, Any], room: float) -> tuple[str, str]:
    """The area's name (shortened to fit if need be) and its Chinese name."""
    zh = str(area.get("zh") or "") if canvas.fonts.cjk else ""
    return canvas.shorten(str(area["name"]), NAME_SIZE, room, True), zh


def _flow(canvas: Canvas, items: Sequence[tuple[str, str | None]], width: float,
          size_: float) -> list[list[tuple[str, str | None]]]:
    """Words (each with an optional swatch colour) wrapped into lines of ``width``."""
    lines: list[list[tuple[str, str | None]]] = [[]]
    used = 0.0
    for text, swatch in items:
        need = canvas.measure(text, size_) + (9 if swatch else 0)
        gap = 3.5 if lines[-1] else 0
        if lines[-1] and used + gap + need > width:
            lines.append([])
            used, gap = 0.0, 0
        lines[-1].append((text, swatch))
        used += gap + need
    return [line for line in lines if line]


def _body_lines(canvas: Canvas, area: Mapping[str, Any], view: Mapping[str, Any],
                colours: Mapping[str, str], width: float, size_: float) -> list[Any]:
    """The kingdom, the armies and the leaders in an area, as lines."""
    names = {k["id"]: k["name"] for k in view.get("kingdoms", [])}
    holder = area.get("controller")
    lines: list[Any] = []
    if holder:
        lines.append(("kingdom", names.get(holder, holder)))
    armies = {k: int(n) for k, n in (area.get("armies") or {}).items() if int(n)}
    if armies:
        if list(armies) == [holder]:
            words = [(plural(armies[holder], "army", "armies"), None)]
        else:
            words = [(f"{names.get(k, k)} {n}" + ("," if i + 1 < len(armies) else ""),
                      colours.get(k)) for i, (k, n) in enumerate(armies.items())]
        lines += [("flow", line) for line in _flow(canvas, words, width, size_)]
    chars = {c["id"]: c for c in view.get("characters", [])}
    leaders = [chars[c] for c in area.get("characters") or [] if c in chars]
    leaders.sort(key=lambda c: (c.get("kingdom") != holder, c.get("rank") != "warlord"))
    words = []
    for i, leader in enumerate(leaders):
        kingdom = leader.get("kingdom")
        first = i == 0 or leaders[i - 1].get("kingdom") != kingdom
        swatch = colours.get(str(kingdom), OUTLINE) if first and kingdom != holder else None
        comma = "," if i + 1 < len(leaders) else ""
        words.append((f"{leader['name']}{comma}", swatch))
    lines += [("flow", line) for line in _flow(canvas, words, width, size_)]
    return lines


def _header(canvas: Canvas, box: Box, area: Mapping[str, Any], fill: str | None,
            battle: bool) -> float:
    """The top of a box: name, Chinese name, signs and manpower; returns its height."""
    name, zh = _name_lines(canvas, area, box.width - 2 * PAD)
    header = PAD + 2 * 13.5 + 2
    if fill:
        canvas.box(box.left, box.top, box.right, box.top + header, fill=fill, outline=OUTLINE,
                   width=1, corners=(True, True, False, False))
    else:
        canvas.line([(box.left + 1, box.top + header), (box.right - 1, box.top + header)],
                    OUTLINE, 0.6)
    ink = ink_on(fill or UNHELD)
    canvas.text(box.left + PAD, box.top + PAD + 10.5, name, NAME_SIZE, bold=True, fill=ink)
    second = box.top + PAD + 24.5
    if zh:
        canvas.text(box.left + PAD, second, zh, NAME_SIZE - 0.5, fill=ink)
    centre = (box.right - PAD - MANPOWER_R, second - 4.5)
    canvas.circle(centre, MANPOWER_R, "#ffffff", INK, 0.9)
    canvas.text(centre[0], centre[1] + 0.3, str(area.get("manpower", "?")), 10, bold=True,
                anchor="mm")
    x = centre[0] - MANPOWER_R - 3
    if area.get("emperor"):
        x -= 13
        canvas.circle((x + 6, second - 4.5), 7.5, "#ffffff", INK, 0.8)
        canvas.crown(x + 1, second - 1, 10, EMPEROR)
        x -= 3
    if battle:
        canvas.star((x - 8, second - 4.5), 8.5, BATTLE, "#ffffff" if fill and ink_on(
            fill) != INK else INK)
    return header


def _area(canvas: Canvas, box: Box, area: Mapping[str, Any], view: Mapping[str, Any],
          colours: Mapping[str, str], frames: Mapping[str, str], recent_: Recent) -> None:
    holder = area.get("controller")
    fill = colours.get(holder, UNHELD) if holder else None
    owner = next((k.get("owner") for k in view.get("kingdoms", []) if k["id"] == holder), None)
    frame = frames.get(owner) if owner else None
    if frame:
        canvas.box(box.left - FRAME, box.top - FRAME, box.right + FRAME, box.bottom + FRAME,
                   fill=frame, outline=OUTLINE, width=0.8, radius=7)
    body = tint(fill, BODY_TINT) if fill else UNHELD
    canvas.box(box.left, box.top, box.right, box.bottom, fill=body, outline=OUTLINE, width=1)
    header = _header(canvas, box, area, fill, area["id"] in recent_.battles)
    width = box.width - 2 * PAD
    room_lines = int((box.bottom - box.top - header - PAD) // LINE)
    for size_ in (TEXT_SIZE, TEXT_SIZE - 1):
        lines = _body_lines(canvas, area, view, colours, width, size_)
        if len(lines) <= room_lines:
            break
    if len(lines) > room_lines:
        hidden = lines[room_lines - 1:]
        more = sum(len(line[1]) if line[0] == "flow" else 1 for line in hidden)
        lines = [*lines[:room_lines - 1], ("more", f"+{more} more")]
    y = box.top + header + LINE - 2.5
    for kind, content in lines:
        x = box.left + PAD
        if kind == "kingdom":  # in full, a size smaller if need be; cut only if still long
            fits = [s for s in (TEXT_SIZE, TEXT_SIZE - 1, TEXT_SIZE - 2)
                    if canvas.measure(content, s, True) <= width]
            size_k = fits[0] if fits else TEXT_SIZE - 2
            canvas.text(x, y, canvas.shorten(content, size_k, width, True), size_k, bold=True)
        elif kind == "flow":
            for text, swatch in content:
                if swatch:
                    canvas.swatch(x, y - 0.5, 7, swatch)
                    x += 9
                x += canvas.text(x, y, text, size_) + 3.5
        else:
            canvas.text(x, y, content, size_)
        y += LINE


# --- moves ------------------------------------------------------------------------------
def _offset(points: Sequence[Point], distance: float) -> list[Point]:
    """``points`` moved ``distance`` to the right of their direction."""
    out = []
    for i, (x, y) in enumerate(points):
        (x0, y0), (x1, y1) = points[max(0, i - 1)], points[min(len(points) - 1, i + 1)]
        d = math.dist((x0, y0), (x1, y1)) or 1.0
        out.append((x - (y1 - y0) / d * distance, y + (x1 - x0) / d * distance))
    return out


def _near(points: Sequence[Point], lines: Sequence[Sequence[Point]], distance: float) -> int:
    """How many of ``points`` come within ``distance`` of any of ``lines``."""
    dense = [png_layout.densify(line, 1.5) for line in lines]
    return sum(any(math.dist(p, q) < distance for line in dense for q in line)
               for p in points)


def arrow_path(lay: Layout, start: str, end: str,
               drawn: Sequence[Sequence[Point]] = ()) -> list[Point] | None:
    """Where the arrow of a move from ``start`` to ``end`` is drawn: beside their border,
    on the side where it covers fewer other borders and arrows (the right, if even)."""
    for route in lay.routes:
        if (route.a, route.b) == (start, end):
            points = list(route.points)
            break
        if (route.b, route.a) == (start, end):
            points = list(reversed(route.points))
            break
    else:
        return None
    if len(points) < 2:
        return None
    others = [r.points for r in lay.routes if {r.a, r.b} != {start, end}]
    sides = []
    for side in (ARROW_OFFSET, -ARROW_OFFSET):
        path = _offset(png_layout.densify(points, 3.0), side)
        sides.append((_near(path, others, 5.0) + 2 * _near(path, drawn, 7.0), path))
    return min(sides, key=lambda pair: pair[0])[1]


def _arrow(canvas: Canvas, points: list[Point], dashed: bool) -> None:
    """An arrow along ``points``, its tip at the last; just the head if the way is short."""
    (x0, y0), (x1, y1) = points[-2], points[-1]
    d = math.dist((x0, y0), (x1, y1)) or 1.0
    ux, uy = (x1 - x0) / d, (y1 - y0) / d
    head = [(x1, y1), (x1 - ux * 9 - uy * 5, y1 - uy * 9 + ux * 5),
            (x1 - ux * 9 + uy * 5, y1 - uy * 9 - ux * 5)]
    shaft = [p for p in png_layout.densify(points, 1.0) if math.dist(p, points[-1]) >= 8.0]
    pieces = [shaft] if not dashed else [shaft[i:i + 5] for i in range(0, len(shaft), 8)]
    for piece in pieces:
        if len(piece) > 1:
            canvas.line(piece, MOVE_EDGE, 4.4)
    canvas.polygon(head, MOVE, MOVE_EDGE, 1.0)
    for piece in pieces:
        if len(piece) > 1:
            canvas.line(piece, MOVE, 2.4)


def _moves(canvas: Canvas, lay: Layout, recent_: Recent) -> list[list[Point]]:
    """Draw the arrows of the moves and retreats; returns their paths."""
    drawn: list[list[Point]] = []
    for move in recent_.moves:
        for start, end in pairwise(move.path):
            points = arrow_path(lay, start, end, drawn)
            if points:
                _arrow(canvas, points, move.retreat)
                drawn.append(points)
    return drawn


# --- the picture ------------------------------------------------------------------------
def draw(board: Mapping[str, Any], view: Mapping[str, Any],
         history: Sequence[Mapping[str, Any]] = (), due: Mapping[str, Any] | None = None,
         fonts: png_fonts.Fonts | None = None) -> Picture:
    """Draw the picture; ``history`` are the saves it goes with, ``due`` who acts next."""
    lay = layout(board)
    canvas = Canvas(png_layout.WIDTH, _height(lay), fonts or png_fonts.system(), PAPER)
    happened = recent(history, board)
    colours = kingdom_colours(view)
    frames = faction_colours(view)
    scene = png_legend.Scene(view, board, happened, colours, frames, due)
    png_legend.header(canvas, scene)
    for route in lay.routes:
        _border(canvas, route, list(lay.boxes.values()))
    shown = {str(a["id"]): a for a in view.get("areas", [])}
    for area in board["areas"]:
        aid = str(area["id"])
        _area(canvas, lay.boxes[aid], {**area, **shown.get(aid, {})}, view, colours, frames,
              happened)
    arrows = _moves(canvas, lay, happened)
    png_legend.legend(canvas, scene, lay)
    return Picture(canvas, lay, happened, arrows)


def render(board: Mapping[str, Any], view: Mapping[str, Any],
           history: Sequence[Mapping[str, Any]] = (), due: Mapping[str, Any] | None = None,
           fonts: png_fonts.Fonts | None = None) -> bytes:
    """The picture of the position as PNG bytes."""
    return draw(board, view, history, due, fonts).png()
