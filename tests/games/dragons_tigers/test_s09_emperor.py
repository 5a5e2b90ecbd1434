"""Section 9, Emperor Xian: scenario tests."""

from __future__ import annotations

from typing import Any

import pytest

from tests.games.dragons_tigers.kit import Game, home_ground, two_players

# Blue: Cao Cao (main), Liu Bei, Sun Wu. White: Yuan Shao (main), Yuan Shu, Gongsun Zan.
# Neutral: Liu Biao and Ma Teng (Liu Zhang is off the map).
KINGDOMS = two_players(["cao-cao", "liu-bei", "sun-wu"],
                       ["yuan-shao", "yuan-shu", "gongsun-zan"])
XUN_YU = {"xun-yu": {"at": "yanzhou", "kingdom": "cao-cao", "recruited": True}}


def pieces(**extra: Any) -> dict[str, Any]:
    """Every kingdom at home, and Cao Ren with 6 Cao Cao armies in Xuchang."""
    return home_ground(**{"xuchang": {"armies": {"cao-cao": 6}, "characters": ["cao-ren"]},
                          **extra})


def game_at(phase: str, emperor: str = "xuchang", kingdom: str = "cao-cao",
            faction: bool = False, control: dict[str, str] | None = None,
            **areas: Any) -> Game:
    scenario: dict[str, Any] = {"kingdoms": KINGDOMS, "pieces": pieces(**areas),
                                "characters": XUN_YU, "emperor": emperor,
                                "turn": {"kingdom": kingdom, "phase": phase,
                                         "faction": faction}}
    if control:
        scenario["control"] = control
    return Game(scenario)


def negotiate(who: str, target: str) -> dict[str, Any]:
    return {"do": "negotiate", "character": who, "target": target}


@pytest.mark.rule("9(A)")
def test_emperor_follows_control_of_his_area() -> None:
    """Whoever controls the area the Emperor stands in controls him too. He starts in
    Luoyang under Dong Zhuo; standing in empty Qiao he belongs to nobody until Xiahou Dun
    marches in with 2 armies, and then he is Cao Cao's (Blue's); Cao Cao's pieces in
    Xuchang may take him along only while he stands there."""
    start = Game({"kingdoms": KINGDOMS})
    assert start.state["emperor"] == "luoyang"
    assert start.t.emperor_holder() == "dong-zhuo"

    game = game_at("movement", emperor="qiao")
    assert game.t.emperor_holder() is None
    assert all(spec.fixed["from"] != "qiao" for spec in game.prompt().actions
               if spec.verb == "move")
    game.act("blue", {"do": "move", "from": "yanzhou", "to": ["qiao"],
                      "characters": ["xiahou-dun"], "armies": 2})
    assert game.controller("qiao") == "cao-cao"
    assert game.t.emperor_holder() == "cao-cao"
    assert game.owner(str(game.t.emperor_holder())) == "blue"

    held = game_at("movement", emperor="xuchang")
    params = {spec.fixed["from"]: [p.name for p in spec.params]
              for spec in held.prompt().actions if spec.verb == "move"}
    assert "emperor" in params["xuchang"] and "emperor" not in params["yanzhou"]


@pytest.mark.rule("9(B)")
def test_decree_rerolls_once_per_turn_for_five_armies() -> None:
    """The warlord controlling the Emperor may use the Imperial Decree once in his turn,
    and only while the Emperor is in Luoyang, Chang'an or Xuchang. With the Emperor in his
    Xuchang, Cao Cao fails to win over Liu Biao (roll 4), decrees and succeeds on the
    reroll (2); Xun Yu's later failure gets no Decree. With the Emperor in Yanzhou, or held
    by Dong Zhuo in Luoyang, no Decree is offered."""
    game = game_at("diplomacy")
    game.act("blue", negotiate("cao-cao", "liu-biao"), 4)
    prompt = game.prompt()
    assert prompt.role == "blue" and prompt.step == "imperial-decree"
    assert [a["do"] for a in game.offered()] == ["decree", "no-decree"]
    game.refuse("blue", negotiate("xun-yu", "ma-teng"), rule="9(C)")
    lines = game.act("blue", {"do": "decree", "from": {"yanzhou": 2, "xuchang": 3}}, 2)
    assert lines == [
        "Imperial Decree: Blue Dragon offers 5 armies (2 in Yanzhou 兗州, 3 in Xuchang 許昌) "
        "and rolls again (9(C))",
        "» Cao Cao 曹操, diplomacy 2, rolls 2: Liu Biao 劉表 becomes an ally of Blue Dragon "
        "(4.3(A))"]
    assert game.owner("liu-biao") == "blue"
    assert game.armies("yanzhou", "cao-cao") == 8 and game.armies("xuchang", "cao-cao") == 3
    game.act("blue", negotiate("xun-yu", "ma-teng"), 5)
    assert game.prompt().step == "diplomacy"
    game.refuse("blue", {"do": "decree"}, rule="9(B)")
    assert game.owner("ma-teng") is None

    elsewhere = game_at("diplomacy", emperor="yanzhou")
    elsewhere.act("blue", negotiate("cao-cao", "liu-biao"), 4)
    assert elsewhere.prompt().step == "diplomacy"
    elsewhere.refuse("blue", {"do": "decree"}, rule="9(B)")

    not_his = game_at("diplomacy", emperor="changan")
    not_his.act("blue", negotiate("cao-cao", "liu-biao"), 4)
    assert not_his.prompt().step == "diplomacy"
    not_his.refuse("blue", {"do": "decree"}, rule="9(A)")


@pytest.mark.rule("9(C)")
def test_decree_rerolls_failed_betrayal_check_for_five_armies() -> None:
    """After a failed diplomacy roll or betrayal check, the Emperor's controller may give
    up 5 armies from the map to roll again. Cao Cao attacks White's Yuan Shu in Nanyang;
    his betrayal check (2+1 = 3 against diplomacy 2) fails; he offers 5 armies from Yanzhou,
    rerolls 1 (1+1 = 2) and Yuan Shu changes sides, ending the combat. Offering 4 armies is
    refused, and a player with only 4 armies on the map cannot use the Decree at all."""
    game = game_at("combat",
                   nanyang={"armies": {"cao-cao": 8, "yuan-shu": 4},
                            "characters": ["cao-cao", "ji-ling"]},
                   yanzhou={"armies": {"cao-cao": 10}, "characters": ["xiahou-dun"]})
    game.advance()
    assert game.offered("check") == [
        {"do": "check", "character": "cao-cao", "target": "yuan-shu"}]
    lines = game.act("blue", {"do": "check", "character": "cao-cao", "target": "yuan-shu"}, 2)
    assert lines == ["  Cao Cao 曹操, diplomacy 2, rolls 2+1=3: the betrayal check fails "
                     "(5.1(A))"]
    assert game.prompt().step == "imperial-decree"
    game.refuse("blue", {"do": "decree", "from": {"yanzhou": 4}}, rule="9(C)")
    game.refuse("blue", {"do": "decree", "from": {"yanzhou": 5}, "from.xuchang": 1},
                rule="9(C)")
    lines = game.act("blue", {"do": "decree", "from.yanzhou": 5}, 1)
    assert lines[:2] == [
        "  Imperial Decree: Blue Dragon offers 5 armies (5 in Yanzhou 兗州) and rolls again "
        "(9(C))",
        "  » Cao Cao 曹操, diplomacy 2, rolls 1+1=2: Yuan Shu 袁術 changes sides and joins Blue "
        "Dragon (5.1(A))"]
    assert game.armies("yanzhou", "cao-cao") == 5 and game.armies("xuchang", "cao-cao") == 6
    assert game.owner("yuan-shu") == "blue"
    assert game.armies("nanyang", "yuan-shu") == 4 and game.armies("nanyang", "cao-cao") == 8
    assert game.kingdom_of("ji-ling") == "yuan-shu"
    assert game.prompt().step == "end-turn"

    poor = game_at("diplomacy", yanzhou={"armies": {"cao-cao": 2}, "characters": ["cao-cao"]},
                   xuchang={"armies": {"cao-cao": 2}, "characters": ["cao-ren"]},
                   pingyuan=None, changsha=None)
    poor.act("blue", negotiate("cao-cao", "liu-biao"), 4)
    assert poor.prompt().step == "diplomacy"
    poor.refuse("blue", {"do": "decree"}, rule="9(C)")


@pytest.mark.rule("9(B)")
@pytest.mark.rule("9(C)")
def test_decree_only_in_the_turn_of_the_kingdom_that_holds_the_emperor() -> None:
    """The Decree is the tool of the warlord who controls the Emperor, in his own turn
    (9(B)); the player pays with any 5 of his armies (9(C)). The Emperor stands in Cao
    Cao's Xuchang. In Liu Bei's turn (Blue's ally) Liu Bei fails to win over Liu Biao (4)
    and no Decree is offered: a request is refused under 9(B). In Cao Cao's turn Cao Cao
    fails the same roll (4), Blue decrees, paying with 5 of Liu Bei's armies in Pingyuan,
    and the reroll (1) succeeds. Once the Emperor has fled out of the three capitals the
    Decree is refused under 9(C)."""
    ally = game_at("diplomacy", kingdom="liu-bei")
    ally.act("blue", negotiate("liu-bei", "liu-biao"), 4)
    assert ally.prompt().step == "diplomacy"
    error = ally.refuse("blue", {"do": "decree"}, rule="9(B)")
    assert "turn of the warlord who controls him" in error.message

    game = game_at("diplomacy", kingdom="cao-cao")
    game.act("blue", negotiate("cao-cao", "liu-biao"), 4)
    assert game.prompt().step == "imperial-decree"
    lines = game.act("blue", {"do": "decree", "from": {"pingyuan": 5}}, 1)
    assert lines[0] == ("Imperial Decree: Blue Dragon offers 5 armies (5 in Pingyuan 平原) and "
                        "rolls again (9(C))")
    assert game.owner("liu-biao") == "blue"
    assert game.armies("xuchang", "cao-cao") == 6 and game.armies("pingyuan", "liu-bei") == 5

    fled = Game({"kingdoms": KINGDOMS, "pieces": pieces(), "characters": XUN_YU,
                 "emperor": "yanzhou", "emperor_fled": True,
                 "turn": {"kingdom": "cao-cao", "phase": "diplomacy"}})
    fled.act("blue", negotiate("cao-cao", "liu-biao"), 4)
    assert fled.prompt().step == "diplomacy"
    error = fled.refuse("blue", {"do": "decree"}, rule="9(C)")
    assert "has fled" in error.message


@pytest.mark.rule("9(D)")
def test_emperor_moves_only_with_controlling_kingdom_character() -> None:
    """The Emperor moves only in the movement phase of the kingdom that controls him, with
    that kingdom's own group. Cao Cao takes him from Xuchang to Qiao; later in Blue's
    faction turn for Liu Bei, neither Liu Bei nor Cao Ren going along with Liu Bei may take
    him out of Cao Cao's Xuchang. The warlord himself need not escort him (rules-notes 25):
    in Cao Cao's turn Cao Ren alone may take him from Xuchang."""
    game = game_at("movement",
                   xuchang={"armies": {"cao-cao": 6}, "characters": ["cao-cao", "cao-ren"]})
    lines = game.act("blue", {"do": "move", "from": "xuchang", "to": ["qiao"],
                              "characters": ["cao-cao"], "armies": 3, "emperor": True})
    assert lines[1:] == ["  Emperor Xian goes with them to Qiao 譙 (9(D))",
                         "» Qiao 譙 passes to Cao Cao 曹操 (Blue Dragon), and Emperor Xian with "
                         "it (6)"]
    assert game.state["emperor"] == "qiao"
    assert game.t.emperor_holder() == "cao-cao"
    game.act("blue", {"do": "move", "from": "xuchang", "to": ["qiao"],
                      "characters": ["cao-ren"], "armies": 1})
    assert game.state["emperor"] == "qiao"

    liu = game_at("movement", kingdom="liu-bei", faction=True,
                  xuchang={"armies": {"cao-cao": 6, "liu-bei": 4},
                           "characters": ["cao-ren", "liu-bei"]},
                  pingyuan={"armies": {"liu-bei": 10}, "characters": ["guan-yu"]},
                  control={"xuchang": "cao-cao"})
    assert liu.t.emperor_holder() == "cao-cao"
    names = [p.name for spec in liu.prompt().actions if spec.verb == "move"
             and spec.fixed["from"] == "xuchang" for p in spec.params]
    assert "emperor" not in names
    liu.refuse("blue", {"do": "move", "from": "xuchang", "to": ["qiao"],
                        "characters": ["liu-bei"], "armies": 2, "emperor": True}, rule="9(D)")
    liu.refuse("blue", {"do": "move", "from": "xuchang", "to": ["qiao"],
                        "characters": ["liu-bei", "cao-ren"], "armies": 2,
                        "armies.cao-cao": 2, "emperor": True}, rule="9(D)")
    liu.act("blue", {"do": "move", "from": "xuchang", "to": ["qiao"],
                     "characters": ["liu-bei", "cao-ren"], "armies": 2, "armies.cao-cao": 2})
    assert liu.state["emperor"] == "xuchang" and liu.where("cao-ren") == "qiao"

    escort = game_at("movement", xuchang={"armies": {"cao-cao": 6}, "characters": ["cao-ren"]})
    escort.act("blue", {"do": "move", "from": "xuchang", "to": ["qiao"],
                        "characters": ["cao-ren"], "armies": 3, "emperor": True})
    assert escort.state["emperor"] == "qiao"


@pytest.mark.rule("9(E)")
def test_winner_of_combat_in_emperors_area_gains_him() -> None:
    """Whoever wins a combat in the Emperor's area controls him afterwards. Cao Cao
    attacks Dong Zhuo's 2 armies in Luoyang: Xiahou Dun's valor roll of 2 wipes them out and
    Cao Cao gains the Emperor. Attacking White's Xuchang with 1 army, Cao Ren misses (6),
    Wen Chou hits (1), Cao Ren escapes capture (5) and falls back: Yuan Shao keeps him."""
    game = game_at("combat", emperor="luoyang", control={"luoyang": "dong-zhuo"},
                   luoyang={"armies": {"cao-cao": 10, "dong-zhuo": 2},
                            "characters": ["cao-cao", "xiahou-dun"]},
                   yanzhou={"armies": {"cao-cao": 10}, "characters": ["cao-ren"]})
    assert game.t.emperor_holder() == "dong-zhuo"
    lines = game.advance(2)
    assert "  Cao Cao 曹操 controls Luoyang 洛陽 and Emperor Xian (9(E))" in lines
    assert game.armies("luoyang", "dong-zhuo") == 0 and game.armies("luoyang", "cao-cao") == 10
    assert game.t.emperor_holder() == "cao-cao"
    assert game.state["emperor"] == "luoyang"

    lost = game_at("combat", emperor="xuchang", control={"xuchang": "yuan-shao"},
                   xuchang={"armies": {"cao-cao": 1, "yuan-shao": 3},
                            "characters": ["cao-ren", "wen-chou"]},
                   bohai={"armies": {"yuan-shao": 10}, "characters": ["yuan-shao"]})
    assert lost.t.emperor_holder() == "yuan-shao"
    lines = lost.advance(6, 1, 5)
    assert "  Yuan Shao 袁紹 controls Xuchang 許昌 and Emperor Xian (9(E))" in lines
    assert lost.where("cao-ren") == "yanzhou" and lost.armies("xuchang", "yuan-shao") == 3
    assert lost.t.emperor_holder() == "yuan-shao"
    assert lost.state["emperor"] == "xuchang"
