"""4.1, 4.2 and 4.7: activation chits, the phases of a turn, the Mandate roll, end of turn."""

from __future__ import annotations

from typing import Any

import pytest

from tests.games.dragons_tigers.kit import Game, two_players

KINGDOMS = two_players(["cao-cao", "liu-bei", "sun-wu"], ["yuan-shao", "yuan-shu", "liu-biao"])
AGREED = {"kingdoms": {"blue": ["cao-cao", "liu-bei", "sun-wu"],
                       "white": ["yuan-shao", "yuan-shu", "liu-biao"]}}
FULL_POOL = ["chit:blue", "chit:white", "chit:cao-cao", "chit:liu-bei", "chit:sun-wu",
             "chit:yuan-shao", "chit:yuan-shu", "chit:liu-biao", "chit:traitorous-1",
             "chit:traitorous-2"]


def after_turn(kingdom: str, player: str | None = None, **extra: Any) -> Game:
    """A position at the end of ``kingdom``'s turn, its chit already drawn."""
    turn: dict[str, Any] = {"kingdom": kingdom, "phase": "end"}
    if player:
        turn["player"] = player
    turn.update(extra.pop("turn", {}))
    return Game({"kingdoms": KINGDOMS, "turn": turn, **extra})


def die_for(game: Game, chit: str) -> int:
    """The scripted die that pulls ``chit``: its 1-based place in the pool."""
    return game.state["pool"].index(chit) + 1


# ---------------------------------------------------------------------- 4.1 chits


@pytest.mark.rule("4.1(A)")
def test_chit_pulled_at_random_gives_its_kingdom_the_turn() -> None:
    """The pool holds both faction chits, each drafted kingdom's chit and the two
    Traitorous chits; one is pulled at random and the kingdom named on it plays. The
    fourth chit of the pool is Liu Bei's, so Liu Bei's player, Blue, takes the turn."""
    game = Game(players=2, options=AGREED)
    lines = game.start(4, 1)
    assert lines[:2] == ["Round 1 begins (4.1)",
                         "Turn 1 (round 1): Liu Bei 劉備, played by Blue Dragon (kingdom "
                         "chit) (4.1)"]
    assert game.state["drawn"] == ["chit:liu-bei"]
    assert game.state["pool"] == [c for c in FULL_POOL if c != "chit:liu-bei"]
    assert game.turn()["kingdom"] == "liu-bei" and game.turn()["player"] == "blue"
    assert not game.turn()["faction"]
    assert game.prompt().role == "blue" and game.prompt().step == "diplomacy"
    game.refuse("white", "end-diplomacy")


@pytest.mark.rule("4.1(B)")
def test_faction_chit_activates_one_chosen_kingdom() -> None:
    """A faction chit lets its player pick one of his own kingdoms, and only that kingdom
    takes the turn (rules-notes 10): White picks Yuan Shu, so only Yuan Shu's characters
    negotiate, although Yuan Shu's own chit is still in the pool."""
    game = Game(players=2, options=AGREED)
    lines = game.start(2)
    assert lines[-1] == "The White Tiger chit is pulled: White Tiger activates one of their " \
                        "kingdoms (4.1(B))"
    prompt = game.prompt()
    assert prompt.role == "white" and prompt.rule == "4.1(B)"
    assert game.offered("activate") == [{"do": "activate", "kingdom": k}
                                        for k in ("yuan-shao", "yuan-shu", "liu-biao")]
    game.refuse("white", {"do": "activate", "kingdom": "cao-cao"}, rule="4.1(B)")
    game.refuse("blue", {"do": "activate", "kingdom": "cao-cao"}, rule="4.1(B)")
    lines = game.act("white", {"do": "activate", "kingdom": "yuan-shu"}, 1)
    assert lines[0] == "Turn 1 (round 1): Yuan Shu 袁術, played by White Tiger (faction " \
                       "chit) (4.1)"
    assert game.turn()["kingdom"] == "yuan-shu" and game.turn()["faction"]
    assert "chit:yuan-shu" in game.state["pool"]
    assert {a["character"] for a in game.offered("negotiate")} == {"yuan-shu"}


@pytest.mark.rule("4.1(C)")
def test_traitorous_chit_goes_to_opponent_of_last_player() -> None:
    """A Traitorous chit lets the opponent of the player who just played pick and run
    one Traitorous kingdom. After Blue's Cao Cao turn, White chooses between Dong Zhuo and
    Zhang Lu (Lü Bu's kingdom has not entered yet) and plays Dong Zhuo."""
    game = after_turn("cao-cao")
    lines = game.act("blue", "end-turn", die_for(game, "chit:traitorous-1"))
    assert lines == ["A Traitorous chit is pulled: White Tiger, opponent of the last player, "
                     "runs a Traitorous kingdom (4.1(C))"]
    prompt = game.prompt()
    assert prompt.role == "white" and prompt.rule == "4.1(C)"
    assert game.offered("activate") == [{"do": "activate", "kingdom": "dong-zhuo"},
                                        {"do": "activate", "kingdom": "zhang-lu"}]
    game.refuse("blue", {"do": "activate", "kingdom": "dong-zhuo"}, rule="4.1(C)")
    game.refuse("white", {"do": "activate", "kingdom": "lu-bu"}, rule="8(A)")
    lines = game.act("white", {"do": "activate", "kingdom": "dong-zhuo"}, 1)
    assert lines[0] == "Turn 2 (round 1): Dong Zhuo 董卓, played by White Tiger (traitorous " \
                       "chit) (4.1)"
    assert game.turn()["kingdom"] == "dong-zhuo" and game.turn()["player"] == "white"
    assert game.state["last_player"] == "white"


@pytest.mark.rule("4.1(C)")
def test_consecutive_traitorous_chits_alternate_players() -> None:
    """The rulebook's example: White has just run a Traitorous kingdom after Blue's turn;
    when the next chit is Traitorous too, Blue (the opponent of White, who ran the turn
    before) runs it (rules-notes 7)."""
    game = after_turn("zhang-lu", "white")
    assert game.state["drawn"] == ["chit:traitorous-1"]
    lines = game.act("white", "end-turn", die_for(game, "chit:traitorous-2"))
    assert lines == ["A Traitorous chit is pulled: Blue Dragon, opponent of the last player, "
                     "runs a Traitorous kingdom (4.1(C))"]
    assert game.prompt().role == "blue" and game.prompt().step == "activate"
    game.act("blue", {"do": "activate", "kingdom": "zhang-lu"})
    assert game.prompt().step == "rebellion" and game.prompt().role == "blue"
    assert game.turn()["kingdom"] == "zhang-lu" and game.turn()["player"] == "blue"


@pytest.mark.rule("4.1(C)")
def test_traitorous_chit_redrawn_at_start_of_every_round() -> None:
    """A Traitorous chit pulled before anybody has played in the round goes back into
    the pool and another chit is pulled (rules-notes 6: in every round, not only the
    first). In Round 3 the last chit, Traitorous, comes first; it returns to its place and
    the next pull, the third chit, gives Cao Cao the turn."""
    # Cao Cao holds three free retainers, so his edict (11.1) makes no roll.
    game = Game({"kingdoms": KINGDOMS, "round": 3,
                 "characters": {"xun-yu": {"at": "yanzhou", "kingdom": "cao-cao",
                                           "recruited": True},
                                "guo-jia": {"at": "yanzhou", "kingdom": "cao-cao",
                                            "recruited": True},
                                "lu-su": {"at": "yanzhou", "kingdom": "cao-cao",
                                          "recruited": True}}})
    lines = game.advance(10, 3, 1)
    assert lines[:3] == [
        "Round 3 begins (4.1)",
        "  A Traitorous chit is pulled before anyone has acted this round: it goes back and "
        "another is pulled (4.1(C))",
        "Turn 1 (round 3): Cao Cao 曹操, played by Blue Dragon (kingdom chit) (4.1)"]
    assert game.state["drawn"] == ["chit:cao-cao"]
    assert game.state["pool"][-1] == "chit:traitorous-2"
    assert len(game.state["pool"]) == 9


@pytest.mark.rule("4.1(A)")
def test_neutral_and_eliminated_chits_are_skipped() -> None:
    """A pulled chit that gives no turn (its kingdom neutral or gone) is set aside and the
    next chit is pulled at once (rules-notes 9). Yuan Shu was made neutral and Liu Biao
    eliminated while their chits were in the pool; then White's faction chit comes, and
    with Yuan Shao his only kingdom left, Yuan Shao plays."""
    game = after_turn("cao-cao", kingdoms={**KINGDOMS, "yuan-shu": {"owner": None}},
                      pieces={"yanzhou": {"armies": {"cao-cao": 5}, "characters": ["cao-cao"]},
                              "bohai": {"armies": {"yuan-shao": 5},
                                        "characters": ["yuan-shao"]},
                              "nanyang": {"armies": {"yuan-shu": 5},
                                          "characters": ["yuan-shu"]}},
                      turn={"pool": ["chit:yuan-shu", "chit:liu-biao", "chit:white"]})
    assert game.status("liu-biao") == "eliminated"
    lines = game.act("blue", "end-turn", 1, 1, 1, 1)
    assert lines[:3] == ["The chit of Yuan Shu 袁術 is pulled but gives no turn: the kingdom "
                         "is neutral (4.3(B))",
                         "The chit of Liu Biao 劉表 is pulled but gives no turn: the kingdom "
                         "is eliminated (5.5(C))",
                         "The White Tiger chit is pulled: White Tiger activates one of their "
                         "kingdoms (4.1(B))"]
    assert game.state["pool"] == []
    assert game.state["drawn"][-3:] == ["chit:yuan-shu", "chit:liu-biao", "chit:white"]
    assert game.turn()["kingdom"] == "yuan-shao" and game.turn()["player"] == "white"
    assert game.turn()["faction"]


# ---------------------------------------------------------------------- 4.1(E) phases


@pytest.mark.rule("4.1(E)")
def test_turn_phases_run_in_rulebook_order() -> None:
    """A turn runs Mandate of Heaven, diplomacy, levy, movement and combat in that order;
    an action of a later phase is refused until its phase comes, and one of an earlier
    phase once that phase is over."""
    game = Game({"kingdoms": KINGDOMS, "turn": {"kingdom": "liu-bei", "phase": "mandate"}})
    game.advance(1)
    assert game.turn()["phase"] == "diplomacy"
    err = game.refuse("blue", {"do": "levy", "area": "pingyuan", "armies": 1}, rule="4.1(E)")
    assert "has not begun" in err.message
    game.refuse("blue", {"do": "move", "from": "pingyuan"}, rule="4.1(E)")
    game.act("blue", "end-diplomacy")
    assert game.turn()["phase"] == "levy"
    err = game.refuse("blue", {"do": "negotiate", "character": "liu-bei",
                               "target": "ma-teng"}, rule="4.1(E)")
    assert "is over" in err.message
    game.act("blue", "end-levy")
    assert game.turn()["phase"] == "movement"
    game.refuse("blue", "end-turn", rule="4.1(E)")
    game.act("blue", "end-movement")
    assert game.turn()["phase"] == "end"  # no combat to fight
    game.refuse("blue", "end-movement", rule="4.1(E)")


# ---------------------------------------------------------------------- 4.2 Mandate


@pytest.mark.rule("4.2")
def test_mandate_roll_moves_marker_and_enacts_event() -> None:
    """The active player rolls; the die names the direction the Mandate marker moves and
    the space reached gives the event. From the centre a 1 goes north to Bountiful
    Harvest: Liu Bei's levy is Pingyuan's 2 plus 3. Back on the centre (a 4, south, from
    there) nothing happens."""
    game = Game({"kingdoms": KINGDOMS, "turn": {"kingdom": "liu-bei", "phase": "mandate"}})
    lines = game.advance(1)
    assert lines[0].strip() == "Mandate of Heaven: 1, north, to (0, -1): Bountiful Harvest " \
                               "(4.2)"
    assert game.state["mandate"] == [0, -1]
    assert game.turn()["harvest"]
    game.act("blue", "end-diplomacy")
    assert game.prompt().actions[0].params[0].maximum == 5
    again = Game({"kingdoms": KINGDOMS, "mandate": [0, -1],
                  "turn": {"kingdom": "liu-bei", "phase": "mandate"}})
    lines = again.advance(4)
    assert [line.strip() for line in lines] == ["Mandate of Heaven: 4, south, to (0, 0): no "
                                                "event (4.2)"]
    assert again.state["mandate"] == [0, 0] and not again.turn()["harvest"]
    assert again.turn()["phase"] == "diplomacy"


@pytest.mark.rule("4.2")
def test_start_of_mandate_abilities_precede_roll_and_stand_if_round_ends() -> None:
    """Abilities used at the start of the Mandate phase come before the roll and stand even
    if the roll ends the round (rules-notes 12). In Round 4 Liu Bei's chit is pulled while
    he is in Xiangyang: Zhuge Liang joins him, then the Mandate roll leaves the display and
    the round ends at once, with Zhuge Liang still on the map."""
    game = Game({"kingdoms": KINGDOMS, "round": 4, "mandate": [0, -2],
                 "pieces": {"xiangyang": {"armies": {"liu-bei": 5}, "characters": ["liu-bei"]},
                            "yanzhou": {"armies": {"cao-cao": 5}, "characters": ["cao-cao"]},
                            "bohai": {"armies": {"yuan-shao": 5},
                                      "characters": ["yuan-shao"]}},
                 "turn": {"kingdom": "cao-cao", "phase": "end"}},
                orders={"blue": {"main_change": "ask"}})  # the round's end stops at Blue
    lines = game.act("blue", "end-turn", die_for(game, "chit:liu-bei"), 1)
    stripped = [line.strip() for line in lines]
    assert stripped[1] == "» Three Visits: Liu Bei 劉備 is in Xiangyang 襄陽; Zhuge Liang 諸葛亮 " \
                          "joins him (11.2)"
    assert stripped[2] == "Mandate of Heaven: 1, north: the marker leaves the display. The " \
                          "round ends at once (4.8)"
    assert stripped[3] == "End of Round 4 (4.8)"
    assert game.where("zhuge-liang") == "xiangyang" and game.kingdom_of("zhuge-liang") == "liu-bei"
    assert game.t.turn() is None


# ---------------------------------------------------------------------- 4.7 end of turn


@pytest.mark.rule("4.7")
def test_end_of_turn_pulls_the_next_chit() -> None:
    """When the active kingdom's turn ends a new chit is pulled, and the player of the
    kingdom on it plays next: after Blue's Cao Cao turn, Yuan Shao's chit gives White the
    turn."""
    game = after_turn("cao-cao", turn={"phase": "combat"})
    game.advance()
    assert game.prompt().step == "end-turn" and game.prompt().role == "blue"
    game.refuse("white", "end-turn")
    lines = game.act("blue", "end-turn", die_for(game, "chit:yuan-shao"), 1)
    assert lines[0] == "Turn 2 (round 1): Yuan Shao 袁紹, played by White Tiger (kingdom " \
                       "chit) (4.1)"
    assert game.state["drawn"] == ["chit:cao-cao", "chit:yuan-shao"]
    assert game.prompt().role == "white"


@pytest.mark.rule("4.7")
def test_pool_refilled_when_emptied_mid_round() -> None:
    """If the pool runs dry before the round ends, every pulled chit that can still give a
    turn goes back into it, the one just played included (rules-notes 8); the chit of Yuan
    Shu, made neutral meanwhile, stays out."""
    game = after_turn("cao-cao", kingdoms={**KINGDOMS, "yuan-shu": {"owner": None}},
                      turn={"pool": [],
                            "drawn": ["chit:white", "chit:cao-cao", "chit:yuan-shu",
                                      "chit:blue", "chit:traitorous-1"]})
    lines = game.act("blue", "end-turn", 2)
    assert lines[0] == "The pool is empty: the pulled chits go back into it (4.7)"
    assert game.state["pool"] == ["chit:blue", "chit:cao-cao", "chit:traitorous-1"]
    assert game.state["drawn"] == ["chit:yuan-shu", "chit:white"]
    assert game.prompt().role == "white" and game.prompt().step == "activate"


@pytest.mark.rule("3.2(B)")
@pytest.mark.rule("4.7")
def test_main_kingdom_may_change_after_every_turn() -> None:
    """When any turn ends, Traitorous turns included, the player who ran it may name a new
    main kingdom, and then each other player whose standing order asks for it may too
    (rules-notes 48). White ran Zhang Lu; Blue has asked to be consulted."""
    game = after_turn("zhang-lu", "white",
                      orders={"blue": {"main_change": "ask"}})
    assert game.offered("end-turn")[1:] == [{"do": "end-turn", "main": "yuan-shu"},
                                            {"do": "end-turn", "main": "liu-biao"}]
    lines = game.act("white", {"do": "end-turn", "main": "yuan-shu"})
    assert lines == ["White Tiger makes Yuan Shu 袁術 the main kingdom (3.2(B))"]
    prompt = game.prompt()
    assert prompt.role == "blue" and prompt.rule == "3.2(B)"
    assert game.offered() == [{"do": "keep-main"}, {"do": "main", "kingdom": "liu-bei"},
                              {"do": "main", "kingdom": "sun-wu"}]
    game.refuse("white", "keep-main")
    game.refuse("blue", {"do": "main", "kingdom": "yuan-shao"}, rule="3.2(B)")
    lines = game.act("blue", {"do": "main", "kingdom": "sun-wu"}, die_for(game, "chit:white"))
    assert lines[0] == "Blue Dragon makes Sun Wu 孫吳 the main kingdom (3.2(B))"
    assert game.t.main_of("blue") == "sun-wu" and game.t.main_of("white") == "yuan-shu"
    assert game.prompt().role == "white" and game.prompt().step == "activate"
    # by default the other player is not asked
    quiet = after_turn("zhang-lu", "white")
    quiet.act("white", "end-turn", die_for(quiet, "chit:blue"))
    assert quiet.prompt().step == "activate" and quiet.prompt().role == "blue"


@pytest.mark.rule("4.7")
def test_turn_of_a_kingdom_eliminated_during_it_ends_at_once() -> None:
    """A kingdom eliminated during its own turn has nothing left to do: its turn ends at
    once instead of running through empty phases. Blue's Cao Cao, holding only Xuchang
    with 2 armies, rolls Family Restoration and brings back White's Yuan Shu there; Cao
    Cao, defending, has no check to make (5.1(B)), both valor rolls miss, Yuan Shu's 5
    dice [1 1 6 6 6] destroy Cao Cao's armies, and Cao Cao, with no army left to join, is
    killed. Liu Bei becomes Blue's main kingdom and Blue is asked only to end the turn."""
    game = Game({"kingdoms": two_players(["cao-cao", "liu-bei"], ["yuan-shao", "yuan-shu"]),
                 "mandate": [1, 0],
                 "pieces": {"xuchang": {"armies": {"cao-cao": 2}, "characters": ["cao-cao"]},
                            "pingyuan": {"armies": {"liu-bei": 10}, "characters": ["liu-bei"]},
                            "bohai": {"armies": {"yuan-shao": 10},
                                      "characters": ["yuan-shao"]}},
                 "characters": {"yuan-shu": "out", "ji-ling": "dead", "zhang-xun": "dead",
                                "lei-bo": "dead"},
                 "turn": {"kingdom": "cao-cao"}})
    game.advance(3)  # to Family Restoration
    game.act("blue", {"do": "restore", "kingdom": "yuan-shu"})
    lines = game.act("blue", {"do": "restore-area", "area": "xuchang"},
                     6, 6, 1, 1, 6, 6, 6, 6, 6)
    assert game.status("cao-cao") == "eliminated"
    assert "  Cao Cao 曹操 is no longer in play: its turn ends (4.7)" in lines
    assert game.t.main_of("blue") == "liu-bei"
    assert game.prompt().step == "end-turn" and game.offered() == [{"do": "end-turn"}]
