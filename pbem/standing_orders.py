"""Standing orders, whatever the game: a player's answers, given in advance and kept in
the position, to questions the rules put to her while another player acts
(docs/standing-orders.md). A game lists its orders as name -> (allowed values, default,
what it answers); a player sets them with ``{do: orders, set: {NAME: VALUE}}``."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from pbem.errors import IllegalAction

Orders = Mapping[str, tuple[tuple[str, ...], str, str]]


def defaults(orders: Orders) -> dict[str, str]:
    """Every order at its default."""
    return {name: spec[1] for name, spec in orders.items()}


def update(orders: Orders, current: Mapping[str, str], given: Any) -> dict[str, str]:
    """Check a ``set`` mapping of new orders and merge it into ``current``."""
    if not isinstance(given, dict) or not given:
        raise IllegalAction("orders are given as 'set: {NAME: VALUE}'")
    merged = dict(current)
    for name, new in given.items():
        if name not in orders:
            raise IllegalAction(f"unknown standing order {name!r} (known: "
                                f"{', '.join(orders)})")
        allowed = orders[name][0]
        if new not in allowed:
            raise IllegalAction(f"standing order {name} takes {', '.join(allowed)}, "
                                f"not {new!r}")
        merged[name] = new
    return merged


def change(state: dict[str, Any], role: str, action: Mapping[str, Any],
           update_orders: Callable[[Mapping[str, str], Any], dict[str, str]], name: str,
           log: Any) -> None:
    """A player's ``{do: orders, set: {...}}``: checked by the game's ``update_orders``,
    kept in the position and logged under her ``name``."""
    if set(action) - {"do", "set"}:
        raise IllegalAction("orders take only 'set: {NAME: VALUE}'")
    state["orders"][role] = update_orders(state["orders"].get(role, {}), action.get("set"))
    log.add(f"{name} changes standing orders: "
            + ", ".join(f"{k} {v}" for k, v in action["set"].items()))
