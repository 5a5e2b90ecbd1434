"""Small signed files that travel beside the saves (a witness answer, a pass given ahead):
the checks and file handling they share."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pbem.atomic import write_new
from pbem.errors import ChainError, FormatError


def hex_field(value: Any, length: int, where: str, field: str) -> str:
    """``value`` when it is ``length`` lower-case hexadecimal digits; else a refusal."""
    if type(value) is not str or len(value) != length \
            or any(c not in "0123456789abcdef" for c in value):
        raise FormatError(f"field {field}: must be {length} lower-case hexadecimal digits",
                          where)
    return value


def whole_field(value: Any, where: str, field: str) -> int:
    """``value`` when it is a whole number from 0 to 1,000,000; else a refusal."""
    if type(value) is not int or not 0 <= value <= 1_000_000:
        raise FormatError(f"field {field}: must be a whole number from 0 to 1000000", where)
    return value


def role_field(value: Any, where: str, field: str = "role") -> str:
    """``value`` when it reads as a player's role (letters, digits and dashes, at most 32);
    else a refusal."""
    if type(value) is not str or not value.replace("-", "").isalnum() or len(value) > 32:
        raise FormatError(f"field {field}: must be a player's role", where)
    return value


def name_for(game_id: str, sequence: int, role: str, suffix: str) -> str:
    """The conventional name of a small file one player gives after one save."""
    return f"{game_id[:8]}-{sequence:04d}-{role}{suffix}"


def read_at_most(path: Path, limit: int) -> bytes:
    """A file's bytes, one more than ``limit`` at the most (so a parser can refuse it)."""
    try:
        with open(path, "rb") as handle:
            return handle.read(limit + 1)
    except OSError as exc:
        raise FormatError(f"cannot read: {exc.strerror}", str(path)) from None


def keep_once(path: Path, data: bytes, what: str) -> Path:
    """Write ``data`` at ``path`` once; the same bytes again are fine, others refused."""
    if path.is_file() and path.read_bytes() == data:
        return path
    if path.exists():
        raise ChainError(f"another {what} is already kept ({path})", str(path))
    path.parent.mkdir(parents=True, exist_ok=True)
    write_new(path, data)
    return path
