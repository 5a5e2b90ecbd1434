"""What an absent seat decides (docs/deadlines.md, Three Kingdoms Redux): it passes. It
bids nothing, declines its actions, stays out of alliances, takes no optional benefit,
keeps its generals hidden, builds and trades nothing; its standing orders answer what they
cover (an order that says ``ask`` takes its default, the Barter Market ``never``). A step
not listed here takes its first offer with the offer's default arguments."""

from __future__ import annotations

from typing import Any

from pbem import absence
from pbem.engine import Log
from pbem.games.three_kingdoms_redux.orders import ORDERS

DEFAULTS: dict[str, tuple[str, ...]] = {
    "bidding": ("pass",),
    "actions": ("decline-rest", "decline"),
    "alliance": ("stay-out",),
    "benefits": ("end-benefits",),
    "triggers": ("end-triggers",),
    "tribal-hold": ("stay-hidden",),
    "action": ("build-nothing", "end-trade"),
}


def seat_absent(state: dict[str, Any], role: str, log: Log, label: str) -> None:
    """Turn every standing order of ``role`` that asks into its default, and say so."""
    before = dict(state["orders"][role])
    state["orders"][role] = absence.orders_for_absent(ORDERS, before, log, label)
