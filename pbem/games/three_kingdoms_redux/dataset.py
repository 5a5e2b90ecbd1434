"""The replaceable data set: generals, state enhancement cards and border locations.

The built-in set (``data/generals.yaml``, ``data/cards.yaml``, ``data/locations.yaml``)
reconstructs what the rulebook text lacks; every reconstructed field is listed in its
record's ``reconstructed``. An owner of the printed game can play with a transcription of
their own cards: :func:`load_data` validates such a file (one-line errors naming the
field), :func:`register` makes it available under its content hash, and a game selects it
with the module option ``data: <hash>`` (the default is the built-in set).

Transcription file (YAML)::

    mode: merge            # merge (default): records replace built-in ones with the same id
                           # replace: each section given replaces the whole built-in section
    generals: [...]        # same fields as data/generals.yaml
    cards: [...]           # same fields as data/cards.yaml
    locations: [...]       # same fields as data/locations.yaml
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from pbem import strict_yaml
from pbem.errors import FormatError, UsageError
from pbem.games.three_kingdoms_redux import vocabulary
from pbem.games.three_kingdoms_redux.catalog import DATA_DIR, ROLES, load_catalog

GENERALS_PER_STATE = 23
CARDS_PER_DECK = 21
LOCATIONS_PER_BORDER = 5
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


@dataclass(frozen=True)
class DataSet:
    generals: MappingProxyType[str, General]
    cards: MappingProxyType[str, Card]
    locations: MappingProxyType[str, Location]
    document: Mapping[str, Any]
    """The validated records as plain data (what a save embeds)."""
    hash: str

    def pool(self, role: str) -> list[str]:
        """A state's general deck: its generals without the lord."""
        return [g.id for g in self.generals.values() if g.state == role and not g.lord]

    def deck(self, name: str) -> list[str]:
        return [c.id for c in self.cards.values() if c.deck == name]

    def reconstructed_counts(self) -> dict[str, int]:
        return {"generals": sum(1 for g in self.generals.values() if g.reconstructed),
                "cards": sum(1 for c in self.cards.values() if c.reconstructed),
                "locations": sum(1 for p in self.locations.values() if p.reconstructed)}


# ---------------------------------------------------------------------- validation


class _Checker:
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

    def provenance(self, rec: Mapping[str, Any], where: str, fields: tuple[str, ...]
                   ) -> tuple[tuple[str, ...], dict[str, str]]:
        recon = rec.get("reconstructed", [])
        if not isinstance(recon, list) or any(f not in (*fields, "zh", "state")
                                              for f in recon):
            raise self.fail(f"{where}.reconstructed", f"must list fields among "
                                                      f"{', '.join(fields)}")
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


def _general(ck: _Checker, rec: Any, where: str) -> General:
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
    recon, sources = ck.provenance(rec, where, GENERAL_FIELDS)
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


def _card(ck: _Checker, rec: Any, where: str) -> Card:
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
    recon, sources = ck.provenance(rec, where, CARD_FIELDS)
    return Card(id=cid, deck=ck.one(rec, where, "deck", DECKS), name=ck.str_(rec, where, "name"),
                prerequisites=tuple(MappingProxyType(dict(p)) for p in prereqs),
                cost=MappingProxyType(dict(cost)), vp=ck.int_(rec, where, "vp", 0, 9),
                text=ck.str_(rec, where, "text", optional=True),
                effects=ck.effects(rec.get("effects", []), f"{where}.effects", "card"),
                reconstructed=recon, sources=sources)


def _location(ck: _Checker, rec: Any, where: str) -> Location:
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


def _records(ck: _Checker, doc: Mapping[str, Any], key: str, make: Any) -> dict[str, Any]:
    items = doc.get(key)
    if not isinstance(items, list):
        raise ck.fail(key, "must be a list of records")
    out: dict[str, Any] = {}
    for i, rec in enumerate(items):
        item = make(ck, rec, f"{key}[{i}]")
        if item.id in out:
            raise ck.fail(f"{key}[{i}].id", f"{item.id!r} is given twice")
        out[item.id] = item
    return out


def _check_counts(ck: _Checker, generals: dict[str, General], cards: dict[str, Card],
                  locations: dict[str, Location]) -> None:
    cat = load_catalog()
    per_state = Counter(g.state for g in generals.values())
    for role in ROLES:
        if per_state[role] != GENERALS_PER_STATE:
            raise ck.fail("generals", f"{role} has {per_state[role]} generals, not "
                                      f"{GENERALS_PER_STATE}")
        lords = [g.id for g in generals.values() if g.state == role and g.lord]
        if lords != [cat.states[role].lord]:
            raise ck.fail("generals", f"{role}'s only lord must be {cat.states[role].lord}")
    per_deck = Counter(c.deck for c in cards.values())
    for deck in DECKS:
        if per_deck[deck] != CARDS_PER_DECK:
            raise ck.fail("cards", f"the {deck} deck has {per_deck[deck]} cards, not "
                                   f"{CARDS_PER_DECK}")
    per_border = Counter(p.border for p in locations.values())
    for border in cat.borders:
        if per_border[border] != LOCATIONS_PER_BORDER:
            raise ck.fail("locations", f"border {border} has {per_border[border]} locations, "
                                       f"not {LOCATIONS_PER_BORDER}")


def _document(section: Mapping[str, Any]) -> dict[str, Any]:
    """The canonical plain form of validated records (stable for hashing)."""
    def plain(value: Any) -> Any:
        if isinstance(value, Mapping):
            return {str(k): plain(v) for k, v in value.items()}
        if isinstance(value, list | tuple):
            return [plain(v) for v in value]
        return value
    return {key: [plain(r) for r in records] for key, records in section.items()}


def build(doc: Mapping[str, Any], source: str) -> DataSet:
    """Validate a complete data document ``{generals, cards, locations}``."""
    ck = _Checker(source)
    if not isinstance(doc, Mapping):
        raise ck.fail("top", "must be a mapping of generals, cards and locations")
    generals = _records(ck, doc, "generals", _general)
    cards = _records(ck, doc, "cards", _card)
    locations = _records(ck, doc, "locations", _location)
    _check_counts(ck, generals, cards, locations)
    canonical = _document({k: doc[k] for k in ("generals", "cards", "locations")})
    text = json.dumps(canonical, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    return DataSet(MappingProxyType(generals), MappingProxyType(cards),
                   MappingProxyType(locations), canonical, digest)


_MAKERS = {"generals": _general, "cards": _card, "locations": _location}


def _builtin_document() -> dict[str, Any]:
    doc: dict[str, Any] = {}
    for key in ("generals", "cards", "locations"):
        name = f"{key}.yaml"
        doc[key] = strict_yaml.load((DATA_DIR / name).read_text(encoding="utf-8"), name)[key]
    return doc


@functools.cache
def builtin() -> DataSet:
    return build(_builtin_document(), "built-in data")


def merge(doc: Mapping[str, Any], source: str) -> dict[str, Any]:
    """A transcription (merge or replace mode) over the built-in document."""
    ck = _Checker(source)
    if not isinstance(doc, Mapping):
        raise ck.fail("top", "must be a mapping of generals, cards and/or locations")
    unknown = sorted(set(doc) - {"mode", "generals", "cards", "locations"})
    if unknown:
        raise ck.fail(str(unknown[0]), "is not a section (sections: mode, generals, cards, "
                                       "locations)")
    mode = doc.get("mode", "merge")
    if mode not in ("merge", "replace"):
        raise ck.fail("mode", "must be merge or replace")
    base = _builtin_document()
    out = {k: list(v) for k, v in base.items()}
    for key in ("generals", "cards", "locations"):
        if key not in doc:
            continue
        given = doc[key]
        if not isinstance(given, list):
            raise ck.fail(key, "must be a list of records")
        for i, rec in enumerate(given):  # each record checked where the owner wrote it
            _MAKERS[key](ck, rec, f"{key}[{i}]")
        if mode == "replace":
            out[key] = list(given)
            continue
        index = {rec["id"]: i for i, rec in enumerate(out[key])}
        for i, rec in enumerate(given):
            rid = rec.get("id") if isinstance(rec, dict) else None
            if rid not in index:
                raise ck.fail(f"{key}[{i}].id", f"no built-in record {rid!r} to replace "
                                                "(mode: replace gives a whole section)")
            out[key][index[rid]] = rec
    return out


# ---------------------------------------------------------------------- registry

_REGISTRY: dict[str, DataSet] = {}


def register(data: DataSet) -> str:
    """Make ``data`` available to games under its hash; returns the hash."""
    _REGISTRY[data.hash] = data
    return data.hash


def from_document(doc: Mapping[str, Any], source: str = "embedded data") -> DataSet:
    """Validate a complete data document (as :attr:`DataSet.document`) and register it."""
    data = build(doc, source)
    register(data)
    return data


def load_data(path: str | Path) -> DataSet:
    """Read, validate and register a transcription file; errors name the field."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror}") from None
    doc = strict_yaml.load(strict_yaml.decode(raw, str(path)), str(path))
    data = build(merge(doc, str(path)), str(path))
    register(data)
    return data


def get(digest: str | None) -> DataSet:
    """The data set with this hash (``None``: the built-in set)."""
    default = builtin()
    if digest is None or digest == default.hash:
        return default
    data = _REGISTRY.get(digest)
    if data is None:
        raise UsageError(f"no data set with hash {digest[:16]}... is loaded on this machine "
                         f"(give its file with --data)")
    return data
