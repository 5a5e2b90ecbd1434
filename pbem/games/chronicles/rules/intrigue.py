"""The resolution of espionage (8.7), search for talent (8.4.B), recruit general (8.4.C)
and courting (8.4.A, with the wedge of notes 27)."""

from __future__ import annotations

from typing import Any

from pbem.games.chronicles import hand, objects
from pbem.games.chronicles.board import Board
from pbem.games.chronicles.records import FREE
from pbem.games.chronicles.rules import non_human, rolls

Action = dict[str, Any]

CONFLICT = "s13.change.conflict"


def target_gone(b: Board, act: Action) -> str | None:
    """Why the target of a court, recruit or espionage is no longer there (notes 9)."""
    kind = act["kind"]
    if kind == "court":
        target, against = act["court"], act.get("against")
        if not (b.is_human(target) or b.is_non_human(target)) \
                or not b.territories_touched(target):
            return f"{b.name(target)} is no longer in play"
        if against and not b.is_human(against):
            return f"{b.name(against)} is no longer in play"
    elif kind == "recruit":
        facts = b.general_state(act["recruit"])
        if facts["employer"] != act["employer"]:
            return f"{b.name(act['recruit'])} has changed hands"
        if facts["status"] not in ("ready", "injured", "free", "captive") or (
                facts["status"] == "captive" and facts.get("captor") != act["role"]):
            return f"{b.name(act['recruit'])} can no longer be recruited ({facts['status']})"
    elif kind == "espionage" and not any(
            b.holder(a) == act["of"] for a in b.territory(act["territory"]).area_ids()):
        return f"{b.name(act['of'])} no longer holds an area of " \
               f"{b.territory(act['territory']).name}"
    return None


def _bonus(b: Board, act: Action) -> int:
    """Gold and object values for the action, with others' backing and hindering."""
    def worth(gold: int, objects: list[str]) -> int:
        return int(gold) + sum(int(b.data.objects[o].value or 0) for o in objects)
    total = worth(act["gold"], act["objects"])
    total += sum(worth(a["gold"], a["objects"]) for a in act.get("backs", []))
    total -= sum(worth(a["gold"], a["objects"]) for a in act.get("hinders", []))
    return total


def _leader_general(b: Board, who: str) -> str | None:
    if b.is_human(who):
        return str(b.realm(who)["leader"])
    nh = b.data.non_human.get(who)
    return nh.leader if nh is not None else None


def ability(b: Board, who: str, name: str) -> int:
    """A leader's ability (charisma is eloquence); 6 for a non-human without a counter."""
    gid = _leader_general(b, who)
    if gid is None or gid not in b.data.generals:
        return int(b.data.rule("missing-ability"))
    return int(getattr(b.general(gid), name))


# ------------------------------------------------------------------ espionage


def espionage(b: Board, act: Action) -> None:
    """8.7: intelligence test, 2 worse for each guard of the spied territory's owner."""
    role, victim, tid = act["role"], act["of"], act["territory"]
    guards = [g for g in b.this_round.get("guards") or []
              if g["role"] == victim and g["against"] == "spies" and g["status"] == "placed"
              and tid in g["territories"]]
    per = int(b.data.rule("guards-vs-spy"))
    for guard in guards:
        guard.update(status="done", fired=True, on=act["index"])
        b.note(f"{b.name(victim)}'s guards watch for spies in {b.territory(tid).name}: "
               f"+{per} on the spy's roll", "s8.8.1.vs-spy")
    target = b.general(act["general"]).intelligence + act["gold"] - per * len(guards)
    if rolls.tested(b, target, f"{b.name(act['general'])} spies on {b.name(victim)} in "
                    f"{b.territory(tid).name}", "s11.1.intelligence"):
        _spy_success(b, act)
        return
    b.shift_relation(role, victim, -1, "a spy caught", "s13.change.espionage", both=True)
    b.shift_influence(role, -1, "failed espionage", "s14.pol.espionage")


def _spy_success(b: Board, act: Action) -> None:
    role, victim, take = act["role"], act["of"], act["take"]
    if take == "armies" and not b.is_human(victim):
        try:
            from pbem.games.chronicles.rules import non_human
        except ImportError:  # pragma: no cover - the module is another part's
            non_human = None
        roll = getattr(non_human, "roll_armies", None)
        if roll is None:  # pragma: no cover
            b.note("non-human armies cannot be rolled yet", "s8.7.4.see-nh-armies")
            return
        b.note(f"{b.name(role)}'s spy makes {b.name(victim)}'s armies show",
               "s8.7.4.see-nh-armies")
        roll(b, act["territory"])
        return
    realm = b.realm(victim)
    if take == "armies":
        units = ", ".join(f"{n} {k}" for k, n in realm["units"].items() if n) or "no units"
        b.note(f"{b.name(role)}'s spy counts {b.name(victim)}'s armies: {units} (public in "
               "this edition, notes 3)", "s8.7.4.see-armies")
    elif take == "gold":
        b.note(f"{b.name(role)}'s spy counts {b.name(victim)}'s gold: {realm['gold']} "
               "(public in this edition, notes 3)", "s8.7.4.see-gold")
    elif take == "card":
        if not realm["cards"]:
            b.note(f"{b.name(victim)} holds no player card to steal", "s8.7.4.steal-card")
            return
        hand.steal(b, role, victim)
        b.note(f"{b.name(role)}'s spy steals a player card from {b.name(victim)}",
               "s8.7.4.steal-card")
    else:
        steal_object(b, role, victim, act.get("object"))


def steal_object(b: Board, role: str, victim: str, named: str | None) -> None:
    """8.7.4 point 1 by mail (notes 62): the kind named, when the victim holds one face
    up; else, when all her objects are face up, the most valuable (ties: the data's
    order); else one of hers at random, which the thief alone reads when it was face
    down. Objects placed on actions this round are no longer held (notes 9)."""
    held = objects.entries(b, victim)
    if not held:
        b.note(f"{b.name(victim)} holds no object to steal", "s8.7.4.steal-object")
        return
    shown = [e for e in held if objects.face(b, e) is not None]
    entry = objects.find(b, victim, named) if isinstance(named, str) else None
    if entry is None and len(shown) == len(held):
        entry = _most_valuable(b, shown)
    if entry is None:
        entry = objects.steal(b, role, victim)
    else:
        objects.give(b, victim, role, entry)
    obj = objects.face(b, entry)
    what = f"the {b.data.objects[obj].name}" if obj else "an object, face down"
    b.note(f"{b.name(role)}'s spy steals {what} from {b.name(victim)}",
           "s8.7.4.steal-object")


def _most_valuable(b: Board, shown: list[str]) -> str:
    order = list(b.data.objects)
    return min(shown, key=lambda e: (-(b.data.objects[str(objects.face(b, e))].value or 0),
                                     order.index(str(objects.face(b, e)))))


# ------------------------------------------------------------------ search


def pile(b: Board) -> list[str]:
    """The undiscovered generals a search may find (notes 24), in the data's order:
    generals out of play with no employer, not those only an event brings."""
    by_event = {str(e.params.get("joins")) for e in b.data.events.values()
                if e.params.get("joins")}
    out = []
    for gid, facts in b.s["generals"].items():
        if gid in by_event or facts["employer"] != FREE:
            continue
        if facts["status"] == "undiscovered" or (facts["status"] == "free"
                                                 and not facts.get("at")):
            out.append(gid)
    return out


def search(b: Board, act: Action) -> None:
    """8.4.B: intelligence test; the dice pick a general from the pile; if his year has
    not come the search fails (11.0 point 5); else he stands free on an area of the
    territory searched (notes 24, 25)."""
    role, tid = act["role"], act["search"]
    name = b.territory(tid).name
    if not rolls.tested(b, b.general(act["general"]).intelligence,
                        f"{b.name(act['general'])} searches {name} for talent",
                        "s11.5.search-year"):
        return
    candidates = pile(b)
    if not candidates:
        b.note("no undiscovered general is left to find", "s8.4.B.pool")
        return
    gid = b.pick(candidates, f"general found in {name}")
    appears = b.general(gid).appears
    if appears is not None and appears > b.year:
        b.note(f"the search turns up {b.name(gid)}, whose year ({appears}) has not come: "
               "the search fails", "s11.5.search-year")
        return
    if b.general(gid).loyalty is None:
        non_human.place_found(b, gid)
        return
    area = next(a for a in b.territory(tid).area_ids() if b.holder(a) == role)
    b.general_state(gid).update(status="free", employer=FREE, at=area, captor=None,
                                task=None)
    b.note(f"{b.name(gid)} is found and stands free in {b.area(area).name}",
           "s8.4.B.4.success")


# ------------------------------------------------------------------ recruit general


def recruit(b: Board, act: Action) -> None:
    """8.4.C: eloquence - loyalty (- the employer's charisma, notes 26) + gold + objects,
    others' backing and hindering; taking another leader's general costs a level both
    ways."""
    role, gid, employer = act["role"], act["recruit"], act["employer"]
    target = b.general(act["general"]).eloquence - int(b.general(gid).loyalty or 0)
    if employer != FREE:
        target -= ability(b, employer, "eloquence")
    target += _bonus(b, act)
    if not rolls.tested(b, target, f"{b.name(act['general'])} tries to recruit "
                        f"{b.name(gid)}", "s11.5.recruit-odds"):
        return
    b.general_state(gid).update(employer=role, status="ready", at=None, captor=None,
                                task=None)
    b.note(f"{b.name(gid)} now serves {b.name(role)}", "s8.4.C.5.success")
    if employer != FREE:
        b.shift_relation(role, employer, -1, f"{b.name(gid)} recruited away", CONFLICT,
                         both=True)


# ------------------------------------------------------------------ courting


def court(b: Board, act: Action) -> None:
    """8.4.A and notes 27: a non-human is rolled for; a human's consent decides (notes
    10); the wedge is always rolled."""
    role, target, against = act["role"], act["court"], act.get("against")
    gain = max([1] + [b.data.objects[o].relation_gain for o in act["objects"]])
    for obj in act["objects"]:
        if b.data.objects[obj].stays_on_non_human and b.is_non_human(target):
            b.s["non_human"][target].setdefault("objects", []).append(obj)
            b.note(f"the {b.data.objects[obj].name} stays with {b.name(target)}",
                   "s2.3.4.jade-seal" if obj == "jade-seal" else "s2.3.4.chitoo-horse")
    envoy = b.general(act["general"]).eloquence - ability(b, target, "intelligence")
    if against:
        odds = b.relation(role, target) - b.relation(against, target) + envoy + _bonus(b, act)
        if rolls.tested(b, odds, f"{b.name(act['general'])} sets {b.name(against)} against "
                        f"{b.name(target)}", "s8.4.A.wedge"):
            b.shift_relation(role, target, 1, "a successful envoy", "s13.change.wedge")
            b.shift_relation(against, target, -1, f"{b.name(role)}'s wedge",
                             "s13.change.wedge")
        return
    if b.is_human(target):
        welcome = (b.this_round.get("orders") or {}).get(target, {}).get("welcome") or []
        standing = b.s["orders"].get(target, {}).get("envoys", "refuse")
        if role in welcome or standing == "accept":
            b.note(f"{b.name(target)} welcomes {b.name(role)}'s envoy",
                   "s8.4.A.human-target")
            b.shift_relation(role, target, gain, "a welcomed envoy", "s13.change.dr")
        else:
            b.note(f"{b.name(target)} turns {b.name(role)}'s envoy away",
                   "s8.4.A.human-target")
        return
    odds = b.relation(role, target) + envoy + _bonus(b, act)
    if rolls.tested(b, odds, f"{b.name(act['general'])} courts {b.name(target)}",
                    "s11.5.dr-odds"):
        b.shift_relation(role, target, gain, "a successful envoy", "s13.change.dr")
