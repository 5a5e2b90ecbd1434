"""The PNG map that goes with each e-mail: one size for every position, each area in its
controller's colour and framed in its player's, names in full (Chinese too), leaders,
who moves, the save number, correct plurals and text big enough at 700 pixels wide."""

from __future__ import annotations

import io
import re
from functools import cache
from pathlib import Path
from typing import Any

from PIL import Image

from pbem import games, savefile
from pbem.games.dragons_tigers import png_layout, png_legend, png_mandate, render_png
from pbem.games.dragons_tigers.png_palette import (
    UNHELD,
    faction_colours,
    kingdom_colours,
    rgb,
    tint,
)
from pbem.mail import picture
from pbem.savefile import SaveFile

GOLDEN = Path(__file__).resolve().parents[2] / "saves" / "golden"
MODULE = games.get("dragons-tigers")


@cache
def golden(sequence: int) -> SaveFile:
    """A save of the golden game (saves/golden): 1 is the start, 66 the end."""
    return savefile.read(next(GOLDEN.glob(f"*-{sequence:04d}-*.pbem.yaml")))


def drawn(save: SaveFile, **extra: Any) -> tuple[render_png.Picture, Image.Image]:
    """The picture of a save as sent, and its PNG read back."""
    board = MODULE.board()
    view = MODULE.view(save.state, None)
    pic = render_png.draw(board, view, picture.history_of([save]), save.due, **extra)
    return pic, Image.open(io.BytesIO(pic.png())).convert("RGB")


@cache
def drawn_golden(sequence: int) -> tuple[render_png.Picture, Image.Image]:
    """The picture of a save of the golden game (drawn once for all tests)."""
    return drawn(golden(sequence))


def pixel(image: Image.Image, x: float, y: float) -> tuple[int, int, int]:
    """The colour at a point given in picture units."""
    return image.getpixel((round(x * 2), round(y * 2)))  # type: ignore[return-value]


def texts(pic: render_png.Picture) -> list[str]:
    return [text for text, _, _ in pic.canvas.texts]


def test_every_position_gives_a_png_of_the_same_size() -> None:
    sizes = set()
    for sequence in (1, 12, 39, 66):
        png = picture.map_png(MODULE, golden(sequence))
        assert png is not None and png.startswith(b"\x89PNG\r\n\x1a\n") and len(png) < 600_000
        sizes.add(Image.open(io.BytesIO(png)).size)
    assert sizes == {render_png.size(MODULE.board())}
    width, _ = render_png.size(MODULE.board())
    assert width == 2 * png_layout.WIDTH == 1400  # 1 unit is 1 pixel at 700 pixels wide


def test_a_position_alone_is_drawn_too() -> None:
    png = picture.map_png(MODULE, golden(30).state)
    assert png is not None
    assert Image.open(io.BytesIO(png)).size == render_png.size(MODULE.board())


def test_each_area_shows_its_kingdom_and_the_frame_of_its_player() -> None:
    for sequence in (1, 39, 66):
        save = golden(sequence)
        pic, image = drawn_golden(sequence)
        view = MODULE.view(save.state, None)
        colours, frames = kingdom_colours(view), faction_colours(view)
        owners = {k["id"]: k["owner"] for k in view["kingdoms"]}
        names = texts(pic)
        for area in view["areas"]:
            box = pic.layout.boxes[area["id"]]
            holder = area["controller"]
            top = colours[holder] if holder else UNHELD
            body = tint(colours[holder], render_png.BODY_TINT) if holder else UNHELD
            assert pixel(image, box.left + 2, box.top + 20) == rgb(top), area["id"]
            assert pixel(image, box.left + 2, box.bottom - 3) == rgb(body), area["id"]
            if holder and owners[holder]:
                frame = frames[owners[holder]]
                assert pixel(image, box.left - render_png.FRAME / 2, box.top + 40) == rgb(frame)
            assert area["name"] in names and area["zh"] in names
            if holder:
                kingdom = next(k for k in view["kingdoms"] if k["id"] == holder)
                assert kingdom["name"] in names


def test_leaders_are_named_in_full_unicode() -> None:
    pic, _ = drawn_golden(1)
    words = " ".join(texts(pic))
    for leader in ("Dong Zhuo", "Lü Bu", "Cao Cao", "Xiahou Dun", "Liu Bei", "Guan Yu"):
        assert leader in words
    fonts = pic.canvas.fonts
    assert fonts.cjk
    assert all(fonts.has(ch, bold) for text, _, bold in pic.canvas.texts for ch in text)


def test_plurals_are_right() -> None:
    seen = []
    for sequence in (1, 12, 30, 39, 66):
        pic, _ = drawn_golden(sequence)
        seen += texts(pic)
    view = MODULE.view(golden(30).state, None)
    view["players"][0]["areas"] = 1
    youzhou = next(a for a in view["areas"] if a["id"] == "youzhou")
    assert youzhou["armies"] == {"gongsun-zan": 1}
    pic = render_png.draw(MODULE.board(), view)
    seen += texts(pic)
    joined = "\n".join(seen)
    assert not re.search(r"(?<![\d+])1 (armies|areas)\b", joined)
    assert re.search(r"(?<![\d+])1 army\b", joined)
    assert re.search(r"(?<![\d+])1 area,", joined)
    assert re.search(r"\b([02-9]|\d\d+) armies\b", joined)
    assert re.search(r"\b([02-9]|\d\d+) areas,", joined)


def test_who_moves_the_save_and_the_round_are_on_top() -> None:
    save = golden(30)
    pic, _ = drawn_golden(30)
    words = texts(pic)
    assert "Save 30" in " ".join(words) and "Round 3 of 8" in " ".join(words)
    assert "To move:" in words and "White Tiger 白虎" in words
    assert any(save.due["text"] in text for text in words)
    end, _ = drawn_golden(66)
    assert "Game over: White Tiger 白虎 wins" in texts(end)


def test_the_mandate_marker_stands_on_its_space() -> None:
    save = golden(39)
    view = MODULE.view(save.state, None)
    q, r = save.state["mandate"]
    assert (q, r) != (0, 0)
    pic, image = drawn_golden(39)
    box = png_legend.placement(pic.layout)[0]["mandate"]
    where = png_mandate.centres(view, box)
    x, y = where[(q, r)]
    assert pixel(image, x, y + 7) == rgb(png_mandate.MARKER)
    others = [p for key, p in where.items() if key != (q, r)]
    assert all(pixel(image, px, py + 7) != rgb(png_mandate.MARKER) for px, py in others)
    event = png_mandate.marker_space(view)
    assert event is not None and f"{event['name']} {event['zh']}" in texts(pic)


def test_text_is_big_enough_to_read_at_700_pixels_wide() -> None:
    save = golden(66)
    pic, _ = drawn_golden(66)
    view = MODULE.view(save.state, None)
    codes = set(png_mandate.codes([s["name"] for s in view["mandate"]["spaces"]
                                   if s["name"]]).values())
    for text, size, _ in pic.canvas.texts:
        # 10 units are 10 pixels when the picture is shown 700 pixels wide; the codes in
        # the small hexagons of the Mandate display are a little smaller
        assert size >= (9 if text in codes else 10), text
