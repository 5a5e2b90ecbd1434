"""Improve Tribal Relations (action.improve-tribal*) and Resolution Phase 4, Reduce
Tribal Relations Level (resolution.reduce-tribal, resolution.rebellion).

The tribal general moves the tribe marker up one level per gold (paid) or army unit
(returned) he brought, never above 12. A state that did not take its tribal action drops
one level, never below 1, unless a skill keeps or raises it; reaching or keeping 12 lets
it buy one popular support token for 2 rice; a state left at level 1 suffers a rebellion.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from pbem.engine import ActionSpec, Prompt
from pbem.games.three_kingdoms_redux import action_effects, effects
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
from pbem.games.three_kingdoms_redux.orders import wants_question
from pbem.games.three_kingdoms_redux.table import Table


def _buy_offers(t: Table) -> list[Any]:
    cost = t.cat.n("level12")
    return [button("buy-support", f"Pay {cost['rice']} rice for {cost['support']} popular "
                   "support token", "action.improve-tribal.level-12"),
            button("no-support", "Do not buy", "action.improve-tribal.level-12")]


def can_buy(t: Table, role: str) -> bool:
    return (t.st(role)["tribal"] == t.cat.tribal_max
            and t.amount(role, "rice") >= t.cat.n("level12")["rice"])


def buy(t: Table, role: str) -> None:
    cost = t.cat.n("level12")
    t.pay(role, {"rice": cost["rice"]}, "action.improve-tribal.level-12")
    t.gain(role, {"support": cost["support"]})
    t.say(f"{t.rname(role)} pays {cost['rice']} rice for {cost['support']} popular support "
          "token at tribal level 12", "action.improve-tribal.level-12")


@handler
class ImproveTribal(Handler):
    name = "space:tribal"

    def run(self, t: Table, step: Step) -> None:
        role = step["role"]
        t.flags(role)["tribal"] = True
        st = t.st(role)
        bid = next(b for b in t.s["bids"][step["space"]] if b["role"] == role)
        payload = bid["gold"] or bid["units"]
        before = st["tribal"]
        st["tribal"] = min(t.cat.tribal_max, before + payload * t.cat.n("tribal_step"))
        what = f"{bid['gold']} gold (paid)" if bid["gold"] else (
            f"{bid['units']} army units (returned)" if bid["units"] else "nothing")
        bid["gold"] = 0
        t.say(f"{t.rname(role)} improves tribal relations with {what}: level {before} -> "
              f"{st['tribal']}", "action.improve-tribal")
        if bid["units"] or what.endswith("(paid)"):
            t.say("placed gold goes to the supply, placed units back to the state",
                  "action.improve-tribal.payment")
        t.s["stack"].pop()
        if can_buy(t, role):
            t.s["stack"].append({"step": "level-12", "role": role, "asked": True})
        action_effects.after_action(t, role, "improve-tribal", [bid["general"]], {},
                                    "action.improve-tribal")


@handler
class Level12(Handler):
    """Buy one popular support token at tribal level 12 (action.improve-tribal.level-12);
    after one's own tribal action the player is asked, else the standing order answers."""

    name = "level-12"

    def prompt(self, t: Table, step: Step) -> Prompt | None:
        role = step["role"]
        if not can_buy(t, role):
            return None
        if not step.get("asked") and not wants_question(t.s["orders"][role], "level12"):
            return None
        return ask(role, "level-12", f"{t.rname(role)} is at tribal level 12: buy a popular "
                   "support token?", _buy_offers(t), "action.improve-tribal.level-12")

    def run(self, t: Table, step: Step) -> None:
        t.s["stack"].pop()
        role = step["role"]
        if can_buy(t, role) and t.s["orders"][role].get("level12") == "buy":
            t.say(f"{t.rname(role)}'s standing order: buy", "action.improve-tribal.level-12")
            buy(t, role)

    def act(self, t: Table, step: Step, role: str, action: Mapping[str, Any]) -> None:
        no_extra(action, (), "action.improve-tribal.level-12")
        t.s["stack"].pop()
        if action["do"] == "buy-support":
            buy(t, role)


@handler
class ReduceTribal(Handler):
    """The decline (resolution.reduce-tribal). First each state that might hold its level
    with a hidden general's skill (skill.jia-xu) is offered to show him now, or to keep
    him hidden and let the level fall; the offer rests on public facts only."""

    name = "reduce-tribal"

    def prompt(self, t: Table, step: Step) -> Prompt | None:
        if not step.get("offer"):
            return None
        role = step["offer"][0]
        hidden = [(ref, _hidden_label(t, role, ref)) for ref, e in t.generals(role).items()
                  if e["card"] is None]
        show = ActionSpec("show", "Show a hidden general whose skill holds the tribal level",
                          "skill.jia-xu", params=(replace(
                              choice("general", "General", hidden, hidden[0][0]),
                              required=len(hidden) > 1),))
        keep = button("stay-hidden", "Keep them hidden (the tribal level falls as usual)",
                      "resolution.reduce-tribal")
        return ask(role, "tribal-hold", f"{t.rname(role)} did not take its tribal action: show "
                   "a hidden general whose skill keeps the tribal level this round?",
                   [show, keep], "resolution.reduce-tribal")

    def run(self, t: Table, step: Step) -> None:
        if not step.get("started"):
            step["started"] = True
            t.heading("Tribal relations of states that did not take their tribal action",
                      "resolution.reduce-tribal")
            step["offer"] = [r for r in t.s["action_order"] if not t.flags(r)["tribal"]
                             and effects.hidden_hold_possible(t, r)]
            if step["offer"]:
                return
        t.s["stack"].pop()
        decline(t)

    def act(self, t: Table, step: Step, role: str, action: Mapping[str, Any]) -> None:
        if action["do"] == "stay-hidden":
            no_extra(action, (), "resolution.reduce-tribal")
            t.say(f"{t.rname(role)} keeps its hidden generals hidden",
                  "resolution.reduce-tribal")
            step["offer"].pop(0)
            return
        no_extra(action, ("general",), "skill.jia-xu")
        ref = arg_str(action, "general", "skill.jia-xu")
        require(ref in t.generals(role) and t.entry(role, ref)["card"] is None,
                "only a hidden general of one's own can be shown", "conflict.recruit.usable")
        card = t.reveal(role, ref)
        require(effects.tribal_hold(t, role) is not None, f"{card.name} has no skill that "
                f"keeps the tribal level in round {t.s['round']}; without one it falls",
                "resolution.reduce-tribal")
        t.say(f"{t.rname(role)} shows {card.name} to use his skill", "skill.jia-xu")
        step["offer"].pop(0)


def _hidden_label(t: Table, role: str, ref: str) -> str:
    card = t.viewer_general(role, ref)
    return card.name if card else f"hidden general {ref}"


def decline(t: Table) -> None:
    """Lower (or hold) the level of each state without its tribal action; rebellions."""
    questions = []
    for role in t.s["action_order"]:
        st = t.st(role)
        if t.flags(role)["tribal"]:
            continue
        before = st["tribal"]
        hold = effects.tribal_hold(t, role)
        if hold and hold[0] == "raise":
            st["tribal"] = min(t.cat.tribal_max, before + 1)
            t.say(f"{t.rname(role)}: {hold[1]} raises the tribal level {before} -> "
                  f"{st['tribal']}", "skill.ling-cao")
        elif hold:
            t.say(f"{t.rname(role)}: {hold[1]} keeps the tribal level at {before}",
                  "skill.jia-xu")
        else:
            st["tribal"] = max(t.cat.tribal_min, before - t.cat.n("tribal_decline"))
            t.say(f"{t.rname(role)}'s tribal level falls {before} -> {st['tribal']}",
                  "resolution.reduce-tribal")
        if hold and can_buy(t, role):
            questions.append(role)
    for role in t.s["action_order"]:
        if t.st(role)["tribal"] == t.cat.tribal_min:
            t.st(role)["deficit"] += 1
            t.say(f"{t.rname(role)} is at tribal level {t.cat.tribal_min}: a rebellion "
                  "brings 1 deficit token", "resolution.rebellion")
    for role in reversed(questions):
        t.s["stack"].append({"step": "level-12", "role": role})
