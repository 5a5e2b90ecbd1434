"""5.5, retreat: where each side may go, the defender's standing order, and the pieces
that leave (rules-notes 35, 36); lone characters where a side retreats are overrun
(rules-notes 29)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbem.engine import Prompt
from pbem.games.dragons_tigers import orders as standing
from pbem.games.dragons_tigers.flow import Step, ask, button, require
from pbem.games.dragons_tigers.rules.s05_combat.common import OTHER, finish, runner
from pbem.games.dragons_tigers.sides import (
    hostile_sides,
    members,
    queue_combat,
    side_armies,
    side_chars,
    side_label,
)
from pbem.games.dragons_tigers.table import Table


def retreat_targets(t: Table, step: Step, who: str) -> list[str]:
    """5.5(B): attackers go back to an area they attacked from (where a group stood before
    its move, rules-notes 36), defenders to an adjacent area with no unfriendly armies;
    either only to an area free of unfriendly armies; a side without characters cannot
    retreat (5.5)."""
    area = step["area"]
    side = step[who]
    if not side_chars(t, area, side) or step["round"] < 1:
        return []
    if who == "att":
        if step["kind"] != "battle":
            return []
        candidates = step["origins"]
    else:
        candidates = list(t.neighbours(area))
    out = []
    for target in candidates:
        unfriendly = [k for k, n in t.armies_in(target).items() if n and t.side(k) != side]
        if not unfriendly:
            out.append(target)
    return out


def retreat_prompt(t: Table, step: Step, who: str) -> Prompt | None:
    targets = retreat_targets(t, step, who)
    if not targets:
        return None
    role = runner(t, step, who)
    if who == "def":
        kind = "proxy" if step["def"].startswith("k:") else "retreat"
        if kind == "retreat" and t.orders(role).get("retreat", "never") != "ask":
            return None
        if kind == "proxy" and not standing.wants_question(t.orders(role), "proxy"):
            return None
    offers = [button("retreat", f"Retreat to {t.aname(a)}", "5.5(B)", to=a) for a in targets]
    offers.append(button("fight-on", "Fight another battle round", "5.6(B)"))
    label = "attacker" if who == "att" else "defender"
    return ask(role, "retreat", f"as {label} in {t.aname(step['area'])}: retreat or fight on?",
               offers, "5.5(A)")


def retreat_act(t: Table, step: Step, who: str, action: Mapping[str, Any]) -> None:
    if action["do"] == "fight-on":
        step["phase"] = "retreat-def" if who == "att" else "battle"
        return
    target = action["to"]
    require(target in retreat_targets(t, step, who), "cannot retreat there", "5.5(B)")
    retreat(t, step, who, target)


def auto_retreat(t: Table, step: Step, who: str) -> str | None:
    """The defender's standing order (or the default for a non-player side)."""
    targets = retreat_targets(t, step, who)
    if not targets:
        return None
    role = runner(t, step, who)
    order = t.orders(role).get("retreat", "never")
    if step[who].startswith("k:") or order == "never":
        return None
    ratio = int(order.rsplit("-", 1)[1])
    area = step["area"]
    if side_armies(t, area, step[OTHER[who]]) < ratio * side_armies(t, area, step[who]):
        return None
    side = step[who]
    return max(targets, key=lambda a: (sum(t.armies(a, k) for k in t.kingdoms_in(a)
                                           if t.side(k) == side),
                                       -list(t.cat.areas).index(a)))


def say_retreat_order(t: Table, step: Step, target: str | None) -> None:
    """The defender could retreat: say which standing order kept it or sent it away."""
    role = runner(t, step, "def")
    area = step["area"]
    label = side_label(t, area, step["def"])
    if step["def"].startswith("k:"):
        t.by_order(role, "proxy", f"{label} never retreats", "5.5")
        return
    if target is not None:
        t.by_order(role, "retreat", f"{label} is outnumbered and falls back", "5.5")
    elif t.order(role, "retreat") == "never":
        t.by_order(role, "retreat", f"{label} stands and fights", "5.5")
    else:
        t.by_order(role, "retreat", f"{label} is not outnumbered that far and stays", "5.5")


def retreat(t: Table, step: Step, who: str, target: str) -> None:
    """Move the retreating side's pieces out, every kingdom's armies going with the
    side's characters (rules-notes 35); no attrition (5.5(B) note)."""
    area = step["area"]
    side = step[who]
    for k in members(t, area, side):
        n = t.armies(area, k)
        chars = t.chars_in(area, k)
        if n:
            t.remove_armies(area, k, n)
            t.add_armies(target, k, n)
        for cid in chars:
            t.place_char(cid, target)
    t.say(f"{side_label(t, target, side)} retreats to {t.aname(target)}", "5.5(B)")
    step["retreated"] = {"who": who, "to": target}
    for other in hostile_sides(t, target, side):  # rules-notes 29: lone characters there
        if side_armies(t, target, other) == 0 and side_armies(t, target, side) > 0:
            queue_combat(t, target, side, other, "overrun", after_current=True)
    if side_armies(t, area, side) == 0:
        finish(t, step, who, wiped=False)
    else:
        step["phase"] = "battle"
