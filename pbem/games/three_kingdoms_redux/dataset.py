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
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any

from pbem import data_overlay, kept_data, strict_yaml
from pbem.errors import UsageError
from pbem.games.three_kingdoms_redux.catalog import DATA_DIR, ROLES, load_catalog
from pbem.games.three_kingdoms_redux.catalog import FILES as CATALOG_FILES
from pbem.games.three_kingdoms_redux.records import (
    CARD_FIELDS,
    DECKS,
    GENERAL_FIELDS,
    LOCATION_FIELDS,
    Card,
    Checker,
    DataError,
    General,
    Location,
    parse_card,
    parse_general,
    parse_location,
)

__all__ = [
    "CARDS_PER_DECK",
    "CARD_FIELDS",
    "DECKS",
    "GENERALS_PER_STATE",
    "GENERAL_FIELDS",
    "LOCATIONS_PER_BORDER",
    "LOCATION_FIELDS",
    "Card",
    "DataError",
    "DataSet",
    "General",
    "Location",
    "build",
    "builtin",
    "builtin_files",
    "from_document",
    "get",
    "load_data",
    "merge",
    "register",
]

GENERALS_PER_STATE = 23
CARDS_PER_DECK = 21
LOCATIONS_PER_BORDER = 5


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


def _records(ck: Checker, doc: Mapping[str, Any], key: str, make: Any) -> dict[str, Any]:
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


def _check_counts(ck: Checker, generals: dict[str, General], cards: dict[str, Card],
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
    return {key: [data_overlay.plain(r) for r in records] for key, records in section.items()}


def build(doc: Mapping[str, Any], source: str) -> DataSet:
    """Validate a complete data document ``{generals, cards, locations}``."""
    ck = Checker(source)
    if not isinstance(doc, Mapping):
        raise ck.fail("top", "must be a mapping of generals, cards and locations")
    generals = _records(ck, doc, "generals", parse_general)
    cards = _records(ck, doc, "cards", parse_card)
    locations = _records(ck, doc, "locations", parse_location)
    _check_counts(ck, generals, cards, locations)
    canonical = _document({k: doc[k] for k in ("generals", "cards", "locations")})
    text = json.dumps(canonical, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    return DataSet(MappingProxyType(generals), MappingProxyType(cards),
                   MappingProxyType(locations), canonical, digest)


SECTIONS = ("generals", "cards", "locations")
"""The replaceable sections, each the built-in file of its name (``generals.yaml``...)."""

_MAKERS = {"generals": parse_general, "cards": parse_card, "locations": parse_location}


def _builtin_document() -> dict[str, Any]:
    doc: dict[str, Any] = {}
    for key in SECTIONS:
        name = f"{key}.yaml"
        doc[key] = strict_yaml.load((DATA_DIR / name).read_text(encoding="utf-8"), name)[key]
    return doc


@functools.cache
def builtin() -> DataSet:
    return build(_builtin_document(), "built-in data")


def builtin_files(replaced: bool) -> tuple[Path, ...]:
    """The shipped data files a game reads: the catalog's, and the built-in data set's
    unless the game uses an owner's data set (``replaced``) instead."""
    names = CATALOG_FILES if replaced else (*CATALOG_FILES, *(f"{k}.yaml" for k in SECTIONS))
    return tuple(DATA_DIR / name for name in names)


def merge(doc: Mapping[str, Any], source: str) -> dict[str, Any]:
    """A transcription (merge or replace mode) over the built-in document."""
    ck = Checker(source)
    if not isinstance(doc, Mapping):
        raise ck.fail("top", "must be a mapping of generals, cards and/or locations")
    sections = {k: [(rec, "built-in", f"{k}[{i}]") for i, rec in enumerate(v)]
                for k, v in _builtin_document().items()}
    data_overlay.lay_over(sections, {}, doc, source, ("generals", "cards", "locations"),
                          None, lambda key, rec, where: _MAKERS[key](ck, rec, where),
                          ck.fail, DataError)
    out = {k: [rec for rec, _, _ in entries] for k, entries in sections.items()}
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
    data = _REGISTRY.get(digest) \
        or kept_data.recall("three-kingdoms-redux", digest, from_document)
    if data is None:
        raise UsageError(f"no data set with hash {digest[:16]}... is loaded on this machine "
                         f"(give its file with --data)")
    return data

