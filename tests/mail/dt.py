"""Playing Dragons & Tigers in tests: a simple player that picks legal actions."""

from __future__ import annotations

from typing import Any

from pbem import session
from pbem.engine import ActionSpec, Prompt
from pbem.identity import LocalIdentity
from pbem.savefile import SaveFile

KINGDOMS = {"blue": ["cao-cao", "liu-bei", "sun-wu"],
            "white": ["yuan-shao", "gongsun-zan", "yuan-shu"]}
KINGDOMS_OPTION = "kingdoms=" + ",".join(KINGDOMS["blue"] + KINGDOMS["white"])


def _filled(spec: ActionSpec) -> dict[str, Any]:
    values: dict[str, Any] = {}
    for param in spec.params:
        if param.default is not None:
            continue
        if param.kind == "choice":
            values[param.name] = param.options[0].value
        elif param.kind == "choices":
            values[param.name] = [o.value for o in param.options[:max(1, param.minimum)]]
        else:
            values[param.name] = param.minimum
    return spec.complete(**values)


def choose(prompt: Prompt) -> dict[str, Any]:
    """End the step when the rules allow it, else take the first offer."""
    for spec in prompt.actions:
        if spec.verb.startswith("end"):
            return spec.complete()
    return _filled(prompt.actions[0])


def plan(prev: SaveFile, me: LocalIdentity) -> list[dict[str, Any]]:
    """The actions ``me`` takes on ``prev`` until the turn passes to someone else."""
    composer = session.Composer(prev, me)
    actions: list[dict[str, Any]] = []
    while composer.my_move():
        prompt = composer.prompt()
        assert prompt is not None
        action = choose(prompt)
        composer.act(action)
        actions.append(action)
    return actions


def play(saves: list[SaveFile], players: dict[str, LocalIdentity], count: int) -> None:
    """Add ``count`` saves to ``saves``, each player acting when due."""
    for _ in range(count):
        current = saves[-1]
        assert current.due is not None
        composer = session.Composer(current, players[current.due["role"]])
        while composer.my_move():
            prompt = composer.prompt()
            assert prompt is not None
            composer.act(choose(prompt))
        saves.append(composer.finish())
