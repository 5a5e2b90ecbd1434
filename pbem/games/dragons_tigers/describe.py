"""A text picture of a position: for ``pbem show``, the log pane and e-mail bodies."""

from __future__ import annotations

import textwrap
from typing import Any

from pbem.games.dragons_tigers import orders as standing
from pbem.games.dragons_tigers.table import OFF_MAP, Table
from pbem.games.dragons_tigers.words import amount


def armies_text(t: Table, area: str) -> str:
    return ", ".join(f"{t.cat.kingdoms[k].name} {n}" for k, n in t.armies_in(area).items())


def position(state: dict[str, Any]) -> str:
    """Round, Mandate marker, each player's kingdoms and every occupied area."""
    t = Table(state)
    lines = [f"Round {state['round']} of 8 · Mandate marker at ({state['mandate'][0]}, "
             f"{state['mandate'][1]}) · Emperor Xian in {t.aname(state['emperor'])}"]
    for role in state["seats"]:
        kings = t.kingdoms_of(role)
        shown = ", ".join(t.kname(k) + (" (main)" if t.kingdom(k)["main"] else "")
                          for k in kings) or "no kingdom left"
        areas = t.controlled_by_role(role)
        lines.append(f"{t.rname(role)}: {shown}; {amount(len(areas), 'area', 'areas')}")
    neutral = [t.kname(k) for k in t.cat.player_kingdoms if t.in_play(k) and t.is_neutral(k)]
    if neutral:
        lines.append("Neutral: " + ", ".join(neutral))
    traitors = [t.kname(k) for k in t.cat.traitorous_kingdoms if t.in_play(k)]
    if traitors:
        lines.append("Traitorous: " + ", ".join(traitors))
    lines.append("")
    for area in t.cat.areas:
        holder = t.controller(area)
        chars = [c for c, e in state["chars"].items() if e["at"] == area]
        if holder is None and not t.armies_in(area):
            continue
        who = t.cat.kingdoms[holder].name if holder else "-"
        parts = [f"{t.cat.areas[area].name:<10} {who:<12}"]
        if t.armies_in(area):
            parts.append(f"armies: {armies_text(t, area)}")
        if chars:
            parts.append("· " + ", ".join(t.c(c).name for c in chars))
        if state["emperor"] == area:
            parts.append("· Emperor Xian")
        lines.append(" ".join(parts))
    free = sum(1 for e in state["chars"].values() if e["at"] == "pool")
    lines.append("")
    lines.append(f"Free retainers in the pool: {free} · chits in the pool: "
                 f"{len(state['pool'])}, drawn: {len(state['drawn'])}")
    lines.append("")
    lines.extend(orders_text(t))
    return "\n".join(lines)


def orders_text(t: Table) -> list[str]:
    """Every player's standing orders (docs/standing-orders.md), defaults included."""
    out = ["Standing orders (answers given in advance; ask: the question is sent):"]
    for role in t.s["seats"]:
        given = standing.full(t.orders(role))
        text = "; ".join(f"{name}: {value}" for name, value in given.items())
        out.extend(textwrap.wrap(f"{t.rname(role)}: {text}", width=90,
                                 initial_indent="  ", subsequent_indent="    "))
    return out


__all__ = ["OFF_MAP", "position"]
