"""Where a battle's forces go once it is over for them (notes 13): home to the pool of
the group they came from, on to the next battle for the same area (notes 6), or kept on
the map when the battle is carried over to next round (notes 44)."""

from __future__ import annotations

from typing import Any

from pbem.games.chronicles.board import Board
from pbem.games.chronicles.rules import parts
from pbem.games.chronicles.rules.strength import Fight, units_of


def send_home(b: Board, force: dict[str, Any], why: str, territory: str | None = None) -> None:
    """A placement whose battle is over for it: units back to the pool of the group it
    came from (``territory``: the battle's, for a force that names none; notes 13), bought
    units are spent, generals off the map."""
    if force.get("home"):
        return
    force["home"] = True
    who = force["who"]
    if b.is_human(who):
        parts.bring_home(b, who, force, force.get("from") or territory)
    for gid in force.get("generals") or []:
        facts = b.s["generals"].get(gid)
        if facts and facts["status"] == "ready":
            facts["at"] = None
    if force.get("units") or force.get("generals"):
        b.note(f"{b.name(who)}'s forces go home ({why})", "s9.2.army-reinforce")


def _next_battle(b: Board, f: Fight) -> dict[str, Any] | None:
    """The next battle for the same area, not yet begun, if any."""
    for other in b.s["round"]["battles"]:
        if (other is not f.battle and other["area"] == f.area and other["status"] == "pending"
                and not other.get("begun")):
            return other
    return None


def return_forces(b: Board, f: Fight) -> None:
    """Survivors go home; the holder's stay for the next battle for the area (notes 6)."""
    nxt = _next_battle(b, f)
    holder = b.holder(f.area)
    for side in (f.inv, f.dfd):
        for i, c in enumerate(side.contributors):
            left = units_of(side, i)
            if c.home == "area":
                if b.is_non_human(b.holder(f.area)):
                    armies = b.s["areas"][f.area].get("armies") or {}
                    for kind, n in left.items():
                        armies[kind] = armies.get(kind, 0) + n
                    b.s["areas"][f.area]["armies"] = armies
                continue
            if c.force is None:
                continue
            gens = [g for g in c.force.get("generals") or []
                    if b.general_state(g)["status"] == "ready"]
            if nxt is not None and c.who == holder and c.who == side.main:
                nxt["forces"].append({"who": c.who, "side": "defend", "from": f.territory,
                                      "generals": gens, "units": left, "gold": 0,
                                      "helps": None, "round": 0})
                for g in gens:
                    b.general_state(g)["task"] = f"battle:{nxt['id']}"
                c.force["home"] = True
                b.note(f"{b.name(c.who)}'s forces stay in {b.area(f.area).name} for the "
                       "next battle there", "s9.0.invade")
                continue
            c.force["units"] = left
            send_home(b, c.force, "the battle is over", f.territory)


def carry(b: Board, f: Fight) -> None:
    """Hold fast or siege: the forces stay on the map for next round (notes 44)."""
    f.battle["status"] = "carried"
    for side in (f.inv, f.dfd):
        for i, c in enumerate(side.contributors):
            left = units_of(side, i)
            if c.force is not None:
                c.force["units"] = left
            elif c.home == "area":
                b.s["areas"][f.area]["armies"] = left
            elif f.battle.get("force"):
                f.battle["force"]["units"] = left
    b.note(f"battle {f.battle['id']} is carried over; its generals take no other action",
           "s10.3.1.carry-over")
