"""Phase 2, preparation (4.1 phase 2, 6.0; notes 7, 11, 17): engaged maintenance, one
player card per seat, black cards resolved (disasters first), three counters per seat,
used objects back."""

from __future__ import annotations

from typing import Any

import pytest

from pbem.games.chronicles.rules import draws
from tests.games.chronicles import kit


def opening(draw: list[str], discard: list[str] | None = None) -> dict[str, Any]:
    """Spring 196 (seat order Cao Cao, Sun Ce, Liu Biao) with the given card piles."""
    state = kit.position(3)
    state["pile"].update(draw=list(draw), discard=list(discard or []), removed=[])
    return state


@pytest.mark.rule("chronicles:s4.1.2.card-order")
@pytest.mark.rule("chronicles:s2.2.2.red")
@pytest.mark.rule("chronicles:s2.2.2.black")
@pytest.mark.rule("chronicles:s4.1.2.disasters-first")
def test_cards_drawn_in_seat_order_disasters_resolved_before_events() -> None:
    """Seats draw in the round seat order, the colour by the dice in proportion of what is
    left: Cao Cao a red card (kept), Sun Ce the manpower shortage, Liu Biao locusts. The
    black cards are not kept; the locusts are resolved before the earlier-drawn event."""
    state = opening(["fire-trap", "plague-of-locusts", "water-trap", "manpower-shortage"])
    # Cao Cao: 3 of 4 -> red, red 1 -> fire-trap; Sun Ce: 1 of 3 -> black, black 2 ->
    # manpower-shortage; Liu Biao: 1 of 2 -> black (the only one); locusts: counter 5, die 4
    b = kit.board(state, 3, 1, 1, 2, 1, 5, 4)
    draws.draw_cards(b)
    assert state["realms"]["cao-cao"]["cards"] == ["fire-trap"]
    assert state["realms"]["sun-ce"]["cards"] == []
    assert state["realms"]["liu-biao"]["cards"] == []
    assert state["pile"]["draw"] == ["water-trap"]
    assert state["realms"]["cao-cao"]["gold"] == 12
    assert state["round"]["effects"] == {"manpower-shortage": "sun-ce"}
    lines = b.log.lines()
    locusts = next(i for i, x in enumerate(lines) if "draws the disaster" in x)
    manpower = next(i for i, x in enumerate(lines) if "draws the event" in x)
    assert locusts < manpower
    assert state["pile"]["discard"] == ["plague-of-locusts"]
    assert state["pile"]["removed"] == ["manpower-shortage"]


@pytest.mark.rule("chronicles:s4.1.2.card-order")
def test_seat_order_moves_on_each_round() -> None:
    """In round 2 Sun Ce draws first (notes 2): with only red cards, he gets the first
    one the dice pick."""
    state = opening(["fire-trap", "water-trap", "ambush"])
    kit.at(state, "summer", 196, 2)
    draws.draw_cards(kit.board(state, 2, 1, 1))
    assert state["realms"]["sun-ce"]["cards"] == ["water-trap"]
    assert state["realms"]["liu-biao"]["cards"] == ["fire-trap"]
    assert state["realms"]["cao-cao"]["cards"] == ["ambush"]


@pytest.mark.rule("chronicles:s4.1.2.reshuffle")
def test_empty_draw_pile_takes_the_discard_pile() -> None:
    """When the draw pile is empty the discard pile becomes the new draw pile; when both
    are empty, nobody draws."""
    state = opening([], ["ambush"])
    b = kit.board(state)
    draws.draw_cards(b)
    assert state["realms"]["cao-cao"]["cards"] == ["ambush"]
    assert state["pile"] == {"draw": [], "discard": [], "removed": []}
    assert "the 1 discarded cards become the new draw pile" in kit.log_text(b)
    assert "No player card is left for Sun Ce" in kit.log_text(b)


@pytest.mark.rule("chronicles:s2.3.3.draw")
@pytest.mark.rule("chronicles:s2.3.3.types")
def test_three_counters_each_object_or_action_by_proportion() -> None:
    """Each seat draws three counters, object or action counter by the dice in the
    proportion left, from a full fresh set of the seven action kinds (60 counters) and
    the free objects."""
    state = opening([])
    state["supply"]["objects"] = ["fine-horse"]
    # Cao Cao: 1 of 61 -> object (the only one); then actions only: 1 -> land,
    # 11 -> defence. Sun Ce and Liu Biao: three actions each.
    b = kit.board(state, 1, 1, 11, 1, 1, 1, 55, 54, 53)
    draws.draw_counters(b)
    assert state["realms"]["cao-cao"]["objects"] == ["fine-horse"]
    assert state["realms"]["cao-cao"]["counters"] == ["land", "defence"]
    assert state["realms"]["sun-ce"]["counters"] == ["land", "land", "land"]
    assert state["realms"]["liu-biao"]["counters"] == ["prevent-flood"] * 3
    assert len(state["supply"]["actions"]) == 60 - 8
    assert sorted(set(draws.fresh_actions(b))) == sorted(
        ["land", "defence", "diplomacy", "recruit-armies", "special-tax", "espionage",
         "prevent-flood"])
    assert "Cao Cao draws 2 action counters and 1 object" in kit.log_text(b)


@pytest.mark.rule("chronicles:s2.3.4.reuse")
@pytest.mark.rule("chronicles:s4.1.2.sequence")
@pytest.mark.rule("chronicles:s6.0.engaged-maintenance")
def test_prepare_in_order_and_used_objects_come_back_after_the_draws() -> None:
    """Phase 2 in order: engaged units pay (summer), cards are drawn, counters drawn;
    an object used last round goes back to the supply only after this round's draws
    (notes 17), so nobody can draw it yet."""
    state = opening(["fire-trap"])
    kit.at(state, "summer", 196, 2)
    state["supply"].update(objects=[], used=["treasured-sword"])
    state["round"]["battles"].append(
        {"id": "b1", "area": "pei-cheng", "territory": "yu-zhou", "defender": "lu-bu",
         "invader": "cao-cao", "cause": "invasion", "force": None,
         "forces": [{"who": "cao-cao", "side": "invade", "units": {"infantry": 3}}],
         "plans": {}, "status": "carried"})
    b = kit.board(state, *([1] * 9))
    draws.prepare(b)
    assert state["realms"]["cao-cao"]["gold"] == 13
    assert state["realms"]["sun-ce"]["cards"] == ["fire-trap"]
    for role in state["seats"]:
        assert state["realms"][role]["objects"] == []
        assert len(state["realms"][role]["counters"]) == 3
    assert state["supply"]["objects"] == ["treasured-sword"]
    assert state["supply"]["used"] == []
    text = kit.log_text(b)
    assert text.index("maintenance of units still engaged") < text.index("red card")
    assert text.index("red card") < text.index("draws 3 action counters and")
