"""The Dragons & Tigers map as a PNG picture, for e-mail: areas on the board's grid, each
filled with its controller's colour, borders drawn by terrain, and a legend.

A pure function of the static board (``module.board()``) and a view (``module.view()``):
it knows the shapes documented there and no rule.
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from functools import cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

CELL_W, CELL_H = 124, 96
INSET_X, INSET_Y = 9, 10
MARGIN = 16
TITLE_H = 46
LEGEND_LINE = 20
LEGEND_LINES = 7
BACKGROUND = "#e6dcc0"
UNHELD = "#fbf7ec"
OUTLINE = "#4a4033"
INK = "#1f1a14"
EMPEROR = "#d4a000"
TERRAIN = {"river": ("#3a7bd5", 7), "mountain": ("#8b6b4a", 7), "plain": ("#8f8f8f", 3)}
ROLE_WORDS = {"main": "main", "ally": "allied"}


@cache
def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    try:
        return ImageFont.load_default(size=size)
    except (ValueError, OSError, ImportError):  # pragma: no cover - Pillow without FreeType
        return ImageFont.load_default()


def _grid(board: Mapping[str, Any]) -> tuple[int, int]:
    cols = max(int(a["grid"][0]) for a in board["areas"]) + 1
    rows = max(int(a["grid"][1]) for a in board["areas"]) + 1
    return cols, rows


def size(board: Mapping[str, Any]) -> tuple[int, int]:
    """Width and height of the picture in pixels."""
    cols, rows = _grid(board)
    return (2 * MARGIN + cols * CELL_W,
            TITLE_H + rows * CELL_H + MARGIN + LEGEND_LINES * LEGEND_LINE + MARGIN)


def centres(board: Mapping[str, Any]) -> dict[str, tuple[int, int]]:
    """The pixel at the middle of each area's box (left plain: no text is drawn there)."""
    out = {}
    for area in board["areas"]:
        col, row = int(area["grid"][0]), int(area["grid"][1])
        out[str(area["id"])] = (MARGIN + col * CELL_W + CELL_W // 2,
                                TITLE_H + row * CELL_H + CELL_H // 2)
    return out


def _ink_on(colour: str) -> str:
    """Dark or white text, whichever reads better on ``colour``."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return INK if (0.299 * r + 0.587 * g + 0.114 * b) > 140 else "#ffffff"


def _fit(draw: ImageDraw.ImageDraw, text: str, width: int, size_: int) -> tuple[str, Any]:
    """The text in the largest font up to ``size_`` that fits ``width``, shortened if need be."""
    for points in (size_, size_ - 1, size_ - 2):
        font = _font(points)
        if draw.textlength(text, font=font) <= width:
            return text, font
    font = _font(size_ - 2)
    while text and draw.textlength(text + "…", font=font) > width:
        text = text[:-1]
    return text + "…", font


def _area_box(centre: tuple[int, int]) -> tuple[int, int, int, int]:
    x, y = centre
    half_w, half_h = CELL_W // 2 - INSET_X, CELL_H // 2 - INSET_Y
    return x - half_w, y - half_h, x + half_w, y + half_h


def _borders(draw: ImageDraw.ImageDraw, board: Mapping[str, Any],
             where: dict[str, tuple[int, int]]) -> None:
    for border in board.get("borders", []):
        a, b = where.get(str(border["a"])), where.get(str(border["b"]))
        if a is None or b is None:
            continue
        colour, width = TERRAIN.get(str(border.get("terrain")), TERRAIN["plain"])
        draw.line([a, b], fill=colour, width=width)


def _areas(draw: ImageDraw.ImageDraw, board: Mapping[str, Any], view: Mapping[str, Any],
           where: dict[str, tuple[int, int]]) -> None:
    shown = {str(a["id"]): a for a in view.get("areas", [])}
    for area in board["areas"]:
        aid = str(area["id"])
        info = shown.get(aid, {})
        fill = info.get("colour") or UNHELD
        box = _area_box(where[aid])
        emperor = bool(info.get("emperor"))
        draw.rounded_rectangle(box, radius=9, fill=fill,
                               outline=EMPEROR if emperor else OUTLINE,
                               width=5 if emperor else 2)
        ink = _ink_on(fill)
        left, top, right, bottom = box
        inner = right - left - 12
        name, font = _fit(draw, f"{area['name']} ({area.get('manpower', '?')})", inner, 13)
        draw.text(((left + right) // 2, top + 6), name, font=font, fill=ink, anchor="mt")
        armies = sum(int(n) for n in (info.get("armies") or {}).values())
        leaders = len(info.get("characters") or [])
        parts = [f"{armies} armies" if armies else "", f"{leaders} led." if leaders else ""]
        line = " · ".join(p for p in parts if p)
        if line:
            text, font = _fit(draw, line, inner, 12)
            draw.text(((left + right) // 2, bottom - 6), text, font=font, fill=ink, anchor="mb")


def _title(draw: ImageDraw.ImageDraw, view: Mapping[str, Any]) -> None:
    title = str(view.get("title", "Dragons & Tigers"))
    parts = [title]
    if view.get("round") is not None:
        parts.append(f"round {view['round']} of {view.get('rounds', 8)}")
    turn = view.get("turn")
    if turn and turn.get("kingdom"):
        kingdoms = {k["id"]: k["name"] for k in view.get("kingdoms", [])}
        parts.append(f"turn {turn.get('number')}: {kingdoms.get(turn['kingdom'], turn['kingdom'])}")
    result = view.get("result")
    if result:
        parts.append("game over")
    draw.text((MARGIN, 14), " · ".join(parts), font=_font(18), fill=INK)


def _swatch(draw: ImageDraw.ImageDraw, x: int, y: int, colour: str) -> int:
    draw.rectangle((x, y + 3, x + 12, y + 15), fill=colour, outline=OUTLINE)
    return x + 17


def _words(draw: ImageDraw.ImageDraw, x: int, y: int, text: str, size_: int = 13) -> int:
    font = _font(size_)
    draw.text((x, y + 2), text, font=font, fill=INK)
    return x + int(draw.textlength(text, font=font)) + 10


def _legend(draw: ImageDraw.ImageDraw, view: Mapping[str, Any], top: int) -> None:
    kingdoms = {k["id"]: k for k in view.get("kingdoms", [])}
    y = top
    for player in view.get("players", [])[:4]:
        x = _swatch(draw, MARGIN, y, str(player.get("colour") or UNHELD))
        x = _words(draw, x, y, f"{player.get('name', player.get('role'))}:")
        for kid in player.get("kingdoms", []):
            info = kingdoms.get(kid, {})
            x = _swatch(draw, x, y, str(info.get("colour") or UNHELD))
            role = ROLE_WORDS.get(str(info.get("status")), str(info.get("status", "")))
            x = _words(draw, x, y, f"{info.get('name', kid)} ({role})")
        y += LEGEND_LINE
    for status, label in (("neutral", "Neutral:"), ("traitorous", "Traitorous:")):
        x = _words(draw, MARGIN, y, label)
        for info in kingdoms.values():
            if info.get("status") == status:
                x = _swatch(draw, x, y, str(info.get("colour") or UNHELD))
                x = _words(draw, x, y, str(info.get("name")))
        y += LEGEND_LINE
    x = MARGIN
    for terrain, label in (("river", "great river"), ("mountain", "mountains"),
                           ("plain", "plain border")):
        colour, width = TERRAIN[terrain]
        draw.line([(x, y + 10), (x + 24, y + 10)], fill=colour, width=width)
        x = _words(draw, x + 30, y, label, 12)
    draw.rounded_rectangle((x, y + 2, x + 22, y + 17), radius=4, fill=UNHELD,
                           outline=EMPEROR, width=4)
    x = _words(draw, x + 28, y, "Emperor Xian", 12)
    _words(draw, x, y, "(N) manpower · led. = leaders in the area", 12)


def render(board: Mapping[str, Any], view: Mapping[str, Any]) -> bytes:
    """The picture of the position as PNG bytes."""
    width, height = size(board)
    image = Image.new("RGB", (width, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    where = centres(board)
    _title(draw, view)
    _borders(draw, board, where)
    _areas(draw, board, view, where)
    _, rows = _grid(board)
    _legend(draw, view, TITLE_H + rows * CELL_H + MARGIN)
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()
