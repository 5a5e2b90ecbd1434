"""Shared checks for the data files: every failure names the file and the field."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from typing import Any, NoReturn

DIE_FACES = (1, 2, 3, 4, 5, 6)
ID_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
COLOUR_RE = re.compile(r"^#[0-9a-fA-F]{6}$")
_IGNORED_IN_NAMES = re.compile(r"[\s'’`\-_.]")


class CatalogError(ValueError):
    """The game data is malformed; the message names the file and the field."""


def norm(name: str) -> str:
    """Key for name look-ups: no case, diacritics, spaces, apostrophes or hyphens."""
    decomposed = unicodedata.normalize("NFKD", name)
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return _IGNORED_IN_NAMES.sub("", stripped.casefold())


def describe(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return f"boolean {value}"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return repr(value)


class Check:
    """Shape and type checks for one file; every failure names the file and the field."""

    def __init__(self, file: str) -> None:
        self.file = file

    def fail(self, where: str, message: str) -> NoReturn:
        raise CatalogError(f"{self.file}: {where}: {message}")

    def mapping(
        self,
        where: str,
        value: Any,
        required: Sequence[str],
        optional: Sequence[str] = (),
    ) -> dict[str, Any]:
        if not isinstance(value, dict):
            self.fail(where, f"expected a mapping, got {describe(value)}")
        missing = [key for key in required if key not in value]
        if missing:
            self.fail(where, f"missing field(s): {', '.join(missing)}")
        allowed = set(required) | set(optional)
        unknown = sorted(str(key) for key in value if key not in allowed)
        if unknown:
            self.fail(where, f"unknown field(s): {', '.join(unknown)}")
        return value

    def sequence(self, where: str, value: Any, *, nonempty: bool = False) -> list[Any]:
        if not isinstance(value, list):
            self.fail(where, f"expected a list, got {describe(value)}")
        if nonempty and not value:
            self.fail(where, "must not be empty")
        return value

    def text(self, where: str, value: Any) -> str:
        if not isinstance(value, str) or not value.strip():
            self.fail(where, f"expected a non-empty string, got {describe(value)}")
        return value

    def optional_text(self, where: str, value: Any) -> str | None:
        return None if value is None else self.text(where, value)

    def integer(self, where: str, value: Any, minimum: int | None = None) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(where, f"expected an integer, got {describe(value)}")
        if minimum is not None and value < minimum:
            self.fail(where, f"must be at least {minimum}, got {value}")
        return value

    def optional_integer(self, where: str, value: Any, minimum: int | None = None) -> int | None:
        return None if value is None else self.integer(where, value, minimum)

    def flag(self, where: str, value: Any) -> bool:
        if not isinstance(value, bool):
            self.fail(where, f"expected true or false, got {describe(value)}")
        return value

    def choice(self, where: str, value: Any, choices: Sequence[str]) -> str:
        if not isinstance(value, str) or value not in choices:
            self.fail(where, f"{describe(value)} is not one of {', '.join(choices)}")
        return value

    def ident(self, where: str, value: Any) -> str:
        if not isinstance(value, str) or not ID_RE.match(value):
            self.fail(where, f"{describe(value)} is not a lower-case kebab-case id")
        return value

    def ref(self, where: str, value: Any, known: Iterable[str], what: str) -> str:
        if not isinstance(value, str) or value not in set(known):
            self.fail(where, f"unknown {what} id {describe(value)}")
        return value

    def colour(self, where: str, value: Any) -> str:
        if not isinstance(value, str) or not COLOUR_RE.match(value):
            self.fail(where, f'{describe(value)} is not a colour like "#2f6fb0"')
        return value

    def die_table(self, where: str, value: Any) -> dict[int, Any]:
        if not isinstance(value, dict):
            self.fail(where, f"expected a mapping of die results, got {describe(value)}")
        keys = sorted(value, key=str)
        if set(value) != set(DIE_FACES) or any(isinstance(k, bool) for k in value):
            self.fail(where, f"keys must be the die results 1 to 6, got {keys}")
        return {face: value[face] for face in DIE_FACES}

    def names(self, where: str, value: Any) -> tuple[str, ...]:
        items = self.sequence(where, value)
        return tuple(self.text(f"{where}[{i}]", item) for i, item in enumerate(items))


def name_index(
    check: Check, where: str, entries: Iterable[tuple[str, Iterable[str]]]
) -> dict[str, str]:
    """Normalised name -> id, failing when one name would point at two different ids."""
    index: dict[str, str] = {}
    for owner, names in entries:
        for name in names:
            key = norm(name)
            if not key:
                check.fail(f"{where}[{owner}]", f"name {name!r} is empty once normalised")
            other = index.setdefault(key, owner)
            if other != owner:
                check.fail(
                    f"{where}[{owner}]", f"name or alias {name!r} is already used by {other!r}"
                )
    return index

