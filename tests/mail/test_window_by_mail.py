"""A Card Game reaction window by mail: four homes, `pbem watch` on every side, and the
three players asked answer unattended with the standing response each keeps on her own
machine (pbem/responses.py), so the mover's move comes back with nobody at a keyboard."""

from __future__ import annotations

from pbem.mail.bench_window import window_round_trip_ms


def test_three_watchers_answer_a_window_with_their_standing_responses() -> None:
    """Two windows in a row: each time the move comes back to the mover through the three
    other watchers (a player asked at her keyboard would stop the run with an error). Each
    of them passes ahead, side by side, and writes no save: the mover's next save carries
    the three passes, which every other watcher verifies as it files it."""
    said: dict[str, list[str]] = {}
    figures = window_round_trip_ms(samples=2, said=said)
    assert figures["cardgame_window_round_trip_ms"] > 0
    assert figures["cardgame_window_round_trip_max_ms"] >= \
        figures["cardgame_window_round_trip_ms"]
    for name in ("bob", "carol", "dave"):
        passed = [line for line in said[name] if line.startswith("passed ")]
        assert len(passed) >= 2, (name, said[name][-10:])
        assert not [line for line in said[name] if line.startswith("responded ")]
    filed = [line for line in said["bob"] if line.startswith("filed ") and "from alice" in line]
    assert filed, said["bob"][-10:]
