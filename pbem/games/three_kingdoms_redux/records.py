"""One record of the data set (a general, a card, a border location), typed and checked.

Each parser takes a raw YAML mapping and where it stands (``generals[3]``) and returns the
typed record, or raises :class:`DataError` naming the source, the record and the field.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from pbem.errors import FormatError
from pbem.games.three_kingdoms_redux import vocabulary
from pbem.games.three_kingdoms_redux.catalog import ROLES, load_catalog

DECKS = ("unification", "separation")
_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
GENERAL_FIELDS = ("name", "administration", "combat", "leadership", "specialisations",
                  "headgear", "skill", "zh")
CARD_FIELDS = ("name", "deck", "prerequisites", "cost", "vp", "effects", "text")
LOCATION_FIELDS = ("name", "border", "type", "zh")


class DataError(FormatError):
    """A data set is malformed; the message names the file, the record and the field."""


@dataclass(frozen=True)
class General:
    id: str
    state: str
    name: str
    zh: str
    lord: bool
    administration: int
    combat: int
    leadership: int
    specialisations: tuple[str, ...]
    headgear: str
    skill_name: str
    skill_text: str
    effects: tuple[Mapping[str, Any], ...]
    reconstructed: tuple[str, ...] = ()
    sources: Mapping[str, str] = field(default_factory=dict)

    def rating(self, criterion: str) -> int:
        return self.administration if criterion == "administration" else self.combat


@dataclass(frozen=True)
class Card:
    id: str
    deck: str
    name: str
    prerequisites: tuple[Mapping[str, Any], ...]
    cost: Mapping[str, int]
    vp: int
    text: str
    effects: tuple[Mapping[str, Any], ...]
    reconstructed: tuple[str, ...] = ()
    sources: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Location:
    id: str
    name: str
    zh: str
    border: str
    type: str
    reconstructed: tuple[str, ...] = ()
    sources: Mapping[str, str] = field(default_factory=dict)


# ---------------------------------------------------------------------- validation


class Checker:
    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, where: str, message: str) -> DataError:
        return DataError(f"{self.source}: {where}: {message}")

    def int_(self, rec: Mapping[str, Any], where: str, key: str, low: int, high: int) -> int:
        value = rec.get(key)
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise self.fail(f"{where}.{key}", f"must be a whole number from {low} to {high}, "
                                              f"not {value!r}")
        return value

    def str_(self, rec: Mapping[str, Any], where: str, key: str, optional: bool = False) -> str:
        value = rec.get(key, "" if optional else None)
        if not isinstance(value, str) or (not value and not optional):
            raise self.fail(f"{where}.{key}", "must be a text")
        return value

    def id_(self, rec: Mapping[str, Any], where: str) -> str:
        value = rec.get("id")
        if not isinstance(value, str) or not _ID.match(value):
            raise self.fail(f"{where}.id", "must be lower-case words joined by '-'")
        return value

    def one(self, rec: Mapping[str, Any], where: str, key: str, allowed: tuple[str, ...]) -> str:
        value = rec.get(key)
        if value not in allowed:
            raise self.fail(f"{where}.{key}", f"must be one of {', '.join(allowed)}, "
                                              f"not {value!r}")
        return str(value)

    def provenance(self, rec: Mapping[str, Any], where: str, fields: tuple[str, ...],
                   parts: tuple[str, ...] = ()) -> tuple[tuple[str, ...], dict[str, str]]:
        """The record's ``reconstructed`` fields and ``sources``. A field may be marked
        whole or in ``parts`` (``skill.name``; an effect parameter ``effects.amount``)."""
        recon = rec.get("reconstructed", [])
        if not isinstance(recon, list) or any(f not in (*fields, "zh", "state", *parts)
                                              for f in recon):
            raise self.fail(f"{where}.reconstructed", f"must list fields among "
                                                      f"{', '.join((*fields, *parts))}")
        sources = rec.get("sources", {})
        if not isinstance(sources, dict) or not all(isinstance(v, str)
                                                    for v in sources.values()):
            raise self.fail(f"{where}.sources", "must map fields to rulebook lines")
        return tuple(recon), {str(k): v for k, v in sources.items()}

    def effects(self, value: Any, where: str, owner: str) -> tuple[Mapping[str, Any], ...]:
        if not isinstance(value, list):
            raise self.fail(where, "must be a list of effects")
        for i, effect in enumerate(value):
            problem = vocabulary.check(effect, owner)
            if problem:
                sub = f".{problem[0]}" if problem[0] else ""
                raise self.fail(f"{where}[{i}]{sub}", problem[1])
        return tuple(MappingProxyType(dict(e)) for e in value)

    def extra(self, rec: Mapping[str, Any], where: str, allowed: tuple[str, ...]) -> None:
        unknown = sorted(set(rec) - set(allowed))
        if unknown:
            raise self.fail(f"{where}.{unknown[0]}", "is not a field of this record")


def _parameters(effects: Any, prefix: str) -> tuple[str, ...]:
    """``<prefix>.<param>`` for each parameter of the given effects (provenance parts)."""
    if not isinstance(effects, list):
        return ()
    return tuple(f"{prefix}.{name}" for e in effects if isinstance(e, dict)
                 for name in e if name != "kind")


def parse_general(ck: Checker, rec: Any, where: str) -> General:
    if not isinstance(rec, dict):
        raise ck.fail(where, "must be a mapping")
    ck.extra(rec, where, ("id", "state", "name", "zh", "lord", "administration", "combat",
                          "leadership", "specialisations", "headgear", "skill",
                          "reconstructed", "sources"))
    gid = ck.id_(rec, where)
    specs = rec.get("specialisations")
    types = tuple(load_catalog().unit_types)
    if (not isinstance(specs, list) or not 1 <= len(specs) <= 2 or len(set(specs)) != len(specs)
            or any(s not in types for s in specs)):
        raise ck.fail(f"{where}.specialisations", f"must list one or two of {', '.join(types)}")
    skill = rec.get("skill", {"effects": []})
    if not isinstance(skill, dict) or set(skill) - {"name", "text", "effects"}:
        raise ck.fail(f"{where}.skill", "must be a mapping of name, text and effects")
    lord = rec.get("lord", False)
    if not isinstance(lord, bool):
        raise ck.fail(f"{where}.lord", "must be true or false")
    recon, sources = ck.provenance(rec, where, GENERAL_FIELDS, (
        "skill.name", "skill.text", "skill.effects",
        *_parameters(skill.get("effects"), "skill.effects")))
    return General(
        id=gid, state=ck.one(rec, where, "state", ROLES), name=ck.str_(rec, where, "name"),
        zh=ck.str_(rec, where, "zh", optional=True), lord=lord,
        administration=ck.int_(rec, where, "administration", 1, 5),
        combat=ck.int_(rec, where, "combat", 1, 5),
        leadership=ck.int_(rec, where, "leadership", 1, 2),
        specialisations=tuple(specs), headgear=ck.one(rec, where, "headgear",
                                                      ("civil", "military")),
        skill_name=ck.str_(skill, f"{where}.skill", "name", optional=True),
        skill_text=ck.str_(skill, f"{where}.skill", "text", optional=True),
        effects=ck.effects(skill.get("effects", []), f"{where}.skill.effects", "general"),
        reconstructed=recon, sources=sources)


def parse_card(ck: Checker, rec: Any, where: str) -> Card:
    if not isinstance(rec, dict):
        raise ck.fail(where, "must be a mapping")
    ck.extra(rec, where, ("id", "deck", "name", "prerequisites", "cost", "vp", "text",
                          "effects", "reconstructed", "sources"))
    cid = ck.id_(rec, where)
    prereqs = rec.get("prerequisites", [])
    if not isinstance(prereqs, list):
        raise ck.fail(f"{where}.prerequisites", "must be a list")
    for i, item in enumerate(prereqs):
        problem = vocabulary.check_prerequisite(item)
        if problem:
            sub = f".{problem[0]}" if problem[0] else ""
            raise ck.fail(f"{where}.prerequisites[{i}]{sub}", problem[1])
    cost = rec.get("cost", {})
    if not isinstance(cost, dict) or any(
            k not in vocabulary.COST_ITEMS or not isinstance(n, int) or isinstance(n, bool)
            or not 1 <= n <= 9 for k, n in cost.items()):
        raise ck.fail(f"{where}.cost", f"must map {', '.join(vocabulary.COST_ITEMS)} to "
                                       "numbers from 1 to 9")
    recon, sources = ck.provenance(rec, where, CARD_FIELDS,
                                   _parameters(rec.get("effects"), "effects"))
    return Card(id=cid, deck=ck.one(rec, where, "deck", DECKS), name=ck.str_(rec, where, "name"),
                prerequisites=tuple(MappingProxyType(dict(p)) for p in prereqs),
                cost=MappingProxyType(dict(cost)), vp=ck.int_(rec, where, "vp", 0, 9),
                text=ck.str_(rec, where, "text", optional=True),
                effects=ck.effects(rec.get("effects", []), f"{where}.effects", "card"),
                reconstructed=recon, sources=sources)


def parse_location(ck: Checker, rec: Any, where: str) -> Location:
    if not isinstance(rec, dict):
        raise ck.fail(where, "must be a mapping")
    ck.extra(rec, where, ("id", "name", "zh", "border", "type", "reconstructed", "sources"))
    cat = load_catalog()
    recon, sources = ck.provenance(rec, where, LOCATION_FIELDS)
    return Location(id=ck.id_(rec, where), name=ck.str_(rec, where, "name"),
                    zh=ck.str_(rec, where, "zh", optional=True),
                    border=ck.one(rec, where, "border", tuple(cat.borders)),
                    type=ck.one(rec, where, "type", tuple(cat.unit_types)),
                    reconstructed=recon, sources=sources)
