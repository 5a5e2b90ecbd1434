"""4.4 Levy: scenario tests."""

from __future__ import annotations

import pytest

from tests.games.dragons_tigers.kit import Game, two_players

CAO = {"kingdoms": two_players(["cao-cao", "liu-bei", "sun-wu"],
                               ["yuan-shao", "yuan-shu", "liu-biao"])}


def levy_turn(**extra: object) -> Game:
    scenario = dict(CAO)
    scenario["turn"] = {"kingdom": "cao-cao", "phase": "levy", **extra}
    return Game(scenario)


@pytest.mark.rule("4.4(A)")
def test_manpower_is_areas_plus_administration() -> None:
    """A kingdom's levy is the manpower of the areas it controls plus the administration
    ratings of its warlord and retainers: Cao Cao holds Yanzhou (3) and has
    administration 2, so he may raise 5 armies."""
    game = levy_turn()
    offer = game.prompt().actions[0]
    assert offer.verb == "levy" and offer.fixed == {"area": "yanzhou"}
    assert offer.params[0].maximum == 5
    game.act("blue", {"do": "levy", "area": "yanzhou", "armies": 5})
    assert game.armies("yanzhou", "cao-cao") == 15
    game.refuse("blue", {"do": "levy", "area": "yanzhou", "armies": 1}, rule="4.4(C)")
    game.refuse("blue", {"do": "move", "from": "yanzhou"}, rule="4.1(E)")
