"""Section 7, Victory conditions: scenario tests (8(C) has its own in test_s08)."""

from __future__ import annotations

from typing import Any

import pytest

from pbem.engine import Log
from pbem.games.dragons_tigers.rules import s07_victory
from pbem.games.dragons_tigers.table import Table
from tests.games.dragons_tigers.kit import Game, two_players


def last_turn(pieces: dict[str, Any], **extra: Any) -> Game:
    """Round 8, Yuan Shao's turn, the Mandate marker on the northern edge: a Mandate roll
    of 1 takes it off the display and ends the round, and so the game."""
    scenario: dict[str, Any] = {"round": 8, "kingdoms": two_players(["cao-cao"], ["yuan-shao"]),
                                "pieces": pieces, "mandate": [0, -2],
                                "turn": {"kingdom": "yuan-shao", "phase": "mandate"}}
    scenario.update(extra)
    return Game(scenario)


def said(game: Game, rule: str) -> list[str]:
    return [e.text for e in game.log.entries if e.rule == rule]


@pytest.mark.rule("7(1)")
def test_eliminating_every_opposing_kingdom_wins_at_once() -> None:
    """A player wins as soon as all of his opponent's kingdoms are eliminated, whatever
    the round. Yuan Shao, White's last kingdom, loses his only armies in Bohai and dies:
    Blue wins in Round 3."""
    game = Game({"round": 3, "kingdoms": two_players(["cao-cao", "liu-bei"], ["yuan-shao"]),
                 "pieces": {"bohai": {"armies": {"cao-cao": 5, "yuan-shao": 2},
                                      "characters": ["cao-cao", "yuan-shao"]},
                            "pingyuan": {"armies": {"liu-bei": 3}, "characters": ["liu-bei"]}},
                 "control": {"bohai": "yuan-shao"},
                 "turn": {"kingdom": "cao-cao", "phase": "combat"}})
    # Valor: Cao Cao 6, Yuan Shao 6; battle: [1 1 6 6 6] against [6 6].
    game.advance(6, 6, 1, 1, 6, 6, 6, 6, 6)
    assert game.status("yuan-shao") == "eliminated"
    assert said(game, "7(1)") == ["» Every opposing kingdom is eliminated: Blue Dragon wins"]
    result = game.state["result"]
    assert result["winner"] == "blue" and result["reason"] == "elimination"
    assert result["round"] == 3 and game.state["stack"] == []


@pytest.mark.rule("7(2)")
def test_more_areas_at_the_end_of_round_8_wins() -> None:
    """When Round 8 is over, the player whose kingdoms control more areas wins. The
    Mandate roll of Round 8 leaves the display; Blue holds 3 areas (8 manpower), White 2
    areas (8 manpower): Blue wins on areas alone."""
    game = last_turn({
        "yanzhou": {"armies": {"cao-cao": 2}, "characters": ["cao-cao"]},
        "qiao": {"armies": {"cao-cao": 1}},
        "wuling": {"armies": {"cao-cao": 1}},
        "xuchang": {"armies": {"yuan-shao": 2}, "characters": ["yuan-shao"]},
        "luoyang": {"armies": {"yuan-shao": 1}},
    })
    game.advance(1)
    assert game.state["result"] == {
        "winner": "blue", "reason": "areas", "round": 8, "tied": [],
        "scores": {"blue": {"areas": 3, "manpower": 8}, "white": {"areas": 2, "manpower": 8}}}
    assert said(game, "7(2)")[-1] == "» Blue Dragon wins"


@pytest.mark.rule("7(3)")
def test_round8_end_sequence_before_count_and_manpower_tiebreak() -> None:
    """With equal numbers of areas, the greater total manpower of those areas wins. The
    count comes after Round 8's own end sequence (rules-notes 42): White (standing order
    main_change: ask) is first asked about his main kingdom. Blue's Yanzhou and Wuling
    make 5, White's Xuchang and Luoyang 8: White wins."""
    game = last_turn({
        "yanzhou": {"armies": {"cao-cao": 2}, "characters": ["cao-cao"]},
        "wuling": {"armies": {"cao-cao": 1}},
        "xuchang": {"armies": {"yuan-shao": 2}, "characters": ["yuan-shao"]},
        "luoyang": {"armies": {"yuan-shu": 1}, "characters": ["yuan-shu"]},
    }, kingdoms=two_players(["cao-cao"], ["yuan-shao", "yuan-shu"]),
        orders={"white": {"main_change": "ask"}})
    game.advance(1)
    assert not game.state["result"]
    assert game.prompt().role == "white" and game.prompt().step == "main-kingdom"
    game.act("white", {"do": "main", "kingdom": "yuan-shu"})
    result = game.state["result"]
    assert (result["winner"], result["reason"]) == ("white", "manpower")
    assert result["scores"] == {"blue": {"areas": 2, "manpower": 5},
                                "white": {"areas": 2, "manpower": 8}}
    assert said(game, "7(3)") == ["» White Tiger wins"]
    headings = [e.text for e in game.log.entries if e.rule in ("4.8", "7")]
    assert headings[-2:] == ["End of Round 8", "The game ends: the count of areas"]


@pytest.mark.rule("7(3)")
def test_equal_areas_and_manpower_is_a_draw() -> None:
    """Equal areas and equal manpower make the game a draw: Yanzhou and Wuling (5)
    against Bohai and Pingyuan (5)."""
    game = Game({"round": 8, "kingdoms": two_players(["cao-cao"], ["yuan-shao"]),
                 "pieces": {"yanzhou": {"armies": {"cao-cao": 2}, "characters": ["cao-cao"]},
                            "wuling": {"armies": {"cao-cao": 1}},
                            "bohai": {"armies": {"yuan-shao": 2},
                                      "characters": ["yuan-shao"]},
                            "pingyuan": {"armies": {"yuan-shao": 1}}}})
    log = Log()
    s07_victory.final_count(Table(game.state, log=log))
    result = game.state["result"]
    assert result["winner"] is None and result["reason"] == "draw"
    assert result["tied"] == ["blue", "white"]
    assert [e.text for e in log.entries if e.rule == "7(3)"] == [
        "» Equal areas and equal manpower: the game is a draw between Blue Dragon and White Tiger"]
