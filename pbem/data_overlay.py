"""An owner's transcription laid over a game's built-in data, section by section.

A document gives some sections (lists of records) and a ``mode``: ``merge`` (the default
for a whole-data file) replaces built-in records by id, one for one; ``replace`` (the
default for a folder's file of one section) gives whole sections. Each record is checked
where the owner wrote it, so a mistake names the file and the place in it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

Entry = tuple[Any, str, str]  # a raw record, the file it came from, where in that file
MODES = ("merge", "replace")


def lay_over(sections: dict[str, list[Entry]], origin: dict[str, str],
             doc: Mapping[str, Any], label: str, order: Sequence[str],
             only: Sequence[str] | None, check: Callable[[str, Any, str], None],
             fail: Callable[[str, str], Exception], error: type[Exception]) -> None:
    """Lay ``doc`` (from file ``label``) over ``sections``; ``order``: every section, in
    order; ``only``: the sections a folder's file may give (it then replaces by
    default); ``check(section, record, where)`` refuses a bad record; ``fail(where,
    message)`` and ``error(message)`` make this game's errors."""
    allowed = tuple(only) if only else tuple(order)
    unknown = sorted(map(str, set(doc) - {"mode", *allowed}))
    if unknown:
        raise error(f"{label}: {unknown[0]}: is not a section of this file "
                    f"(sections: {', '.join(('mode', *allowed))})")
    given = [s for s in order if s in doc]
    if not given:
        raise error(f"{label}: gives no section ({', '.join(allowed)})")
    mode = doc.get("mode", "replace" if only else "merge")
    if mode not in MODES:
        raise error(f"{label}: mode: must be merge or replace, not {mode!r}")
    for section in given:
        items = doc[section]
        if not isinstance(items, list):
            raise fail(section, "must be a list of records")
        entries = [(rec, label, f"{section}[{i}]") for i, rec in enumerate(items)]
        for rec, _, where in entries:
            check(section, rec, where)
        origin[section] = label
        if mode == "replace":
            sections[section] = entries
        else:
            _merge(sections[section], entries, fail)


def _merge(built_in: list[Entry], entries: list[Entry],
           fail: Callable[[str, str], Exception]) -> None:
    index = {rec["id"]: i for i, (rec, _, _) in enumerate(built_in)}
    seen: set[str] = set()
    for entry in entries:
        rid = entry[0]["id"]
        if rid not in index:
            raise fail(f"{entry[2]}.id", f"no built-in record {rid!r} to replace "
                                         "(mode: replace gives a whole section)")
        if rid in seen:
            raise fail(f"{entry[2]}.id", f"{rid!r} is given twice")
        seen.add(rid)
        built_in[index[rid]] = entry


def plain(value: Any) -> Any:
    """Plain JSON-able data: mapping keys as text, tuples as lists."""
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    return value
