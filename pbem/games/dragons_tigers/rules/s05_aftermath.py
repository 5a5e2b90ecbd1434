"""What a combat leaves behind: 5.5(C) elimination, 5.6(C) both sides wiped out, 5.7
warlords and retainers relocated, captured, submitting or beheaded, 6(C) control of the
area after a joint win, 9(E) the Emperor to the winner, and 3.2(C) a new main kingdom.

A finished combat arrives as a ``combat-result`` step; events that strip kingdoms of their
armies push a ``sweep`` step (5.5(C)); an elimination hands the game to section 7 as a
``victory-check`` step.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbem.engine import Prompt
from pbem.games.dragons_tigers import orders as standing
from pbem.games.dragons_tigers.flow import Handler, Step, ask, button, handler, require
from pbem.games.dragons_tigers.numbers import numbers
from pbem.games.dragons_tigers.sides import members, side_label
from pbem.games.dragons_tigers.table import Table
from pbem.games.dragons_tigers.words import n_armies

CAPTURE_ON = numbers().capture_on  # 5.7(B)
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
        _after(t, area, combat, None)
        return
    who = loser["who"]
    lside, wside = combat[who], combat[OTHER[who]]
    t.say(f"{side_label(t, area, lside)} loses the combat in {t.aname(area)}", "5.6(A)")
    lost = members(t, area, lside)
    arrival = combat["kind"] == "arrival" and who == "att"
    retainers = [c for k in lost for c in t.chars_in(area, k) if t.c(c).rank == "retainer"]
    step = t.push({"step": "capture", "area": area, "combat": combat, "lost": lost,
                   "winner": wside, "loser": lside, "pending": None,
                   "retainers": retainers if (loser["wiped"] or arrival) else []})
    if not step["retainers"]:
        t.pop()
        _conclude(t, step)


def captors(t: Table, step: Step) -> list[str]:
    """The winning side's kingdoms that take prisoners: those with pieces in the area, or,
    when both sides were wiped out together (5.6(C)), those that fought there."""
    area, side = step["area"], step["winner"]
    present = members(t, area, side)
    if present:
        return present
    fought = step["combat"].get("kingdoms", [])
    return [k for k in fought if t.side(k) == side and t.in_play(k)]


@handler
class Capture(Handler):
    """5.7(B)-(D): each retainer of a side wiped out in an area rolls for capture; with
    several capturing kingdoms their player names the one that takes him."""

    name = "capture"

    def _runner(self, t: Table, step: Step) -> str:
        return t.runner(step["winner"], step["loser"])

    def prompt(self, t: Table, step: Step) -> Prompt | None:
        pending = step["pending"]
        if pending is None:
            return None
        cid = pending["character"]
        return ask(self._runner(t, step), "captor", f"{t.c(cid).name} is captured: which of "
                   f"your kingdoms makes his submission check?",
                   [button("captor", f"{t.kname(k)} takes {t.cname(cid)}", "5.7(D)",
                           character=cid, kingdom=k) for k in captors(t, step)], "5.7(D)")

    def act(self, t: Table, step: Step, role: str, action: Mapping[str, Any]) -> None:
        pending = step["pending"]
        require(action.get("kingdom") in captors(t, step), "choose one of the capturing "
                "kingdoms", "5.7(D)")
        step["pending"] = None
        submission(t, pending["character"], pending["die"], action["kingdom"], announced=True)

    def run(self, t: Table, step: Step) -> None:
        area = step["area"]
        while step["retainers"]:
            cid = step["retainers"].pop(0)
            if t.where(cid) != area or t.char(cid)["kingdom"] not in step["lost"]:
                continue
            takers = captors(t, step)
            if not takers:
                continue
            die = t.roll(f"capture check: {t.c(cid).name}")
            if die > CAPTURE_ON:
                t.say(f"{t.cname(cid)} rolls {die}: escapes capture", "5.7(B)")
                return
            runner = self._runner(t, step)
            if len(takers) > 1 and standing.wants_question(t.orders(runner), "capture"):
                t.say(f"{t.cname(cid)} rolls {die}: captured", "5.7(B)")
                step["pending"] = {"character": cid, "die": die}
                return
            captor = _captor(t, area, takers)
            if len(takers) > 1:
                t.say(f"{t.cname(cid)} rolls {die}: captured", "5.7(B)")
                t.by_order(runner, "capture", f"{t.kname(captor)} takes him", "5.7(D)")
            submission(t, cid, die, captor, announced=len(takers) > 1)
            return
        t.pop()
        _conclude(t, step)


def _conclude(t: Table, step: Step) -> None:
    """After the captures: 10.5(E) a restored warlord who lost is eliminated again; 5.6(C)
    attacking characters fall back; 5.7(A)/(E) the others relocate; then 6(C) and 5.5(C)."""
    combat, area = step["combat"], step["area"]
    loser = combat["loser"]
    if loser is None:  # pragma: no cover - resolve() settles these without captures
        return
    lside = step["loser"]
    if combat["kind"] == "arrival" and loser["who"] == "att":
        _after(t, area, combat, step["winner"])
        for kid in step["lost"]:
            eliminate(t, kid, "the restored warlord loses his first battle", "10.5(E)")
        return
    relocating: list[str] = []
    if loser["wiped"]:
        movers = [c for k in step["lost"] for c in t.chars_in(area, k)]
        back = [o for o in combat["origins"] if not any(
            n and t.side(k) != lside for k, n in t.armies_in(o).items())]
        if movers and loser["mutual"] and back:
            for cid in movers:
                t.place_char(cid, back[0])
            t.say(f"The attacking characters fall back to {t.aname(back[0])}", "5.6(C)")
        else:
            relocating = movers
    _after(t, area, combat, step["winner"])
    if relocating:
        t.push({"step": "relocate", "chars": relocating, "from": area, "rule": "5.7(A)"})


def _after(t: Table, area: str, combat: Step, winner: str | None) -> None:
    """Control of the area (6(C)) and eliminations (5.5(C)) once pieces have moved."""
    t.push({"step": "after-combat", "area": area, "winner": winner,
            "held": combat.get("held")})


def submission(t: Table, cid: str, die: int, kid: str, announced: bool = False) -> None:
    """5.7(C): a retainer captured by ``kid`` joins it on a roll above his loyalty, else
    he is beheaded; loyalty * never submits."""
    area = str(t.where(cid))
    loyalty = t.c(cid).loyalty
    head = (f"{t.cname(cid)}, taken by {t.kname(kid)}" if announced
            else f"{t.cname(cid)} rolls {die}: captured")
    if loyalty is None:
        t.news(f"{head}; he never submits and is beheaded", "5.7(C)")
        behead(t, cid)
        return
    sub = t.roll(f"submission check: {t.c(cid).name} (loyalty {loyalty})")
    if sub > loyalty:
        t.char(cid)["kingdom"] = kid
        t.char(cid)["recruited"] = t.c(cid).kingdom is None  # a free retainer stays free
        t.update_control(area)
        t.news(f"{head}; submission roll {sub} > loyalty {loyalty}: joins {t.kname(kid)}",
               "5.7(C)")
    else:
        t.news(f"{head}; submission roll {sub} <= loyalty {loyalty}: beheaded", "5.7(C)")
        behead(t, cid)


def behead(t: Table, cid: str) -> None:
    """5.7(C): a beheaded retainer is out of the game, not in the dead pile, so no refill
    of the free retainer pool (10.2(C)) brings him back (rules-notes 40)."""
    t.place_char(cid, "out")
    t.char(cid)["kingdom"] = None
    t.char(cid)["recruited"] = False


def _captor(t: Table, area: str, takers: list[str]) -> str:
    """5.7(D): with several capturing kingdoms their player picks; by default the main
    kingdom, else the one with most armies here."""
    if len(takers) == 1:
        return takers[0]
    return max(takers, key=lambda k: (t.kingdom(k)["main"], t.armies(area, k)))


def destinations(t: Table, cid: str, away_from: str) -> list[str]:
    kid = t.char(cid)["kingdom"]
    return [a for a in t.areas_with_armies(kid) if a != away_from]


@handler
class Relocate(Handler):
    """5.7(A)/(E): characters whose armies are gone go to an area with their kingdom's
    armies, any distance away; with none, they are killed."""

    name = "relocate"

    def _rule(self, t: Table, step: Step, cid: str) -> str:
        """5.7(A) for a warlord, 5.7(E) for a retainer who escaped capture."""
        return "5.7(E)" if t.c(cid).rank == "retainer" else step["rule"]

    def _current(self, t: Table, step: Step) -> str | None:
        while step["chars"]:
            cid = step["chars"][0]
            if t.where(cid) == step["from"]:
                return cid
            step["chars"].pop(0)
        return None

    def prompt(self, t: Table, step: Step) -> Prompt | None:
        cid = self._current(t, step)
        if cid is None:
            return None
        places = destinations(t, cid, step["from"])
        if len(places) <= 1:
            return None
        kid = t.char(cid)["kingdom"]
        role = t.runner(t.side(kid))
        kind = "relocate" if t.owner(kid) else "proxy"
        if not standing.wants_question(t.orders(role), kind):
            return None
        rule = self._rule(t, step, cid)
        return ask(role, "relocate", f"where does {t.c(cid).name} go?",
                   [button("relocate", f"{t.cname(cid)} to {t.aname(a)} "
                                       f"({n_armies(t.armies(a, kid))})", rule,
                           character=cid, to=a) for a in places], rule)

    def act(self, t: Table, step: Step, role: str, action: Mapping[str, Any]) -> None:
        cid = self._current(t, step)
        require(action.get("character") == cid, "relocate the character named",
                self._rule(t, step, str(cid)))
        self._move(t, step, cid, action["to"])

    def run(self, t: Table, step: Step) -> None:
        cid = self._current(t, step)
        if cid is None:
            t.pop()
            return
        places = destinations(t, cid, step["from"])
        if not places:
            step["chars"].pop(0)
            kid = t.char(cid)["kingdom"]
            if t.c(cid).rank == "warlord":
                t.news(f"{t.cname(cid)} has no army left to join and is killed", "5.7(A)")
                t.place_char(cid, "out")
                eliminate(t, kid, "its warlord is killed", "5.7(A)")
            else:
                t.news(f"{t.cname(cid)} has no army left to join and is killed", "5.7(E)")
                t.kill(cid)
            return
        kid = t.char(cid)["kingdom"]
        best = max(places, key=lambda a: (t.armies(a, kid), -list(t.cat.areas).index(a)))
        if len(places) > 1:
            role = t.runner(t.side(kid))
            t.by_order(role, "relocate" if t.owner(kid) else "proxy",
                       f"{t.cname(cid)} goes where most of his kingdom's armies are",
                       self._rule(t, step, cid))
        self._move(t, step, cid, best)

    def _move(self, t: Table, step: Step, cid: str, to: str) -> None:
        rule = self._rule(t, step, cid)
        require(to in destinations(t, cid, step["from"]), "he can go only to an area with his "
                "kingdom's armies", rule)
        step["chars"].pop(0)
        t.place_char(cid, to)
        t.say(f"{t.cname(cid)} relocates to {t.aname(to)}", rule)


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
        if holder is not None:
            t.say(f"{t.kname(holder)} controls {t.aname(area)}"
                  + (" and Emperor Xian" if t.s["emperor"] == area else ""),
                  "9(E)" if t.s["emperor"] == area else "6(B)")
        sweep(t)


@handler
class Sweep(Handler):
    """5.5(C) after an event that removed armies."""

    name = "sweep"

    def run(self, t: Table, step: Step) -> None:
        t.pop()
        sweep(t)


def sweep(t: Table) -> None:
    """5.5(C): a kingdom with no area and no armies is eliminated."""
    for kid, k in t.s["kingdoms"].items():
        if k["status"] != "in-play":
            continue
        warlord = k["warlord"]
        if warlord and not t.on_map(warlord) and t.where(warlord) != "court":
            eliminate(t, kid, "its warlord is gone", "5.7(A)")
        elif not t.controlled_by(kid) and t.total_armies(kid) == 0:
            eliminate(t, kid, "it has neither areas nor armies", "5.5(C)")


def eliminate(t: Table, kid: str, why: str, rule: str) -> None:
    """Remove a kingdom from play (rules-notes entry 5); 7(1) is checked next."""
    k = t.kingdom(kid)
    if k["status"] != "in-play":
        return
    k["status"] = "eliminated"
    k["eliminated_turn"] = t.s["turns"]["total"]
    for area in list(t.s["armies"]):
        t.remove_armies(area, kid, t.armies(area, kid))
    for cid, entry in list(t.s["chars"].items()):
        if entry["kingdom"] != kid or entry["at"] in ("dead", "aside", "pool", "out"):
            continue
        if entry["recruited"] or t.c(cid).wizard:
            t.place_char(cid, "pool")
            entry["kingdom"] = None
            entry["recruited"] = False
        else:
            t.place_char(cid, "out")
    t.remove_chit(kid)
    t.news(f"{t.kname(kid)} is eliminated: {why}", rule)
    owner = k["owner"]
    was_main = k["main"]
    k["main"] = False
    if owner is not None and was_main:
        rest = t.kingdoms_of(owner)
        if rest:
            t.push({"step": "new-main", "player": owner})
    t.push({"step": "victory-check"})


@handler
class NewMain(Handler):
    """3.2(C): a player whose main kingdom is gone names an allied kingdom as main."""

    name = "new-main"

    def prompt(self, t: Table, step: Step) -> Prompt | None:
        options = t.kingdoms_of(step["player"])
        if len(options) <= 1 or t.main_of(step["player"]) \
                or t.answers(step["player"], "new_main"):
            return None
        return ask(step["player"], "main-kingdom", "your main kingdom is gone: choose a new one",
                   [button("main", f"Make {t.kname(k)} your main kingdom", "3.2(C)", kingdom=k)
                    for k in options], "3.2(C)")

    def act(self, t: Table, step: Step, role: str, action: Mapping[str, Any]) -> None:
        t.pop()
        t.make_main(role, action["kingdom"], "3.2(C)")

    def run(self, t: Table, step: Step) -> None:
        t.pop()
        role = step["player"]
        options = t.kingdoms_of(role)
        if not options or t.main_of(role):
            return
        best = strongest(t, options)
        if len(options) > 1:
            t.by_order(role, "new_main", f"{t.kname(best)} has the most armies", "3.2(C)")
        t.make_main(role, best, "3.2(C)")


def strongest(t: Table, kingdoms: list[str]) -> str:
    """The kingdom with the most armies, then the most areas, then the first listed."""
    return max(kingdoms, key=lambda k: (t.total_armies(k), len(t.controlled_by(k)),
                                        -kingdoms.index(k)))
