"""Calling a game module: the engine's side of the contract in one place.

Games without hidden cards get exactly the calls of :class:`pbem.engine.GameModule`.
Games that declare decks (``uses_secrets``) also get a :class:`pbem.hidden.Secrets` in
``start`` and ``apply`` and what the viewer knows in ``prompt`` and ``view``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbem.dice import Dice
from pbem.engine import Action, GameModule, Log, Prompt, State
from pbem.hidden import SECRETS_KEY, OpenSecrets, known_to


def opening(module: GameModule, options: Mapping[str, Any],
            scenario: Mapping[str, Any] | None) -> State:
    """The opening state, with the game's declared decks when it has hidden cards."""
    state = module.setup(options, scenario)
    if module.uses_secrets and SECRETS_KEY not in state:
        OpenSecrets.create(state, module.shared_decks(options), module.private_decks(options))
    return state


def start(module: GameModule, state: State, dice: Dice, log: Log) -> None:
    """The game's opening, once the seed is known (shared decks are shuffled first)."""
    if module.uses_secrets:
        secrets = OpenSecrets(state, dice)
        secrets.shuffle_all()
        module.start(state, dice, log, secrets)  # type: ignore[call-arg]
    else:
        module.start(state, dice, log)


def apply(module: GameModule, state: State, role: str, action: Action, dice: Dice,
          log: Log) -> None:
    """Carry out one action (see :meth:`GameModule.apply`)."""
    if module.uses_secrets:
        module.apply(state, role, action, dice, log,  # type: ignore[call-arg]
                     OpenSecrets(state, dice))
    else:
        module.apply(state, role, action, dice, log)


def prompt(module: GameModule, state: State, viewer: str | None = None) -> Prompt | None:
    """Who must act and what is offered; labels of hidden cards as ``viewer`` knows them
    (by default the player who must act)."""
    if not module.uses_secrets:
        return module.prompt(state)
    if viewer is None:
        bare = module.prompt(state, {})  # type: ignore[call-arg]
        if bare is None:
            return None
        viewer = bare.role
    return module.prompt(state, known_to(state, viewer))  # type: ignore[call-arg]


def view(module: GameModule, state: State, role: str | None) -> dict[str, Any]:
    """What ``role`` (``None``: a spectator) may see of the position."""
    if module.uses_secrets:
        return module.view(state, role, known_to(state, role))  # type: ignore[call-arg]
    return module.view(state, role)
