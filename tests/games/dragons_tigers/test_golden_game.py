"""The golden game (saves/golden): a complete 8-round game, replayed byte for byte.

Every save is rebuilt from the one before it with the same actions, the same keys and the
same clock, and must come out identical to the byte: rules, dice, log, YAML and signature.
When a rules change is meant to change games, regenerate it with scripts/make-golden.
"""

from __future__ import annotations

import pytest

from pbem import chain, identity, savefile
from tests.golden_replay import rebuild, recorded, sample_players

FOLDER = "golden"


def _saves() -> list[savefile.SaveFile]:
    return recorded(FOLDER, "make-golden")


def _locals(first: savefile.SaveFile) -> dict[str, identity.LocalIdentity]:
    return sample_players(FOLDER, first)


def test_golden_game_is_complete_and_verifies() -> None:
    saves = _saves()
    verdict = chain.verify(saves[-1], saves[:-1])
    assert verdict.over and len(verdict.chain) == len(saves)
    result = saves[-1].state["result"]
    assert result is not None and result["reason"] != "elimination"
    assert saves[-1].state["round"] == 8


@pytest.mark.slow
def test_golden_game_replays_byte_for_byte() -> None:
    saves = _saves()
    witnessed = rebuild(saves, _locals(saves[0]))
    assert witnessed > 20  # the dice were made by witnesses, and made again
