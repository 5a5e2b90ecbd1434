"""Resolution Phase 5, Receive/Activate Benefits (resolution.benefits).

End-of-round benefits of generals and built cards come now, in the order each owner
likes. A state is asked when it has a choice to make (a weapon to pick, a swap, or a
general recruited this round and not placed, whose card only its owner can show);
otherwise its standing orders take the benefits in the usual order: cards first, then
generals by recruitment. Generals taken at setup count as recruited in round 1
(skill.recruited-round).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbem.engine import ActionSpec, Param, Prompt
from pbem.games.three_kingdoms_redux import effects
from pbem.games.three_kingdoms_redux.catalog import WEAPONS
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

WEAPON_OPTIONS = [(w, w) for w in WEAPONS]


def unshown_recruits(t: Table, role: str) -> list[str]:
    """Hidden generals recruited this round (only their owner can show them)."""
    rnd = t.s["round"]
    return [ref for ref, e in t.generals(role).items()
            if e["card"] is None and e["recruited"] == rnd]


def needs_owner(t: Table, role: str) -> bool:
    """Whether the state must decide itself (public facts only)."""
    if unshown_recruits(t, role):
        return True
    items = effects.benefits(t, role)
    orders = t.s["orders"][role]
    if any(i["choice"] == "weapon" for i in items):
        return True
    if any(i["choice"] == "barter" for i in items) and orders.get("barter") == "ask":
        return True
    return orders.get("benefit_order") == "ask" and len(items) > 1


def _offer(t: Table, role: str, item: Mapping[str, Any]) -> ActionSpec:
    label = _name(t, role, item)
    params: tuple[Param, ...] = ()
    if item["choice"] == "weapon":
        params = (choice("weapon", "Weapon of your choice", WEAPON_OPTIONS, WEAPONS[0]),)
    elif item["choice"] == "barter":
        params = (choice("direction", "Swap", [("buy", "pay rice for a weapon"),
                                               ("sell", "give a weapon for rice")], "buy"),
                  choice("weapon", "Weapon", WEAPON_OPTIONS, WEAPONS[0]))
    return ActionSpec("benefit", f"{label}: {item['kind']}", "resolution.benefits",
                      fixed={"benefit": item["id"]}, params=params)


def _name(t: Table, role: str, item: Mapping[str, Any]) -> str:
    if item["source"] == "card":
        return t.card(item["ref"]).name
    return t.gname(role, item["ref"])


def auto(t: Table, role: str) -> None:
    """Take every benefit with no choice, in the usual order; swaps by standing order.

    The list is read again after each benefit taken, so that one benefit sees what another
    gave (a horse bought at the Barter Market lets Ma Chao release one)."""
    orders = t.s["orders"][role]
    passed: set[str] = set()  # left to the owner: asked for, or a choice to make
    while True:
        for item in effects.benefits(t, role):
            if item["id"] in passed:
                continue
            if item["choice"] == "barter":
                wish = orders.get("barter", "never")
                if wish in ("never", "ask"):
                    passed.add(item["id"])
                    continue
                direction, weapon = wish.split("-")
                if not _barter_ok(t, role, item, direction, weapon):
                    continue  # another benefit may still make it affordable
                t.say(f"{t.rname(role)}'s standing order: barter {wish}", "card.barter-market")
                effects.take_benefit(t, role, item, {"direction": direction,
                                                     "weapon": weapon})
                break
            if item["choice"] is None:
                effects.take_benefit(t, role, item, {})
                break
            passed.add(item["id"])  # a weapon of choice (Taishi Ci) is its owner's to take
        else:
            return


def _barter_ok(t: Table, role: str, item: Mapping[str, Any], direction: str,
               weapon: str) -> bool:
    effect = next(e for e in t.card(item["ref"]).effects if e["kind"] == "barter")
    if direction == "buy":
        return t.amount(role, "rice") >= effect["rice"]
    return t.amount(role, weapon) >= effect["weapons"]


@handler
class Benefits(Handler):
    name = "benefits"

    def prompt(self, t: Table, step: Step) -> Prompt | None:
        role = t.in_action_order(step)
        if role is None or not step.get("asking"):
            return None
        offers = [_offer(t, role, item) for item in effects.benefits(t, role)]
        for ref in unshown_recruits(t, role):
            card = t.viewer_general(role, ref)
            label = card.name if card else f"hidden general {ref}"
            offers.append(button("show", f"Show {label} (recruited this round) for his "
                                 "end-of-round benefit", "resolution.benefits", general=ref))
        offers.append(button("end-benefits", "Done (take the rest that need no choice)",
                             "resolution.benefits"))
        return ask(role, "benefits", f"{t.rname(role)} takes its end-of-round benefits in "
                   "any order", offers, "resolution.benefits")

    def run(self, t: Table, step: Step) -> None:
        if step.get("index", 0) == 0 and not step.get("started"):
            step["started"] = True
            t.heading("End-of-round benefits", "resolution.benefits")
        role = t.in_action_order(step)
        if role is None:
            t.s["stack"].pop()
            return
        if needs_owner(t, role) and not step.get("asking"):
            step["asking"] = True
            return
        auto(t, role)
        step["asking"] = False
        step["index"] += 1

    def act(self, t: Table, step: Step, role: str, action: Mapping[str, Any]) -> None:
        verb = action["do"]
        if verb == "end-benefits":
            no_extra(action, (), "resolution.benefits")
            auto(t, role)
            step["asking"] = False
            step["index"] += 1
            return
        if verb == "show":
            no_extra(action, ("general",), "resolution.benefits")
            ref = arg_str(action, "general", "resolution.benefits")
            card = t.reveal(role, ref)
            t.say(f"{t.rname(role)} shows {card.name}, recruited this round",
                  "skill.recruited-round")
            return
        no_extra(action, ("benefit", "direction", "weapon"), "resolution.benefits")
        key = arg_str(action, "benefit", "resolution.benefits")
        item = next((i for i in effects.benefits(t, role) if i["id"] == key), None)
        require(item is not None, "that benefit is not available now", "resolution.benefits")
        assert item is not None
        chosen: dict[str, str] = {}
        if item["choice"] == "weapon":
            chosen["weapon"] = arg_str(action, "weapon", "skill.taishi-ci")
            require(chosen["weapon"] in WEAPONS, "choose spear, horse, crossbow or vessel",
                    "skill.taishi-ci")
        elif item["choice"] == "barter":
            chosen["direction"] = arg_str(action, "direction", "card.barter-market")
            chosen["weapon"] = arg_str(action, "weapon", "card.barter-market")
            require(chosen["direction"] in ("buy", "sell") and chosen["weapon"] in WEAPONS,
                    "swap direction is buy or sell, weapon one of spear, horse, crossbow, "
                    "vessel", "card.barter-market")
        effects.take_benefit(t, role, item, chosen)
