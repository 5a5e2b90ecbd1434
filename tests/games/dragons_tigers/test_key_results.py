"""Key results: the lines a player wants first (eliminations, defections, captures, areas
changing hands, losses to events), marked by the rules and found again in a plain log."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pbem.engine import GameModule
from pbem.signing import PrivateKey
from tests import fixed_games
from tests.games.dragons_tigers.kit import MODULE, Game, position
from tests.games.dragons_tigers.test_s10_events import TURBANS, event_turn
from tests.tinygame import TinyRace

GOLDEN_KEYS = Path(__file__).resolve().parents[3] / "saves" / "golden" / "keys"
XUCHANG_FALLS: dict[str, Any] = {
    "kingdoms": {"cao-cao": {"owner": "blue", "main": True},
                 "yuan-shu": {"owner": "white", "main": True},
                 "yuan-shao": {"owner": "white"}, "liu-biao": {"owner": "white"}},
    "pieces": {"yanzhou": {"armies": {"cao-cao": 10}, "characters": ["cao-cao", "xiahou-dun"]},
               "xuchang": {"characters": ["yuan-shu"]},
               "bohai": {"armies": {"yuan-shao": 4}, "characters": ["yuan-shao"]},
               "xiangyang": {"armies": {"liu-biao": 7}, "characters": ["liu-biao"]}},
    "turn": {"kingdom": "cao-cao", "phase": "movement"},
}


def test_a_combat_tells_the_fall_of_a_kingdom_and_of_its_area_first() -> None:
    """Cao Cao's armies march into Xuchang, where Yuan Shu stands alone: he has no army to
    fall back to and is killed, his kingdom is eliminated and Xuchang changes sides. Those
    three are the key results of the combat, as short lines; the combat heading, the
    control line and the standing order's choice of a new main kingdom are not."""
    game = Game(XUCHANG_FALLS)
    game.act("blue", {"do": "move", "from": "yanzhou", "characters": ["xiahou-dun"],
                      "to": ["xuchang"], "armies": 4})
    lines = game.act("blue", "end-movement")
    assert "  » Yuan Shu 袁術 is eliminated: its warlord is killed (5.7(A))" in lines
    assert MODULE.key_results(lines) == [
        "Yuan Shu 袁術 has no army left to join and is killed",
        "Yuan Shu 袁術 is eliminated: its warlord is killed",
        "Xuchang 許昌 passes from Yuan Shu 袁術 (White Tiger) to Cao Cao 曹操 (Blue Dragon)"]


def test_areas_changing_hands_are_news_but_not_between_friends() -> None:
    """An area taken from nobody is news; an area passing between two kingdoms of one
    player is not (the relocation of allied armies at the end of a round, 4.8.3, changes
    control without changing sides)."""
    game = position({"yanzhou": {"armies": {"cao-cao": 10}, "characters": ["cao-cao"]}},
                    phase="movement")
    lines = game.act("blue", {"do": "move", "from": "yanzhou", "characters": ["cao-cao"],
                              "to": ["qiao"], "armies": 5})
    assert MODULE.key_results(lines) == ["Qiao 譙 passes to Cao Cao 曹操 (Blue Dragon)"]
    lines = game.act("blue", {"do": "end-movement"})
    assert MODULE.key_results(lines) == []


def test_losses_to_events_and_defections_are_key_results() -> None:
    """The Yellow Turbans' losses are key results; so is a neutral kingdom joining a player
    by diplomacy."""
    game = event_turn()
    game.advance(TURBANS)
    lines = game.act("blue", {"do": "uprising", "area": "bohai"}, 4)
    assert MODULE.key_results(lines) == ["Yuan Shao 袁紹 loses 4 armies in Bohai 渤海"]
    talks = position({"yanzhou": {"armies": {"cao-cao": 5}, "characters": ["cao-cao"]},
                      "liangzhou": {"armies": {"ma-teng": 10}, "characters": ["ma-teng"]}},
                     phase="diplomacy")
    lines = talks.act("blue", {"do": "negotiate", "character": "cao-cao",
                               "target": "ma-teng"}, 1)
    assert MODULE.key_results(lines) == [
        "Cao Cao 曹操, diplomacy 2, rolls 1: Ma Teng 馬騰 becomes an ally of Blue Dragon"]


def test_only_marked_lines_count_and_a_game_without_marks_has_none() -> None:
    """Plain lines (and logs written before lines were marked) give no key results; the
    engine's default for a game that marks nothing is an empty list."""
    plain = ["Turn 3 (round 1): Cao Cao 曹操, played by Blue Dragon (kingdom chit) (4.1)",
             "  Yuan Shu 袁術 is eliminated: its warlord is killed (5.7(A))"]
    assert MODULE.key_results(plain) == []
    assert MODULE.key_results(["    » Blue Dragon wins (7(2))"]) == ["Blue Dragon wins"]
    assert GameModule.key_results(TinyRace(), ["alice wins the race (R3)"]) == []


def test_a_whole_game_names_its_winner_among_its_key_results() -> None:
    """In a game played to its end, the last save's key results include the outcome, and
    every key result of every save is a marked line of that save's log."""
    keys = [PrivateKey.from_openssh((GOLDEN_KEYS / role).read_bytes())
            for role in ("blue", "white")]
    result = fixed_games.play("dragons-tigers", 2, 5, keys)
    last = result.saves[-1]
    assert any(line.endswith(" wins") or "draw" in line or "China falls" in line
               for line in MODULE.key_results(last.doc["log"]))
    for save in result.saves:
        found = MODULE.key_results(save.doc["log"])
        assert len(found) == sum(1 for line in save.doc["log"] if line.lstrip().startswith("» "))
