"""4.6, the combat phase: the active armies fight every hostile side in their areas, in
the order the active player picks; 4.3(C) the fights that follow a change of allegiance.
Each fight is a ``combat`` step (:mod:`.procedure`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbem.engine import Prompt
from pbem.games.dragons_tigers.flow import Handler, Step, ask, button, handler, phase, require
from pbem.games.dragons_tigers.sides import hostile_sides, side_armies, side_chars, side_label
from pbem.games.dragons_tigers.table import Table


def pending(t: Table, turn: Step) -> list[tuple[str, str]]:
    """4.6: (area, hostile side) pairs where active armies must fight: the active
    kingdom's, and the friendly kingdoms' armies that moved with it under a faction chit
    (4.5.3(A)) into an area the turn entered."""
    kid = turn["kingdom"]
    side = t.side(kid)
    out = []
    for area in list(t.s["armies"]):
        moved_in = area in turn["entered"] and side_armies(t, area, side) > 0
        if t.armies(area, kid) <= 0 and not moved_in:
            continue
        for other in hostile_sides(t, area, side):
            out.append((area, other))
    order = list(t.cat.areas)
    return sorted(out, key=lambda pair: order.index(pair[0]))


def next_combat(t: Table, turn: Step) -> None:
    fights = pending(t, turn)
    if not fights:
        turn["phase"] = "end"
        return
    area, other = fights[0]
    begin(t, area, t.side(turn["kingdom"]), other, "battle")


@phase
class CombatPhase(Handler):
    """4.6: the active armies fight every hostile side in their areas, in the order the
    active player picks; then the turn ends."""

    name = "combat"

    def prompt(self, t: Table, turn: Step) -> Prompt | None:
        fights = pending(t, turn)
        if len(fights) <= 1:
            return None
        return ask(turn["player"], "combat-order", "choose the next combat",
                   [button("fight", f"Fight {side_label(t, area, other)} in {t.aname(area)}",
                           "4.6", area=area, against=other) for area, other in fights], "4.6")

    def act(self, t: Table, turn: Step, role: str, action: Mapping[str, Any]) -> None:
        begin(t, action["area"], t.side(turn["kingdom"]), action["against"], "battle")

    def run(self, t: Table, turn: Step) -> None:
        next_combat(t, turn)


def begin(t: Table, area: str, att: str, defender: str, kind: str) -> Step:
    """Push a combat in ``area`` between the sides ``att`` and ``defender``.

    ``kind`` is ``battle`` (the combat phase), ``break`` (4.3(C), after a change of
    allegiance), ``arrival`` (10.5(E), 4.8.1(B)) or ``overrun`` (a retreat onto lone
    hostile characters, rules-notes 29): only a ``battle`` attacker can retreat.
    """
    turn = t.turn()
    origins = list(turn["entered"].get(area, [])) if (turn and kind == "battle") else []
    step = t.push({"step": "combat", "area": area, "att": att, "def": defender, "kind": kind,
                   "phase": "begin", "round": 0, "checked": [], "turned": None,
                   "hits": None, "alloc": {}, "after": None, "origins": origins,
                   "offer": None, "loser": None, "retreated": None,
                   "kingdoms": t.kingdoms_in(area), "held": t.controller(area),
                   "armies": dict(t.armies_in(area))})
    return step


@handler
class CombatQueue(Handler):
    """Fights that follow a change of allegiance, in the order the active player picks."""

    name = "combat-queue"

    def live(self, t: Table, step: Step) -> list[list[str]]:
        out = []
        for area, att, defender, kind in step["items"]:
            if side_armies(t, area, att) > 0 and (side_armies(t, area, defender) > 0
                                                   or side_chars(t, area, defender)):
                out.append([area, att, defender, kind])
        return out

    def prompt(self, t: Table, step: Step) -> Prompt | None:
        items = self.live(t, step)
        if len(items) <= 1 or step["chooser"] is None:  # no turn: in the order queued
            return None
        return ask(step["chooser"], "combat-order", "choose which combat is fought first",
                   [button("fight", f"{side_label(t, a, s1)} against {side_label(t, a, s2)} in "
                                    f"{t.aname(a)}", "4.3(C)", area=a, against=s2)
                    for a, s1, s2, _ in items], "4.3(C)")

    def act(self, t: Table, step: Step, role: str, action: Mapping[str, Any]) -> None:
        for item in self.live(t, step):
            if item[0] == action["area"] and item[2] == action["against"]:
                step["items"].remove(item)
                begin(t, *item)
                return
        require(False, "no such combat is waiting", "4.3(C)")

    def run(self, t: Table, step: Step) -> None:
        items = self.live(t, step)
        if not items:
            t.pop()
            return
        step["items"].remove(items[0])
        begin(t, *items[0])
