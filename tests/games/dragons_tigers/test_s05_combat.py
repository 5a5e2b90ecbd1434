"""4.6 and section 5, Combat: scenario tests.

Dice order in a combat: betrayal/alliance checks (only when a player makes one), the
Contest of Strategy (only if the attacker has a strategist: every strategist rolls,
attacker's first), the Contest of Valor (attacker's best, then defender's best), battle
rounds (attacker's dice, then defender's), then capture and submission checks.
"""

from __future__ import annotations

from typing import Any

import pytest

from pbem.games.dragons_tigers.news import key_results
from tests.games.dragons_tigers.kit import Game, two_players

BLUE = ["cao-cao", "liu-bei", "sun-wu"]
WHITE = ["yuan-shao", "yuan-shu", "liu-biao"]
# Far from every fight: each player keeps a kingdom in play whatever happens.
HOMES: dict[str, Any] = {
    "changsha": {"armies": {"sun-wu": 5}, "characters": ["sun-jian"]},
    "xiangyang": {"armies": {"liu-biao": 5}, "characters": ["liu-biao"]},
}


def combat(pieces: dict[str, Any], kingdom: str = "cao-cao", phase: str = "combat",
           **extra: Any) -> Game:
    """A position whose turn (of ``kingdom``) is in ``phase``; Luoyang is left empty,
    so nobody holds the Emperor and no Imperial Decree is offered."""
    scenario: dict[str, Any] = {"kingdoms": two_players(BLUE, WHITE),
                                "pieces": {**HOMES, **pieces},
                                "turn": {"kingdom": kingdom, "phase": phase,
                                         **extra.pop("turn", {})}}
    scenario.update(extra)
    return Game(scenario)


def said(game: Game, rule: str) -> list[str]:
    """The texts of the log entries citing ``rule``."""
    return [e.text for e in game.log.entries if e.rule == rule]


def rules(game: Game, mark: int = 0) -> list[str | None]:
    return [e.rule for e in game.log.entries[mark:]]


# ---------------------------------------------------------------------- 4.6


@pytest.mark.rule("4.6")
def test_every_combat_must_be_fought_in_the_order_the_active_player_picks() -> None:
    """Where the active kingdom's armies share an area with hostile armies, a combat is
    compulsory; with several such areas the active player chooses which one comes first.
    Cao Cao faces White's armies in Yanzhou and in Xuchang and fights Xuchang first."""
    game = combat({
        "yanzhou": {"armies": {"cao-cao": 3, "yuan-shao": 2}, "characters": ["cao-cao"]},
        "xuchang": {"armies": {"cao-cao": 2, "yuan-shu": 1}, "characters": ["xiahou-dun"]},
        "bohai": {"armies": {"yuan-shao": 4}, "characters": ["yuan-shao"]},
        "nanyang": {"armies": {"yuan-shu": 4}, "characters": ["yuan-shu"]},
    }, control={"yanzhou": "yuan-shao", "xuchang": "yuan-shu"})
    game.advance()
    assert game.prompt().role == "blue"
    assert game.offered() == [{"do": "fight", "area": "yanzhou", "against": "white"},
                              {"do": "fight", "area": "xuchang", "against": "white"}]
    game.refuse("blue", "end-turn", rule="4.1(E)")
    # Xuchang: Xiahou Dun's valor roll 6 misses; battle: 2 dice at command 2 [1 6], White
    # 1 die at command 1 [6]. Yanzhou follows by itself: Cao Cao's valor 3 misses; battle
    # 3 dice at command 3 [1 2 6], White 2 dice at command 1 [6 6].
    game.act("blue", {"do": "fight", "area": "xuchang", "against": "white"},
             6, 1, 6, 6, 3, 1, 2, 6, 6, 6)
    headings = [e.text for e in game.log.entries if e.text.startswith("Combat in")]
    assert [h.split(":")[0] for h in headings] == ["Combat in Xuchang 許昌",
                                                    "Combat in Yanzhou 兗州"]
    assert game.controller("xuchang") == "cao-cao" and game.controller("yanzhou") == "cao-cao"
    assert game.armies("xuchang", "cao-cao") == 2 and game.armies("yanzhou", "cao-cao") == 3
    assert game.prompt().step == "end-turn"


@pytest.mark.rule("4.6")
def test_friendly_armies_moved_under_a_faction_chit_must_fight() -> None:
    """Under a faction chit, armies of a friendly kingdom that moved with the active
    kingdom are active too: if they end in an area with hostile armies, combat follows.
    Cao Cao leads Guan Yu and 3 Liu Bei armies into Xuchang, held by White's Yuan Shao."""
    game = combat({
        "yanzhou": {"armies": {"cao-cao": 3, "liu-bei": 3}, "characters": ["cao-cao", "guan-yu"]},
        "pingyuan": {"armies": {"liu-bei": 2}, "characters": ["liu-bei"]},
        "xuchang": {"armies": {"yuan-shao": 1}},
        "bohai": {"armies": {"yuan-shao": 4}, "characters": ["yuan-shao"]},
    }, phase="movement", turn={"faction": True})
    game.act("blue", {"do": "move", "from": "yanzhou", "to": ["xuchang"],
                      "characters": ["cao-cao", "guan-yu"], "armies": 0, "armies.liu-bei": 3})
    # Valor: Guan Yu (5) rolls 6, no hits; battle: 3 dice at command 3 [1 6 6] against
    # 1 die at command 1 [6].
    game.act("blue", "end-movement", 6, 1, 6, 6, 6)
    assert said(game, "5")[0].startswith("Combat in Xuchang")
    assert game.armies("xuchang", "yuan-shao") == 0
    assert game.armies("xuchang", "liu-bei") == 3
    assert game.controller("xuchang") == "cao-cao"  # the main kingdom, by default (6(C))


@pytest.mark.rule("4.6")
def test_lone_characters_overrun_by_entering_armies() -> None:
    """Characters with no armies cannot fight armies that come into their area: they
    lose at once, with no check, contest or battle (rules-notes 29). Cao Cao's armies
    enter Xuchang, held only by Wen Chou and Zhang He: Wen Chou is captured (2) and
    submits (6); Zhang He escapes (4) to Yuan Shao's armies in Bohai."""
    game = combat({
        "yanzhou": {"armies": {"cao-cao": 4}, "characters": ["cao-cao"]},
        "xuchang": {"characters": ["wen-chou", "zhang-he"]},
        "bohai": {"armies": {"yuan-shao": 4}, "characters": ["yuan-shao"]},
    }, phase="movement")
    assert game.controller("xuchang") == "yuan-shao"
    game.act("blue", {"do": "move", "from": "yanzhou", "to": ["xuchang"],
                      "characters": ["cao-cao"], "armies": 3})
    game.act("blue", "end-movement", 2, 6, 4)
    assert "Battle round 1" not in game.text() and said(game, "5.3(B)") == []
    assert game.kingdom_of("wen-chou") == "cao-cao" and game.where("wen-chou") == "xuchang"
    assert game.where("zhang-he") == "bohai"
    assert game.controller("xuchang") == "cao-cao" and game.armies("xuchang", "cao-cao") == 3


# ---------------------------------------------------------------------- 5(A)-(C)


@pytest.mark.rule("5(A)")
def test_friendly_kingdoms_in_one_area_fight_as_one_force() -> None:
    """Pieces of several kingdoms of one player in the combat area form a single force:
    their armies are added for the battle dice and their characters are pooled. Cao Cao's
    2 armies and Liu Bei's 2 armies roll 4 dice, and Guan Yu (valor 5) of Liu Bei's
    kingdom is the force's champion in the Contest of Valor."""
    game = combat({
        "yanzhou": {"armies": {"cao-cao": 2, "liu-bei": 2, "yuan-shao": 6},
                    "characters": ["cao-cao", "guan-yu", "yan-liang"]},
        "bohai": {"armies": {"yuan-shao": 4}, "characters": ["yuan-shao"]},
        "pingyuan": {"armies": {"liu-bei": 2}, "characters": ["liu-bei"]},
    }, control={"yanzhou": "yuan-shao"})
    # Valor: Guan Yu rolls 5 (5 hits), Yan Liang rolls 6 (none). Battle: 4 dice at
    # command 3 [1 1 4 4]; White's last army rolls 1 die at command 2 [6].
    # Yan Liang's capture check: 3, he escapes.
    game.advance(5, 6, 1, 1, 4, 4, 6, 3)
    assert "Guan Yu 關羽, valor 5, rolls 5: 5 hits" in said(game, "5.3(B)")
    battle = said(game, "5.4(B)")
    assert battle[0].startswith("Blue Dragon (Cao Cao + Liu Bei): Cao Cao commands (3); "
                                "4 dice [1 1 4 4]")
    assert game.armies("yanzhou", "yuan-shao") == 0
    assert game.armies("yanzhou", "cao-cao") + game.armies("yanzhou", "liu-bei") == 4
    assert game.where("yan-liang") == "bohai"


@pytest.mark.rule("5(B)")
def test_combat_steps_run_checks_strategy_valor_battle_retreat() -> None:
    """A combat runs in a fixed order: betrayal check, Contest of Strategy, Contest of
    Valor, battle, then the chance to retreat. Cao Cao (diplomacy 2) with the strategist
    Xu Shu attacks Yuan Shao and his ally Yuan Shu in Xuchang."""
    game = combat({
        "xuchang": {"armies": {"cao-cao": 4, "yuan-shao": 3, "yuan-shu": 3},
                    "characters": ["cao-cao", "ji-ling"]},
        "bohai": {"armies": {"yuan-shao": 4}, "characters": ["yuan-shao"]},
        "nanyang": {"armies": {"yuan-shu": 4}, "characters": ["yuan-shu"]},
    }, characters={"xu-shu": {"at": "xuchang", "kingdom": "cao-cao", "recruited": True}},
        control={"xuchang": "yuan-shu"}, orders={"white": {"retreat": "ask"}})
    game.advance()
    assert game.prompt().step == "betrayal-check" and game.prompt().role == "blue"
    mark = len(game.log.entries)
    # Strategy: Xu Shu 1 (no hits). Valor: Cao Cao 6, Ji Ling 6. Battle: 4 dice at
    # command 3 + 1 = 4 [6 6 6 6]; White 5 dice at command 2 [6 6 6 6 6].
    game.act("blue", "no-check", 1, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6)
    assert [r for r in rules(game, mark) if r in ("5.2(A)", "5.3(B)", "5.4(B)")] == [
        "5.2(A)", "5.3(B)", "5.3(B)", "5.4(B)", "5.4(B)"]
    assert game.prompt().step == "retreat" and game.prompt().role == "white"


@pytest.mark.rule("5(C)")
def test_later_battle_rounds_skip_checks_and_contests() -> None:
    """A combat goes on, round after round, until one side retreats or has no armies;
    from the second round only the battle is fought again. White fights on after the
    first round, and the second round rolls only battle dice."""
    game = combat({
        "xuchang": {"armies": {"cao-cao": 3, "yuan-shu": 2}, "characters": ["cao-cao", "ji-ling"]},
        "nanyang": {"armies": {"yuan-shu": 4}, "characters": ["yuan-shu"]},
    }, control={"xuchang": "yuan-shu"}, orders={"white": {"retreat": "ask"}})
    game.advance()
    # No betrayal check; valor: Cao Cao 6, Ji Ling 6; round 1: [6 6 6] against [6 6].
    game.act("blue", "no-check", 6, 6, 6, 6, 6, 6, 6)
    assert game.prompt().role == "white"
    mark = len(game.log.entries)
    # Round 2: [1 1 6] against [6 6]: both White armies are lost; Ji Ling's capture
    # check 5: he escapes and joins Yuan Shu in Nanyang.
    game.act("white", "fight-on", 1, 1, 6, 6, 6, 5)
    assert "Battle round 2" in [e.text for e in game.log.entries[mark:]]
    assert "5.3(B)" not in rules(game, mark) and "5.2(A)" not in rules(game, mark)
    assert game.armies("xuchang", "yuan-shu") == 0 and game.armies("xuchang", "cao-cao") == 3
    assert game.where("ji-ling") == "nanyang"


# ---------------------------------------------------------------------- 5.1


@pytest.mark.rule("5.1")
def test_betrayal_check_needs_diplomacy_two_and_an_opposing_ally() -> None:
    """A betrayal check may be tried by a character with diplomacy 2 or more against an
    opposing allied kingdom whose armies are in the area; a main kingdom is no target.
    Cao Cao (2) may try Yuan Shu, White's ally; Cao Ren (0) and Sun Jian (1) may not,
    and Yuan Shao's main kingdom is never offered. Cao Cao rolls 2: 2+1 is over 2."""
    game = combat({
        "xuchang": {"armies": {"cao-cao": 4, "yuan-shao": 2, "yuan-shu": 2},
                    "characters": ["cao-cao", "cao-ren", "sun-jian"]},
        "bohai": {"armies": {"yuan-shao": 4}, "characters": ["yuan-shao"]},
        "nanyang": {"armies": {"yuan-shu": 4}, "characters": ["yuan-shu"]},
    }, control={"xuchang": "yuan-shao"})
    game.advance()
    assert game.prompt().role == "blue"
    assert game.offered() == [{"do": "check", "character": "cao-cao", "target": "yuan-shu"},
                              {"do": "no-check"}]
    game.refuse("blue", {"do": "check", "character": "cao-cao", "target": "yuan-shao"})
    game.refuse("blue", {"do": "check", "character": "sun-jian", "target": "yuan-shu"})
    # Check 2 fails; valor: Sun Jian (3) rolls 6; battle [1 1 1 1] against [6 6 6 6].
    game.act("blue", {"do": "check", "character": "cao-cao", "target": "yuan-shu"},
             2, 6, 1, 1, 1, 1, 6, 6, 6, 6)
    assert said(game, "5.1(A)") == ["Cao Cao 曹操, diplomacy 2, rolls 2+1=3: the betrayal "
                                    "check fails"]
    assert game.owner("yuan-shu") == "white"
    assert game.armies("xuchang", "yuan-shao") == 0 and game.armies("xuchang", "yuan-shu") == 0


@pytest.mark.rule("5.1")
def test_alliance_check_makes_neutral_full_ally_with_chit() -> None:
    """Against a neutral kingdom the check is an alliance check, open to a character with
    diplomacy 1 or more, with no +1. Sun Jian (diplomacy 1) rolls 1 and wins over Ma
    Teng's neutral kingdom: it joins Blue and, being the only opposing force, the combat
    ends without another die."""
    game = combat({
        "xuchang": {"armies": {"cao-cao": 3, "ma-teng": 3}, "characters": ["cao-cao", "sun-jian"]},
        "liangzhou": {"armies": {"ma-teng": 5}, "characters": ["ma-teng"]},
        "bohai": {"armies": {"yuan-shao": 4}, "characters": ["yuan-shao"]},
    }, control={"xuchang": "ma-teng"})
    game.advance()
    assert game.offered("check") == [
        {"do": "check", "character": "cao-cao", "target": "ma-teng"},
        {"do": "check", "character": "sun-jian", "target": "ma-teng"}]
    game.act("blue", {"do": "check", "character": "sun-jian", "target": "ma-teng"}, 1)
    assert said(game, "5.1(A)")[0].startswith("» Sun Jian 孫堅, diplomacy 1, rolls 1: Ma Teng")
    assert game.owner("ma-teng") == "blue" and not game.state["kingdoms"]["ma-teng"]["main"]
    assert "chit:ma-teng" in game.state["pool"]
    assert game.armies("xuchang", "ma-teng") == 3 and game.armies("xuchang", "cao-cao") == 3
    assert game.prompt().step == "end-turn"


@pytest.mark.rule("5.1(A)")
def test_successful_betrayal_turns_the_whole_kingdom() -> None:
    """A check succeeds when the die, plus 1 for a betrayal, is at most the diplomacy:
    the target becomes the checker's ally and fights on his side, and the combat ends if
    it was the only opposing force. Cao Cao rolls 1 (1+1=2) against Yuan Shu in Xuchang.
    Yuan Shu's kingdom changes sides everywhere, so its 2 armies in Bohai now face Yuan
    Shao there and fight as soon as the combat in Xuchang is over."""
    game = combat({
        "xuchang": {"armies": {"cao-cao": 3, "yuan-shu": 4}, "characters": ["cao-cao", "ji-ling"]},
        "nanyang": {"armies": {"yuan-shu": 4}, "characters": ["yuan-shu"]},
        "bohai": {"armies": {"yuan-shao": 4, "yuan-shu": 2}, "characters": ["yuan-shao"]},
    }, control={"xuchang": "yuan-shu", "bohai": "yuan-shao"})
    game.advance()
    # Xuchang: check 1 succeeds, no battle. Bohai (Blue's Yuan Shu attacks): Yuan Shao
    # may not try Yuan Shu, who changed sides in another combat (5.1(B)); valor: Yuan
    # Shao (1) rolls 6; battle: Blue 2 dice at command 1 [6 6], White 4 dice at command 2
    # [1 1 6 6].
    game.act("blue", {"do": "check", "character": "cao-cao", "target": "yuan-shu"},
             1, 6, 6, 6, 1, 1, 6, 6)
    lines = said(game, "5.1(A)")
    assert lines[0] == ("» Cao Cao 曹操, diplomacy 2, rolls 1+1=2: Yuan Shu 袁術 changes sides "
                        "and joins Blue Dragon")
    assert game.owner("yuan-shu") == "blue"
    assert game.kingdom_of("ji-ling") == "yuan-shu" and game.where("ji-ling") == "xuchang"
    assert game.armies("xuchang", "yuan-shu") == 4 and game.armies("xuchang", "cao-cao") == 3
    assert "No opposing armies remain: the combat ends" in lines
    assert game.armies("bohai", "yuan-shu") == 0 and game.armies("bohai", "yuan-shao") == 4
    assert game.armies("nanyang", "yuan-shu") == 4


@pytest.mark.rule("5.1(B)")
def test_betrayal_order_attacker_then_defender_one_each() -> None:
    """When both sides can check, the attacker goes first; the defender may then try a
    check against the ally who has just deserted him, and the attacker gets no further
    check. Cao Cao turns Yuan Shu (roll 1); Yuan Shao, asked by his standing order,
    wins Yuan Shu back (roll 1) and the battle goes on."""
    game = combat({
        "xuchang": {"armies": {"cao-cao": 3, "yuan-shao": 2, "yuan-shu": 2},
                    "characters": ["cao-cao", "yuan-shao"]},
        "nanyang": {"armies": {"yuan-shu": 4}, "characters": ["yuan-shu"]},
    }, control={"xuchang": "yuan-shao"},
        orders={"white": {"counter_check": "ask", "retreat": "ask"}})
    game.advance()
    assert game.prompt().role == "blue"
    game.act("blue", {"do": "check", "character": "cao-cao", "target": "yuan-shu"}, 1)
    assert game.owner("yuan-shu") == "blue"
    assert game.prompt().role == "white"
    assert game.offered("check") == [{"do": "check", "character": "yuan-shao",
                                      "target": "yuan-shu"}]
    # Check 1 (1+1=2) succeeds; valor: Cao Cao 6, Yuan Shao 6; battle: Blue 3 dice [6 6 6],
    # White 4 dice [6 6 6 6].
    game.act("white", {"do": "check", "character": "yuan-shao", "target": "yuan-shu"},
             1, 6, 6, 6, 6, 6, 6, 6, 6, 6)
    assert game.owner("yuan-shu") == "white"
    assert len(said(game, "5.1(A)")) == 2
    assert "Battle round 1" in game.text()
    assert game.prompt().role == "white" and game.prompt().step == "retreat"


@pytest.mark.rule("5.1(C)")
def test_only_one_check_per_side_per_combat() -> None:
    """A player with several characters able to check still makes one check per combat.
    Cao Cao and Liu Bei (both diplomacy 2) march into Xuchang together under Blue's
    faction chit; both are offered, Liu Bei's check fails, and no second check is
    allowed later in the combat."""
    game = combat({
        "yanzhou": {"armies": {"cao-cao": 4, "liu-bei": 3}, "characters": ["cao-cao", "liu-bei"]},
        "xuchang": {"armies": {"yuan-shu": 6}, "characters": ["ji-ling"]},
        "nanyang": {"armies": {"yuan-shu": 4}, "characters": ["yuan-shu"]},
    }, phase="movement", turn={"faction": True})
    game.act("blue", {"do": "move", "from": "yanzhou", "to": ["xuchang"],
                      "characters": ["cao-cao", "liu-bei"], "armies": 3, "armies.liu-bei": 2})
    game.act("blue", "end-movement")
    assert game.offered("check") == [
        {"do": "check", "character": "cao-cao", "target": "yuan-shu"},
        {"do": "check", "character": "liu-bei", "target": "yuan-shu"}]
    # Check 2 (2+1=3) fails; valor: Cao Cao 6, Ji Ling 6; battle: 5 dice [6 6 6 6 6] each.
    game.act("blue", {"do": "check", "character": "liu-bei", "target": "yuan-shu"},
             2, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6)
    assert game.prompt().role == "blue" and game.prompt().step == "retreat"
    game.refuse("blue", {"do": "check", "character": "cao-cao", "target": "yuan-shu"},
                rule="5.1(C)")
    assert game.owner("yuan-shu") == "white"


# ---------------------------------------------------------------------- 5.2


def recruited(**where: str) -> dict[str, Any]:
    """A ``characters`` section: free retainers serving a kingdom, given as
    ``sima_yi="cao-cao@xuchang"`` (kingdom @ area)."""
    out: dict[str, Any] = {}
    for name, place in where.items():
        kid, area = place.split("@")
        out[name.replace("_", "-")] = {"at": area, "kingdom": kid, "recruited": True}
    return out


@pytest.mark.rule("5.2")
def test_no_strategy_contest_when_only_defender_has_strategist() -> None:
    """The Contest of Strategy is held only when the active player's side has a
    strategist. Yuan Shao's Guo Jia defends Xuchang, but Cao Cao brings none, so no
    strategy die is rolled: the combat goes straight to valor and battle."""
    game = combat({
        "xuchang": {"armies": {"cao-cao": 3, "yuan-shao": 2}, "characters": ["cao-cao"]},
        "bohai": {"armies": {"yuan-shao": 4}, "characters": ["yuan-shao"]},
    }, characters=recruited(guo_jia="yuan-shao@xuchang"), control={"xuchang": "yuan-shao"})
    # Valor: Cao Cao 6 (Guo Jia has no valor); battle: [1 1 6] against Guo Jia's command 1
    # [6 6]. Guo Jia's capture check: 6, he escapes to Bohai.
    game.advance(6, 1, 1, 6, 6, 6, 6)
    assert said(game, "5.2(A)") == []
    assert game.armies("xuchang", "yuan-shao") == 0
    assert game.where("guo-jia") == "bohai"


@pytest.mark.rule("5.2")
def test_strategy_contest_when_the_active_player_defends_with_a_strategist() -> None:
    """The contest belongs to the active player's strategist whichever side he is on.
    Blue's Cao Cao, taking his turn, restores White's Yuan Shu into Xuchang (Family
    Restoration), where Xiahou Dun and the strategist Xun Yu defend 8 of Cao Cao's
    armies; Yuan Shu brings no strategist, yet the contest is held. Xun Yu, defending,
    may make no betrayal check (5.1(B)); he rolls 6 in the contest: five hits. Valor misses
    on both sides; the battle (command 2 + Xun Yu's star) wipes out Yuan Shu, who is
    eliminated again; Ji Ling escapes capture (6) and goes out with him."""
    game = Game({"kingdoms": two_players(BLUE, WHITE), "mandate": [1, 0],
                 "pieces": {**HOMES,
                            "xuchang": {"armies": {"cao-cao": 8},
                                        "characters": ["xiahou-dun", "xun-yu"]},
                            "yanzhou": {"armies": {"cao-cao": 5}, "characters": ["cao-cao"]},
                            "bohai": {"armies": {"yuan-shao": 4}, "characters": ["yuan-shao"]}},
                 "characters": {"yuan-shu": "out", "ji-ling": "out", "zhang-xun": "out"},
                 "turn": {"kingdom": "cao-cao"}})
    assert game.kingdom_of("xun-yu") == "cao-cao"
    game.advance(3)  # the Mandate marker to Family Restoration
    game.act("blue", {"do": "restore", "kingdom": "yuan-shu"})
    game.act("blue", {"do": "restore-area", "area": "xuchang"})
    lines = game.act("blue", {"do": "restore-retainer", "character": "ji-ling"},
                     6, 6, 6, 6, 6, 6, 6, 6, 1, 1, 1, 1, 1, 6)
    assert "  Xun Yu 荀彧 (1 star) rolls 6: 5 x 1 = 5 hits (5.2(A))" in lines
    assert said(game, "5.2(A)") == ["Xun Yu 荀彧 (1 star) rolls 6: 5 x 1 = 5 hits"]
    assert game.status("yuan-shu") == "eliminated" and game.armies("xuchang", "cao-cao") == 8
    assert game.where("ji-ling") == "out"


@pytest.mark.rule("5.2(A)")
def test_each_strategist_rolls_table_hits_times_stars() -> None:
    """Every strategist in the contest rolls a die; the Contest of Strategy Table gives
    the hits per star, multiplied by his stars. With Cao Cao's side attacking, Sima Yi
    (3 stars) rolls 4 (1 per star: 3 hits) and Cheng Yu (1 star) rolls 2 (none): Yuan
    Shao's 7 armies drop to 4 before any valor or battle die."""
    game = combat({
        "xuchang": {"armies": {"cao-cao": 3, "yuan-shao": 7}},
        "yanzhou": {"armies": {"cao-cao": 3}, "characters": ["cao-cao"]},
        "bohai": {"armies": {"yuan-shao": 4}, "characters": ["yuan-shao"]},
    }, characters=recruited(sima_yi="cao-cao@xuchang", cheng_yu="cao-cao@xuchang"),
        control={"xuchang": "yuan-shao"})
    # Strategy: Sima Yi 4, Cheng Yu 2. No valor. Battle: command 3 + 1 = 4, [1 1 1]
    # against command 1 [1 6 6 6]; round 2: [1 6] against [6].
    game.advance(4, 2, 1, 1, 1, 1, 6, 6, 6, 1, 6, 6)
    assert said(game, "5.2(A)") == ["Sima Yi 司馬懿 (3 stars) rolls 4: 1 x 3 = 3 hits",
                                    "Cheng Yu 程昱 (1 star) rolls 2: 0 x 1 = 0 hits"]
    assert "Yuan Shao 袁紹 loses 3 armies" in said(game, "5.4(C)")
    assert game.armies("xuchang", "yuan-shao") == 0 and game.armies("xuchang", "cao-cao") == 2


@pytest.mark.rule("5.2(B)")
def test_red_diamond_multiplies_strategy_hits_but_not_command() -> None:
    """A red diamond counts like a star for strategy hits but adds nothing to command.
    Xu Shu (one star, one diamond) rolls 5: 3 hits per symbol, 6 hits. In battle he adds
    only his 1 star to Cao Ren's command 2, so a 4 misses."""
    game = combat({
        "xuchang": {"armies": {"cao-cao": 2, "yuan-shao": 8}, "characters": ["cao-ren"]},
        "yanzhou": {"armies": {"cao-cao": 3}, "characters": ["cao-cao"]},
        "bohai": {"armies": {"yuan-shao": 4}, "characters": ["yuan-shao"]},
    }, characters=recruited(xu_shu="cao-cao@xuchang"), control={"xuchang": "yuan-shao"})
    # Strategy: Xu Shu 5. Valor: Cao Ren 6. Battle: command 3 [3 4] against [6 6].
    # Round 2: [1 6] wipes out the last White army; White rolls [6].
    game.advance(5, 6, 3, 4, 6, 6, 1, 6, 6)
    assert said(game, "5.2(A)") == ["Xu Shu 徐庶 (2 stars) rolls 5: 3 x 2 = 6 hits"]
    assert said(game, "5.4(B)")[0] == ("Blue Dragon (Cao Cao): Cao Ren commands (2) + Xu Shu 1 "
                                       "= 3; 2 dice [3 4] at or under 3: 1 hit")
    assert game.armies("xuchang", "yuan-shao") == 0


@pytest.mark.rule("5.2(C)")
def test_both_sides_strategists_roll_and_hit_together() -> None:
    """When both sides have strategists, both roll; the attacker's rolls come first and
    all hits land together. Cheng Yu rolls 5 (3 hits) while Yuan Shao's Guo Jia (star
    and diamond) rolls 6 (5 x 2 = 10 hits): Cao Cao's 4 armies are destroyed, yet Yuan
    Shao still loses 3 of his 5."""
    game = combat({
        "xuchang": {"armies": {"cao-cao": 4, "yuan-shao": 5}, "characters": ["cao-cao"]},
        "yanzhou": {"armies": {"cao-cao": 3}},
        "bohai": {"armies": {"yuan-shao": 4}, "characters": ["yuan-shao"]},
    }, characters=recruited(cheng_yu="cao-cao@xuchang", guo_jia="yuan-shao@xuchang"),
        control={"xuchang": "yuan-shao"})
    # Strategy: Cheng Yu 5, Guo Jia 6. Cheng Yu's capture check: 6, he escapes.
    game.advance(5, 6, 6)
    assert said(game, "5.2(A)") == ["Cheng Yu 程昱 (1 star) rolls 5: 3 x 1 = 3 hits",
                                    "Guo Jia 郭嘉 (2 stars) rolls 6: 5 x 2 = 10 hits"]
    assert game.armies("xuchang", "cao-cao") == 0 and game.armies("xuchang", "yuan-shao") == 2
    assert game.where("cao-cao") == "yanzhou" and game.where("cheng-yu") == "yanzhou"
    assert game.controller("xuchang") == "yuan-shao"


# ---------------------------------------------------------------------- 5.3


@pytest.mark.rule("5.3(A)")
def test_valor_side_without_valor_character_does_not_roll() -> None:
    """In the Contest of Valor each side rolls once, for its character with the highest
    valor; a side with no character of valor 1 or more does not roll. Xiahou Dun (3)
    rolls for Cao Cao's side, not Cao Cao (2); Yuan Shao's armies have no leader and
    make no valor roll, but still take the hits."""
    game = combat({
        "xuchang": {"armies": {"cao-cao": 3, "yuan-shao": 4},
                    "characters": ["cao-cao", "xiahou-dun"]},
        "bohai": {"armies": {"yuan-shao": 4}, "characters": ["yuan-shao"]},
    }, control={"xuchang": "yuan-shao"})
    # Valor: Xiahou Dun 2 (2 hits). Battle: [1 1 6] against [6 6].
    game.advance(2, 1, 1, 6, 6, 6)
    assert said(game, "5.3(B)") == ["Xiahou Dun 夏侯惇, valor 3, rolls 2: 2 hits"]
    assert game.armies("xuchang", "yuan-shao") == 0 and game.armies("xuchang", "cao-cao") == 3


@pytest.mark.rule("5.3(B)")
def test_valor_hits_equal_the_roll_only_at_or_under_valor() -> None:
    """A valor roll at or under the character's valor inflicts as many hits as the roll;
    a higher roll inflicts none. Xiahou Dun (valor 3) rolls 3: 3 hits; Wen Chou (valor
    3) rolls 4: none."""
    game = combat({
        "xuchang": {"armies": {"cao-cao": 2, "yuan-shao": 4},
                    "characters": ["xiahou-dun", "wen-chou"]},
        "yanzhou": {"armies": {"cao-cao": 3}, "characters": ["cao-cao"]},
        "bohai": {"armies": {"yuan-shao": 4}, "characters": ["yuan-shao"]},
    }, control={"xuchang": "yuan-shao"})
    # Valor: 3 and 4. Battle: Xiahou Dun's command 2, [1 6] against Wen Chou's command 2
    # [6]. Wen Chou's capture check: 1; submission 4 > loyalty 3: he joins Cao Cao.
    game.advance(3, 4, 1, 6, 6, 1, 4)
    assert said(game, "5.3(B)") == ["Xiahou Dun 夏侯惇, valor 3, rolls 3: 3 hits",
                                    "Wen Chou 文醜, valor 3, rolls 4: no hits"]
    assert game.armies("xuchang", "cao-cao") == 2 and game.armies("xuchang", "yuan-shao") == 0
    assert game.kingdom_of("wen-chou") == "cao-cao"


# ---------------------------------------------------------------------- 5.4


@pytest.mark.rule("5.4(A)")
def test_commander_may_be_a_friendly_kingdoms_character_plus_a_strategist() -> None:
    """Each side picks the character whose command it uses: a retainer even with his
    warlord present, or a character of a friendly kingdom; one other strategist's stars
    are added. Liu Bei's turn: Cao Cao (3) commands with Zhuge Liang's 3 stars, command
    6; for White the retainer Lü Meng (3) commands rather than Yuan Shao (2)."""
    game = combat({
        "xuchang": {"armies": {"liu-bei": 3, "cao-cao": 2, "yuan-shao": 4},
                    "characters": ["liu-bei", "zhuge-liang", "cao-cao", "yuan-shao"]},
        "bohai": {"armies": {"yuan-shao": 4}},
    }, kingdom="liu-bei", characters=recruited(lu_meng="yuan-shao@xuchang"),
        control={"xuchang": "yuan-shao"}, orders={"white": {"counter_check": "never"}})
    # Strategy: Zhuge Liang 1 (none). Valor: Cao Cao 6, Lü Meng 6. Battle: [6 6 6 6 6]
    # at command 6 against [4 4 4 4] at command 3. Lü Meng's capture check: 6.
    game.advance(1, 6, 6, 6, 6, 6, 6, 6, 4, 4, 4, 4, 6)
    assert said(game, "5.4(B)") == [
        "Blue Dragon (Cao Cao + Liu Bei): Cao Cao commands (3) + Zhuge Liang 3 = 6; 5 dice "
        "[6 6 6 6 6] at or under 6: 5 hits",
        "White Tiger (Yuan Shao): Lü Meng commands (3); 4 dice [4 4 4 4] at or under 3: 0 hits"]
    assert game.armies("xuchang", "yuan-shao") == 0
    assert game.where("yuan-shao") == "bohai" and game.where("lu-meng") == "bohai"


@pytest.mark.rule("5.4(A)")
def test_strategist_bonus_from_different_character_and_five_dice_cap() -> None:
    """The strategist's bonus stars are added to another character's command, never to
    his own: Sima Yi alone commands at 3, not 6. His 7 armies roll only 5 dice."""
    game = combat({
        "xuchang": {"armies": {"cao-cao": 7, "yuan-shao": 6}},
        "yanzhou": {"armies": {"cao-cao": 2}, "characters": ["cao-cao"]},
        "bohai": {"armies": {"yuan-shao": 4}, "characters": ["yuan-shao"]},
    }, characters=recruited(sima_yi="cao-cao@xuchang"), control={"xuchang": "yuan-shao"})
    # Strategy: Sima Yi 1 (none). Round 1: [3 3 4 4 4] against [6 6 6 6 6]; round 2:
    # [1 1 1 1 6] against [6 6 6 6].
    game.advance(1, 3, 3, 4, 4, 4, 6, 6, 6, 6, 6, 1, 1, 1, 1, 6, 6, 6, 6, 6)
    assert said(game, "5.4(B)")[0] == ("Blue Dragon (Cao Cao): Sima Yi commands (3); 5 dice "
                                       "[3 3 4 4 4] at or under 3: 2 hits")
    assert game.armies("xuchang", "yuan-shao") == 0 and game.armies("xuchang", "cao-cao") == 7


@pytest.mark.rule("5.4(A)")
def test_a_lone_command_zero_character_fights_at_command_zero() -> None:
    """Command 1 is for armies with no friendly character present; a side whose only
    character is Liu Zhang (no stars) fights at his command of 0, and scores no hits. Cao
    Ren attacks the neutral Liu Zhang in Ba: Liu Zhang's side rolls [1 1 1] twice without a
    hit, Cao Ren's [6 6 6] then [1 1 1] destroys his armies, and Liu Zhang falls back to
    Chengdu."""
    game = combat({
        "ba": {"armies": {"cao-cao": 3, "liu-zhang": 3}, "characters": ["cao-ren", "liu-zhang"]},
        "chengdu": {"armies": {"liu-zhang": 5}},
        "yanzhou": {"armies": {"cao-cao": 5}, "characters": ["cao-cao"]},
        "bohai": {"armies": {"yuan-shao": 4}, "characters": ["yuan-shao"]},
    }, control={"ba": "liu-zhang"})
    assert game.state["kingdoms"]["liu-zhang"]["warlord"] == "liu-zhang"
    # Valor: Cao Ren 6 (Liu Zhang has none); rounds: [6 6 6] / [1 1 1], [1 1 1] / [1 1 1].
    lines = game.advance(6, 6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1)
    assert ("  Liu Zhang (neutral): Liu Zhang commands (0); 3 dice [1 1 1] at or under 0: "
            "0 hits (5.4(B))") in lines
    assert game.armies("ba", "cao-cao") == 3 and game.armies("ba", "liu-zhang") == 0
    assert game.where("liu-zhang") == "chengdu" and game.controller("ba") == "cao-cao"


@pytest.mark.rule("5.4(B)")
def test_one_die_per_army_at_most_five_hit_at_or_under_command() -> None:
    """Each side rolls a die per army, five at most; every die at or under its command
    scores a hit, and armies with no character present fight at command 1. Cao Ren
    (command 2) with 8 armies rolls 5 dice [2 3 1 6 2]: 3 hits; Yuan Shao's 7 leaderless
    armies roll 5 dice [1 1 2 6 6]: 2 hits."""
    game = combat({
        "xuchang": {"armies": {"cao-cao": 8, "yuan-shao": 7}, "characters": ["cao-ren"]},
        "yanzhou": {"armies": {"cao-cao": 3}, "characters": ["cao-cao"]},
        "bohai": {"armies": {"yuan-shao": 4}, "characters": ["yuan-shao"]},
    }, control={"xuchang": "yuan-shao"})
    # Valor: Cao Ren 6. Round 1 as above; round 2: [1 1 1 1 1] against [6 6 6 6].
    game.advance(6, 2, 3, 1, 6, 2, 1, 1, 2, 6, 6, 1, 1, 1, 1, 1, 6, 6, 6, 6)
    battle = said(game, "5.4(B)")
    assert battle[0] == ("Blue Dragon (Cao Cao): Cao Ren commands (2); 5 dice [2 3 1 6 2] at "
                         "or under 2: 3 hits")
    assert battle[1] == ("White Tiger (Yuan Shao): no character: command 1; 5 dice [1 1 2 6 6] "
                         "at or under 1: 2 hits")
    assert battle[3].startswith("White Tiger (Yuan Shao): no character: command 1; 4 dice")
    assert game.armies("xuchang", "cao-cao") == 6 and game.armies("xuchang", "yuan-shao") == 0


@pytest.mark.rule("5.4(C)")
def test_hits_are_simultaneous_and_the_owner_chooses_which_kingdom_loses() -> None:
    """Hits land at the same time, so a side wiped out in a round still inflicts its
    hits; the owner decides which of his kingdoms' armies are lost. Blue, whose standing
    order asks, takes all 3 hits on Liu Bei's armies."""
    game = combat({
        "xuchang": {"armies": {"cao-cao": 4, "liu-bei": 4, "yuan-shao": 3},
                    "characters": ["cao-cao", "liu-bei"]},
        "bohai": {"armies": {"yuan-shao": 4}, "characters": ["yuan-shao"]},
    }, control={"xuchang": "yuan-shao"}, orders={"blue": {"losses": "ask"}})
    # Valor: Cao Cao 6. Battle: [1 1 1 6 6] against [1 1 1].
    game.advance(6, 1, 1, 1, 6, 6, 1, 1, 1)
    prompt = game.prompt()
    assert prompt.role == "blue" and prompt.step == "losses"
    game.refuse("blue", {"do": "losses", "losses": {"liu-bei": 2}}, rule="5.4(C)")
    game.act("blue", {"do": "losses", "losses": {"liu-bei": 3}})
    assert game.armies("xuchang", "cao-cao") == 4 and game.armies("xuchang", "liu-bei") == 1
    assert game.armies("xuchang", "yuan-shao") == 0


@pytest.mark.rule("5.4(C)")
def test_losses_without_change_cost_extra_armies(tight_counters: Any) -> None:
    """Losses may be taken by making change with the counters available; when the right
    counters are lacking, more armies go until the counters can show what is left. With a
    tight mix (8 counters 1|2, 5 counters 5|10), Cao Cao's 10 armies in Xuchang are one
    10-counter and 7 of his 8 small counters show his other stacks of 2: after 1 hit the 9
    left cannot be shown, and 7 remain."""
    others = ("yanzhou", "qiao", "xuzhou", "qingzhou", "shouchun", "jianye", "ye")
    game = combat({
        "xuchang": {"armies": {"cao-cao": 10, "yuan-shao": 1}, "characters": ["cao-cao"]},
        **{a: {"armies": {"cao-cao": 2}} for a in others},
        "bohai": {"armies": {"yuan-shao": 4}, "characters": ["yuan-shao"]},
    }, control={"xuchang": "yuan-shao"})
    # Valor: Cao Cao 6. Battle: [1 6 6 6 6] against [1].
    game.advance(6, 1, 6, 6, 6, 6, 1)
    assert ("Cao Cao 曹操 loses 1 army, and 2 more for want of counters to make change"
            in said(game, "5.4(C)"))
    assert game.armies("xuchang", "cao-cao") == 7


# ---------------------------------------------------------------------- 5.5


def march(game: Game, start: str, path: list[str], characters: list[str], armies: int,
          *dice: int) -> None:
    """Cao Cao's kingdom moves, then ends movement (the combat begins with ``dice``)."""
    game.act("blue", {"do": "move", "from": start, "to": path, "characters": characters,
                      "armies": armies})
    game.act("blue", "end-movement", *dice)


@pytest.mark.rule("5.5")
def test_retreat_only_after_a_battle_round_and_needs_character() -> None:
    """Retreat is allowed only once at least one battle round has been fought, and
    armies with no character cannot retreat. Cao Cao cannot pull back during the
    betrayal check; White's leaderless armies in Xuchang are never asked, although their
    standing order says ask; after the second round Cao Cao withdraws."""
    game = combat({
        "yanzhou": {"armies": {"cao-cao": 5}, "characters": ["cao-cao"]},
        "xuchang": {"armies": {"yuan-shu": 4}},
        "nanyang": {"armies": {"yuan-shu": 3}, "characters": ["yuan-shu"]},
    }, phase="movement", orders={"white": {"retreat": "ask"}})
    march(game, "yanzhou", ["xuchang"], ["cao-cao"], 4)
    assert game.prompt().step == "betrayal-check"
    game.refuse("blue", {"do": "retreat", "to": "yanzhou"}, rule="5.5")
    # Valor: Cao Cao 6; battle: [6 6 6 6] against [6 6 6 6].
    game.act("blue", "no-check", 6, 6, 6, 6, 6, 6, 6, 6, 6)
    assert game.prompt().role == "blue"
    assert game.offered("retreat") == [{"do": "retreat", "to": "yanzhou"}]
    # Round 2 follows at once: White, without a character, is not asked.
    game.act("blue", "fight-on", 6, 6, 6, 6, 6, 6, 6, 6)
    assert "Battle round 2" in game.text()
    assert game.prompt().role == "blue" and game.prompt().step == "retreat"
    game.act("blue", {"do": "retreat", "to": "yanzhou"})
    assert game.where("cao-cao") == "yanzhou" and game.armies("yanzhou", "cao-cao") == 5
    assert game.armies("xuchang", "yuan-shu") == 4 and game.controller("xuchang") == "yuan-shu"


@pytest.mark.rule("5.5")
def test_a_sides_armies_retreat_with_any_character_of_the_side() -> None:
    """Armies alone cannot retreat, but a character of any kingdom of the side takes the
    whole side along: neither edition asks for one of their own kingdom. Yan Liang (Yuan
    Shao's) defends Xuchang with 3 of Yuan Shao's and 2 of Yuan Shu's armies; after a
    round White withdraws to Luoyang, Yuan Shu's 2 included, and Cao Cao holds Xuchang."""
    game = combat({
        "yanzhou": {"armies": {"cao-cao": 6}, "characters": ["cao-cao"]},
        "xuchang": {"armies": {"yuan-shao": 3, "yuan-shu": 2}, "characters": ["yan-liang"]},
        "bohai": {"armies": {"yuan-shao": 4}, "characters": ["yuan-shao"]},
        "nanyang": {"armies": {"yuan-shu": 4}, "characters": ["yuan-shu"]},
    }, phase="movement", orders={"white": {"retreat": "ask"}}, control={"xuchang": "yuan-shao"})
    march(game, "yanzhou", ["xuchang"], ["cao-cao"], 5)
    # No check; valor: Cao Cao 6, Yan Liang 6; battle: [6 6 6 6 6] against [6 6 6 6 6].
    game.act("blue", "no-check", 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6)
    game.act("blue", "fight-on")
    lines = game.act("white", {"do": "retreat", "to": "luoyang"})
    assert "  White Tiger (Yuan Shao + Yuan Shu) retreats to Luoyang 洛陽 (5.5(B))" in lines
    assert game.armies("luoyang", "yuan-shao") == 3 and game.armies("luoyang", "yuan-shu") == 2
    assert game.armies("xuchang", "yuan-shu") == 0 and game.controller("xuchang") == "cao-cao"


@pytest.mark.rule("5.5(A)")
def test_attacker_declares_retreat_first_then_defender() -> None:
    """After a battle round the attacker may retreat first; only if he stays may the
    defender retreat. Cao Cao fights on, then White's Yan Liang withdraws to Luoyang
    and the combat ends with Cao Cao holding Xuchang."""
    game = combat({
        "yanzhou": {"armies": {"cao-cao": 5}, "characters": ["cao-cao"]},
        "xuchang": {"armies": {"yuan-shao": 3}, "characters": ["yan-liang"]},
        "bohai": {"armies": {"yuan-shao": 4}, "characters": ["yuan-shao"]},
    }, phase="movement", orders={"white": {"retreat": "ask"}})
    # Valor: Cao Cao 6, Yan Liang 6; battle: [6 6 6 6] against [6 6 6].
    march(game, "yanzhou", ["xuchang"], ["cao-cao"], 4, 6, 6, 6, 6, 6, 6, 6, 6, 6)
    assert game.prompt().role == "blue" and game.prompt().step == "retreat"
    game.act("blue", "fight-on")
    assert game.prompt().role == "white" and game.prompt().step == "retreat"
    game.act("white", {"do": "retreat", "to": "luoyang"})
    assert game.where("yan-liang") == "luoyang" and game.armies("luoyang", "yuan-shao") == 3
    assert game.controller("xuchang") == "cao-cao"
    assert game.prompt().step == "end-turn"


@pytest.mark.rule("5.5(B)")
def test_attacker_retreats_to_the_area_it_attacked_from() -> None:
    """An attacker can retreat only to the area it stood in before the combat, where its
    move began (after a two-area move, not the area passed through); a defender may go to
    any adjacent area without unfriendly armies, empty or friendly. Cao Cao came from Qiao
    through Xuchang: he may go back to Qiao only. Yan Liang may go to Ye (his ally's),
    Qingzhou or Luoyang (empty), but not where Blue or neutral Ma Teng has armies."""
    game = combat({
        "qiao": {"armies": {"cao-cao": 6}, "characters": ["cao-cao"]},
        "xuchang": {"armies": {"cao-cao": 1}},
        "yanzhou": {"armies": {"yuan-shao": 3}, "characters": ["yan-liang"]},
        "bohai": {"armies": {"yuan-shao": 4}, "characters": ["yuan-shao"]},
        "ye": {"armies": {"yuan-shu": 2}, "characters": ["yuan-shu"]},
        "pingyuan": {"armies": {"liu-bei": 2}, "characters": ["liu-bei"]},
        "xuzhou": {"armies": {"ma-teng": 2}, "characters": ["ma-teng"]},
    }, phase="movement", orders={"white": {"retreat": "ask"}})
    # Valor: Cao Cao 6, Yan Liang 6; battle: [6 6 6 6 6] against [6 6 6].
    march(game, "qiao", ["xuchang", "yanzhou"], ["cao-cao"], 5, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6)
    assert game.offered("retreat") == [{"do": "retreat", "to": "qiao"}]
    game.refuse("blue", {"do": "retreat", "to": "xuchang"}, rule="5.5(B)")
    game.act("blue", "fight-on")
    assert game.offered("retreat") == [{"do": "retreat", "to": "ye"},
                                       {"do": "retreat", "to": "qingzhou"},
                                       {"do": "retreat", "to": "luoyang"}]
    game.refuse("white", {"do": "retreat", "to": "xuzhou"}, rule="5.5(B)")
    game.refuse("white", {"do": "retreat", "to": "pingyuan"}, rule="5.5(B)")
    game.act("white", {"do": "retreat", "to": "ye"})
    assert game.where("yan-liang") == "ye"
    assert game.armies("ye", "yuan-shao") == 3  # across a great river, yet no attrition
    assert game.controller("ye") == "yuan-shu" and game.controller("yanzhou") == "cao-cao"


@pytest.mark.rule("5.5(B)")
def test_defender_may_retreat_onto_lone_enemy_characters_and_overruns_them() -> None:
    """Only armies bar a defender's retreat: an area where the enemy has characters alone
    is open to it, and those characters are overrun at once (rules-notes 29 and 36).
    Yan Liang retreats from Xuchang into Qiao, held by Cao Ren alone; Cao Ren escapes
    capture (3) and joins Cao Cao's armies, and Qiao passes to Yuan Shao."""
    game = combat({
        "yanzhou": {"armies": {"cao-cao": 6}, "characters": ["cao-cao"]},
        "xuchang": {"armies": {"yuan-shao": 3}, "characters": ["yan-liang"]},
        "qiao": {"characters": ["cao-ren"]},
        "bohai": {"armies": {"yuan-shao": 4}, "characters": ["yuan-shao"]},
    }, phase="movement", orders={"white": {"retreat": "ask"}})
    # Valor: Cao Cao 6, Yan Liang 6; battle: [6 6 6 6 6] against [6 6 6].
    march(game, "yanzhou", ["xuchang"], ["cao-cao"], 5, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6)
    game.act("blue", "fight-on")
    assert {"do": "retreat", "to": "qiao"} in game.offered("retreat")
    game.act("white", {"do": "retreat", "to": "qiao"}, 3)
    assert game.controller("xuchang") == "cao-cao"
    assert game.where("cao-ren") == "xuchang"
    assert game.controller("qiao") == "yuan-shao" and game.armies("qiao", "yuan-shao") == 3
    assert game.prompt().step == "end-turn"


@pytest.mark.rule("5.5(C)")
def test_kingdom_that_retreats_from_its_last_area_survives_in_a_friendly_area() -> None:
    """Losing the last area by retreating does not eliminate a kingdom that still has
    armies; it lives on in an area of a friendly kingdom. Yuan Shu retreats from
    Xuchang, his only area, into Nanyang, held by his ally Yuan Shao: he holds no area
    but stays in play with his chit."""
    game = combat({
        "yanzhou": {"armies": {"cao-cao": 6}, "characters": ["cao-cao"]},
        "xuchang": {"armies": {"yuan-shu": 3}, "characters": ["yuan-shu"]},
        "nanyang": {"armies": {"yuan-shao": 2}, "characters": ["yuan-shao"]},
    }, phase="movement", orders={"white": {"retreat": "ask"}})
    march(game, "yanzhou", ["xuchang"], ["cao-cao"], 5)
    # No check; valor: Cao Cao 6, Yuan Shu 6; battle: [6 6 6 6 6] against [6 6 6].
    game.act("blue", "no-check", 6, 6, 6, 6, 6, 6, 6, 6, 6, 6)
    game.act("blue", "fight-on")
    game.act("white", {"do": "retreat", "to": "nanyang"})
    assert game.t.controlled_by("yuan-shu") == []
    assert game.controller("nanyang") == "yuan-shao" and game.armies("nanyang", "yuan-shu") == 3
    assert game.status("yuan-shu") == "in-play" and "chit:yuan-shu" in game.state["pool"]


@pytest.mark.rule("5.5(C)")
def test_kingdom_without_area_or_armies_is_eliminated_and_loses_its_chit() -> None:
    """A kingdom left with neither areas nor armies is eliminated and its chit leaves
    play. Liu Bei stands in Yanzhou, which Cao Cao controls; Liu Bei's only armies are
    destroyed with Cao Cao's in Xuchang, so his kingdom is gone."""
    game = combat({
        "yanzhou": {"armies": {"cao-cao": 3}, "characters": ["cao-cao", "liu-bei"]},
        "xuchang": {"armies": {"cao-cao": 3, "liu-bei": 2, "yuan-shao": 5},
                    "characters": ["xiahou-dun"]},
        "bohai": {"armies": {"yuan-shao": 4}, "characters": ["yuan-shao"]},
    }, control={"yanzhou": "cao-cao", "xuchang": "yuan-shao"})
    assert "chit:liu-bei" in game.state["pool"]
    # Valor: Xiahou Dun 6; battle: [6 6 6 6 6] against [1 1 1 1 1]. Xiahou Dun's capture
    # check: 6, he escapes to Yanzhou.
    game.advance(6, 6, 6, 6, 6, 6, 1, 1, 1, 1, 1, 6)
    assert game.status("liu-bei") == "eliminated"
    assert "» Liu Bei 劉備 is eliminated: it has neither areas nor armies" in said(game, "5.5(C)")
    assert "chit:liu-bei" not in game.state["pool"] + game.state["drawn"]
    assert not game.t.on_map("liu-bei")
    assert game.where("xiahou-dun") == "yanzhou" and game.controller("yanzhou") == "cao-cao"


@pytest.mark.rule("5.5(D)")
def test_retreat_causes_no_attrition() -> None:
    """A retreating side is not pursued: it leaves with every army it still has, and no
    further die is rolled (crossing a great river on the way back costs nothing either).
    Cao Cao crosses the river from Pingyuan into Yanzhou (5 armies, 1 lost to attrition),
    loses 1 in the battle and takes the other 3 back to Pingyuan intact."""
    game = combat({
        "pingyuan": {"armies": {"cao-cao": 6}, "characters": ["cao-cao"]},
        "yanzhou": {"armies": {"yuan-shao": 3}, "characters": ["yan-liang"]},
        "bohai": {"armies": {"yuan-shao": 4}, "characters": ["yuan-shao"]},
    }, phase="movement")
    # Valor: Cao Cao 6, Yan Liang 6; battle: [6 6 6 6] against [1 6 6].
    march(game, "pingyuan", ["yanzhou"], ["cao-cao"], 5, 6, 6, 6, 6, 6, 6, 1, 6, 6)
    assert game.armies("yanzhou", "cao-cao") == 3
    game.act("blue", {"do": "retreat", "to": "pingyuan"})
    assert game.armies("pingyuan", "cao-cao") == 4 and game.where("cao-cao") == "pingyuan"
    assert game.armies("yanzhou", "yuan-shao") == 3 and game.controller("yanzhou") == "yuan-shao"
    assert game.prompt().step == "end-turn"


# ---------------------------------------------------------------------- 5.6


@pytest.mark.rule("5.6(A)")
def test_combat_ends_when_a_side_has_no_armies_left() -> None:
    """The combat is over as soon as one side has no armies in the area: no retreat is
    offered and no other round is fought. White's last army falls in the first round,
    so White, though it would be asked, gets no retreat question."""
    game = combat({
        "xuchang": {"armies": {"cao-cao": 3, "yuan-shao": 2},
                    "characters": ["cao-cao", "yan-liang"]},
        "bohai": {"armies": {"yuan-shao": 4}, "characters": ["yuan-shao"]},
    }, control={"xuchang": "yuan-shao"}, orders={"white": {"retreat": "ask"}})
    # Valor: Cao Cao 6, Yan Liang 6; battle: [1 1 6] against [6 6]; Yan Liang's capture
    # check 3: he escapes to Bohai.
    game.advance(6, 6, 1, 1, 6, 6, 6, 3)
    assert said(game, "5.6(A)") == ["White Tiger (Yuan Shao) loses the combat in Xuchang 許昌"]
    assert "Battle round 2" not in game.text()
    assert game.controller("xuchang") == "cao-cao" and game.prompt().step == "end-turn"


@pytest.mark.rule("5.6(B)")
def test_battle_rounds_repeat_while_both_sides_have_armies() -> None:
    """While both sides keep armies the combat returns to the battle step; the contests
    are not held again. Neither side can retreat here, so the second round follows the
    first at once and Xiahou Dun's valor is rolled only once."""
    game = combat({
        "xuchang": {"armies": {"cao-cao": 3, "yuan-shao": 3}, "characters": ["xiahou-dun"]},
        "yanzhou": {"armies": {"cao-cao": 2}, "characters": ["cao-cao"]},
        "bohai": {"armies": {"yuan-shao": 4}, "characters": ["yuan-shao"]},
    }, control={"xuchang": "yuan-shao"})
    # Valor: 6. Round 1: [1 6 6] against [6 6 6]; round 2: [1 1 6] against [6 6].
    game.advance(6, 1, 6, 6, 6, 6, 6, 1, 1, 6, 6, 6)
    assert rules(game).count("5.3(B)") == 1
    assert [e.text for e in game.log.entries if e.rule == "5.4"] == ["Battle round 1",
                                                                     "Battle round 2"]
    assert game.armies("xuchang", "yuan-shao") == 0 and game.armies("xuchang", "cao-cao") == 3


@pytest.mark.rule("5.6(C)")
def test_mutual_wipeout_attacker_loses_and_retainers_checked() -> None:
    """If both sides lose their last armies at once, the attacker is the loser: each
    attacking retainer makes a capture check and the surviving attackers fall back; the
    warlord is never captured (rules-notes 38). Xiahou Dun is captured and, never
    submitting, is beheaded; Cao Ren escapes; Cao Cao rolls nothing; Cao Cao and Cao Ren
    return to Yanzhou. Yuan Shao wins, but Wen Chou has no army left in Xuchang either:
    he is not captured, and relocates to Yuan Shao's armies in Bohai (5.7(E)), leaving
    Xuchang empty."""
    game = combat({
        "yanzhou": {"armies": {"cao-cao": 3},
                    "characters": ["cao-cao", "xiahou-dun", "cao-ren"]},
        "xuchang": {"armies": {"yuan-shao": 2}, "characters": ["wen-chou"]},
        "bohai": {"armies": {"yuan-shao": 4}, "characters": ["yuan-shao"]},
    }, phase="movement")
    # Valor: Xiahou Dun 6, Wen Chou 6; battle: [1 1] against [1 1]; capture checks:
    # Xiahou Dun 1, Cao Ren 5.
    march(game, "yanzhou", ["xuchang"], ["cao-cao", "xiahou-dun", "cao-ren"], 2,
          6, 6, 1, 1, 1, 1, 1, 5)
    assert said(game, "5.6(C)") == ["Both sides are wiped out at once: the attacker loses",
                                    "The attacking characters fall back to Yanzhou 兗州"]
    assert game.where("xiahou-dun") == "out"
    assert game.where("cao-cao") == "yanzhou" and game.where("cao-ren") == "yanzhou"
    assert said(game, "5.7(E)") == ["Wen Chou 文醜 relocates to Bohai 渤海"]
    assert game.where("wen-chou") == "bohai" and game.controller("xuchang") is None


@pytest.mark.rule("5.6(C)")
def test_mutual_wipeout_capture_even_when_defender_has_nothing_left() -> None:
    """The defender wins a mutual wipe-out even with no piece left in the area, and its
    kingdom is the captor. Taishi Ci (loyalty 3) is captured on a 2 and submits on a 4:
    he is Yuan Shao's retainer now, but with no army of his kingdom in Xuchang he goes
    to Yuan Shao's armies in Bohai (5.7(A), (E)), and Xuchang is left empty."""
    game = combat({
        "yanzhou": {"armies": {"cao-cao": 3}, "characters": ["cao-cao"]},
        "xuchang": {"armies": {"yuan-shao": 2}},
        "bohai": {"armies": {"yuan-shao": 4}, "characters": ["yuan-shao"]},
    }, phase="movement", characters=recruited(taishi_ci="cao-cao@yanzhou"))
    # Valor: Taishi Ci 6; battle: [1 1] against [1 1]; capture 2, submission 4.
    march(game, "yanzhou", ["xuchang"], ["cao-cao", "taishi-ci"], 2, 6, 1, 1, 1, 1, 2, 4)
    assert game.kingdom_of("taishi-ci") == "yuan-shao" and game.where("taishi-ci") == "bohai"
    assert game.controller("xuchang") is None
    assert game.where("cao-cao") == "yanzhou"


@pytest.mark.rule("5.7(A)")
@pytest.mark.rule("5.6(C)")
def test_mutual_wipeout_relocates_the_winning_warlord_too() -> None:
    """A warlord left without armies in the area relocates whatever the result: after
    both sides are wiped out at once in Xuchang, Yuan Shao has won, yet he goes to his
    armies in Bohai, and Ji Ling, serving him, to the same place; Cao Cao and Xiahou Dun
    fall back to Yanzhou, and Xuchang is left empty, told once as a key result."""
    game = combat({
        "yanzhou": {"armies": {"cao-cao": 3}, "characters": ["cao-cao", "xiahou-dun"]},
        "xuchang": {"armies": {"yuan-shao": 2}, "characters": ["yuan-shao"]},
        "bohai": {"armies": {"yuan-shao": 4}},
    }, phase="movement", control={"xuchang": "yuan-shao"},
        characters=recruited(ji_ling="yuan-shao@xuchang"))
    # Valor: Xiahou Dun 6, Ji Ling 6; battle: [1 1] against [1 1]; capture: Xiahou Dun 5.
    march(game, "yanzhou", ["xuchang"], ["cao-cao", "xiahou-dun"], 2, 6, 6, 1, 1, 1, 1, 5)
    assert said(game, "5.7(A)") == ["Yuan Shao 袁紹 relocates to Bohai 渤海"]
    assert said(game, "5.7(E)") == ["Ji Ling 紀靈 relocates to Bohai 渤海"]
    assert game.where("yuan-shao") == "bohai" and game.status("yuan-shao") == "in-play"
    assert game.where("cao-cao") == "yanzhou" and game.controller("xuchang") is None
    assert key_results(game.lines()) == [
        "Xuchang 許昌 is left empty: Yuan Shao 袁紹 (White Tiger) no longer holds it"]


@pytest.mark.rule("9(E)")
@pytest.mark.rule("5.6(C)")
def test_mutual_wipeout_in_the_emperors_area_gives_him_to_the_winner() -> None:
    """The winner of a combat in the Emperor's area gains him, even when both sides were
    wiped out and nobody is left there. Cao Cao attacks Yuan Shu's 2 armies in Luoyang
    and both sides fall together: Cao Cao's characters, alone there for a moment, never
    hold Luoyang or the Emperor in the key results; they fall back, and Yuan Shu, the
    winner, keeps the Emperor in empty Luoyang until Cao Cao's next group marches in."""
    game = combat({
        "yanzhou": {"armies": {"cao-cao": 5},
                    "characters": ["cao-cao", "xiahou-dun", "cao-ren"]},
        "luoyang": {"armies": {"yuan-shu": 2}},
        "nanyang": {"armies": {"yuan-shu": 4}, "characters": ["yuan-shu"]},
    }, phase="movement", emperor="luoyang", control={"luoyang": "yuan-shu"})
    assert game.t.emperor_holder() == "yuan-shu"
    game.act("blue", {"do": "move", "from": "yanzhou", "to": ["luoyang"],
                      "characters": ["cao-cao", "xiahou-dun"], "armies": 2})
    # Valor: Xiahou Dun 6; battle: [1 1] against [1 1]; capture: Xiahou Dun 5.
    game.act("blue", "end-movement")
    game.act("blue", "no-check", 6, 1, 1, 1, 1, 5)
    assert game.where("cao-cao") == "yanzhou" and game.controller("luoyang") is None
    assert game.t.emperor_holder() == "yuan-shu" and game.state["emperor"] == "luoyang"
    assert said(game, "9(E)") == ["Yuan Shu 袁術 wins the combat and controls Emperor Xian, "
                                  "left alone in Luoyang 洛陽"]
    assert key_results(game.lines()) == ["Luoyang 洛陽 is left empty: Yuan Shu 袁術 (White Tiger) "
                                  "no longer holds it, but keeps Emperor Xian there"]
    # 9(A): whoever next holds his area holds him.
    game.t.place_char("cao-ren", "luoyang")
    assert game.controller("luoyang") == "cao-cao" and game.t.emperor_holder() == "cao-cao"
    game.t.place_char("cao-ren", "yanzhou")
    assert game.t.emperor_holder() is None


@pytest.mark.rule("5.6(C)")
def test_the_losers_brief_hold_is_never_a_key_result_even_across_a_question() -> None:
    """When both sides are wiped out at once, the attacker loses: his characters, alone in
    the area for a moment, do not take it in the key results, not even while the winner
    is asked which kingdom takes a prisoner. Cao Cao's 2 armies and Yuan Shao's and Yuan
    Shu's 1 each fall together in Xuchang; Xiahou Dun is captured (1), White names Yuan
    Shu as captor, he is beheaded, Cao Cao falls back, and Xuchang is left empty."""
    game = combat({
        "yanzhou": {"armies": {"cao-cao": 3}, "characters": ["cao-cao", "xiahou-dun"]},
        "xuchang": {"armies": {"yuan-shao": 1, "yuan-shu": 1}},
        "bohai": {"armies": {"yuan-shao": 4}, "characters": ["yuan-shao"]},
        "nanyang": {"armies": {"yuan-shu": 4}, "characters": ["yuan-shu"]},
    }, phase="movement", control={"xuchang": "yuan-shao"}, orders={"white": {"capture": "ask"}})
    game.act("blue", {"do": "move", "from": "yanzhou", "to": ["xuchang"],
                      "characters": ["cao-cao", "xiahou-dun"], "armies": 2})
    game.act("blue", "end-movement")
    # Valor: Xiahou Dun 6; battle: [1 1] against [1 1]; capture: Xiahou Dun 1.
    game.act("blue", "no-check", 6, 1, 1, 1, 1, 1)
    assert game.prompt().role == "white" and game.prompt().step == "captor"
    assert key_results(game.lines()) == []
    game.act("white", {"do": "captor", "character": "xiahou-dun", "kingdom": "yuan-shu"})
    assert key_results(game.lines()) == [
        "Xiahou Dun 夏侯惇, taken by Yuan Shu 袁術; he never submits and is beheaded",
        "Xuchang 許昌 is left empty: Yuan Shao 袁紹 (White Tiger) no longer holds it"]
    assert game.where("cao-cao") == "yanzhou" and game.controller("xuchang") is None


# ---------------------------------------------------------------------- 5.7


@pytest.mark.rule("5.7(A)")
def test_a_warlord_whose_own_armies_fall_relocates_though_his_side_wins() -> None:
    """5.7(A) looks at the warlord's own kingdom: when all its armies in the combat are
    eliminated he relocates, even if a friendly kingdom's armies win the area. Cao Cao
    (1 army) and Liu Bei's 3 armies with Guan Yu attack Yuan Shao's 2 in Xuchang; Blue
    gives Cao Cao's army as one of its two losses, and Liu Bei's 2 then win. Cao Cao goes
    to his armies in Yanzhou; Guan Yu, whose kingdom's armies remain, stays."""
    game = combat({
        "xuchang": {"armies": {"cao-cao": 1, "liu-bei": 3, "yuan-shao": 2},
                    "characters": ["cao-cao", "guan-yu"]},
        "yanzhou": {"armies": {"cao-cao": 3}},
        "pingyuan": {"armies": {"liu-bei": 4}, "characters": ["liu-bei"]},
        "bohai": {"armies": {"yuan-shao": 4}, "characters": ["yuan-shao"]},
    }, control={"xuchang": "yuan-shao"}, orders={"blue": {"losses": "ask"}})
    # Valor: Guan Yu 6; round 1: [6 6 6 6] against [1 1]; round 2: [1 1] against [6 6].
    game.advance(6, 6, 6, 6, 6, 1, 1)
    game.act("blue", {"do": "losses", "losses": {"cao-cao": 1, "liu-bei": 1}}, 1, 1, 6, 6)
    assert said(game, "5.7(A)") == ["Cao Cao 曹操 relocates to Yanzhou 兗州"]
    assert game.where("cao-cao") == "yanzhou" and game.where("guan-yu") == "xuchang"
    assert game.controller("xuchang") == "liu-bei" and game.armies("xuchang", "liu-bei") == 2


@pytest.mark.rule("5.7(A)")
def test_warlord_relocates_or_dies_and_retainers_follow() -> None:
    """A warlord whose armies in the area are all destroyed is not eliminated: he goes
    to any other area holding his kingdom's armies, however far; a retainer who escapes
    capture does the same. Blue, asked by its standing order, sends Cao Cao to Qiao and
    Xiahou Dun to Yanzhou."""
    game = combat({
        "xuchang": {"armies": {"cao-cao": 2, "yuan-shao": 5},
                    "characters": ["cao-cao", "xiahou-dun"]},
        "yanzhou": {"armies": {"cao-cao": 3}},
        "qiao": {"armies": {"cao-cao": 1}},
        "bohai": {"armies": {"yuan-shao": 4}, "characters": ["yuan-shao"]},
    }, control={"xuchang": "yuan-shao"}, orders={"blue": {"relocate": "ask"}})
    # Valor: Xiahou Dun 6; battle: [6 6] against [1 1 6 6 6]; Xiahou Dun's capture
    # check: 4, he escapes.
    game.advance(6, 6, 6, 1, 1, 6, 6, 6, 4)
    assert game.prompt().role == "blue"
    assert game.offered("relocate") == [{"do": "relocate", "character": "cao-cao", "to": "yanzhou"},
                                        {"do": "relocate", "character": "cao-cao", "to": "qiao"}]
    game.refuse("blue", {"do": "relocate", "character": "cao-cao", "to": "bohai"}, rule="5.7(A)")
    game.act("blue", {"do": "relocate", "character": "cao-cao", "to": "qiao"})
    game.act("blue", {"do": "relocate", "character": "xiahou-dun", "to": "yanzhou"})
    assert game.where("cao-cao") == "qiao" and game.status("cao-cao") == "in-play"
    assert game.where("xiahou-dun") == "yanzhou"
    assert said(game, "5.7(A)") == ["Cao Cao 曹操 relocates to Qiao 譙"]
    assert said(game, "5.7(E)") == ["Xiahou Dun 夏侯惇 relocates to Yanzhou 兗州"]


@pytest.mark.rule("5.7(A)")
def test_warlord_killed_eliminates_kingdom() -> None:
    """With no other area holding his kingdom's armies, the warlord is killed, and his
    kingdom is eliminated (rules-notes 5): its own retainers leave the map, recruited
    free retainers go back to the pool, its chit leaves play. Yuan Shu loses his only
    armies in Xuchang; Ji Ling and Lu Su escape capture but have nowhere to go."""
    game = combat({
        "yanzhou": {"armies": {"cao-cao": 6}, "characters": ["cao-cao"]},
        "xuchang": {"armies": {"yuan-shu": 3}, "characters": ["yuan-shu", "ji-ling"]},
        "bohai": {"armies": {"yuan-shao": 4}, "characters": ["yuan-shao"]},
    }, phase="movement", characters=recruited(lu_su="yuan-shu@xuchang"))
    march(game, "yanzhou", ["xuchang"], ["cao-cao"], 5)
    # No check; valor: Cao Cao 6, Ji Ling 6; battle: [1 1 1 6 6] against [6 6 6];
    # capture checks: Ji Ling 6, Lu Su 6.
    game.act("blue", "no-check", 6, 6, 1, 1, 1, 6, 6, 6, 6, 6, 6, 6)
    assert said(game, "5.7(A)") == ["» Yuan Shu 袁術 has no army left to join and is killed",
                                    "» Yuan Shu 袁術 is eliminated: its warlord is killed"]
    assert game.status("yuan-shu") == "eliminated" and not game.t.on_map("yuan-shu")
    assert game.where("ji-ling") == "out"  # his own retainer leaves the map
    assert game.where("lu-su") == "pool" and game.kingdom_of("lu-su") is None
    assert "chit:yuan-shu" not in game.state["pool"]


def captures() -> Game:
    """Yuan Shao's Wen Chou, Yan Liang and Zhang He (loyalty 3, 3 and 2) defend Xuchang
    with 2 armies against Cao Cao; the battle destroys both armies."""
    game = combat({
        "xuchang": {"armies": {"cao-cao": 4, "yuan-shao": 2},
                    "characters": ["cao-cao", "wen-chou", "yan-liang", "zhang-he"]},
        "bohai": {"armies": {"yuan-shao": 4}, "characters": ["yuan-shao"]},
    }, control={"xuchang": "yuan-shao"})
    # Valor: Cao Cao 6, Wen Chou 6; battle: [1 1 6 6] against [6 6]. Capture checks:
    # Wen Chou 1 (submission 3: beheaded), Yan Liang 2 (submission 4: joins Cao Cao),
    # Zhang He 3 (escapes).
    game.advance(6, 6, 1, 1, 6, 6, 6, 6, 1, 3, 2, 4, 3)
    return game


@pytest.mark.rule("5.7(B)")
def test_capture_on_one_or_two_and_submission_above_loyalty() -> None:
    """When a side's armies in an area are all destroyed, each of its retainers rolls a
    die and is captured on a 1 or 2. Wen Chou (1) and Yan Liang (2) are captured; Zhang
    He (3) escapes."""
    game = captures()
    assert said(game, "5.7(B)") == ["Zhang He 張郃 rolls 3: escapes capture"]
    assert [line.split(";")[0] for line in said(game, "5.7(C)")] == [
        "» Wen Chou 文醜 rolls 1: captured", "» Yan Liang 顏良 rolls 2: captured"]


@pytest.mark.rule("5.7(C)")
def test_captured_retainer_submits_above_loyalty_else_is_beheaded() -> None:
    """A captured retainer rolls for submission: above his loyalty he joins the captor's
    kingdom, otherwise he is beheaded and removed from the game: not into the dead pile,
    which a refill of the free retainer pool empties (10.2(C)). Wen Chou rolls 3 against
    loyalty 3 and is beheaded; Yan Liang rolls 4 and joins Cao Cao, staying in Xuchang."""
    game = captures()
    assert game.where("wen-chou") == "out" and game.kingdom_of("wen-chou") is None
    assert game.kingdom_of("yan-liang") == "cao-cao" and game.where("yan-liang") == "xuchang"


@pytest.mark.rule("5.7(C)")
def test_captured_retainer_with_star_loyalty_never_submits() -> None:
    """Loyalty marked with a star can never be beaten: such a captive is beheaded
    without a submission roll. Gongsun Yue is captured on a 1 and dies."""
    game = combat({
        "xuchang": {"armies": {"cao-cao": 4, "gongsun-zan": 1}, "characters": ["gongsun-yue"]},
        "yanzhou": {"armies": {"cao-cao": 2}, "characters": ["cao-cao"]},
        "youzhou": {"armies": {"gongsun-zan": 4}, "characters": ["gongsun-zan"]},
    }, kingdoms={**two_players(BLUE, [*WHITE[:2], "gongsun-zan"])},
        control={"xuchang": "gongsun-zan"})
    # Valor: Gongsun Yue (1) rolls 6; battle: [1 6 6 6] at command 1 against [6]; capture 1.
    game.advance(6, 1, 6, 6, 6, 6, 1)
    assert said(game, "5.7(C)") == ["» Gongsun Yue 公孫越 rolls 1: captured; he never submits "
                                    "and is beheaded"]
    assert game.where("gongsun-yue") == "out"


@pytest.mark.rule("5.7(D)")
def test_player_picks_which_of_his_kingdoms_takes_a_captive() -> None:
    """When several kingdoms of the winning player capture a retainer together, that
    player decides which one makes the submission check. Cao Cao and Liu Bei capture
    Wen Chou; Blue, whose standing order asks, gives him to Liu Bei, and he submits."""
    game = combat({
        "xuchang": {"armies": {"cao-cao": 3, "liu-bei": 3, "yuan-shao": 2},
                    "characters": ["cao-cao", "liu-bei", "wen-chou"]},
        "bohai": {"armies": {"yuan-shao": 4}, "characters": ["yuan-shao"]},
    }, control={"xuchang": "yuan-shao"}, orders={"blue": {"capture": "ask"}})
    # Valor: Cao Cao 6, Wen Chou 6; battle: [1 1 6 6 6] against [6 6]; capture 2.
    game.advance(6, 6, 1, 1, 6, 6, 6, 6, 6, 2)
    assert game.prompt().role == "blue" and game.prompt().step == "captor"
    assert game.offered("captor") == [
        {"do": "captor", "character": "wen-chou", "kingdom": "cao-cao"},
        {"do": "captor", "character": "wen-chou", "kingdom": "liu-bei"}]
    game.refuse("blue", {"do": "captor", "character": "wen-chou", "kingdom": "sun-wu"},
                rule="5.7(D)")
    game.act("blue", {"do": "captor", "character": "wen-chou", "kingdom": "liu-bei"}, 5)
    assert game.kingdom_of("wen-chou") == "liu-bei" and game.where("wen-chou") == "xuchang"
    assert said(game, "5.7(C)") == ["» Wen Chou 文醜, taken by Liu Bei 劉備; submission roll 5 > "
                                    "loyalty 3: joins Liu Bei 劉備"]


@pytest.mark.rule("5.7(E)")
def test_retainer_who_escapes_capture_relocates_like_a_warlord() -> None:
    """A retainer who is not captured goes, like a warlord, to another area with his
    kingdom's armies. Zhang He escapes and joins Yuan Shao's armies in Bohai."""
    game = captures()
    assert game.where("zhang-he") == "bohai"
    assert said(game, "5.7(E)") == ["Zhang He 張郃 relocates to Bohai 渤海"]


@pytest.mark.rule("3.2(A)")
def test_check_against_a_main_kingdom_refused_under_its_own_rule() -> None:
    """A main kingdom never betrays its player, and the refusal says so (3.2(A)), not
    that checks come only at the start of a combat. Cao Cao attacks Bohai, held by
    White's Yuan Shao (main) with Yuan Shu (ally): only Yuan Shu may be tried."""
    game = combat({
        "bohai": {"armies": {"cao-cao": 5, "yuan-shao": 2, "yuan-shu": 2},
                  "characters": ["cao-cao", "yuan-shao", "yuan-shu"]},
        "yanzhou": {"armies": {"cao-cao": 4}, "characters": ["xiahou-dun"]},
    }, control={"bohai": "yuan-shao"})
    game.advance()
    assert game.offered("check") == [
        {"do": "check", "character": "cao-cao", "target": "yuan-shu"}]
    assert game.prompt().actions[0].label == ("Cao Cao 曹操: betrayal check on Yuan Shu 袁術 "
                                              "(succeeds on a 1)")
    error = game.refuse("blue", {"do": "check", "character": "cao-cao", "target": "yuan-shao"},
                        rule="3.2(A)")
    assert error.message.startswith("a main kingdom never betrays its player")


@pytest.mark.rule("5.1(B)")
def test_defender_may_check_only_the_former_ally_just_turned() -> None:
    """The attacker checks first; the defender may then try only a former ally that has
    just changed sides in this combat (both editions name only that kingdom). In Xuchang,
    Cao Cao wins over White's Yuan Shu (1); White, asked, may try Yuan Shu back, but not
    Blue's ally Liu Bei, whose armies are there too."""
    turned = combat({
        "xuchang": {"armies": {"cao-cao": 3, "liu-bei": 2, "yuan-shu": 2, "yuan-shao": 2},
                    "characters": ["cao-cao", "yuan-shao"]},
        "nanyang": {"armies": {"yuan-shu": 4}, "characters": ["yuan-shu"]},
        "bohai": {"armies": {"yuan-shao": 4}},
    }, control={"xuchang": "yuan-shao"}, orders={"white": {"counter_check": "ask"}})
    turned.advance()
    turned.act("blue", {"do": "check", "character": "cao-cao", "target": "yuan-shu"}, 1)
    assert turned.owner("yuan-shu") == "blue"
    assert turned.prompt().role == "white"
    assert turned.offered("check") == [{"do": "check", "character": "yuan-shao",
                                        "target": "yuan-shu"}]
    turned.refuse("white", {"do": "check", "character": "yuan-shao", "target": "liu-bei"},
                  rule="5.1(B)")


