"""9.5: supplies of the forces placed for battle, paid once when the last muster closes
(notes 23): basic costs times the territory's multiplier, rounded up once, four times as
much across another's territory; a defender at home pays none."""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from pbem.games.chronicles.board import Board
from pbem.games.chronicles.rules import deals, parts
from pbem.games.chronicles.rules.muster import live


def supply_cost(b: Board, force: Mapping[str, Any], territory: str) -> int:
    """A placement's supplies (9.0 points 5-6, notes 23): basic costs x the multiplier,
    rounded up once; x4 across another's territory."""
    basic = sum((Fraction(b.data.armies[k].supply) * n
                 for k, n in (force.get("units") or {}).items()), Fraction(0))
    if force.get("from") == territory:
        mult = int(b.data.rule("supply-same-territory"))
    else:
        mult = int(b.data.card_of(territory).supply)
    cost = math.ceil(basic * mult)
    if force.get("via"):
        cost *= int(b.data.rule("supply-pass-through"))
    return cost


def close(b: Board) -> None:
    """The last muster closes: supplies are paid for every placement not yet paid for
    (a defender at home pays none; a helper's, by the helped when they agreed so).
    Nothing is refunded later."""
    for x in live(b):
        for force in x["forces"]:
            if "paid" in force or not force.get("units"):
                continue
            who = force["who"]
            if force["side"] == "defend" or not b.is_human(who):
                force["paid"] = 0
                b.note(f"{b.name(who)} defends at home: no supplies", "s9.6.home-defence")
                continue
            cost = supply_cost(b, force, x["territory"])
            payer = deals.supplies_payer(b, force)
            with parts.acting(b, payer, force.get("from")):
                paid = min(cost, b.gold(payer))
                b.realm(payer)["gold"] -= paid
            force["paid"] = paid
            rule = "s9.5.same-territory" if force.get("from") == x["territory"] else \
                "s9.5.supplies"
            if payer != who:
                rule = deals.SUPPLIES
            b.note(f"{b.name(payer)} pays {paid} gold of supplies for "
                   + (f"{b.name(who)}'s forces in " if payer != who else "")
                   + f"{b.area(x['area']).name}" + (f" (owes {cost}, has no more)"
                                                    if paid < cost else ""), rule)
