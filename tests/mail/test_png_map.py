"""The PNG map that goes with each e-mail: one size for every position, each area in its
controller's colour and framed in its player's, names in full (Chinese too), every leader,
who moves, the save number, correct plurals and text big enough at 700 pixels wide.

Positions come from the golden game (saves/golden), chosen by what they hold, so that the
tests still hold when the golden game is played again under changed rules."""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from PIL import Image

from pbem import games, savefile
from pbem.games.dragons_tigers import png_layout, png_legend, png_mandate, render_png
from pbem.games.dragons_tigers.png_canvas import Text
from pbem.games.dragons_tigers.png_palette import (
    UNHELD,
    faction_colours,
    kingdom_colours,
    rgb,
    tint,
)
from pbem.games.dragons_tigers.png_route import Box
from pbem.mail import picture
from pbem.savefile import SaveFile

GOLDEN = Path(__file__).resolve().parents[2] / "saves" / "golden"
MODULE = games.get("dragons-tigers")


@cache
def golden_saves() -> tuple[SaveFile, ...]:
    saves = [savefile.read(path) for path in GOLDEN.glob("*.pbem.yaml")]
    return tuple(sorted(saves, key=lambda s: s.sequence))


def golden(sequence: int) -> SaveFile:
    """A save of the golden game by its number (0 is the first)."""
    return next(s for s in golden_saves() if s.sequence == sequence)


def golden_where(test: Callable[[SaveFile], bool]) -> SaveFile:
    """The first save of the golden game that passes ``test``."""
    return next(s for s in golden_saves() if test(s))


def start() -> SaveFile:
    return golden_saves()[0]


def end() -> SaveFile:
    return golden_saves()[-1]


def off_centre() -> SaveFile:
    """A save with the Mandate marker away from the centre of its display."""
    return golden_where(lambda s: list(s.state["mandate"]) != [0, 0])


def halfway() -> SaveFile:
    return golden_saves()[len(golden_saves()) // 2]


def drawn(save: SaveFile, earlier: tuple[SaveFile, ...] = (),
          **extra: Any) -> tuple[render_png.Picture, Image.Image]:
    """The picture of a save as sent (with the earlier saves sent along), and its PNG
    read back."""
    board = MODULE.board()
    view = MODULE.view(save.state, None)
    pic = render_png.draw(board, view, picture.history_of([*earlier, save]), save.due,
                          **extra)
    return pic, Image.open(io.BytesIO(pic.png())).convert("RGB")


@cache
def drawn_golden(sequence: int) -> tuple[render_png.Picture, Image.Image]:
    """The picture of a save of the golden game (drawn once for all tests)."""
    return drawn(golden(sequence))


def pixel(image: Image.Image, x: float, y: float) -> tuple[int, int, int]:
    """The colour at a point given in picture units."""
    return image.getpixel((round(x * 2), round(y * 2)))  # type: ignore[return-value]


def texts(pic: render_png.Picture) -> list[str]:
    return [t.text for t in pic.canvas.texts]


def texts_in(pic: render_png.Picture, box: Box) -> list[Text]:
    return [t for t in pic.canvas.texts if box.contains((t.x, t.y))]


def test_every_position_gives_a_png_of_the_same_size() -> None:
    sizes = set()
    for save in (start(), off_centre(), halfway(), end()):
        png = picture.map_png(MODULE, save)
        assert png is not None and png.startswith(b"\x89PNG\r\n\x1a\n") and len(png) < 600_000
        sizes.add(Image.open(io.BytesIO(png)).size)
    assert sizes == {render_png.size(MODULE.board())}
    width, _ = render_png.size(MODULE.board())
    assert width == 2 * png_layout.WIDTH == 1400  # 1 unit is 1 pixel at 700 pixels wide


def test_a_position_alone_is_drawn_too() -> None:
    png = picture.map_png(MODULE, halfway().state)
    assert png is not None
    assert Image.open(io.BytesIO(png)).size == render_png.size(MODULE.board())


def test_each_area_shows_its_kingdom_and_the_frame_of_its_player() -> None:
    for save in (start(), halfway(), end()):
        pic, image = drawn_golden(save.sequence)
        view = MODULE.view(save.state, None)
        colours, frames = kingdom_colours(view), faction_colours(view)
        owners = {k["id"]: k["owner"] for k in view["kingdoms"]}
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
            else:
                assert pixel(image, box.left - render_png.FRAME / 2, box.top + 40) not in {
                    rgb(colour) for colour in frames.values()}


def test_each_box_names_its_area_kingdom_armies_and_every_leader() -> None:
    for save in (start(), halfway(), end()):
        pic, _ = drawn_golden(save.sequence)
        view = MODULE.view(save.state, None)
        kingdoms = {k["id"]: k["name"] for k in view["kingdoms"]}
        people = {c["id"]: c["name"] for c in view["characters"]}
        for area in view["areas"]:
            inside = [t.text for t in texts_in(pic, pic.layout.boxes[area["id"]])]
            assert area["name"] in inside and area["zh"] in inside, area["id"]
            assert str(area["manpower"]) in inside
            if area["controller"]:
                assert kingdoms[area["controller"]] in inside
            armies = {k: n for k, n in area["armies"].items() if n}
            if list(armies) == [area["controller"]]:
                n = armies[area["controller"]]
                assert f"{n} {'army' if n == 1 else 'armies'}" in inside
            words = " ".join(inside)
            more = re.search(r"\+(\d+) more", words)
            named = [people[c] for c in area["characters"] if people[c] in words]
            hidden = int(more.group(1)) if more else 0
            assert len(named) + hidden >= len(area["characters"]), area["id"]
            assert hidden == 0 or len(area["characters"]) >= 4


def test_leaders_are_named_in_full_unicode() -> None:
    pic, _ = drawn_golden(start().sequence)
    words = " ".join(texts(pic))
    for leader in ("Dong Zhuo", "Lü Bu", "Cao Cao", "Xiahou Dun", "Liu Bei", "Guan Yu"):
        assert leader in words
    fonts = pic.canvas.fonts
    assert fonts.cjk
    assert all(fonts.has(ch, t.bold) for t in pic.canvas.texts for ch in t.text)


def test_plurals_are_right() -> None:
    seen = []
    for save in (start(), off_centre(), halfway(), end()):
        pic, _ = drawn_golden(save.sequence)
        seen += texts(pic)
    view = MODULE.view(halfway().state, None)
    view["players"][0]["areas"] = 1
    area = next(a for a in view["areas"] if a["controller"])
    area["armies"] = {area["controller"]: 1}
    seen += texts(render_png.draw(MODULE.board(), view))
    joined = "\n".join(seen)
    assert not re.search(r"(?<![\d+])1 (armies|areas)\b", joined)
    assert re.search(r"(?<![\d+])1 army\b", joined)
    assert re.search(r"(?<![\d+])1 area,", joined)
    assert re.search(r"\b([02-9]|\d\d+) armies\b", joined)
    assert re.search(r"\b([02-9]|\d\d+) areas,", joined)


def test_who_moves_the_save_and_the_round_are_on_top() -> None:
    save = halfway()
    assert save.due is not None
    pic, _ = drawn_golden(save.sequence)
    words = texts(pic)
    top = " ".join(t.text for t in pic.canvas.texts if t.y < png_layout.MAP_TOP)
    assert f"Save {save.sequence}" in top and f"Round {save.state['round']} of 8" in top
    faction = MODULE.role_label(save.due["role"])
    assert "To move:" in words and faction in words
    assert save.due["text"] in top
    last = end()
    winner = last.state["result"]["winner"]
    assert f"Game over: {MODULE.role_label(winner)} wins" in texts(drawn_golden(last.sequence)[0])


def test_the_mandate_marker_stands_on_its_space() -> None:
    save = off_centre()
    view = MODULE.view(save.state, None)
    q, r = save.state["mandate"]
    pic, image = drawn_golden(save.sequence)
    box = png_legend.placement(pic.layout)[0]["mandate"]
    where = png_mandate.centres(view, box)
    x, y = where[(q, r)]
    assert pixel(image, x, y + 7) == rgb(png_mandate.MARKER)
    others = [p for key, p in where.items() if key != (q, r)]
    assert all(pixel(image, px, py + 7) != rgb(png_mandate.MARKER) for px, py in others)
    event = png_mandate.marker_space(view)
    assert event is not None
    full = f"{event['name']} {event['zh']}"
    shown = [t.text.rstrip("…") for t in pic.canvas.texts
             if len(t.text) > 8 and full.startswith(t.text.rstrip("…"))]
    assert shown, f"the key does not name {full}"


def test_text_is_big_enough_to_read_at_700_pixels_wide() -> None:
    save = end()
    pic, _ = drawn_golden(save.sequence)
    view = MODULE.view(save.state, None)
    codes = set(png_mandate.codes([s["name"] for s in view["mandate"]["spaces"]
                                   if s["name"]]).values())
    for t in pic.canvas.texts:
        # 10 units are 10 pixels when the picture is shown 700 pixels wide; the codes in
        # the small hexagons of the Mandate display are a little smaller
        assert t.size >= (9 if t.text in codes else 10), t.text
