"""Every border of the board is drawn in the PNG map between its own two boxes, in the
colour of its terrain, clear of every other box, and crossing no other border: checked on
the pixels of the PNG against the board data."""

from __future__ import annotations

import math

import pytest

from pbem.games.dragons_tigers import png_legend, png_route, render_png
from pbem.games.dragons_tigers.png_palette import rgb
from pbem.savefile import SaveFile
from tests.mail.test_png_map import (
    MODULE,
    drawn_golden,
    end,
    golden_where,
    halfway,
    off_centre,
    pixel,
    start,
)

BOARD = MODULE.board()
# Near its ends a border line is covered by the frame drawn around a held area.
FRAME = render_png.FRAME + 1.0
# Where a move's arrow crosses a border, it is drawn over it (shaft or head).
ARROW = 6.5


def _pairs() -> dict[frozenset[str], str]:
    return {frozenset((b["a"], b["b"])): b["terrain"] for b in BOARD["borders"]}


def _on_edge(point: png_route.Point, box: png_route.Box) -> bool:
    x, y = point
    inside = box.contains(point, 0.6)
    near = min(abs(x - box.left), abs(x - box.right), abs(y - box.top), abs(y - box.bottom))
    return inside and near < 0.6


def test_the_board_has_59_borders_and_each_is_drawn_once() -> None:
    routes = render_png.layout(BOARD).routes
    assert len(BOARD["borders"]) == len(_pairs()) == 59
    assert len(routes) == 59
    assert {frozenset((r.a, r.b)) for r in routes} == set(_pairs())
    assert all(r.terrain == _pairs()[frozenset((r.a, r.b))] for r in routes)


def test_each_border_joins_its_two_boxes_and_passes_no_other() -> None:
    lay = render_png.layout(BOARD)
    others = {**lay.boxes, **{f"panel:{k}": v for k, v in png_legend.placement(lay)[0].items()}}
    for route in lay.routes:
        assert _on_edge(route.points[0], lay.boxes[route.a]), (route.a, route.b)
        assert _on_edge(route.points[-1], lay.boxes[route.b]), (route.a, route.b)
        for point in png_route.densify(route.points, 0.5):
            for key, box in others.items():
                if key not in (route.a, route.b):
                    assert not box.contains(point, 2.0), (route.a, route.b, key)


def test_no_two_borders_cross() -> None:
    routes = render_png.layout(BOARD).routes
    for i, one in enumerate(routes):
        for other in routes[i + 1:]:
            assert png_route.crossings(one.points, other.points) == 0, (one.a, one.b,
                                                                        other.a, other.b)


def _with_moves() -> SaveFile:
    return golden_where(lambda s: any(a.get("do") == "move" for a in s.actions))


POSITIONS = {"start": start, "with moves": _with_moves, "marker off centre": off_centre,
             "halfway": halfway, "end": end}


@pytest.mark.parametrize("position", sorted(POSITIONS))
def test_every_border_shows_its_terrain_on_the_picture(position: str) -> None:
    """Samples the middle of each drawn border, every unit of its length, on the PNG."""
    pic, image = drawn_golden(POSITIONS[position]().sequence)
    arrows = [q for path in pic.arrows for q in png_route.densify(path, 1.0)]
    checked = 0
    for route in pic.layout.routes:
        terrain = _pairs()[frozenset((route.a, route.b))]
        want = rgb(render_png.TERRAIN[terrain][0])
        ends = (pic.layout.boxes[route.a], pic.layout.boxes[route.b])
        samples = [p for p in png_route.densify(route.points, 1.0)
                   if not any(box.contains(p, FRAME) for box in ends)
                   and not any(math.dist(p, q) < ARROW for q in arrows)]
        start, end = route.points[0], route.points[-1]
        assert samples or math.dist(start, end) <= 2 * FRAME + 1, (route.a, route.b)
        for point in samples:
            assert pixel(image, *point) == want, (route.a, route.b, terrain, point)
            checked += 1
    assert checked > 1500


def test_the_lines_that_went_wrong_are_right() -> None:
    """Yanzhou-Pingyuan is a river drawn between those two boxes, Qingzhou-Yanzhou (the
    mountains) goes round Pingyuan, and Yanzhou-Xuzhou keeps clear of Pingyuan."""
    lay = render_png.layout(BOARD)
    routes = {frozenset((r.a, r.b)): r for r in lay.routes}
    pingyuan = lay.boxes["pingyuan"]
    river = routes[frozenset(("yanzhou", "pingyuan"))]
    assert river.terrain == "river" and len(river.points) >= 2
    for pair in (("qingzhou", "yanzhou"), ("yanzhou", "xuzhou")):
        route = routes[frozenset(pair)]
        assert not any(pingyuan.contains(p, png_route.CLEARANCE - 0.5)
                       for p in png_route.densify(route.points, 0.5)), pair
