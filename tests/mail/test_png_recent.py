"""The map picture shows what happened in the saves it goes with: moves and retreats as
arrows beside the borders crossed, battles marked in their areas, levies in words, read
from the saves' actions and log (the position alone does not say)."""

from __future__ import annotations

import io
from typing import Any

from PIL import Image

from pbem.games.dragons_tigers import png_recent, render_png
from pbem.games.dragons_tigers.png_palette import BATTLE, MOVE, rgb
from pbem.mail import picture
from pbem.savefile import SaveFile
from tests.mail.test_png_map import MODULE, drawn_golden, golden_saves, golden_where, pixel, texts

BOARD = MODULE.board()
NAMES = {f"{a['name']} {a['zh']}": a["id"] for a in BOARD["areas"]}


def _recent(*saves: SaveFile) -> png_recent.Recent:
    return png_recent.recent(picture.history_of(saves), BOARD)


def _did(save: SaveFile, verb: str) -> list[dict[str, Any]]:
    return [a for a in save.actions if a.get("do") == verb]


def _combats(save: SaveFile) -> list[str]:
    """The areas of the log's combat headings ("Combat in Youzhou 幽州: ...")."""
    return [NAMES[line[len("Combat in "):].split(":")[0]] for line in save.doc["log"]
            if line.startswith("Combat in ")]


def _fight_and_retreat() -> SaveFile:
    return golden_where(lambda s: bool(_did(s, "move") and _did(s, "retreat")
                                       and len(_combats(s)) == 1))


def test_moves_battles_and_retreats_are_read_from_the_save() -> None:
    save = _fight_and_retreat()
    seen = _recent(save)
    assert seen.saves == [save.sequence] and seen.writers == [save.writer]
    moves = [m for m in seen.moves if not m.retreat]
    assert [m.path for m in moves] == [(a["from"], *a["to"]) for a in _did(save, "move")]
    assert [m.armies for m in moves] == [a["armies"] for a in _did(save, "move")]
    assert [m.characters for m in moves] == [tuple(a["characters"]) for a in _did(save, "move")]
    retreats = [m for m in seen.moves if m.retreat]
    assert [m.path for m in retreats] == [(_combats(save)[0], a["to"])
                                          for a in _did(save, "retreat")]
    assert seen.battles == _combats(save)


def test_levies_are_added_up_by_area() -> None:
    save = golden_where(lambda s: len(_did(s, "levy")) >= 2)
    expected: dict[str, int] = {}
    for action in _did(save, "levy"):
        expected[action["area"]] = expected.get(action["area"], 0) + action["armies"]
    assert _recent(save).levies == expected
    assert any(t.startswith("levied:") for t in texts(drawn_golden(save.sequence)[0]))


def test_a_move_through_two_areas_is_one_move() -> None:
    save = golden_where(lambda s: any(len(a["to"]) == 2 for a in _did(s, "move")))
    action = next(a for a in _did(save, "move") if len(a["to"]) == 2)
    assert any(m.path == (action["from"], *action["to"]) for m in _recent(save).moves)


def test_a_save_without_moves_says_so() -> None:
    save = golden_where(lambda s: s.sequence > 2 and not (
        _did(s, "move") or _did(s, "levy") or _combats(s)))
    seen = _recent(save)
    assert seen.empty and seen.saves == [save.sequence]
    pic, _ = drawn_golden(save.sequence)
    assert pic.arrows == []
    assert any("no moves, battles or levies" in text for text in texts(pic))


def test_the_arrows_point_from_the_start_to_the_end_of_each_move() -> None:
    save = _fight_and_retreat()
    pic, image = drawn_golden(save.sequence)
    boxes = pic.layout.boxes
    steps = [(a, b) for m in pic.recent.moves for a, b in zip(m.path, m.path[1:], strict=False)]
    assert len(pic.arrows) == len(steps) >= 2
    for path, (start, end) in zip(pic.arrows, steps, strict=True):
        # beside the border, so within the arrow's offset of the boxes' edges
        near = render_png.ARROW_OFFSET + 1
        assert boxes[start].contains(path[0], near) and boxes[end].contains(path[-1], near)
        assert not boxes[start].contains(path[-1], near)
        x, y = path[len(path) // 2]
        if not any(box.contains((x, y), 1) for box in boxes.values()):
            assert pixel(image, x, y) == rgb(MOVE)
    words = " ".join(texts(pic))
    assert f"Save {save.sequence} ({MODULE.role_label(save.writer)}):" in words
    names = {a["id"]: a["name"] for a in BOARD["areas"]}
    assert f"battle in {names[_combats(save)[0]]}" in words
    assert "retreat" in words


def test_the_battle_is_marked_in_its_area_only() -> None:
    save = _fight_and_retreat()
    pic, image = drawn_golden(save.sequence)
    for area, box in pic.layout.boxes.items():
        marks = sum(pixel(image, x, y) == rgb(BATTLE)
                    for x in range(int(box.left), int(box.right))
                    for y in range(int(box.top), int(box.top + 34)))
        assert (marks > 10) == (area in _combats(save)), area


def test_several_saves_sent_together_are_shown_together() -> None:
    saves = golden_saves()
    i = next(i for i in range(1, len(saves)) if _did(saves[i - 1], "move")
             and saves[i - 1].writer != saves[i].writer)
    earlier, save = saves[i - 1], saves[i]
    png = picture.map_png(MODULE, save, [earlier])
    assert png is not None
    assert Image.open(io.BytesIO(png)).size == render_png.size(BOARD)
    view = MODULE.view(save.state, None)
    pic = render_png.draw(BOARD, view, picture.history_of([earlier, save]), save.due)
    writers = f"{MODULE.role_label(earlier.writer)} and {MODULE.role_label(save.writer)}"
    assert f"Saves {earlier.sequence}–{save.sequence} ({writers}):" in " ".join(texts(pic))
    together = _recent(earlier, save)
    assert pic.recent == together
    assert together.moves[:len(_recent(earlier).moves)] == _recent(earlier).moves
