"""The scenario format (docs/scenarios.md): the keys it accepts and what they set up."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pbem.errors import UsageError
from pbem.games.dragons_tigers import scenario as scenario_format
from tests.games.dragons_tigers.kit import Game, two_players

KINGDOMS = two_players(["cao-cao", "liu-bei", "sun-wu"], ["yuan-shao", "yuan-shu", "liu-biao"])


def test_every_documented_key_is_accepted() -> None:
    """Every key docs/scenarios.md shows is read, and no other."""
    text = (Path(__file__).resolve().parents[3] / "docs" / "scenarios.md").read_text("utf-8")
    for key in scenario_format.KEYS:
        assert f"\n{key}:" in text, key
    for key in scenario_format.TURN_KEYS:
        assert f"\n  {key}:" in text, key
    with pytest.raises(UsageError, match="scenario field weather: not a scenario field"):
        Game({"weather": "rain"})
    with pytest.raises(UsageError, match=r"scenario field turn.speed: not a known key"):
        Game({"kingdoms": KINGDOMS, "turn": {"kingdom": "cao-cao", "speed": 3}})
    with pytest.raises(UsageError, match=r"scenario field flags.comet: not a known key"):
        Game({"flags": {"comet": True}})
    with pytest.raises(UsageError, match=r"scenario field last_player: must be one of"):
        Game({"last_player": "green"})


def test_a_turn_may_start_at_its_beginning_so_start_of_turn_abilities_fire() -> None:
    """With phase begin, the turn is counted and Cao Cao's Edict (11.1) is rolled before
    the Mandate roll: 2 pulls a free retainer (the 1st of the pool, Cheng Yu), who joins
    him in Yanzhou, then the Mandate die (1) moves the marker. From phase mandate the
    Edict is already past."""
    game = Game({"kingdoms": KINGDOMS, "turn": {"kingdom": "cao-cao", "phase": "begin"}})
    lines = game.advance(2, 1, 1)
    assert lines[0] == ("Turn 1 (round 1): Cao Cao 曹操, played by Blue Dragon (kingdom chit) "
                        "(4.1)")
    assert any(line.startswith("  Edict Seeking Talented Individuals") for line in lines)
    assert game.kingdom_of("cheng-yu") == "cao-cao" and game.where("cheng-yu") == "yanzhou"
    assert game.state["turns"] == {"total": 1, "round": 1}

    later = Game({"kingdoms": KINGDOMS, "turn": {"kingdom": "cao-cao", "phase": "mandate"}})
    lines = later.advance(1)
    assert not any("Edict" in line for line in lines)


def test_a_scenario_in_a_later_round_starts_from_the_round_end_changes() -> None:
    """Round 5: Li Jue and his turned-over retainers stand where Dong Zhuo's stood, Lü Bu's
    kingdom is in Xuzhou, Liu Zhang rules in Chengdu, Sun Quan leads Sun Wu with Zhou Yu at
    his side. Saying otherwise wins: Dong Zhuo named as warlord keeps his counter up."""
    game = Game({"kingdoms": KINGDOMS, "round": 5})
    state = game.state
    assert state["kingdoms"]["dong-zhuo"]["warlord"] == "li-jue"
    assert game.where("li-jue") == "luoyang" and game.where("guo-si") == "luoyang"
    assert game.where("zhang-ji") == "anding" and game.where("fan-chou") == "changan"
    assert "dong-zhuo" not in state["chars"] and "lu-bu" not in state["chars"]
    assert game.status("lu-bu") == "in-play" and game.armies("xuzhou", "lu-bu") == 10
    assert game.where("lu-bu-warlord") == "xuzhou"
    assert state["kingdoms"]["liu-zhang"]["warlord"] == "liu-zhang"
    assert state["kingdoms"]["sun-wu"]["warlord"] == "sun-quan"
    assert game.where("sun-quan") == "changsha" and game.where("zhou-yu") == "changsha"

    kept = Game({"kingdoms": {**KINGDOMS, "dong-zhuo": {"warlord": "dong-zhuo"}}, "round": 2})
    assert kept.where("dong-zhuo") == "luoyang" and "li-jue" not in kept.state["chars"]
    assert kept.state["kingdoms"]["dong-zhuo"]["warlord"] == "dong-zhuo"

    first = Game({"kingdoms": KINGDOMS})
    assert first.where("dong-zhuo") == "luoyang" and first.status("lu-bu") == "absent"


def test_placing_the_other_side_of_a_counter_turns_it_back() -> None:
    """A Round 3 scenario that places Sun Jian has Sun Jian, not Sun Ce, lead Sun Wu."""
    game = Game({"kingdoms": KINGDOMS, "round": 3, "pieces": {
        "changsha": {"armies": {"sun-wu": 5}, "characters": ["sun-jian"]},
        "yanzhou": {"armies": {"cao-cao": 5}, "characters": ["cao-cao"]},
        "bohai": {"armies": {"yuan-shao": 5}, "characters": ["yuan-shao"]}}})
    assert game.state["kingdoms"]["sun-wu"]["warlord"] == "sun-jian"
    assert game.where("sun-jian") == "changsha" and "zhou-yu" not in game.state["chars"]
    assert game.status("sun-wu") == "in-play" and game.where("sun-ce") == "aside"
    assert game.status("lu-bu") == "eliminated"


def test_free_retainers_under_pieces_serve_the_kingdom_in_their_area() -> None:
    """A free retainer placed under pieces serves the kingdom beside him, recruited;
    beside two kingdoms he needs to be told whom he serves."""
    pieces: dict[str, Any] = {
        "yanzhou": {"armies": {"cao-cao": 5}, "characters": ["cao-cao", "xun-yu"]},
        "bohai": {"armies": {"yuan-shao": 5}, "characters": ["yuan-shao"]}}
    game = Game({"kingdoms": KINGDOMS, "pieces": pieces})
    assert game.kingdom_of("xun-yu") == "cao-cao"
    assert game.state["chars"]["xun-yu"]["recruited"]
    crowded = {**pieces, "xuchang": {"armies": {"cao-cao": 2, "liu-bei": 2},
                                     "characters": ["guo-jia"]}}
    with pytest.raises(UsageError, match="name his kingdom under characters"):
        Game({"kingdoms": KINGDOMS, "pieces": crowded})
    told = Game({"kingdoms": KINGDOMS, "pieces": crowded,
                 "characters": {"guo-jia": {"at": "xuchang", "kingdom": "liu-bei"}}})
    assert told.kingdom_of("guo-jia") == "liu-bei"


def test_the_emperor_may_be_recorded_as_fled() -> None:
    game = Game({"kingdoms": KINGDOMS, "emperor": "yanzhou", "emperor_fled": True})
    assert game.state["flags"]["emperor_fled"] is True and game.state["emperor"] == "yanzhou"
    with pytest.raises(UsageError, match="emperor_fled: is true or false"):
        Game({"emperor_fled": "yes"})
