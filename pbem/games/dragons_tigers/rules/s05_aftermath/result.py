"""A combat is over: the loser's retainers face capture (:mod:`.capture`); 6(C) who
controls the area after a joint win, 9(E) the Emperor with it, then 5.5(C) eliminations."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbem.engine import Prompt
from pbem.games.dragons_tigers import orders as standing
from pbem.games.dragons_tigers.flow import Handler, Step, ask, button, handler, require
from pbem.games.dragons_tigers.rules.s05_aftermath.capture import after, conclude
from pbem.games.dragons_tigers.rules.s05_aftermath.elimination import sweep
from pbem.games.dragons_tigers.sides import members, side_label
from pbem.games.dragons_tigers.table import Table

OTHER = {"att": "def", "def": "att"}


@handler
class CombatResult(Handler):
    """A combat is over: settle what it leaves behind."""

    name = "combat-result"

    def run(self, t: Table, step: Step) -> None:
        t.pop()
        resolve(t, step["combat"])


def resolve(t: Table, combat: Step) -> None:
    """Settle a finished combat: the loser's retainers face capture checks (a step, since
    the captor may have to be chosen), then the rest."""
    area = combat["area"]
    loser = combat["loser"]
    if loser is None:
        after(t, area, combat, None)
        return
    who = loser["who"]
    lside, wside = combat[who], combat[OTHER[who]]
    t.say(f"{side_label(t, area, lside)} loses the combat in {t.aname(area)}", "5.6(A)")
    lost = members(t, area, lside)
    arrival = combat["kind"] == "arrival" and who == "att"
    retainers = [c for k in lost for c in t.chars_in(area, k) if t.c(c).rank == "retainer"]
    step = t.push({"step": "capture", "area": area, "combat": combat, "lost": lost,
                   "winner": wside, "loser": lside, "pending": None,
                   "retainers": retainers if (loser["wiped"] or arrival) else [],
                   **({"hold_news": combat["hold_news"]} if loser["mutual"] else {})})
    if not step["retainers"]:
        t.pop()
        conclude(t, step)


@handler
class AfterCombat(Handler):
    """6(C) who controls the area after a joint win (by default the winning kingdom that
    held it before the combat, else the main kingdom, else the most armies), then 5.5(C)
    eliminations."""

    name = "after-combat"

    def prompt(self, t: Table, step: Step) -> Prompt | None:
        winners = self._winners(t, step)
        if len(winners) <= 1 or step.get("chosen"):
            return None
        role = winners and t.owner(winners[0])
        if not role or not standing.wants_question(t.orders(role), "control"):
            return None
        return ask(role, "control", f"which kingdom controls {t.aname(step['area'])}?",
                   [button("control", f"{t.kname(k)} controls {t.aname(step['area'])}", "6(C)",
                           kingdom=k) for k in winners], "6(C)")

    def _winners(self, t: Table, step: Step) -> list[str]:
        if step["winner"] is None:
            return []
        return [k for k in t.kingdoms_in(step["area"]) if t.side(k) == step["winner"]]

    def act(self, t: Table, step: Step, role: str, action: Mapping[str, Any]) -> None:
        require(action["kingdom"] in self._winners(t, step), "choose one of the winners", "6(C)")
        t.update_control(step["area"], prefer=action["kingdom"])
        step["chosen"] = True

    def run(self, t: Table, step: Step) -> None:
        area = step["area"]
        hold = step.get("hold_news")
        if hold and t.control_before is not None:  # told against the area before the combat
            t.control_before.pop(area, None)
            if hold["held"] is not None:
                t.control_before[area] = hold["held"]
        winners = self._winners(t, step)
        if len(winners) > 1 and not step.get("chosen"):
            held = step.get("held")
            pick = held if held in winners else max(
                winners, key=lambda k: (t.kingdom(k)["main"], t.armies(area, k)))
            role = t.owner(winners[0])
            if role is not None:
                t.by_order(role, "control", f"{t.kname(pick)} holds {t.aname(area)}", "6(C)")
            t.update_control(area, prefer=pick)
        t.pop()
        holder = t.controller(area)
        keeper = step.get("keeper")
        if holder is not None:
            t.say(f"{t.kname(holder)} controls {t.aname(area)}"
                  + (" and Emperor Xian" if t.s["emperor"] == area else ""),
                  "9(E)" if t.s["emperor"] == area else "6(B)")
        elif keeper is not None and t.s["emperor"] == area and t.in_play(keeper):
            t.keep_emperor(keeper)  # 9(E): the winner gains him, though nobody is left here
            t.say(f"{t.kname(keeper)} wins the combat and controls Emperor Xian, left alone "
                  f"in {t.aname(area)}", "9(E)")
        sweep(t)
