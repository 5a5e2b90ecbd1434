"""The record kinds of each section of the Chronicles data, field by field.

``FILES`` maps each data file to its sections; ``SPECS`` each section to the
:class:`~.fields.Spec` of its records; ``RULES`` each id of the ``rules`` section to the
reader of its value. Ranges are wide: they bound a transcription, not the reconstruction.
"""

from __future__ import annotations

import re
from typing import Any

from pbem.games.chronicles import records as r
from pbem.games.chronicles.fields import (
    Checker,
    Field,
    Reader,
    Spec,
    choice,
    flag,
    fraction,
    ident,
    integer,
    key_int,
    listof,
    mapping,
    nested,
    optional,
    pair,
    ratio,
    text,
    unique_ids,
)

FILES: dict[str, tuple[str, ...]] = {
    "map": ("territories", "borders"),
    "territory_cards": ("territory_cards",),
    "cards": ("events", "disasters", "stratagems"),
    "generals": ("generals",),
    "counters": ("armies", "actions", "objects", "randomizers", "markers"),
    "leaders": ("leaders",),
    "non_human": ("non_human",),
    "tables": ("terrain", "battle_outcome", "morale", "relation_changes", "influence_changes",
               "rules"),
}
SECTIONS: tuple[str, ...] = tuple(s for sections in FILES.values() for s in sections)
FILE_OF: dict[str, str] = {s: f"{name}.yaml" for name, ss in FILES.items() for s in ss}

YEAR = integer(150, 280)
RATING = integer(1, 12)
COUNT = integer(0, 500)
TARGETS = ("forces", "city", "gold", "own-forces", "own-city", "stratagems")
TESTS = ("both-intelligence", "own-eloquence", "own-intelligence-and-leadership")
MIXES = ("all-infantry", "cavalry-level-1", "naval-one-in-five")
_CELL = re.compile(r"^(\*{0,3})(\d+)/(\d+)(\*{0,3})$")


def _f(reader: Reader, default: Any = ..., inner: Any = None) -> Field:
    return Field(reader, inner=inner) if default is ... else Field(reader, default, inner)


def _loyalty(ck: Checker, value: Any, where: str) -> int | None:
    if value == "X":
        return None
    return integer(1, 12)(ck, value, where)


def _icons(partial: bool) -> Reader:
    """Icon -> shown; a card gives all five, an area only its differences."""
    read = mapping(choice(*r.ICONS), flag)

    def check(ck: Checker, value: Any, where: str) -> Any:
        icons = read(ck, value, where)
        missing = [i for i in r.ICONS if i not in icons]
        if missing and not partial:
            raise ck.fail(f"{where}.{missing[0]}", "is missing (give every icon, true or false)")
        return icons
    return check


def _cell(ck: Checker, value: Any, where: str) -> r.Outcome:
    found = _CELL.match(value) if isinstance(value, str) else None
    if not found:
        raise ck.fail(where, f"must be a cell such as '2/3', '*2/1' or '1/4**', not {value!r}")
    return r.Outcome(invader=int(found[2]), defender=int(found[3]),
                     invader_stars=len(found[1]), defender_stars=len(found[4]))


def _counter(ck: Checker, value: Any, where: str) -> tuple[int, int]:
    if not isinstance(value, dict) or set(value) != {"value", "count"}:
        raise ck.fail(where, "must be {value: units on the counter, count: how many}")
    return integer(1, 100)(ck, value["value"], f"{where}.value"), \
        COUNT(ck, value["count"], f"{where}.count")


_PARAM_NAME = re.compile(r"^[a-z][a-z0-9]*(_[a-z0-9]+)*$")


def _param_name(ck: Checker, value: Any, where: str) -> str:
    """An event parameter's name: lower-case words joined by '_'."""
    if not isinstance(value, str) or not _PARAM_NAME.match(value):
        raise ck.fail(where, f"must be lower-case words joined by '_', not {value!r}")
    return value


def _param(ck: Checker, value: Any, where: str) -> Any:
    """An event parameter: a whole number, an id, or a list of either."""
    if isinstance(value, list):
        return tuple(_param(ck, v, f"{where}[{i}]") for i, v in enumerate(value))
    if isinstance(value, int) and not isinstance(value, bool):
        return integer(-100, 1000)(ck, value, where)
    return ident(ck, value, where)


START_FIELDS = ("territories", "areas", "gold", "armies")


def _start(ck: Checker, value: Any, where: str) -> r.Start:
    if not isinstance(value, dict):
        raise ck.fail(where, "must be a mapping of territories, areas, gold, armies")
    unknown = sorted(map(str, set(value) - {"territories", "areas", "gold", "armies"}))
    if unknown:
        raise ck.fail(f"{where}.{unknown[0]}", "is not a field of a start "
                                               "(fields: territories, areas, gold, armies)")
    return r.Start(
        territories=listof(integer(1, 99), unique=True)(ck, value.get("territories", []),
                                                         f"{where}.territories"),
        areas=listof(ident, unique=True)(ck, value.get("areas", []), f"{where}.areas"),
        gold=integer(0, 999)(ck, value.get("gold", 0), f"{where}.gold"),
        armies=mapping(ident, integer(0, 99))(ck, value.get("armies", {}), f"{where}.armies"))


AREA = Spec(r.Area, {
    "name": _f(text), "zh": _f(text, ""), "terrain": _f(choice(*r.TERRAINS)),
    "side": _f(choice(*r.SIDES)), "entry_from": _f(listof(ident, unique=True), ())},
    common=False)
CARD_AREA = Spec(r.CardArea, {
    "defensive_value": _f(integer(0, 20)), "income": _f(pair(0, 99)),
    "icons": _f(_icons(partial=True), {}, r.ICONS)}, common=False)
_CARD = {"name": _f(text), "zh": _f(text, ""), "copies": _f(integer(1, 50)),
         "text": _f(text, "")}

SPECS: dict[str, Spec] = {
    "territories": Spec(r.Territory, {
        "number": _f(integer(1, 99)), "name": _f(text), "zh": _f(text, ""),
        "printed_as": _f(text, ""), "half": _f(choice(*r.HALVES)),
        "areas": _f(unique_ids(listof(nested(AREA), 1, 3)), inner=AREA)}),
    "borders": Spec(r.Border, {
        "between": _f(pair(1, 99)),
        "no_invasion": _f(listof(listof(ident, 2, 2)), ())}),
    "territory_cards": Spec(r.TerritoryCard, {
        "land_value": _f(integer(0, 20)), "income": _f(pair(0, 99)),
        "supply": _f(integer(1, 9)), "flood_prevention": _f(integer(0, 20), 0),
        "icons": _f(_icons(partial=False), inner=r.ICONS),
        "invasion_void_with": _f(listof(ident, unique=True), ()),
        "areas": _f(unique_ids(listof(nested(CARD_AREA), 1, 3)), inner=CARD_AREA)}),
    "events": Spec(r.Event, {
        **_CARD, "number": _f(integer(1, 99)), "from_year": _f(optional(YEAR), None),
        "drawer": _f(ident), "params": _f(mapping(_param_name, _param), {})}),
    "disasters": Spec(r.Disaster, {
        **_CARD, "icon": _f(choice("none", "flood", "invasion")),
        "seasons": _f(listof(choice(*r.SEASONS), 1, 4, unique=True)),
        "effect": _f(choice("gold", "land-value", "war")), "dice": _f(integer(0, 6), 0),
        "add": _f(integer(-20, 20), 0), "strength_dice": _f(optional(integer(1, 9)), None)}),
    "stratagems": Spec(r.Stratagem, {
        **_CARD, "number": _f(integer(1, 99)),
        "targets": _f(listof(choice(*TARGETS), 1, 6, unique=True)), "test": _f(choice(*TESTS)),
        "multiplier": _f(optional(fraction), None),
        "city_multiplier": _f(optional(fraction), None),
        "doubles": _f(listof(ident, unique=True), ()), "influence": _f(integer(-9, 9), 0),
        "named_generals": _f(listof(ident, unique=True), ()),
        "named_roll": _f(integer(-6, 6), 0)}),
    "generals": Spec(r.General, {
        "name": _f(text), "zh": _f(text, ""), "leader": _f(flag, False),
        "employer": _f(ident), "intelligence": _f(RATING), "leadership": _f(RATING),
        "loyalty": _f(_loyalty), "combat": _f(RATING), "eloquence": _f(RATING),
        "number": _f(optional(integer(1, 99)), None), "death_year": _f(optional(YEAR), None),
        "appears": _f(optional(YEAR), None), "undiscovered": _f(flag, False),
        "exclusive_to": _f(optional(ident), None)}),
    "armies": Spec(r.ArmyKind, {
        "name": _f(text), "zh": _f(text, ""), "type": _f(choice("infantry", "cavalry", "naval")),
        "level": _f(optional(integer(1, 2)), None), "recruit_cost": _f(integer(0, 20)),
        "maintenance": _f(integer(0, 20)), "supply": _f(fraction),
        "icon": _f(choice("none", *r.ICONS)), "counters": _f(listof(_counter, 1, 20))}),
    "actions": Spec(r.ActionKind, {
        "name": _f(text), "zh": _f(text, ""), "count": _f(COUNT),
        "test": _f(choice("intelligence", "defence", "diplomacy", "none")),
        "text": _f(text, "")}),
    "objects": Spec(r.ObjectKind, {
        "name": _f(text), "zh": _f(text, ""), "count": _f(integer(1, 50)),
        "value": _f(optional(integer(0, 20)), None), "recruit": _f(flag),
        "diplomacy": _f(flag), "tradable": _f(flag), "relation_gain": _f(integer(0, 9)),
        "stays_on_non_human": _f(flag), "starts_with": _f(optional(ident), None),
        "text": _f(text, "")}),
    "randomizers": Spec(r.Randomizer, {
        "name": _f(text), "numbers": _f(pair(0, 99)),
        "extra": _f(mapping(ident, integer(0, 20)), {}), "count": _f(COUNT),
        "text": _f(text, "")}),
    "markers": Spec(r.Marker, {
        "name": _f(text), "count": _f(COUNT), "per_leader": _f(flag, False),
        "text": _f(text, "")}),
    "leaders": Spec(r.Leader, {
        "name": _f(text), "zh": _f(text, ""), "colour": _f(text), "table": _f(flag),
        "start": _f(_start, inner=START_FIELDS), "influence": _f(integer(0, 99)),
        "relations": _f(mapping(ident, integer(0, 9))),
        "special_events": _f(listof(ident, unique=True), ()),
        "free_maintenance": _f(flag, False)}),
    "non_human": Spec(r.NonHuman, {
        "leader": _f(optional(ident)), "stands_for": _f(optional(ident), None),
        "territories": _f(listof(integer(1, 99), unique=True), ()),
        "areas": _f(listof(ident, unique=True), ()),
        "armies": _f(listof(integer(0, 99), 11, 11)), "mix": _f(optional(choice(*MIXES)), None),
        "objects": _f(listof(ident, unique=True), ())}),
    "terrain": Spec(r.TerrainRow, {
        **{t: _f(integer(0, 9)) for t in ("river", "flat", "mountain", "city_attack",
                                          "city_defence")},
        "advantage": _f(choice(*r.TERRAINS))}),
    "battle_outcome": Spec(r.BattleRow, {
        "roll": _f(integer(2, 12)), "cells": _f(listof(_cell, 1, 20)),
        "vanguard_test": _f(optional(choice("invader", "defender")), None),
        "city_loss": _f(integer(0, 9), 0)}),
    "morale": Spec(r.MoraleRow, {
        "roll": _f(integer(2, 12)), "losses": _f(listof(integer(0, 20), 1, 20))}),
    "relation_changes": Spec(r.Change, {
        "amount": _f(integer(-9, 9)), "other": _f(optional(integer(-9, 9)), None),
        "both": _f(flag, False), "text": _f(text)}),
    "influence_changes": Spec(r.Change, {
        "category": _f(choice("diplomacy", "development", "political", "military", "others")),
        "amount": _f(integer(-9, 9)), "undo": _f(optional(integer(-9, 9)), None),
        "text": _f(text)}),
    "rules": Spec(r.Rule, {"value": _f(lambda ck, v, w: v), "text": _f(text)}),
}

_INTS = listof(integer(-100, 1000), 1, 20)
RULES: dict[str, Reader] = {
    "start-year": YEAR, "end-year": YEAR,
    "seasons": listof(choice(*r.SEASONS), 4, 4, unique=True),
    "cards-per-round": integer(0, 9), "counters-per-round": integer(0, 9),
    "objects-at-start": integer(0, 9), "hand-limit": integer(0, 20),
    "victory": mapping(key_int, integer(1, 99), 1),
    "line-ups": mapping(key_int, listof(ident, 1, 7, unique=True), 1),
    "army-growth": mapping(key_int, integer(0, 20)), "non-human-dice": integer(1, 4),
    "missing-ability": RATING, "battle-ratios": listof(ratio, 2, 20),
    "automatic-ratio": listof(ratio, 1, 4), "gold-target-factor": integer(1, 9),
    "gold-target-bonus": integer(0, 9),
    "vanguard-test-rolls": mapping(choice("invader", "defender"), _INTS),
    "vanguard-death-roll": integer(2, 12), "morale-leadership": listof(RATING, 1, 12),
    "morale-stars": mapping(choice("*", "**", "***"), integer(0, 9)),
    "morale-units-per-roll": integer(1, 20), "summer-cavalry": integer(-9, 9),
    "north-south-divisor": integer(1, 9), "supply-same-territory": integer(1, 9),
    "supply-pass-through": integer(1, 9), "supply-loan": integer(1, 9),
    "gold-reinforcement": mapping(choice("infantry", "cavalry", "naval"), integer(1, 20)),
    "recruit-per-counter": mapping(choice("infantry", "cavalry", "naval"), integer(0, 20)),
    "special-tax-dice": integer(1, 6), "natural-fail": _INTS, "guards-vs-spy": integer(0, 12),
    "trade-barred-levels": _INTS, "relation-range": pair(0, 20),
    "loan-levels": mapping(choice("gold", "armies"), integer(0, 20)),
    "disaster-sides": mapping(choice("east", "west"), _INTS), "disaster-redraw": pair(1, 99),
    "x-placement-draws": integer(1, 999),
}
"""Each rule's reader. The ``rules`` section must give every one, and no other."""


def rule_value(ck: Checker, rule: r.Rule, where: str) -> Any:
    """The typed value of one rule record."""
    reader = RULES.get(rule.id)
    if reader is None:
        raise ck.fail(f"{where}.id", f"{rule.id!r} is not a rule of the game")
    return reader(ck, rule.value, f"{where}.value")
