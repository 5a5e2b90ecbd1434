"""The action phase (8.0): a season order's ``welcome``, ``actions``, ``guards`` and
``answers`` checked when given, and placed when the orders open.

Placed actions go to ``round.actions`` (docs/chronicles-engine.md, "Shared shapes") with a
``kind`` (land, prevent-flood, defence, court, search, recruit, recruit-armies,
special-tax, espionage); guards go to ``round.guards`` (``{role, index, object, general,
against, territories, status, fired}``, the general's task ``guard:<index>``). At
placement the counter leaves the realm, the gold (the land's basic cost and any extra) is
paid and the objects leave the realm: the resolution phase spends them or gives them back
(notes 9). Answers (notes 4) fire at once on the first action that meets their trigger,
their gold and objects held on it (``backs`` / ``hinders``). Guards against envoys passing
through are rolled at once (notes 28).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbem.errors import IllegalAction
from pbem.games.chronicles import counters, objects
from pbem.games.chronicles.board import Board
from pbem.games.chronicles.rules import envoys
from pbem.games.chronicles.rules.action_checks import (
    GOLD,
    Record,
    Seen,
    check_action,
    check_general,
    fail,
)
from pbem.games.chronicles.rules.means import Means
from pbem.games.chronicles.wording import with_article

WELCOME = "s8.4.A.human-target"
GUARDS = "s8.0.guards-action"
ANSWERS = "s8.4.A.5.gold-objects"
ANSWER_KINDS = ("court", "recruit")
AGAINST = ("envoys", "spies")


def _list(order: Mapping[str, Any], part: str) -> list[Any]:
    value = order.get(part)
    if value is None:
        return []
    if not isinstance(value, list):
        raise IllegalAction(f"{part} is a list", "s8.0.placement")
    return value


def check_actions(b: Board, role: str, order: Mapping[str, Any]) -> None:
    """Refuse the order's action parts if any breaks a rule (nothing changes)."""
    b.realm(role)
    for who in _list(order, "welcome"):
        if not b.is_human(who) or who == role:
            raise fail(f"welcome names other leaders in the game, not {who!r}", WELCOME)
    means = Means.after_trades(b, role, order)
    busy: set[str] = set()
    seen: Seen = {}
    for act in _list(order, "actions"):
        check_action(b, role, act, means, busy, seen)
    for guard in _list(order, "guards"):
        check_guard(b, role, guard, means, busy)
    for answer in _list(order, "answers"):
        check_answer(b, role, answer, means)


def check_guard(b: Board, role: str, guard: Any, means: Means, busy: set[str]) -> Record:
    """A guard (8.8, notes 4): the guards object, a general against envoys, none against
    spies, named territories of the guard's owner."""
    name = guard.get("object") if isinstance(guard, Mapping) else None
    if not isinstance(name, str) or not (name == "guards" or (
            means.objects[name] > 0 and objects.face(b, name) in (None, "guards"))):
        raise fail("a guard uses the guards object (by kind when it is face up, else by "
                   "its entry)", GUARDS)
    assert isinstance(guard, Mapping)
    against = guard.get("against")
    if against not in AGAINST:
        raise fail("guards are set against envoys or spies", GUARDS)
    general = None
    if against == "envoys":
        general = check_general(b, role, guard.get("general"), busy)
    elif guard.get("general") is not None:
        raise fail("guards against spies need no general", "s8.8.1.vs-spy")
    tids = guard.get("territories")
    if not isinstance(tids, list) or not tids:
        raise fail("a guard names the territories it watches", GUARDS)
    for tid in tids:
        if tid not in b.data.territories or role not in (
                b.holder(a) for a in b.territory(tid).area_ids()):
            raise fail(f"{b.name(role)} can only guard his own territories, not {tid!r}",
                       "s8.7.3.owner-guards" if against == "spies" else "s8.8.2.vs-envoy")
    taken = means.take_objects(b, role, [name], GUARDS)[0]
    return {"object": "guards", **({"object_entry": taken} if taken != "guards" else {}),
            "general": general, "against": against, "territories": list(dict.fromkeys(tids))}


def check_answer(b: Board, role: str, answer: Any, means: Means) -> Record:
    """A back or hinder answer (notes 4): gold and objects for or against another's
    courting or recruiting."""
    if not isinstance(answer, Mapping):
        raise fail("each answer is a mapping", ANSWERS)
    ways = [w for w in ("back", "hinder") if w in answer]
    if len(ways) != 1 or answer[ways[0]] not in ANSWER_KINDS:
        raise fail("an answer is back: court|recruit or hinder: court|recruit", ANSWERS)
    kind = answer[ways[0]]
    rule = ANSWERS if kind == "court" else "s8.4.C.4.gold-objects"
    by = answer.get("by")
    if by is not None and (not b.is_human(by) or by == role):
        raise fail(f"an answer is to another leader's action, not {by!r}'s", rule)
    target = answer.get("target")
    if target is not None and not isinstance(target, str):
        raise fail("target names a leader, a general, or mine", rule)
    gold = answer.get("gold", 0)
    if not isinstance(gold, int) or isinstance(gold, bool) or gold < 0:
        raise fail("gold is a whole number, 0 or more", GOLD)
    names = answer.get("objects") or []
    if not isinstance(names, list) or not all(isinstance(o, str) for o in names):
        raise fail("objects are object ids, or the entries of yours", rule)
    held = objects.record(b, means.take_objects(b, role, names, rule))
    for obj in held["objects"]:
        record = b.data.objects.get(obj)
        if record is None:
            continue  # face down until the order opens
        if not record.diplomacy or (kind == "recruit" and not record.recruit):
            raise fail(f"the {record.name} cannot serve in a {kind} action", "s2.3.4.guards"
                       if obj == "guards" else rule)
    if not gold and not names:
        raise fail("an answer brings gold or objects", rule)
    means.take_gold(gold, "the answer", GOLD)
    return {"way": ways[0], "kind": kind, "by": by, "target": target, "gold": gold, **held}


# ------------------------------------------------------------------ the reveal


def place_all(b: Board, orders: Mapping[str, Mapping[str, Any]]) -> None:
    """Place every order's actions and guards in the round seat order, fire the answers,
    then roll the guards against envoys passing through (notes 4, 28)."""
    rnd = b.this_round
    rnd.setdefault("actions", [])
    rnd.setdefault("guards", [])
    seen: Seen = {}
    for role in b.round_order():
        order = orders.get(role) or {}
        for entry in counters.named(b, role, {"actions": order.get("actions")}):
            counters.turn_up(b, role, entry)
        for entry in objects.named(b, role, order):
            objects.turn_up(b, role, entry)
        means, busy = Means.held(b, role), set()
        for n, act in enumerate(order.get("actions") or [], 1):
            trial, trial_busy, trial_seen = means.copy(), set(busy), dict(seen)
            try:
                records = check_action(b, role, act, trial, trial_busy, trial_seen)
            except IllegalAction as exc:
                b.note(f"{b.name(role)}'s action {n} is dropped: {exc}", exc.rule)
                continue
            means, busy, seen = trial, trial_busy, trial_seen
            for record in records:
                _place(b, role, record)
        for n, guard in enumerate(order.get("guards") or [], 1):
            trial, trial_busy = means.copy(), set(busy)
            try:
                record = check_guard(b, role, guard, trial, trial_busy)
            except IllegalAction as exc:
                b.note(f"{b.name(role)}'s guard {n} is dropped: {exc}", exc.rule)
                continue
            means, busy = trial, trial_busy
            _place_guard(b, role, record)
    for role in b.round_order():
        for answer in (orders.get(role) or {}).get("answers") or []:
            _fire_answer(b, role, answer)
    envoys.fire_passing(b)


def _place(b: Board, role: str, record: Record) -> None:
    acts = b.this_round["actions"]
    record.update(role=role, index=len(acts), status="placed", backs=[], hinders=[])
    realm = b.realm(role)
    entry = record.get("entry")
    if entry is None and record["counter"]:
        entry = counters.find(b, role, record["counter"])  # one a trade brought
    if entry is not None:
        realm["counters"].remove(entry)
    paid = int(record.get("cost", 0)) + int(record["gold"])
    if paid:
        b.pay(role, paid, f"the {record['kind']} action", GOLD)
    record.update(objects.record(b, _spend(b, role, objects.placed(record))))
    b.general_state(record["general"])["task"] = f"action:{record['index']}"
    acts.append(record)
    tid = record.get("territory")
    where = b.territory(tid).name if tid else b.name(record.get("court")
                                                     or record.get("recruit"))
    b.note(f"{b.name(role)} places {with_article(record['kind'])} action: "
           f"{b.name(record['general'])}"
           + (f" on {where}" if where != "nobody" else "")
           + (f", {paid} gold" if paid else "")
           + (f", {', '.join(record['objects'])}" if record["objects"] else ""),
           "s8.1.3.cost" if record.get("cost") else "s8.0.placement")


def _place_guard(b: Board, role: str, record: Record) -> None:
    guards = b.this_round["guards"]
    record.update(role=role, index=len(guards), status="placed", fired=False)
    entry = _spend(b, role, [record.pop("object_entry", "guards")])[0]
    if entry != "guards":
        record["object_entry"] = entry
    if record["general"]:
        b.general_state(record["general"])["task"] = f"guard:{record['index']}"
    guards.append(record)
    b.note(f"{b.name(role)} sets guards against {record['against']} in "
           f"{', '.join(b.territory(t).name for t in record['territories'])}", GUARDS)


def _spend(b: Board, role: str, named: list[str]) -> list[str]:
    """The objects placed leave ``role``'s hand: each entry, or for a kind (one a trade
    brought) a face-up object of that kind; the entries."""
    held, out = objects.entries(b, role), []
    for name in named:
        entry = name if name in held else objects.find(b, role, name)
        assert entry is not None  # checked against the means
        held.remove(entry)
        out.append(entry)
    return out


def _matches(b: Board, role: str, answer: Mapping[str, Any], act: Record) -> bool:
    kind = answer.get("back") or answer.get("hinder")
    if act["status"] != "placed" or act["role"] == role or act["kind"] != kind:
        return False
    if kind == "court" and b.is_human(act["court"]) and not act.get("against"):
        return False
    if answer.get("by") not in (None, act["role"]):
        return False
    target = answer.get("target")
    if target is None:
        return True
    if kind == "court":
        return bool(target == act["court"])
    return bool(target == act["recruit"] or (target == "mine" and act["employer"] == role))


def _fire_answer(b: Board, role: str, answer: Any) -> None:
    """Fire one answer on the first action that meets its trigger (notes 4)."""
    try:
        record = check_answer(b, role, answer, Means.held(b, role))
    except IllegalAction as exc:
        b.note(f"{b.name(role)}'s answer is dropped: {exc}", exc.rule)
        return
    act = next((a for a in b.this_round["actions"] if _matches(b, role, answer, a)), None)
    if act is None:
        b.note(f"{b.name(role)}'s answer ({record['way']} {record['kind']}) meets no action",
               ANSWERS)
        return
    if record["gold"]:
        b.pay(role, record["gold"], "the answer", GOLD)
    held = objects.record(b, _spend(b, role, objects.placed(record)))
    side = "backs" if record["way"] == "back" else "hinders"
    act[side].append({"role": role, "gold": record["gold"], **held})
    b.note(f"{b.name(role)} {'backs' if side == 'backs' else 'hinders'} "
           f"{b.name(act['role'])}'s {act['kind']} action with {record['gold']} gold"
           + (f" and {', '.join(record['objects'])}" if record["objects"] else ""),
           ANSWERS if act["kind"] == "court" else "s8.4.C.4.gold-objects")
