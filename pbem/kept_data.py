"""The owners' data sets this machine keeps, one file per game kind and hash, written when
it makes or checks a game's first save (:mod:`pbem.gamedata`) and read back by any later
run, a long-running ``pbem watch`` included."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from pbem import paths, strict_yaml
from pbem.errors import PbemError

Data = TypeVar("Data")


def path_of(kind: str, digest: str) -> Path:
    """Where the data set of ``kind`` with hash ``digest`` is kept."""
    return paths.data_dir() / "datasets" / f"{kind}-{digest}.yaml"


def kept_document(kind: str, digest: str) -> Any | None:
    """The kept data document of ``kind`` with hash ``digest``, or ``None``; its hash is
    for the caller to check."""
    path = path_of(kind, digest)
    try:
        return strict_yaml.load(path.read_bytes(), str(path))["data"]
    except (OSError, KeyError, TypeError, PbemError):
        return None


def recall(kind: str, digest: str, load: Callable[[Any], Data]) -> Data | None:
    """The data set of ``kind`` with hash ``digest`` from this machine's kept copy, made by
    ``load`` (a game's ``from_document``, which registers it), or ``None`` when there is no
    copy or its content has another hash (a long-running pbem, such as ``pbem watch``,
    meets games made or checked by other runs)."""
    document = kept_document(kind, digest)
    if document is None:
        return None
    data = load(document)
    return data if getattr(data, "hash", None) == digest else None
