"""Take Actions: produce weapons, recruit and train armies, demand tribute, win popular
support, control the Han emperor (action.produce-*, action.recruit-armies,
action.train-armies, action.demand-tribute, action.win-popular-support,
action.control-han-emperor*).
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
    arg_int,
    arg_str,
    ask,
    button,
    choice,
    handler,
    no_extra,
    number,
    require,
)
from pbem.games.three_kingdoms_redux.table import Table


class Produce(Handler):
    """Two weapons of the space's two kinds, in any mix."""

    weapons: tuple[str, str] = ("spear", "horse")

    def prompt(self, t: Table, step: Step) -> Prompt:
        a, b = self.weapons
        n = t.cat.n("produce")
        rule = f"action.{self.name.split(':')[1]}"
        offers = [button("produce", f"{n} {a}s", rule, **{a: n, b: 0}),
                  button("produce", f"{n} {b}s", rule, **{a: 0, b: n}),
                  button("produce", f"1 {a} and 1 {b}", rule, **{a: 1, b: 1})]
        return ask(step["role"], "action", f"{t.rname(step['role'])}: {t.sname(step['space'])}",
                   offers, rule)

    def act(self, t: Table, step: Step, role: str, action: Mapping[str, Any]) -> None:
        rule = f"action.{self.name.split(':')[1]}"
        got = {w: int(action[w]) for w in self.weapons}
        t.s["stack"].pop()
        t.gain(role, got)
        t.say(f"{t.rname(role)} collects {t.amounts(got)}", rule)
        action_effects.after_action(t, role, step["space"], t.bidders(step), {"produced": got},
                                    rule)


@handler
class ProduceSpearsHorses(Produce):
    name = "space:produce-spears-horses"
    weapons = ("spear", "horse")


@handler
class ProduceCrossbowsVessels(Produce):
    name = "space:produce-crossbows-vessels"
    weapons = ("crossbow", "vessel")


class Collect(Handler):
    """A space whose taker collects a fixed number (the data's ``number``) of one thing."""

    what = ""       # the space's action, as the prompt names it
    verb = ""
    offer = ""      # the button's label; ``{n}`` is the number
    number = ""
    resource = ""
    told = ""       # what the log says the taker does; ``{n}`` is the number

    def prompt(self, t: Table, step: Step) -> Prompt:
        rule = f"action.{self.name.split(':')[1]}"
        offer = button(self.verb, self.offer.format(n=t.cat.n(self.number)), rule)
        return ask(step["role"], "action", f"{t.rname(step['role'])}: {self.what}", [offer],
                   rule)

    def act(self, t: Table, step: Step, role: str, action: Mapping[str, Any]) -> None:
        space = self.name.split(":")[1]
        n = t.cat.n(self.number)
        t.s["stack"].pop()
        t.gain(role, {self.resource: n})
        t.say(f"{t.rname(role)} {self.told.format(n=n)}", f"action.{space}")
        action_effects.after_action(t, role, space, t.bidders(step), {}, f"action.{space}")


@handler
class RecruitArmies(Collect):
    name = "space:recruit-armies"
    what, verb, offer = "recruit armies", "recruit", "Collect {n} untrained armies"
    number, resource, told = "recruit_armies", "untrained", "collects {n} untrained armies"


@handler
class TrainArmies(Handler):
    name = "space:train-armies"

    def _most(self, t: Table, step: Step) -> int:
        cap = int(t.cat.n("train_armies")) + effects.extra_capacity(
            t, step["role"], "train-armies", t.bidders(step))
        return min(cap, t.amount(step["role"], "untrained"))

    def prompt(self, t: Table, step: Step) -> Prompt | None:
        most = self._most(t, step)
        if not most:
            return None
        return ask(step["role"], "action", f"{t.rname(step['role'])}: train armies", [
            ActionSpec("train", "Train untrained armies", "action.train-armies",
                       params=(number("count", "How many", 1, most, most),))],
                   "action.train-armies")

    def run(self, t: Table, step: Step) -> None:
        t.s["stack"].pop()
        t.say(f"{t.rname(step['role'])} has no untrained army to train", "action.train-armies")
        action_effects.after_action(t, step["role"], "train-armies", t.bidders(step), {},
                                    "action.train-armies")

    def act(self, t: Table, step: Step, role: str, action: Mapping[str, Any]) -> None:
        no_extra(action, ("count",), "action.train-armies")
        count = arg_int(action, "count", 1, self._most(t, step), "action.train-armies")
        t.s["stack"].pop()
        t.st(role)["untrained"] -= count
        t.st(role)["trained"] += count
        t.say(f"{t.rname(role)} trains {count} armies at no cost", "action.train-armies")
        action_effects.after_action(t, role, "train-armies", t.bidders(step), {},
                                    "action.train-armies")


@handler
class DemandTribute(Handler):
    name = "space:demand-tribute"

    def prompt(self, t: Table, step: Step) -> Prompt:
        offers = [button("tribute", f"Collect {t.amounts(option)}", "action.demand-tribute",
                         choice=index) for index, option in enumerate(t.cat.n("tribute"))]
        return ask(step["role"], "action", f"{t.rname(step['role'])}: demand tribute", offers,
                   "action.demand-tribute")

    def act(self, t: Table, step: Step, role: str, action: Mapping[str, Any]) -> None:
        option = dict(t.cat.n("tribute")[int(action["choice"])])
        t.s["stack"].pop()
        t.gain(role, option)
        t.say(f"{t.rname(role)} collects {t.amounts(option)} in tribute",
              "action.demand-tribute")
        action_effects.after_action(t, role, "demand-tribute", t.bidders(step), {},
                                    "action.demand-tribute")


@handler
class WinPopularSupport(Collect):
    name = "space:win-popular-support"
    what, verb, offer = "win popular support", "win-support", "Collect a popular support token"
    number, resource, told = "popular_support", "support", "collects {n} popular support token"


def _public_id(t: Table, role: str, ref: str) -> tuple[str, ...]:
    """A face-up general's card id, by which an actions file may name him."""
    card = t.card_id(role, ref)
    return (card,) if card and card != ref else ()


@handler
class ControlHanEmperor(Handler):
    name = "space:control-han-emperor"

    def prompt(self, t: Table, step: Step) -> Prompt | None:
        role = step["role"]
        cost = t.cat.n("han_emperor")["gold"]
        if t.amount(role, "gold") < cost:
            return None
        gens = [(ref, t.gname(role, ref), _public_id(t, role, ref)) for ref in t.bidders(step)]
        rank = t.cat.ranks[min(t.st(role)["rank"] + 1, len(t.cat.ranks) - 1)]
        return ask(role, "action", f"{t.rname(role)}: control the Han emperor", [
            ActionSpec("promote", f"Pay {cost} gold, rise to {rank}, leave a general face down",
                       "action.control-han-emperor", params=(replace(choice(
                           "leave", "General left face down (sits out next round)", gens,
                           gens[0][0]), required=len(gens) > 1),))],
                   "action.control-han-emperor")

    def run(self, t: Table, step: Step) -> None:
        t.s["stack"].pop()
        t.say(f"{t.rname(step['role'])} has no gold to pay and cannot rise in rank",
              "action.control-han-emperor")

    def act(self, t: Table, step: Step, role: str, action: Mapping[str, Any]) -> None:
        no_extra(action, ("leave",), "action.control-han-emperor")
        ref = arg_str(action, "leave", "action.control-han-emperor.leave-general")
        require(ref in t.bidders(step), "leave one of the generals who bid here",
                "action.control-han-emperor.leave-general")
        han = t.cat.n("han_emperor")
        t.pay(role, {"gold": han["gold"]}, "action.control-han-emperor")
        t.s["stack"].pop()
        st = t.st(role)
        st["rank"] = min(st["rank"] + han["ranks"], len(t.cat.ranks) - 1)
        bid = next(b for b in t.s["bids"][step["space"]] if b["general"] == ref)
        bid["face_down"] = True
        t.entry(role, ref)["at"] = "face-down"
        t.entry(role, ref).pop("space", None)
        t.s["face_down"] = {"role": role, "general": ref}
        t.s["han"]["winner"] = role  # collects the token at Update and Maintenance
        t.say(f"{t.rname(role)} pays {han['gold']} gold and rises to "
              f"{t.cat.ranks[st['rank']]}", "action.control-han-emperor")
        t.say(f"{t.gname(role, ref)} stays face down on the space and sits out next round",
              "action.control-han-emperor.leave-general")
        action_effects.after_action(t, role, "control-han-emperor", t.bidders(step), {},
                                    "action.control-han-emperor")
