"""Section 9, Emperor Xian: who controls him, and the Imperial Decree.

9(A) the controller of his area holds him (:meth:`Table.emperor_holder`), and that
kingdom's player controls him; 9(B)/(C) the Imperial Decree, once in the turn of the
kingdom that holds him (its warlord controls him) while he is in Luoyang, Chang'an or
Xuchang, buys a reroll of a failed diplomacy roll or betrayal check of that player for 5 of
his armies: the section that made the roll pushes an ``imperial-decree`` step, which asks
only when the Decree can be used and answers ``decree: true`` (reroll) or ``false`` in the
step below it; 9(D) he moves only with the kingdom that holds him (see s04_movement);
9(E) the winner of a combat in his area gains him (control follows the area, or, if both
sides were wiped out there, the winner keeps him in the empty area: s05_aftermath).
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
from pbem.games.dragons_tigers.sides import loss_plan, say_shared_losses
from pbem.games.dragons_tigers.table import Table

DECREE_AREAS = numbers().decree_areas
DECREE_COST = numbers().decree_cost


def controlling_player(t: Table) -> str | None:
    """9(A): the player whose kingdom controls the Emperor's area (None: no player)."""
    holder = t.emperor_holder()
    return t.owner(holder) if holder is not None else None


def _armies(t: Table, role: str, area: str) -> int:
    return sum(t.armies(area, k) for k in t.kingdoms_of(role))


def _areas(t: Table, role: str) -> list[str]:
    return [a for a in t.cat.areas if _armies(t, role, a) > 0]


def decree_available(t: Table, turn: Step) -> bool:
    """9(B)/(C): the kingdom taking its turn holds the Emperor in one of the three
    capitals, its player has not used the Decree this turn and has 5 armies to offer."""
    role = turn["player"]
    return (not turn["decree_used"] and t.owner(turn["kingdom"]) == role
            and t.emperor_holder() == turn["kingdom"] and t.s["emperor"] in DECREE_AREAS
            and sum(_armies(t, role, a) for a in _areas(t, role)) >= DECREE_COST)


@explains("decree", "no-decree")
def decree_refusal(t: Table, role: str, action: Mapping[str, Any]) -> IllegalAction:
    """Why the Imperial Decree cannot be used now, citing the rule."""
    turn = t.turn()
    if turn is None:
        return IllegalAction("the Imperial Decree is used only during a turn", "9(B)")
    if turn["decree_used"]:
        return IllegalAction("the Imperial Decree has already been used this turn", "9(B)")
    if t.owner(turn["kingdom"]) != role or controlling_player(t) != role:
        return IllegalAction(f"{t.rname(role)} does not control Emperor Xian in a turn of "
                             f"one of his kingdoms", "9(A)")
    if t.emperor_holder() != turn["kingdom"]:
        return IllegalAction(f"Emperor Xian is not held by {t.kname(turn['kingdom'])}: the "
                             f"Imperial Decree is used in the turn of the warlord who "
                             f"controls him", "9(B)")
    if t.s["emperor"] not in DECREE_AREAS:
        if t.s["flags"].get("emperor_fled"):
            return IllegalAction("the Emperor has fled and is not in Luoyang, Chang'an or "
                                 "Xuchang: no Imperial Decree", "9(C)")
        return IllegalAction("the Imperial Decree needs the Emperor in Luoyang, Chang'an or "
                             "Xuchang", "9(B)")
    if sum(_armies(t, role, a) for a in _areas(t, role)) < DECREE_COST:
        return IllegalAction(f"the Imperial Decree costs {DECREE_COST} armies", "9(C)")
    return IllegalAction("the Imperial Decree only rerolls a failed diplomacy roll or "
                         "betrayal check", "9(C)")


def offering_plan(t: Table, role: str) -> dict[str, int]:
    """Default choice of the 5 armies: from the player's largest stacks first."""
    plan: dict[str, int] = {}
    left = DECREE_COST
    for area in sorted(_areas(t, role), key=lambda a: -_armies(t, role, a)):
        take = min(left, _armies(t, role, area))
        plan[area] = take
        left -= take
        if not left:
            break
    return plan


def _offering(t: Table, role: str, action: Mapping[str, Any]) -> dict[str, int]:
    """The armies named in ``action`` (``from: {area: n}`` or ``from.<area>: n``), or the
    default offering when none are named."""
    given = action.get("from") or {}
    require(isinstance(given, dict), f"name the {DECREE_COST} armies as 'from: {{area: n}}'",
            "9(C)")
    plan = dict(given)
    plan.update({k.split(".", 1)[1]: v for k, v in action.items() if k.startswith("from.")})
    plan = {a: n for a, n in plan.items() if n != 0}
    return t.by_area(plan) or offering_plan(t, role)


def pay(t: Table, turn: Step, action: Mapping[str, Any]) -> None:
    """Remove the 5 armies offered for the Decree (the player's choice or the default);
    where several of his kingdoms share an area, his ``losses`` order says whose go."""
    role = turn["player"]
    plan = _offering(t, role, action)
    require(all(isinstance(n, int) and not isinstance(n, bool)
                and 0 < n <= _armies(t, role, str(a)) for a, n in plan.items())
            and sum(plan.values()) == DECREE_COST,
            f"name {DECREE_COST} armies of {t.rname(role)} to offer", "9(C)")
    turn["decree_used"] = True
    for area, n in plan.items():
        kings = [k for k in t.kingdoms_of(role) if t.armies(area, k)]
        shares = loss_plan(t, area, kings, n, role)
        if len(kings) > 1:
            say_shared_losses(t, role, shares, "9(C)")
        for kid, lost in shares.items():
            t.lose(area, kid, lost)
    where = ", ".join(f"{n} in {t.aname(a)}" for a, n in plan.items())
    t.say(f"Imperial Decree: {t.rname(role)} offers {DECREE_COST} armies ({where}) and rolls "
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
        role = turn["player"]
        plan = offering_plan(t, role)
        shown = ", ".join(f"{n} in {t.aname(a)}" for a, n in plan.items())
        params = tuple(number(f"from.{a}", f"Armies offered from {t.aname(a)}", 0,
                              min(DECREE_COST, _armies(t, role, a)), plan.get(a, 0))
                       for a in _areas(t, role))
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
