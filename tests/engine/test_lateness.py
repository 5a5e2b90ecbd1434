"""Who owes the save after a given one, when it is late, and whose pbem reminds them: at a
moment given by the test, never the machine's clock."""

from __future__ import annotations

import datetime as dt

import pytest
from freezegun import freeze_time

from pbem import deadlines, identity, lateness, session
from pbem.savefile import SaveFile
from pbem.signing import PrivateKey

WRITTEN = "2026-11-22 12:00:00"
DEADLINE = {"answer": "3d", "grace": "1d"}
ASKED = dt.datetime(2026, 11, 22, 12, tzinfo=dt.UTC)


def _people(*names: str) -> list[identity.LocalIdentity]:
    return [identity.LocalIdentity(name, PrivateKey.generate()) for name in names]


def _two(deadline: dict[str, str] | None = DEADLINE) -> list[SaveFile]:
    """alice's invitation to bob, and bob's join (alice starts next)."""
    alice, bob = _people("alice", "bob")
    with freeze_time(WRITTEN):
        first = session.new_game("tiny-race", alice, [bob.identity], {"target": 30},
                                 deadline=deadline)
        return [first, session.join(first, bob)]


def _request_of_three() -> SaveFile:
    """alice's roll request, answered side by side by bob (green) and carol (blue)."""
    alice, bob, carol = _people("alice", "bob", "carol")
    with freeze_time(WRITTEN):
        save = session.new_game("tiny-race-3", alice, [bob.identity, carol.identity],
                                {"target": 30}, dice="witnessed", deadline=DEADLINE)
        save = session.join(session.join(save, bob), carol)
        return session.Composer(save, alice).finish()


def test_the_clock_of_the_answer_owed_and_the_words_for_it() -> None:
    first, joined = _two()
    clock = lateness.clock_of(joined)
    assert clock is not None
    assert (clock.asked, clock.due, clock.claimable) == (
        ASKED, ASKED + dt.timedelta(days=3), ASKED + dt.timedelta(days=4))
    assert lateness.due_words(clock) == ("answer due by 2026-11-25 12:00 UTC, claim from "
                                         "2026-11-26 12:00 UTC")
    assert lateness.left(clock, ASKED + dt.timedelta(hours=3)) == "due in 2d 21h"
    assert lateness.left(clock, ASKED + dt.timedelta(days=3, hours=5)) == "LATE by 5h"
    assert lateness.owed(first) == ["green"] and lateness.owed(joined) == ["red"]


def test_no_deadline_means_nothing_is_ever_late() -> None:
    _, joined = _two(deadline=None)
    assert lateness.clock_of(joined) is None
    assert lateness.late(joined, ASKED + dt.timedelta(days=400)) is None


def test_not_late_before_the_answer_is_due_then_one_day_after_another() -> None:
    first, _ = _two()
    due = ASKED + dt.timedelta(days=3)
    assert lateness.late(first, due - dt.timedelta(seconds=1)) is None
    late = lateness.late(first, due)
    assert late is not None and late.owing == ["green"] and late.day == 0
    assert late.sequence == 1 and late.names() == ["bob"]
    assert late.reminder_by == "red"  # the writer of the save, who waits
    later = lateness.late(first, due + dt.timedelta(hours=23, minutes=59))
    assert later is not None and later.day == 0
    later = lateness.late(first, due + dt.timedelta(hours=25))
    assert later is not None and later.day == 1


def test_a_writer_who_owes_the_next_save_does_not_remind_themselves() -> None:
    _, joined = _two()  # written by bob (green); alice (red) starts
    assert joined.writer == "green"
    late = lateness.late(joined, ASKED + dt.timedelta(days=3))
    assert late is not None and late.owing == ["red"] and late.reminder_by == "green"
    assert lateness.reminder_by(joined, ["green"]) == "red"  # the next in seat order
    assert lateness.reminder_by(joined, ["red", "green"]) is None


def test_side_by_side_the_missing_witnesses_owe_and_the_actor_reminds() -> None:
    request = _request_of_three()
    moment = ASKED + dt.timedelta(days=3, hours=1)
    late = lateness.late(request, moment)
    assert late is not None and late.owing == ["green", "blue"]
    assert late.reminder_by == "red"
    late = lateness.late(request, moment, answered={"green"})
    assert late is not None and late.owing == ["blue"] and late.reminder_by == "red"
    # every answer in, and the actor has not carried on: the next player reminds them
    late = lateness.late(request, moment, answered={"green", "blue"})
    assert late is not None and late.owing == ["red"] and late.reminder_by == "green"


@pytest.mark.parametrize(("seconds", "words"), [(0, "0m"), (59 * 60, "59m"),
                                                (3600 + 600, "1h 10m"), (86400 * 2, "2d")])
def test_spans_in_words(seconds: int, words: str) -> None:
    clock = deadlines.Clock(ASKED, ASKED, ASKED)
    assert lateness.left(clock, ASKED + dt.timedelta(seconds=seconds)) == f"LATE by {words}"
