"""Section 10, the events of the Mandate of Heaven display.

10.1 Retainer Dies, 10.2 Recruit Retainer, 10.3 Bountiful Harvest, 10.4 Emperor Xian
Flees, 10.5 Family Restoration (with 11.3, 11.4 and the ``roll-off`` step of 12.2.3), 10.6
Famine, 10.7 Yellow Turban Remnants Uprising, 10.8 Barbarian Raids, 10.9 Assassinate
Retainer. Each is an ``event`` step; a kingdom left with nothing is settled by the
``sweep`` step of section 5.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbem.engine import Prompt
from pbem.games.dragons_tigers.flow import Handler, Step, ask, button, handler, require
from pbem.games.dragons_tigers.numbers import numbers
from pbem.games.dragons_tigers.sides import (
    enemy_player_areas,
    hostile_sides,
    loss_plan,
    queue_combat,
    say_shared_losses,
    turn_enemy,
)
from pbem.games.dragons_tigers.table import Table
from pbem.games.dragons_tigers.words import n_armies

HARVEST_RULE = "10.3"
RESTORED_ARMIES = numbers().restored_armies
ASSASSINATION_ON = numbers().assassination_on
PEACH_GARDEN = ("guan-yu", "zhang-fei")
THREE_GENERATIONS = "11.4"
RESTORATION = "10.5(A)"


def _turn(t: Table) -> Step:
    turn = t.turn()
    assert turn is not None
    return turn


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


# ---------------------------------------------------------------------- choices


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


def retainer_candidates(t: Table, kid: str) -> list[str]:
    """10.1(B): retainers serving ``kid`` (on the map, or Zuo Ci at court)."""
    return [cid for cid, e in t.s["chars"].items() if e["kingdom"] == kid
            and t.c(cid).rank == "retainer" and (e["at"] not in ("pool", "dead", "aside", "out"))]


@handler
class Event(Handler):
    """An event with dice and choices; each phase either asks or runs."""

    name = "event"

    # ------------------------------------------------------------------ prompts

    def prompt(self, t: Table, step: Step) -> Prompt | None:
        event, phase = step["event"], step["phase"]
        player = step["player"]
        if phase == "choose":
            options = step["options"]
            if len(options) <= 1:
                return None
            role = step.get("chooser", player)
            if step.get("order") and t.answers(role, step["order"]):
                return None
            return ask(role, event, step["question"],
                       [button(step["verb"], label, step["rule"], **{step["arg"]: value})
                        for value, label in options], step["rule"])
        return None

    def act(self, t: Table, step: Step, role: str, action: Mapping[str, Any]) -> None:
        value = action[step["arg"]]
        require(value in [v for v, _ in step["options"]], "not one of the choices", step["rule"])
        self._chosen(t, step, value)

    def _choose(self, t: Table, step: Step, options: list[tuple[Any, str]], question: str,
                verb: str, arg: str, rule: str, then: str, chooser: str | None = None,
                order: str | None = None, default: Any = None) -> None:
        step.update({"phase": "choose", "options": [[v, label] for v, label in options],
                     "question": question, "verb": verb,
                     "arg": arg, "rule": rule, "then": then, "chooser": chooser or step["player"],
                     "order": order, "default": default if default is not None else
                     (options[0][0] if options else None)})

    def _chosen(self, t: Table, step: Step, value: Any) -> None:
        step["phase"] = step.pop("then")
        step["choice"] = value
        for key in ("options", "question", "verb", "arg", "chooser", "order", "default"):
            step.pop(key, None)

    # ------------------------------------------------------------------ running

    def run(self, t: Table, step: Step) -> None:
        if step["phase"] == "choose":  # a single option, or a standing order answers
            if len(step["options"]) > 1 and step.get("order"):
                label = dict((v, lab) for v, lab in step["options"])[step["default"]]
                t.by_order(step["chooser"], step["order"], f"chooses {label}", step["rule"])
            self._chosen(t, step, step["default"])
            return
        if step["phase"] == "announce":  # the Mandate marker landed on it (4.2)
            info = t.cat.mandate.events[step["event"]]
            t.heading(f"Event: {info.name} {info.zh}", info.rule)
            step["phase"] = "start"
        getattr(self, "_" + step["event"].replace("-", "_"))(t, step)

    # 10.3 ---------------------------------------------------------------

    def _bountiful_harvest(self, t: Table, step: Step) -> None:
        _turn(t)["harvest"] = True
        t.say(f"{t.kname(step['turn_kingdom'])} has 3 more manpower this turn", HARVEST_RULE)
        t.pop()

    # 10.1 ---------------------------------------------------------------

    def _retainer_dies(self, t: Table, step: Step) -> None:
        phase = step["phase"]
        if phase == "start":
            die = t.roll("Retainer Dies: which row of the table")
            row = t.cat.tables.retainer_death[die]
            kids = [k for k in row if t.in_play(k)]
            t.say(f"Rolls {die}: " + ", ".join(t.kname(k) for k in row), "10.1(A)")
            if not any(retainer_candidates(t, k) for k in kids):
                t.say("None of them has a retainer: no effect", "10.1(A)")
                t.pop()
                return
            # any kingdom of the row, even one without a retainer (rules-notes 52)
            self._choose(t, step, [(k, t.kname(k)) for k in kids],
                         "choose the kingdom that loses a retainer", "choose-kingdom", "kingdom",
                         "10.1(A)", "retainer")
        elif phase == "retainer":
            kid = step["choice"]
            owner = t.owner(kid)
            chooser = owner if owner is not None else step["player"]
            options = retainer_candidates(t, kid)
            if not options:
                t.say(f"{t.kname(kid)} has no retainer: no effect", "10.1(A)")
                t.pop()
                return
            weakest = min(options, key=lambda c: (ratings(t, c), c))
            self._choose(t, step, [(c, t.cname(c)) for c in options],
                         f"choose which retainer of {t.cat.kingdoms[kid].name} dies",
                         "choose-retainer", "character", "10.1(B)", "kill", chooser=chooser,
                         order="retainer_death" if owner is not None else None, default=weakest)
        elif phase == "kill":
            cid = step["choice"]
            if t.c(cid).wizard:
                t.news(f"{t.cname(cid)} cannot die: he returns to the free retainer pool",
                       "11.6(E)")
            else:
                t.news(f"{t.cname(cid)} dies", "10.1(B)")
            t.kill(cid)
            t.pop()

    # 10.2 ---------------------------------------------------------------

    def _recruit_retainer(self, t: Table, step: Step) -> None:
        if step["phase"] == "start":
            cid = draw_free_retainer(t, step["turn_kingdom"], "10.2(A)")
            if cid is None:
                t.pop()
                return
            step["recruit"] = cid
            if t.c(cid).wizard:
                t.pop()
                return
            places = placement_areas(t, step["turn_kingdom"])
            self._choose(t, step, [(a, t.aname(a)) for a in places],
                         f"choose where {t.c(cid).name} joins your armies", "place", "area",
                         "10.2(B)", "place")
        else:
            place_recruit(t, step["recruit"], step["choice"], "10.2(B)")
            t.pop()

    # 10.4 ---------------------------------------------------------------

    def _emperor_flees(self, t: Table, step: Step) -> None:
        if step["phase"] == "start":
            holder = t.emperor_holder()
            owner = t.owner(holder) if holder else None
            players = t.players_in_game()
            if owner is not None:
                receiver = t.next_seat(owner)
                t.say(f"The Emperor leaves {t.rname(owner)} for {t.rname(receiver)}", "10.4")
            else:
                if not players:
                    t.pop()
                    return
                receiver = players[t.dice.draw(len(players), "Emperor Xian flees: to which "
                                                             "player") - 1]
                t.say(f"No player holds the Emperor: he flees to {t.rname(receiver)}, "
                      f"chosen at random", "10.4")
            warlords = flee_targets(t, receiver)
            if not warlords:
                t.say(f"{t.rname(receiver)} has no warlord on the map: he stays", "10.4")
                t.pop()
                return
            self._choose(t, step, [(c, f"{t.cname(c)} in {t.aname(str(t.where(c)))}")
                                   for c in warlords],
                         "choose the warlord Emperor Xian joins", "place-emperor", "character",
                         "10.4", "place", chooser=receiver, order="emperor",
                         default=emperor_host(t, receiver, warlords))
        else:
            area = t.where(step["choice"])
            t.s["emperor"] = area
            t.s["flags"]["emperor_fled"] = True  # 9(C)
            t.news(f"Emperor Xian is placed with {t.cname(step['choice'])} in "
                   f"{t.aname(str(area))}", "10.4")
            t.pop()

    # 10.5 ---------------------------------------------------------------

    def _family_restoration(self, t: Table, step: Step) -> None:
        phase = step["phase"]
        if phase == "start":
            options = restorable(t)
            if not options:
                t.say(_no_restoration(t), "10.5(B)")
                t.pop()
                return
            self._choose(t, step, [(k, t.kname(k)) for k in options],
                         "choose the kingdom to restore", "restore", "kingdom", "10.5(C)", "area")
        elif phase == "area":
            step["kingdom"] = step["choice"]
            self._choose(t, step, [(a, t.aname(a)) for a in t.cat.areas],
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
            self._choose(t, step, [(c, t.cname(c)) for c in options],
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

    # 10.6 ---------------------------------------------------------------

    def _famine(self, t: Table, step: Step) -> None:
        kid = step["turn_kingdom"]
        turn = _turn(t)
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
            self._choose(t, step, [(a, t.aname(a)) for a in tied],
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

    # 10.7 ---------------------------------------------------------------

    def _yellow_turbans(self, t: Table, step: Step) -> None:
        if step["phase"] == "start":
            targets = enemy_player_areas(t, step["turn_kingdom"], step["player"])
            if not targets:
                t.say("No opposing player controls an area: no effect", "10.7")
                t.pop()
                return
            self._choose(t, step, [(a, f"{t.aname(a)} ({t.kname(str(t.controller(a)))})")
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

    # 10.8 ---------------------------------------------------------------

    def _barbarian_raids(self, t: Table, step: Step) -> None:
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

    # 10.9 ---------------------------------------------------------------

    def _assassinate_retainer(self, t: Table, step: Step) -> None:
        kid = step["turn_kingdom"]
        if step["phase"] == "start":
            targets = [c for c, e in t.s["chars"].items() if e["kingdom"] not in (None, kid)
                       and t.c(c).rank == "retainer" and (t.on_map(c) or e["at"] == "court")]
            if not targets:
                t.say("No retainer to target: no effect", "10.9(A)")
                t.pop()
                return
            targets.sort(key=lambda c: (list(t.s["kingdoms"]).index(t.char(c)["kingdom"]), c))
            self._choose(t, step, [(c, f"{t.cname(c)} of "
                                       f"{t.cat.kingdoms[t.char(c)['kingdom']].name}")
                                   for c in targets],
                         "choose the retainer to assassinate", "assassinate", "character",
                         "10.9(A)", "strike")
        else:
            cid = step["choice"]
            die = t.roll(f"assassination of {t.c(cid).name}")
            if die <= ASSASSINATION_ON and t.c(cid).wizard:
                t.news(f"Rolls {die}: {t.cname(cid)} cannot die: he returns to the free "
                       f"retainer pool", "11.6(E)")
                t.kill(cid)
            elif die <= ASSASSINATION_ON:
                t.news(f"Rolls {die}: {t.cname(cid)} is assassinated", "10.9(B)")
                t.kill(cid)
            else:
                t.say(f"Rolls {die}: {t.cname(cid)} survives", "10.9(B)")
            t.pop()


def ratings(t: Table, cid: str) -> int:
    """A character's ratings added up: command, valor, administration and diplomacy."""
    c = t.c(cid)
    return c.command + c.valor + c.admin + c.diplomacy


def emperor_host(t: Table, role: str, warlords: list[str]) -> str:
    """The standing order ``emperor: capital``: a warlord standing in Luoyang, Chang'an or
    Xuchang (where the Imperial Decree can be used, 9(B)), else the one with most of the
    player's armies around him; the first listed on a tie."""
    def armies(cid: str) -> int:
        area = str(t.where(cid))
        return sum(t.armies(area, k) for k in t.kingdoms_of(role))
    capitals = numbers().decree_areas
    return max(warlords, key=lambda c: (t.where(c) in capitals, armies(c),
                                        -warlords.index(c)))


def flee_targets(t: Table, role: str) -> list[str]:
    """10.4: warlords of ``role``'s kingdoms on the map, with whom he may be placed."""
    out = []
    for kid in t.kingdoms_of(role):
        warlord = t.warlord(kid)
        if warlord and t.on_map(warlord):
            out.append(warlord)
    return out


def placement_areas(t: Table, kid: str) -> list[str]:
    areas = t.areas_with_armies(kid)
    if areas:
        order = list(t.cat.areas)
        return sorted(areas, key=order.index)
    warlord = t.warlord(kid)
    return [str(t.where(warlord))] if warlord and t.on_map(warlord) else []


def draw_free_retainer(t: Table, kid: str, rule: str) -> str | None:
    """10.2(A)/(C): a random free retainer joins ``kid``; an empty pool is refilled from
    the dead first."""
    pool = sorted(c for c, e in t.s["chars"].items() if e["at"] == "pool")
    if not pool:
        dead = sorted(c for c, e in t.s["chars"].items() if e["at"] == "dead")
        if not dead:
            t.say("The free retainer pool and the dead pile are empty: no effect", "10.2(C)")
            return None
        for cid in dead:
            t.char(cid)["at"] = "pool"
            t.char(cid)["kingdom"] = None
        t.say("The free retainer pool is empty: the dead retainers return to it", "10.2(C)")
        pool = dead
    cid = pool[t.dice.draw(len(pool), "free retainer pull") - 1]
    entry = t.char(cid)
    entry["kingdom"] = kid
    entry["recruited"] = True
    if t.c(cid).wizard:
        entry["at"] = "court"
        t.say(f"{t.cname(cid)} joins {t.kname(kid)}; he stays off the map", "11.6(C)")
        return cid
    places = placement_areas(t, kid)
    if not places:
        entry["at"] = "pool"
        entry["kingdom"] = None
        entry["recruited"] = False
        t.say(f"{t.cname(cid)} finds no army of {t.kname(kid)} to join and goes back", rule)
        return None
    entry["at"] = "aside"
    t.say(f"{t.cname(cid)} joins {t.kname(kid)}", rule)
    return cid


def place_recruit(t: Table, cid: str, area: str, rule: str) -> None:
    t.place_char(cid, area)
    t.say(f"{t.cname(cid)} is placed in {t.aname(area)}", rule)


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
