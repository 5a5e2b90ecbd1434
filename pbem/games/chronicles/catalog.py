"""The data of Chronicles of the Three Kingdoms: loaded, validated, hashed and cached.

The built-in data (``data/*.yaml``) keeps every fact of the rulebook text and
reconstructs the rest; each record lists its reconstructed fields. :func:`load` reads it,
or an owner's transcription of the printed map, cards and counters in place of some of it,
with no code change:

* ``load()``: the built-in data;
* ``load("mine.yaml")``: one file with any of the sections (``territories``, ``borders``,
  ``territory_cards``, ``events``, ... ``rules``: :data:`SECTIONS`) and an optional
  ``mode``: ``merge`` (the default: each record replaces the built-in record with the same
  id, which must exist) or ``replace`` (each section given replaces the whole built-in
  section);
* ``load("folder")``: a folder holding any of the built-in files (``map.yaml``,
  ``cards.yaml``, ...: :data:`FILES`), each shaped like the built-in one; a file replaces
  the sections of the built-in file of its name (``mode: merge`` in it merges instead).

The text's counts and the references between sections are checked on the result
(:mod:`.checks`). Errors are one line naming the file, the record as it stands in that
file and the field (``mine.yaml: generals[0].loyalty: ...``).
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any

from pbem import data_overlay, strict_yaml
from pbem.data_overlay import Entry
from pbem.errors import UsageError
from pbem.games.chronicles import checks
from pbem.games.chronicles.fields import Checker, parse
from pbem.games.chronicles.records import (
    ActionKind,
    Area,
    ArmyKind,
    BattleRow,
    Border,
    Change,
    ChroniclesDataError,
    Disaster,
    Event,
    General,
    Leader,
    Marker,
    MoraleRow,
    NonHuman,
    ObjectKind,
    Randomizer,
    Record,
    Rule,
    Stratagem,
    TerrainRow,
    Territory,
    TerritoryCard,
)
from pbem.games.chronicles.specs import FILES, SECTIONS, SPECS, rule_value

__all__ = ["DATA_DIR", "FILES", "SECTIONS", "ChroniclesData", "ChroniclesDataError",
           "builtin", "from_document", "load"]

DATA_DIR = Path(__file__).parent / "data"

Files = tuple[tuple[tuple[str, ...] | None, str, str], ...]
"""An owner's files: (the sections of a folder's file or None, label, text)."""


@dataclass(frozen=True)
class ChroniclesData:
    """One data set: every section as id -> record, in the order of its file."""

    territories: Mapping[str, Territory]
    borders: Mapping[str, Border]
    territory_cards: Mapping[str, TerritoryCard]
    events: Mapping[str, Event]
    disasters: Mapping[str, Disaster]
    stratagems: Mapping[str, Stratagem]
    generals: Mapping[str, General]
    armies: Mapping[str, ArmyKind]
    actions: Mapping[str, ActionKind]
    objects: Mapping[str, ObjectKind]
    randomizers: Mapping[str, Randomizer]
    markers: Mapping[str, Marker]
    leaders: Mapping[str, Leader]
    non_human: Mapping[str, NonHuman]
    terrain: Mapping[str, TerrainRow]
    battle_outcome: Mapping[str, BattleRow]
    morale: Mapping[str, MoraleRow]
    relation_changes: Mapping[str, Change]
    influence_changes: Mapping[str, Change]
    rules: Mapping[str, Rule]
    rule_values: Mapping[str, Any]
    """Each rule's value, typed (:data:`.specs.RULES`): what :meth:`rule` returns."""
    origin: Mapping[str, str]
    """Section -> the file its records were last taken from."""
    document: Mapping[str, Any]
    """Every section as plain data (what a save embeds)."""
    hash: str
    """SHA-256 of the canonical JSON of :attr:`document`."""

    @property
    def sections(self) -> Mapping[str, Mapping[str, Record]]:
        """Section name -> its records."""
        return MappingProxyType({s: getattr(self, s) for s in SECTIONS})

    def records(self) -> Iterator[Record]:
        for section in SECTIONS:
            yield from getattr(self, section).values()

    def rule(self, name: str) -> Any:
        """The typed value of one rule (``rule("hand-limit")`` -> 4)."""
        return self.rule_values[name]

    @functools.cached_property
    def _numbers(self) -> Mapping[int, Territory]:
        return MappingProxyType({t.number: t for t in self.territories.values()})

    @functools.cached_property
    def _areas(self) -> Mapping[str, tuple[Territory, Area]]:
        return MappingProxyType({a.id: (t, a) for t in self.territories.values()
                                 for a in t.areas})

    @functools.cached_property
    def _graph(self) -> Mapping[int, tuple[int, ...]]:
        out: dict[int, set[int]] = {n: set() for n in self._numbers}
        for border in self.borders.values():
            low, high = border.between
            out[low].add(high)
            out[high].add(low)
        return MappingProxyType({n: tuple(sorted(ns)) for n, ns in out.items()})

    def territory(self, number: int) -> Territory:
        """The territory of a number (1-20); ``KeyError`` for none."""
        return self._numbers[number]

    def area(self, area_id: str) -> tuple[Territory, Area]:
        """An area and the territory it lies in; ``KeyError`` for none."""
        return self._areas[area_id]

    def card_of(self, territory_id: str) -> TerritoryCard:
        """The territory card of a territory (by the territory's id)."""
        return self.territory_cards[territory_id]

    def neighbours(self, number: int) -> list[int]:
        """The numbers of the territories sharing a border with territory ``number``,
        in order."""
        return list(self._graph[number])

    def reconstructed_counts(self) -> dict[str, int]:
        """Per section, how many records have anything reconstructed."""
        return {s: sum(1 for r in getattr(self, s).values() if r.is_reconstructed)
                for s in SECTIONS}


_RECORD_FIELDS = [f.name for f in dataclasses.fields(ChroniclesData)]
assert _RECORD_FIELDS[:len(SECTIONS)] == list(SECTIONS), "ChroniclesData misses a section"


# ---------------------------------------------------------------------- reading


def _document(text: str, label: str) -> Mapping[str, Any]:
    doc = strict_yaml.load(text, label)
    if not isinstance(doc, dict):
        raise ChroniclesDataError(f"{label}: must be a mapping of sections "
                                  f"({', '.join(SECTIONS)})")
    return doc


@functools.cache
def _builtin_entries() -> dict[str, list[Entry]]:
    out: dict[str, list[Entry]] = {}
    for name, sections in FILES.items():
        label = f"{name}.yaml"
        doc = _document((DATA_DIR / label).read_text(encoding="utf-8"), label)
        if set(doc) != set(sections) or not all(isinstance(doc[s], list) for s in sections):
            raise ChroniclesDataError(f"{label}: must hold only the lists "
                                      f"{', '.join(sections)}")
        for section in sections:
            out[section] = [(rec, label, f"{section}[{i}]")
                            for i, rec in enumerate(doc[section])]
    return out


def _apply(sections: dict[str, list[Entry]], origin: dict[str, str], doc: Mapping[str, Any],
           label: str, only: tuple[str, ...] | None) -> None:
    """Lay an owner's document over ``sections`` (``only``: the sections of a folder's
    file, which replaces by default)."""
    ck = Checker(label)
    data_overlay.lay_over(sections, origin, doc, label, SECTIONS, only,
                          lambda section, rec, where: parse(ck, rec, where, SPECS[section]),
                          ck.fail, ChroniclesDataError)


def _build(sections: Mapping[str, list[Entry]], origin: Mapping[str, str]) -> ChroniclesData:
    data: dict[str, dict[str, Any]] = {}
    where_of: dict[tuple[str, str], tuple[str, str]] = {}
    for section in SECTIONS:
        data[section] = {}
        for raw, label, where in sections[section]:
            ck = Checker(label)
            rec = parse(ck, raw, where, SPECS[section])
            if rec.id in data[section]:
                first = where_of[(section, rec.id)]
                raise ck.fail(f"{where}.id", f"{rec.id!r} is given twice (also "
                                             f"{first[1]} of {first[0]})")
            data[section][rec.id] = rec
            where_of[(section, rec.id)] = (label, where)
    values = {}
    for rid, rule in data["rules"].items():
        label, where = where_of[("rules", rid)]
        values[rid] = rule_value(Checker(label), rule, where)
    checks.check(data, where_of, origin)
    document = {s: [data_overlay.plain(raw) for raw, _, _ in sections[s]] for s in SECTIONS}
    text = json.dumps(document, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    frozen = {s: MappingProxyType(data[s]) for s in SECTIONS}
    return ChroniclesData(**frozen, rule_values=MappingProxyType(values),
                          origin=MappingProxyType(dict(origin)),
                          document=MappingProxyType(document),
                          hash=hashlib.sha256(text.encode("utf-8")).hexdigest())


@functools.lru_cache(maxsize=16)
def _load(files: Files) -> ChroniclesData:
    """The data with the owner's files laid over the built-in files; cached on the files'
    contents."""
    sections = {s: list(entries) for s, entries in _builtin_entries().items()}
    origin = {s: f"{name}.yaml" for name, ss in FILES.items() for s in ss}
    for only, label, text in files:
        _apply(sections, origin, _document(text, label), label, only)
    return _build(sections, origin)


def _text(path: Path) -> str:
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror}") from None
    return strict_yaml.decode(raw, str(path))


def _folder(path: Path) -> Files:
    names = ", ".join(f"{name}.yaml" for name in FILES)
    files = []
    for item in sorted(p for p in path.iterdir() if p.suffix in (".yaml", ".yml")):
        if item.stem not in FILES or item.suffix != ".yaml":
            raise ChroniclesDataError(f"{item}: is not a file an owner can replace "
                                      f"(files: {names})")
        files.append((FILES[item.stem], str(item), _text(item)))
    if not files:
        raise ChroniclesDataError(f"{path}: holds none of {names}")
    return tuple(files)


def builtin() -> ChroniclesData:
    """The built-in (partly reconstructed) data."""
    return _load(())


def load(source: str | Path | None = None) -> ChroniclesData:
    """The built-in data (``None``), or an owner's file or folder laid over it."""
    if source is None:
        return builtin()
    path = Path(source)
    if path.is_dir():
        return _load(_folder(path))
    return _load(((None, str(path), _text(path)),))


def from_document(document: Mapping[str, Any], label: str = "embedded data") -> ChroniclesData:
    """A whole data set given as plain data (every section, as
    :attr:`ChroniclesData.document` holds them): each section replaces the built-in one."""
    missing = [s for s in SECTIONS if s not in document]
    if missing:
        raise ChroniclesDataError(f"{label}: {missing[0]}: is missing (a data set holds "
                                  f"every section: {', '.join(SECTIONS)})")
    text = strict_yaml.dump({"mode": "replace",
                             **{s: data_overlay.plain(document[s]) for s in SECTIONS}})
    return _load(((None, label, text),))
