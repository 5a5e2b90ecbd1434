"""The events that strike armies or add to them: 10.3 Bountiful Harvest, 10.6 Famine,
10.7 Yellow Turban Remnants Uprising, 10.8 Barbarian Raids."""

from __future__ import annotations

from pbem.games.dragons_tigers.flow import Step
from pbem.games.dragons_tigers.numbers import numbers
from pbem.games.dragons_tigers.rules.s10_events.common import choose, turn_of
from pbem.games.dragons_tigers.sides import (
    enemy_player_areas,
    loss_plan,
    say_shared_losses,
    turn_enemy,
)
from pbem.games.dragons_tigers.table import Table
from pbem.games.dragons_tigers.words import n_armies

HARVEST_RULE = "10.3"


def extra_roll(t: Table, purpose: str) -> int:
    """10.7/10.8: one die; on a 6 a second die is added (never a third)."""
    first = t.roll(purpose)
    if first < numbers().extra_die_on:
        return first
    second = t.roll(purpose + " (after a 6)")
    return first + second


def enemy_losses(t: Table, area: str, step: Step, count: int, rule: str,
                 only_players: bool = False) -> None:
    """Remove ``count`` enemy armies (:func:`turn_enemy`) from ``area``, each owner's
    standing order choosing among their kingdoms (largest contingent first otherwise)."""
    kid, runner = step["turn_kingdom"], step["player"]
    victims = [k for k, n in t.armies_in(area).items() if n and turn_enemy(t, k, kid, runner)
               and (not only_players or t.owner(k) is not None)]
    left = count
    for side in sorted({t.side(k) for k in victims}):
        kings = [k for k in victims if t.side(k) == side]
        total = sum(t.armies(area, k) for k in kings)
        take = min(left, total)
        if not take:
            continue
        role = t.runner(side, t.side(kid))
        plan = loss_plan(t, area, kings, take, role)
        if len(kings) > 1:
            say_shared_losses(t, role, plan, rule)
        for k, n in plan.items():
            _, extra = t.lose(area, k, n)
            t.news(f"{t.kname(k)} loses {n_armies(n)} in {t.aname(area)}"
                   + (f" and {extra} more for want of change" if extra else ""), rule)
        left -= take
    if count and left == count:
        t.say(f"No armies there to remove in {t.aname(area)}", rule)


def bountiful_harvest(t: Table, step: Step) -> None:
    """10.3: the active kingdom has 3 more manpower this turn."""
    turn_of(t)["harvest"] = True
    t.say(f"{t.kname(step['turn_kingdom'])} has 3 more manpower this turn", HARVEST_RULE)
    t.pop()


def famine(t: Table, step: Step) -> None:
    """10.6: every kingdom in the area struck (where the active kingdom has most armies)
    loses half its armies, rounded up."""
    kid = step["turn_kingdom"]
    turn = turn_of(t)
    if step["phase"] == "start":
        turn["famine"] = True
        # 10.6(A): among the areas the active player's kingdoms control, the one with
        # most of the active kingdom's own armies (rules-notes 55)
        candidates = [a for a in t.areas_with_armies(kid) if t.friendly_area(a, kid)] \
            or t.areas_with_armies(kid)
        if not candidates:
            t.say("No armies to starve", "10.6(A)")
            t.pop()
            return
        most = max(t.armies(a, kid) for a in candidates)
        tied = [a for a in candidates if t.armies(a, kid) == most]
        choose(t, step, [(a, t.aname(a)) for a in tied],
                     "choose the area struck by famine", "famine-area", "area", "10.6(B)",
                     "halve")
    else:
        area = step["choice"]
        for k, n in t.armies_in(area).items():
            lost = (n + 1) // 2
            _, extra = t.lose(area, k, lost)
            t.news(f"Famine in {t.aname(area)}: {t.kname(k)} loses {lost} of {n_armies(n)}"
                   + (f" and {extra} more for want of change" if extra else ""), "10.6(A)")
        t.pop()
        t.push({"step": "sweep"})  # an ally may have lost its last army (5.5(C))


def yellow_turbans(t: Table, step: Step) -> None:
    """10.7: an uprising in an area an opposing player controls."""
    if step["phase"] == "start":
        targets = enemy_player_areas(t, step["turn_kingdom"], step["player"])
        if not targets:
            t.say("No opposing player controls an area: no effect", "10.7")
            t.pop()
            return
        choose(t, step, [(a, f"{t.aname(a)} ({t.kname(str(t.controller(a)))})")
                               for a in targets],
                     "choose the area where the Yellow Turbans rise", "uprising", "area",
                     "10.7", "strike")
    else:
        area = step["choice"]
        count = extra_roll(t, f"Yellow Turbans in {t.cat.areas[area].name}")
        t.say(f"The uprising in {t.aname(area)} destroys up to {n_armies(count)}", "10.7")
        enemy_losses(t, area, step, count, "10.7", only_players=True)
        t.pop()
        t.push({"step": "sweep"})


def barbarian_raids(t: Table, step: Step) -> None:
    """10.8: raids on a row of areas, each destroying enemy armies."""
    kid = step["turn_kingdom"]
    die = t.roll("Barbarian Raids: which row of the table")
    areas = t.cat.tables.barbarian_raids[die]
    t.say(f"Rolls {die}: raids on " + ", ".join(t.aname(a) for a in areas), "10.8(A)")
    for area in areas:
        if not any(n and turn_enemy(t, k, kid, step["player"])
                   for k, n in t.armies_in(area).items()):
            t.say(f"{t.aname(area)}: no enemy armies", "10.8(B)")
            continue
        count = extra_roll(t, f"Barbarian Raids on {t.cat.areas[area].name}")
        t.say(f"{t.aname(area)}: the raiders destroy up to {n_armies(count)}", "10.8(B)")
        enemy_losses(t, area, step, count, "10.8(B)")
    t.pop()
    t.push({"step": "sweep"})
