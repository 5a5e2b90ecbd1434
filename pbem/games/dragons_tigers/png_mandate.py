"""The Mandate of Heaven display for the map picture: its spaces, each marked with a code
for its event, the marker, and a key to the codes (from ``view["mandate"]``)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from pbem.games.dragons_tigers.png_canvas import Canvas
from pbem.games.dragons_tigers.png_palette import BATTLE, INK, OUTLINE
from pbem.games.dragons_tigers.png_route import Box, Point

MARKER = BATTLE
EMPTY_SPACE = "#e8e2d0"


def codes(names: Sequence[str]) -> dict[str, str]:
    """Short, distinct codes for event names: the initials of their first two words."""
    out: dict[str, str] = {}
    for name in dict.fromkeys(names):
        words = [w for w in name.replace("-", " ").split() if w[:1].isalpha()]
        code = "".join(w[0].upper() for w in words[:2])
        if len(code) < 2:
            code = name[:2].title()
        while code in out.values():
            code = code[:-1] + chr(ord(code[-1]) + 1)
        out[name] = code
    return out


def marker_space(view: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The space the Mandate marker stands on, or ``None`` off the display."""
    info = view.get("mandate") or {}
    position = list(info.get("position") or (0, 0))
    return next((s for s in info.get("spaces") or [] if [s["q"], s["r"]] == position), None)


def _geometry(spaces: Sequence[Mapping[str, Any]], box: Box) -> tuple[float, int, Point]:
    """The hexagons' size (centre to corner), the display's reach and its centre."""
    reach = max(max(abs(s["q"]), abs(s["r"]), abs(s["q"] + s["r"])) for s in spaces)
    size = min((box.bottom - box.top - 4) / (math.sqrt(3) * (2 * reach + 1)), 13.0)
    return size, reach, (box.left + size * (1.5 * reach + 1),
                         box.top + 2 + size * math.sqrt(3) * (reach + 0.5))


def centres(view: Mapping[str, Any], box: Box) -> dict[tuple[int, int], Point]:
    """Where each space of the display is drawn in ``box``: flat-topped hexagons, north up."""
    spaces = (view.get("mandate") or {}).get("spaces") or []
    if not spaces:
        return {}
    size, _, (cx, cy) = _geometry(spaces, box)
    return {(int(s["q"]), int(s["r"])): (cx + size * 1.5 * s["q"],
                                         cy + size * math.sqrt(3) * (s["r"] + s["q"] / 2))
            for s in spaces}


def draw(canvas: Canvas, view: Mapping[str, Any], box: Box) -> None:
    info = view.get("mandate") or {}
    spaces = info.get("spaces") or []
    if not spaces:
        return
    position = list(info.get("position") or (0, 0))
    size, reach, (cx, _) = _geometry(spaces, box)
    where = centres(view, box)
    names = sorted({str(s["name"]) for s in spaces if s.get("name")})
    short = codes(names)
    for space in spaces:
        q, r = int(space["q"]), int(space["r"])
        x, y = where[(q, r)]
        corners = [(x + size * math.cos(math.pi * k / 3), y + size * math.sin(math.pi * k / 3))
                   for k in range(6)]
        canvas.polygon(corners, "#ffffff" if space.get("name") else EMPTY_SPACE, OUTLINE, 0.7)
        here = [q, r] == position
        if here:
            canvas.circle((x, y), size * 0.75, MARKER, INK, 1.0)
        if space.get("name"):
            canvas.text(x, y + 0.5, short[str(space["name"])], 9, bold=True,
                        fill="#ffffff" if here else INK, anchor="mm")
    left = cx + size * (1.5 * reach + 1) + 6
    room = box.right - left
    here = marker_space(view)
    title = ("Mandate marker: centre" if here is not None and not here.get("name")
             else "Mandate marker: off the display" if here is None else "Mandate marker:")
    canvas.text(left, box.top + 11, canvas.shorten(title, 11, room, True), 11, bold=True,
                fill=MARKER)
    step = min(12.0, (box.bottom - box.top - 24) / max(1, len(names)))
    for i, name in enumerate(names):
        y = box.top + 25 + i * step
        marked = here is not None and here.get("name") == name
        colour = MARKER if marked else INK
        canvas.text(left, y, short[name], 10, bold=True, fill=colour)
        zh = here.get("zh") if marked and here and canvas.fonts.cjk else None
        text = f"{name} {zh}" if zh else name
        canvas.text(left + 18, y, canvas.shorten(text, 10, room - 18, marked), 10, bold=marked,
                    fill=colour)
