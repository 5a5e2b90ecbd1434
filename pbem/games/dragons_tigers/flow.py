"""The procedure machine of Dragons & Tigers (see :mod:`pbem.stepmachine`), and the
helpers its rules build offers and read arguments with.

This module is the only hub of the rules: each section registers its handlers here by
name (:func:`handler` for steps, :func:`phase` for the phases of a turn, :func:`explains`
for why its verbs are refused), and a section hands work to another by pushing a step by
name, never by importing it. After each step the areas that changed sides are told as
key results (news.control_changes).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbem import stepmachine
from pbem.games.dragons_tigers.news import control_changes
from pbem.games.dragons_tigers.table import Table
from pbem.stepmachine import (
    Step,
    arg_int,
    arg_list,
    arg_str,
    ask,
    button,
    choice,
    no_extra,
    number,
    require,
    subset,
)

__all__ = ["MACHINE", "PHASES", "Handler", "Step", "act", "advance", "arg_counts", "arg_int",
           "arg_list", "arg_str", "ask", "button", "choice", "current_prompt", "explains",
           "handler", "no_extra", "number", "phase", "require", "subset"]


def _watch(t: Table) -> None:
    """Remember who controls each area before a step (unless a step still holds back
    the news of an earlier one)."""
    if t.control_before is None:
        t.control_before = dict(t.s["control"])


def _tell(t: Table, at_last: bool = False) -> None:
    """Tell the areas that changed sides since :func:`_watch`, unless a step on the stack
    holds the news back (``hold_news``: a restored kingdom is placed before it is
    announced) and the procedure goes on. A combat in which both sides were wiped out holds
    back the news of its area (``hold_news``: the area and who held it) even at a prompt,
    until its aftermath is settled."""
    if t.control_before is None:
        return
    holds = [step["hold_news"] for step in t.stack if step.get("hold_news")]
    if holds and not at_last:
        return
    before, t.control_before = t.control_before, None
    # the area of a combat both sides lost all their armies in: told when it is settled
    control_changes(t, before, {hold["area"] for hold in holds if isinstance(hold, dict)})


MACHINE: stepmachine.StepMachine[Table] = stepmachine.StepMachine(
    before=_watch, after=lambda t, settled: _tell(t, at_last=settled))
Handler = stepmachine.Handler[Table]
handler = MACHINE.handler
explains = MACHINE.explains
current_prompt = MACHINE.current_prompt
advance = MACHINE.advance
act = MACHINE.act
PHASES: dict[str, Handler] = {}


def phase(cls: type[Handler]) -> type[Handler]:
    """Register a phase of a turn under its name: its handler gets the ``turn`` step."""
    PHASES[cls.name] = cls()
    return cls


def arg_counts(action: Mapping[str, Any], name: str,
               rule: str | None = None) -> dict[str, int]:
    value = action.get(name, {})
    if isinstance(value, int) and not isinstance(value, bool):
        return {"": value}
    require(isinstance(value, dict), f"'{name}' must map kingdoms to numbers of armies", rule)
    out: dict[str, int] = {}
    for key, count in value.items():
        require(isinstance(key, str) and isinstance(count, int) and not isinstance(count, bool)
                and count >= 0, f"'{name}' must map kingdoms to numbers of armies", rule)
        if count:
            out[key] = count
    return out
