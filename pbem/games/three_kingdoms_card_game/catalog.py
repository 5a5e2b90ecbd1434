"""The card data of The Three Kingdoms Card Game: loaded, validated and cached.

The built-in data (``data/*.yaml``) reconstructs what the rulebook text lacks; each record
lists its reconstructed fields. :func:`load` reads it, or an owner's transcription of the
printed cards in place of some of it, with no code change:

* ``load()``: the built-in data;
* ``load("mine.yaml")``: one file with any of the sections ``characters``, ``events``,
  ``artifacts``, ``lands`` and an optional ``mode``: ``merge`` (the default: each record
  replaces the built-in record with the same id) or ``replace`` (each section given
  replaces the whole built-in section);
* ``load("folder")``: a folder holding any of ``characters.yaml``, ``events.yaml``,
  ``artifacts.yaml``, ``lands.yaml``, each shaped like the built-in file; a file replaces
  the built-in file of its name (``mode: merge`` in it merges instead).

The counts of the text (40 characters, 10 of them lords; 52 event cards counting copies;
6 artifacts; 13 lands) are checked on the result. Errors are one line naming the file, the
record and the field. The rule numbers and war cards (:mod:`.fixed`) are never replaced.
"""

from __future__ import annotations

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
from pbem.games.three_kingdoms_card_game import fixed
from pbem.games.three_kingdoms_card_game.records import (
    PARSERS,
    Artifact,
    CardDataError,
    Character,
    Checker,
    Event,
    Land,
    Record,
)

__all__ = ["SECTIONS", "CardData", "CardDataError", "builtin", "load"]

DATA_DIR = fixed.DATA_DIR
SECTIONS = ("characters", "events", "artifacts", "lands")


@dataclass(frozen=True)
class CardData:
    characters: Mapping[str, Character]
    events: Mapping[str, Event]
    artifacts: Mapping[str, Artifact]
    lands: Mapping[str, Land]
    war: fixed.War
    rules: fixed.Rules
    origin: Mapping[str, str]
    """Section -> the file its records were last taken from."""
    document: Mapping[str, Any]
    """The four sections as plain data (what a save would embed)."""
    hash: str
    """SHA-256 of the canonical JSON of :attr:`document`."""

    def records(self) -> Iterator[Record]:
        for section in SECTIONS:
            yield from getattr(self, section).values()

    def record(self, card: str) -> Record:
        """The record named by an id, an alias or a card id of :meth:`main_deck`."""
        base = card.split(".", 1)[0]
        for rec in self.records():
            if base == rec.id or base in rec.aliases:
                return rec
        raise KeyError(card)

    def lords(self) -> list[str]:
        return [c.id for c in self.characters.values() if c.lord]

    def card_ids(self, rec: Record) -> list[str]:
        """One id per physical card: the record's id, or ``<id>.<n>`` for copies."""
        copies = rec.copies if isinstance(rec, Event) else 1
        return [rec.id] if copies == 1 else [f"{rec.id}.{n}" for n in range(1, copies + 1)]

    def main_deck(self) -> list[str]:
        """The Main Deck at setup: characters without the lords, events, artifacts."""
        recs = [*(c for c in self.characters.values() if not c.lord),
                *self.events.values(), *self.artifacts.values()]
        return [card for rec in recs for card in self.card_ids(rec)]

    def reconstructed_counts(self) -> dict[str, int]:
        """Per section, how many records have anything reconstructed."""
        return {s: sum(1 for r in getattr(self, s).values() if r.reconstructed)
                for s in SECTIONS}


# ---------------------------------------------------------------------- reading


def _document(text: str, label: str) -> Mapping[str, Any]:
    doc = strict_yaml.load(text, label)
    if not isinstance(doc, dict):
        raise CardDataError(f"{label}: must be a mapping of sections ({', '.join(SECTIONS)})")
    return doc


@functools.cache
def _builtin_entries() -> dict[str, list[Entry]]:
    out = {}
    for section in SECTIONS:
        name = f"{section}.yaml"
        doc = _document((DATA_DIR / name).read_text(encoding="utf-8"), name)
        items = doc.get(section)
        if set(doc) != {section} or not isinstance(items, list):
            raise CardDataError(f"{name}: must hold only the list {section}")
        out[section] = [(rec, name, f"{section}[{i}]") for i, rec in enumerate(items)]
    return out


def _apply(sections: dict[str, list[Entry]], origin: dict[str, str], doc: Mapping[str, Any],
           label: str, only: str | None) -> None:
    """Lay an owner's document over ``sections`` (``only``: the one section of a folder's
    file, which replaces by default)."""
    ck = Checker(label, fixed.rules().roll_target)
    data_overlay.lay_over(sections, origin, doc, label, SECTIONS, (only,) if only else None,
                          lambda section, rec, where: PARSERS[section](ck, rec, where),
                          ck.fail, CardDataError)


def _check_counts(data: dict[str, dict[str, Any]], origin: Mapping[str, str],
                  rules: fixed.Rules) -> None:
    counts = rules.counts
    found = {"characters": len(data["characters"]), "events": sum(
        e.copies for e in data["events"].values()), "artifacts": len(data["artifacts"]),
        "lands": len(data["lands"])}
    for section, n in found.items():
        if n != counts[section]:
            what = "cards, copies counted," if section == "events" else "records"
            raise CardDataError(f"{origin[section]}: {section}: {counts[section]} {what} "
                                f"needed, not {n}")
    lords = sum(1 for c in data["characters"].values() if c.lord)
    if lords != counts["lords"]:
        raise CardDataError(f"{origin['characters']}: characters: {counts['lords']} lords "
                            f"needed, not {lords}")


def _build(sections: Mapping[str, list[Entry]], origin: Mapping[str, str]) -> CardData:
    rules, war = fixed.rules(), fixed.war()
    data: dict[str, dict[str, Any]] = {}
    names: dict[str, str] = {}  # every id and alias -> where it was first given
    for section in SECTIONS:
        data[section] = {}
        for raw, label, where in sections[section]:
            ck = Checker(label, rules.roll_target)
            rec = PARSERS[section](ck, raw, where)
            for i, name in enumerate((rec.id, *rec.aliases)):
                field = f"{where}.id" if i == 0 else f"{where}.aliases[{i - 1}]"
                if name in names:
                    raise ck.fail(field, f"{name!r} already names {names[name]}")
                names[name] = f"{where} of {label}"
            data[section][rec.id] = rec
    _check_counts(data, origin, rules)
    document = {s: [data_overlay.plain(raw) for raw, _, _ in sections[s]] for s in SECTIONS}
    text = json.dumps(document, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return CardData(
        characters=MappingProxyType(data["characters"]), events=MappingProxyType(data["events"]),
        artifacts=MappingProxyType(data["artifacts"]), lands=MappingProxyType(data["lands"]),
        war=war, rules=rules, origin=MappingProxyType(dict(origin)),
        document=MappingProxyType(document),
        hash=hashlib.sha256(text.encode("utf-8")).hexdigest())


@functools.lru_cache(maxsize=16)
def _load(files: tuple[tuple[str | None, str, str], ...]) -> CardData:
    """The data with the owner's files (section or None, label, text) laid over the
    built-in files; cached on the files' contents."""
    sections = {s: list(entries) for s, entries in _builtin_entries().items()}
    origin = {s: f"{s}.yaml" for s in SECTIONS}
    for only, label, text in files:
        _apply(sections, origin, _document(text, label), label, only)
    return _build(sections, origin)


def _text(path: Path) -> str:
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror}") from None
    return strict_yaml.decode(raw, str(path))


def _folder(path: Path) -> tuple[tuple[str | None, str, str], ...]:
    found = sorted(p for p in path.iterdir() if p.suffix in (".yaml", ".yml"))
    files: list[tuple[str | None, str, str]] = []
    for item in found:
        if item.stem not in SECTIONS or item.suffix != ".yaml":
            raise CardDataError(f"{item}: is not a file an owner can replace (files: "
                                f"{', '.join(f'{s}.yaml' for s in SECTIONS)})")
        files.append((item.stem, str(item), _text(item)))
    if not files:
        raise CardDataError(f"{path}: holds none of "
                            f"{', '.join(f'{s}.yaml' for s in SECTIONS)}")
    return tuple(files)


def builtin() -> CardData:
    """The built-in (reconstructed) data."""
    return _load(())


def load(source: str | Path | None = None) -> CardData:
    """The built-in data (``None``), or an owner's file or folder laid over it."""
    if source is None:
        return builtin()
    path = Path(source)
    if path.is_dir():
        return _load(_folder(path))
    return _load(((None, str(path), _text(path)),))


def from_document(document: Mapping[str, Any], label: str = "embedded data") -> CardData:
    """A whole data set given as plain data (the four sections, as
    :attr:`CardData.document` holds them): each section replaces the built-in one."""
    text = strict_yaml.dump({"mode": "replace", **{s: document[s] for s in SECTIONS}})
    return _load(((None, label, text),))
