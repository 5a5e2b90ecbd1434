"""The effect vocabulary: what each kind accepts, where it may stand, how it is worded, and
that docs/cardgame-data.md lists every kind with its parameters."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from pbem.games.three_kingdoms_card_game import vocabulary
from pbem.games.three_kingdoms_card_game.vocabulary import KINDS, check, describe

DOC = Path(__file__).resolve().parents[3] / "docs" / "cardgame-data.md"

TARGET = {"whose": "other", "where": "anywhere", "lords": False}
SAMPLES: dict[str, tuple[dict[str, Any], str]] = {
    "kill": ({"kind": "kill", **TARGET}, "event"),
    "duel": ({"kind": "duel", "fighter": "self", **TARGET}, "activated"),
    "control": ({"kind": "control", **TARGET, "ends_when": ["holder-dies"]}, "activated"),
    "return-to-hand": ({"kind": "return-to-hand", **TARGET, "whose": "own"}, "activated"),
    "rotate": ({"kind": "rotate", **TARGET}, "event"),
    "counter": ({"kind": "counter", "against": ["event", "ability"]}, "instant-event"),
    "discard-random": ({"kind": "discard-random", "count": 2, "player": "one-other"},
                       "event"),
    "take-random": ({"kind": "take-random", "count": 1, "player": "one-other"}, "on-entry"),
    "look-at-hand": ({"kind": "look-at-hand", "player": "one-other"}, "instant-event"),
    "draw": ({"kind": "draw", "count": 2}, "event"),
    "bonus": ({"kind": "bonus", "stat": "fighting-spirit", "amount": 1, "when": "duel",
               "to": "self"}, "permanent"),
    "strategist": ({"kind": "strategist"}, "permanent"),
}


def test_every_kind_has_a_sample_that_passes_and_is_worded() -> None:
    """Each kind accepts its sample in its place and describes it in a few words."""
    assert sorted(SAMPLES) == sorted(KINDS)
    for kind, (effect, place) in SAMPLES.items():
        assert check(effect, place) is None, kind
        assert len(describe(effect).split()) >= 2, kind


@pytest.mark.parametrize(("effect", "place", "problem"), [
    ("draw", "event", ("", "must be a mapping with a kind")),
    ({"kind": "kill", **TARGET}, "permanent", ("kind", "kill cannot stand in a permanent")),
    ({"kind": "bonus", "stat": "hearts", "amount": 1, "when": "always", "to": "self"},
     "activated", ("kind", "bonus cannot stand in an activated ability")),
    ({"kind": "counter", "against": ["event"]}, "activated", ("kind", "counter cannot")),
    ({"kind": "counter", "against": []}, "instant-event", ("against", "must be a list of")),
    ({"kind": "counter", "against": ["event", "event"]}, "instant-event",
     ("against", "each at most once")),
    ({"kind": "kill", **TARGET, "whose": "own"}, "event", ("whose", "must be one of other")),
    ({"kind": "kill", **TARGET, "lords": "yes"}, "event", ("lords", "must be true or false")),
    ({"kind": "kill", "whose": "other", "where": "anywhere"}, "event",
     ("lords", "is required by kill")),
    ({"kind": "duel", "fighter": "self", **TARGET}, "event", ("fighter", "an event's duel")),
    ({"kind": "duel", "fighter": "chosen", **TARGET}, "activated", ("fighter", "")),
    ({"kind": "control", **TARGET, "lords": True, "ends_when": []}, "event",
     ("lords", "a lord can never be controlled")),
    ({"kind": "control", **TARGET, "ends_when": ["holder-dies"]}, "event",
     ("ends_when", "an event has no holder")),
    ({"kind": "control", **TARGET, "ends_when": ["sunset"]}, "activated",
     ("ends_when", "must be a list of holder-returns-to-hand")),
    ({"kind": "bonus", "stat": "political-power", "amount": 1, "when": "duel", "to": "self"},
     "permanent", ("when", "a political-power bonus works always")),
    ({"kind": "bonus", "stat": "luck", "amount": 1, "when": "always", "to": "self"},
     "permanent", ("stat", "must be one of fighting-spirit")),
    ({"kind": "draw", "count": 0}, "event", ("count", "from 1 to 3, not 0")),
    ({"kind": "draw", "count": True}, "event", ("count", "from 1 to 3, not True")),
    ({"kind": "take-random", "count": 1, "player": "each-other"}, "event",
     ("player", "must be one of one-other")),
    ({"kind": "strategist", "to": "self"}, "permanent", ("to", "is not a parameter")),
])
def test_malformed_effects_are_refused_naming_the_parameter(
        effect: Any, place: str, problem: tuple[str, str]) -> None:
    """Each malformed effect names its parameter and says what is wrong."""
    found = check(effect, place)
    assert found is not None and found[0] == problem[0] and problem[1] in found[1], found


def test_the_words_of_the_named_effects() -> None:
    """Plain words for the effects the text shows."""
    assert describe({"kind": "kill", "whose": "other", "where": "anywhere",
                     "lords": True}) == "kill another player's character"
    assert describe({"kind": "counter", "against": ["instant"]}) == \
        "cancel an instant card just played or declared"
    assert describe({"kind": "discard-random", "count": 2, "player": "one-other"}) == \
        "another player discards 2 cards at random from hand"
    assert describe({"kind": "control", "whose": "other", "where": "off-land",
                     "lords": False, "ends_when": []}) == \
        "take control of another player's character on no land (not a lord) for good"


def test_the_documentation_lists_every_kind_with_its_parameters() -> None:
    """docs/cardgame-data.md has a table row per kind naming each of its parameters, and
    lists every value of the shared parameters."""
    text = DOC.read_text(encoding="utf-8")
    rows = {m.group(1): m.group(0) for m in re.finditer(r"^\| `([a-z-]+)` \|.*$", text,
                                                       re.MULTILINE)}
    for kind in KINDS:
        assert kind in rows, kind
        for param in vocabulary.parameters(kind):
            assert f"`{param}`" in rows[kind], (kind, param)
    for values in (vocabulary.WHOSE, vocabulary.WHERE, vocabulary.PLAYERS,
                   vocabulary.COUNTERABLE, vocabulary.ENDINGS, vocabulary.STATS,
                   vocabulary.WHEN, vocabulary.USES, vocabulary.CONDITIONS):
        for value in values:
            assert f"`{value}`" in text, value
