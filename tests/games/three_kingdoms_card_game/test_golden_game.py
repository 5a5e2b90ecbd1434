"""The Card Game golden game (saves/golden-cardgame): a complete 3-player game from the
standard setup, to a win by land value, replayed byte for byte.

Every save is rebuilt from the one before it with the same actions, the same keys and the
same clock, and must come out identical to the byte: rules, dice, hidden cards, sealed
answers, log, YAML and signature. When a rules change is meant to change games,
regenerate it with scripts/make-golden-cardgame.
"""

from __future__ import annotations

from collections import Counter

import pytest

from pbem import chain, savefile
from tests.golden_replay import rebuild, recorded, sample_players

FOLDER = "golden-cardgame"


def _saves() -> list[savefile.SaveFile]:
    return recorded(FOLDER, "make-golden-cardgame")


def test_golden_game_is_complete_and_verifies() -> None:
    """The chain verifies from the first save and ends with a win by land value, after a
    trade accepted, wars (sealed war cards), a bribe (sealed bids) and counters (instants
    answering another play, one answering a counter)."""
    saves = _saves()
    verdict = chain.verify(saves[-1], saves[:-1])
    assert verdict.over and len(verdict.chain) == len(saves)
    assert saves[0].kind == "three-kingdoms-card-game"
    assert [p["role"] for p in saves[0].players] == ["seat1", "seat2", "seat3"]
    result = saves[-1].state["result"]
    assert result["reason"] == "win.land-value"
    assert result["land_values"][result["winner"]] >= 6
    verbs = Counter(a["do"] for s in saves for a in s.actions)
    for verb in ("accept-trade", "attack", "bribe", "play", "seal", "unseal", "audit"):
        assert verbs[verb] >= 1, verb
    lines = [str(line) for s in saves for line in s.doc["log"]]
    assert any("Bids shown together" in line for line in lines)
    assert any("War cards:" in line for line in lines)
    assert any("trade 1 card(s) for 1, face down" in line for line in lines)
    assert any("Opened a Bag of Trick against" in line for line in lines)
    assert len(saves) < 250


@pytest.mark.slow
def test_golden_game_replays_byte_for_byte() -> None:
    """Each save rebuilt from its predecessor is identical to the byte, the shuffles,
    decryption shares, sealed war cards and bids, and the audit's openings included."""
    saves = _saves()
    automatic = rebuild(saves, sample_players(FOLDER, saves[0]))
    assert automatic >= 20  # shuffles, shares, openings of sealed answers, the audit
