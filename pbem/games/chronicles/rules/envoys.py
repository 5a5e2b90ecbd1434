"""Envoys and recruiters on the road (notes 28), and the guards that wait for them
(8.8.2, 8.8.3, notes 4).

A courting envoy travels to a territory of the leader he courts, a recruiter to the
territory of the general he wants (or, for a general in a realm's pool, to one of his
employer's territories); a recruiter after his own prisoner does not travel. The route is a
chain of bordering territories from one of the sender's; by default the shortest, then the
one through the fewest territories where another human holds an area, then the lowest
territory numbers. Guards against envoys named for a territory on the way (neither start
nor end) are rolled when the season orders open; those named for the end, at the start of
the resolution phase (notes 9).
"""

from __future__ import annotations

import itertools
from typing import Any

from pbem.errors import IllegalAction
from pbem.games.chronicles.board import Board
from pbem.games.chronicles.rules import rolls

PLACEMENT = "s8.4.A.2.placement"
PASSING = "s8.4.A.2.interception"
RECRUIT_PASSING = "s8.4.C.2.interception"
VS_ENVOY = "s8.8.2.vs-envoy"
NO_HOST = "s8.8.3.no-host-capture"

Action = dict[str, Any]


def destinations(b: Board, role: str, act: Action) -> list[str]:
    """Territories the envoy or recruiter of ``act`` may end his road in (empty: he does
    not travel)."""
    if act.get("court"):
        return b.territories_touched(act["court"])
    gid = act.get("recruit")
    if not gid:
        return []
    facts = b.general_state(gid)
    if facts["status"] == "captive":
        return []
    if facts.get("at"):
        return [b.territory_of(facts["at"]).id]
    return b.territories_touched(facts["employer"])


def _foreign(b: Board, role: str, tid: str) -> bool:
    """Does another human than ``role`` hold an area of ``tid``?"""
    return any(b.is_human(h) and h != role
               for h in (b.holder(a) for a in b.territory(tid).area_ids()))


def passed(b: Board, role: str, route: list[str]) -> list[str]:
    """The territories of ``route`` the traveller passes through (notes 28)."""
    return [t for t in route[1:-1] if _foreign(b, role, t)]


def default_route(b: Board, role: str, ends: list[str]) -> list[str]:
    """The default road from ``role``'s territories to one of ``ends`` ([] if none)."""
    starts = b.territories_touched(role)
    if not starts or not ends:
        return []
    dist = {t: 0 for t in starts}
    frontier = list(starts)
    while frontier:
        nxt = []
        for t in frontier:
            for n in b.neighbours(t):
                if n not in dist:
                    dist[n] = dist[t] + 1
                    nxt.append(n)
        frontier = nxt
    reachable = [e for e in ends if e in dist]
    if not reachable:
        return []
    best = min(dist[e] for e in reachable)
    paths: list[list[str]] = []

    def back(path: list[str]) -> None:
        head = path[0]
        if dist[head] == 0:
            paths.append(path)
            return
        for n in b.neighbours(head):
            if dist.get(n) == dist[head] - 1:
                back([n, *path])

    for end in reachable:
        if dist[end] == best:
            back([end])
    return min(paths, key=lambda p: (len(passed(b, role, p)),
                                     [b.territory(t).number for t in p]))


def check_route(b: Board, role: str, route: Any, ends: list[str], rule: str) -> list[str]:
    """A route named in an order: a chain of bordering territories from one of the
    sender's to one of ``ends``."""
    if not isinstance(route, list) or not route or not all(
            isinstance(t, str) and t in b.data.territories for t in route):
        raise IllegalAction("a route is a list of territory ids", PLACEMENT)
    if route[0] not in b.territories_touched(role):
        raise IllegalAction(f"the route starts in {route[0]}, not a territory of "
                            f"{b.name(role)}", rule)
    if route[-1] not in ends:
        raise IllegalAction(f"the route ends in {route[-1]}, not where the action is aimed",
                            rule)
    for a, c in itertools.pairwise(route):
        if c not in b.neighbours(a):
            raise IllegalAction(f"{a} and {c} share no border", rule)
    return list(route)


# ------------------------------------------------------------------ guards


def _can_guard(b: Board, guard: Action, act: Action, tid: str) -> bool:
    owner = guard["role"]
    if guard["status"] != "placed" or guard["against"] != "envoys":
        return False
    if tid not in guard["territories"] or owner == act["role"]:
        return False
    if not any(b.holder(a) == owner for a in b.territory(tid).area_ids()):
        return False
    gid = guard.get("general")
    facts = b.general_state(gid)
    if facts["employer"] != owner or facts["status"] != "ready" \
            or facts.get("task") != f"guard:{guard['index']}":
        return False
    if act.get("court") == owner:
        b.note(f"{b.name(owner)}'s guards let {b.name(act['general'])} pass: he comes to "
               f"court {b.name(owner)}", NO_HOST)
        return False
    return True


def _fire(b: Board, guard: Action, act: Action, tid: str, rule: str) -> bool:
    """One guard against one envoy; True if he is captured (his action is then void)."""
    guard.update(status="done", fired=True, on=act["index"])
    b.note(f"{b.name(guard['role'])} sets guards in {b.territory(tid).name} against "
           f"{b.name(act['general'])} ({b.name(act['role'])})", rule)
    if not rolls.capture(b, guard["general"], act["general"], rule):
        return False
    rolls.take_prisoner(b, act["general"], guard["role"], rule)
    rolls.void(b, act, "its general was captured by guards", rule)
    return True


def _guards(b: Board) -> list[Action]:
    order = {r: i for i, r in enumerate(b.round_order())}
    guards = list(b.this_round.get("guards") or [])
    return sorted(guards, key=lambda g: (order.get(g["role"], len(order)), g["index"]))


def _travellers(b: Board) -> list[Action]:
    return [a for a in b.this_round["actions"]
            if a["status"] == "placed" and a.get("route")]


def fire_passing(b: Board) -> None:
    """Guards against envoys and recruiters passing through, rolled at once (notes 28)."""
    for act in _travellers(b):
        rule = PASSING if act.get("court") else RECRUIT_PASSING
        for tid in passed(b, act["role"], act["route"]):
            if act["status"] != "placed":
                break
            for guard in _guards(b):
                if _can_guard(b, guard, act, tid) and _fire(b, guard, act, tid, rule):
                    break


def fire_at_destination(b: Board) -> None:
    """Guards at the end of the road, rolled first in the resolution phase (notes 9)."""
    for act in _travellers(b):
        tid = act["route"][-1]
        for guard in _guards(b):
            if act["status"] != "placed":
                break
            if _can_guard(b, guard, act, tid):
                _fire(b, guard, act, tid, VS_ENVOY)
