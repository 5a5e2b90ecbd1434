"""Chronicles' missing orders that lapse (docs/deadlines.md, "Answers that lapse"),
attacked by a seat who edits her save and signs it again: the claimer who turns an owed
opening into a lapse, and the late seat who uses her lapse to take back the forces she
placed face down, or to give an answer after all. Each is refused as the save arrives."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from pbem.savefile import SaveFile
from tests.games.chronicles.late_seats import key_of, lapsed, withheld
from tests.security.chronicles_golden import refused

RULE = "chronicles:s4.0.simultaneous"


def _late_opening() -> tuple[SaveFile, SaveFile, dict[str, Any]]:
    """The save in which the seat whose last muster lapsed opens her forces face down:
    (previous save, save, the opening action as the save holds it)."""
    saves, (_, second) = lapsed()
    late = saves[second].actions[0]["roles"][0]
    for prev, save in zip(saves[second:], saves[second + 1:], strict=False):
        if save.writer != late:
            continue
        for action in _actions(save):
            if action.get("do") == "unseal" and "opened" in action:
                return prev, save, action
    raise AssertionError("the seat whose muster lapsed never opened her forces")


def _actions(save: SaveFile) -> Iterator[dict[str, Any]]:
    yield from save.actions
    if save.pending:
        yield save.pending["action"]


def _opening_of(doc: dict[str, Any]) -> dict[str, Any]:
    found = [a for a in [*doc["actions"], (doc.get("pending") or {}).get("action") or {}]
             if a.get("do") == "unseal" and "opened" in a]
    return found[0]


@pytest.mark.rule(RULE)
def test_a_claim_cannot_say_false_to_its_lapse() -> None:
    """A lapse is written `lapse: true` or the claim makes the seat absent: a third form
    (false) would give one claim two byte forms, and is refused."""
    saves, (first, _) = lapsed()
    prev, claim = saves[first - 1], saves[first]

    def falsify(doc: dict[str, Any]) -> None:
        doc["actions"][0]["lapse"] = False

    assert "lapse is true" in refused(prev, claim, key_of(prev)[claim.writer], falsify)


@pytest.mark.rule(RULE)
def test_an_owed_opening_cannot_be_claimed_as_a_lapse() -> None:
    """The claimer of a withheld opening writes `lapse: true`, so that the late seat's
    forces would drop while she stays at the table: an opening never lapses, and the claim
    is refused."""
    saves, (_, _, third) = withheld()
    prev, claim = saves[third - 1], saves[third]

    def lapse(doc: dict[str, Any]) -> None:
        doc["actions"][0]["lapse"] = True

    assert "cannot lapse" in refused(prev, claim, key_of(prev)[claim.writer], lapse)


@pytest.mark.rule(RULE)
def test_a_lapsed_seat_cannot_open_other_forces_than_she_sealed() -> None:
    """The seat whose last muster lapsed opens her forces face down as more units than
    she sealed: refused as it arrives."""
    prev, save, _ = _late_opening()

    def more(doc: dict[str, Any]) -> None:
        placed = _opening_of(doc)["opened"][0]["value"]["muster"][0]
        placed["units"]["infantry"] = int(placed["units"].get("infantry", 0)) + 1

    why = refused(prev, save, key_of(prev)[save.writer], more)
    assert "not the choice sealed earlier" in why


@pytest.mark.rule(RULE)
def test_a_lapsed_seat_cannot_keep_her_forces_back() -> None:
    """The seat whose last muster lapsed opens none of her forces face down, to take them
    back now that she has seen the others' shapes: refused as it arrives."""
    prev, save, _ = _late_opening()

    def none(doc: dict[str, Any]) -> None:
        _opening_of(doc)["opened"] = []

    assert "one for each choice sealed earlier" in refused(prev, save,
                                                           key_of(prev)[save.writer], none)


@pytest.mark.rule(RULE)
def test_a_lapsed_seat_cannot_answer_after_all_with_her_opening() -> None:
    """The seat whose last muster lapsed slips an order of her own into her opening, to
    answer after the deadline: refused as it arrives."""
    prev, save, _ = _late_opening()

    def answer(doc: dict[str, Any]) -> None:
        _opening_of(doc)["order"] = {"do": "muster"}

    assert "opens only the choices" in refused(prev, save, key_of(prev)[save.writer], answer)
