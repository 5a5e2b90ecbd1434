"""The Chronicles of the Three Kingdoms map as a PNG picture, for e-mail
(docs/map-picture.md).

A function of the static board (``picture_board.board()``), the position (the whole state:
everything is open) and who acts next. Territories are boxes on the schematic grid of
layout.yaml; each area is a cell filled with its holder's colour. Facts the rulebook text
does not give are marked ``*``. It knows the state's shape (board.py) and no rule.
"""

from __future__ import annotations

import io
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pbem.games.chronicles import dataset, picture_board, png_key, png_places
from pbem.games.chronicles.png_key import (
    BATTLE,
    BORDER,
    BORDER_OPEN,
    DIVIDE,
    NO_INVASION,
    Scene,
    terrain_sign,
)
from pbem.games.chronicles.png_places import Box, Link, Places
from pbem.games.dragons_tigers import png_fonts
from pbem.games.dragons_tigers.png_canvas import Canvas
from pbem.games.dragons_tigers.png_palette import INK, OUTLINE, PAPER, UNHELD, ink_on, tint

NAME_SIZE = 11          # a territory's name
NUMBER_SIZE = 9.5       # a territory's number, in its disc
AREA_SIZE = 10          # an area's name and Chinese name
SMALL = 9.5             # holder, defensive value, land value
LINE = 11.5             # line height in a cell
BOX_FILL = "#fbf8f0"
BAR = 6.0               # a border's width


@dataclass
class Picture:
    """The drawn picture and what tests need to check it."""

    canvas: Canvas
    places: Places

    def png(self) -> bytes:
        out = io.BytesIO()
        self.canvas.image.save(out, format="PNG", optimize=False, compress_level=6)
        return out.getvalue()


def star(text: str, marked: bool) -> str:
    return f"{text}*" if marked else text


# --- borders and the north/south line ---------------------------------------------------
def _border(canvas: Canvas, line: Link, border: Mapping[str, Any]) -> None:
    colour = NO_INVASION if border.get("no_invasion") else BORDER
    points = [line.start, line.end]
    canvas.line(points, colour, BAR)
    if border.get("reconstructed"):
        canvas.line(points, BORDER_OPEN, BAR - 3.2)


def dashed(canvas: Canvas, points: Sequence[png_places.Point], colour: str, width: float,
           dash: float = 7.0, space: float = 4.0) -> None:
    """A dashed line along ``points``."""
    dense = png_places.densify(points, 1.0)
    run: list[png_places.Point] = []
    travelled = 0.0
    for i, point in enumerate(dense):
        if i:
            travelled += math.dist(dense[i - 1], point)
        if travelled % (dash + space) < dash:
            run.append(point)
        elif run:
            if len(run) > 1:
                canvas.line(run, colour, width)
            run = []
    if len(run) > 1:
        canvas.line(run, colour, width)


# --- boxes and cells --------------------------------------------------------------------
def _header(canvas: Canvas, box: Box, territory: Mapping[str, Any],
            land: Mapping[str, Any]) -> None:
    """Number, name, Chinese name and land value: on one line if they fit, else on two
    (the name's last words move down when it is long)."""
    marks = territory.get("marks", {})
    x, y = box.left + 4, box.top + 12.5
    centre = (x + 6.5, y - 4)
    canvas.circle(centre, 7, INK, None)
    canvas.text(centre[0], centre[1] + 0.2, str(territory["number"]), NUMBER_SIZE, bold=True,
                fill="#ffffff", anchor="mm")
    x += 17
    room = box.right - 4 - x
    name = star(str(territory["name"]), marks.get("name", False))
    zh = str(territory.get("zh") or "") if canvas.fonts.cjk else ""
    land_text = star(f"land {land.get('land_value', '?')}", marks.get("land_value", False))
    land_w = canvas.measure(land_text, SMALL)
    if canvas.measure(f"{name} {zh}", NAME_SIZE, True) + land_w + 8 <= room:
        width = canvas.text(x, y, name, NAME_SIZE, bold=True)
        if zh:
            canvas.text(x + width + 4, y, zh, NAME_SIZE - 0.5)
        canvas.text(box.right - 4, y, land_text, SMALL, anchor="rs")
        return
    words = name.split(" ")
    cut = len(words)
    while cut > 1 and canvas.measure(" ".join(words[:cut]), NAME_SIZE, True) > room:
        cut -= 1
    canvas.text(x, y, canvas.shorten(" ".join(words[:cut]), NAME_SIZE, room, True),
                NAME_SIZE, bold=True)
    rest = " ".join(words[cut:])
    second = box.top + 24.5
    for size in (NAME_SIZE, NAME_SIZE - 0.5, NAME_SIZE - 1, NAME_SIZE - 1.5):
        need = (canvas.measure(rest, size, True) + 4 if rest else 0) + (
            canvas.measure(zh, size - 0.5) if zh else 0)
        if need + land_w + 6 <= box.width - 8:
            break
    x = box.left + 4
    if rest:
        x += canvas.text(x, second, rest, size, bold=True) + 4
    if zh:
        canvas.text(x, second, zh, size - 0.5)
    canvas.text(box.right - 4, second, land_text, SMALL, anchor="rs")


Line = list[tuple[str, float, bool, str]]   # (text, size, bold, where: left, after, right)


def _cell_lines(canvas: Canvas, cell: Box, area: Mapping[str, Any], holder: str,
                defence: str) -> list[Line]:
    """The cell's words in as few lines as fit: name and Chinese name (a size smaller if
    need be); holder, terrain and defensive value."""
    room = cell.width - 11
    fits = max(2, int((cell.bottom - cell.top - 2) // LINE))
    name = star(str(area["name"]), area.get("marks", {}).get("name", False))
    zh = str(area.get("zh") or "") if canvas.fonts.cjk else ""
    sign = 11 if area.get("terrain") in ("mountain", "river") else 0
    lines: list[Line] = []
    size = next((s for s in (AREA_SIZE, AREA_SIZE - 0.5, AREA_SIZE - 1)
                 if canvas.measure(f"{name} {zh}", s, True) <= room), None)
    if zh and size is not None and (fits < 4 or size == AREA_SIZE):
        lines.append([(name, size, True, "left"), (zh, size, False, "after")])
    else:
        lines.append([(canvas.shorten(name, AREA_SIZE, room, True), AREA_SIZE, True, "left")])
        if zh:
            lines.append([(zh, AREA_SIZE, False, "left")])
    if canvas.measure(f"{holder} {defence}", SMALL) + sign + 6 <= room:
        lines.append([(holder, SMALL, False, "left"), (defence, SMALL, False, "right")])
    else:
        lines.append([(canvas.shorten(holder, SMALL, room), SMALL, False, "left")])
        lines.append([(defence, SMALL, False, "right")])
    return lines


def _cell(canvas: Canvas, cell: Box, area: Mapping[str, Any], facts: Mapping[str, Any],
          scene: Scene) -> None:
    holder = facts.get("holder")
    colour = scene.colour(holder)
    fill = tint(colour, 0.5) if holder in scene.humans else (
        tint(colour, 0.55) if holder else UNHELD)
    battle = area["id"] in scene.battles
    canvas.box(cell.left, cell.top, cell.right, cell.bottom, fill=fill,
               outline=BATTLE if battle else OUTLINE, width=1.8 if battle else 0.6, radius=2.5)
    if holder:
        canvas.box(cell.left, cell.top, cell.left + 4, cell.bottom, fill=colour, outline=None,
                   radius=2, corners=(True, False, False, True))
    ink = ink_on(fill)
    defence = star(f"def {facts.get('defence', '?')}",
                   area.get("marks", {}).get("defence", False))
    lines = _cell_lines(canvas, cell, area, scene.name(holder) if holder else "nobody",
                        defence)
    y = cell.top + (cell.bottom - cell.top - len(lines) * LINE) / 2 + LINE - 2.5
    for line in lines:
        x = cell.left + 7
        for text, size, bold, where in line:
            if where == "right":
                width = canvas.text(cell.right - 4, y, text, size, bold=bold, fill=ink,
                                    anchor="rs")
                terrain_sign(canvas, cell.right - 7 - width, y, str(area.get("terrain")))
            else:
                x += canvas.text(x, y, text, size, bold=bold, fill=ink) + 3.5
        y += LINE
    if battle:
        canvas.star((cell.right - 5, cell.top + 5), 6.5, BATTLE, "#ffffff")


def _territory(canvas: Canvas, places: Places, territory: Mapping[str, Any],
               scene: Scene) -> None:
    box = places.boxes[territory["id"]]
    canvas.box(box.left, box.top, box.right, box.bottom, fill=BOX_FILL, outline=OUTLINE,
               width=1.1, radius=5)
    _header(canvas, box, territory, scene.state.get("lands", {}).get(territory["id"], {}))
    areas = scene.state.get("areas", {})
    for area in territory["areas"]:
        _cell(canvas, places.cells[area["id"]], area, areas.get(area["id"], {}), scene)


# --- the picture ------------------------------------------------------------------------
def draw(board: Mapping[str, Any], view: Mapping[str, Any],
         history: Sequence[Mapping[str, Any]] = (), due: Mapping[str, Any] | None = None,
         fonts: png_fonts.Fonts | None = None) -> Picture:
    """Draw the picture of the position ``view`` (the whole state)."""
    fonts = fonts or png_fonts.system()
    data = dataset.get(view.get("data"))
    if board.get("data") != data.hash:  # an owner's data set: its own names and borders
        board = picture_board.board(data)
    places = png_places.places(board)
    scene = Scene(board, view, data, due)
    below = png_key.footer_height(Canvas(png_places.WIDTH, 1, fonts, PAPER), scene)
    canvas = Canvas(png_places.WIDTH, places.map_bottom + below, fonts, PAPER)
    png_key.title(canvas, scene)
    borders = {b["id"]: b for b in board["borders"]}
    for bid, line in places.links.items():
        _border(canvas, line, borders[bid])
    dashed(canvas, places.divide, DIVIDE, 2.6)
    for territory in board["territories"]:
        _territory(canvas, places, territory, scene)
    png_key.footer(canvas, scene, places.map_bottom + 12)
    return Picture(canvas, places)


def render(board: Mapping[str, Any], view: Mapping[str, Any],
           history: Sequence[Mapping[str, Any]] = (), due: Mapping[str, Any] | None = None,
           fonts: png_fonts.Fonts | None = None) -> bytes:
    """The picture of the position as PNG bytes."""
    return draw(board, view, history, due, fonts).png()
