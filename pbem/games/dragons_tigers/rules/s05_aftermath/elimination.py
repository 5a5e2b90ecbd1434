"""5.5(C): a kingdom with no area and no armies, or whose warlord is gone, is eliminated
(7(1) is checked next, a ``victory-check`` step); 3.2(C) a player whose main kingdom is
gone names a new one."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbem.engine import Prompt
from pbem.games.dragons_tigers.flow import Handler, Step, ask, button, handler
from pbem.games.dragons_tigers.table import Table


@handler
class Sweep(Handler):
    """5.5(C) after an event that removed armies."""

    name = "sweep"

    def run(self, t: Table, step: Step) -> None:
        t.pop()
        sweep(t)


def sweep(t: Table) -> None:
    """5.5(C): a kingdom with no area and no armies is eliminated."""
    for kid, k in t.s["kingdoms"].items():
        if k["status"] != "in-play":
            continue
        warlord = k["warlord"]
        if warlord and not t.on_map(warlord) and t.where(warlord) != "court":
            eliminate(t, kid, "its warlord is gone", "5.7(A)")
        elif not t.controlled_by(kid) and t.total_armies(kid) == 0:
            eliminate(t, kid, "it has neither areas nor armies", "5.5(C)")


def eliminate(t: Table, kid: str, why: str, rule: str) -> None:
    """Remove a kingdom from play (rules-notes entry 5); 7(1) is checked next."""
    k = t.kingdom(kid)
    if k["status"] != "in-play":
        return
    k["status"] = "eliminated"
    k["eliminated_turn"] = t.s["turns"]["total"]
    for area in list(t.s["armies"]):
        t.remove_armies(area, kid, t.armies(area, kid))
    for cid, entry in list(t.s["chars"].items()):
        if entry["kingdom"] != kid or entry["at"] in ("dead", "aside", "pool", "out"):
            continue
        if entry["recruited"] or t.c(cid).wizard:
            t.place_char(cid, "pool")
            entry["kingdom"] = None
            entry["recruited"] = False
        else:
            t.place_char(cid, "out")
    t.remove_chit(kid)
    t.news(f"{t.kname(kid)} is eliminated: {why}", rule)
    owner = k["owner"]
    was_main = k["main"]
    k["main"] = False
    if owner is not None and was_main:
        rest = t.kingdoms_of(owner)
        if rest:
            t.push({"step": "new-main", "player": owner})
    t.push({"step": "victory-check"})


@handler
class NewMain(Handler):
    """3.2(C): a player whose main kingdom is gone names an allied kingdom as main."""

    name = "new-main"

    def prompt(self, t: Table, step: Step) -> Prompt | None:
        options = t.kingdoms_of(step["player"])
        if len(options) <= 1 or t.main_of(step["player"]) \
                or t.answers(step["player"], "new_main"):
            return None
        return ask(step["player"], "main-kingdom", "your main kingdom is gone: choose a new one",
                   [button("main", f"Make {t.kname(k)} your main kingdom", "3.2(C)", kingdom=k)
                    for k in options], "3.2(C)")

    def act(self, t: Table, step: Step, role: str, action: Mapping[str, Any]) -> None:
        t.pop()
        t.make_main(role, action["kingdom"], "3.2(C)")

    def run(self, t: Table, step: Step) -> None:
        t.pop()
        role = step["player"]
        options = t.kingdoms_of(role)
        if not options or t.main_of(role):
            return
        best = strongest(t, options)
        if len(options) > 1:
            t.by_order(role, "new_main", f"{t.kname(best)} has the most armies", "3.2(C)")
        t.make_main(role, best, "3.2(C)")


def strongest(t: Table, kingdoms: list[str]) -> str:
    """The kingdom with the most armies, then the most areas, then the first listed."""
    return max(kingdoms, key=lambda k: (t.total_armies(k), len(t.controlled_by(k)),
                                        -kingdoms.index(k)))
