"""Drawing the board as text: areas on the board's grid, borders as lines by terrain.

A pure function of the static board (``module.board()``), the view and the size, so
the map widget only has to paint its result and map clicks back to areas.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text

from tui.i18n import name as name_of
from tui.i18n import tr

# How each kind of border is drawn: glyph and colour (unknown terrains look plain).
TERRAIN_GLYPHS: dict[str, tuple[str, str]] = {
    "plain": ("·", "#6b7280"),
    "mountain": ("^", "#c08040"),
    "river": ("~", "#4aa3ff"),
}
NEUTRAL_BG = "#3a3a3a"
SELECTED = Style(color="black", bgcolor="#ffd75f", bold=True)


@dataclass
class Box:
    x: int
    y: int
    w: int
    h: int

    def contains(self, x: int, y: int) -> bool:
        return self.x <= x < self.x + self.w and self.y <= y < self.y + self.h

    @property
    def centre(self) -> tuple[int, int]:
        return self.x + self.w // 2, self.y + self.h // 2


@dataclass
class Drawing:
    text: Text
    boxes: dict[str, Box] = field(default_factory=dict)

    def area_at(self, x: int, y: int) -> str | None:
        for area, box in self.boxes.items():
            if box.contains(x, y):
                return area
        return None


def contrast(colour: str | None) -> str:
    """Black or white text, whichever reads better on ``colour``."""
    if not colour or not colour.startswith("#") or len(colour) != 7:
        return "white"
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return "black" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "white"


def layout(board: dict[str, Any], width: int, height: int,
           wants: dict[str, int] | None = None) -> dict[str, Box]:
    """Place every area's box on the board's grid.

    Each box is as wide as its area asks (``wants``: its name and its pieces), centred on
    its column; boxes in a row push each other apart so that a gap of one cell always
    separates them, and shrink only when the row cannot hold them all. With three lines
    or more per row a blank line is left between rows for the borders; with two, both
    lines belong to the areas (name, then pieces)."""
    areas = board["areas"]
    cols = max(a["grid"][0] for a in areas) + 1
    rows = max(a["grid"][1] for a in areas) + 1
    sx = width / cols
    sy = max(1, height // rows)
    bh = sy - 1 if sy >= 3 else sy
    top = (height - sy * rows) // 2
    wants = wants or {}
    by_row: dict[int, list[dict[str, Any]]] = {}
    for area in areas:
        by_row.setdefault(area["grid"][1], []).append(area)
    boxes: dict[str, Box] = {}
    for row, members in by_row.items():
        members.sort(key=lambda a: a["grid"][0])
        sizes = [max(1, min(wants.get(a["id"], int(2 * sx) - 1), width)) for a in members]
        while sum(sizes) + len(sizes) - 1 > width and max(sizes) > 1:
            sizes[sizes.index(max(sizes))] -= 1
        centres = [(a["grid"][0] + 0.5) * sx for a in members]
        xs = [round(c - w / 2) for c, w in zip(centres, sizes, strict=True)]
        for i in range(len(xs)):  # push right, keeping a gap
            low = xs[i - 1] + sizes[i - 1] + 1 if i else 0
            xs[i] = max(xs[i], low)
        for i in reversed(range(len(xs))):  # then back left, inside the width
            high = xs[i + 1] - 1 - sizes[i] if i + 1 < len(xs) else width - sizes[i]
            xs[i] = max(0, min(xs[i], high))
        for area, x, w in zip(members, xs, sizes, strict=True):
            boxes[area["id"]] = Box(x, top + row * sy, w, bh)
    return boxes


class Canvas:
    """A grid of cells, each a character and a style; wide characters take two."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.cells: list[list[tuple[str, Style | str]]] = [
            [(" ", "") for _ in range(width)] for _ in range(height)]

    def put(self, x: int, y: int, char: str, style: Style | str) -> None:
        if 0 <= x < self.width and 0 <= y < self.height:
            self.cells[y][x] = (char, style)

    def write(self, x: int, y: int, text: str, style: Style | str, limit: int) -> None:
        """Write ``text`` from (x, y) within ``limit`` cells, padding with spaces."""
        used = 0
        for char in text:
            w = cell_len(char)
            if used + w > limit:
                break
            self.put(x + used, y, char, style)
            if w == 2:
                self.put(x + used + 1, y, "", style)
            used += w
        for extra in range(used, limit):
            self.put(x + extra, y, " ", style)

    def text(self) -> Text:
        out = Text(no_wrap=True, overflow="crop")
        for y, row in enumerate(self.cells):
            for char, style in row:
                if char:
                    out.append(char, style)
            if y + 1 < self.height:
                out.append("\n")
        return out


def _line(a: tuple[int, int], b: tuple[int, int]) -> list[tuple[int, int]]:
    (x0, y0), (x1, y1) = a, b
    dx, dy = abs(x1 - x0), -abs(y1 - y0)
    sx, sy = (1 if x0 < x1 else -1), (1 if y0 < y1 else -1)
    err, points = dx + dy, []
    while True:
        points.append((x0, y0))
        if (x0, y0) == (x1, y1):
            return points
        e2 = 2 * err
        if e2 >= dy:
            err += dy
            x0 += sx
        if e2 <= dx:
            err += dx
            y0 += sy


def _pieces(area: dict[str, Any], view: dict[str, Any]) -> Text:
    colours = {k["id"]: k["colour"] for k in view.get("kingdoms", [])}
    line = Text()
    for kid, count in (area.get("armies") or {}).items():
        line.append("■", Style(color=colours.get(kid, "white")))
        line.append(str(count))
    if area.get("characters"):
        line.append(f"♟{len(area['characters'])}")
    if area.get("emperor"):
        line.append("♔", Style(color="#ffd700", bold=True))
    return line


def _label(meta: dict[str, Any], lang: str, full: bool) -> str:
    return name_of(meta, lang, short=not (full and lang != "zh"))


def draw(board: dict[str, Any], view: dict[str, Any], width: int, height: int,
         selected: str | None = None, lang: str = "en",
         marked: set[str] | None = None) -> Drawing:
    """The map at this size; ``marked`` areas (e.g. those an offer mentions) get a dot."""
    width, height = max(width, 10), max(height, 4)
    rows = max(a["grid"][1] for a in board["areas"]) + 1
    legend = (height - 1) // rows >= max(2, height // rows) or height >= 40
    room = height - (1 if legend else 0)
    areas = {a["id"]: a for a in view.get("areas", [])}
    pieces = {meta["id"]: _pieces(areas.get(meta["id"], {}), view) for meta in board["areas"]}
    full = room // rows >= 4

    def wants(full_names: bool) -> dict[str, int]:
        return {meta["id"]: max(cell_len(_label(meta, lang, full_names)) + 1,
                                cell_len(pieces[meta["id"]].plain), 3)
                for meta in board["areas"]}

    boxes = layout(board, width, room, wants(full))
    if full and any(b.w < cell_len(_label(m, lang, True)) + 1
                    for m in board["areas"] for b in [boxes[m["id"]]]):
        full = False
        boxes = layout(board, width, room, wants(False))
    canvas = Canvas(width, room)
    gaps = room // rows >= 3
    for border in board.get("borders", []) if gaps else []:
        if border["a"] not in boxes or border["b"] not in boxes:
            continue
        glyph, colour = TERRAIN_GLYPHS.get(border["terrain"], TERRAIN_GLYPHS["plain"])
        for x, y in _line(boxes[border["a"]].centre, boxes[border["b"]].centre):
            if not any(box.contains(x, y) or box.contains(x - 1, y) or box.contains(x + 1, y)
                       for box in boxes.values()):
                canvas.put(x, y, glyph, Style(color=colour, bold=border["terrain"] != "plain"))
    characters = {c["id"]: c for c in view.get("characters", [])}
    for meta in board["areas"]:
        box = boxes[meta["id"]]
        area = areas.get(meta["id"], {})
        colour = area.get("colour") or NEUTRAL_BG
        head = Style(color=contrast(colour), bgcolor=colour, bold=True)
        if meta["id"] == selected:
            head = SELECTED
        label = _label(meta, lang, full)
        if marked and meta["id"] in marked:
            label = "•" + label
        canvas.write(box.x, box.y, label, head, box.w)
        body_style = Style(bgcolor="#1c1c1c")
        if box.h >= 2:
            _write_text(canvas, box.x, box.y + 1, pieces[meta["id"]], box.w, body_style)
        for i, cid in enumerate(area.get("characters", [])[: max(0, box.h - 2)]):
            who = characters.get(cid, {"name": cid})
            _write_text(canvas, box.x, box.y + 2 + i, Text(name_of(who, lang, short=True)),
                        box.w, body_style)
    drawing = Drawing(canvas.text(), boxes)
    if legend:
        drawing.text.append("\n")
        drawing.text.append_text(_legend(board, lang, width, gaps))
    return drawing


def _write_text(canvas: Canvas, x: int, y: int, text: Text, limit: int, base: Style) -> None:
    used = 0
    for span_text, style in _styled_chars(text):
        w = cell_len(span_text)
        if used + w > limit:
            break
        canvas.put(x + used, y, span_text, base + style if style else base)
        if w == 2:
            canvas.put(x + used + 1, y, "", base)
        used += w
    for extra in range(used, limit):
        canvas.put(x + extra, y, " ", base)


def _styled_chars(text: Text) -> list[tuple[str, Style | None]]:
    out: list[tuple[str, Style | None]] = []
    for index, char in enumerate(text.plain):
        style: Style | None = None
        for span in text.spans:
            if span.start <= index < span.end:
                style = span.style if isinstance(span.style, Style) else Style.parse(
                    str(span.style))
        out.append((char, style))
    return out


def _legend(board: dict[str, Any], lang: str, width: int, borders: bool = True) -> Text:
    items: list[tuple[str, str, str]] = []
    for terrain, label in board.get("terrains", {}).items() if borders else ():
        glyph, colour = TERRAIN_GLYPHS.get(terrain, TERRAIN_GLYPHS["plain"])
        items.append((glyph * 2, colour, tr(label, lang)))
    items += [("■", "white", tr("Armies", lang)), ("♟", "white", tr("Characters", lang)),
              ("♔", "#ffd700", tr("Emperor Xian", lang))]
    out = Text(" ", no_wrap=True, overflow="crop")
    for glyph, colour, label in items:
        piece = f"{glyph} {label}  "
        if cell_len(out.plain) + cell_len(piece) > width:
            break
        out.append(glyph, Style(color=colour, bold=True))
        out.append(f" {label}  ")
    return out
