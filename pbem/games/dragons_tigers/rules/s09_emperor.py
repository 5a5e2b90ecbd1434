"""Section 9, Emperor Xian: who controls him, and the Imperial Decree.

9(A) the controller of his area controls him (:meth:`Table.emperor_holder`); 9(B)/(C) the
Imperial Decree, once per turn of the kingdom that controls him while he is in Luoyang,
Chang'an or Xuchang, buys a reroll of a failed diplomacy roll or betrayal check for 5
armies: the section that made the roll pushes an ``imperial-decree`` step, which asks
only when the Decree can be used and answers ``decree: true`` (reroll) or ``false`` in the
step below it; 9(D) he moves only with his controlling kingdom (see s04_movement); 9(E)
the winner of a combat in his area gains him (control follows the area, s05_aftermath).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbem.engine import ActionSpec, Prompt
from pbem.errors import IllegalAction
from pbem.games.dragons_tigers.flow import (
    Handler,
    Step,
    ask,
    button,
    explains,
    handler,
    number,
    require,
)
from pbem.games.dragons_tigers.numbers import numbers
from pbem.games.dragons_tigers.table import Table

DECREE_AREAS = numbers().decree_areas
DECREE_COST = numbers().decree_cost


def decree_available(t: Table, turn: Step) -> bool:
    """9(B)/(C): the active kingdom controls the Emperor in one of the three capitals,
    has not used the Decree this turn, and has 5 armies to offer."""
    kid = turn["kingdom"]
    return (not turn["decree_used"] and not t.is_traitorous(kid)
            and t.emperor_holder() == kid and t.s["emperor"] in DECREE_AREAS
            and t.total_armies(kid) >= DECREE_COST)


@explains("decree", "no-decree")
def decree_refusal(t: Table, role: str, action: Mapping[str, Any]) -> IllegalAction:
    """Why the Imperial Decree cannot be used now, citing the rule."""
    turn = t.turn()
    if turn is None:
        return IllegalAction("the Imperial Decree is used only during a turn", "9(B)")
    kid = turn["kingdom"]
    if turn["decree_used"]:
        return IllegalAction("the Imperial Decree has already been used this turn", "9(B)")
    if t.is_traitorous(kid) or t.emperor_holder() != kid:
        return IllegalAction(f"{t.kname(kid)} does not control Emperor Xian", "9(A)")
    if t.s["emperor"] not in DECREE_AREAS:
        return IllegalAction("the Imperial Decree needs the Emperor in Luoyang, Chang'an or "
                             "Xuchang", "9(B)")
    if t.total_armies(kid) < DECREE_COST:
        return IllegalAction(f"the Imperial Decree costs {DECREE_COST} armies", "9(C)")
    return IllegalAction("the Imperial Decree only rerolls a failed diplomacy roll or "
                         "betrayal check", "9(C)")


def offering_plan(t: Table, kid: str) -> dict[str, int]:
    """Default choice of the 5 armies: from the largest stacks first."""
    plan: dict[str, int] = {}
    left = DECREE_COST
    for area in sorted(t.areas_with_armies(kid), key=lambda a: -t.armies(a, kid)):
        take = min(left, t.armies(area, kid))
        plan[area] = take
        left -= take
        if not left:
            break
    return plan


def _offering(t: Table, kid: str, action: Mapping[str, Any]) -> dict[str, int]:
    """The armies named in ``action`` (``from: {area: n}`` or ``from.<area>: n``), or the
    default offering when none are named."""
    given = action.get("from") or {}
    require(isinstance(given, dict), f"name the {DECREE_COST} armies as 'from: {{area: n}}'",
            "9(C)")
    plan = dict(given)
    plan.update({k.split(".", 1)[1]: v for k, v in action.items() if k.startswith("from.")})
    plan = {a: n for a, n in plan.items() if n != 0}
    return plan or offering_plan(t, kid)


def pay(t: Table, turn: Step, action: Mapping[str, Any]) -> None:
    """Remove the 5 armies offered for the Decree (the player's choice or the default)."""
    kid = turn["kingdom"]
    plan = _offering(t, kid, action)
    require(all(isinstance(n, int) and not isinstance(n, bool)
                and 0 < n <= t.armies(str(a), kid) for a, n in plan.items())
            and sum(plan.values()) == DECREE_COST,
            f"name {DECREE_COST} armies of {t.cat.kingdoms[kid].name} to offer", "9(C)")
    turn["decree_used"] = True
    for area, n in plan.items():
        t.lose(area, kid, n)
    where = ", ".join(f"{n} in {t.aname(a)}" for a, n in plan.items())
    t.say(f"Imperial Decree: {t.kname(kid)} offers {DECREE_COST} armies ({where}) and rolls "
          f"again", "9(C)")


@handler
class Decree(Handler):
    """9(B)/(C): after a failed ``what`` (a diplomacy roll or a betrayal check) of the
    player ``player``, offer the Decree if he may use it; answer in the step below."""

    name = "imperial-decree"

    def _usable(self, t: Table, step: Step) -> bool:
        turn = t.turn()
        return turn is not None and turn["player"] == step["player"] \
            and decree_available(t, turn)

    def prompt(self, t: Table, step: Step) -> Prompt | None:
        turn = t.turn()
        if turn is None or not self._usable(t, step):
            return None
        kid = turn["kingdom"]
        plan = offering_plan(t, kid)
        shown = ", ".join(f"{n} in {t.aname(a)}" for a, n in plan.items())
        params = tuple(number(f"from.{a}", f"Armies offered from {t.aname(a)}", 0,
                              min(DECREE_COST, t.armies(a, kid)), plan.get(a, 0))
                       for a in t.areas_with_armies(kid))
        return ask(turn["player"], "imperial-decree",
                   f"the {step['what']} failed: use the Imperial Decree to roll again?",
                   [ActionSpec("decree", f"Imperial Decree: offer {DECREE_COST} armies (by "
                               f"default {shown}) and roll again", "9(C)", params=params),
                    button("no-decree", "Accept the failure", "9(C)")], "9(C)")

    def act(self, t: Table, step: Step, role: str, action: Mapping[str, Any]) -> None:
        used = action["do"] == "decree"
        if used:
            turn = t.turn()
            assert turn is not None
            pay(t, turn, action)
        self._answer(t, used)

    def run(self, t: Table, step: Step) -> None:
        self._answer(t, False)

    def explain(self, t: Table, step: Step, role: str,
                action: Mapping[str, Any]) -> IllegalAction | None:
        return IllegalAction("first accept the failed roll or use the Imperial Decree", "9(C)")

    def _answer(self, t: Table, used: bool) -> None:
        t.pop()
        t.top()["decree"] = used
