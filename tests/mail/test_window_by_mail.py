"""A Card Game reaction window by mail: four homes, `pbem watch` on every side, and the
three players asked answer unattended with the standing response each keeps on her own
machine (pbem/responses.py), so the mover's move comes back with nobody at a keyboard."""

from __future__ import annotations

from pbem.mail.bench_window import window_round_trip_ms


def test_three_watchers_answer_a_window_with_their_standing_responses() -> None:
    """Two windows in a row: each time the move comes back to the mover through the three
    other watchers (a player asked at her keyboard would stop the run with an error)."""
    figures = window_round_trip_ms(samples=2)
    assert figures["cardgame_window_round_trip_ms"] > 0
    assert figures["cardgame_window_round_trip_max_ms"] >= \
        figures["cardgame_window_round_trip_ms"]
