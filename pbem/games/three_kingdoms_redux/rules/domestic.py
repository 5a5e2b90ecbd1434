"""Take Actions: develop farm or harvest, develop marketplace or collect tax, trade rice
and/or weapons (action.develop-*, action.harvest*, action.collect-tax*, action.trade*).

A development space shows five tokens; developing flips the leftmost undeveloped one
(level +1, at most 5). Harvest and collect tax move any of the flipped tokens still on
the space to the granary or treasury and cash the rest (removed from the game); the level
never drops. Trades go one way each, in whole lots, within their limits.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbem.engine import ActionSpec, Param, Prompt
from pbem.errors import IllegalAction
from pbem.games.three_kingdoms_redux import action_effects, effects
from pbem.games.three_kingdoms_redux.catalog import WEAPONS
from pbem.games.three_kingdoms_redux.flow import (
    Handler,
    Step,
    arg_int,
    ask,
    button,
    handler,
    no_extra,
    number,
    require,
)
from pbem.games.three_kingdoms_redux.table import Table

TRACKS = {
    "farm": {"develop": "develop-farm", "cash": "harvest", "store": "granary",
             "resource": "rice", "yield": "harvest_rice", "noun": "farm"},
    "market": {"develop": "develop-marketplace", "cash": "collect-tax", "store": "treasury",
               "resource": "gold", "yield": "tax_gold", "noun": "marketplace"},
}


def _refs(t: Table, step: Step) -> list[str]:
    return [b["general"] for b in t.s["bids"].get(step.get("space") or "", [])
            if b["role"] == step["role"]]


class Development(Handler):
    """Develop, or harvest / collect tax, on one development track."""

    track = "farm"

    def prompt(self, t: Table, step: Step) -> Prompt | None:
        role = step["role"]
        info = TRACKS[self.track]
        dev = t.st(role)[self.track]
        offers: list[ActionSpec] = []
        if dev["level"] < t.cat.n("development_tokens") and not step.get("tax_only"):
            offers.append(button(info["develop"], f"Develop the {info['noun']} to level "
                                 f"{dev['level'] + 1}", f"action.{info['develop']}"))
        if dev["space"]:
            store = info["store"]
            offers.append(ActionSpec(
                info["cash"], f"{info['cash'].capitalize()}: {dev['space']} developed tokens",
                f"action.{info['cash']}", params=(number(
                    store, f"Tokens moved to the {store} (the rest are cashed)",
                    0, dev["space"], 0),)))
        if not offers:
            return None
        return ask(role, "action", f"{t.rname(role)}: {t.sname(self.space_id)}", offers,
                   f"action.{info['develop']}")

    @property
    def space_id(self) -> str:
        return TRACKS[self.track]["develop"]

    def explain(self, t: Table, step: Step, role: str,
                action: Mapping[str, Any]) -> IllegalAction | None:
        info = TRACKS[self.track]
        if action.get("do") == info["develop"]:
            return IllegalAction(f"the {info['noun']} is already at level "
                                 f"{t.st(role)[self.track]['level']}", f"action.{info['develop']}")
        if action.get("do") == info["cash"]:
            return IllegalAction(f"no developed {info['noun']} token lies on the development "
                                 "space", f"action.{info['cash']}.level")
        return None

    def run(self, t: Table, step: Step) -> None:
        t.s["stack"].pop()
        t.say(f"{t.rname(step['role'])} has no {TRACKS[self.track]['noun']} to develop and "
              "no developed token to use", f"action.{TRACKS[self.track]['cash']}.level")

    def act(self, t: Table, step: Step, role: str, action: Mapping[str, Any]) -> None:
        info = TRACKS[self.track]
        dev = t.st(role)[self.track]
        t.s["stack"].pop()
        if action["do"] == info["develop"]:
            no_extra(action, (), f"action.{info['develop']}")
            dev["level"] += 1
            dev["space"] += 1
            t.say(f"{t.rname(role)} flips its leftmost undeveloped {info['noun']} token: "
                  f"{info['noun']} level {dev['level']}", f"action.{info['develop']}")
            action_effects.after_action(t, role, info["develop"], _refs(t, step),
                                        {"developed": dev["space"]}, "skill.zhuge-liang")
            return
        rule = f"action.{info['cash']}"
        no_extra(action, (info["store"],), rule)
        stored = arg_int(action, info["store"], 0, dev["space"], rule)
        cashed = dev["space"] - stored
        each = int(t.cat.n(info["yield"])) + effects.yield_bonus(t, role, info["cash"])
        dev[info["store"]] += stored
        dev["removed"] += cashed
        dev["space"] = 0
        t.gain(role, {info["resource"]: cashed * each})
        t.say(f"{t.rname(role)} moves {stored} {info['noun']} tokens to its {info['store']} "
              f"and cashes {cashed} for {cashed * each} {info['resource']}; {info['noun']} "
              f"level stays {dev['level']}", rule)
        action_effects.after_action(t, role, info["cash"], _refs(t, step), {}, rule)


@handler
class DevelopFarm(Development):
    name = "space:develop-farm"
    track = "farm"


@handler
class DevelopMarketplace(Development):
    name = "space:develop-marketplace"
    track = "market"


# ---------------------------------------------------------------------- trade


def _lots(t: Table, role: str, kind: str, direction: str) -> int:
    """The most lots a state can trade one way now."""
    rates = t.cat.n("trade")[kind]
    cap = rates["max"] // rates["lot"]
    if direction == "buy":
        return min(cap, t.amount(role, "gold") // rates["buy_gold"])
    held = t.amount(role, "rice") if kind == "rice" else t.weapons(role)
    return min(cap, held // rates["lot"])


@handler
class Trade(Handler):
    name = "space:trade"

    def prompt(self, t: Table, step: Step) -> Prompt | None:
        role = step["role"]
        rates = t.cat.n("trade")
        offers: list[ActionSpec] = []
        if not step.get("rice"):
            r = rates["rice"]
            for direction, price in (("buy", r["buy_gold"]), ("sell", r["sell_gold"])):
                most = _lots(t, role, "rice", direction)
                if most:
                    offers.append(ActionSpec(
                        f"{direction}-rice", f"{direction.capitalize()} rice: {r['lot']} rice "
                        f"for {price} gold a lot", "action.trade-rice",
                        params=(number("lots", "Lots", 1, most, 1),)))
        if not step.get("weapons"):
            w = rates["weapons"]
            for direction, price in (("buy", w["buy_gold"]), ("sell", w["sell_gold"])):
                most = _lots(t, role, "weapons", direction)
                if most:
                    params: list[Param] = [number("lots", "Lots", 1, most, 1)]
                    left = w["lot"]
                    for weapon in WEAPONS:
                        have = t.amount(role, weapon) if direction == "sell" else w["max"]
                        default = min(left, have)
                        left -= default
                        params.append(number(weapon, f"{weapon.capitalize()}s", 0,
                                             min(have, w["max"]), default))
                    offers.append(ActionSpec(
                        f"{direction}-weapons", f"{direction.capitalize()} weapons: "
                        f"{w['lot']} weapons for {price} gold a lot", "action.trade-weapons",
                        params=tuple(params)))
        offers.append(button("end-trade", "End trading", "action.trade.both"))
        return ask(role, "action", f"{t.rname(role)} trades: rice, weapons or both, one way "
                   "each", offers, "action.trade.both")

    def act(self, t: Table, step: Step, role: str, action: Mapping[str, Any]) -> None:
        verb = action["do"]
        if verb == "end-trade":
            no_extra(action, (), "action.trade.both")
            t.s["stack"].pop()
            t.flags(role)["traded"] = True
            action_effects.after_action(t, role, "trade", _refs(t, step), {}, "action.trade.both")
            return
        direction, kind = verb.split("-")
        rates = t.cat.n("trade")[kind]
        rule = "action.trade-rice" if kind == "rice" else "action.trade-weapons"
        most = rates["max"] // rates["lot"]
        if kind == "rice":
            no_extra(action, ("lots",), rule)
            lots = arg_int(action, "lots", 1, most, rule)
            rice = lots * rates["lot"]
            if direction == "buy":
                t.pay(role, {"gold": lots * rates["buy_gold"]}, rule)
                t.gain(role, {"rice": rice})
            else:
                t.pay(role, {"rice": rice}, rule)
                t.gain(role, {"gold": lots * rates["sell_gold"]})
            step["rice"] = True
            t.say(f"{t.rname(role)} {direction}s {rice} rice for "
                  f"{lots * rates[direction + '_gold']} gold", rule)
            return
        no_extra(action, ("lots", *WEAPONS), rule)
        lots = arg_int(action, "lots", 1, most, rule)
        counts = {w: arg_int(action, w, 0, rates["max"], rule, default=0) for w in WEAPONS}
        count = sum(counts.values())
        require(count == lots * rates["lot"], f"{lots} lots are {lots * rates['lot']} "
                f"weapons, not {count}", rule)
        counts = {w: n for w, n in counts.items() if n}
        if direction == "buy":
            t.pay(role, {"gold": lots * rates["buy_gold"]}, rule)
            t.gain(role, counts)
        else:
            t.pay(role, counts, rule)
            t.gain(role, {"gold": lots * rates["sell_gold"]})
        step["weapons"] = True
        t.say(f"{t.rname(role)} {direction}s {t.amounts(counts)} for "
              f"{lots * rates[direction + '_gold']} gold", rule)
