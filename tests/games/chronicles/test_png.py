"""The Chronicles map picture: a PNG 1400 pixels wide, the same bytes for the same position,
a cell that follows its area's holder, every territory named, and a schematic layout in
which every border of data/map.yaml is drawn between its own two boxes, clear of the
others, with the north/south line between the halves."""

from __future__ import annotations

import copy
import io
import itertools
from functools import cache
from typing import Any

import pytest
from PIL import Image

from pbem.games.chronicles import dataset, picture_board, png_key, png_places, render_png
from pbem.games.chronicles.rules.setup import opening_state
from pbem.games.dragons_tigers import png_fonts
from pbem.games.dragons_tigers.png_route import Box

SEATS = ["cao-cao", "sun-ce", "liu-biao"]
DUE = {"role": "cao-cao", "step": "season", "text": "choose the season order"}


@cache
def board() -> dict[str, Any]:
    return picture_board.board()


def position() -> dict[str, Any]:
    return opening_state({"players": 3}, SEATS)


def drawn(state: dict[str, Any], due: dict[str, Any] | None = DUE) -> render_png.Picture:
    return render_png.draw(board(), state, [], due)


def texts_in(picture: render_png.Picture, box: Box) -> str:
    return " ".join(t.text for t in picture.canvas.texts if box.contains((t.x, t.y)))


def y_of(line: tuple[png_places.Point, ...], x: float) -> float:
    """Where the north/south line is at ``x`` (its steps are vertical, between boxes)."""
    for (x0, y0), (x1, y1) in itertools.pairwise(line):
        if x0 < x1 and x0 <= x <= x1:
            return y0 + (y1 - y0) * (x - x0) / (x1 - x0)
    raise AssertionError(f"the north/south line does not reach x={x}")


# --- the picture ------------------------------------------------------------------------
def test_a_png_1400_pixels_wide() -> None:
    png = render_png.render(board(), position(), [], DUE)
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    image = Image.open(io.BytesIO(png))
    image.load()
    assert image.format == "PNG"
    assert image.size[0] == 1400


def test_the_same_position_gives_the_same_bytes() -> None:
    assert render_png.render(board(), position(), [], DUE) == render_png.render(
        board(), position(), [], DUE)


def test_the_cell_follows_the_area_changing_hands() -> None:
    before = position()
    after = copy.deepcopy(before)
    area = "lo-yang"
    assert before["areas"][area]["holder"] != "sun-ce"
    after["areas"][area]["holder"] = "sun-ce"
    first, second = drawn(before), drawn(after)
    assert first.png() != second.png()
    cell = second.places.cells[area]
    assert "Sun Ce" in texts_in(second, cell) and "Sun Ce" not in texts_in(first, cell)
    # the cell's stripe is Sun Ce's colour
    stripe = (round((cell.left + 2) * 2), round(cell.top + cell.bottom))
    colour = png_key.SHADES[dataset.get(None).leaders["sun-ce"].colour]
    assert second.canvas.image.getpixel(stripe) == tuple(
        int(colour[i:i + 2], 16) for i in (1, 3, 5))


def test_every_territory_is_named_in_its_box() -> None:
    picture = drawn(position())
    for territory in board()["territories"]:
        box = picture.places.boxes[territory["id"]]
        shown = texts_in(picture, box)
        assert all(word in shown for word in territory["name"].split()), territory["id"]
        assert str(territory["number"]) in shown
        for area in territory["areas"]:
            assert area["name"] in texts_in(picture, picture.places.cells[area["id"]])


def test_title_realms_battles_and_the_source_note() -> None:
    state = position()
    state["round"]["battles"] = [{"id": "b1", "area": "xia-pi", "invader": "cao-cao",
                                  "defender": "liu-bei", "status": "pending"},
                                 {"id": "b2", "area": "wan", "invader": "liu-biao",
                                  "defender": "zhang-xiu", "status": "fought"}]
    texts = [t.text for t in drawn(state).canvas.texts]
    assert "Chronicles of the Three Kingdoms" in texts
    assert any(t.startswith("Spring 196") for t in texts)
    assert any(t.startswith(png_key.SOURCE_NOTE) for t in texts)
    assert any("Xia Pi: Cao Cao invades Liu Bei" in t for t in texts)
    assert not any("Wan: Liu Biao" in t for t in texts)
    realm = state["realms"]["cao-cao"]
    assert any(f"{realm['gold']} gold · Influence {realm['influence']}" in t for t in texts)


def test_text_is_at_least_9_pixels_at_half_size() -> None:
    assert min(t.size for t in drawn(position()).canvas.texts) >= 9


def test_without_a_chinese_font() -> None:
    fonts = png_fonts.find(folders=[], use_fontconfig=False)
    png = render_png.render(board(), position(), [], None, fonts)
    assert Image.open(io.BytesIO(png)).size[0] == 1400


# --- the layout ---------------------------------------------------------------------------
def test_the_layout_places_every_territory_and_area_once() -> None:
    lay = board()["layout"]
    assert len(board()["territories"]) == 20
    for territory in board()["territories"]:
        rows = lay["areas"][territory["id"]]
        assert sorted(a for row in rows for a in row) == sorted(
            a["id"] for a in territory["areas"])
    assert set(lay["boxes"]) == {t["id"] for t in board()["territories"]}


def test_boxes_do_not_overlap_and_cells_stay_inside() -> None:
    places = png_places.places(board())
    boxes = list(places.boxes.items())
    for i, (a, first) in enumerate(boxes):
        assert first.left >= 0 and first.right <= png_places.WIDTH
        for b, second in boxes[i + 1:]:
            assert not first.overlaps(second, png_places.GAP - 1), (a, b)
    for territory in board()["territories"]:
        box = places.boxes[territory["id"]]
        for area in territory["areas"]:
            cell = places.cells[area["id"]]
            assert box.left < cell.left < cell.right < box.right
            assert box.top < cell.top < cell.bottom < box.bottom


@pytest.mark.parametrize("border", board()["borders"], ids=lambda b: b["id"])
def test_every_border_joins_its_two_boxes_clear_of_the_others(border: dict[str, Any]) -> None:
    places = png_places.places(board())
    line = places.links.get(border["id"])
    assert line is not None, "the two boxes neither face each other nor meet at a corner"
    a, b = border["between"]
    assert {line.a, line.b} == {a, b}
    assert places.boxes[a].contains(line.start) and places.boxes[b].contains(line.end)
    others = [box for key, box in places.boxes.items() if key not in (a, b)]
    assert not any(png_places.crosses([line.start, line.end], box, 1.0) for box in others)
    if line.diagonal:  # across one crossing of gaps only
        assert abs(line.end[0] - line.start[0]) <= png_places.GAP + 4
    else:
        assert abs(line.end[0] - line.start[0]) + abs(line.end[1] - line.start[1]) \
            <= png_places.ROW_H


def test_the_north_south_line_runs_between_the_halves() -> None:
    places = png_places.places(board())
    line = places.divide
    assert not any(png_places.crosses(line, box) for box in places.boxes.values())
    for territory in board()["territories"]:
        box = places.boxes[territory["id"]]
        for x in (box.left + 1, box.right - 1):
            above = box.bottom < y_of(line, x)
            assert above == (territory["half"] == "north"), territory["id"]
