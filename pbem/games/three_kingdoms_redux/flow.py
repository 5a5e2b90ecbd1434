"""The step machine of Three Kingdoms Redux (see :mod:`pbem.stepmachine`), and the
helpers its rules build offers and read arguments with.

Hidden cards: a prompt may be computed with what its viewer knows (``Table.known``), but
only its labels and the option lists of its parameters may depend on that; who must act,
the text, the verbs and every fully fixed button are the same for everyone, and handlers
check every parameter against public facts or cards they reveal.
"""

from __future__ import annotations

from pbem import stepmachine
from pbem.games.three_kingdoms_redux.table import Table
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

MACHINE: stepmachine.StepMachine[Table] = stepmachine.StepMachine()
Handler = stepmachine.Handler[Table]
handler = MACHINE.handler
current_prompt = MACHINE.current_prompt
advance = MACHINE.advance
act = MACHINE.act

__all__ = ["MACHINE", "Handler", "Step", "act", "advance", "arg_int", "arg_list", "arg_str",
           "ask", "button", "choice", "current_prompt", "handler", "no_extra", "number",
           "require", "subset"]
