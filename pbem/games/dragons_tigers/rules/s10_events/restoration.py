"""10.5 Family Restoration: an eliminated kingdom returns with its warlord, a surviving
retainer and 10 armies (with 11.3, 11.4 and the ``roll-off`` step of 12.2.3), and fights
at once whatever hostile pieces hold the area."""

from __future__ import annotations

from pbem.games.dragons_tigers.flow import Step
from pbem.games.dragons_tigers.numbers import numbers
from pbem.games.dragons_tigers.rules.s10_events.common import choose, ratings
from pbem.games.dragons_tigers.sides import hostile_sides, queue_combat
from pbem.games.dragons_tigers.table import Table
from pbem.games.dragons_tigers.words import n_armies

RESTORED_ARMIES = numbers().restored_armies
PEACH_GARDEN = ("guan-yu", "zhang-fei")
THREE_GENERATIONS = "11.4"
RESTORATION = "10.5(A)"


def family_restoration(t: Table, step: Step) -> None:
    """10.5: choose the kingdom, its area and the retainer who returns; place
    them; then they arrive."""
    phase = step["phase"]
    if phase == "start":
        options = restorable(t)
        if not options:
            t.say(_no_restoration(t), "10.5(B)")
            t.pop()
            return
        choose(t, step, [(k, t.kname(k)) for k in options],
                     "choose the kingdom to restore", "restore", "kingdom", "10.5(C)", "area")
    elif phase == "area":
        step["kingdom"] = step["choice"]
        choose(t, step, [(a, t.aname(a)) for a in t.cat.areas],
                     f"choose the area where {t.cat.kingdoms[step['kingdom']].name} "
                     f"returns", "restore-area", "area", "10.5(A)", "retainer")
    elif phase == "retainer":
        step["area"] = step["choice"]
        kid = step["kingdom"]
        rule = step.get("rule", RESTORATION)
        options = [c for c in survivors(t, kid) if c not in companions(kid, rule)]
        if not options:
            step["choice"] = None
            step["phase"] = "place"
            return
        three_generations = rule == THREE_GENERATIONS
        choose(t, step, [(c, t.cname(c)) for c in options],
                     "choose the retainer who returns with him", "restore-retainer",
                     "character", rule, "place",
                     order="returning_retainer" if three_generations else None,
                     default=max(options, key=lambda c: (ratings(t, c), -options.index(c)))
                     if three_generations else None)
    elif phase == "place":
        rule = step.get("rule", RESTORATION)
        step["returning"] = restore(t, step["kingdom"], step["area"], step["choice"], rule)
        step["phase"] = "arrive"
        step["hold_news"] = True  # the area changes hands once the return is told
        if rule == RESTORATION and len(t.s["seats"]) > 2 \
                and not t.is_traitorous(step["kingdom"]):
            t.push({"step": "roll-off", "kingdom": step["kingdom"]})  # 12.2.3
    elif phase == "arrive":
        t.pop()
        arrive(t, step["kingdom"], step["area"], step["returning"],
               step.get("rule", RESTORATION))


def restorable(t: Table) -> list[str]:
    """10.5(A)/(B): kingdoms eliminated on an earlier turn. Dong Zhuo's kingdom only if it
    fell under Li Jue: if Dong Zhuo himself was killed, Li Jue never appears (4.8.1(A))."""
    return [kid for kid, k in t.s["kingdoms"].items() if not _why_not_restored(t, kid)]


def _why_not_restored(t: Table, kid: str) -> str | None:
    """Why the kingdom cannot be restored now (None: it can)."""
    k = t.s["kingdoms"][kid]
    if k["status"] != "eliminated":
        return "not eliminated"
    if k["eliminated_turn"] == t.s["turns"]["total"]:
        return f"{t.kname(kid)} was eliminated this very turn"
    if kid == "dong-zhuo" and k["warlord"] == "dong-zhuo":
        return "Dong Zhuo 董卓 was killed, so Li Jue never appears"
    return None


def _no_restoration(t: Table) -> str:
    """The log line of a Family Restoration with nobody to restore."""
    reasons = [why for kid in t.s["kingdoms"] if (why := _why_not_restored(t, kid))
               and why != "not eliminated"]
    if not reasons:
        return "No warlord has been eliminated: no effect"
    return "No warlord can be restored (" + "; ".join(reasons) + "): no effect"


def period_warlord(t: Table, kid: str, rnd: int) -> str:
    """The warlord a kingdom restored in Round ``rnd`` returns under (rules-notes 46)."""
    if kid == "dong-zhuo":
        return "li-jue"
    if kid == "liu-zhang":
        return "liu-zhang" if rnd >= 2 else "liu-yan"
    if kid == "sun-wu":
        return "sun-jian" if rnd <= 2 else ("sun-ce" if rnd <= 4 else "sun-quan")
    warlord = t.warlord(kid)
    assert warlord is not None
    return warlord


def companions(kid: str, rule: str) -> tuple[str, ...]:
    """Retainers who come back with the warlord whatever happened to them: Guan Yu and
    Zhang Fei with Liu Bei (11.3), Zhou Yu with Sun Ce or Sun Quan (11.4)."""
    if kid == "liu-bei":
        return PEACH_GARDEN
    if kid == "sun-wu" and rule == THREE_GENERATIONS:
        return ("zhou-yu",)
    return ()


def survivors(t: Table, kid: str) -> list[str]:
    """10.5(A): retainers of the kingdom still alive and serving no one else."""
    return [cid for cid, e in t.s["chars"].items()
            if e["kingdom"] == kid and e["at"] == "out" and t.c(cid).rank == "retainer"]


def restore(t: Table, kid: str, area: str, retainer: str | None, rule: str) -> list[str]:
    """10.5(A): the warlord, one surviving retainer and 10 armies return in ``area``; with
    Liu Bei also Guan Yu and Zhang Fei (11.3), with Sun Wu Zhou Yu (11.4). Returns the
    characters placed."""
    k = t.kingdom(kid)
    # 11.4 happens as a round ends: the kingdom returns under the next period's warlord.
    warlord = period_warlord(t, kid, t.s["round"] + (1 if rule == THREE_GENERATIONS else 0))
    old = k["warlord"]
    if old and old != warlord and old in t.s["chars"]:
        entry = t.s["chars"].pop(old)
        t.s["chars"][warlord] = entry
    t.s["chars"].setdefault(warlord, {"kingdom": kid, "at": "out", "recruited": False})
    k["warlord"] = warlord
    k["status"] = "in-play"
    k["eliminated_turn"] = None
    if k["owner"] is not None:
        k["main"] = False
    t.char(warlord)["kingdom"] = kid
    t.place_char(warlord, area)
    returning = [retainer] if retainer else []
    for cid in companions(kid, rule):  # 11.3, 11.4: even if killed
        entry = t.s["chars"].get(cid)
        if entry is None:  # Zhou Yu while his counter still shows Sun Jian
            entry = t.s["chars"][cid] = {"kingdom": kid, "at": "out", "recruited": False}
        if entry["kingdom"] in (None, kid) and entry["at"] in ("dead", "pool", "out", "aside"):
            returning.append(cid)
    for cid in returning:
        t.char(cid)["kingdom"] = kid
        t.char(cid)["recruited"] = False
        t.place_char(cid, area)
    placed = t.room(kid, area, RESTORED_ARMIES)
    t.add_armies(area, kid, placed)
    return [warlord, *returning]


def arrive(t: Table, kid: str, area: str, returning: list[str], rule: str) -> None:
    """10.5(D): the restored kingdom keeps its status (its owner settled by 12.2.3 with 3-4
    players); 10.5(E): it fights at once whatever hostile pieces hold the area."""
    if t.owner(kid) is not None:
        t.add_chit(kid)
    names = ", ".join(t.cname(c) for c in returning)
    status = "neutral" if t.is_neutral(kid) else (
        "Traitorous" if t.is_traitorous(kid) else f"an ally of {t.rname(str(t.owner(kid)))}")
    t.news(f"{t.kname(kid)} returns in {t.aname(area)} ({names}, "
           f"{n_armies(t.armies(area, kid))}) as {status}", rule)
    side = t.side(kid)
    for other in hostile_sides(t, area, side):
        queue_combat(t, area, side, other, "arrival")
