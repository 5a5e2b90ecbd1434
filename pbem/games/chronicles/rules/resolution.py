"""The resolution phase (11.0) in the order of notes 9: guards at the destination,
espionage, special tax, search for talent, recruit general, diplomatic relations, land /
prevent flood / defence, recruit armies; within a kind, in placing order (the round seat
order, then each order's own).

A void action (its general captured, reassigned to a battle, or its target gone) is not
rolled; its extra gold goes back (:func:`rolls.void`). A rolled action spends its gold and
objects, whatever the result (the objects go to the used pile at the completion phase).
Guards that never fired go back to their owner, as if never placed (notes 4).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pbem.games.chronicles.board import Board
from pbem.games.chronicles.rules import deals, envoys, intrigue, parts, rolls

REASSIGNED = "s11.0.reassigned"
DEVELOPED = "s14.dev.land"

Action = dict[str, Any]


def run(b: Board) -> None:
    """Resolve every placed action of the round."""
    b.log.heading(f"{b.when()}: resolution phase", "s11.0.timing")
    envoys.fire_at_destination(b)
    for kinds, resolve in STEPS:
        for act in list(b.this_round["actions"]):
            if act["kind"] not in kinds or act["status"] != "placed":
                continue
            why = void_reason(b, act)
            if why:
                rolls.void(b, act, why, REASSIGNED)
                continue
            resolve(b, act)
            if act["status"] == "placed":
                act["status"] = "done"
                for answer in act.get("backs", []) + act.get("hinders", []):
                    rolls.spend(b, answer)
    unfired_guards_back(b)


def void_reason(b: Board, act: Action) -> str | None:
    """Why ``act`` cannot be rolled now (notes 9), or None."""
    role, facts = act["role"], b.general_state(act["general"])
    if facts["employer"] != role or facts["status"] != "ready":
        return f"{b.name(act['general'])} no longer serves ({facts['status']})"
    if facts.get("task") != f"action:{act['index']}":
        return f"{b.name(act['general'])} was given another task"
    kind, tid = act["kind"], act.get("territory")
    if kind == "land" and not b.holds_whole(role, tid):
        return f"{b.name(role)} no longer holds all of {b.territory(tid).name}"
    if kind in ("prevent-flood", "search", "recruit-armies") and not any(
            b.holder(a) == role for a in b.territory(tid).area_ids()):
        return f"{b.name(role)} no longer holds an area of {b.territory(tid).name}"
    if kind == "defence" and b.holder(act["area"]) != role:
        return f"{b.name(role)} no longer holds {b.area(act['area']).name}"
    return intrigue.target_gone(b, act)


# ------------------------------------------------------------------ simple actions


def _intelligence(b: Board, act: Action) -> int:
    return b.general(act["general"]).intelligence


def special_tax(b: Board, act: Action) -> None:
    """8.6: one die of gold, no test; the taxed round is remembered for 8.6.4."""
    dice = int(b.data.rule("special-tax-dice"))
    gold = sum(b.roll(f"special tax of {b.name(act['role'])}") for _ in range(dice))
    b.earn(act["role"], gold)
    b.realm(act["role"])["taxed"] = b.round
    b.note(f"{b.name(act['role'])} collects a special tax of {gold} gold", "s8.6.3.yield")


def land(b: Board, act: Action) -> None:
    """8.1: intelligence test; the land value falls by 1; at 0, Influence +1."""
    tid, role = act["territory"], act["role"]
    name = b.territory(tid).name
    if not rolls.tested(b, _intelligence(b, act) + act["gold"],
                        f"{b.name(act['general'])} develops {name}", "s11.1.intelligence"):
        return
    lands = b.s["lands"][tid]
    if lands["land_value"] <= 0:
        b.note(f"{name} is already fully developed", "s8.1.5.success")
        return
    lands["land_value"] -= 1
    b.note(f"{name}'s land value falls to {lands['land_value']}", "s8.1.5.success")
    if lands["land_value"] == 0:
        b.shift_influence(role, 1, f"{name} fully developed", DEVELOPED)


def prevent_flood(b: Board, act: Action) -> None:
    """8.2: intelligence test; one more flood prevention point."""
    tid = act["territory"]
    name = b.territory(tid).name
    if rolls.tested(b, _intelligence(b, act) + act["gold"],
                    f"{b.name(act['general'])} works on {name}'s dykes", "s11.1.intelligence"):
        lands = b.s["lands"][tid]
        lands["flood_prevention"] += 1
        b.note(f"{name}'s flood prevention rises to {lands['flood_prevention']}",
               "s8.2.4.success")


def defence(b: Board, act: Action) -> None:
    """8.3: intelligence less the area's defensive value; one more defensive value."""
    area = b.s["areas"][act["area"]]
    name = b.area(act["area"]).name
    target = _intelligence(b, act) - int(area["defence"]) + act["gold"]
    if rolls.tested(b, target, f"{b.name(act['general'])} strengthens {name}",
                    "s11.3.defence"):
        area["defence"] += 1
        b.note(f"{name}'s defensive value rises to {area['defence']}", "s8.3.3.success")


def _effect_on(b: Board, name: str, role: str) -> bool:
    value = b.effect(name)
    return value is True or value == role or (
        isinstance(value, (list, tuple, set)) and role in value)


def recruit_armies(b: Board, act: Action) -> None:
    """8.5: no test; the units are paid at once (double under Manpower Shortage), by the
    pool of the group holding the action's territory, and join it (notes 13)."""
    role, units = act["role"], act["units"]
    cost = sum(b.data.armies[k].recruit_cost * int(n) for k, n in units.items())
    if _effect_on(b, "manpower-shortage", role):
        event = b.data.events.get("manpower-shortage")
        factor = int(event.params.get("cost_factor", 2)) if event is not None else 2
        cost *= factor
        b.note(f"Manpower Shortage: the recruits of {b.name(role)} cost {factor} times as "
               "much", "s6.2.e7.manpower")
    with parts.acting(b, role, act.get("territory")):
        held = b.gold(role)
        if held >= cost:
            b.pay(role, cost, "the recruits", "s8.5.3.cost")
            pool = b.realm(role)["units"]
            for kind, n in units.items():
                pool[kind] = int(pool.get(kind, 0)) + int(n)
    if held < cost:
        rolls.void(b, act, f"{cost} gold is needed and {held} is held"
                   + (" in that part of the realm" if parts.is_split(b, role) else ""),
                   "s8.5.3.cost")
        return
    b.note(f"{b.name(role)} raises " + ", ".join(f"{n} {b.data.armies[k].name}"
                                                 for k, n in units.items())
           + f" in {b.territory(act['territory']).name} for {cost} gold", "s8.5.3.cost")


def unfired_guards_back(b: Board) -> None:
    """Guards that met nobody cost nothing: the object goes back (notes 4)."""
    for guard in b.this_round.get("guards") or []:
        if not guard.get("fired") and guard.get("object"):
            b.realm(guard["role"])["objects"].append(guard.pop("object_entry", None)
                                                     or guard["object"])
            guard.update(object=None, status="done")


Resolver = Callable[[Board, Action], None]
STEPS: tuple[tuple[tuple[str, ...], Resolver], ...] = (
    (("espionage",), intrigue.espionage),
    (("special-tax",), special_tax),
    (("search",), intrigue.search),
    (("recruit",), intrigue.recruit),
    (("court",), intrigue.court),
    (("buy",), deals.buy_armies),
    (("land",), land),
    (("prevent-flood",), prevent_flood),
    (("defence",), defence),
    (("recruit-armies",), recruit_armies),
)
