"""4.5 Movement, with 4.5.1/4.5.2 attrition and 4.5.3 joint moves under a faction chit.

A character of the active kingdom with command 1 or more moves up to two areas with any
of the armies that start with him (4.5, 4.5(A)); entering an area not held by a friendly
kingdom needs armies and ends the move (4.5(B)); characters in one area may move apart
(4.5(C)); armies may be dropped off, never picked up (4.5(D)); one piece stays behind
(4.5(E)); an army moves once (4.5(F)). Crossing a mountain or great river into such an
area costs attrition by the table, the Boats column on rivers (4.5.1, 4.5.2). With a
faction chit, friendly kingdoms' pieces in the same area may go along, each kingdom led
by its own commander, their attrition pooled (4.5.3). The Emperor moves only with his
controlling kingdom (9(D)).

Whether an area is friendly, for the halt, passing through and attrition, is judged at
the moment of each move (6(B), rules-notes 19 and 23): an empty area a first group has
taken is the mover's for the groups that follow.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbem.engine import ActionSpec, Option, Param, Prompt
from pbem.games.dragons_tigers.flow import (
    Handler,
    Step,
    arg_list,
    ask,
    button,
    choice,
    number,
    phase,
    require,
)
from pbem.games.dragons_tigers.table import Table
from pbem.games.dragons_tigers.words import n_armies


def movers(t: Table, step: Step, area: str) -> list[str]:
    """Characters in ``area`` that may still move this phase."""
    kid = step["kingdom"]
    out = []
    for cid in t.chars_in(area):
        owner = t.char(cid)["kingdom"]
        if cid in step["moved_chars"] or owner is None:
            continue
        if owner == kid or (step["faction"] and t.friendly(owner, kid)
                            and not t.is_traitorous(owner)):
            out.append(cid)
    return out


def free_armies(t: Table, step: Step, area: str, kid: str) -> int:
    """Armies of ``kid`` in ``area`` that have not moved this phase (4.5(F))."""
    return t.armies(area, kid) - step["moved"].get(area, {}).get(kid, 0)


def start_areas(t: Table, step: Step) -> list[str]:
    kid = step["kingdom"]
    areas = {t.where(c) for c in t.chars_of(kid) if c not in step["moved_chars"]}
    return [a for a in t.cat.areas if a in areas
            and any(t.c(c).command >= 1 and t.char(c)["kingdom"] == kid
                    for c in movers(t, step, a))]


def held(t: Table, step: Step) -> set[str]:
    """Areas a kingdom friendly to the active one controls now (6(B): control passes at
    once, so an area taken earlier in the phase counts)."""
    return {a for a in t.s["control"] if t.friendly_area(a, step["kingdom"])}


def paths(t: Table, step: Step, start: str) -> list[list[str]]:
    """Every path of one or two areas from ``start``; the second step only through an
    area held by a friendly kingdom (4.5(B))."""
    friendly = held(t, step)
    out: list[list[str]] = []
    for first in t.neighbours(start):
        out.append([first])
        if first in friendly:
            for second in t.neighbours(first):
                if second != start:
                    out.append([first, second])
    return out


def _path_label(t: Table, step: Step, start: str, path: list[str]) -> str:
    names = " -> ".join(t.cat.areas[a].name for a in path)
    last_from = path[-2] if len(path) > 1 else start
    terrain = t.cat.border_terrain(last_from, path[-1])
    hostile = path[-1] not in held(t, step)
    note = f" (across {terrain}: attrition)" if terrain != "plain" and hostile else ""
    return names + note


@phase
class Movement(Handler):
    """4.5: moves of the active kingdom's characters and armies; then combat."""

    name = "movement"

    def prompt(self, t: Table, step: Step) -> Prompt | None:
        return prompt(t, step)

    def act(self, t: Table, step: Step, role: str, action: Mapping[str, Any]) -> None:
        act(t, step, action)


def prompt(t: Table, step: Step) -> Prompt:
    kid = step["kingdom"]
    offers: list[ActionSpec] = []
    for area in start_areas(t, step):
        chars = movers(t, step, area)
        params: list[Param] = [
            Param("characters", "choices", "Who moves", tuple(
                Option(c, f"{t.cname(c)} (command {t.c(c).command})") for c in chars),
                minimum=1, maximum=len(chars)),
            choice("to", "Path", [(p, _path_label(t, step, area, p))
                                  for p in paths(t, step, area)]),
        ]
        kingdoms = sorted({t.char(c)["kingdom"] for c in chars},
                          key=lambda k: (k != kid, list(t.cat.kingdoms).index(k)))
        for k in kingdoms:
            most = free_armies(t, step, area, k)
            if most > 0:
                name = "armies" if k == kid else f"armies.{k}"
                params.append(number(name, f"Armies of {t.cat.kingdoms[k].name}", 0, most, most))
        passengers = [c for c in chars if t.c(c).command < 1]
        if passengers:
            params.append(Param("leave", "choices", "Passengers left in the area passed through",
                                tuple(Option(c, t.cname(c)) for c in passengers),
                                minimum=0, maximum=len(passengers)))
        if len(kingdoms) > 1:  # 6: who holds an empty area the kingdoms enter together
            params.append(choice("control", "Which kingdom holds an empty area entered",
                                 [(k, t.cat.kingdoms[k].name) for k in kingdoms], kid))
        if t.s["emperor"] == area and t.emperor_holder() == kid:
            params.append(choice("emperor", "Take Emperor Xian along", [(True, "yes"),
                                                                        (False, "no")], False))
        offers.append(ActionSpec("move", f"Move from {t.aname(area)}", "4.5",
                                 fixed={"from": area}, params=tuple(params),
                                 extra=("armies", "armies.", "drop", "drop.", "losses")))
    offers.append(button("end-movement", "End movement", "4.5"))
    return ask(step["player"], "movement", "move characters and armies, or end movement",
               offers, "4.5")


def _counts(t: Table, step: Step, action: Mapping[str, Any], key: str) -> dict[str, int]:
    kid = step["kingdom"]
    out: dict[str, int] = {}
    value = action.get(key, 0)
    items = list(value.items()) if isinstance(value, dict) else [(kid, value)]
    items += [(k.split(".", 1)[1], v) for k, v in action.items() if k.startswith(key + ".")]
    for name, count in items:
        require(isinstance(count, int) and not isinstance(count, bool) and count >= 0,
                f"'{key}' must give whole numbers of armies", "4.5")
        require(name in t.cat.kingdoms, f"unknown kingdom {name!r}", "4.5")
        if count:
            out[name] = out.get(name, 0) + count
    return t.by_kingdom(out)


def act(t: Table, step: Step, action: Mapping[str, Any]) -> None:
    if action["do"] == "end-movement":
        step["phase"] = "combat"
        return
    kid = step["kingdom"]
    start = action.get("from")
    if start not in start_areas(t, step):
        joiners = isinstance(start, str) and start in t.cat.areas and bool(movers(t, step, start))
        require(not joiners, "friendly kingdoms' pieces move only together with a group of the "
                "active kingdom led from the same area", "4.5.3(A)")
        require(False, "nobody of the active kingdom can move from there", "4.5")
    allowed = {"do", "from", "to", "characters", "armies", "drop", "leave", "losses", "emperor",
               "control"}
    extra = [k for k in action if k not in allowed and not k.startswith(("armies.", "drop."))]
    require(not extra, f"unknown argument '{extra[0]}'" if extra else "", "4.5")
    chars = arg_list(action, "characters", "4.5")
    require(bool(chars), "name the characters who move", "4.5")
    require(len(set(chars)) == len(chars), "a character is named twice", "4.5")
    can = movers(t, step, start)
    for cid in chars:
        if cid not in can:
            _refuse_mover(t, step, start, cid)
    path = action.get("to")
    if isinstance(path, str):
        path = [path]
    _check_path(t, start, path)
    require(path in paths(t, step, start), f"the move must stop in {t.aname(str(path[0]))}: "
            f"only an area held by a friendly kingdom may be passed through", "4.5(B)")
    armies = _counts(t, step, action, "armies")
    drop = _counts(t, step, action, "drop")
    group_kingdoms = {t.char(c)["kingdom"] for c in chars}
    require(kid in group_kingdoms, "the active kingdom's own character must lead the group",
            "4.5.3(A)")
    for k in set(armies) | group_kingdoms:
        require(k in group_kingdoms, f"armies of {t.cat.kingdoms[k].name} need a character of "
                f"their own kingdom to lead them", "4.5.3(A)")
        require(any(t.c(c).command >= 1 for c in chars if t.char(c)["kingdom"] == k),
                f"{t.cat.kingdoms[k].name} needs a moving character with command 1 or more",
                "4.5" if k == kid else "4.5.3(A)")
    for k, n in armies.items():
        if n > t.armies(start, k):
            picked_up = len(path) == 2 and t.armies(path[0], k) > 0
            there = t.armies(start, k)
            extra = "; armies cannot be picked up on the way" if picked_up else ""
            require(False, f"only {n_armies(there)} of {t.cat.kingdoms[k].name} "
                    f"{'is' if there == 1 else 'are'} in {t.aname(start)}{extra}",
                    "4.5(D)" if picked_up else "4.5")
        require(n <= free_armies(t, step, start, k),
                f"only {n_armies(free_armies(t, step, start, k))} of {t.cat.kingdoms[k].name} "
                f"in {t.aname(start)} can move", "4.5(F)")
    if drop:
        require(len(path) == 2, "armies can be dropped only in the area passed through",
                "4.5(D)")
        for k, n in drop.items():
            require(n <= armies.get(k, 0), "only moving armies can be dropped off", "4.5(D)")
            require(t.controller(path[0]) == k, f"{t.cat.kingdoms[k].name} can drop armies only "
                    f"in an area it controls", "4.5(D)")
    leave = _passengers_left(t, action, chars, path)
    arriving = {k: n - drop.get(k, 0) for k, n in armies.items() if n - drop.get(k, 0) > 0}
    final = path[-1]
    hostile = final not in held(t, step)
    require(not hostile or bool(arriving), "a character can enter an area not held by a "
            "friendly kingdom only with armies", "4.5(B)")
    _check_leave_one(t, step, start, chars, armies)
    for k, n in armies.items():
        changes = {start: -n, final: n - drop.get(k, 0)}
        if drop.get(k):
            changes[path[0]] = changes.get(path[0], 0) + drop[k]
        require(t.representable(k, changes), f"{t.cat.kingdoms[k].name} has not enough army "
                f"counters to split its armies this way", "2.2(B)")
    holder = action.get("control", kid)
    require(holder in group_kingdoms, "the kingdom that holds an empty area entered must be one "
            "of the kingdoms moving", "6")
    emperor = action.get("emperor", False)
    require(isinstance(emperor, bool), "'emperor' is true or false", "9(D)")
    if emperor:
        require(t.s["emperor"] == start and t.emperor_holder() == kid,
                "the Emperor moves only with the kingdom that controls him", "9(D)")
    before = path[-2] if len(path) > 1 else start
    terrain = t.cat.border_terrain(before, final)
    losses: dict[str, int] = {}
    attrition = 0
    if hostile and terrain in ("mountain", "river"):
        boats = terrain == "river" and any(t.c(c).boats for c in chars)
        attrition = t.cat.attrition(sum(arriving.values()), boats)
        if attrition:
            losses = _attrition_losses(t, step, action, arriving, attrition)
    empty = t.controller(final) is None
    _carry_out(t, step, start, path, chars, armies, drop, emperor)
    if empty and len(t.kingdoms_in(final)) > 1:
        t.update_control(final, prefer=holder)  # 6: the player says who holds it
    for cid in leave:
        t.place_char(cid, path[0])
    names = ", ".join(t.cname(c) for c in chars)
    moved = ", ".join(f"{n} {t.cat.kingdoms[k].name}" for k, n in armies.items()) or "no armies"
    route = " -> ".join(t.aname(a) for a in [start, *path])
    t.say(f"{names} {'moves' if len(chars) == 1 else 'move'} with {moved}: {route}", "4.5")
    if emperor:
        t.say(f"  Emperor Xian goes with them to {t.aname(final)}", "9(D)")
    for k, n in drop.items():
        t.say(f"  {n_armies(n)} of {t.kname(k)} {'is' if n == 1 else 'are'} dropped off in "
              f"{t.aname(path[0])}", "4.5(D)")
    for cid in leave:
        t.say(f"  {t.cname(cid)} is left in {t.aname(path[0])}", "4.5(D)")
    if attrition:
        rule = "4.5.2" if terrain == "river" else "4.5.1(B)"
        column = "Boats column" if terrain == "river" and any(t.c(c).boats for c in chars) \
            else "table"
        t.say(f"  crossing the {terrain} into {t.aname(final)} with "
              f"{n_armies(sum(arriving.values()))} costs {attrition} by the Attrition {column}",
              rule)
        for k, n in losses.items():
            lost, extra = t.lose(final, k, n)
            _unmark(step, final, k, lost + extra)
            t.say(f"  {t.kname(k)} loses {n} to attrition"
                  + (f" and {extra} more for want of change" if extra else ""),
                  "4.5.3(B)" if len(arriving) > 1 else rule)


def _refuse_mover(t: Table, step: Step, start: str, cid: Any) -> None:
    """Say why ``cid`` may not move from ``start`` now."""
    require(isinstance(cid, str) and cid in t.s["chars"], f"unknown character {cid!r}", "4.5")
    name = t.cname(cid)
    require(t.where(cid) == start, f"{name} is not in {t.aname(start)}", "4.5")
    require(cid not in step["moved_chars"], f"{name} has already moved this phase", "4.5")
    owner = t.char(cid)["kingdom"]
    kid = step["kingdom"]
    require(owner is None or owner == kid or not t.friendly(owner, kid) or step["faction"],
            f"{name} is not of the active kingdom: friendly kingdoms' pieces move along only "
            f"under a faction chit", "4.5.3(A)")
    require(False, f"{name} cannot move: only the active kingdom's pieces move", "4.5")


def _check_path(t: Table, start: str, path: Any) -> None:
    """4.5: one or two areas, each adjacent to the one before."""
    require(isinstance(path, list) and 1 <= len(path) <= 2
            and all(isinstance(a, str) and a in t.cat.areas for a in path),
            "the path is one or two areas", "4.5")
    before = start
    for area in path:
        require(area in t.neighbours(before), f"{t.aname(area)} is not adjacent to "
                f"{t.aname(before)}", "4.5")
        before = area
    require(path[-1] != start, "a move cannot end where it began", "4.5")


def _passengers_left(t: Table, action: Mapping[str, Any], chars: list[str],
                     path: list[str]) -> list[str]:
    """Rules-notes 21: a passenger (command 0) may be left in the area passed through where
    his kingdom could drop armies; a leader who wants to stop there moves one area."""
    leave = arg_list(action, "leave", "4.5(D)")
    if leave:
        require(len(path) == 2, "characters can be left only in the area passed through",
                "4.5(D)")
    for cid in leave:
        require(cid in chars, f"{cid} is not in the moving group", "4.5(D)")
        require(t.c(cid).command < 1, f"{t.cname(cid)} can lead: to stop in "
                f"{t.aname(path[0])} he moves there alone", "4.5(D)")
        require(t.controller(path[0]) == t.char(cid)["kingdom"], f"{t.cname(cid)} can be left "
                f"only in an area his kingdom controls", "4.5(D)")
    return leave


def _check_leave_one(t: Table, step: Step, start: str, chars: list[str],
                     armies: Mapping[str, int]) -> None:
    """4.5(E): some piece of the moving side must remain in the area it leaves."""
    kid = step["kingdom"]
    staying_chars = [c for c in t.chars_in(start) if c not in chars and t.char(c)["kingdom"]
                     and t.friendly(t.char(c)["kingdom"], kid)]
    staying_armies = sum(n - armies.get(k, 0) for k, n in t.armies_in(start).items()
                         if t.friendly(k, kid))
    require(bool(staying_chars) or staying_armies > 0,
            "at least one character or army must stay in the area the move leaves", "4.5(E)")


def _attrition_losses(t: Table, step: Step, action: Mapping[str, Any],
                      arriving: Mapping[str, int], attrition: int) -> dict[str, int]:
    given = action.get("losses")
    if given is None:
        left = attrition
        plan: dict[str, int] = {}
        for k in sorted(arriving, key=lambda k: -arriving[k]):
            take = min(left, arriving[k])
            if take:
                plan[k] = take
            left -= take
        return plan
    if isinstance(given, int) and not isinstance(given, bool):
        given = {step["kingdom"]: given}
    require(isinstance(given, dict) and sum(given.values()) == attrition
            and all(isinstance(n, int) and 0 <= n <= arriving.get(k, 0) for k, n in given.items()),
            f"losses must name {attrition} of the moving armies", "4.5.3(B)")
    return t.by_kingdom({k: n for k, n in given.items() if n})


def _mark(step: Step, area: str, kid: str, n: int) -> None:
    moved = step["moved"].setdefault(area, {})
    moved[kid] = moved.get(kid, 0) + n


def _unmark(step: Step, area: str, kid: str, n: int) -> None:
    moved = step["moved"].get(area, {})
    if kid in moved:
        moved[kid] = max(0, moved[kid] - n)
        if not moved[kid]:
            del moved[kid]


def _carry_out(t: Table, step: Step, start: str, path: list[str], chars: list[str],
               armies: Mapping[str, int], drop: Mapping[str, int], emperor: bool) -> None:
    final = path[-1]
    for k, n in armies.items():
        t.remove_armies(start, k, n)
        if drop.get(k):
            t.add_armies(path[0], k, drop[k])
            _mark(step, path[0], k, drop[k])
        rest = n - drop.get(k, 0)
        if rest:
            t.add_armies(final, k, rest)
            _mark(step, final, k, rest)
    for cid in chars:
        t.place_char(cid, final)
        step["moved_chars"].append(cid)
    if emperor:
        t.s["emperor"] = final
    # where the group stood before it moved: the area it attacked from (5.5(B))
    entered = step["entered"].setdefault(final, [])
    if start not in entered:
        entered.append(start)
