"""One step of a random legal player, shared by the games' random-game tests: try the
candidates self-play would, in order, and keep the first the rules accept."""

from __future__ import annotations

import random
from typing import Any

from pbem import gameplay, selfplay
from pbem.engine import Action, GameModule, Log, Prompt, copy_state
from pbem.errors import IllegalAction


def first_legal(module: GameModule, state: dict[str, Any], prompt: Prompt,
                rng: random.Random, dice: Any, log: Log,
                suggested: list[Action] | None = None,
                where: str = "", refusals: set[str] | None = None) -> dict[str, Any]:
    """Apply the first candidate answer to ``prompt`` the rules accept and return the
    position after it (a refused try leaves nothing behind: state, dice and log; its
    message goes into ``refusals``, when given)."""
    for action in selfplay.candidates(prompt, rng, suggested):
        backup, mark, entries = copy_state(state), dice.snapshot(), len(log.entries)
        try:
            gameplay.apply(module, state, prompt.role, action, dice, log)
            return state
        except IllegalAction as exc:
            if refusals is not None:
                refusals.add(exc.message)
            state = backup
            dice.restore(mark)
            del log.entries[entries:]
    raise AssertionError(f"{where}no offered action accepted at {prompt.step}")
