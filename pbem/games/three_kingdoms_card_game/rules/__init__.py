"""One module per part of the rulebook; each registers its steps with the step machine.

The modules hand work to each other by pushing named steps, never by importing one
another's handlers (the shared helpers live in :mod:`.plays` and :mod:`.effects`).
"""

from __future__ import annotations


def register_all() -> None:
    """Import every rule module so that its step handlers are registered."""
    from pbem.games.three_kingdoms_card_game.rules import (  # noqa: F401
        battle,
        bribery,
        ending,
        main_phase,
        setup,
        trades,
        turn,
        windows,
    )
