"""5.7(B)-(D): the retainers of a side wiped out roll for capture, then submit or are
beheaded; after the captures the loser's characters fall back (5.6(C)) or relocate
(5.7(A), :mod:`.relocation`), and a restored warlord who lost is eliminated (10.5(E))."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbem.engine import Prompt
from pbem.games.dragons_tigers import orders as standing
from pbem.games.dragons_tigers.flow import Handler, Step, ask, button, handler, require
from pbem.games.dragons_tigers.numbers import numbers
from pbem.games.dragons_tigers.rules.s05_aftermath.elimination import eliminate
from pbem.games.dragons_tigers.sides import members, side_chars
from pbem.games.dragons_tigers.table import Table

CAPTURE_ON = numbers().capture_on  # 5.7(B)


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
        conclude(t, step)


def conclude(t: Table, step: Step) -> None:
    """After the captures: 10.5(E) a restored warlord who lost is eliminated again; 5.6(C)
    attacking characters fall back; 5.7(A)/(E) the others relocate, the winners' too when
    both sides were wiped out; then 6(C) and 5.5(C)."""
    combat, area = step["combat"], step["area"]
    loser = combat["loser"]
    if loser is None:  # pragma: no cover - resolve() settles these without captures
        return
    lside = step["loser"]
    mutual = loser["mutual"]
    if combat["kind"] == "arrival" and loser["who"] == "att":
        after(t, area, combat, step["winner"], mutual)
        for kid in step["lost"]:
            eliminate(t, kid, "the restored warlord loses his first battle", "10.5(E)")
        _relocate(t, area, side_chars(t, area, step["winner"]) if mutual
                  else bereft_warlords(t, area, combat, step["winner"]))
        return
    relocating: list[str] = []
    if loser["wiped"]:
        movers = [c for k in step["lost"] for c in t.chars_in(area, k)]
        back = [o for o in combat["origins"] if not any(
            n and t.side(k) != lside for k, n in t.armies_in(o).items())]
        if movers and mutual and back:
            for cid in movers:
                t.place_char(cid, back[0])
            t.say(f"The attacking characters fall back to {t.aname(back[0])}", "5.6(C)")
        else:
            relocating = movers
    if mutual:  # 5.7(A): the winners' characters have no armies left here either
        relocating += side_chars(t, area, step["winner"])
    else:
        relocating += bereft_warlords(t, area, combat, step["winner"])
    after(t, area, combat, step["winner"], mutual)
    _relocate(t, area, relocating)


def bereft_warlords(t: Table, area: str, combat: Step, side: str | None) -> list[str]:
    """5.7(A): the warlords of ``side`` whose own kingdom's armies in the area were all
    eliminated in the combat, though a friendly kingdom's armies remain there."""
    if side is None:
        return []
    start = combat.get("armies", {})
    return [c for k in members(t, area, side) if start.get(k) and not t.armies(area, k)
            for c in t.chars_in(area, k) if t.c(c).rank == "warlord"]


def _relocate(t: Table, area: str, chars: list[str]) -> None:
    if chars:
        t.push({"step": "relocate", "chars": chars, "from": area, "rule": "5.7(A)"})


def after(t: Table, area: str, combat: Step, winner: str | None, mutual: bool = False) -> None:
    """Control of the area (6(C)) and eliminations (5.5(C)) once pieces have moved. After
    both sides were wiped out (5.6(C)) the news of the area waits for the end, and the
    winning kingdom that held the area keeps the Emperor there even if nobody is left (9(E))."""
    step = t.push({"step": "after-combat", "area": area, "winner": winner,
                   "held": combat.get("held")})
    if mutual:
        step["hold_news"] = combat["hold_news"]
        if winner is not None and t.s["emperor"] == area:
            fought = [combat.get("held"), *combat.get("kingdoms", [])]
            step["keeper"] = next((k for k in fought if k is not None and t.side(k) == winner
                                   and t.in_play(k)), None)


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
