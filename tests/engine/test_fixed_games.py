"""A fixed game (:func:`pbem.selfplay.play_fixed`, for figures): the same seed gives the
same saves, byte for byte, on every run; another seed gives another game."""

from __future__ import annotations

from pbem import selfplay


def _first_saves(seed: int) -> list[bytes]:
    result = selfplay.play_fixed("dragons-tigers", 2, seed, dice="witnessed",
                                 until=lambda save: save.sequence >= 12)
    assert {save.written for save in result.saves} == {selfplay.FIXED_STAMP}
    return [save.raw for save in result.saves]


def test_a_seed_gives_the_same_game_on_every_run() -> None:
    first = _first_saves(4000)
    assert first == _first_saves(4000)
    assert first != _first_saves(4001)
