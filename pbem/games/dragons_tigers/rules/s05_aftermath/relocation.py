"""5.7(A)/(E): characters whose armies are gone relocate to an area with their kingdom's
armies, any distance away; with none, they are killed (a warlord's kingdom with him)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbem.engine import Prompt
from pbem.games.dragons_tigers import orders as standing
from pbem.games.dragons_tigers.flow import Handler, Step, ask, button, handler, require
from pbem.games.dragons_tigers.rules.s05_aftermath.elimination import eliminate
from pbem.games.dragons_tigers.table import Table
from pbem.games.dragons_tigers.words import n_armies


def destinations(t: Table, cid: str, away_from: str) -> list[str]:
    """The areas where the character may go: those with his kingdom's armies, other
    than the one he leaves."""
    kid = t.char(cid)["kingdom"]
    return [a for a in t.areas_with_armies(kid) if a != away_from]


@handler
class Relocate(Handler):
    """5.7(A)/(E): characters whose armies are gone go to an area with their kingdom's
    armies, any distance away; with none, they are killed."""

    name = "relocate"

    def _rule(self, t: Table, step: Step, cid: str) -> str:
        """5.7(A) for a warlord, 5.7(E) for a retainer who escaped capture."""
        return "5.7(E)" if t.c(cid).rank == "retainer" else step["rule"]

    def _current(self, t: Table, step: Step) -> str | None:
        while step["chars"]:
            cid = step["chars"][0]
            if t.where(cid) == step["from"]:
                return cid
            step["chars"].pop(0)
        return None

    def prompt(self, t: Table, step: Step) -> Prompt | None:
        cid = self._current(t, step)
        if cid is None:
            return None
        places = destinations(t, cid, step["from"])
        if len(places) <= 1:
            return None
        kid = t.char(cid)["kingdom"]
        role = t.runner(t.side(kid))
        kind = "relocate" if t.owner(kid) else "proxy"
        if not standing.wants_question(t.orders(role), kind):
            return None
        rule = self._rule(t, step, cid)
        return ask(role, "relocate", f"where does {t.c(cid).name} go?",
                   [button("relocate", f"{t.cname(cid)} to {t.aname(a)} "
                                       f"({n_armies(t.armies(a, kid))})", rule,
                           character=cid, to=a) for a in places], rule)

    def act(self, t: Table, step: Step, role: str, action: Mapping[str, Any]) -> None:
        cid = self._current(t, step)
        require(action.get("character") == cid, "relocate the character named",
                self._rule(t, step, str(cid)))
        self._move(t, step, cid, action["to"])

    def run(self, t: Table, step: Step) -> None:
        cid = self._current(t, step)
        if cid is None:
            t.pop()
            return
        places = destinations(t, cid, step["from"])
        if not places:
            step["chars"].pop(0)
            kid = t.char(cid)["kingdom"]
            if t.c(cid).rank == "warlord":
                t.news(f"{t.cname(cid)} has no army left to join and is killed", "5.7(A)")
                t.place_char(cid, "out")
                eliminate(t, kid, "its warlord is killed", "5.7(A)")
            else:
                t.news(f"{t.cname(cid)} has no army left to join and is killed", "5.7(E)")
                t.kill(cid)
            return
        kid = t.char(cid)["kingdom"]
        best = max(places, key=lambda a: (t.armies(a, kid), -list(t.cat.areas).index(a)))
        if len(places) > 1:
            role = t.runner(t.side(kid))
            t.by_order(role, "relocate" if t.owner(kid) else "proxy",
                       f"{t.cname(cid)} goes where most of his kingdom's armies are",
                       self._rule(t, step, cid))
        self._move(t, step, cid, best)

    def _move(self, t: Table, step: Step, cid: str, to: str) -> None:
        rule = self._rule(t, step, cid)
        require(to in destinations(t, cid, step["from"]), "he can go only to an area with his "
                "kingdom's armies", rule)
        step["chars"].pop(0)
        t.place_char(cid, to)
        t.say(f"{t.cname(cid)} relocates to {t.aname(to)}", rule)
