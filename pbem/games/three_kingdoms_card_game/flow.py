"""The step machine of The Three Kingdoms Card Game (see :mod:`pbem.stepmachine`).

Hidden cards: a prompt may be computed with what its viewer knows (``Table.known``), but
only its labels and the option lists of its parameters may depend on that; who must act,
the text and the verbs are the same for everyone, and handlers check every argument
against public facts or the cards they turn face up.
"""

from __future__ import annotations

from pbem import stepmachine
from pbem.games.three_kingdoms_card_game.table import Table

MACHINE: stepmachine.StepMachine[Table] = stepmachine.StepMachine()
Handler = stepmachine.Handler[Table]
handler = MACHINE.handler
current_prompt = MACHINE.current_prompt
advance = MACHINE.advance
act = MACHINE.act
