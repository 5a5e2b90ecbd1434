"""Take Actions: Battle, stationing a general at a border location (battle.*).

The winner may station one of the generals who bid there with 1 to leadership of the
army units he led, all of the type the empty location demands; the location's token goes
to the treasury or the granary, on its 1 VP side when those units match his
specialisation. A state's second stationed general must go to its other border; the
third and later ones anywhere. Stationed generals and units stay for the rest of the game.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbem.engine import ActionSpec, Prompt
from pbem.errors import IllegalAction
from pbem.games.three_kingdoms_redux import action_effects, effects
from pbem.games.three_kingdoms_redux.flow import (
    Handler,
    Step,
    arg_int,
    arg_str,
    ask,
    button,
    handler,
    no_extra,
    require,
)
from pbem.games.three_kingdoms_redux.table import Table

DESTINATIONS = ("treasury", "granary")


def border_of(t: Table, space: str) -> str:
    return str(t.cat.spaces[space].border)


def allowed_border(t: Table, role: str, border: str) -> bool:
    """battle.station.second-general: the second stationed general goes to the other
    border from the first; later ones anywhere."""
    stationed = t.st(role)["stationed"]
    if len(stationed) != 1:
        return True
    first = t.data.locations[stationed[0]["location"]].border
    return border != first


def wasted_first(t: Table, role: str, space: str, pending: list[str]) -> IllegalAction | None:
    """Why taking the battle ``space`` now would waste it while another pending battle on
    the other border would make it usable (battle.station.second-general): with one
    general stationed, the next must leave his border, the one after goes anywhere."""
    if t.cat.spaces[space].kind != "battle" or allowed_border(t, role, border_of(t, space)):
        return None
    border = border_of(t, space)
    for other in pending:
        if (other != space and t.cat.spaces[other].kind == "battle"
                and border_of(t, other) != border and options(t, role, other)):
            return IllegalAction(
                f"take {t.sname(other)} first: a state's second stationed general must go to "
                f"its other border, so {t.sname(space)} taken now would station nobody",
                "battle.station.second-general")
    return None


def options(t: Table, role: str, space: str) -> list[dict[str, Any]]:
    """Every legal stationing: general, location, units, flip (for a lone general)."""
    border = border_of(t, space)
    if not allowed_border(t, role, border):
        return []
    empty = [loc for loc, p in t.data.locations.items()
             if p.border == border and t.s["locations"][loc] is None]
    out = []
    for bid in t.s["bids"].get(space, []):
        if bid["role"] != role:
            continue
        ref = bid["general"]
        card = t.general(role, ref)
        assert card is not None  # placed generals are face up
        for loc in empty:
            if bid["units"] and t.data.locations[loc].type == bid["unit"]:
                for units in range(1, min(bid["units"], card.leadership) + 1):
                    out.append({"general": ref, "location": loc, "units": units})
            alone = effects.station_alone(t, role, ref)
            if alone is not None:
                out.append({"general": ref, "location": loc, "units": 0})
    return out


@handler
class Battle(Handler):
    name = "space:battle"

    def prompt(self, t: Table, step: Step) -> Prompt | None:
        role, space = step["role"], step["space"]
        offers: list[ActionSpec] = []
        for opt in options(t, role, space):
            for dest in DESTINATIONS:
                name = t.gname(role, opt["general"])
                loc = t.data.locations[opt["location"]]
                what = f"with {opt['units']} {loc.type} units" if opt["units"] else "alone"
                offers.append(button("station", f"Station {name} {what} at {loc.name}; token "
                                     f"to the {dest}", "battle.station", token=dest, **opt))
        if not offers:
            return None
        return ask(role, "action", f"{t.rname(role)}: station a general at the "
                   f"{t.cat.borders[border_of(t, space)].name} border", offers, "battle.station")

    def explain(self, t: Table, step: Step, role: str,
                action: Mapping[str, Any]) -> IllegalAction | None:
        return why_not(t, role, step["space"], action)

    def run(self, t: Table, step: Step) -> None:
        t.s["stack"].pop()
        role = step["role"]
        reason = "the second stationed general must go to the other border" if not \
            allowed_border(t, role, border_of(t, step["space"])) else \
            "no empty location there matches the army units of its generals"
        t.say(f"{t.rname(role)} cannot station anyone: {reason}", "battle.station")

    def act(self, t: Table, step: Step, role: str, action: Mapping[str, Any]) -> None:
        no_extra(action, ("general", "location", "units", "token"), "battle.station")
        ref = arg_str(action, "general", "battle.station")
        loc = arg_str(action, "location", "battle.station")
        units = arg_int(action, "units", 0, 2, "battle.station.max-units")
        dest = arg_str(action, "token", "battle.border-token")
        require(dest in DESTINATIONS, "the border token goes to the treasury or the granary",
                "battle.border-token")
        t.s["stack"].pop()
        station(t, role, step["space"], ref, loc, units, dest)


def why_not(t: Table, role: str, space: str,
            action: Mapping[str, Any]) -> IllegalAction | None:
    """The rule a refused stationing breaks."""
    border = border_of(t, space)
    if not allowed_border(t, role, border):
        return IllegalAction("a state's second stationed general must go to its other border",
                             "battle.station.second-general")
    loc = action.get("location")
    place = t.data.locations.get(str(loc))
    if place is None or place.border != border:
        return IllegalAction("station at a location of this battle's border", "battle.station")
    if t.s["locations"][place.id] is not None:
        return IllegalAction(f"{place.name} is already occupied", "battle.station.occupied")
    bid = next((b for b in t.s["bids"].get(space, []) if b["role"] == role
                and b["general"] == action.get("general")), None)
    if bid is None:
        return IllegalAction("only a general who bid on this battle space can be stationed",
                             "battle.station")
    units = action.get("units", 0)
    card = t.general(role, bid["general"])
    if not units and (card is None or effects.station_alone(t, role, bid["general"]) is None):
        return IllegalAction("the general goes with at least one of his own army units",
                             "battle.station.min-units")
    if isinstance(units, int) and card is not None and units > min(card.leadership,
                                                                  bid["units"]):
        return IllegalAction("no more units than his leadership, and only those he led",
                             "battle.station.max-units")
    if units and bid["unit"] != place.type:
        return IllegalAction(f"{place.name} takes only {place.type} units",
                             "battle.station.army-type")
    return None


def station(t: Table, role: str, space: str, ref: str, loc: str, units: int,
            dest: str) -> None:
    bid = next(b for b in t.s["bids"][space] if b["role"] == role and b["general"] == ref)
    bidders = [b["general"] for b in t.s["bids"][space] if b["role"] == role]
    action_effects.after_action(t, role, "battle", bidders, {}, "battle.station")
    card = t.general(role, ref)
    assert card is not None
    place = t.data.locations[loc]
    unit = bid["unit"] if units else None
    alone = effects.station_alone(t, role, ref) if not units else None
    vp = 1 if (unit in card.specialisations or (alone is not None and alone["flip"])) else 0
    bid["units"] -= units
    t.return_general(role, ref)
    entry = t.entry(role, ref)
    entry["at"] = "stationed"
    entry["location"] = loc
    t.st(role)["stationed"].append({"general": ref, "location": loc, "units": units,
                                    "type": unit})
    t.s["locations"][loc] = {"role": role, "general": ref, "type": unit, "units": units}
    t.st(role)["border_tokens"].append({"location": loc, "on": dest, "vp": vp})
    what = f"with {units} {unit} units" if units else "without army units"
    t.say(f"{t.rname(role)} stations {card.name} {what} at {place.name}",
          "skill.zhao-yun" if alone is not None else "battle.station")
    side = "1 VP" if vp else "0 VP"
    why = "his specialisation" if unit in card.specialisations else (
        "his skill" if vp else "not his specialisation")
    t.say(f"The {place.name} token goes to {t.rname(role)}'s {dest}, {side} side up ({why})",
          "battle.station.specialisation" if units else "skill.zhao-yun")
