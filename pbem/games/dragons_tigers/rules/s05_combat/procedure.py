"""5(B), one combat phase by phase: betrayal checks, contests of strategy and valor,
battle rounds, losses and retreat, until a side retreats or has no armies (5(C)). A finished
combat is handed to s05_aftermath as a ``combat-result`` step."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbem.engine import Prompt
from pbem.errors import IllegalAction
from pbem.games.dragons_tigers.flow import Handler, Step, handler
from pbem.games.dragons_tigers.rules.s05_combat.checks import (
    check_act,
    check_prompt,
    checkers,
    ordered_check,
    roll_check,
)
from pbem.games.dragons_tigers.rules.s05_combat.common import finish, runner
from pbem.games.dragons_tigers.rules.s05_combat.damage import (
    apply_losses,
    battle,
    loss_act,
    loss_prompt,
    strategy,
    valor,
)
from pbem.games.dragons_tigers.rules.s05_combat.retreat import (
    auto_retreat,
    retreat,
    retreat_act,
    retreat_prompt,
    retreat_targets,
    say_retreat_order,
)
from pbem.games.dragons_tigers.sides import side_armies, side_chars, side_label
from pbem.games.dragons_tigers.table import Table


@handler
class Combat(Handler):
    """One combat, phase by phase (5(B))."""

    name = "combat"

    def prompt(self, t: Table, step: Step) -> Prompt | None:
        phase = step["phase"]
        if phase == "check-att" or phase == "check-def":
            return check_prompt(t, step, phase[-3:])
        if phase == "losses":
            return loss_prompt(t, step)
        if phase == "retreat-att" or phase == "retreat-def":
            return retreat_prompt(t, step, phase[-3:])
        return None

    def act(self, t: Table, step: Step, role: str, action: Mapping[str, Any]) -> None:
        phase = step["phase"]
        if phase in ("check-att", "check-def"):
            check_act(t, step, phase[-3:], action)
        elif phase == "losses":
            loss_act(t, step, action)
        elif phase in ("retreat-att", "retreat-def"):
            retreat_act(t, step, phase[-3:], action)

    def explain(self, t: Table, step: Step, role: str,
                action: Mapping[str, Any]) -> IllegalAction | None:
        """A check or a retreat asked for out of its place: one check per side (5.1(C)),
        at the start (5(C)); no retreat before a battle round or without a character (5.5)."""
        verb = action.get("do")
        who = "att" if runner(t, step, "att") == role else "def"
        if verb == "retreat":
            if step["round"] < 1:
                return IllegalAction("no retreat before at least one round of battle", "5.5")
            if not side_chars(t, step["area"], step[who]):
                return IllegalAction("armies without a character cannot retreat", "5.5")
            return None
        if verb not in ("check", "no-check"):
            return None
        kid = action.get("target")
        if verb == "check" and isinstance(kid, str) and kid in t.cat.kingdoms:
            if t.is_traitorous(kid):
                return IllegalAction("the Traitorous kingdoms are never subject to betrayal "
                                     "checks", "8(B)")
            if t.owner(kid) is not None and t.kingdom(kid)["main"]:
                return IllegalAction("a main kingdom never betrays its player", "3.2(A)")
        if who in step["checked"]:
            return IllegalAction("a side makes at most one betrayal or alliance check in a "
                                 "combat", "5.1(C)")
        if step["phase"] == f"check-{who}":
            if who == "def" and kid != step["turned"]:
                return IllegalAction("the defender may check only a former ally that has just "
                                     "changed sides in this combat", "5.1(B)")
            return IllegalAction("that character cannot make a check against that kingdom here",
                                 "5.1")
        return IllegalAction("betrayal and alliance checks are made only at the start of a "
                             "combat, before the contests", "5(C)")

    def run(self, t: Table, step: Step) -> None:
        phase = step["phase"]
        area = step["area"]
        if phase == "begin":
            t.heading(f"Combat in {t.aname(area)}: {side_label(t, area, step['att'])} attacks "
                      f"{side_label(t, area, step['def'])}", "5")
            step["phase"] = "check-att"
            if side_armies(t, area, step["def"]) == 0:
                finish(t, step, "def", wiped=True)
        elif phase == "check-att":
            step["phase"] = "check-def"
            if checkers(t, step, "att"):  # an attacker outside his turn: his order
                ordered_check(t, step, "att")
        elif phase == "check-def":
            step["phase"] = "after-checks"
            if checkers(t, step, "def"):
                ordered_check(t, step, "def")
        elif phase == "decree":  # the Imperial Decree has answered (9(C))
            offer = step["offer"]
            step["offer"] = None
            if step.pop("decree", False):
                roll_check(t, step, offer["who"], offer["character"], offer["target"], True)
            else:
                step["phase"] = offer["next"]
        elif phase == "after-checks":
            step["phase"] = "strategy"
            _still_on(t, step)
        elif phase == "strategy":
            step["phase"] = "valor"
            strategy(t, step)
        elif phase == "valor":
            step["phase"] = "battle"
            valor(t, step)
        elif phase == "battle":
            battle(t, step)
        elif phase == "losses":
            apply_losses(t, step)
        elif phase == "retreat-att":
            step["phase"] = "retreat-def"
        elif phase == "retreat-def":
            target = auto_retreat(t, step, "def")
            if retreat_targets(t, step, "def"):
                say_retreat_order(t, step, target)
            if target is None:
                step["phase"] = "battle"
            else:
                retreat(t, step, "def", target)
        elif phase == "done":
            t.pop()
            t.push({"step": "combat-result", "combat": step,
                    **({"hold_news": step["hold_news"]} if step.get("hold_news") else {})})
        else:  # pragma: no cover
            raise RuntimeError(phase)


def _still_on(t: Table, step: Step) -> bool:
    """After checks: if the defender has no armies left, the combat is decided."""
    area = step["area"]
    if side_armies(t, area, step["def"]) == 0:
        if side_chars(t, area, step["def"]):
            finish(t, step, "def", wiped=True)
        else:
            t.say("No opposing armies remain: the combat ends", "5.1(A)")
            step["phase"] = "done"
        return False
    if side_armies(t, area, step["att"]) == 0:
        finish(t, step, "att", wiped=True)
        return False
    return True
