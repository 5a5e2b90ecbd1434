"""Random orders for self-play and the benchmark: a random player that knows the order's
shape (not its rules) writes a season or muster order from what its realm holds; the
rules refuse what it gets wrong, and it falls back to smaller orders, down to placing
nothing."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from pbem.games.chronicles import counters, objects
from pbem.games.chronicles.board import Board
from pbem.games.chronicles.rules import parts
from pbem.games.chronicles.rules.trades import barred

Order = dict[str, Any]


def _targets(b: Board, role: str) -> list[tuple[str, str]]:
    """(area to invade, territory it is launched from): areas held by others in the
    territories bordering his, or in territories he partly holds."""
    out = []
    for tid in b.territories_touched(role):
        for other in [tid, *b.neighbours(tid)]:
            for area in b.territory(other).area_ids():
                holder = b.holder(area)
                if holder != role and holder is not None:
                    out.append((area, tid))
    return out


def _action(b: Board, role: str, counter: str, general: str, rng: random.Random,
            used: set[tuple[str, str]]) -> dict[str, Any] | None:
    touched = b.territories_touched(role)
    if not touched:
        return None
    tid = rng.choice(touched)
    act: dict[str, Any] = {"counter": counter, "general": general}
    if counter == "land":
        whole = [t for t in touched if b.holds_whole(role, t)
                 and b.s["lands"][t]["land_value"] > 0]
        if not whole:
            return None
        tid = rng.choice(whole)
        act.update(territory=tid, gold=0)
    elif counter == "prevent-flood":
        act.update(territory=tid, gold=0)
    elif counter == "defence":
        mine = [a for a in b.territory(tid).area_ids() if b.holder(a) == role]
        act.update(area=rng.choice(mine), gold=0)
        tid = b.territory_of(act["area"]).id
    elif counter == "diplomacy":
        others = [r for r in b.seats if r != role] + [n for n in b.s["non_human"]
                                                    if b.s["non_human"][n]["active"]]
        choice = rng.random()
        if choice < 0.5:
            act.update(search=tid)
        else:
            act.update(court=rng.choice(others), gold=0, objects=_gift(b, role, rng, used))
    elif counter == "recruit-armies":
        act.update(territory=tid, units={"infantry": rng.randint(1, 3)})
    elif counter == "espionage":
        spied = [t for t in b.data.territories if t not in touched]
        act.update(territory=rng.choice(spied),
                   take=rng.choice(["armies", "gold", "card", "object"]))
    elif counter != "special-tax":
        return None
    key = (counter, str(act.get("territory", act.get("area", ""))))
    if counter in ("land", "prevent-flood", "defence") and key in used:
        return None
    used.add(key)
    return act


def _gift(b: Board, role: str, rng: random.Random, used: set[tuple[str, str]]) -> list[str]:
    """Now and then an object of the hand she reads, fit for diplomacy, by its entry."""
    fit = [e for e in objects.entries(b, role) if ("object", e) not in used
           and (kind := objects.seen(b, e, b.known)) and b.data.objects[kind].diplomacy]
    if not fit or rng.random() >= 0.5:
        return []
    entry = rng.choice(fit)
    used.add(("object", entry))
    return [entry]


def _plans(realm: dict[str, Any], muster: list[dict[str, Any]],
           rng: random.Random) -> list[dict[str, Any]]:
    """Now and then a plan for a placement naming a red card of the hand (by its entry:
    a random player does not read it)."""
    if not muster or not realm["cards"] or rng.random() >= 0.5:
        return []
    card = rng.choice(list(realm["cards"]))
    return [{"area": muster[0]["area"], "cards": [{"card": card, "target": "forces"}]}]


def _offer(b: Board, role: str, realm: dict[str, Any], rng: random.Random
           ) -> list[dict[str, Any]]:
    """Now and then a red card or an object of the hand offered to another seat for a gold
    piece."""
    others = [r for r in b.seats if r != role and not barred(b, role, r)]
    key = "cards" if realm["cards"] else "objects"
    if not realm[key] or not others or rng.random() >= 0.15:
        return []
    return [{"with": rng.choice(others), "give": {key: [rng.choice(list(realm[key]))]},
             "get": {"gold": 1}}]


def season_orders(state: dict[str, Any], role: str, rng: random.Random,
                  known: Mapping[str, str] | None = None) -> list[Order]:
    """Season orders to try, the fullest first, ending with one that places nothing; the
    action counters of the hand as ``role`` reads them (``known``), each named by its
    entry (one he cannot read yet stays unused)."""
    b = Board(state, known=known)
    realm = b.realm(role)
    generals = b.generals_of(role)
    rng.shuffle(generals)
    used: set[tuple[str, str]] = set()
    actions = []
    for entry in realm["counters"]:
        counter = counters.seen(b, entry, b.known)
        if counter is None or not generals or rng.random() < 0.2:
            continue
        act = _action(b, role, counter, generals[-1], rng, used)
        if act is not None:
            actions.append(act if entry == counter else {**act, "entry": entry})
            generals.pop()
    muster = []
    units = {k: n for k, n in realm["units"].items() if n}
    targets = _targets(b, role)
    if targets and generals and units and rng.random() < 0.35:
        area, launch = rng.choice(targets)
        key = parts.pool_key(b, role, launch)  # a realm cut in two draws from one part
        units = {k: n for k, n in parts.pool(b, role, key)["units"].items() if n}
        mine = [g for g in generals if parts.general_key(b, role, g) == key]
        sent = {k: max(1, n // 2) for k, n in units.items()}
        if sent and mine:
            muster.append({"area": area, "side": "invade", "from": launch,
                           "generals": [mine[-1]], "units": sent, "gold": 0})
    orders: list[Order] = []
    extra = {k: v for k, v in (("plans", _plans(realm, muster, rng)),
                               ("trades", _offer(b, role, realm, rng))) if v}
    if actions or muster or extra:
        orders.append({"do": "season", "actions": actions, "muster": muster, **extra})
    if muster:
        orders.append({"do": "season", "muster": muster})
    for act in actions:
        orders.append({"do": "season", "actions": [act]})
    orders.append({"do": "season"})
    return orders


def muster_orders(state: dict[str, Any], role: str, rng: random.Random) -> list[Order]:
    """Muster answers to try: defend one's attacked areas with part of the pool, else
    place nothing."""
    b = Board(state)
    out: list[Order] = []
    for battle in b.this_round.get("battles", []):
        key = parts.pool_key(b, role, battle.get("territory"))
        units = {k: n for k, n in parts.pool(b, role, key)["units"].items() if n}
        generals = [g for g in b.generals_of(role) if parts.general_key(b, role, g) == key]
        if battle.get("defender") == role and battle.get("status") == "pending" and units:
            sent = {k: max(1, n // 2) for k, n in units.items()}
            placed = {"area": battle["area"], "side": "defend",
                      "from": b.territory_of(battle["area"]).id,
                      "generals": generals[:1], "units": sent, "gold": 0}
            order: Order = {"do": "muster", "muster": [placed]}
            if b.realm(role)["cards"] and rng.random() < 0.5:
                card = rng.choice(list(b.realm(role)["cards"]))
                order["plans"] = [{"area": battle["area"],
                                   "cards": [{"card": card, "target": "forces"}]}]
            out.append(order)
            break
    out.append({"do": "muster"})
    return out
