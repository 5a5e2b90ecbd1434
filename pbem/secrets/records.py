"""Reading the plain records (hex strings in mappings) that saves carry, field by field.

Every reader names the field and the player it reads for, so a bad value from outside
becomes a one-line :class:`SecretsError` and never a traceback.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pbem.secrets import group
from pbem.secrets.errors import SecretsError
from pbem.secrets.group import Point, Scalar


def entry(record: Any, key: str, field: str, player: str | None) -> Any:
    """``record[key]``, refusing a record that is not a mapping or lacks the key."""
    if not isinstance(record, Mapping):
        raise SecretsError("is not a mapping", field, player)
    if key not in record:
        raise SecretsError(f"has no {key!r}", field, player)
    return record[key]


def text(record: Any, key: str, field: str, player: str | None) -> str:
    value = entry(record, key, field, player)
    if not isinstance(value, str):
        raise SecretsError(f"{key!r} is not text", field, player)
    return value


def raw(record: Any, key: str, field: str, player: str | None,
        size: int | None = None) -> bytes:
    """Hex text as bytes (of exactly ``size`` bytes when given)."""
    value = text(record, key, field, player)
    try:
        data = bytes.fromhex(value)
    except ValueError:
        raise SecretsError(f"{key!r} is not hex", field, player) from None
    if data.hex() != value:
        raise SecretsError(f"{key!r} is not written as plain lowercase hex", field, player)
    if size is not None and len(data) != size:
        raise SecretsError(f"{key!r} must be {size} bytes", field, player)
    return data


def point(record: Any, key: str, field: str, player: str | None) -> Point:
    return group.point(raw(record, key, field, player), f"{field} {key}", player)


def scalar(record: Any, key: str, field: str, player: str | None) -> Scalar:
    return group.scalar(raw(record, key, field, player), f"{field} {key}", player)


def items(record: Any, key: str, field: str, player: str | None) -> Sequence[Any]:
    value = entry(record, key, field, player)
    if not isinstance(value, list):
        raise SecretsError(f"{key!r} is not a list", field, player)
    return value
