"""The rules of Dragons & Tigers, one module per section of the rulebook.

Importing this package registers every step and phase handler with :mod:`..flow`. The
sections never import one another: they hand work on by pushing a step by name, and share
only :mod:`..table`, :mod:`..sides` and :mod:`..flow`.
"""

from pbem.games.dragons_tigers.rules import (  # noqa: F401
    s03_setup,
    s04_diplomacy,
    s04_levy,
    s04_movement,
    s04_round_end,
    s04_turns,
    s05_aftermath,
    s05_combat,
    s07_victory,
    s09_emperor,
    s10_events,
    s11_abilities,
    s12_multiplayer,
)
