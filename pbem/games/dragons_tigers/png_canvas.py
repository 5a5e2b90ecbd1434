"""Drawing in picture units on a Pillow image drawn at twice the size, for sharp text.

Every text drawn is kept in ``texts`` (as drawn, after the font's fallbacks, with its
size and place), so tests can read what the picture says and where.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from pbem.games.dragons_tigers.png_fonts import Fonts
from pbem.games.dragons_tigers.png_palette import INK, OUTLINE

SCALE = 2
Point = tuple[float, float]


@dataclass(frozen=True)
class Text:
    """A text as drawn: its size in units, and the point it was drawn at."""

    text: str
    size: float
    bold: bool
    x: float
    y: float


def plural(count: int, one: str, many: str) -> str:
    """``1 army``, ``2 armies``."""
    return f"{count} {one if count == 1 else many}"


class Canvas:
    def __init__(self, width: float, height: float, fonts: Fonts, background: str) -> None:
        self.width, self.height = width, height
        self.fonts = fonts
        self.image = Image.new("RGB", (self.px(width), self.px(height)), background)
        self.draw = ImageDraw.Draw(self.image)
        self.texts: list[Text] = []

    @staticmethod
    def px(value: float) -> int:
        return round(value * SCALE)

    def _xy(self, points: Sequence[Point]) -> list[tuple[int, int]]:
        return [(self.px(x), self.px(y)) for x, y in points]

    # --- text -----------------------------------------------------------------------
    def fit(self, text: str, bold: bool = False) -> str:
        return self.fonts.fit(text, bold)

    def measure(self, text: str, size: float, bold: bool = False) -> float:
        """The width of ``text`` in units."""
        font = self.fonts.get(size * SCALE, bold)
        return self.draw.textlength(self.fit(text, bold), font=font) / SCALE

    def text(self, x: float, y: float, text: str, size: float, *, bold: bool = False,
             fill: str = INK, anchor: str = "ls") -> float:
        """Draw ``text`` with its baseline at ``y`` (by default); returns its width."""
        shown = self.fit(text, bold)
        if not shown:
            return 0.0
        font = self.fonts.get(size * SCALE, bold)
        self.draw.text((self.px(x), self.px(y)), shown, font=font, fill=fill, anchor=anchor)
        self.texts.append(Text(shown, size, bold, x, y))
        return self.draw.textlength(shown, font=font) / SCALE

    def shorten(self, text: str, size: float, width: float, bold: bool = False) -> str:
        """``text`` cut with an ellipsis to fit ``width``."""
        if self.measure(text, size, bold) <= width:
            return text
        while text and self.measure(text + "…", size, bold) > width:
            text = text[:-1].rstrip()
        return text + "…"

    # --- shapes ---------------------------------------------------------------------
    def line(self, points: Sequence[Point], fill: str, width: float) -> None:
        self.draw.line(self._xy(points), fill=fill, width=max(1, self.px(width)), joint="curve")

    def box(self, left: float, top: float, right: float, bottom: float, *, fill: str | None,
            outline: str | None = OUTLINE, width: float = 1.0, radius: float = 5.0,
            corners: tuple[bool, bool, bool, bool] | None = None) -> None:
        self.draw.rounded_rectangle(
            (self.px(left), self.px(top), self.px(right), self.px(bottom)),
            radius=self.px(radius), fill=fill, outline=outline,
            width=self.px(width) if outline else 0, corners=corners)

    def polygon(self, points: Sequence[Point], fill: str, outline: str | None = None,
                width: float = 1.0) -> None:
        self.draw.polygon(self._xy(points), fill=fill, outline=outline,
                          width=self.px(width) if outline else 0)

    def circle(self, centre: Point, radius: float, fill: str, outline: str | None = OUTLINE,
               width: float = 1.0) -> None:
        x, y = centre
        self.draw.ellipse((self.px(x - radius), self.px(y - radius), self.px(x + radius),
                           self.px(y + radius)), fill=fill, outline=outline,
                          width=self.px(width) if outline else 0)

    def star(self, centre: Point, radius: float, fill: str, outline: str = INK,
             points: int = 8) -> None:
        """A burst: the sign of a battle."""
        x, y = centre
        corners = []
        for i in range(points * 2):
            r = radius if i % 2 == 0 else radius * 0.5
            angle = math.pi * i / points - math.pi / 2
            corners.append((x + r * math.cos(angle), y + r * math.sin(angle)))
        self.polygon(corners, fill, outline, 0.8)

    def crown(self, left: float, bottom: float, size: float, fill: str,
              outline: str = INK) -> None:
        """A small crown: the sign of the Emperor."""
        w, h = size, size * 0.75
        self.polygon([(left, bottom), (left, bottom - h), (left + w * 0.25, bottom - h * 0.45),
                      (left + w * 0.5, bottom - h), (left + w * 0.75, bottom - h * 0.45),
                      (left + w, bottom - h), (left + w, bottom)], fill, outline, 0.8)

    def swatch(self, left: float, bottom: float, size: float, fill: str) -> None:
        self.box(left, bottom - size, left + size, bottom, fill=fill, radius=1.5, width=0.8)
