"""10.3: the battle phase. :func:`fight_all` fights every pending battle in the order of
notes 6, each by its sides' plans (notes 48) or the non-human script (notes 54).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from pbem.games.chronicles.board import Board
from pbem.games.chronicles.rules import (
    aftermath,
    battle_rounds,
    deals,
    forces_home,
    muster,
    non_human,
)
from pbem.games.chronicles.rules.strength import (
    Contributor,
    Fight,
    Side,
    Unit,
    base_strength,
    choose_roles,
    loss_key,
    roles_text,
    totals,
)
from pbem.games.chronicles.wording import counted

# ------------------------------------------------------------------ order


def battle_order(b: Board) -> list[dict[str, Any]]:
    """Carried battles, then events and disasters, then invasions: invaders in turn in the
    round seat order, each by his plans' priority, else the order placed (notes 6)."""
    battles = b.s["round"]["battles"]
    carried = [x for x in battles if x["status"] == "carried"]
    events = [x for x in battles if x["status"] == "pending"
              and x["cause"] in ("event", "disaster")]
    queues: dict[str, list[dict[str, Any]]] = {}
    for _i, x in enumerate(battles):
        if x["status"] == "pending" and x["cause"] == "invasion":
            queues.setdefault(x["invader"], []).append(x)
    for who, queue in queues.items():
        queue.sort(key=lambda x: (int((x["plans"].get(who) or {}).get("priority", 0) or 0)
                                  or 10_000, battles.index(x)))
    seats = [s for s in b.round_order() if s in queues] + \
        [s for s in queues if s not in b.round_order()]
    invasions: list[dict[str, Any]] = []
    while any(queues[s] for s in seats):
        for s in seats:
            if queues[s]:
                invasions.append(queues[s].pop(0))
    return carried + events + invasions


def fight_all(b: Board) -> None:
    """Fight every pending battle, one at a time (notes 6)."""
    order = battle_order(b)
    if not order:
        return
    b.log.heading(f"{b.when()}: the battle phase", "s4.0.battle-turns")
    non_human.deal_generals(b, order)
    for battle in order:
        fight(b, battle)


# ------------------------------------------------------------------ building


def _still_possible(b: Board, battle: dict[str, Any]) -> bool:
    if battle["cause"] != "invasion" or battle["status"] == "carried":
        return True
    inv, area = battle["invader"], battle["area"]
    if not any(f["side"] == "invade" and f["who"] == inv for f in battle["forces"]):
        b.note(f"no force of {b.name(inv)}'s came to invade {b.area(area).name}: no battle",
               "s9.1.face-down")
        return False
    if b.holder(area) == inv:
        b.note(f"{b.name(inv)} already holds {b.area(area).name}: no battle", "s10.3.1.choice")
        return False
    launch = _launch(battle)
    if muster.rebellion(b, inv, area, launch):
        b.note(f"{b.name(inv)} rebels in {b.area(area).name}, the area lent to him: it is "
               "fought as a battle", "s16.rebel")
        return True
    if launch is not None and not any(b.holder(a) == inv
                                      for a in b.territory(launch).area_ids()):
        b.note(f"{b.name(inv)} no longer holds any area of {b.territory(launch).name}: the "
               "invasion of {} does not take place".format(b.area(area).name), "s9.0.invade")
        return False
    return True


def _launch(battle: dict[str, Any]) -> str | None:
    for force in battle["forces"]:
        if force["side"] == "invade" and force["who"] == battle["invader"]:
            return force.get("from")
    return None


def _add_force(b: Board, side: Side, battle: dict[str, Any], force: dict[str, Any]) -> None:
    plan = battle["plans"].get(force["who"]) or {}
    order = plan.get("losses", "weakest-here")
    c = Contributor(force["who"], force, "pool", order)
    side.contributors.append(c)
    index = len(side.contributors) - 1
    for kind, n in (force.get("units") or {}).items():
        side.units.extend(Unit(index, kind) for _ in range(int(n)))
    bought = force.get("bought") or {}
    if bought:
        side.contributors.append(Contributor(force["who"], None, "area", order))
        side.units.extend(Unit(index + 1, kind) for kind, n in bought.items()
                          for _ in range(int(n)))
    task = f"battle:{battle['id']}"
    for gid in force.get("generals") or []:
        facts = b.general_state(gid)
        if facts["status"] == "ready" and facts.get("task") == task and gid not in side.generals:
            side.generals.append(gid)


def build(b: Board, battle: dict[str, Any]) -> Fight:
    """The two sides of ``battle`` as they stand now (notes 6, 13, 31, 54)."""
    area = battle["area"]
    territory = b.territory_of(area)
    if battle["status"] != "carried" or not battle.get("swapped"):
        battle["defender"] = b.holder(area)
    inv = Side(battle["invader"], "invader", launch=_launch(battle))
    dfd = Side(battle["defender"], "defender")
    for side in (inv, dfd):
        side.scripted = not b.is_human(side.main)
        side.plan = dict(battle["plans"].get(side.main) or {}) if not side.scripted else {}
    if b.is_non_human(dfd.main) and not battle.get("swapped"):
        non_human.roll_armies(b, territory.id)
        armies = b.s["areas"][area].get("armies") or {}
        dfd.contributors.append(Contributor(dfd.main, None, "area"))
        dfd.units.extend(Unit(0, k) for k, n in armies.items() for _ in range(int(n)))
        b.s["areas"][area]["armies"] = {}
        dfd.generals.extend(g for g in battle.get("nh_generals", b.generals_of(dfd.main)))
    force = battle.get("force")
    if force:
        inv.contributors.append(Contributor(inv.main, None, "none"))
        index = len(inv.contributors) - 1
        inv.units.extend(Unit(index, k) for k, n in (force.get("units") or {}).items()
                         for _ in range(int(n)))
        if force.get("leader"):
            inv.generals.append(force["leader"])
    for force in battle["forces"]:
        target = None
        if force["side"] == "invade" and force["who"] == inv.main:
            target = inv
        elif force["side"] == "defend" and force["who"] == dfd.main:
            target = dfd
        elif force["side"] == "help" and force.get("helps") in (inv.main, dfd.main):
            target = inv if force["helps"] == inv.main else dfd
        if target is None:
            forces_home.send_home(b, force, "its side no longer fights here",
                                  battle.get("territory"))
            force["home"] = True
            continue
        _add_force(b, target, battle, force)
    terrain = b.area(area).terrain
    f = Fight(battle, area, territory.id, terrain, inv, dfd,
              swapped=bool(battle.get("swapped")))
    f.capacity = int(b.s["areas"][area]["defence"])
    f.is_pass = any(area in a.entry_from for a in territory.areas)
    for side in (inv, dfd):
        side.took_part = list(side.generals)
    return f


# ------------------------------------------------------------------ one battle


def fight(b: Board, battle: dict[str, Any]) -> None:
    area = b.area(battle["area"])
    b.log.heading(f"battle {battle['id']}: {b.name(battle['invader'])} against "
                  f"{b.name(b.holder(battle['area']))} in {area.name}", "s10.3.inspect")
    if not _still_possible(b, battle):
        for force in battle["forces"]:
            forces_home.send_home(b, force, "no battle", battle.get("territory"))
        battle["status"] = "fought"
        battle["result"] = {"winner": None, "how": "void"}
        return
    if deals.land_sale(b, battle):
        return
    f = build(b, battle)
    if not battle.get("begun"):
        battle["begun"] = True
        aftermath.begin(b, f)
    for side in (f.inv, f.dfd):
        choose_roles(b, side)
        b.note(f"{b.name(side.main)} ({side.role}): {roles_text(b, side)}; units "
               f"{_units_text(side)}", "s10.3.roles")
        if None in (side.commander, side.vanguard):
            b.note("a missing role counts 6 in every ability", "s10.3.roles.missing")
    if not _first_decisions(b, f):
        aftermath.finish(b, f)
        return
    battle_rounds.rounds(b, f)
    aftermath.finish(b, f)


def _units_text(side: Side) -> str:
    counts: dict[str, int] = {}
    for u in side.units:
        counts[u.kind] = counts.get(u.kind, 0) + 1
    return ", ".join(f"{k} {v}" for k, v in counts.items()) or "none"


def _first_decisions(b: Board, f: Fight) -> bool:
    """Points 1-2 (and hold fast); False when the battle ends or is carried over."""
    first = str(f.inv.plan.get("first", "go")) if not f.inv.scripted else "go"
    if first.startswith("retreat-below"):
        limit = battle_rounds.ratio(first.split()[-1] if " " in first else first.split("-")[-1])
        si, sd = base_strength(b, f, f.inv), base_strength(b, f, f.dfd)
        first = "retreat" if sd > 0 and si / sd < limit else "go"
    b.note(f"{b.name(f.inv.main)} decides: {first}", "s10.3.1.choice")
    if first == "retreat":
        f.winner, f.how = None, "invader withdrew"
        b.note("the invasion ends; supplies paid are lost", "s10.3.1.retreat")
        return False
    if first == "hold":
        reply = "hold" if f.dfd.scripted else str(f.dfd.plan.get("if_held", "hold"))
        b.note(f"{b.name(f.dfd.main)} answers the hold fast: {reply}", "s10.3.1.hold-fast")
        if reply != "attack":
            f.how = "carried"
            b.note("both hold fast: the battle is carried over to next round",
                   "s10.3.1.carry-over")
            return False
        f.inv, f.dfd = f.dfd, f.inv
        f.inv.role, f.dfd.role = "invader", "defender"
        f.inv.launch = f.territory
        f.swapped = True
        f.battle["swapped"] = True
        b.note(f"{b.name(f.inv.main)} attacks instead: the roles swap", "s10.3.1.hold-fast")
    _defender_decision(b, f)
    return True


def _defender_decision(b: Board, f: Fight) -> None:
    d = f.dfd
    if f.swapped:
        choice = "outside"
        b.note(f"{b.name(d.main)} may only fight outside", "s10.3.2.swapped")
    elif d.scripted:
        choice = "city" if f.capacity > 0 else "outside"
    else:
        choice = str(d.plan.get("defend", "best"))
        if choice == "best":
            choice = "city" if f.capacity > 0 and _city_better(b, f) else "outside"
    if choice == "city" and f.capacity <= 0:
        choice = "outside"
    b.note(f"{b.name(d.main)} defends {'the city' if choice == 'city' else 'outside'}",
           "s10.3.2.choice")
    if choice != "city":
        return
    f.city_chosen = True
    seats = b.round_order()

    def rank(u: Unit) -> tuple[Any, ...]:
        who = d.contributors[u.owner].who
        return (0 if who == d.main else 1, seats.index(who) if who in seats else 99,
                tuple(-x if isinstance(x, int) else 0 for x in loss_key(b, f, d, u)))
    for i, u in enumerate(sorted(d.units, key=rank)):
        u.place = "in" if i < f.capacity else ("reserve" if f.is_pass else "out")
    excess = sum(1 for u in d.units if u.place == "out")
    if excess:
        b.note(f"{counted(excess, 'unit')} beyond the city's {f.capacity} "
               f"{'fights' if excess == 1 else 'fight'} outside first", "s10.3.2.excess")
        f.mode = "field"
    else:
        if f.is_pass and any(u.place == "reserve" for u in d.units):
            b.note("the units beyond the pass's capacity wait behind its walls",
                   "s9.r1.overflow")
        f.mode = "city"


def _city_better(b: Board, f: Fight) -> bool:
    f.mode = "field"
    fi, fd = totals(b, f, {}, log=False)
    saved = [u.place for u in f.dfd.units]
    for u in f.dfd.units:
        u.place = "in"
    f.mode = "city"
    cap = f.capacity
    strengths = sorted((b.data.terrain[u.kind].city_defence for u in f.dfd.units),
                       reverse=True)[:cap]
    ci = base_strength(b, f, f.inv)
    cd = Fraction(sum(strengths) + int(b.s["areas"][f.area]["defence"]))
    for u, p in zip(f.dfd.units, saved, strict=True):
        u.place = p
    f.mode = "field"
    return ci * fd <= fi * cd if fd > 0 and cd > 0 else cd > 0
