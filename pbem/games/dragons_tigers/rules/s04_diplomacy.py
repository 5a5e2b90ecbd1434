"""4.3 Diplomacy: the active kingdom's characters negotiate, each once per turn.

4.3(A) a neutral kingdom becomes an ally on a roll at or under diplomacy; 4.3(B) an
opposing allied kingdom becomes neutral on a roll plus 1 at or under diplomacy (never a
main kingdom, 3.2(A); never a Traitorous kingdom, 8); 4.3(C) a kingdom made neutral fights
its former friends at once where they share areas (``combat-queue`` steps of section 5).
9(B)/(C): after a failed attempt an ``imperial-decree`` step may buy a reroll.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbem.engine import Prompt
from pbem.errors import IllegalAction
from pbem.games.dragons_tigers.flow import Handler, Step, ask, button, phase, require
from pbem.games.dragons_tigers.numbers import numbers
from pbem.games.dragons_tigers.sides import queue_combat
from pbem.games.dragons_tigers.table import Table
from pbem.games.dragons_tigers.words import odds

PENALTY = numbers().betrayal_penalty  # 4.3(B)


def negotiators(t: Table, step: Step) -> list[str]:
    kid = step["kingdom"]
    if t.is_traitorous(kid):
        return []
    return [cid for cid in t.chars_of(kid) if t.c(cid).diplomacy >= 1
            and cid not in step["used_dipl"]]


def targets(t: Table, step: Step) -> list[str]:
    """Neutral kingdoms in play and the opponents' allied (not main) kingdoms."""
    role = step["player"]
    out = []
    for kid in t.cat.player_kingdoms:
        if not t.in_play(kid):
            continue
        owner = t.owner(kid)
        if owner is None or (owner != role and not t.kingdom(kid)["main"]):
            out.append(kid)
    return out


@phase
class Diplomacy(Handler):
    """4.3: each character of the active kingdom may negotiate once; then the levy."""

    name = "diplomacy"

    def prompt(self, t: Table, step: Step) -> Prompt | None:
        if "decree_offer" in step:
            return None  # the Imperial Decree has answered: run() rerolls or not
        role = step["player"]
        offers = []
        for cid in negotiators(t, step):
            for kid in targets(t, step):
                neutral = t.owner(kid) is None
                need = t.c(cid).diplomacy - (0 if neutral else PENALTY)
                if need < 1:
                    continue
                verb = "Ally with" if neutral else "Turn neutral"
                offers.append(button(
                    "negotiate", f"{t.cname(cid)} (diplomacy {t.c(cid).diplomacy}): {verb} "
                    f"{t.kname(kid)} {odds(need)}", "4.3(A)" if neutral else "4.3(B)",
                    character=cid, target=kid))
        offers.append(button("end-diplomacy", "End diplomacy", "4.3"))
        return ask(role, "diplomacy", "negotiate, or end diplomacy", offers, "4.3")

    def run(self, t: Table, step: Step) -> None:
        offer = step.pop("decree_offer")
        if step.pop("decree", False):
            attempt(t, step, offer["character"], offer["target"], reroll=True)

    def explain(self, t: Table, step: Step, role: str,
                action: Mapping[str, Any]) -> IllegalAction | None:
        if action.get("do") != "negotiate":
            return None
        return explain(t, step, action)

    def act(self, t: Table, step: Step, role: str, action: Mapping[str, Any]) -> None:
        if action["do"] == "end-diplomacy":
            step["phase"] = "levy"
            return
        cid, kid = action["character"], action["target"]
        require(cid in negotiators(t, step), "that character cannot negotiate now", "4.3")
        require(kid in targets(t, step), "that kingdom cannot be negotiated with", "4.3")
        step["used_dipl"].append(cid)
        attempt(t, step, cid, kid, reroll=False)


def explain(t: Table, step: Step, action: Mapping[str, Any]) -> IllegalAction:
    """Why this negotiation is not offered, citing the rule."""
    if t.is_traitorous(step["kingdom"]):
        return IllegalAction("the Traitorous kingdoms never negotiate", "8(B)")
    cid, kid = action.get("character"), action.get("target")
    if not isinstance(cid, str) or cid not in t.s["chars"] \
            or t.char(cid)["kingdom"] != step["kingdom"] or not t.on_map(cid):
        return IllegalAction("only the active kingdom's warlord and retainers negotiate", "4.3")
    if t.c(cid).diplomacy < 1:
        return IllegalAction(f"{t.cname(cid)} has no diplomacy rating", "4.3")
    if cid in step["used_dipl"]:
        return IllegalAction(f"{t.cname(cid)} has already negotiated this turn", "4.3")
    if not isinstance(kid, str) or kid not in t.cat.kingdoms or not t.in_play(kid):
        return IllegalAction("that kingdom is not in play", "4.3")
    if t.is_traitorous(kid):
        return IllegalAction("the Traitorous kingdoms are never subject to diplomacy", "8(B)")
    if t.owner(kid) == step["player"]:
        return IllegalAction(f"{t.kname(kid)} is already your kingdom", "4.3")
    if t.owner(kid) is not None and t.kingdom(kid)["main"]:
        return IllegalAction("a main kingdom can never be made neutral", "3.2(A)")
    if t.owner(kid) is not None:
        return IllegalAction(f"with the +1 penalty a diplomacy of {t.c(cid).diplomacy} can "
                             f"never turn an allied kingdom neutral", "4.3(B)")
    return IllegalAction("that negotiation is not possible now", "4.3")


def attempt(t: Table, step: Step, cid: str, kid: str, reroll: bool) -> None:
    neutral = t.owner(kid) is None
    dipl = t.c(cid).diplomacy
    die = t.roll(f"diplomacy: {t.c(cid).name} with {t.cat.kingdoms[kid].name}"
                 + (" (Imperial Decree reroll)" if reroll else ""))
    total = die if neutral else die + PENALTY
    shown = f"{die}" if neutral else f"{die}+1={total}"
    if total > dipl:
        rule = "4.3(A)" if neutral else "4.3(B)"
        t.say(f"{t.cname(cid)}, diplomacy {dipl}, rolls {shown}: {t.kname(kid)} is not "
              f"persuaded", rule)
        if not reroll:
            step["decree_offer"] = {"character": cid, "target": kid}
            t.push({"step": "imperial-decree", "what": "diplomacy roll",
                    "player": step["player"]})
        return
    if neutral:
        t.news(f"{t.cname(cid)}, diplomacy {dipl}, rolls {shown}: {t.kname(kid)} becomes an "
               f"ally of {t.rname(step['player'])}", "4.3(A)")
        t.join(kid, step["player"])
    else:
        former = str(t.owner(kid))
        t.news(f"{t.cname(cid)}, diplomacy {dipl}, rolls {shown}: {t.kname(kid)} leaves "
               f"{t.rname(former)} and becomes neutral", "4.3(B)")
        make_neutral(t, kid, former)


def make_neutral(t: Table, kid: str, former: str) -> None:
    """4.3(B)/(C): the kingdom turns neutral and fights its former friends where it
    shares an area with them. It attacks with its armies (rules-notes 14); where only its
    characters face their armies, those characters are overrun (rules-notes 29)."""
    t.kingdom(kid)["owner"] = None
    t.kingdom(kid)["main"] = False
    for area in t.cat.areas:
        friends = [k for k in t.kingdoms_in(area) if k != kid and t.owner(k) == former]
        if kid not in t.kingdoms_in(area) or not friends:
            continue
        if t.armies(area, kid):
            queue_combat(t, area, f"k:{kid}", former, "break")
        elif any(t.armies(area, k) for k in friends):
            queue_combat(t, area, former, f"k:{kid}", "break")
