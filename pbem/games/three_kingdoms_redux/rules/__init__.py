"""One module per part of the rulebook; each registers its steps with the step machine.

The modules never import each other: a part hands work to another by pushing a named
step (see :mod:`.sequence` for the order of a round).
"""

from __future__ import annotations


def register_all() -> None:
    """Import every rule module so that its step handlers are registered."""
    from pbem.games.three_kingdoms_redux.rules import (  # noqa: F401
        alliance,
        battle,
        benefits,
        bidding,
        domestic,
        enhancements,
        military,
        recruit,
        resolution,
        scoring,
        sequence,
        setup,
        tribal,
        triggers,
        update,
    )
