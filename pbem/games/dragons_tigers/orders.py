"""Standing orders: a player's answers, given in advance, to questions the rules put to
them while someone else is moving, so that most turns need no extra round trip.

Each order has a name and a value; ``ask`` always means "send me the question".
The player sets them with the action ``{do: orders, set: {NAME: VALUE, ...}}`` in any
save they write. See docs/standing-orders.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbem.errors import IllegalAction

# name -> (allowed values, default, what it answers)
ORDERS: dict[str, tuple[tuple[str, ...], str, str]] = {
    "losses": (("largest-first", "spare-main", "ask"), "largest-first",
               "which of my kingdoms loses armies when several share a hit (5.4(C))"),
    "retreat": (("never", "outnumbered-2", "outnumbered-3", "ask"), "never",
                "whether my defending side retreats after a battle round (5.5)"),
    "relocate": (("default", "ask"), "default",
                 "where my warlords and retainers go when their armies are gone (5.7(A))"),
    "capture": (("default", "ask"), "default",
                "which of my kingdoms takes a retainer we captured together (5.7(D))"),
    "control": (("default", "ask"), "default",
                "which of my kingdoms controls an area we won together (6(C))"),
    "counter_check": (("always", "never", "ask"), "always",
                      "whether I make the defender's betrayal check when I can (5.1(B))"),
    "retainer_death": (("ask", "weakest"), "ask",
                       "which of my retainers dies in the Retainer Dies event (10.1(B))"),
    "proxy": (("default", "ask"), "default",
              "decisions I make for a neutral or Traitorous side my opponent attacks (5(C))"),
    "main_change": (("keep", "ask"), "keep",
                    "whether I may change my main kingdom when another player's turn ends "
                    "(3.2(B))"),
}


def default_orders() -> dict[str, str]:
    return {name: spec[1] for name, spec in ORDERS.items()}


def update(current: Mapping[str, str], given: Any) -> dict[str, str]:
    """Check a ``set`` mapping of new orders and merge it into ``current``."""
    if not isinstance(given, dict) or not given:
        raise IllegalAction("orders are given as 'set: {NAME: VALUE}'")
    merged = dict(current)
    for name, value in given.items():
        if name not in ORDERS:
            raise IllegalAction(f"unknown standing order {name!r} (known: "
                                f"{', '.join(ORDERS)})")
        allowed = ORDERS[name][0]
        if value not in allowed:
            raise IllegalAction(f"standing order {name} takes {', '.join(allowed)}, "
                                f"not {value!r}")
        merged[name] = value
    return merged


def wants_question(orders: Mapping[str, str], name: str) -> bool:
    return orders.get(name, ORDERS[name][1]) == "ask"
