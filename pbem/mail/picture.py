"""The map picture attached to a turn's e-mail, drawn by the game's own PNG renderer.

A game that can draw itself ships a ``render_png`` module beside its game module, with
``render(board, view) -> bytes``; a game without one is sent without a picture.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from pbem.engine import GameModule


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


def map_png(module: GameModule, state: dict[str, Any]) -> bytes | None:
    """The PNG picture of ``state`` as everyone may see it, or ``None``."""
    drawer = renderer(module)
    if drawer is None:
        return None
    board = module.board()
    return bytes(drawer.render(board, module.view(state, None)))
