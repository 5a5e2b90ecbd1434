"""The map picture shows what happened in the saves it goes with: moves and retreats as
arrows beside the borders crossed, battles marked in their areas, levies in words, read
from the saves' actions and log (the position alone does not say)."""

from __future__ import annotations

import io
from typing import Any

from PIL import Image

from pbem.games.dragons_tigers import png_layout, png_recent, render_png
from pbem.games.dragons_tigers.png_palette import BATTLE, MOVE, rgb
from pbem.mail import picture
from pbem.savefile import SaveFile
from tests.mail.test_png_map import MODULE, drawn, golden_saves, pixel, texts

BOARD = MODULE.board()
NAMES = {f"{a['name']} {a['zh']}": a["id"] for a in BOARD["areas"]}


def _recent(*saves: SaveFile) -> png_recent.Recent:
    return png_recent.recent(picture.history_of(saves), BOARD)


def _did(saves: SaveFile | tuple[SaveFile, ...], verb: str) -> list[dict[str, Any]]:
    """The actions of that verb in the saves (a roll request's waiting action counted)."""
    group = saves if isinstance(saves, tuple) else (saves,)
    return [a for h in picture.history_of(group) for a in h["actions"] if a.get("do") == verb]


def _combats(saves: SaveFile | tuple[SaveFile, ...]) -> list[str]:
    """The areas of the log's combat headings ("Combat in Youzhou 幽州: ...")."""
    group = saves if isinstance(saves, tuple) else (saves,)
    return [NAMES[line[len("Combat in "):].split(":")[0]] for save in group
            for line in save.doc["log"] if line.startswith("Combat in ")]


def _fight_and_retreat() -> tuple[SaveFile, ...]:
    """Saves of the golden game sent together (a turn, its roll requests and their
    answers) with a move, one battle and a retreat."""
    saves = golden_saves()
    for size in (1, 2, 3, 4):
        for i in range(len(saves) - size + 1):
            group = tuple(saves[i:i + size])
            if (_did(group, "move") and _did(group, "retreat") and len(_combats(group)) == 1
                    and len(_recent(*group).moves) >= 2):
                return group
    raise AssertionError("the golden game has no turn with a move, a battle and a retreat")


def _save(actions: list[dict[str, Any]], log: list[str]) -> dict[str, Any]:
    return {"sequence": 7, "writer": "blue", "actions": actions, "log": log}


def test_moves_battles_retreats_and_levies_are_read_from_the_actions() -> None:
    turn = _save(
        [{"do": "levy", "area": "yanzhou", "armies": 3},
         {"do": "levy", "area": "yanzhou", "armies": 2},
         {"do": "move", "from": "yanzhou", "to": ["luoyang"], "characters": ["cao-cao"],
          "armies": 8},
         {"do": "move", "from": "xuchang", "to": ["luoyang", "nanyang"],
          "characters": ["liu-bei"], "armies": {"cao-cao": 2, "liu-bei": 1}},
         {"do": "end-movement"},
         {"do": "fight", "area": "luoyang", "against": "k:dong-zhuo"},
         {"do": "retreat", "to": "yanzhou"}],
        ["Turn 7 (round 2): Cao Cao 曹操, played by Blue Dragon (faction chit) (4.1)",
         "Combat in Luoyang 洛陽: Blue Dragon (Cao Cao) attacks Dong Zhuo (Traitorous) (5)",
         "  Combat in Hedong 河東: an indented line is not a heading",
         "Combat in Nanyang 南陽: Blue Dragon (Liu Bei) attacks Yuan Shu (neutral) (5)"])
    seen = png_recent.recent([turn], BOARD)
    assert seen.saves == [7] and seen.writers == ["blue"]
    assert seen.moves == [
        png_recent.Move(("yanzhou", "luoyang"), 8, ("cao-cao",)),
        png_recent.Move(("xuchang", "luoyang", "nanyang"), 3, ("liu-bei",)),
        png_recent.Move(("luoyang", "yanzhou"), 0, (), retreat=True)]
    assert seen.battles == ["luoyang", "nanyang"]
    assert seen.levies == {"yanzhou": 5}
    pic = render_png.draw(BOARD, MODULE.view(golden_saves()[0].state, None), [turn])
    assert len(pic.arrows) == 4
    words = " ".join(texts(pic))
    assert "battle in Luoyang; battle in Nanyang;" in words
    assert "Yanzhou → Luoyang: 8 armies with Cao Cao;" in words
    assert "+2 more: see the message" in words  # the retreat and the levies: no room
    levies = _save(turn["actions"][:2], [])
    pic = render_png.draw(BOARD, MODULE.view(golden_saves()[0].state, None), [levies])
    assert "levied: Yanzhou +5." in " ".join(texts(pic))


def test_a_retreat_comes_from_the_only_battle_or_is_left_out() -> None:
    one = _save([{"do": "retreat", "to": "bohai"}],
                ["Combat in Youzhou 幽州: Blue Dragon (Yuan Shao) attacks Gongsun Zan (5)"])
    assert png_recent.recent([one], BOARD).moves == [
        png_recent.Move(("youzhou", "bohai"), 0, (), retreat=True)]
    unknown = _save([{"do": "retreat", "to": "bohai"}], [])
    assert png_recent.recent([unknown], BOARD).moves == []


def test_the_golden_game_reads_as_its_actions_say() -> None:
    save = _fight_and_retreat()
    seen = _recent(*save)
    moves = [m for m in seen.moves if not m.retreat]
    assert [m.path for m in moves] == [(a["from"], *a["to"]) for a in _did(save, "move")]
    assert [m.armies for m in moves] == [a["armies"] for a in _did(save, "move")]
    assert seen.battles == _combats(save)


def test_nothing_happened_is_said_so() -> None:
    view = MODULE.view(golden_saves()[-1].state, None)
    pic = render_png.draw(BOARD, view, [_save([{"do": "end-turn"}], [])])
    assert pic.arrows == [] and pic.recent.empty
    assert any("no moves, battles or levies" in text for text in texts(pic))


def test_the_arrows_point_from_the_start_to_the_end_of_each_move() -> None:
    group = _fight_and_retreat()
    pic, image = drawn(group[-1], group[:-1])
    boxes = pic.layout.boxes
    steps = [(a, b) for m in pic.recent.moves for a, b in zip(m.path, m.path[1:], strict=False)]
    assert len(pic.arrows) == len(steps) >= 2
    for path, (start, end) in zip(pic.arrows, steps, strict=True):
        # beside the border, so within the arrow's offset of the boxes' edges
        near = render_png.ARROW_OFFSET + 1
        assert boxes[start].contains(path[0], near) and boxes[end].contains(path[-1], near)
        assert not boxes[start].contains(path[-1], near)
        # its shaft is drawn along the path (a retreat's is dashed): somewhere in the
        # middle fifth, outside the areas' boxes, a pixel has the arrows' colour
        dense = png_layout.densify(path, 1.0)
        middle = [p for p in dense[2 * len(dense) // 5:3 * len(dense) // 5 + 1]
                  if not any(box.contains(p, 1) for box in boxes.values())]
        if middle:
            assert any(pixel(image, x, y) == rgb(MOVE) for x, y in middle)
    words = " ".join(texts(pic))
    first, last = group[0], group[-1]
    if len(group) == 1:
        assert f"Save {last.sequence} ({MODULE.role_label(last.writer)}):" in words
    else:
        assert f"Saves {first.sequence}–{last.sequence}" in words
    names = {a["id"]: a["name"] for a in BOARD["areas"]}
    assert f"battle in {names[_combats(group)[0]]}" in words
    assert "retreat" in words


def test_the_battle_is_marked_in_its_area_only() -> None:
    group = _fight_and_retreat()
    pic, image = drawn(group[-1], group[:-1])
    for area, box in pic.layout.boxes.items():
        marks = sum(pixel(image, x, y) == rgb(BATTLE)
                    for x in range(int(box.left), int(box.right))
                    for y in range(int(box.top), int(box.top + 34)))
        assert (marks > 10) == (area in _combats(group)), area


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
