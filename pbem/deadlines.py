"""The deadline the players agreed when the game was made, and when each answer is due.

A game's first save may fix ``game.deadline``: how long each player has to write the save
they owe (``answer``), and how much longer the others wait before they may *claim* that
the deadline passed (``grace``). Both are whole minutes, hours or days (``90m``, ``36h``,
``3d``), kept in one canonical spelling so a save has one byte form.

Nobody can prove what time it is: times here are the ``written`` stamps the players' own
pbem signed into their saves, and the clock of the machine that asks (docs/deadlines.md).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pbem.errors import UsageError

DURATION = re.compile(r"([1-9][0-9]{0,3})([mhd])\Z")
UNITS = {"m": 60, "h": 3600, "d": 86400}
MAIL_DEFAULT = {"answer": "3d", "grace": "1d"}
MAX_SECONDS = 366 * 86400


def seconds(text: str) -> int:
    """The length of a canonical or typed duration (``3d``, ``36h``, ``90m``)."""
    match = DURATION.match(text.strip()) if isinstance(text, str) else None
    if not match:
        raise UsageError(f"a duration is a whole number of minutes, hours or days, like "
                         f"90m, 36h or 3d, not {str(text)[:20]!r}")
    value = int(match.group(1)) * UNITS[match.group(2)]
    if value > MAX_SECONDS:
        raise UsageError(f"a duration of at most 366 days, not {text!r}")
    return value


def spelled(value: int) -> str:
    """The one spelling of a duration: the largest unit that divides it."""
    for unit in ("d", "h", "m"):
        if value % UNITS[unit] == 0:
            return f"{value // UNITS[unit]}{unit}"
    raise UsageError("a duration is a whole number of minutes")


def agreed(answer: str | None, grace: str | None, hotseat: bool) -> dict[str, str] | None:
    """The ``game.deadline`` of a new game from ``--deadline`` and ``--grace``: a default
    for games by mail, none at one keyboard (``none`` turns it off)."""
    if answer is not None and answer.strip().lower() == "none":
        if grace is not None:
            raise UsageError("--grace needs a deadline (not --deadline none)")
        return None
    if answer is None and grace is None:
        return None if hotseat else dict(MAIL_DEFAULT)
    answer_s = seconds(answer if answer is not None else MAIL_DEFAULT["answer"])
    grace_s = seconds(grace if grace is not None else MAIL_DEFAULT["grace"])
    return {"answer": spelled(answer_s), "grace": spelled(grace_s)}


def problem(deadline: Any) -> str | None:
    """What is wrong with a save's ``game.deadline`` (``None``: nothing)."""
    if deadline is None:
        return None
    if type(deadline) is not dict or list(deadline) != ["answer", "grace"]:
        return "must be empty or hold answer and grace, in that order"
    for name in ("answer", "grace"):
        value = deadline[name]
        try:
            if type(value) is not str or spelled(seconds(value)) != value:
                return f"{name} must be a duration like 3d, 36h or 90m in its shortest form"
        except UsageError as exc:
            return f"{name}: {exc.message}"
    return None


def parse_stamp(stamp: str) -> dt.datetime:
    return dt.datetime.strptime(stamp, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=dt.UTC)


def stamp_of(moment: dt.datetime) -> str:
    return moment.astimezone(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def now() -> dt.datetime:
    """This machine's clock (front ends only; tests freeze it)."""
    return dt.datetime.now(dt.UTC).replace(microsecond=0)


@dataclass(frozen=True)
class Clock:
    """When the save owed after a given save is due, and when it may be claimed."""

    asked: dt.datetime
    due: dt.datetime
    claimable: dt.datetime

    def late(self, moment: dt.datetime) -> bool:
        return moment >= self.due

    def may_claim(self, moment: dt.datetime) -> bool:
        return moment >= self.claimable

    def as_dict(self) -> dict[str, str]:
        return {"asked": stamp_of(self.asked), "due": stamp_of(self.due),
                "claimable": stamp_of(self.claimable)}


def clock(game: Mapping[str, Any], written: str) -> Clock | None:
    """The clock of the answer owed after a save written at ``written`` (``None``: the
    game has no deadline)."""
    deadline = game.get("deadline")
    if not deadline:
        return None
    asked = parse_stamp(written)
    due = asked + dt.timedelta(seconds=seconds(deadline["answer"]))
    return Clock(asked, due, due + dt.timedelta(seconds=seconds(deadline["grace"])))


def words(game: Mapping[str, Any]) -> str:
    """The deadline in words for headers and mail."""
    deadline = game.get("deadline")
    if not deadline:
        return "no deadline"
    return f"{deadline['answer']} to answer, {deadline['grace']} grace before a claim"


def span(delta: dt.timedelta) -> str:
    """A rough length of time for people: ``2d 3h``, ``5h 10m``, ``12m``."""
    total = max(0, int(delta.total_seconds()))
    days, rest = divmod(total, 86400)
    hours, rest = divmod(rest, 3600)
    minutes = rest // 60
    if days:
        return f"{days}d {hours}h" if hours else f"{days}d"
    if hours:
        return f"{hours}h {minutes}m" if minutes else f"{hours}h"
    return f"{minutes}m"
