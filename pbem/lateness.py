"""Who owes the save after a given one, whether it is late, and who reminds them.

Everything here takes the moment to judge from the caller (a front end asks
:func:`pbem.deadlines.now`): nothing reads a clock. The save owed after a save ``S`` is
owed by ``S.due["role"]``; for a request answered side by side, by the witnesses whose
answers are missing (then, once every answer is in, by the request's actor).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Collection
from dataclasses import dataclass

from pbem import absence, deadlines, witness_answers
from pbem.deadlines import Clock
from pbem.savefile import SaveFile

DAY = dt.timedelta(days=1)


def clock_of(save: SaveFile) -> Clock | None:
    """The clock of the answer owed after ``save`` (``None``: no deadline, or the game is
    over)."""
    if save.due is None:
        return None
    return deadlines.clock(save.game, str(save.doc["written"]))


def owed(save: SaveFile, answered: Collection[str] = ()) -> list[str]:
    """The roles that owe the save after ``save``, in seat order (``answered``: the
    witnesses whose answers to a side-by-side request are in)."""
    if save.due is None:
        return []
    if witness_answers.is_request(save):
        missing = [r for r in witness_answers.witnesses_of(save) if r not in answered]
        if missing:
            seats = [str(p["role"]) for p in save.players]
            return sorted(missing, key=seats.index)
        return [str(save.pending["by"])] if save.pending else []
    return [str(save.due["role"])]


def reminder_by(save: SaveFile, late: Collection[str]) -> str | None:
    """The one player whose pbem reminds the late ones: the writer of ``save`` (of a
    side-by-side request, its actor), else the next player after them in seat order who is
    neither late nor absent (``None``: nobody is left to remind)."""
    seats = [str(p["role"]) for p in save.players]
    first = str(save.pending["by"]) if witness_answers.is_request(save) and save.pending \
        else save.writer
    start = seats.index(first) if first in seats else 0
    gone = absence.absent(save.state)
    for role in seats[start:] + seats[:start]:
        if role not in late and role not in gone:
            return role
    return None


def period(clock: Clock, moment: dt.datetime) -> int | None:
    """Which day of lateness ``moment`` falls in: 0 from the moment the answer is due, 1
    from 24 h later, and so on (``None``: not late)."""
    if not clock.late(moment):
        return None
    return int((moment - clock.due) // DAY)


@dataclass(frozen=True)
class Late:
    """A save whose owed answer is late: who owes it, since when, who reminds them."""

    save: SaveFile
    owing: list[str]
    clock: Clock
    day: int
    reminder_by: str | None

    @property
    def sequence(self) -> int:
        """The number of the save owed."""
        return self.save.sequence + 1

    def names(self) -> list[str]:
        return [str(self.save.player(role)["name"]) for role in self.owing]


def late(save: SaveFile, moment: dt.datetime, answered: Collection[str] = ()) -> Late | None:
    """``save``'s owed answer when it is late at ``moment`` (``None``: no deadline, the
    game is over, or not late yet)."""
    clock = clock_of(save)
    if clock is None:
        return None
    day = period(clock, moment)
    owing = owed(save, answered)
    if day is None or not owing:
        return None
    return Late(save, owing, clock, day, reminder_by(save, owing))


def when(moment: dt.datetime) -> str:
    """A moment for people: ``2026-12-01 09:00 UTC``."""
    return moment.astimezone(dt.UTC).strftime("%Y-%m-%d %H:%M UTC")


def due_words(clock: Clock) -> str:
    """``answer due by 2026-12-01 09:00 UTC, claim from 2026-12-02 09:00 UTC``."""
    return f"answer due by {when(clock.due)}, claim from {when(clock.claimable)}"


def left(clock: Clock, moment: dt.datetime) -> str:
    """``due in 2d 3h``, or ``LATE by 5h`` once the answer is due."""
    if clock.late(moment):
        return f"LATE by {deadlines.span(moment - clock.due)}"
    return f"due in {deadlines.span(clock.due - moment)}"
