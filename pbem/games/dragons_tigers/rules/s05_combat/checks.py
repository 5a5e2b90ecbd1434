"""5.1, betrayal and alliance checks: who may try which kingdom, the standing order
``counter_check``, the roll (and the Imperial Decree's reroll, 9(C)), and a kingdom changing
sides with the combats that follow (4.3(C))."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbem.engine import Prompt
from pbem.games.dragons_tigers.flow import Step, ask, button
from pbem.games.dragons_tigers.rules.s05_combat.common import OTHER, N
from pbem.games.dragons_tigers.sides import members, queue_combat, side_chars
from pbem.games.dragons_tigers.table import Table
from pbem.games.dragons_tigers.words import odds


def checkers(t: Table, step: Step, who: str) -> list[tuple[str, str]]:
    """(character, target kingdom) pairs ``who`` may try (5.1); empty if none. The
    defender may try only the former ally the attacker's check has just turned (5.1(B))."""
    area = step["area"]
    mine, theirs = step[who], step[OTHER[who]]
    if mine.startswith("k:") or who in step["checked"]:
        return []
    targets: list[tuple[str, int]] = []
    for k in members(t, area, theirs):
        if t.armies(area, k) <= 0 or t.is_traitorous(k):
            continue  # 8(B)
        if who == "def" and k != step["turned"]:
            continue  # 5.1(B)
        if t.is_neutral(k):
            targets.append((k, N.alliance_check_diplomacy))
        elif not t.kingdom(k)["main"]:
            targets.append((k, N.betrayal_check_diplomacy))
    out = []
    for cid in side_chars(t, area, mine):
        for k, need in targets:
            if t.c(cid).diplomacy >= need:
                out.append((cid, k))
    return out


def _check_by_order(t: Table, step: Step, who: str) -> bool:
    """Does the standing order ``counter_check`` decide this side's check? For a defender
    always (unless it is ``ask``); for an attacker only outside his own turns (a restored
    kingdom arriving, a combat after a change of sides)."""
    role = step[who]
    return (who == "def" or role != t.mover()) and t.order(role, "counter_check") != "ask"


def ordered_check(t: Table, step: Step, who: str) -> None:
    role = step[who]
    if t.order(role, "counter_check") == "always":
        t.by_order(role, "counter_check", "the check is made", "5.1(B)")
        auto_check(t, step, who)
    else:
        t.by_order(role, "counter_check", "no check is made", "5.1(B)")


def check_prompt(t: Table, step: Step, who: str) -> Prompt | None:
    options = checkers(t, step, who)
    if not options or _check_by_order(t, step, who):
        return None
    role = step[who]
    offers = []
    for cid, kid in options:
        kind = "alliance" if t.is_neutral(kid) else "betrayal"
        need = t.c(cid).diplomacy - (0 if kind == "alliance" else N.betrayal_penalty)
        offers.append(button("check", f"{t.cname(cid)}: {kind} check on {t.kname(kid)} "
                                      f"(succeeds {odds(need)})", "5.1(A)",
                             character=cid, target=kid))
    offers.append(button("no-check", "Make no check", "5.1"))
    return ask(role, "betrayal-check", "make a betrayal or alliance check?", offers, "5.1")


def check_act(t: Table, step: Step, who: str, action: Mapping[str, Any]) -> None:
    step["checked"].append(who)
    if action["do"] == "no-check":
        step["phase"] = "check-def" if who == "att" else "after-checks"
        return
    roll_check(t, step, who, action["character"], action["target"], False)


def auto_check(t: Table, step: Step, who: str) -> None:
    """The defender's standing order "always": the best character tries the best target."""
    options = checkers(t, step, who)
    if not options:
        return
    cid, kid = max(options, key=lambda o: t.c(o[0]).diplomacy)
    step["checked"].append(who)
    roll_check(t, step, who, cid, kid, False)


def roll_check(t: Table, step: Step, who: str, cid: str, kid: str, reroll: bool) -> None:
    alliance = t.is_neutral(kid)
    dipl = t.c(cid).diplomacy
    die = t.roll(f"{'alliance' if alliance else 'betrayal'} check: {t.c(cid).name} on "
                 f"{t.cat.kingdoms[kid].name}" + (" (Imperial Decree reroll)" if reroll else ""))
    total = die if alliance else die + N.betrayal_penalty
    shown = f"{die}" if alliance else f"{die}+1={total}"
    nxt = "check-def" if who == "att" else "after-checks"
    role = step[who]
    if total > dipl:
        t.say(f"{t.cname(cid)}, diplomacy {dipl}, rolls {shown}: the "
              f"{'alliance' if alliance else 'betrayal'} check fails", "5.1(A)")
        if not reroll:
            step["offer"] = {"who": who, "character": cid, "target": kid, "next": nxt}
            step["phase"] = "decree"
            t.push({"step": "imperial-decree", "what": "betrayal check", "player": role})
        else:
            step["phase"] = nxt
        return
    former = t.owner(kid)
    t.news(f"{t.cname(cid)}, diplomacy {dipl}, rolls {shown}: {t.kname(kid)} changes sides "
           f"and joins {t.rname(role)}", "5.1(A)")
    t.join(kid, role)
    if who == "att":
        step["turned"] = kid
    step["phase"] = nxt
    turn = t.turn()
    if turn is not None and turn["kingdom"] == kid and turn["phase"] != "end":
        turn["phase"] = "end"  # its player no longer holds it (rules-notes 30)
        t.say(f"{t.kname(kid)} has changed sides in its own turn: the turn ends once this "
              f"combat is over", "5.1(A)")
    if former is not None:
        for area in list(t.s["armies"]):
            if area == step["area"]:
                continue
            stack = t.s["armies"][area]
            if stack.get(kid, 0) and any(t.owner(k) == former and n for k, n in stack.items()):
                queue_combat(t, area, role, former, "break", after_current=True)
