"""The card data sets games are played with, by hash: the built-in one and any owner's
transcription loaded on this machine (``pbem new --data FILE``, or the copy a game's
first save carries)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pbem import kept_data
from pbem.errors import UsageError
from pbem.games.three_kingdoms_card_game import catalog
from pbem.games.three_kingdoms_card_game.catalog import SECTIONS, CardData

_REGISTRY: dict[str, CardData] = {}


def builtin() -> CardData:
    return catalog.builtin()


def register(data: CardData) -> str:
    """Make ``data`` available to games under its hash; returns the hash."""
    _REGISTRY[data.hash] = data
    return data.hash


def load_data(path: str | Path) -> CardData:
    """Read, validate and register an owner's file or folder; errors name the field."""
    data = catalog.load(path)
    register(data)
    return data


def from_document(document: Any) -> CardData:
    """A complete data document (as :attr:`CardData.document`), validated and registered."""
    if not isinstance(document, Mapping) or set(document) != set(SECTIONS):
        raise UsageError(f"a card data set holds exactly the sections {', '.join(SECTIONS)}")
    data = catalog.from_document(document)
    register(data)
    return data


def get(digest: str | None) -> CardData:
    """The data set with this hash (``None``: the built-in set)."""
    default = builtin()
    if digest is None or digest == default.hash:
        return default
    data = _REGISTRY.get(digest) \
        or kept_data.recall("three-kingdoms-card-game", digest, from_document)
    if data is None:
        raise UsageError(f"no card data set with hash {digest[:16]}... is loaded on this "
                         f"machine (give its file with --data)")
    return data

