"""4.5 Movement, 4.5.1-4.5.2 attrition and 4.5.3 joint moves: scenario tests."""

from __future__ import annotations

from typing import Any

import pytest

from tests.games.dragons_tigers.kit import Game, two_players

# Blue: Cao Cao (main), Liu Bei, Liu Zhang. White: Yuan Shao (main), Yuan Shu, Liu Biao.
KINGDOMS = two_players(["cao-cao", "liu-bei", "liu-zhang"], ["yuan-shao", "yuan-shu", "liu-biao"])
KINGDOMS["liu-zhang"]["warlord"] = "liu-zhang"
GAN_NING = {"gan-ning": {"at": "yanzhou", "kingdom": "cao-cao", "recruited": True}}


def board(**extra: Any) -> dict[str, Any]:
    """Cao Cao's court in Yanzhou with a garrison in Xuchang; the others at home. Qiao,
    Xuzhou, Qingzhou, Ye and Jiangxia are empty. A keyword replaces or adds an area."""
    out: dict[str, Any] = {
        "yanzhou": {"armies": {"cao-cao": 10},
                    "characters": ["cao-cao", "xiahou-dun", "cao-ren"]},
        "xuchang": {"armies": {"cao-cao": 2}},
        "pingyuan": {"armies": {"liu-bei": 10}, "characters": ["liu-bei"]},
        "chengdu": {"armies": {"liu-zhang": 10}, "characters": ["liu-zhang"]},
        "bohai": {"armies": {"yuan-shao": 10}, "characters": ["yuan-shao"]},
        "nanyang": {"armies": {"yuan-shu": 10}, "characters": ["yuan-shu"]},
        "xiangyang": {"armies": {"liu-biao": 10}, "characters": ["liu-biao"]},
        "luoyang": {"armies": {"dong-zhuo": 5}, "characters": ["dong-zhuo"]},
    }
    out.update(extra)
    return {k: v for k, v in out.items() if v is not None}


def movement(kingdom: str = "cao-cao", faction: bool = False,
             characters: dict[str, Any] | None = None, **areas: Any) -> Game:
    scenario: dict[str, Any] = {"kingdoms": KINGDOMS, "pieces": board(**areas),
                                "turn": {"kingdom": kingdom, "phase": "movement",
                                         "faction": faction}}
    if characters:
        scenario["characters"] = characters
    return Game(scenario)


def move(frm: str, to: list[str], chars: list[str], armies: Any = 0,
         **extra: Any) -> dict[str, Any]:
    return {"do": "move", "from": frm, "to": to, "characters": chars, "armies": armies, **extra}


def move_offer(game: Game, area: str) -> dict[str, Any]:
    """The parameters of the move offered from ``area``: name -> maximum (or options)."""
    for spec in game.prompt().actions:
        if spec.verb == "move" and spec.fixed["from"] == area:
            return {p.name: p.maximum if p.kind == "int" else [o.value for o in p.options]
                    for p in spec.params}
    raise AssertionError(f"no move offered from {area}")


@pytest.mark.rule("4.5")
def test_commander_moves_up_to_two_areas_with_armies_from_his_area() -> None:
    """A character of the active kingdom with command 1 or more moves one or two areas,
    taking along any of the active kingdom's armies that start where he does; armies never
    move by themselves. Cao Cao takes 6 of Yanzhou's 10 armies through his own Xuchang into
    Yuan Shu's Nanyang. A third area, a non-adjacent area, and armies without a character
    are refused."""
    game = movement()
    game.refuse("blue", move("yanzhou", ["xuchang", "nanyang", "xiangyang"], ["cao-cao"], 6),
                rule="4.5")
    game.refuse("blue", move("yanzhou", ["changsha"], ["cao-cao"], 6), rule="4.5")
    game.refuse("blue", move("yanzhou", ["qiao"], [], 6), rule="4.5")
    game.refuse("blue", move("yanzhou", ["qiao"], ["cao-cao"], 11), rule="4.5")
    lines = game.act("blue", move("yanzhou", ["xuchang", "nanyang"], ["cao-cao"], 6))
    assert lines == ["Cao Cao 曹操 moves with 6 Cao Cao: Yanzhou 兗州 -> Xuchang 許昌 -> "
                     "Nanyang 南陽 (4.5)"]
    assert game.where("cao-cao") == "nanyang"
    assert game.armies("nanyang", "cao-cao") == 6 and game.armies("yanzhou", "cao-cao") == 4
    assert game.armies("xuchang", "cao-cao") == 2 and game.armies("nanyang", "yuan-shu") == 10


@pytest.mark.rule("4.5")
def test_command_zero_warlord_moves_only_as_passenger() -> None:
    """Only a character with command 1 or more can lead a move. Liu Zhang has no stars:
    alone he cannot move at all, but he may go along with Zhang Ren (command 2) of his own
    kingdom, and may be left, like armies, in his own area passed through (Ba), while
    Zhang Ren goes on to Wuling."""
    alone = movement(kingdom="liu-zhang")
    assert alone.offered("move") == []
    alone.refuse("blue", move("chengdu", ["ba"], ["liu-zhang"], 3), rule="4.5")

    game = movement(kingdom="liu-zhang",
                    chengdu={"armies": {"liu-zhang": 10}, "characters": ["liu-zhang", "zhang-ren"]})
    assert sorted(move_offer(game, "chengdu")["characters"]) == ["liu-zhang", "zhang-ren"]
    game.refuse("blue", move("chengdu", ["ba"], ["liu-zhang"], 3), rule="4.5")
    game.act("blue", move("chengdu", ["ba"], ["liu-zhang", "zhang-ren"], 3))
    assert game.where("liu-zhang") == "ba" and game.where("zhang-ren") == "ba"
    assert game.armies("ba", "liu-zhang") == 3 and game.armies("chengdu", "liu-zhang") == 7

    drop = movement(kingdom="liu-zhang",
                    chengdu={"armies": {"liu-zhang": 10},
                             "characters": ["liu-zhang", "zhang-ren", "yan-yan"]},
                    ba={"armies": {"liu-zhang": 1}})
    assert move_offer(drop, "chengdu")["leave"] == ["liu-zhang"]
    drop.refuse("blue", move("chengdu", ["ba", "wuling"], ["liu-zhang", "zhang-ren"], 2,
                             leave=["zhang-ren"]), rule="4.5(D)")
    drop.refuse("blue", move("chengdu", ["ba"], ["liu-zhang", "zhang-ren"], 2,
                             leave=["liu-zhang"]), rule="4.5(D)")
    lines = drop.act("blue", move("chengdu", ["ba", "wuling"], ["liu-zhang", "zhang-ren"], 2,
                                  leave=["liu-zhang"]))
    assert lines[1:] == ["  Liu Zhang 劉璋 is left in Ba 巴 (4.5(D))",
                         "» Wuling 武陵 passes to Liu Zhang 劉璋 (Blue Dragon) (6)"]
    assert drop.where("liu-zhang") == "ba" and drop.where("zhang-ren") == "wuling"
    assert drop.armies("wuling", "liu-zhang") == 2 and drop.armies("ba", "liu-zhang") == 1


@pytest.mark.rule("4.5(A)")
def test_no_limit_on_armies_moving_or_stacked() -> None:
    """Any number of armies may go with a moving character and any number may share an
    area. Cao Cao takes 44 of his 45 armies into Xuchang, where Liu Bei already has 15."""
    game = movement(yanzhou={"armies": {"cao-cao": 45}, "characters": ["cao-cao"]},
                    xuchang={"armies": {"liu-bei": 15}, "characters": ["liu-bei"]},
                    pingyuan=None)
    assert move_offer(game, "yanzhou")["armies"] == 45
    game.act("blue", move("yanzhou", ["xuchang"], ["cao-cao"], 44))
    assert game.armies("xuchang", "cao-cao") == 44 and game.armies("xuchang", "liu-bei") == 15
    assert game.armies("yanzhou", "cao-cao") == 1


@pytest.mark.rule("4.5(B)")
def test_character_alone_cannot_enter_unfriendly_or_empty_area() -> None:
    """A character may enter an area held by an opposing or neutral kingdom, or an empty
    one, only with armies, and must stop there. Xiahou Dun alone may go into Cao Cao's
    Xuchang but not into empty Qiao, Dong Zhuo's Luoyang or Yuan Shu's Nanyang; with one
    army he may enter Qiao but not carry on to Xuzhou. Once Cao Cao has taken Qiao, it is
    his at once, and Cao Ren may follow him there alone (rules-notes 19)."""
    game = movement()
    game.refuse("blue", move("yanzhou", ["qiao"], ["xiahou-dun"]), rule="4.5(B)")
    game.refuse("blue", move("yanzhou", ["luoyang"], ["xiahou-dun"]), rule="4.5(B)")
    game.refuse("blue", move("yanzhou", ["xuchang", "nanyang"], ["xiahou-dun"]), rule="4.5(B)")
    game.refuse("blue", move("yanzhou", ["qiao", "xuzhou"], ["xiahou-dun"], 1), rule="4.5(B)")
    game.act("blue", move("yanzhou", ["qiao"], ["cao-cao"], 3))
    assert game.controller("qiao") == "cao-cao"
    game.act("blue", move("yanzhou", ["qiao"], ["cao-ren"]))
    game.act("blue", move("yanzhou", ["xuchang"], ["xiahou-dun"]))
    assert game.where("cao-ren") == "qiao" and game.where("xiahou-dun") == "xuchang"
    assert game.armies("qiao", "cao-cao") == 3 and game.armies("yanzhou", "cao-cao") == 7


@pytest.mark.rule("4.5(C)")
def test_characters_from_one_area_move_apart() -> None:
    """Characters that start in the same area may each move on their own, to different
    areas. From Yanzhou, Cao Cao goes to Qiao with 4 armies and Xiahou Dun to Xuzhou with
    3, while Cao Ren stays with the last 3; a character who has moved cannot move again."""
    game = movement()
    game.act("blue", move("yanzhou", ["qiao"], ["cao-cao"], 4))
    assert sorted(move_offer(game, "yanzhou")["characters"]) == ["cao-ren", "xiahou-dun"]
    game.act("blue", move("yanzhou", ["xuzhou"], ["xiahou-dun"], 3))
    assert game.where("cao-cao") == "qiao" and game.where("xiahou-dun") == "xuzhou"
    assert game.where("cao-ren") == "yanzhou"
    assert game.armies("qiao", "cao-cao") == 4 and game.armies("xuzhou", "cao-cao") == 3
    assert game.armies("yanzhou", "cao-cao") == 3
    game.refuse("blue", move("qiao", ["xuchang"], ["cao-cao"], 1), rule="4.5")


@pytest.mark.rule("4.5(D)")
def test_drop_off_only_in_own_controlled_area() -> None:
    """A moving group may leave armies behind in an area the active kingdom controls as it
    passes through, but cannot collect armies on the way. Cao Cao leaves 3 of 8 armies in
    his Xuchang and enters Nanyang with 5; Xuchang's own 2 stay put. Dropping armies at the
    end of a one-area move, in Liu Bei's area, or collecting Xuchang's armies, is refused."""
    game = movement(pingyuan={"armies": {"liu-bei": 10}, "characters": ["liu-bei"]})
    game.refuse("blue", move("yanzhou", ["xuchang"], ["cao-ren"], 2, drop={"cao-cao": 1}),
                rule="4.5(D)")
    game.refuse("blue", move("yanzhou", ["pingyuan", "qingzhou"], ["cao-ren"], 2,
                             drop={"cao-cao": 1}), rule="4.5(D)")
    game.refuse("blue", move("yanzhou", ["xuchang", "nanyang"], ["cao-cao"], 8,
                             drop={"cao-cao": 9}), rule="4.5(D)")
    lines = game.act("blue", move("yanzhou", ["xuchang", "nanyang"], ["cao-cao"], 8,
                                  drop={"cao-cao": 3}))
    assert "  3 armies of Cao Cao 曹操 are dropped off in Xuchang 許昌 (4.5(D))" in lines
    assert game.armies("xuchang", "cao-cao") == 5 and game.armies("nanyang", "cao-cao") == 5
    assert game.armies("yanzhou", "cao-cao") == 2
    # Cao Ren cannot gather Xuchang's armies on his way through it.
    game.refuse("blue", move("yanzhou", ["xuchang", "qiao"], ["cao-ren"], 4), rule="4.5(D)")


@pytest.mark.rule("4.5(E)")
def test_cannot_empty_start_area() -> None:
    """Something must stay behind in the area a move leaves: a character or an army, of
    any of the player's kingdoms. Cao Cao alone with 10 armies may take 9, not 10; after
    Cao Cao has left with 5, Xiahou Dun may take 4 of the last 5, not 5. Where Liu Bei has
    2 armies in Yanzhou, Cao Cao may take all 10 of his own."""
    game = movement(yanzhou={"armies": {"cao-cao": 10}, "characters": ["cao-cao"]})
    game.refuse("blue", move("yanzhou", ["qiao"], ["cao-cao"], 10), rule="4.5(E)")
    game.act("blue", move("yanzhou", ["qiao"], ["cao-cao"], 9))
    assert game.armies("yanzhou", "cao-cao") == 1

    pair = movement(yanzhou={"armies": {"cao-cao": 10}, "characters": ["cao-cao", "xiahou-dun"]})
    pair.act("blue", move("yanzhou", ["qiao"], ["cao-cao"], 5))
    pair.refuse("blue", move("yanzhou", ["xuzhou"], ["xiahou-dun"], 5), rule="4.5(E)")
    pair.act("blue", move("yanzhou", ["xuzhou"], ["xiahou-dun"], 4))
    assert pair.armies("yanzhou", "cao-cao") == 1

    shared = movement(yanzhou={"armies": {"cao-cao": 10, "liu-bei": 2},
                               "characters": ["cao-cao"]})
    shared.act("blue", move("yanzhou", ["qiao"], ["cao-cao"], 10))
    assert shared.armies("yanzhou", "cao-cao") == 0 and shared.armies("qiao", "cao-cao") == 10
    assert shared.controller("yanzhou") == "liu-bei"


@pytest.mark.rule("4.5(F)")
def test_army_that_moved_cannot_move_again() -> None:
    """Armies that have moved this phase stay where they ended. Cao Cao brings 5 armies to
    Xuchang, where Xiahou Dun waits with 2: Xiahou Dun may lead on only those 2."""
    game = movement(xuchang={"armies": {"cao-cao": 2}, "characters": ["xiahou-dun"]},
                    yanzhou={"armies": {"cao-cao": 10}, "characters": ["cao-cao"]})
    game.act("blue", move("yanzhou", ["xuchang"], ["cao-cao"], 5))
    assert game.armies("xuchang", "cao-cao") == 7
    assert move_offer(game, "xuchang")["armies"] == 2
    game.refuse("blue", move("xuchang", ["qiao"], ["xiahou-dun"], 3), rule="4.5(F)")
    game.refuse("blue", move("xuchang", ["qiao"], ["cao-cao"], 1), rule="4.5")
    game.act("blue", move("xuchang", ["qiao"], ["xiahou-dun"], 2))
    assert game.armies("qiao", "cao-cao") == 2 and game.armies("xuchang", "cao-cao") == 5
    assert game.where("cao-cao") == "xuchang"


@pytest.mark.rule("4.5.1(A)")
def test_attrition_only_entering_unfriendly_or_empty_area() -> None:
    """Armies crossing a mountain border into an area held by an opposing or neutral
    kingdom, or an empty one, suffer attrition, whether armies are there or not; into a
    friendly area they do not. From Cao Cao's Nanyang: 3 armies into Jiangxia, held by
    White's Yan Liang with no armies, lose 1; 5 into Liu Bei's Hanzhong lose none. From
    Yanzhou, 6 armies into empty Qingzhou lose 2; 5 more follow into Qingzhou, now Cao
    Cao's, and lose none; 5 into Qiao over a plain lose none."""
    game = movement(
        nanyang={"armies": {"cao-cao": 10}, "characters": ["xiahou-dun", "cao-ren"]},
        yanzhou={"armies": {"cao-cao": 20}, "characters": ["cao-cao", "xiahou-yuan"]},
        xuchang=None,
        jiangxia={"characters": ["yan-liang"]},
        hanzhong={"armies": {"liu-bei": 1}},
        shouchun={"armies": {"yuan-shu": 10}, "characters": ["yuan-shu"]},
        characters={"guo-jia": {"at": "yanzhou", "kingdom": "cao-cao", "recruited": True}},
    )
    lines = game.act("blue", move("nanyang", ["jiangxia"], ["xiahou-dun"], 3))
    assert lines[1:] == [
        "  crossing the mountain into Jiangxia 江夏 with 3 armies costs 1 by the Attrition "
        "table (4.5.1(B))",
        "  Cao Cao 曹操 loses 1 to attrition (4.5.1(B))"]
    assert game.armies("jiangxia", "cao-cao") == 2
    lines = game.act("blue", move("nanyang", ["hanzhong"], ["cao-ren"], 5))
    assert len(lines) == 1 and game.armies("hanzhong", "cao-cao") == 5
    game.act("blue", move("yanzhou", ["qingzhou"], ["cao-cao"], 6))
    assert game.armies("qingzhou", "cao-cao") == 4
    lines = game.act("blue", move("yanzhou", ["qingzhou"], ["xiahou-yuan"], 5))
    assert len(lines) == 1 and game.armies("qingzhou", "cao-cao") == 9
    lines = game.act("blue", move("yanzhou", ["qiao"], ["guo-jia"], 5))
    assert lines[1:] == ["» Qiao 譙 passes to Cao Cao 曹操 (Blue Dragon) (6)"]
    assert game.armies("qiao", "cao-cao") == 5
    assert game.armies("yanzhou", "cao-cao") == 4 and game.armies("nanyang", "cao-cao") == 2


@pytest.mark.rule("6(B)")
@pytest.mark.rule("4.5.1(A)")
@pytest.mark.rule("4.5(B)")
def test_an_area_taken_by_a_vanguard_is_friendly_for_the_groups_behind_it() -> None:
    """Control passes the moment a kingdom is alone in an area (6(B)), and the halt, the
    passage and attrition look only at who holds the area entered (4.5(B), 4.5.1(A);
    rules-notes 19 and 23). Xiahou Yuan takes 2 armies over the mountain into empty
    Qingzhou and loses none (1-2 armies never do); Qingzhou is Cao Cao's at once, so Cao
    Cao's 12 that follow cross the mountain into a friendly area and lose none, and Cao
    Ren passes through it into empty Xuzhou, where his 3 halt."""
    game = movement(yanzhou={"armies": {"cao-cao": 20},
                             "characters": ["cao-cao", "xiahou-yuan", "cao-ren"]})
    assert ["qingzhou", "xuzhou"] not in move_offer(game, "yanzhou")["to"]
    lines = game.act("blue", move("yanzhou", ["qingzhou"], ["xiahou-yuan"], 2))
    assert lines[1:] == ["» Qingzhou 青州 passes to Cao Cao 曹操 (Blue Dragon) (6)"]
    assert game.controller("qingzhou") == "cao-cao"
    assert ["qingzhou", "xuzhou"] in move_offer(game, "yanzhou")["to"]
    lines = game.act("blue", move("yanzhou", ["qingzhou"], ["cao-cao"], 12))
    assert lines == ["Cao Cao 曹操 moves with 12 Cao Cao: Yanzhou 兗州 -> Qingzhou 青州 (4.5)"]
    assert game.armies("qingzhou", "cao-cao") == 14 and game.armies("yanzhou", "cao-cao") == 6
    game.act("blue", move("yanzhou", ["qingzhou", "xuzhou"], ["cao-ren"], 3))
    assert game.where("cao-ren") == "xuzhou" and game.armies("xuzhou", "cao-cao") == 3
    assert game.controller("xuzhou") == "cao-cao"


@pytest.mark.rule("4.5.1(B)")
def test_attrition_by_table_on_armies_crossing_after_drop_offs() -> None:
    """The loss is read from the Attrition Table by the number of armies crossing, after
    any drop-offs, and taken at once from them: 1-2 armies lose none, 9-11 lose 3, 26-30
    lose 8. Cao Cao leaves 3 of 12 in his Luoyang and crosses the mountain into Dong Zhuo's
    Chang'an with 9 (loses 3); Cao Ren takes 26 into empty Qingzhou (loses 8); Xiahou Dun
    takes 2 over the mountain into empty Jiangxia (loses none)."""
    game = movement(
        yanzhou={"armies": {"cao-cao": 40}, "characters": ["cao-cao", "cao-ren"]},
        xuchang=None,
        luoyang={"armies": {"cao-cao": 1}},
        changan={"armies": {"dong-zhuo": 5}, "characters": ["dong-zhuo"]},
    )
    lines = game.act("blue", move("yanzhou", ["luoyang", "changan"], ["cao-cao"], 12,
                                  drop={"cao-cao": 3}))
    assert "  crossing the mountain into Chang'an 長安 with 9 armies costs 3 by the " \
           "Attrition table (4.5.1(B))" in lines
    assert game.armies("luoyang", "cao-cao") == 4 and game.armies("changan", "cao-cao") == 6
    # The armies lost did not move on: the 6 left in Chang'an are the ones marked as moved.
    assert game.turn()["moved"]["changan"] == {"cao-cao": 6}
    lines = game.act("blue", move("yanzhou", ["qingzhou"], ["cao-ren"], 26))
    assert "  Cao Cao 曹操 loses 8 to attrition (4.5.1(B))" in lines
    assert game.armies("qingzhou", "cao-cao") == 18 and game.armies("yanzhou", "cao-cao") == 2

    small = movement(nanyang={"armies": {"cao-cao": 3}, "characters": ["xiahou-dun"]},
                     shouchun={"armies": {"yuan-shu": 10}, "characters": ["yuan-shu"]})
    lines = small.act("blue", move("nanyang", ["jiangxia"], ["xiahou-dun"], 2))
    assert lines[1:] == ["» Jiangxia 江夏 passes to Cao Cao 曹操 (Blue Dragon) (6)"]
    assert small.armies("jiangxia", "cao-cao") == 2


@pytest.mark.rule("4.5.2")
def test_boats_character_anywhere_in_group_uses_boats_column() -> None:
    """A great river costs attrition like a mountain, but a group that has a character
    with the Boats ability reads the Boats column; Boats does not help on mountains.
    Xiahou Dun takes 9 armies over the river into empty Ye and loses 3; Cao Cao with Gan
    Ning (Boats) takes 9 over the river into empty Pingyuan and loses 1. Gan Ning leading 9
    over the mountain into Qingzhou loses 3."""
    game = movement(yanzhou={"armies": {"cao-cao": 30}, "characters": ["cao-cao", "xiahou-dun"]},
                    pingyuan=None, characters=GAN_NING)
    lines = game.act("blue", move("yanzhou", ["ye"], ["xiahou-dun"], 9))
    assert lines[1:] == [
        "  crossing the river into Ye 鄴 with 9 armies costs 3 by the Attrition table (4.5.2)",
        "  Cao Cao 曹操 loses 3 to attrition (4.5.2)",
        "» Ye 鄴 passes to Cao Cao 曹操 (Blue Dragon) (6)"]
    assert game.armies("ye", "cao-cao") == 6
    lines = game.act("blue", move("yanzhou", ["pingyuan"], ["cao-cao", "gan-ning"], 9))
    assert lines[1:] == [
        "  crossing the river into Pingyuan 平原 with 9 armies costs 1 by the Attrition Boats "
        "column (4.5.2)",
        "  Cao Cao 曹操 loses 1 to attrition (4.5.2)",
        "» Pingyuan 平原 passes to Cao Cao 曹操 (Blue Dragon) (6)"]
    assert game.armies("pingyuan", "cao-cao") == 8

    mountain = movement(yanzhou={"armies": {"cao-cao": 30}, "characters": ["cao-cao"]},
                        characters=GAN_NING)
    mountain.act("blue", move("yanzhou", ["qingzhou"], ["gan-ning"], 9))
    assert mountain.armies("qingzhou", "cao-cao") == 6


def joint(faction: bool = True, **areas: Any) -> Game:
    """Cao Cao's and Liu Bei's pieces together in Yanzhou; Cao Cao is active."""
    together = {"armies": {"cao-cao": 10, "liu-bei": 6},
                "characters": ["cao-cao", "xiahou-dun", "liu-bei", "guan-yu"]}
    areas.setdefault("yanzhou", together)
    areas.setdefault("pingyuan", {"armies": {"liu-bei": 10}, "characters": ["zhang-fei"]})
    return movement(faction=faction, **areas)


@pytest.mark.rule("4.5.3(A)")
def test_faction_chit_lets_friendly_pieces_join_with_own_leader() -> None:
    """Under a faction chit, friendly pieces in the same area may move with the active
    kingdom's group, each kingdom's armies led by one of its own characters with command
    1 or more; Liu Bei's pieces elsewhere cannot move on their own. Cao Cao and Guan Yu take
    4 Cao Cao and 3 Liu Bei armies to Xuchang. Under Cao Cao's own chit, Guan Yu may not
    go along."""
    game = joint()
    offer = move_offer(game, "yanzhou")
    assert sorted(offer["characters"]) == ["cao-cao", "guan-yu", "liu-bei", "xiahou-dun"]
    assert offer["armies"] == 10 and offer["armies.liu-bei"] == 6
    game.refuse("blue", move("yanzhou", ["xuchang"], ["cao-cao"], {"cao-cao": 3, "liu-bei": 3}),
                rule="4.5.3(A)")
    game.refuse("blue", move("yanzhou", ["xuchang"], ["guan-yu"], 0, **{"armies.liu-bei": 3}),
                rule="4.5.3(A)")
    game.refuse("blue", move("pingyuan", ["qingzhou"], ["zhang-fei"], 0, **{"armies.liu-bei": 3}),
                rule="4.5.3(A)")
    game.act("blue", move("yanzhou", ["xuchang"], ["cao-cao", "guan-yu"], 4,
                          **{"armies.liu-bei": 3}))
    assert game.where("cao-cao") == "xuchang" and game.where("guan-yu") == "xuchang"
    assert game.armies("xuchang", "cao-cao") == 6 and game.armies("xuchang", "liu-bei") == 3
    assert game.armies("yanzhou", "liu-bei") == 3 and game.where("liu-bei") == "yanzhou"

    own_chit = joint(faction=False)
    assert sorted(move_offer(own_chit, "yanzhou")["characters"]) == ["cao-cao", "xiahou-dun"]
    own_chit.refuse("blue", move("yanzhou", ["xuchang"], ["cao-cao", "guan-yu"], 4,
                                 **{"armies.liu-bei": 3}), rule="4.5.3(A)")


@pytest.mark.rule("6")
@pytest.mark.rule("4.5.3(A)")
def test_player_names_who_holds_an_empty_area_entered_together() -> None:
    """When kingdoms of one player enter an empty area together, their player says which
    of them controls it, as after a joint win (6(C)); by default the active kingdom, not
    whichever the action happens to list first. Into empty Qiao, Liu Bei's armies listed
    first: Cao Cao holds it. Into empty Xuzhou Blue names Liu Bei, who holds it. Naming a
    kingdom that does not move is refused."""
    game = joint(yanzhou={"armies": {"cao-cao": 10, "liu-bei": 6},
                          "characters": ["cao-cao", "xiahou-dun", "liu-bei", "guan-yu"]})
    game.act("blue", move("yanzhou", ["qiao"], ["cao-cao", "guan-yu"],
                          {"liu-bei": 3, "cao-cao": 2}))
    assert game.controller("qiao") == "cao-cao"
    assert move_offer(game, "yanzhou")["control"] == ["cao-cao", "liu-bei"]
    game.refuse("blue", move("yanzhou", ["xuzhou"], ["xiahou-dun"], 2, control="liu-bei"),
                rule="6")
    game.act("blue", move("yanzhou", ["xuzhou"], ["xiahou-dun", "liu-bei"], 2,
                          **{"armies.liu-bei": 2}, control="liu-bei"))
    assert game.controller("xuzhou") == "liu-bei"
    assert game.armies("xuzhou", "cao-cao") == 2 and game.armies("xuzhou", "liu-bei") == 2


@pytest.mark.rule("4.5.3(B)")
def test_joint_move_attrition_pooled_and_owner_picks_losses() -> None:
    """Armies of several kingdoms crossing together are counted as one force for
    attrition, and their player chooses whose armies are lost. 5 Cao Cao and 4 Liu Bei
    armies cross the mountain into empty Qingzhou: 9 together lose 3 (each alone would
    lose only 1), and Blue takes 1 from Cao Cao and 2 from Liu Bei."""
    game = joint()
    game.refuse("blue", move("yanzhou", ["qingzhou"], ["cao-cao", "guan-yu"], 5,
                             **{"armies.liu-bei": 4}, losses={"liu-bei": 2}), rule="4.5.3(B)")
    game.refuse("blue", move("yanzhou", ["qingzhou"], ["cao-cao", "guan-yu"], 5,
                             **{"armies.liu-bei": 4}, losses={"liu-bei": 5, "cao-cao": -2}),
                rule="4.5.3(B)")
    lines = game.act("blue", move("yanzhou", ["qingzhou"], ["cao-cao", "guan-yu"], 5,
                                  **{"armies.liu-bei": 4}, losses={"cao-cao": 1, "liu-bei": 2}))
    assert lines[1:] == [
        "  crossing the mountain into Qingzhou 青州 with 9 armies costs 3 by the Attrition "
        "table (4.5.1(B))",
        "  Cao Cao 曹操 loses 1 to attrition (4.5.3(B))",
        "  Liu Bei 劉備 loses 2 to attrition (4.5.3(B))",
        "» Qingzhou 青州 passes to Cao Cao 曹操 (Blue Dragon) (6)"]
    assert game.armies("qingzhou", "cao-cao") == 4 and game.armies("qingzhou", "liu-bei") == 2
