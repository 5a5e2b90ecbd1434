"""12.0: the completion phase (rules/completion.py)."""

from __future__ import annotations

import pytest

from pbem.games.chronicles.rules import completion
from tests.games.chronicles import kit


@pytest.mark.rule("chronicles:s12.1.hand-limit")
def test_a_hand_over_four_stratagems_is_cut_to_four() -> None:
    """At the round's end a player keeps at most 4 stratagem cards; the extra ones go to
    the discard pile, the ones held longest first (notes 19); 4 or fewer are kept."""
    state = kit.position(3)
    state["realms"]["cao-cao"]["cards"] = ["fire-trap", "ambush", "water-trap",
                                           "fire-trap", "ambush", "raid"]
    state["realms"]["sun-ce"]["cards"] = ["ambush", "ambush", "ambush", "ambush"]
    b = kit.board(state)
    completion.run(b)
    assert state["realms"]["cao-cao"]["cards"] == ["water-trap", "fire-trap", "ambush",
                                                   "raid"]
    assert state["pile"]["discard"] == ["fire-trap", "ambush"]
    assert state["realms"]["sun-ce"]["cards"] == ["ambush"] * 4
    assert "Cao Cao discards 2 stratagem cards down to 4" in kit.log_text(b)


@pytest.mark.rule("chronicles:s12.2.return")
def test_action_counters_all_go_back() -> None:
    """Action counters, used or not, go back to the supply; none is kept."""
    state = kit.position(3)
    state["realms"]["cao-cao"]["counters"] = ["land", "espionage"]
    state["realms"]["sun-ce"]["counters"] = ["defence"]
    state["round"]["actions"] = [{"role": "liu-biao", "index": 0, "counter": "special-tax",
                                  "general": "cai-mao", "status": "done"}]
    b = kit.board(state)
    completion.run(b)
    assert all(not r["counters"] for r in state["realms"].values())
    assert sorted(state["supply"]["actions"]) == ["defence", "espionage", "land",
                                                  "special-tax"]


@pytest.mark.rule("chronicles:s12.2.return")
def test_used_objects_go_back_but_not_those_left_with_a_non_human() -> None:
    """Objects used with actions go back (to the used pile, drawn again a round later);
    a jade seal used to court Yuan Shu stays with him; a void action's objects go home."""
    state = kit.position(3)
    state["non_human"]["yuan-shu"]["objects"] = ["jade-seal"]
    state["round"]["actions"] = [
        {"role": "sun-ce", "index": 0, "counter": "diplomacy", "general": "zhang-zhao",
         "court": "yuan-shu", "objects": ["jade-seal", "fine-horse"], "status": "done"},
        {"role": "cao-cao", "index": 0, "counter": "diplomacy", "general": "xun-yu",
         "recruit": "zhang-liao", "objects": ["beautiful-woman"], "status": "done"},
        {"role": "liu-biao", "index": 0, "counter": "diplomacy", "general": "kuai-yue",
         "court": "zhang-xiu", "objects": ["princess"], "status": "void", "why": "battle"},
    ]
    b = kit.board(state)
    completion.run(b)
    assert state["supply"]["used"] == ["fine-horse", "beautiful-woman"]
    assert state["non_human"]["yuan-shu"]["objects"] == ["jade-seal"]
    assert state["realms"]["liu-biao"]["objects"] == ["princess"]


@pytest.mark.rule("chronicles:s12.2.return")
def test_generals_come_home_and_the_round_starts_afresh() -> None:
    """Generals back from actions and battles are free for the next round; a battle
    carried on keeps its generals on the map; the round's orders, actions and effects
    are cleared, carried battles kept."""
    state = kit.position(3)
    state["generals"]["xun-yu"].update(task="action:0", at="dong-jun")
    state["generals"]["xiahou-dun"].update(task="battle:b1", at="pei-cheng")
    state["generals"]["zhou-yu"].update(task="battle:b2", at="shou-chun")
    state["generals"]["xu-chu"].update(task="guard:0")
    carried = {"id": "b2", "area": "shou-chun", "status": "carried"}
    state["round"].update(orders={"cao-cao": {"do": "season"}},
                          battles=[{"id": "b1", "area": "pei-cheng", "status": "fought"},
                                   carried],
                          effects={"tun-tian": "cao-cao"},
                          guards=[{"role": "cao-cao", "object": "guards", "fired": True}])
    b = kit.board(state)
    completion.run(b)
    assert state["generals"]["xun-yu"]["task"] is None
    assert state["generals"]["xun-yu"]["at"] is None
    assert state["generals"]["xiahou-dun"]["at"] is None
    assert state["generals"]["zhou-yu"]["task"] == "battle:b2"
    assert state["generals"]["xu-chu"]["task"] is None
    assert state["supply"]["used"] == ["guards"]
    assert state["round"] == {"orders": {}, "actions": [], "battles": [carried],
                              "effects": {}, "guards": []}


@pytest.mark.rule("chronicles:s12.2.return")
def test_an_injured_general_recovers_when_due() -> None:
    """An injured general is ready again for the round he is due back, not before."""
    state = kit.position(3)
    state["generals"]["dian-wei"].update(status="injured", healed=3)
    b = kit.board(state)
    completion.run(b)
    assert state["generals"]["dian-wei"]["status"] == "injured"
    completion.run(b)
    assert state["generals"]["dian-wei"]["status"] == "ready"
    assert state["generals"]["dian-wei"]["healed"] is None


@pytest.mark.rule("chronicles:s12.3.winter-nh")
def test_non_human_armies_leave_the_map_in_winter_only() -> None:
    """Rolled non-human armies stay through spring, summer and autumn and are gone at the
    end of winter."""
    state = kit.position(3)
    state["areas"]["shou-chun"]["armies"] = {"infantry": 7}
    kit.at(state, "autumn", 196, 3)
    b = kit.board(state)
    completion.run(b)
    assert state["areas"]["shou-chun"]["armies"] == {"infantry": 7}
    completion.run(b)
    assert state["areas"]["shou-chun"]["armies"] is None
    assert b.when() == "Spring 197"


@pytest.mark.rule("chronicles:s12.4.victory")
def test_the_most_influence_among_those_at_the_threshold_wins() -> None:
    """Several may pass the threshold in one round: the highest wins; the game ends."""
    state = kit.position(3)
    state["realms"]["cao-cao"]["influence"] = 41
    state["realms"]["sun-ce"]["influence"] = 43
    state["realms"]["liu-biao"]["influence"] = 39
    b = kit.board(state)
    completion.run(b)
    result = state["result"]
    assert (result["winner"], result["winners"]) == ("sun-ce", ["sun-ce"])
    assert result["influence"] == {"cao-cao": 41, "sun-ce": 43, "liu-biao": 39}
    assert b.when() == "Spring 196"


@pytest.mark.rule("chronicles:s12.4.victory")
def test_equal_highest_share_the_victory() -> None:
    """Two players level at the top share the victory: no single winner (notes 57)."""
    state = kit.position(3)
    state["realms"]["cao-cao"]["influence"] = 42
    state["realms"]["liu-biao"]["influence"] = 42
    b = kit.board(state)
    completion.run(b)
    assert state["result"]["winner"] is None
    assert state["result"]["winners"] == ["cao-cao", "liu-biao"]


@pytest.mark.rule("chronicles:s12.4.victory")
def test_a_player_out_in_exile_cannot_win() -> None:
    """A player whose game ended in exile wins nothing, whatever his Influence."""
    state = kit.position(3)
    state["realms"]["liu-biao"]["influence"] = 45
    state["realms"]["liu-biao"]["exile"] = {"host": None, "area": None, "out": True}
    b = kit.board(state)
    completion.run(b)
    assert state["result"] is None


@pytest.mark.rule("chronicles:s12.5.final")
def test_after_winter_220_the_highest_influence_wins() -> None:
    """At the end of Winter 220 the season stays and the highest Influence wins, even
    below the threshold."""
    state = kit.position(3)
    kit.at(state, "winter", 220, 100)
    state["realms"]["liu-biao"]["influence"] = 20
    b = kit.board(state)
    completion.run(b)
    assert state["result"]["winner"] == "liu-biao"
    assert (b.when(), b.round) == ("Winter 220", 100)


@pytest.mark.rule("chronicles:s12.5.final")
def test_a_final_tie_is_shared() -> None:
    """Equal highest Influence after Winter 220 share the win."""
    state = kit.position(3)
    kit.at(state, "winter", 220, 100)
    state["realms"]["sun-ce"]["influence"] = 12
    b = kit.board(state)
    completion.run(b)
    assert state["result"]["winners"] == ["cao-cao", "sun-ce"]
    assert state["result"]["winner"] is None
