"""docs/actions.md, "Table dice": the examples there, die by die, with their purposes.

An action carries every die drawn until the next question: these tests apply the documented
actions with exactly the documented values and check what each die was drawn for.
"""

from __future__ import annotations

from typing import Any

from pbem.dice import ScriptedDice
from pbem.engine import Log
from tests.games.dragons_tigers.kit import MODULE, Game, two_players

BLUE = ["cao-cao", "liu-bei", "sun-wu"]
WHITE = ["yuan-shao", "yuan-shu", "liu-biao"]


def purposes(game: Game, role: str, action: dict[str, Any] | str, *values: int) -> list[str]:
    """Apply ``action`` with exactly ``values`` as table dice; the purposes drawn."""
    if isinstance(action, str):
        action = {"do": action}
    dice = ScriptedDice(*values)
    MODULE.apply(game.state, role, action, dice, Log())
    assert not dice.values, f"dice left over: {dice.values}"
    return [roll.purpose for roll in dice.rolls]


def test_opening_draft_rolls_in_seat_order_and_again_for_a_tie() -> None:
    game = Game(players=2)
    dice = ScriptedDice(4, 4, 6, 1)
    MODULE.start(game.state, dice, Log())
    assert [r.purpose for r in dice.rolls] == ["draft order: Blue Dragon rolls",
                                              "draft order: White Tiger rolls"] * 2
    # each player then ranks the kingdoms he wants, in seat order (standing order draft)
    assert game.prompt().role == "blue" and game.prompt().step == "draft-ranking"


def test_end_turn_carries_the_chit_pull_and_the_next_turns_mandate_roll() -> None:
    game = Game({"kingdoms": two_players(BLUE, WHITE),
                 "turn": {"kingdom": "cao-cao", "phase": "end"}})
    assert game.state["pool"][4] == "chit:yuan-shao"
    assert purposes(game, "blue", "end-turn", 5, 1) == [
        "activation chit pull", "Mandate of Heaven: which way the marker moves"]
    assert game.turn()["kingdom"] == "yuan-shao" and game.turn()["harvest"]
    assert game.prompt().role == "white" and game.prompt().step == "diplomacy"


def test_a_combat_check_valor_and_battle_rounds_then_captures() -> None:
    game = Game({"kingdoms": two_players(BLUE, WHITE), "pieces": {
        "yanzhou": {"armies": {"cao-cao": 10}, "characters": ["cao-cao", "xiahou-dun"]},
        "xuchang": {"armies": {"cao-cao": 1}},
        "nanyang": {"armies": {"yuan-shu": 4}, "characters": ["yuan-shu", "ji-ling"]},
        "bohai": {"armies": {"yuan-shao": 10}, "characters": ["yuan-shao"]},
        "changsha": {"armies": {"sun-wu": 5}, "characters": ["sun-jian"]}},
        "turn": {"kingdom": "cao-cao", "phase": "movement"}})
    purposes(game, "blue", {"do": "move", "from": "yanzhou", "to": ["xuchang", "nanyang"],
                            "characters": ["cao-cao", "xiahou-dun"], "armies": 6})
    assert purposes(game, "blue", "end-movement") == []
    assert game.prompt().step == "betrayal-check"
    drawn = purposes(game, "blue", {"do": "check", "character": "cao-cao", "target": "yuan-shu"},
                     4, 6, 2, 1, 2, 6, 6, 6, 3, 5, 6)
    assert drawn == (["betrayal check: Cao Cao on Yuan Shu",
                      "contest of valor: Xiahou Dun", "contest of valor: Ji Ling"]
                     + [f"battle round 1: Blue Dragon (Cao Cao) die {i} of 4" for i in (1, 2, 3, 4)]
                     + [f"battle round 1: White Tiger (Yuan Shu) die {i} of 4"
                        for i in (1, 2, 3, 4)])
    assert game.prompt().role == "blue" and game.prompt().step == "retreat"
    drawn = purposes(game, "blue", "fight-on", 1, 1, 4, 5, 6, 6, 2, 1)
    assert drawn == ([f"battle round 2: Blue Dragon (Cao Cao) die {i} of 4" for i in (1, 2, 3, 4)]
                     + [f"battle round 2: White Tiger (Yuan Shu) die {i} of 2" for i in (1, 2)]
                     + ["capture check: Ji Ling", "submission check: Ji Ling (loyalty 3)"])
    assert game.where("ji-ling") == "out" and game.controller("nanyang") == "cao-cao"
