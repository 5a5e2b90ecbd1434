"""The terminal table: a Textual front end that renders what a game module describes.

It knows no rules: positions come from ``module.view()`` and ``module.board()``, the
choices from ``module.prompt()``, and every action goes back through
:class:`pbem.session.Composer`.
"""

from __future__ import annotations

__all__ = ["launch"]
