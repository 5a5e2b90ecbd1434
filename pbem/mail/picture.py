"""The map picture attached to a turn's e-mail, drawn by the game's own PNG renderer.

A game that can draw itself ships a ``render_png`` module beside its game module, with
``render(board, view, history, due) -> bytes``: ``history`` lists the saves the picture
goes with (sequence, writer, actions, log), whose moves and battles it shows, and ``due``
says who acts next. A game without one is sent without a picture.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import Any

from pbem import gameplay
from pbem.engine import GameModule
from pbem.savefile import SaveFile


def renderer(module: GameModule) -> ModuleType | None:
    """The game's ``render_png`` module, or ``None`` when it has none (or no map)."""
    package = type(module).__module__.rpartition(".")[0]
    if not package or module.board() is None:
        return None
    name = f"{package}.render_png"
    try:
        found = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name == name:
            return None
        raise
    return found if callable(getattr(found, "render", None)) else None


def history_of(saves: Sequence[SaveFile]) -> list[dict[str, Any]]:
    """What the renderer reads of each save: its number, writer, actions (a roll request's
    waiting action included: the next save carries it out) and log."""
    return [{"sequence": s.sequence, "writer": s.writer,
             "actions": [*s.actions, *([s.pending["action"]] if s.pending else [])],
             "log": list(s.doc.get("log") or [])} for s in saves]


def map_png(module: GameModule, save: SaveFile | Mapping[str, Any],
            earlier: Sequence[SaveFile] = ()) -> bytes | None:
    """The PNG picture of a save's position as everyone may see it, or ``None``.

    Given a save, the picture also shows its number, who acts next and the moves and
    battles of its actions and of ``earlier`` saves sent with it (oldest first). Given only
    a position (a state), it shows the position and who acts next.
    """
    drawer = renderer(module)
    if drawer is None:
        return None
    if isinstance(save, SaveFile):
        state, history, due = save.state, history_of([*earlier, save]), save.due
    else:
        state, history, due = dict(save), [], None
        prompt = gameplay.prompt(module, state)
        if prompt is not None:
            due = {"role": prompt.role, "step": prompt.step, "text": prompt.text}
    board = module.board()
    return bytes(drawer.render(board, gameplay.view(module, state, None), history, due))


def warm(saves: Sequence[SaveFile]) -> None:
    """Draw each of these saves once and throw the picture away: the fonts and the map's
    layout are then loaded, so the first message that waits for a picture (a witness's
    answer after which the mover decides) does not wait for them too. Any failure is
    ignored: the picture is drawn again, or sent without, when it is needed."""
    done: set[str] = set()
    for save in saves:
        if save.kind in done:
            continue
        done.add(save.kind)
        try:
            from pbem import games

            map_png(games.get(save.kind), save)
        except Exception:  # a drawing bug must not trouble the watcher
            continue
