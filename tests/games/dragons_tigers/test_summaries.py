"""The help summaries (data/summaries.yaml) say what the rules as implemented do."""

from __future__ import annotations

import re

from pbem.games.dragons_tigers import summaries
from tests.games.dragons_tigers.kit import Game, two_players

KINGDOMS = two_players(["cao-cao", "liu-bei"], ["yuan-shao", "yuan-shu"])


def test_every_summary_names_a_section_of_the_rulebook() -> None:
    keys = list(summaries._all())
    assert keys
    for key in keys:
        assert re.fullmatch(r"\d+(\.\d+)*(\([A-Z1-9]\))?", key), key


def test_main_kingdom_may_change_when_any_turn_ends() -> None:
    """3.2(B): the summary speaks of any turn, as the rules do: White, whose standing
    order asks, may change his main kingdom when Blue's turn ends."""
    assert "another player's" in summaries.lookup("3.2(B)")
    game = Game({"kingdoms": KINGDOMS, "orders": {"white": {"main_change": "ask"}},
                 "turn": {"kingdom": "cao-cao", "phase": "end"}})
    game.act("blue", "end-turn")
    assert game.prompt().role == "white" and game.prompt().rule == "3.2(B)"


def test_summaries_of_levy_exceptions_and_defender_checks() -> None:
    """4.4(E): only a retainer's administration may be placed in his own area; 5.1(B): the
    defender checks only the former ally that has just changed sides."""
    assert "retainer's own administration" in summaries.lookup("4.4(E)")
    assert "only the former ally that has just changed sides" in summaries.lookup("5.1(B)")
