"""Section 8, the Traitorous kingdoms: scenario tests."""

from __future__ import annotations

from typing import Any

import pytest

from pbem.engine import Log
from pbem.games.dragons_tigers.rules import s07_victory
from pbem.games.dragons_tigers.table import Table
from tests.games.dragons_tigers.kit import Game, two_players
from tests.games.dragons_tigers.kit import position as kit_position


def position(pieces: dict[str, Any], kingdom: str = "cao-cao", phase: str = "combat",
             player: str | None = None, **extra: Any) -> Game:
    """The kit's position, with the Emperor in Xuchang."""
    return kit_position(pieces, kingdom, phase, player, emperor="xuchang", **extra)


def said(game: Game, rule: str) -> list[str]:
    return [e.text for e in game.log.entries if e.rule == rule]


@pytest.mark.rule("8")
def test_no_betrayal_check_against_traitorous_and_combat_is_compulsory() -> None:
    """No betrayal or alliance check can be made against a Traitorous kingdom, and a
    player's armies sharing an area with Traitorous armies must fight them. Cao Cao
    (diplomacy 2) faces Dong Zhuo's armies in Luoyang: no check is offered, the combat
    is fought straight away."""
    game = position({
        "luoyang": {"armies": {"cao-cao": 4, "dong-zhuo": 2},
                    "characters": ["cao-cao", "hua-xiong"]},
        "changan": {"armies": {"dong-zhuo": 5}, "characters": ["dong-zhuo"]},
    }, control={"luoyang": "dong-zhuo"})
    # Valor: Cao Cao 6, Hua Xiong 6; battle: [1 1 6 6] against [6 6]; Hua Xiong's
    # capture check 6: he escapes to Chang'an.
    game.advance(6, 6, 1, 1, 6, 6, 6, 6, 6)
    assert said(game, "5.1(A)") == []
    assert said(game, "5")[0].startswith("Combat in Luoyang 洛陽: Blue Dragon (Cao Cao) attacks "
                                         "Dong Zhuo (Traitorous)")
    assert game.armies("luoyang", "dong-zhuo") == 0 and game.controller("luoyang") == "cao-cao"
    assert game.where("hua-xiong") == "changan"


@pytest.mark.rule("8")
def test_two_traitorous_kingdoms_fight_each_other() -> None:
    """The Traitorous kingdoms are not friends of one another (rules-notes 27): Dong
    Zhuo's armies, active in Hanzhong beside Zhang Lu's, must fight them."""
    game = position({
        "hanzhong": {"armies": {"dong-zhuo": 4, "zhang-lu": 1}, "characters": ["hua-xiong"]},
        "changan": {"armies": {"dong-zhuo": 5}, "characters": ["dong-zhuo"]},
        "ba": {"armies": {"zhang-lu": 3}, "characters": ["zhang-lu"]},
    }, kingdom="dong-zhuo", control={"hanzhong": "zhang-lu"})
    # Valor: Hua Xiong 6; battle: [1 6 6 6] against [6].
    game.advance(6, 1, 6, 6, 6, 6)
    assert said(game, "5")[0] == ("Combat in Hanzhong 漢中: Dong Zhuo (Traitorous) attacks "
                                  "Zhang Lu (Traitorous)")
    assert game.armies("hanzhong", "zhang-lu") == 0 and game.controller("hanzhong") == "dong-zhuo"


@pytest.mark.rule("5(C)")
def test_defending_neutral_and_traitorous_run_by_opponent() -> None:
    """When a Traitorous kingdom is attacked, the active player's opponent takes its
    decisions for the whole combat; the project extends this to neutral kingdoms
    (rules-notes 28). Blue attacks Dong Zhuo in Luoyang, then neutral Ma Teng in
    Xuchang; each time White, whose standing order asks, decides on the retreat."""
    game = position({
        "luoyang": {"armies": {"cao-cao": 5, "dong-zhuo": 3},
                    "characters": ["cao-cao", "dong-zhuo"]},
        "changan": {"armies": {"dong-zhuo": 5}, "characters": ["li-ru"]},
    }, control={"luoyang": "dong-zhuo"}, orders={"white": {"proxy": "ask"}})
    # Valor: Cao Cao 6, Dong Zhuo 6; round 1: [6 6 6 6 6] against [6 6 6].
    game.advance(6, 6, 6, 6, 6, 6, 6, 6, 6, 6)
    prompt = game.prompt()
    assert prompt.role == "white" and prompt.step == "retreat"
    assert {"do": "retreat", "to": "changan"} in game.offered("retreat")
    game.refuse("blue", {"do": "retreat", "to": "changan"})
    game.act("white", {"do": "retreat", "to": "changan"})
    assert game.where("dong-zhuo") == "changan" and game.armies("changan", "dong-zhuo") == 8
    assert game.controller("luoyang") == "cao-cao"

    game = position({
        "xuchang": {"armies": {"cao-cao": 5, "ma-teng": 3}, "characters": ["cao-cao", "ma-teng"]},
        "liangzhou": {"armies": {"ma-teng": 5}},
    }, control={"xuchang": "ma-teng"}, orders={"white": {"proxy": "ask"}})
    game.advance()
    # No alliance check; valor: Cao Cao 6, Ma Teng 6; round 1: [6 6 6 6 6] against
    # [6 6 6].
    game.act("blue", "no-check", 6, 6, 6, 6, 6, 6, 6, 6, 6, 6)
    prompt = game.prompt()
    assert prompt.role == "white" and prompt.step == "retreat"
    # Round 2: [1 1 1 6 6] against [6 6 6]; Ma Teng goes to his armies in Liangzhou.
    game.act("white", "fight-on", 1, 1, 1, 6, 6, 6, 6, 6)
    assert game.armies("xuchang", "ma-teng") == 0
    assert game.where("ma-teng") == "liangzhou"


@pytest.mark.rule("8(A)")
def test_traitorous_chit_holder_picks_which_traitorous_kingdom_moves() -> None:
    """The player who gets a Traitorous chit chooses one of the Traitorous kingdoms to
    run for that turn; Li Jue's (Dong Zhuo's) and Lü Bu's kingdoms are separate choices.
    After Blue's turn the chit goes to White, who may pick Dong Zhuo, Zhang Lu or Lü Bu
    and picks Lü Bu."""
    game = position({
        "changan": {"armies": {"dong-zhuo": 5}, "characters": ["dong-zhuo"]},
        "hanzhong": {"armies": {"zhang-lu": 5}, "characters": ["zhang-lu"]},
        "xuzhou": {"armies": {"lu-bu": 10}, "characters": ["lu-bu-warlord"]},
        "yanzhou": {"armies": {"cao-cao": 5}, "characters": ["cao-cao"]},
    }, round=2, phase="end")
    pull = game.state["pool"].index("chit:traitorous-1") + 1
    game.act("blue", "end-turn", pull)
    assert game.prompt().role == "white" and game.prompt().step == "activate"
    assert game.offered("activate") == [{"do": "activate", "kingdom": "dong-zhuo"},
                                        {"do": "activate", "kingdom": "zhang-lu"},
                                        {"do": "activate", "kingdom": "lu-bu"}]
    game.refuse("white", {"do": "activate", "kingdom": "yuan-shao"}, rule="8(A)")
    game.refuse("blue", {"do": "activate", "kingdom": "lu-bu"})
    # Lü Bu's turn opens with its Mandate roll: 1, north, to Bountiful Harvest.
    game.act("white", {"do": "activate", "kingdom": "lu-bu"}, 1)
    turn = game.turn()
    assert (turn["kingdom"], turn["player"]) == ("lu-bu", "white")
    assert turn["harvest"] and game.prompt().role == "white"


@pytest.mark.rule("8(A)")
def test_traitorous_chit_may_pick_same_kingdom_twice() -> None:
    """Nothing stops a Traitorous kingdom from being picked again in the same round
    (rules-notes 11). White has just run Lü Bu's turn; the second Traitorous chit goes
    to Blue, who picks Lü Bu once more."""
    game = position({
        "changan": {"armies": {"dong-zhuo": 5}, "characters": ["dong-zhuo"]},
        "hanzhong": {"armies": {"zhang-lu": 5}, "characters": ["zhang-lu"]},
        "xuzhou": {"armies": {"lu-bu": 10}, "characters": ["lu-bu-warlord"]},
        "yanzhou": {"armies": {"cao-cao": 5}, "characters": ["cao-cao"]},
    }, round=2, kingdom="lu-bu", phase="end", player="white")
    assert "chit:traitorous-1" in game.state["drawn"]
    pull = game.state["pool"].index("chit:traitorous-2") + 1
    game.act("white", "end-turn", pull)
    assert game.prompt().role == "blue"
    assert {"do": "activate", "kingdom": "lu-bu"} in game.offered("activate")
    game.act("blue", {"do": "activate", "kingdom": "lu-bu"}, 1)
    turn = game.turn()
    assert (turn["kingdom"], turn["player"]) == ("lu-bu", "blue")


@pytest.mark.rule("8(B)")
def test_traitorous_kingdoms_are_no_target_for_diplomacy() -> None:
    """Traitorous kingdoms can never be negotiated with. In Cao Cao's diplomacy phase
    his diplomacy 2 may be tried on neutral Ma Teng or White's allies, never on Dong
    Zhuo or Zhang Lu."""
    game = position({
        "changan": {"armies": {"dong-zhuo": 5}, "characters": ["dong-zhuo"]},
        "hanzhong": {"armies": {"zhang-lu": 5}, "characters": ["zhang-lu"]},
        "liangzhou": {"armies": {"ma-teng": 5}, "characters": ["ma-teng"]},
        "yanzhou": {"armies": {"cao-cao": 5}, "characters": ["cao-cao"]},
    }, phase="diplomacy")
    targets = {o["target"] for o in game.offered("negotiate")}
    assert targets == {"ma-teng", "liu-biao"}
    game.refuse("blue", {"do": "negotiate", "character": "cao-cao", "target": "dong-zhuo"})


@pytest.mark.rule("8(B)")
def test_traitorous_retainers_face_capture_and_submission_as_usual() -> None:
    """Capture and submission checks apply to Traitorous retainers as to any others.
    Dong Zhuo's Lü Bu (loyalty 0) is captured on a 2 and submits on any roll: he now
    serves Cao Cao in Luoyang."""
    game = position({
        "luoyang": {"armies": {"cao-cao": 4, "dong-zhuo": 2}, "characters": ["cao-cao", "lu-bu"]},
        "changan": {"armies": {"dong-zhuo": 5}, "characters": ["dong-zhuo"]},
    }, control={"luoyang": "dong-zhuo"})
    # Valor: Cao Cao 6 (no hits), Lü Bu (valor 6) 1 (1 hit); battle: [1 1 6] against [6 6];
    # capture 2, submission 1 (> loyalty 0).
    game.advance(6, 1, 1, 1, 6, 6, 6, 2, 1)
    assert game.kingdom_of("lu-bu") == "cao-cao" and game.where("lu-bu") == "luoyang"
    assert said(game, "5.7(C)") == ["» Lü Bu 呂布 rolls 2: captured; submission roll 1 > loyalty "
                                    "0: joins Cao Cao 曹操"]


def count_areas(pieces: dict[str, Any]) -> tuple[Game, Log]:
    game = Game({"round": 8, "kingdoms": two_players(["cao-cao"], ["yuan-shao"]),
                 "pieces": pieces})
    log = Log()
    s07_victory.final_count(Table(game.state, log=log))
    return game, log


@pytest.mark.rule("8(C)")
def test_traitorous_kingdoms_holding_more_areas_than_each_player_win() -> None:
    """If after Round 8 the Traitorous kingdoms together control more areas than each
    player does, China falls to them and both players lose. Dong Zhuo (2) and Zhang Lu
    (1) hold 3 areas against Blue's 2 and White's 1."""
    game, log = count_areas({
        "yanzhou": {"armies": {"cao-cao": 2}, "characters": ["cao-cao"]},
        "qiao": {"armies": {"cao-cao": 1}},
        "bohai": {"armies": {"yuan-shao": 2}, "characters": ["yuan-shao"]},
        "changan": {"armies": {"dong-zhuo": 5}, "characters": ["dong-zhuo"]},
        "anding": {"armies": {"dong-zhuo": 5}},
        "hanzhong": {"armies": {"zhang-lu": 5}, "characters": ["zhang-lu"]},
    })
    result = game.state["result"]
    assert result["winner"] is None and result["reason"] == "traitorous"
    assert [e.text for e in log.entries if e.rule == "8(C)"] == [
        "Traitorous kingdoms: 3 areas",
        "» The Traitorous kingdoms hold more areas than any player: China falls to them and "
        "every player loses"]


@pytest.mark.rule("8(C)")
def test_traitorous_total_must_exceed_best_player() -> None:
    """The Traitorous total must be greater than every player's: 2 areas against Blue's
    2 is not enough, and the normal count makes Blue the winner over White's 1."""
    game, _ = count_areas({
        "yanzhou": {"armies": {"cao-cao": 2}, "characters": ["cao-cao"]},
        "qiao": {"armies": {"cao-cao": 1}},
        "bohai": {"armies": {"yuan-shao": 2}, "characters": ["yuan-shao"]},
        "changan": {"armies": {"dong-zhuo": 5}, "characters": ["dong-zhuo"]},
        "hanzhong": {"armies": {"zhang-lu": 5}, "characters": ["zhang-lu"]},
    })
    result = game.state["result"]
    assert (result["winner"], result["reason"]) == ("blue", "areas")
