"""Standing orders: a player's answers, given in advance, to the questions the rules put
to her while another player is acting (docs/standing-orders.md, Card Game part).

A player sets them with ``{do: orders, set: {NAME: VALUE}}`` in any save she writes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbem import standing_orders

# name -> (allowed values, default, what it answers)
ORDERS: dict[str, tuple[tuple[str, ...], str, str]] = {
    "window": (("mine", "ask", "pass"), "mine",
               "whether pbem asks me when a play may be answered with an instant card: only "
               "when it aims at me or my cards (mine), always (ask), or never: I pass "
               "(intervention.instant.any-time)"),
    "duel_defender": (("auto", "ask"), "auto",
                      "who answers a duel against my land: my character with the highest "
                      "Fighting Spirit (auto) or ask me (battle.duel.challenge)"),
    "war_defender": (("auto", "ask"), "auto",
                     "who defends my land in a war: a strategist first, then the highest "
                     "Fighting Spirit (auto) or ask me (battle.war.defender.private)"),
}


def default_orders() -> dict[str, str]:
    return standing_orders.defaults(ORDERS)


def update(current: Mapping[str, str], given: Any) -> dict[str, str]:
    """Check a ``set`` mapping of new orders and merge it into ``current``."""
    return standing_orders.update(ORDERS, current, given)
