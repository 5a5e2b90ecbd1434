"""What the events share: the turn they happen in, the choices the event step asks
(a standing order may answer them), and a character's ratings added up."""

from __future__ import annotations

from typing import Any

from pbem.games.dragons_tigers.flow import Step
from pbem.games.dragons_tigers.table import Table


def turn_of(t: Table) -> Step:
    """The turn the event happens in."""
    turn = t.turn()
    assert turn is not None
    return turn


def choose(t: Table, step: Step, options: list[tuple[Any, str]], question: str,
            verb: str, arg: str, rule: str, then: str, chooser: str | None = None,
            order: str | None = None, default: Any = None) -> None:
    """Ask the event's next question: ``then`` is the phase its answer leads to; a
    single option, or a standing order (``order``), answers by itself (``default``)."""
    step.update({"phase": "choose", "options": [[v, label] for v, label in options],
                 "question": question, "verb": verb,
                 "arg": arg, "rule": rule, "then": then, "chooser": chooser or step["player"],
                 "order": order, "default": default if default is not None else
                 (options[0][0] if options else None)})


def chosen(t: Table, step: Step, value: Any) -> None:
    """The answer is in: go on to the phase it leads to, the value as ``choice``."""
    step["phase"] = step.pop("then")
    step["choice"] = value
    for key in ("options", "question", "verb", "arg", "chooser", "order", "default"):
        step.pop(key, None)


def ratings(t: Table, cid: str) -> int:
    """A character's ratings added up: command, valor, administration and diplomacy."""
    c = t.c(cid)
    return c.command + c.valor + c.admin + c.diplomacy
