"""Typed reads of the Chronicles data: field readers, record specs, provenance paths.

A *reader* turns one raw YAML value into a typed value or raises
:class:`~.records.ChroniclesDataError` as ``<file>: <field path>: <problem>``. A
:class:`Spec` lists a record's fields with their readers; :func:`parse` reads a whole
record, refusing unknown fields and checking that every ``reconstructed`` entry and every
``sources`` key names a real field of that record (a dotted path into it: ``income``,
``areas.ye.income``, ``relations.li-jue``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from pbem.games.chronicles.records import ChroniclesDataError, Record

_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
_NUMBER = re.compile(r"^(\d+)(?:\.(\d+))?$")

Reader = Callable[["Checker", Any, str], Any]
REQUIRED = object()
COMMON = ("id", "reconstructed", "sources", "why")


class Checker:
    """Failing reads for one file: every error is ``<file>: <where>: <problem>``."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, where: str, message: str) -> ChroniclesDataError:
        return ChroniclesDataError(f"{self.source}: {where}: {message}" if where
                                   else f"{self.source}: {message}")


# ---------------------------------------------------------------------- readers


def integer(low: int, high: int) -> Reader:
    def read(ck: Checker, value: Any, where: str) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise ck.fail(where, f"must be a whole number from {low} to {high}, not {value!r}")
        return value
    return read


def text(ck: Checker, value: Any, where: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ck.fail(where, "must be a text")
    return value


def flag(ck: Checker, value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise ck.fail(where, f"must be true or false, not {value!r}")
    return value


def choice(*options: str) -> Reader:
    def read(ck: Checker, value: Any, where: str) -> str:
        if value not in options:
            raise ck.fail(where, f"must be one of {', '.join(options)}, not {value!r}")
        return str(value)
    return read


def ident(ck: Checker, value: Any, where: str) -> str:
    if not isinstance(value, str) or not _ID.match(value):
        raise ck.fail(where, f"must be lower-case words joined by '-', not {value!r}")
    return value


def optional(reader: Reader) -> Reader:
    """``reader``, or ``None`` for a null value."""
    def read(ck: Checker, value: Any, where: str) -> Any:
        return None if value is None else reader(ck, value, where)
    return read


def listof(reader: Reader, low: int = 0, high: int = 1000, unique: bool = False) -> Reader:
    def read(ck: Checker, value: Any, where: str) -> tuple[Any, ...]:
        if not isinstance(value, list) or not low <= len(value) <= high:
            size = f"{low}" if low == high else f"{low} to {high}"
            raise ck.fail(where, f"must be a list of {size} items")
        items = tuple(reader(ck, v, f"{where}[{i}]") for i, v in enumerate(value))
        if unique and len(set(items)) != len(items):
            raise ck.fail(where, "names an item twice")
        return items
    return read


def pair(low: int, high: int, ordered: bool = True) -> Reader:
    """Two whole numbers, the first not above the second when ``ordered``."""
    items = listof(integer(low, high), 2, 2)

    def read(ck: Checker, value: Any, where: str) -> tuple[int, int]:
        first, second = items(ck, value, where)
        if ordered and first > second:
            raise ck.fail(where, f"the first number must not exceed the second, not {value!r}")
        return first, second
    return read


def key_int(ck: Checker, value: Any, where: str) -> int:
    """A mapping key that is a whole number (a saved copy writes it as text)."""
    if isinstance(value, str) and value.isdigit():
        return int(value)
    return integer(0, 10000)(ck, value, where)


def mapping(key: Reader, value: Reader, low: int = 0) -> Reader:
    def read(ck: Checker, raw: Any, where: str) -> Mapping[Any, Any]:
        if not isinstance(raw, dict) or len(raw) < low:
            raise ck.fail(where, "must be a mapping" + (f" of at least {low}" if low else ""))
        out = {key(ck, k, f"{where}.{k}"): value(ck, v, f"{where}.{k}") for k, v in raw.items()}
        return MappingProxyType(out)
    return read


def fraction(ck: Checker, value: Any, where: str) -> Fraction:
    """A whole number, or a text: ``"1/2"``, ``"1.5"``, ``"2"``; more than 0."""
    if isinstance(value, int) and not isinstance(value, bool) and value > 0:
        return Fraction(value)
    if isinstance(value, str):
        top, _, bottom = value.partition("/")
        if bottom and top.isdigit() and bottom.isdigit() and int(bottom) and int(top):
            return Fraction(int(top), int(bottom))
        if not bottom and _NUMBER.match(value) and Fraction(value) > 0:
            return Fraction(value)
    raise ck.fail(where, f"must be a number above 0 ('2', '1.5', '1/2'), not {value!r}")


def ratio(ck: Checker, value: Any, where: str) -> tuple[Fraction, Fraction]:
    """An invader-to-defender ratio written ``"1.5:1"``."""
    if isinstance(value, str) and value.count(":") == 1:
        left, right = value.split(":")
        if _NUMBER.match(left) and _NUMBER.match(right) and float(left) and float(right):
            return Fraction(left), Fraction(right)
    raise ck.fail(where, f"must be a ratio such as '1.5:1', not {value!r}")


# ---------------------------------------------------------------------- records


@dataclass(frozen=True)
class Field:
    reader: Reader
    default: Any = REQUIRED
    inner: Any = None
    """What a provenance path may name inside the field: a :class:`Spec` (a list of nested
    records, named by id: ``areas.ye.income``), a tuple of keys (a mapping with fixed keys:
    ``icons.flood``), or ``None`` (the keys and ids the raw value holds)."""


@dataclass(frozen=True)
class Spec:
    """A record kind: its class and its fields (besides id, reconstructed, sources, why)."""

    cls: type[Record]
    fields: Mapping[str, Field]
    common: bool = True
    """Does the record carry provenance (``reconstructed``, ``sources``, ``why``)?"""


def mapping_of(ck: Checker, raw: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(raw, dict):
        raise ck.fail(where, "must be a mapping of fields")
    return raw


def _resolve(raw: Any, parts: list[str]) -> bool:
    """Does the dotted path ``parts`` lead somewhere inside ``raw`` (list items by id)?"""
    for part in parts:
        if isinstance(raw, dict):
            keys = {str(k): k for k in raw}
            if part not in keys:
                return False
            raw = raw[keys[part]]
        elif isinstance(raw, list):
            found = [item for item in raw if isinstance(item, dict) and item.get("id") == part]
            if not found:
                return False
            raw = found[0]
        else:
            return False
    return True


def known(spec: Spec, raw: Any, parts: list[str]) -> bool:
    """Is ``parts`` a field of a record of ``spec`` written as ``raw``: a field, a nested
    record's field (``areas.ye.income``), a fixed key (``icons.flood``), or a key or id the
    raw value holds (``relations.li-jue``)?"""
    fld = spec.fields.get(parts[0])
    if fld is None:
        return False
    rest = parts[1:]
    if not rest:
        return True
    value = raw.get(parts[0]) if isinstance(raw, dict) else None
    if isinstance(fld.inner, Spec):
        items = [i for i in value if isinstance(i, dict) and i.get("id") == rest[0]] \
            if isinstance(value, list) else []
        return bool(items) and (len(rest) == 1 or known(fld.inner, items[0], rest[1:]))
    if isinstance(fld.inner, tuple):
        if rest[0] not in fld.inner:
            return False
        inside = value.get(rest[0]) if isinstance(value, dict) else None
        return len(rest) == 1 or _resolve(inside, rest[1:])
    return _resolve(value, rest)


def _path(ck: Checker, raw: Mapping[str, Any], spec: Spec, path: Any, where: str) -> str:
    if not isinstance(path, str) or not path:
        raise ck.fail(where, "must name a field of this record")
    if not known(spec, raw, path.split(".")):
        raise ck.fail(where, f"{path!r} is not a field of this record "
                             f"(fields: {', '.join(spec.fields)})")
    return path


def provenance(ck: Checker, raw: Mapping[str, Any], where: str,
               spec: Spec) -> dict[str, Any]:
    recon = raw.get("reconstructed", [])
    if not isinstance(recon, list):
        raise ck.fail(f"{where}.reconstructed", "must be a list of field names")
    marks = tuple(_path(ck, raw, spec, p, f"{where}.reconstructed[{i}]")
                  for i, p in enumerate(recon))
    if len(set(marks)) != len(marks):
        raise ck.fail(f"{where}.reconstructed", "names a field twice")
    sources = raw.get("sources", {})
    if not isinstance(sources, dict):
        raise ck.fail(f"{where}.sources", "must map field names to rulebook lines")
    for name, lines in sources.items():
        _path(ck, raw, spec, str(name), f"{where}.sources.{name}")
        if not isinstance(lines, str) or not lines.strip():
            raise ck.fail(f"{where}.sources.{name}", "must be a text (rulebook lines)")
    why = raw.get("why", "")
    if not isinstance(why, str):
        raise ck.fail(f"{where}.why", "must be a text")
    return {"reconstructed": marks,
            "sources": MappingProxyType({str(k): v for k, v in sources.items()}), "why": why}


def parse(ck: Checker, raw: Any, where: str, spec: Spec) -> Any:
    """The typed record of ``spec`` read from ``raw``, which stands at ``where``."""
    rec = mapping_of(ck, raw, where)
    allowed = (*COMMON, *spec.fields) if spec.common else ("id", *spec.fields)
    unknown = sorted(map(str, set(rec) - set(allowed)))
    if unknown:
        raise ck.fail(f"{where}.{unknown[0]}", "is not a field of this record "
                                               f"(fields: {', '.join(allowed)})")
    values: dict[str, Any] = {"id": ident(ck, rec.get("id"), f"{where}.id")}
    for name, fld in spec.fields.items():
        if name in rec:
            values[name] = fld.reader(ck, rec[name], f"{where}.{name}")
        elif fld.default is REQUIRED:
            raise ck.fail(f"{where}.{name}", "is missing")
        elif fld.default is not None:
            values[name] = fld.default
    if spec.common:
        values.update(provenance(ck, rec, where, spec))
    return spec.cls(**values)


def nested(spec: Spec) -> Reader:
    """A reader of a record inside a record (an area of a territory)."""
    def read(ck: Checker, value: Any, where: str) -> Any:
        return parse(ck, value, where, spec)
    return read


def unique_ids(reader: Reader) -> Reader:
    """A list reader whose records must have distinct ids."""
    def read(ck: Checker, value: Any, where: str) -> tuple[Any, ...]:
        items = reader(ck, value, where)
        seen: set[str] = set()
        for i, item in enumerate(items):
            if item.id in seen:
                raise ck.fail(f"{where}[{i}].id", f"{item.id!r} is given twice")
            seen.add(item.id)
        return items
    return read
