"""Conflict Phase 2, Select Alliance Action Space (conflict.alliance*), and Yu Jin's way
into the alliance (skill.yu-jin).

Seats 2 and 3 of the bid order are allied against seat 1; seat 3 puts the alliance token
on one of the ten common spaces without the non-alliance icon, never the one used in the
round before, whoever chose it then (conflict.alliance.eligible, conflict.alliance.no-repeat).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbem.engine import ActionSpec, Prompt
from pbem.games.three_kingdoms_redux.flow import (
    Handler,
    Step,
    arg_str,
    ask,
    button,
    choice,
    handler,
    no_extra,
    require,
)
from pbem.games.three_kingdoms_redux.table import Table


def eligible(t: Table) -> list[str]:
    previous = t.s["alliance"]["previous"]
    return [s.id for s in t.cat.spaces.values() if s.alliance and s.id != previous]


@handler
class ChooseAlliance(Handler):
    name = "choose-alliance"

    def prompt(self, t: Table, step: Step) -> Prompt:
        chooser = t.s["bid_order"][2]
        partner = t.s["bid_order"][1]
        options = [(sid, t.sname(sid)) for sid in eligible(t)]
        spec = ActionSpec("alliance", "Put the alliance token on an action space",
                          "conflict.alliance", params=(choice("space", "Alliance space",
                                                              options, options[0][0]),))
        return ask(chooser, "alliance", f"{t.rname(chooser)} chooses the alliance action "
                   f"space (allied with {t.rname(partner)})", [spec], "conflict.alliance")

    def act(self, t: Table, step: Step, role: str, action: Mapping[str, Any]) -> None:
        no_extra(action, ("space",), "conflict.alliance")
        space = arg_str(action, "space", "conflict.alliance")
        require(space in t.cat.spaces, f"there is no action space {space!r}",
                "conflict.alliance.eligible")
        require(t.cat.spaces[space].alliance,
                f"{t.sname(space)} cannot be the alliance action space",
                "conflict.alliance.eligible")
        require(space != t.s["alliance"]["previous"],
                f"{t.sname(space)} was the alliance action space last round",
                "conflict.alliance.no-repeat")
        t.s["alliance"]["space"] = space
        t.s["alliance"]["holder"] = None
        t.s["stack"].pop()
        a, b = t.s["bid_order"][1], t.s["bid_order"][2]
        t.heading(f"{t.rname(b)} puts the alliance token on {t.sname(space)}: "
                  f"{t.rname(a)} and {t.rname(b)} bid there together", "conflict.alliance")


def joiners(t: Table, declined: list[str]) -> list[str]:
    """States outside the alliance that could join it by Yu Jin's skill now."""
    out = []
    for role in t.roles:
        if role in t.allies() or role in declined:
            continue
        for _, ref, _effect in t.effects(role, "alliance-tokens"):
            if t.entry(role, ref).get("tokens", 0) > 0:
                out.append(role)
                break
    return out


@handler
class JoinAlliance(Handler):
    name = "join-alliance"

    def prompt(self, t: Table, step: Step) -> Prompt | None:
        who = joiners(t, step.setdefault("declined", []))
        if not who:
            return None
        role = who[0]
        return ask(role, "alliance", f"{t.rname(role)} may hand back a bid token from Yu "
                   f"Jin's card to join the alliance this round", [
                       button("join-alliance", "Join the alliance (hand back one bid token)",
                              "skill.yu-jin"),
                       button("stay-out", "Stay out of the alliance", "skill.yu-jin")],
                   "skill.yu-jin")

    def run(self, t: Table, step: Step) -> None:
        t.s["stack"].pop()

    def act(self, t: Table, step: Step, role: str, action: Mapping[str, Any]) -> None:
        no_extra(action, (), "skill.yu-jin")
        ref = next(ref for _, ref, _e in t.effects(role, "alliance-tokens")
                   if t.entry(role, ref).get("tokens", 0) > 0)
        if action["do"] == "join-alliance":
            t.entry(role, ref)["tokens"] -= 1
            t.st(role)["bid_tokens"] += 1
            t.s["alliance"]["joined"].append(role)
            t.say(f"{t.rname(role)} hands back a bid token from {t.gname(role, ref)}'s card "
                  f"and joins the alliance this round", "skill.yu-jin")
        else:
            step["declined"].append(role)
            t.say(f"{t.rname(role)} stays out of the alliance", "skill.yu-jin")
