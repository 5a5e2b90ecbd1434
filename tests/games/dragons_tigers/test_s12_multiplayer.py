"""Section 12, three or four players: factions, snake drafts, restored kingdoms and the
Traitorous chit."""

from __future__ import annotations

from typing import Any

import pytest

from tests.games.dragons_tigers.kit import MODULE, Game, pick_by_pick

THREE = {"blue": ["cao-cao", "liu-bei", "sun-wu"],
         "white": ["yuan-shao", "yuan-shu", "liu-biao"],
         "vermilion": ["gongsun-zan", "liu-zhang", "ma-teng"]}


def three_players() -> dict[str, Any]:
    out: dict[str, Any] = {}
    for role, kids in THREE.items():
        for index, kid in enumerate(kids):
            out[kid] = {"owner": role, "main": index == 0}
    return out


# ---------------------------------------------------------------------- 12.1


@pytest.mark.rule("12.1")
def test_each_player_has_faction_chit() -> None:
    """The third player is the Vermilion Bird and the fourth the Black Tortoise, each with
    a faction chit of his own in the pool (rules-notes 69): 3 faction chits, 9 kingdom
    chits and 2 Traitorous chits with three players."""
    assert MODULE.roles({"players": 3}) == ["blue", "white", "vermilion"]
    assert MODULE.roles({"players": 4}) == ["blue", "white", "vermilion", "black"]
    assert MODULE.role_label("vermilion") == "Vermilion Bird 朱雀"
    assert MODULE.role_label("black") == "Black Tortoise 玄武"
    game = Game(players=3, options={"kingdoms": THREE})
    lines = game.start(3)
    assert lines[-1] == "The Vermilion Bird chit is pulled: Vermilion Bird activates one of " \
                        "their kingdoms (4.1(B))"
    chits = game.state["pool"] + game.state["drawn"]
    assert len(chits) == 14
    assert [c for c in chits if c in ("chit:blue", "chit:white", "chit:vermilion",
                                      "chit:black")] == ["chit:blue", "chit:white",
                                                         "chit:vermilion"]
    assert game.offered("activate") == [{"do": "activate", "kingdom": k}
                                        for k in THREE["vermilion"]]
    four = Game(players=4, options={"kingdoms": {
        "blue": ["cao-cao", "liu-bei"], "white": ["yuan-shao", "yuan-shu"],
        "vermilion": ["gongsun-zan", "liu-zhang"], "black": ["ma-teng", "liu-biao"]}})
    four.start(4)
    assert "chit:black" in four.state["drawn"]
    assert len(four.state["pool"]) + len(four.state["drawn"]) == 14
    assert four.prompt().role == "black"


# ---------------------------------------------------------------------- 12.2


@pytest.mark.rule("12.2.1(A)")
@pytest.mark.rule("12.2.1(B)")
@pytest.mark.rule("12.2.1(C)")
def test_three_player_snake_draft_order() -> None:
    """With three players each takes three kingdoms: the highest roller picks 1st, 6th
    and 7th, the second 2nd, 5th and 8th, the last 3rd, 4th and 9th. White rolls 6,
    Vermilion 4 and Blue 2; every kingdom is taken, none stays neutral (everyone picks
    one kingdom at a time: standing order draft: ask)."""
    game = Game(players=3, orders=pick_by_pick(3))
    lines = game.start(2, 6, 4)
    assert lines == ["Rolls: Blue Dragon 2, White Tiger 6, Vermilion Bird 4 (12.2.1(A))",
                     "Draft order: White Tiger, Vermilion Bird, Blue Dragon (12.2.1(A))"]
    order = ["white", "vermilion", "blue", "blue", "vermilion", "white", "white", "vermilion",
             "blue"]
    rule_of = {"white": "12.2.1(A)", "vermilion": "12.2.1(B)", "blue": "12.2.1(C)"}
    kingdoms = ["cao-cao", "yuan-shao", "sun-wu", "liu-bei", "liu-biao", "yuan-shu",
                "ma-teng", "gongsun-zan", "liu-zhang"]
    for role, kid in zip(order, kingdoms, strict=True):
        prompt = game.prompt()
        assert prompt.role == role and prompt.rule == rule_of[role]
        assert {spec.rule for spec in prompt.actions} == {rule_of[role]}  # not 3.1(A)
        other = next(r for r in ("blue", "white", "vermilion") if r != role)
        game.refuse(other, {"do": "pick", "kingdom": kid}, rule=rule_of[role])
        lines = game.act(role, {"do": "pick", "kingdom": kid})
        assert lines[0].endswith(f"({rule_of[role]})")
    assert not any("3.1(D)" in line for line in lines)
    assert {k: v["owner"] for k, v in game.state["kingdoms"].items() if v["owner"]} == {
        "cao-cao": "white", "yuan-shao": "vermilion", "sun-wu": "blue", "liu-bei": "blue",
        "liu-biao": "vermilion", "yuan-shu": "white", "ma-teng": "white",
        "gongsun-zan": "vermilion", "liu-zhang": "blue"}
    # main kingdoms are then named in draft order
    assert [game.prompt().role, game.prompt().step] == ["white", "main-kingdom"]


@pytest.mark.rule("12.2.2")
def test_four_player_snake_draft_order() -> None:
    """With four players each takes a main kingdom and one ally in the same snake order:
    picks 1 and 8, 2 and 7, 3 and 6, 4 and 5 (rules-notes 65); one kingdom stays
    neutral. Tied rolls are rolled again (picks one at a time: draft: ask)."""
    game = Game(players=4, orders=pick_by_pick(4))
    lines = game.start(5, 5, 3, 1, 2, 6)
    assert lines == ["Rolls: Blue Dragon 5, White Tiger 5, Vermilion Bird 3, Black Tortoise 1 "
                     "(12.2.2)",
                     "Tie between Blue Dragon and White Tiger: they roll again",
                     "Rolls: Blue Dragon 2, White Tiger 6 (12.2.2)",
                     "Draft order: White Tiger, Blue Dragon, Vermilion Bird, Black Tortoise "
                     "(12.2.2)"]
    order = ["white", "blue", "vermilion", "black", "black", "vermilion", "blue", "white"]
    kingdoms = ["cao-cao", "yuan-shao", "sun-wu", "liu-bei", "liu-biao", "yuan-shu",
                "ma-teng", "gongsun-zan"]
    for role, kid in zip(order, kingdoms, strict=True):
        assert game.prompt().role == role and game.prompt().rule == "12.2.2"
        lines = game.act(role, {"do": "pick", "kingdom": kid})
    assert lines[1:] == ["  Liu Zhang 劉璋 (Liu Yan) stays neutral (3.1(D))"]
    for role in ("white", "blue", "vermilion", "black"):
        assert len(game.t.kingdoms_of(role)) == 2
    assert game.t.kingdoms_of("white") == ["cao-cao", "gongsun-zan"]
    game.act("white", {"do": "main", "kingdom": "gongsun-zan"})
    assert game.prompt().role == "blue"
    assert game.offered("main") == [{"do": "main", "kingdom": "yuan-shao"},
                                    {"do": "main", "kingdom": "ma-teng"}]


def _restoration(**extra: Any) -> Game:
    """Blue's Cao Cao turn; the Mandate marker one step from Family Restoration (2, 0).
    Vermilion has lost all three of his kingdoms on earlier turns."""
    kingdoms = three_players()
    for kid in THREE["vermilion"]:
        kingdoms[kid]["status"] = "eliminated"
    scenario: dict[str, Any] = {
        "kingdoms": kingdoms, "mandate": [1, 0],
        "pieces": {"yanzhou": {"armies": {"cao-cao": 10}, "characters": ["cao-cao"]},
                   "pingyuan": {"armies": {"liu-bei": 10}, "characters": ["liu-bei"]},
                   "bohai": {"armies": {"yuan-shao": 10}, "characters": ["yuan-shao"]},
                   "nanyang": {"armies": {"yuan-shu": 10}, "characters": ["yuan-shu"]}},
        "characters": {"ma-chao": "out", "han-sui": "out", "hou-xuan": "dead"},
        "turn": {"kingdom": "cao-cao", "phase": "mandate"}}
    scenario.update(extra)
    return Game(scenario, players=3)


def _restore_ma_teng(game: Game, *rolls: int) -> list[str]:
    game.advance(3)
    assert game.prompt().step == "family-restoration"
    game.act("blue", {"do": "restore", "kingdom": "ma-teng"})
    game.act("blue", {"do": "restore-area", "area": "liangzhou"})
    return game.act("blue", {"do": "restore-retainer", "character": "ma-chao"}, *rolls)


@pytest.mark.rule("12.2.3(A)")
def test_restored_kingdom_goes_to_high_roller_as_ally() -> None:
    """After a Family Restoration with three or four players everyone rolls a die and the
    high roller gains the restored kingdom as an ally: Blue restores Ma Teng in Liangzhou
    and White wins the roll, so Ma Teng becomes White's allied kingdom and its chit goes
    into the pool."""
    game = _restoration()
    lines = [line.strip() for line in _restore_ma_teng(game, 2, 5, 1)]
    assert "Rolls: Blue Dragon 2, White Tiger 5, Vermilion Bird 1 (12.2.3(A))" in lines
    assert "» White Tiger gains Ma Teng 馬騰 as an ally (12.2.3(A))" in lines
    assert game.owner("ma-teng") == "white" and game.status("ma-teng") == "in-play"
    assert not game.state["kingdoms"]["ma-teng"]["main"]
    assert game.t.main_of("white") == "yuan-shao"
    assert "chit:ma-teng" in game.state["pool"]
    assert game.armies("liangzhou", "ma-teng") == 10
    assert {c for c, e in game.state["chars"].items() if e["at"] == "liangzhou"} == \
        {"ma-teng", "ma-chao"}


@pytest.mark.rule("12.2.3(A)")
def test_only_a_tie_for_the_highest_roll_is_rolled_again() -> None:
    """Only the high roller matters, so players tied below him do not roll again: Blue
    and Vermilion both roll 2, White rolls 5 and gains Ma Teng at once."""
    game = _restoration()
    lines = [line.strip() for line in _restore_ma_teng(game, 2, 5, 2)]
    assert "Rolls: Blue Dragon 2, White Tiger 5, Vermilion Bird 2 (12.2.3(A))" in lines
    assert not any(line.startswith("Tie") for line in lines)
    assert game.owner("ma-teng") == "white"


@pytest.mark.rule("12.2.3(B)")
def test_restored_kingdom_goes_to_high_roller_even_if_eliminated() -> None:
    """A player who has lost every kingdom still rolls for a restored kingdom; Vermilion
    wins the roll (after a tie), takes Ma Teng as his main kingdom and is back in the
    game, his faction chit giving turns again (rules-notes 68)."""
    game = _restoration()
    assert game.t.players_in_game() == ["blue", "white"]
    assert "chit:vermilion" not in game.state["pool"] + game.state["drawn"]
    lines = [line.strip() for line in _restore_ma_teng(game, 4, 6, 6, 1, 3)]
    assert "Tie between White Tiger and Vermilion Bird: they roll again" in lines
    assert "» Vermilion Bird gains Ma Teng 馬騰 as his main kingdom and is back in the game " \
           "(12.2.3(B))" in lines
    assert game.owner("ma-teng") == "vermilion"
    assert game.t.main_of("vermilion") == "ma-teng"
    assert game.t.players_in_game() == ["blue", "white", "vermilion"]
    assert "chit:ma-teng" in game.state["pool"] and "chit:vermilion" in game.state["pool"]


# ---------------------------------------------------------------------- 12.3


@pytest.mark.rule("12.3")
def test_traitorous_chit_goes_to_next_seat() -> None:
    """With three or four players a Traitorous chit is run by the player to the right of
    whoever took the last turn, the next seat in faction order (rules-notes 66): after
    White's turn, Vermilion; after Vermilion's, Blue. A player out of the game is
    skipped."""
    game = Game({"kingdoms": three_players(), "turn": {"kingdom": "yuan-shao", "phase": "end"}},
                players=3)
    lines = game.act("white", "end-turn", game.state["pool"].index("chit:traitorous-1") + 1)
    assert lines == ["A Traitorous chit is pulled: Vermilion Bird, opponent of the last "
                     "player, runs a Traitorous kingdom (12.3)"]
    prompt = game.prompt()
    assert prompt.role == "vermilion" and prompt.rule == "12.3"
    game.refuse("blue", {"do": "activate", "kingdom": "zhang-lu"}, rule="12.3")
    game.act("vermilion", {"do": "activate", "kingdom": "zhang-lu"})
    assert game.turn()["player"] == "vermilion"

    after_vermilion = Game({"kingdoms": three_players(),
                            "turn": {"kingdom": "ma-teng", "phase": "end"}}, players=3)
    after_vermilion.act("vermilion", "end-turn",
                        after_vermilion.state["pool"].index("chit:traitorous-2") + 1)
    assert after_vermilion.prompt().role == "blue"

    kingdoms = three_players()
    for kid in THREE["vermilion"]:
        kingdoms[kid]["status"] = "eliminated"
    skipped = Game({"kingdoms": kingdoms, "turn": {"kingdom": "yuan-shao", "phase": "end"}},
                   players=3)
    skipped.act("white", "end-turn", skipped.state["pool"].index("chit:traitorous-1") + 1)
    assert skipped.prompt().role == "blue"


@pytest.mark.rule("10.4")
@pytest.mark.rule("12.3")
def test_emperor_flees_to_next_seat_in_three_player_game() -> None:
    """"Opponent" means the next seat with three or four players (rules-notes 67): when
    Emperor Xian flees from White, who holds Luoyang, he goes to Vermilion, who places
    him with one of his warlords (his standing order emperor: ask)."""
    game = Game({"kingdoms": three_players(), "mandate": [1, -1],
                 "pieces": {"luoyang": {"armies": {"yuan-shao": 5}, "characters": ["yan-liang"]},
                            "bohai": {"armies": {"yuan-shao": 5}, "characters": ["yuan-shao"]},
                            "yanzhou": {"armies": {"cao-cao": 5}, "characters": ["cao-cao"]},
                            "youzhou": {"armies": {"gongsun-zan": 5},
                                        "characters": ["gongsun-zan"]},
                            "liangzhou": {"armies": {"ma-teng": 5}, "characters": ["ma-teng"]}},
                 "turn": {"kingdom": "cao-cao", "phase": "mandate"}}, players=3,
                orders={"vermilion": {"emperor": "ask"}})
    lines = [line.strip() for line in game.advance(2)]
    assert "The Emperor leaves White Tiger for Vermilion Bird (10.4)" in lines
    assert game.prompt().role == "vermilion"
    game.act("vermilion", {"do": "place-emperor", "character": "ma-teng"})
    assert game.state["emperor"] == "liangzhou"
