"""The fixed parts of Three Kingdoms Redux: board, tracks and rule numbers, typed and checked.

``data/board.yaml`` holds the states, borders, action spaces, unit types, ranks and the
tribal track; ``data/rules.yaml`` the numbers the rules use; ``data/tutorial.yaml`` the
Beginners' Tutorial recruitment. The generals, enhancement cards and border locations are
the replaceable data set (:mod:`.dataset`). A broken file raises :class:`CatalogError`
naming the file and the field.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any

from pbem import strict_yaml
from pbem.errors import FormatError

DATA_DIR = Path(__file__).resolve().parent / "data"
ROLES = ("wei", "wu", "shu")
RESOURCES = ("gold", "rice", "support", "untrained", "trained",
             "spear", "horse", "crossbow", "vessel")
WEAPONS = ("spear", "horse", "crossbow", "vessel")
CRITERIA = ("administration", "combat", "marker", "battle", "guaranteed")


class CatalogError(FormatError):
    """The fixed game data is malformed; the message names the file and the field."""


@dataclass(frozen=True)
class StateInfo:
    id: str
    name: str
    zh: str
    lord: str
    tribe: str
    tribe_zh: str
    colour: str


@dataclass(frozen=True)
class Border:
    id: str
    name: str
    states: tuple[str, str]


@dataclass(frozen=True)
class Space:
    """One of the 18 action spaces."""

    id: str
    name: str
    kind: str
    """common, battle or tribal."""
    criterion: str
    alliance: bool
    border: str | None = None
    state: str | None = None
    alias: str | None = None


@dataclass(frozen=True)
class UnitType:
    id: str
    name: str
    weapon: str


@dataclass(frozen=True)
class StartInfo:
    seat: int
    gold: int
    rice: int
    support: int
    tribal: int
    separation: int
    unification: int
    draw: int
    keep: int


@dataclass(frozen=True)
class Catalog:
    states: MappingProxyType[str, StateInfo]
    borders: MappingProxyType[str, Border]
    spaces: MappingProxyType[str, Space]
    marker_spaces: tuple[str, str]
    unit_types: MappingProxyType[str, UnitType]
    ranks: tuple[str, ...]
    tribal_min: int
    tribal_max: int
    tribal_bonus: MappingProxyType[int, int]
    numbers: MappingProxyType[str, Any]
    start: MappingProxyType[str, StartInfo]
    recruitment: MappingProxyType[int, MappingProxyType[str, tuple[int, int]]]
    tutorial: MappingProxyType[int, MappingProxyType[str, tuple[str, ...]]]
    """Round (1 for setup) -> state -> general ids."""

    def n(self, key: str) -> Any:
        """A rule number from rules.yaml."""
        return self.numbers[key]

    def borders_of(self, role: str) -> list[str]:
        return [b.id for b in self.borders.values() if role in b.states]

    def battle_space(self, border: str) -> str:
        return next(s.id for s in self.spaces.values() if s.border == border)

    def tribal_space(self, role: str) -> str:
        return next(s.id for s in self.spaces.values() if s.kind == "tribal" and s.state == role)

    def weapon_of(self, unit_type: str) -> str:
        return self.unit_types[unit_type].weapon


FILES = ("board.yaml", "rules.yaml", "tutorial.yaml")
"""The catalog's files: play reads them whatever data set a game uses."""


def _fail(source: str, field: str, message: str) -> CatalogError:
    return CatalogError(f"{source}: {field}: {message}")


def _read(name: str) -> Any:
    path = DATA_DIR / name
    return strict_yaml.load(path.read_text(encoding="utf-8"), name)


def _int(source: str, field: str, value: Any, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise _fail(source, field, f"must be a whole number from {low} to {high}, not {value!r}")
    return value


def _str(source: str, field: str, value: Any) -> str:
    if not isinstance(value, str) or not value:
        raise _fail(source, field, "must be a non-empty text")
    return value


def _board() -> dict[str, Any]:
    src = "board.yaml"
    raw = _read(src)
    states = {}
    for i, s in enumerate(raw["states"]):
        states[s["id"]] = StateInfo(*(_str(src, f"states[{i}].{k}", s.get(k)) for k in (
            "id", "name", "zh", "lord", "tribe", "tribe_zh", "colour")))
    if tuple(states) != ROLES:
        raise _fail(src, "states", f"must be {', '.join(ROLES)} in that order")
    borders = {}
    for i, b in enumerate(raw["borders"]):
        pair = tuple(b.get("states") or ())
        if len(pair) != 2 or not set(pair) <= set(ROLES) or pair[0] == pair[1]:
            raise _fail(src, f"borders[{i}].states", "must name two different states")
        borders[b["id"]] = Border(_str(src, f"borders[{i}].id", b.get("id")),
                                  _str(src, f"borders[{i}].name", b.get("name")),
                                  (str(pair[0]), str(pair[1])))
    spaces = {}
    for i, s in enumerate(raw["spaces"]):
        field = f"spaces[{i}]"
        if s.get("kind") not in ("common", "battle", "tribal"):
            raise _fail(src, f"{field}.kind", "must be common, battle or tribal")
        if s.get("criterion") not in CRITERIA:
            raise _fail(src, f"{field}.criterion", f"must be one of {', '.join(CRITERIA)}")
        if s.get("border") is not None and s["border"] not in borders:
            raise _fail(src, f"{field}.border", f"unknown border {s['border']!r}")
        if s.get("state") is not None and s["state"] not in ROLES:
            raise _fail(src, f"{field}.state", f"unknown state {s['state']!r}")
        spaces[s["id"]] = Space(str(s["id"]), _str(src, f"{field}.name", s.get("name")),
                                s["kind"], s["criterion"], bool(s.get("alliance")),
                                s.get("border"), s.get("state"), s.get("alias"))
    if len(spaces) != 18 or sum(1 for s in spaces.values() if s.alliance) != 10:
        raise _fail(src, "spaces", "must be 18 spaces, 10 of them eligible for the alliance")
    markers = tuple(raw["marker_spaces"])
    if len(markers) != 2 or any(spaces[m].criterion != "marker" for m in markers):
        raise _fail(src, "marker_spaces", "must name the two spaces with criterion marker")
    units = {u["id"]: UnitType(u["id"], u["name"], u["weapon"]) for u in raw["unit_types"]}
    if sorted(u.weapon for u in units.values()) != sorted(WEAPONS):
        raise _fail(src, "unit_types", "each weapon must equip exactly one unit type")
    tribal = raw["tribal"]
    return {"states": states, "borders": borders, "spaces": spaces, "markers": markers,
            "units": units, "ranks": tuple(raw["ranks"]), "tribal": tribal}


def _rules(states: dict[str, StateInfo]) -> dict[str, Any]:
    src = "rules.yaml"
    raw = _read(src)
    start = {}
    for role in ROLES:
        entry = raw["start"].get(role)
        if not isinstance(entry, dict):
            raise _fail(src, f"start.{role}", "is missing")
        start[role] = StartInfo(**{k: _int(src, f"start.{role}.{k}", entry.get(k), 0, 12)
                                   for k in StartInfo.__dataclass_fields__})
    recruitment = {}
    for rnd, table in raw["recruitment"].items():
        _int(src, f"recruitment.{rnd}", rnd, 1, raw["rounds"])
        rows = {}
        for role in ROLES:
            pair = table.get(role)
            if (not isinstance(pair, list) or len(pair) != 2
                    or _int(src, f"recruitment.{rnd}.{role}", pair[0], 1, 6) != pair[1] + 2):
                raise _fail(src, f"recruitment.{rnd}.{role}",
                            "must be [draw, keep] with draw two more than keep")
            rows[role] = (pair[0], pair[1])
        recruitment[rnd] = MappingProxyType(rows)
    numbers = {k: v for k, v in raw.items() if k not in ("start", "recruitment")}
    return {"start": start, "recruitment": recruitment, "numbers": numbers}


def _tutorial(recruit_rounds: list[int]) -> dict[int, MappingProxyType[str, tuple[str, ...]]]:
    src = "tutorial.yaml"
    raw = _read(src)
    out = {}
    for key, table in raw.items():
        rnd = 1 if key == "initial" else _int(src, str(key), key, 1, 12)
        if rnd != 1 and rnd not in recruit_rounds:
            raise _fail(src, str(key), "is not a recruitment round")
        out[rnd] = MappingProxyType({role: tuple(table.get(role) or ()) for role in ROLES})
    return out


@functools.cache
def load_catalog() -> Catalog:
    board = _board()
    rules = _rules(board["states"])
    tribal = board["tribal"]
    return Catalog(
        states=MappingProxyType(board["states"]),
        borders=MappingProxyType(board["borders"]),
        spaces=MappingProxyType(board["spaces"]),
        marker_spaces=board["markers"],
        unit_types=MappingProxyType(board["units"]),
        ranks=board["ranks"],
        tribal_min=int(tribal["min"]),
        tribal_max=int(tribal["max"]),
        tribal_bonus=MappingProxyType({int(k): int(v) for k, v in tribal["bonus"].items()}),
        numbers=MappingProxyType(rules["numbers"]),
        start=MappingProxyType(rules["start"]),
        recruitment=MappingProxyType(rules["recruitment"]),
        tutorial=MappingProxyType(_tutorial(list(rules["recruitment"]))),
    )
