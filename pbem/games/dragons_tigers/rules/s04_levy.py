"""4.4 Levy: new armies from the manpower of the active kingdom's areas.

4.4(A) characters' administration adds to the areas' manpower; 4.4(B) a kingdom without
areas uses its warlord's area; 4.4(C) one army per manpower, none saved; 4.4(D) placed
in any area the kingdom controls, shared or not; 4.4(E) never in an area another kingdom
controls, except armies from a retainer's administration (in his own area) and from a
warlord without areas (in his area); 4.4(F) only as far as army counters allow. Bountiful
Harvest adds 3 (10.3); Famine allows none (10.6(C)).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbem.engine import ActionSpec, Prompt
from pbem.errors import IllegalAction
from pbem.games.dragons_tigers.flow import (
    Handler,
    Step,
    arg_int,
    ask,
    button,
    no_extra,
    number,
    phase,
    require,
)
from pbem.games.dragons_tigers.numbers import numbers
from pbem.games.dragons_tigers.table import Table
from pbem.games.dragons_tigers.words import amount, n_armies

HARVEST = numbers().harvest_manpower


def manpower(t: Table, step: Step) -> dict[str, Any]:
    """The levy budget of this turn, by source: ``general`` and each retainer's admin."""
    kid = step["kingdom"]
    areas = t.controlled_by(kid)
    warlord = t.warlord(kid)
    general = sum(t.cat.areas[a].manpower for a in areas)
    home: str | None = None
    if not areas and warlord and t.on_map(warlord):  # 4.4(B)
        home = t.where(warlord)
        assert home is not None
        general = t.cat.areas[home].manpower
    admin: dict[str, int] = {}
    for cid in t.chars_of(kid):
        rating = t.c(cid).admin
        if rating <= 0:
            continue
        if t.c(cid).rank == "warlord":
            general += rating
        else:
            admin[cid] = rating
    if step["harvest"]:
        general += HARVEST
    return {"general": general, "home": home, "admin": admin}


def ensure(t: Table, step: Step) -> dict[str, Any]:
    if step["levy"] is None:
        step["levy"] = manpower(t, step)
        budget = step["levy"]
        total = budget["general"] + sum(budget["admin"].values())
        t.say(f"{t.kname(step['kingdom'])} has {total} manpower to levy"
              + (f" (+{HARVEST} from Bountiful Harvest)" if step["harvest"] else ""), "4.4")
    return step["levy"]


def _general_areas(t: Table, step: Step, budget: Mapping[str, Any]) -> list[str]:
    areas = t.controlled_by(step["kingdom"])
    if budget["home"] and not areas:
        return [budget["home"]]
    return areas


def available(t: Table, step: Step, area: str) -> int:
    """Manpower that may be spent in ``area`` now."""
    budget = ensure(t, step)
    total = budget["general"] if area in _general_areas(t, step, budget) else 0
    controlled = area in t.controlled_by(step["kingdom"])
    for cid, left in budget["admin"].items():
        if left and t.on_map(cid) and (controlled or t.where(cid) == area):
            total += left
    return total


def places(t: Table, step: Step) -> list[str]:
    budget = ensure(t, step)
    candidates = set(_general_areas(t, step, budget))
    candidates.update(str(t.where(c)) for c, n in budget["admin"].items() if n and t.on_map(c))
    order = list(t.cat.areas)
    return sorted((a for a in candidates if available(t, step, a) > 0), key=order.index)


@phase
class Levy(Handler):
    """4.4: the active kingdom raises armies from its manpower; then movement."""

    name = "levy"

    def prompt(self, t: Table, step: Step) -> Prompt | None:
        kid = step["kingdom"]
        offers: list[ActionSpec] = []
        for area in places(t, step):
            most = t.room(kid, area, available(t, step, area))
            if most > 0:
                offers.append(ActionSpec(
                    "levy", f"Levy armies in {t.aname(area)}", "4.4(D)", fixed={"area": area},
                    params=(number("armies", "How many armies", 1, most, most),)))
        offers.append(button("end-levy", "End the levy (unused manpower is lost)", "4.4(C)"))
        budget = ensure(t, step)
        left = budget["general"] + sum(budget["admin"].values())
        return ask(step["player"], "levy", f"levy armies ({left} manpower left)", offers, "4.4")

    def explain(self, t: Table, step: Step, role: str,
                action: Mapping[str, Any]) -> IllegalAction | None:
        """Why no levy is offered here: no manpower left, no counters, or not an area it
        may go to."""
        if action.get("do") != "levy":
            return None
        budget = ensure(t, step)
        if budget["general"] + sum(budget["admin"].values()) == 0:
            return IllegalAction("no manpower is left to levy this turn", "4.4(C)")
        if action.get("area") in places(t, step):
            return IllegalAction("there are no army counters left to show more armies there",
                                 "4.4(F)")
        return IllegalAction("armies cannot be levied in that area", "4.4(E)")

    def act(self, t: Table, step: Step, role: str, action: Mapping[str, Any]) -> None:
        if action["do"] == "end-levy":
            budget = ensure(t, step)
            left = budget["general"] + sum(budget["admin"].values())
            if left:
                t.say(f"{left} manpower unused is lost", "4.4(C)")
            step["phase"] = "movement"
            return
        no_extra(action, ("area", "armies"), "4.4")
        kid = step["kingdom"]
        area = action["area"]
        require(area in places(t, step), "armies cannot be levied there", "4.4(E)")
        budget = ensure(t, step)
        left = budget["general"] + sum(budget["admin"].values())
        n = arg_int(action, "armies", 1, max(1, left), "4.4(C)")
        most = available(t, step, area)
        require(n <= most, f"only {most} of the manpower left may be placed in {t.aname(area)}",
                "4.4(E)")
        require(t.representable(kid, {area: n}),
                f"there are no army counters to show {amount(n, 'more army', 'more armies')} "
                f"there", "4.4(F)")
        _spend(t, step, area, n)
        t.add_armies(area, kid, n)
        t.say(f"{t.kname(kid)} levies {n_armies(n)} in {t.aname(area)}", "4.4(D)")


def _spend(t: Table, step: Step, area: str, n: int) -> None:
    """Use the sources that can go anywhere first, keeping the local ones for later."""
    budget = step["levy"]
    controlled = set(t.controlled_by(step["kingdom"]))
    general_ok = area in _general_areas(t, step, budget)
    order: list[str] = []
    if general_ok:
        order.append("")
    local_last = sorted(budget["admin"], key=lambda c: t.where(c) not in controlled)
    for cid in local_last:
        if budget["admin"][cid] and t.on_map(cid) and (area in controlled or t.where(cid) == area):
            order.append(cid)
    for source in order:
        if not n:
            break
        have = budget["general"] if source == "" else budget["admin"][source]
        take = min(have, n)
        if source == "":
            budget["general"] -= take
        else:
            budget["admin"][source] -= take
        n -= take
