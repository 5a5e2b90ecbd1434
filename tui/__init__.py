"""The terminal table: a Textual front end that renders what a game module describes.

It knows no rules: positions come from the game's view and its static board, the choices
from its prompt — through :mod:`pbem.gameplay`, with what the player's key lets them read
of hidden cards — and every action goes back through :class:`pbem.session.Composer`.
"""

from __future__ import annotations

__all__ = ["launch"]
