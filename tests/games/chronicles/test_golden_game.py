"""The Chronicles golden game (saves/golden-chronicles): the first year of a 3-player game
between random legal players, open dice, replayed byte for byte.

Every save is rebuilt from the one before it with the same actions, the same keys and the
same clock, and must come out identical to the byte: rules, dice, sealed orders and their
openings, log, YAML and signature. When a rules change is meant to change games,
regenerate it with scripts/make-golden-chronicles.
"""

from __future__ import annotations

from collections import Counter

import pytest

from pbem import chain, savefile
from tests.golden_replay import rebuild, recorded, sample_players

FOLDER = "golden-chronicles"


def _saves() -> list[savefile.SaveFile]:
    return recorded(FOLDER, "make-golden-chronicles")


def test_golden_game_verifies_and_holds_a_year_of_orders() -> None:
    """The chain verifies from the first save; it runs from Spring 196 to Spring 197, every
    season's orders sealed and opened, with battles and a disaster on the way."""
    saves = _saves()
    verdict = chain.verify(saves[-1], saves[:-1])
    assert len(verdict.chain) == len(saves)
    assert saves[0].kind == "chronicles-of-the-three-kingdoms"
    assert [p["role"] for p in saves[0].players] == ["cao-cao", "sun-ce", "liu-biao"]
    assert saves[-1].state["calendar"] == {"year": 197, "season": "spring", "round": 5}
    verbs = Counter(a["do"] for s in saves for a in s.actions)
    assert verbs["seal"] >= 4 * 3 and verbs["unseal"] >= 4 * 3
    log = "\n".join(str(line) for s in saves for line in s.doc["log"])
    assert "(battle won)" in log and "draws the disaster" in log


@pytest.mark.slow
def test_golden_game_replays_byte_for_byte() -> None:
    """Each save rebuilt from its predecessor is identical to the byte, the openings of
    the sealed orders included."""
    saves = _saves()
    automatic = rebuild(saves, sample_players(FOLDER, saves[0]))
    assert automatic >= 4 * 3  # the openings
