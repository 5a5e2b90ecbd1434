"""Standing orders: a player's answers, given in advance, to questions the rules put to
them while someone else is moving, so that most turns need no extra round trip.

Each order has a name and a value; ``ask`` always means "send me the question".
The player sets them with the action ``{do: orders, set: {NAME: VALUE, ...}}`` in any
save they write. Every order has a default, so a game needs no setting up; whenever an
order answers a real choice the log says so, naming the order and its value (see
:meth:`Table.by_order`). See docs/standing-orders.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbem import standing_orders

# name -> (allowed values, default, what it answers); the default is listed first
ORDERS: dict[str, tuple[tuple[str, ...], str, str]] = {
    "draft": (("rank", "ask"), "rank",
              "how my kingdoms are drafted: from one ranked list I give when the draft "
              "begins, or pick by pick (3.1, 3.2)"),
    "losses": (("largest-first", "spare-main", "ask"), "largest-first",
               "which of my kingdoms loses armies when several share a hit (5.4(C))"),
    "retreat": (("never", "outnumbered-2", "outnumbered-3", "ask"), "never",
                "whether my defending side retreats after a battle round (5.5)"),
    "relocate": (("default", "ask"), "default",
                 "where my warlords and retainers go when their armies are gone (5.7(A)), "
                 "and where allied armies go at the end of a round (4.8.3)"),
    "capture": (("default", "ask"), "default",
                "which of my kingdoms takes a retainer we captured together (5.7(D))"),
    "control": (("default", "ask"), "default",
                "which of my kingdoms controls an area we won together (6(C))"),
    "counter_check": (("always", "never", "ask"), "always",
                      "whether I make my betrayal check in a combat outside my turns "
                      "(5.1(B))"),
    "retainer_death": (("weakest", "ask"), "weakest",
                       "which of my retainers dies in another player's Retainer Dies event "
                       "(10.1(B))"),
    "proxy": (("default", "ask"), "default",
              "decisions I make for a neutral or Traitorous side my opponent attacks (5(C))"),
    "main_change": (("keep", "ask"), "keep",
                    "whether I may change my main kingdom when another player's turn ends, "
                    "or a round ends in another player's turn (3.2(B), 4.8.4)"),
    "new_main": (("strongest", "ask"), "strongest",
                 "which ally becomes my main kingdom when the main kingdom is eliminated in "
                 "another player's turn (3.2(C))"),
    "emperor": (("capital", "ask"), "capital",
                "beside which of my warlords Emperor Xian goes when he flees to me in "
                "another player's turn (10.4)"),
    "keep_retainer": (("keep", "release", "ask"), "keep",
                      "whether I keep Li Ru or Hua Xiong when Li Jue appears (4.8.1(A))"),
    "returning_retainer": (("strongest", "ask"), "strongest",
                           "which other surviving retainer comes back with Sun Wu in Jianye "
                           "(11.4)"),
}


def default_orders() -> dict[str, str]:
    return standing_orders.defaults(ORDERS)


def full(current: Mapping[str, str]) -> dict[str, str]:
    """Every order with its value: the ones given, the defaults for the rest (a game
    begun before an order existed has not stored it)."""
    return {name: str(current.get(name, spec[1])) for name, spec in ORDERS.items()}


def value(orders: Mapping[str, str], name: str) -> str:
    """The value of one order (its default when not given)."""
    return str(orders.get(name, ORDERS[name][1]))


def update(current: Mapping[str, str], given: Any) -> dict[str, str]:
    """Check a ``set`` mapping of new orders and merge it into ``current``."""
    return standing_orders.update(ORDERS, current, given)


def wants_question(orders: Mapping[str, str], name: str) -> bool:
    return value(orders, name) == "ask"
