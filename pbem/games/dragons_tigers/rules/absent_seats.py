"""What an absent seat decides (docs/deadlines.md, Dragons & Tigers): its standing orders
answer every question they cover (an order that says ``ask`` takes its default), and each
decision of its own turn is the one that changes least — end diplomacy, levy and movement,
hold in a battle, attempt no check, decree or rebellion; a step not listed here takes its
first offer with the offer's default arguments."""

from __future__ import annotations

from typing import Any

from pbem import absence
from pbem.engine import Log
from pbem.games.dragons_tigers.orders import ORDERS

DEFAULTS: dict[str, tuple[str, ...]] = {
    "diplomacy": ("end-diplomacy",),
    "levy": ("end-levy",),
    "movement": ("end-movement",),
    "end-turn": ("end-turn",),
    "betrayal-check": ("no-check",),
    "imperial-decree": ("no-decree",),
    "rebellion": ("no-rebellion",),
    "retreat": ("fight-on",),
}


def seat_absent(state: dict[str, Any], role: str, log: Log, label: str) -> None:
    """Turn every standing order of ``role`` that asks into its default, and say so."""
    before = dict(state["orders"].get(role, {}))
    state["orders"][role] = absence.orders_for_absent(ORDERS, before, log, label)
