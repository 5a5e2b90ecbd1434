"""The map picture shows what happened in the saves it goes with: moves and retreats as
arrows beside the borders crossed, battles marked in their areas, levies in words, read
from the saves' actions and log (the position alone does not say)."""

from __future__ import annotations

import io

from PIL import Image

from pbem.games.dragons_tigers import png_recent, render_png
from pbem.games.dragons_tigers.png_palette import MOVE, rgb
from pbem.mail import picture
from tests.mail.test_png_map import MODULE, drawn_golden, golden, pixel, texts

BOARD = MODULE.board()


def _recent(*sequences: int) -> png_recent.Recent:
    return png_recent.recent(picture.history_of([golden(n) for n in sequences]), BOARD)


def test_a_turn_with_a_move_a_battle_and_a_retreat() -> None:
    """Save 12: Yuan Shao's Zhang He takes 10 armies from Bohai into Youzhou, fights
    Gongsun Zan there and falls back to Bohai."""
    seen = _recent(12)
    assert seen.saves == [12] and seen.writers == ["blue"]
    assert seen.moves == [
        png_recent.Move(("bohai", "youzhou"), 10, ("zhang-he",)),
        png_recent.Move(("youzhou", "bohai"), 0, (), retreat=True)]
    assert seen.battles == ["youzhou"] and seen.levies == {}


def test_levies_and_moves_through_two_areas() -> None:
    assert _recent(13).levies == {"anding": 10, "yanzhou": 4, "xiangyang": 5}
    moves = _recent(14).moves
    assert moves[0].path == ("anding", "changan", "hanzhong") and moves[0].armies == 12


def test_a_save_without_moves_shows_none() -> None:
    seen = _recent(30)
    assert seen.empty and seen.saves == [30]
    pic, _ = drawn_golden(30)
    assert pic.arrows == []
    assert any("no moves, battles or levies" in text for text in texts(pic))


def test_the_arrows_point_from_the_start_to_the_end_of_each_move() -> None:
    pic, image = drawn_golden(12)
    boxes = pic.layout.boxes
    assert len(pic.arrows) == 2
    for path, (start, end) in zip(pic.arrows, (("bohai", "youzhou"), ("youzhou", "bohai")),
                                  strict=True):
        # beside the border, so within the arrow's offset of the boxes' edges
        near = render_png.ARROW_OFFSET + 1
        assert boxes[start].contains(path[0], near) and boxes[end].contains(path[-1], near)
        assert not boxes[start].contains(path[-1], near)
        x, y = path[len(path) // 2]
        if not any(boxes[k].contains((x, y)) for k in boxes):
            assert pixel(image, x, y) == rgb(MOVE)
    words = " ".join(texts(pic))
    assert "Save 12 (Blue Dragon 青龍):" in words
    assert "battle in Youzhou" in words and "Zhang He" in words
    shown = texts(pic)
    assert "retreat" in shown or any(t.startswith("retreat") for t in shown)


def test_the_battle_is_marked_in_its_area() -> None:
    pic, image = drawn_golden(12)
    youzhou = pic.layout.boxes["youzhou"]
    calm = pic.layout.boxes["bohai"]
    marks = [(x, y) for x in range(int(youzhou.left), int(youzhou.right))
             for y in range(int(youzhou.top), int(youzhou.top + 34))
             if pixel(image, x, y) == rgb(render_png.BATTLE)]
    assert len(marks) > 10
    assert not any(pixel(image, x, y) == rgb(render_png.BATTLE)
                   for x in range(int(calm.left), int(calm.right))
                   for y in range(int(calm.top), int(calm.top + 34)))


def test_several_saves_sent_together_are_shown_together() -> None:
    png = picture.map_png(MODULE, golden(13), [golden(12)])
    assert png is not None
    assert Image.open(io.BytesIO(png)).size == render_png.size(BOARD)
    view = MODULE.view(golden(13).state, None)
    history = picture.history_of([golden(12), golden(13)])
    pic = render_png.draw(BOARD, view, history, golden(13).due)
    assert "Saves 12–13 (Blue Dragon 青龍 and White Tiger 白虎):" in " ".join(texts(pic))
    assert {m.path for m in pic.recent.moves} >= {("bohai", "youzhou"), ("xiangyang", "nanyang")}
    assert pic.recent.battles == ["youzhou", "nanyang"]
