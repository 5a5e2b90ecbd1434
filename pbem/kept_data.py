"""The owners' data sets this machine keeps, one file per game kind and hash, written when
it makes or checks a game's first save (:mod:`pbem.gamedata`) and read back by any later
run, a long-running ``pbem watch`` included."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pbem import paths, strict_yaml
from pbem.errors import PbemError


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
