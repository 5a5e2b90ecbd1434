"""How many complete random games the suite plays of each game.

Each game is checked after every action, so the number is a budget, not a rule: 20 by
default (the whole suite stays within CI's time), more for a longer search, e.g.
``PBEM_RANDOM_GAMES=1000 scripts/test -m slow``. Seeds run from 0, so a larger number
plays the default games and then more.
"""

from __future__ import annotations

import os

BLOCKS = 10  # the games are split in this many tests, so that they spread over the cores


def random_games() -> int:
    """The number of random games to play, a whole multiple of :data:`BLOCKS`."""
    wanted = int(os.environ.get("PBEM_RANDOM_GAMES", "20"))
    return max(BLOCKS, wanted - wanted % BLOCKS)
