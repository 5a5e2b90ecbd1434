"""The Redux golden game (saves/golden-redux): a complete 12-round game from the standard
setup, replayed byte for byte.

Every save is rebuilt from the one before it with the same actions, the same keys and the
same clock, and must come out identical to the byte: rules, dice, hidden cards, log, YAML
and signature. When a rules change is meant to change games, regenerate it with
scripts/make-golden-redux.
"""

from __future__ import annotations

import pytest

from pbem import chain, identity, savefile
from tests.golden_replay import rebuild, recorded, sample_players

FOLDER = "golden-redux"


def _saves() -> list[savefile.SaveFile]:
    return recorded(FOLDER, "make-golden-redux")


def _locals(first: savefile.SaveFile) -> dict[str, identity.LocalIdentity]:
    return sample_players(FOLDER, first)


def test_golden_game_is_complete_and_verifies() -> None:
    """The chain verifies from the first save and ends with a result after round 12."""
    saves = _saves()
    verdict = chain.verify(saves[-1], saves[:-1])
    assert verdict.over and len(verdict.chain) == len(saves)
    result = saves[-1].state["result"]
    assert result is not None and result["round"] == 12
    assert saves[0].kind == "three-kingdoms-redux"


@pytest.mark.slow
def test_golden_game_replays_byte_for_byte() -> None:
    """Each save rebuilt from its predecessor is identical to the byte, the shuffles,
    shares and the audit's openings included."""
    saves = _saves()
    automatic = rebuild(saves, _locals(saves[0]))
    assert automatic >= 5  # every player shuffled and opened their secrets
