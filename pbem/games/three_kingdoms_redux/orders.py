"""Standing orders: a state's answers, given in advance, to questions the rules put to it
while another state is acting (docs/standing-orders.md, Three Kingdoms Redux part).

``ask`` always means "send me the question". A player sets them with the action
``{do: orders, set: {NAME: VALUE}}`` in any save they write.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbem import standing_orders

BARTER = ("ask", "never", "buy-spear", "buy-horse", "buy-crossbow", "buy-vessel",
          "sell-spear", "sell-horse", "sell-crossbow", "sell-vessel")

# name -> (allowed values, default, what it answers)
ORDERS: dict[str, tuple[tuple[str, ...], str, str]] = {
    "level12": (("buy", "never", "ask"), "buy",
                "whether I pay 2 rice for a popular support token when a skill keeps or raises "
                "my tribal level at 12 at the end of a round (action.improve-tribal.level-12)"),
    "barter": (BARTER, "ask",
               "the Barter Market swap at the end of a round without my trade action: ask me, "
               "never, or always the same swap when I can afford it (card.barter-market)"),
    "benefit_order": (("auto", "ask"), "auto",
                      "whether my end-of-round benefits that need no choice are taken in the "
                      "usual order (cards, then generals by recruitment) or I am asked "
                      "(resolution.benefits)"),
    "trigger_order": (("auto", "ask"), "auto",
                      "whether the effects that follow one of my actions and need no choice "
                      "are taken in the usual order (what gives first, then what trains) "
                      "or I am asked (resolution.take-actions)"),
}


def default_orders() -> dict[str, str]:
    return standing_orders.defaults(ORDERS)


def update(current: Mapping[str, str], given: Any) -> dict[str, str]:
    """Check a ``set`` mapping of new orders and merge it into ``current``."""
    return standing_orders.update(ORDERS, current, given)


def wants_question(orders: Mapping[str, str], name: str) -> bool:
    return orders.get(name, ORDERS[name][1]) == "ask"
