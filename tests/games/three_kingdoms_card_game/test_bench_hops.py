"""The person-hops figure of scripts/bench: a mover who only ends her Main Phase once the
game is back with her had planned it (pbem/plans.py), so that save needs no person."""

from __future__ import annotations

import pytest

from pbem.engine import Prompt
from pbem.games.three_kingdoms_card_game import bench


def _prompt(role: str, step: str) -> Prompt:
    return Prompt(role=role, step=step, text="", actions=())


def test_only_the_movers_end_of_her_main_phase_after_another_player_is_planned() -> None:
    state = {"turn": {"role": "seat1"}}
    end = {"do": "end-main"}
    assert bench._planned(state, _prompt("seat1", "main"), end, "seat2")
    assert not bench._planned(state, _prompt("seat1", "main"), end, None)  # her turn's start
    assert not bench._planned(state, _prompt("seat1", "main"), {"do": "attack"}, "seat2")
    assert not bench._planned(state, _prompt("seat2", "main"), end, "seat1")
    assert not bench._planned(state, _prompt("seat1", "trade"), end, "seat2")


def test_a_game_counts_fewer_hops_with_plans(monkeypatch: pytest.MonkeyPatch) -> None:
    """Seed 3: the figure is at least one save a turn (each turn needs its mover) and is
    lower than when no plan is counted."""
    with_plans = bench.person_hops_per_turn(3)
    monkeypatch.setattr(bench, "_planned", lambda *_: False)
    assert 1.0 <= with_plans < bench.person_hops_per_turn(3)
