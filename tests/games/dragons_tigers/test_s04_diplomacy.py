"""4.3 Diplomacy: scenario tests."""

from __future__ import annotations

from typing import Any

import pytest

from tests.games.dragons_tigers.kit import Game, two_players

# Blue: Cao Cao (main), Liu Bei, Sun Wu. White: Yuan Shao (main), Yuan Shu, Gongsun Zan.
# Neutral: Liu Biao (and Liu Zhang, Ma Teng, which are off the map in these scenarios).
KINGDOMS = two_players(["cao-cao", "liu-bei", "sun-wu"],
                       ["yuan-shao", "yuan-shu", "gongsun-zan"])
XUN_YU = {"xun-yu": {"at": "yanzhou", "kingdom": "cao-cao", "recruited": True}}


def pieces(**extra: Any) -> dict[str, Any]:
    """Every kingdom at home, plus neutral Liu Biao holding Xuchang next to Cao Cao."""
    out: dict[str, Any] = {
        "yanzhou": {"armies": {"cao-cao": 10}, "characters": ["cao-cao"]},
        "pingyuan": {"armies": {"liu-bei": 10}, "characters": ["liu-bei"]},
        "changsha": {"armies": {"sun-wu": 10}, "characters": ["sun-jian"]},
        "bohai": {"armies": {"yuan-shao": 10}, "characters": ["yuan-shao", "wen-chou"]},
        "nanyang": {"armies": {"yuan-shu": 10}, "characters": ["yuan-shu"]},
        "youzhou": {"armies": {"gongsun-zan": 10}, "characters": ["gongsun-zan"]},
        "xuchang": {"armies": {"liu-biao": 3}, "characters": ["cai-mao"]},
        "xiangyang": {"armies": {"liu-biao": 10}, "characters": ["liu-biao"]},
        "luoyang": {"armies": {"dong-zhuo": 5}, "characters": ["dong-zhuo"]},
    }
    out.update(extra)
    return out


def diplomacy_turn(kingdom: str = "cao-cao", phase: str = "diplomacy",
                   **extra: Any) -> Game:
    return Game({"kingdoms": KINGDOMS, "pieces": pieces(**extra), "characters": XUN_YU,
                 "turn": {"kingdom": kingdom, "phase": phase}})


@pytest.mark.rule("4.3(A)")
def test_neutral_kingdom_becomes_ally_on_roll_at_or_under_diplomacy() -> None:
    """A negotiator wins a neutral kingdom over when one die shows no more than his
    diplomacy rating; the kingdom then takes the player's Allied marker, its chit goes into
    the pool and its areas count as friendly. Cao Cao (diplomacy 2) rolls 3 and fails;
    Xun Yu (diplomacy 2) rolls 2 and wins over neutral Liu Biao, after which Xun Yu may
    walk alone into Liu Biao's Xuchang and Cao Cao may march through it."""
    game = diplomacy_turn()
    assert {"do": "negotiate", "character": "cao-cao", "target": "liu-biao"} \
        in game.offered("negotiate")
    lines = game.act("blue", {"do": "negotiate", "character": "cao-cao", "target": "liu-biao"},
                     3)
    assert lines == ["Cao Cao 曹操, diplomacy 2, rolls 3: Liu Biao 劉表 is not persuaded "
                     "(4.3(A))"]
    assert game.owner("liu-biao") is None
    assert "chit:liu-biao" not in game.state["pool"]
    # Each character negotiates once.
    game.refuse("blue", {"do": "negotiate", "character": "cao-cao", "target": "liu-biao"},
                rule="4.3")
    # Only neutral kingdoms and the opponent's allied kingdoms can be approached.
    game.refuse("blue", {"do": "negotiate", "character": "xun-yu", "target": "yuan-shao"},
                rule="3.2(A)")
    game.refuse("blue", {"do": "negotiate", "character": "xun-yu", "target": "dong-zhuo"},
                rule="8(B)")
    game.refuse("blue", {"do": "negotiate", "character": "xun-yu", "target": "liu-bei"},
                rule="4.3")
    lines = game.act("blue", {"do": "negotiate", "character": "xun-yu", "target": "liu-biao"},
                     2)
    assert lines == ["» Xun Yu 荀彧, diplomacy 2, rolls 2: Liu Biao 劉表 becomes an ally of "
                     "Blue Dragon (4.3(A))"]
    assert game.owner("liu-biao") == "blue"
    assert game.state["kingdoms"]["liu-biao"]["main"] is False
    assert "chit:liu-biao" in game.state["pool"]
    game.act("blue", "end-diplomacy")
    game.act("blue", "end-levy")
    # Liu Biao's area may now be entered: alone by Xun Yu, and passed through by Cao Cao.
    game.act("blue", {"do": "move", "from": "yanzhou", "to": ["xuchang"],
                      "characters": ["xun-yu"]})
    game.act("blue", {"do": "move", "from": "yanzhou", "to": ["xuchang", "qiao"],
                      "characters": ["cao-cao"], "armies": 4})
    assert game.where("xun-yu") == "xuchang" and game.where("cao-cao") == "qiao"
    assert game.armies("qiao", "cao-cao") == 4 and game.armies("yanzhou", "cao-cao") == 6
    assert game.armies("xuchang", "liu-biao") == 3 and game.controller("xuchang") == "liu-biao"

    # Without the alliance, Xun Yu could not have gone into Xuchang alone.
    before = diplomacy_turn(phase="movement")
    before.refuse("blue", {"do": "move", "from": "yanzhou", "to": ["xuchang"],
                           "characters": ["xun-yu"]}, rule="4.5(B)")


@pytest.mark.rule("4.3(B)")
def test_opposing_ally_turned_neutral_with_plus_one_and_its_chit_ignored() -> None:
    """An opponent's allied kingdom can be made neutral, but 1 is added to the die, and
    the target's own diplomats do not matter; a kingdom made neutral keeps its chit in the
    pool, which gives no turn when pulled. Cao Cao rolls 2 (+1 = 3 > 2) and fails; Xun Yu
    rolls 1 (+1 = 2) and turns White's Yuan Shu neutral. A diplomacy of 1 can never do it."""
    game = diplomacy_turn()
    lines = game.act("blue", {"do": "negotiate", "character": "cao-cao", "target": "yuan-shu"},
                     2)
    assert lines == ["Cao Cao 曹操, diplomacy 2, rolls 2+1=3: Yuan Shu 袁術 is not persuaded "
                     "(4.3(B))"]
    assert game.owner("yuan-shu") == "white"
    lines = game.act("blue", {"do": "negotiate", "character": "xun-yu", "target": "yuan-shu"},
                     1)
    assert lines == ["» Xun Yu 荀彧, diplomacy 2, rolls 1+1=2: Yuan Shu 袁術 leaves White Tiger "
                     "and becomes neutral (4.3(B))"]
    assert game.owner("yuan-shu") is None
    assert game.state["kingdoms"]["yuan-shu"]["main"] is False
    assert game.armies("nanyang", "yuan-shu") == 10
    for verb in ("end-diplomacy", "end-levy", "end-movement"):
        game.act("blue", verb)
    pool = list(game.state["pool"])
    assert "chit:yuan-shu" in pool
    # The turn ends; the next pull is Yuan Shu's chit, which is set aside, then Blue's
    # (a pull draws a position in the pool, counted from 1).
    first = pool.index("chit:yuan-shu") + 1
    pool.remove("chit:yuan-shu")
    second = pool.index("chit:blue") + 1
    lines = game.act("blue", "end-turn", first, second)
    skipped = [line for line in lines if line.startswith("The chit of Yuan Shu 袁術 is pulled "
                                                         "but gives no turn")]
    assert len(skipped) == 1 and skipped[0].endswith("(4.3(B))")
    assert "chit:yuan-shu" in game.state["drawn"]
    assert game.prompt().role == "blue" and game.step()["step"] == "activate"

    # Sun Jian (diplomacy 1) may try a neutral kingdom, never an opposing ally.
    sun = diplomacy_turn(kingdom="sun-wu")
    assert sun.offered("negotiate") == [
        {"do": "negotiate", "character": "sun-jian", "target": "liu-biao"}]
    sun.refuse("blue", {"do": "negotiate", "character": "sun-jian", "target": "yuan-shu"},
               rule="4.3(B)")


@pytest.mark.rule("4.3(C)")
def test_neutralised_ally_fights_former_friends_at_once_in_chosen_order() -> None:
    """When an allied kingdom is made neutral, every area where it stands with armies of
    its former friends is fought out straight away, in the order the active player picks;
    then diplomacy goes on. Yuan Shu, made neutral, shares Nanyang with Gongsun Zan's 1
    army and Xuchang with Yuan Shao's 2 armies, and his retainer Zhang Xun stands alone with
    Yuan Shao's 2 armies in Qiao. Blue has Nanyang fought first, then Xuchang; Yuan Shu
    wins both of his attacks, and Zhang Xun, with no armies, is overrun in Qiao."""
    game = diplomacy_turn(
        nanyang={"armies": {"yuan-shu": 5, "gongsun-zan": 1}, "characters": ["yuan-shu"]},
        xuchang={"armies": {"yuan-shu": 3, "yuan-shao": 2},
                 "characters": ["ji-ling", "wen-chou"]},
        qiao={"armies": {"yuan-shao": 2}, "characters": ["zhang-xun"]},
        xiangyang={"armies": {"liu-biao": 10}, "characters": ["liu-biao", "cai-mao"]},
    )
    game.act("blue", {"do": "negotiate", "character": "cao-cao", "target": "yuan-shu"}, 1)
    prompt = game.prompt()
    assert prompt.role == "blue" and prompt.rule == "4.3(C)"
    assert game.offered() == [
        {"do": "fight", "area": "qiao", "against": "k:yuan-shu"},
        {"do": "fight", "area": "nanyang", "against": "white"},
        {"do": "fight", "area": "xuchang", "against": "white"},
    ]
    game.refuse("white", {"do": "fight", "area": "nanyang", "against": "white"})
    game.refuse("blue", {"do": "fight", "area": "bohai", "against": "white"}, rule="4.3(C)")
    # Nanyang: Yuan Shu's valor roll of 1 hits once and wipes out Gongsun Zan's army.
    lines = game.act("blue", {"do": "fight", "area": "nanyang", "against": "white"}, 1)
    assert game.prompt().role == "blue"
    assert game.offered() == [
        {"do": "fight", "area": "qiao", "against": "k:yuan-shu"},
        {"do": "fight", "area": "xuchang", "against": "white"},
    ]
    # Xuchang: valor Ji Ling 6 and Wen Chou 6 miss; battle round 1, Yuan Shu's 3 dice
    # [1 1 6] hit twice at command 2, White's 2 dice [6 6] miss; Wen Chou escapes capture
    # on a 3 and relocates to Bohai. Qiao, the last, follows by itself: Zhang Xun has no
    # armies and loses at once; he escapes capture on a 3 and relocates to Nanyang, Yuan
    # Shu's largest stack.
    lines += game.act("blue", {"do": "fight", "area": "xuchang", "against": "white"},
                      6, 6, 1, 1, 6, 6, 6, 3, 3)
    headings = [line for line in lines if line.startswith("Combat in")]
    assert headings == [
        "Combat in Nanyang 南陽: Yuan Shu (neutral) attacks White Tiger (Gongsun Zan) (5)",
        "Combat in Xuchang 許昌: Yuan Shu (neutral) attacks White Tiger (Yuan Shao) (5)",
        "Combat in Qiao 譙: White Tiger (Yuan Shao) attacks Yuan Shu (neutral) (5)",
    ]
    assert "  Gongsun Zan 公孫瓚 loses 1 army (5.4(C))" in lines
    assert game.armies("nanyang", "yuan-shu") == 5 and game.armies("nanyang", "gongsun-zan") == 0
    assert game.armies("xuchang", "yuan-shu") == 3 and game.armies("xuchang", "yuan-shao") == 0
    assert game.controller("xuchang") == "yuan-shu" and game.controller("qiao") == "yuan-shao"
    assert game.where("wen-chou") == "bohai" and game.where("zhang-xun") == "nanyang"
    # Diplomacy continues: Xun Yu may still negotiate, and Yuan Shu is now a neutral target.
    assert game.step()["step"] == "turn" and game.turn()["phase"] == "diplomacy"
    assert {"do": "negotiate", "character": "xun-yu", "target": "yuan-shu"} \
        in game.offered("negotiate")
