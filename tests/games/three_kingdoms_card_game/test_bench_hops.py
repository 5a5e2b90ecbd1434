"""The person-hops figure of scripts/bench: a mover's save, once the game is back with her,
that holds only her own pick of the war or bribe she declared and then her Main Phase's
end, she had planned (pbem/plans.py), so it needs no person."""

from __future__ import annotations

import pytest

from pbem.games.three_kingdoms_card_game import bench


@pytest.mark.parametrize(("verbs", "plannable"), [
    (["end-main"], True),
    (["end-main", "done"], True),
    (["war-card", "end-main", "done"], True),
    (["end-main", "move", "done"], False),  # she moves characters: her choice now
    (["end-main", "done", "discard"], False),
    (["war-card", "end-main"], True),
    (["bid", "end-main"], True),
    (["war-card"], False),  # she plays on after the war: what she learned decides
    (["war-card", "attack", "end-main"], False),
    (["play-event", "end-main"], False),
    ([], False),
])
def test_only_her_own_picks_then_the_end_of_her_main_phase_are_planned(
        verbs: list[str], plannable: bool) -> None:
    assert bench.planned([{"do": verb} for verb in verbs]) is plannable


def test_a_game_counts_fewer_hops_with_plans(monkeypatch: pytest.MonkeyPatch) -> None:
    """Seed 3: the figure is at least one save a turn (each turn needs its mover) and is
    lower than when no plan is counted."""
    with_plans = bench.person_hops_per_turn(3)
    monkeypatch.setattr(bench, "planned", lambda _: False)
    assert 1.0 <= with_plans < bench.person_hops_per_turn(3)
