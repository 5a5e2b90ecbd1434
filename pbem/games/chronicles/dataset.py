"""The Chronicles data sets games are played with, by hash: the built-in one and any
owner's transcription loaded on this machine (``pbem new --data FILE``, or the copy a
game's first save carries)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pbem import kept_data
from pbem.errors import UsageError
from pbem.games.chronicles import catalog
from pbem.games.chronicles.catalog import SECTIONS, ChroniclesData

_REGISTRY: dict[str, ChroniclesData] = {}


def builtin() -> ChroniclesData:
    return catalog.builtin()


def register(data: ChroniclesData) -> str:
    """Make ``data`` available to games under its hash; returns the hash."""
    _REGISTRY[data.hash] = data
    return data.hash


def load_data(path: str | Path) -> ChroniclesData:
    """Read, validate and register an owner's file or folder; errors name the field."""
    data = catalog.load(path)
    register(data)
    return data


def from_document(document: Any) -> ChroniclesData:
    """A complete data document (as :attr:`ChroniclesData.document`), validated and
    registered."""
    if not isinstance(document, Mapping) or set(document) != set(SECTIONS):
        raise UsageError(f"a Chronicles data set holds exactly the sections "
                         f"{', '.join(SECTIONS)}")
    data = catalog.from_document(document)
    register(data)
    return data


def get(digest: str | None) -> ChroniclesData:
    """The data set with this hash (``None``: the built-in set)."""
    default = builtin()
    if digest is None or digest == default.hash:
        return default
    data = _REGISTRY.get(digest) \
        or kept_data.recall("chronicles-of-the-three-kingdoms", digest, from_document)
    if data is None:
        raise UsageError(f"no Chronicles data set with hash {digest[:16]}... is loaded on "
                         "this machine (give its file with --data)")
    return data

