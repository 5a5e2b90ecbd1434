"""The static checks of one action, guard or answer of a season order (8.0-8.8, notes 4,
15, 16, 18), shared by the check when the order is given and the placement at the reveal.

Each check reads the position, takes what it spends from a :class:`Means` tally and the
territories it uses from ``seen``, and returns the records to place; it raises
``IllegalAction`` naming the clause otherwise. Callers hand it copies and keep them only
when it succeeds.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbem.errors import IllegalAction
from pbem.games.chronicles import objects
from pbem.games.chronicles.board import Board
from pbem.games.chronicles.records import FREE
from pbem.games.chronicles.rules import deals, envoys
from pbem.games.chronicles.rules.means import Means

TYPES = "s2.3.3.types"
PLACEMENT = "s8.0.placement"
GENERAL = "s8.0.general-required"
TUN_TIAN = "s6.2.e10.tun-tian"
OBJECTS_DR = "s4.1.4.objects-dr-only"
GOLD = "s11.0.modifiers"
TAKES = ("object", "card", "armies", "gold")

Record = dict[str, Any]
Seen = dict[tuple[str, str], int]


def fail(message: str, rule: str) -> IllegalAction:
    return IllegalAction(message, rule)


def _gold(act: Mapping[str, Any]) -> int:
    gold = act.get("gold", 0)
    if not isinstance(gold, int) or isinstance(gold, bool) or gold < 0:
        raise fail("gold is a whole number, 0 or more", GOLD)
    return gold


def _objects(b: Board, role: str, act: Mapping[str, Any], means: Means) -> dict[str, Any]:
    """The objects an action names, spent from ``means``: their kinds (an entry for one
    still face down, as when the order is given) and entries (notes 3)."""
    names = act.get("objects") or []
    if not isinstance(names, list) or any(
            not isinstance(o, str) or (o not in b.data.objects and means.objects[o] <= 0
                                       and not o.startswith(f"{objects.DECK}#"))
            for o in names):
        raise fail(f"objects are object ids ({', '.join(b.data.objects)}) or the entries "
                   "of yours (e.g. objects#3)", TYPES)
    return objects.record(b, means.take_objects(b, role, names, "s2.3.4.keep"))


def _territory(b: Board, tid: Any) -> str:
    if not isinstance(tid, str) or tid not in b.data.territories:
        raise fail(f"{tid!r} is not a territory", PLACEMENT)
    return tid


def _holds_some(b: Board, role: str, tid: str) -> bool:
    return any(b.holder(a) == role for a in b.territory(tid).area_ids())


def check_general(b: Board, role: str, gid: Any, busy: set[str]) -> str:
    """A ready general of ``role``'s, not yet on another action or guard (notes 16)."""
    if not isinstance(gid, str) or gid not in b.s["generals"]:
        raise fail(f"every action and guard against envoys needs a general; {gid!r} is "
                   "not one", GENERAL)
    facts = b.general_state(gid)
    if facts["employer"] != role or facts["status"] != "ready":
        raise fail(f"{b.name(gid)} is not a ready general of {b.name(role)}", GENERAL)
    if facts.get("task") or gid in busy:
        raise fail(f"{b.name(gid)} already has a task this round (one action each, notes "
                   "16)", GENERAL)
    busy.add(gid)
    return gid


def _use_once(seen: Seen, kind: str, tid: str, times: int, rule: str, b: Board) -> None:
    if seen.get((kind, tid), 0) + times > (2 if times == 2 else 1):
        raise fail(f"{b.territory(tid).name} already has a {kind} action this round", rule)
    seen[(kind, tid)] = seen.get((kind, tid), 0) + times


def _diplomatic_objects(b: Board, named: list[str], recruit: bool) -> None:
    for obj in named:
        if obj not in b.data.objects:
            continue  # face down until the order opens
        kind = b.data.objects[obj]
        if obj == "guards" or not kind.diplomacy:
            raise fail("guards never serve in a diplomatic relations action",
                       "s2.3.4.guards")
        if recruit and not kind.recruit:
            rule = {"jade-seal": "s2.3.4.jade-seal", "princess": "s2.3.4.princess"}.get(
                obj, "s8.4.C.4.gold-objects")
            raise fail(f"the {kind.name} cannot help recruit a general", rule)


def check_action(b: Board, role: str, act: Any, means: Means, busy: set[str],
                 seen: Seen) -> list[Record]:
    """One entry of ``actions``; the records it places (two for Tun Tian)."""
    if not isinstance(act, Mapping):
        raise fail("each action is a mapping", PLACEMENT)
    counter = act.get("counter")
    if counter not in b.data.actions:
        raise fail(f"{counter!r} is not an action counter ({', '.join(b.data.actions)})",
                   TYPES)
    if "generals" in act:
        gens = act["generals"]
        if counter != "land" or b.effect("tun-tian") != role:
            raise fail("only the drawer of Tun Tian System sends two generals, and only "
                       "with a land counter", TUN_TIAN)
        if not isinstance(gens, list) or len(gens) != 2:
            raise fail("Tun Tian System sends exactly two generals", TUN_TIAN)
        generals = [check_general(b, role, g, busy) for g in gens]
    else:
        generals = [check_general(b, role, act.get("general"), busy)]
    entry = means.take_counter(b, str(counter), act.get("entry"), PLACEMENT)
    gold, held = _gold(act), _objects(b, role, act, means)
    if held["objects"] and counter != "diplomacy":
        raise fail("objects may back only a diplomatic relations action", OBJECTS_DR)
    base: Record = {"counter": counter, "entry": entry, "general": generals[0], "gold": gold,
                    **held}
    if counter == "land":
        return _land(b, role, act, means, seen, base, generals)
    if counter == "diplomacy":
        rec = _diplomacy(b, role, act, base)
    elif counter in ("prevent-flood", "defence"):
        rec = _works(b, role, act, seen, base)
    elif counter == "recruit-armies":
        rec = _armies(b, role, act, base)
    elif counter == "espionage":
        rec = _espionage(b, role, act, base)
    else:
        rec = {**base, "kind": "special-tax"}
    means.take_gold(gold, f"the {rec['kind']} action", GOLD)
    return [rec]


def _land(b: Board, role: str, act: Mapping[str, Any], means: Means, seen: Seen,
          base: Record, generals: list[str]) -> list[Record]:
    if "territories" in act and len(generals) == 2:
        tids = [_territory(b, t) for t in act["territories"]] \
            if isinstance(act["territories"], list) else []
        if len(tids) != 2:
            raise fail("Tun Tian's two generals name two territories (or one territory)",
                       TUN_TIAN)
    else:
        tids = [_territory(b, act.get("territory"))] * len(generals)
    out = []
    for tid in dict.fromkeys(tids):
        if not b.holds_whole(role, tid):
            raise fail(f"{b.name(role)} does not hold every area of "
                       f"{b.territory(tid).name}", "s8.1.1.whole")
        if b.s["lands"][tid]["land_value"] <= 0:
            raise fail(f"{b.territory(tid).name} is fully developed", "s8.1.5.success")
        _use_once(seen, "land", tid, tids.count(tid), "s8.1.2.once", b)
    for n, (gid, tid) in enumerate(zip(generals, tids, strict=True)):
        cost = int(b.s["lands"][tid]["land_value"])
        means.take_gold(cost + base["gold"], f"developing {b.territory(tid).name} "
                        f"(land value {cost} plus {base['gold']} gold)", "s8.1.3.cost")
        out.append({**base, "kind": "land", "general": gid, "territory": tid, "cost": cost,
                    "counter": base["counter"] if n == 0 else None,
                    "entry": base["entry"] if n == 0 else None})
    return out


def _works(b: Board, role: str, act: Mapping[str, Any], seen: Seen, base: Record) -> Record:
    if base["counter"] == "defence":
        area = act.get("area")
        if not isinstance(area, str) or area not in b.s["areas"] or b.holder(area) != role:
            raise fail(f"{b.name(role)} does not hold the area {area!r}", PLACEMENT)
        tid = b.territory_of(area).id
        _use_once(seen, "defence", tid, 1, "s8.3.1.once", b)
        return {**base, "kind": "defence", "area": area, "territory": tid}
    tid = _territory(b, act.get("territory"))
    if not _holds_some(b, role, tid):
        raise fail(f"{b.name(role)} holds no area of {b.territory(tid).name}", PLACEMENT)
    if not b.data.card_of(tid).shows("flood"):
        raise fail(f"{b.territory(tid).name} has no flood icon", "s8.2.1.icon")
    _use_once(seen, "prevent-flood", tid, 1, "s8.2.2.once", b)
    return {**base, "kind": "prevent-flood", "territory": tid}


def _diplomacy(b: Board, role: str, act: Mapping[str, Any], base: Record) -> Record:
    uses = [k for k in ("court", "search", "recruit", "buy") if act.get(k)]
    if len(uses) != 1:
        raise fail("a diplomatic relations action courts, searches, recruits or buys "
                   "armies: name exactly one of court, search, recruit, buy",
                   "s8.4.A.2.placement")
    if uses[0] == "buy":
        return deals.check_buy(b, role, act, base)
    if uses[0] == "search":
        tid = _territory(b, act["search"])
        if not _holds_some(b, role, tid):
            raise fail(f"a search is made in one's own territory, not "
                       f"{b.territory(tid).name}", "s8.4.B.2.placement")
        if base["gold"] or base["objects"]:
            raise fail("no gold or object helps a search", "s8.4.B.3.no-help")
        return {**base, "kind": "search", "search": tid, "territory": tid}
    if uses[0] == "court":
        return _court(b, role, act, base)
    return _recruit(b, role, act, base)


def _road(b: Board, role: str, act: Mapping[str, Any], ends: list[str], rule: str) -> list[str]:
    if "route" in act:
        return envoys.check_route(b, role, act["route"], ends, rule)
    return envoys.default_route(b, role, ends)


def _court(b: Board, role: str, act: Mapping[str, Any], base: Record) -> Record:
    target, rule = act["court"], "s8.4.A.2.placement"
    if target == role or not (b.is_human(target) or b.is_non_human(target)):
        raise fail(f"{target!r} is not another leader in play", rule)
    ends = b.territories_touched(target)
    if not ends:
        raise fail(f"{b.name(target)} holds no territory to send an envoy to", rule)
    against = act.get("against")
    if against is not None and (not b.is_human(against) or against in (role, target)):
        raise fail("the wedge sets a third human leader against the courted one",
                   "s8.4.A.wedge")
    _diplomatic_objects(b, base["objects"], recruit=False)
    return {**base, "kind": "court", "court": target, "against": against,
            "route": _road(b, role, act, ends, rule)}


def _recruit(b: Board, role: str, act: Mapping[str, Any], base: Record) -> Record:
    gid, rule = act["recruit"], "s8.4.C.targets"
    if gid not in b.s["generals"]:
        raise fail(f"{gid!r} is not a general", rule)
    record, facts = b.general(gid), b.general_state(gid)
    if record.loyalty is None:
        raise fail(f"{b.name(gid)} (loyalty X) can never be recruited", "s2.3.1.loyalty-x")
    if record.exclusive_to and record.exclusive_to != role:
        raise fail(f"only {b.name(record.exclusive_to)} may employ {b.name(gid)}",
                   "s19.liu-bei.exclusive")
    status, employer = facts["status"], facts["employer"]
    on_map = status == "free" and facts.get("at")
    prisoner = status == "captive" and facts.get("captor") == role
    served = status in ("ready", "injured") and employer not in (role, FREE)
    if not (on_map or prisoner or served):
        raise fail(f"{b.name(gid)} is neither free on the map, nor another leader's, nor "
                   f"a prisoner of {b.name(role)}", rule)
    _diplomatic_objects(b, base["objects"], recruit=True)
    ends = envoys.destinations(b, role, {"recruit": gid})
    return {**base, "kind": "recruit", "recruit": gid, "employer": employer,
            "route": _road(b, role, act, ends, "s8.4.C.2.interception") if ends else []}


def _armies(b: Board, role: str, act: Mapping[str, Any], base: Record) -> Record:
    tid = _territory(b, act.get("territory"))
    if not _holds_some(b, role, tid):
        raise fail(f"{b.name(role)} holds no area of {b.territory(tid).name}", PLACEMENT)
    units = act.get("units")
    if not isinstance(units, Mapping) or not units or any(
            k not in b.data.armies or not isinstance(n, int) or isinstance(n, bool) or n < 1
            for k, n in units.items()):
        raise fail("units are army kinds with a number of 1 or more", "s8.5.3.per-counter")
    limits = b.data.rule("recruit-per-counter")
    by_type: dict[str, int] = {}
    for kind, n in units.items():
        army = b.data.armies[kind]
        by_type[army.type] = by_type.get(army.type, 0) + n
        if army.icon != "none" and not _shows(b, role, tid, army.icon):
            raise fail(f"{army.name} cannot be raised in {b.territory(tid).name}",
                       "s8.5.where")
    for kind, n in by_type.items():
        if n > int(limits[kind]):
            raise fail(f"one counter raises at most {limits[kind]} {kind}",
                       "s8.5.3.per-counter")
    return {**base, "kind": "recruit-armies", "territory": tid, "units": dict(units)}


def _shows(b: Board, role: str, tid: str, icon: str) -> bool:
    """The icon on the card, or on an area of it that ``role`` holds (errata 8)."""
    card = b.data.card_of(tid)
    return any(card.area_icons(a.id).get(icon, False) for a in card.areas
               if b.holder(a.id) == role)


def spied(b: Board, role: str, tid: str, named: Any = None) -> str | None:
    """Whom ``role`` spies on in ``tid``: the leader named, else the first other holder."""
    holders = [b.holder(a) for a in b.territory(tid).area_ids()]
    others = [h for h in holders if h is not None and h != role]
    if named is not None:
        return named if named in others else None
    return others[0] if others else None


def _espionage(b: Board, role: str, act: Mapping[str, Any], base: Record) -> Record:
    tid = _territory(b, act.get("territory"))
    victim = spied(b, role, tid, act.get("of"))
    if victim is None:
        raise fail(f"no other leader holds an area of {b.territory(tid).name}",
                   "s8.7.2.placement")
    take = act.get("take")
    if take not in TAKES:
        raise fail(f"take is one of {', '.join(TAKES)}", "s8.7.4.steal-object")
    if not b.is_human(victim) and take != "armies":
        raise fail("from a non-human leader espionage can only roll his armies",
                   "s8.7.4.see-nh-armies")
    obj = act.get("object")
    if obj is not None and (take != "object" or obj not in b.data.objects):
        raise fail("object names the kind of object to steal", "s8.7.4.steal-object")
    return {**base, "kind": "espionage", "territory": tid, "of": victim, "take": take,
            "object": obj}
