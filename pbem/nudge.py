"""A nudge between this machine's pbems: a command that keeps a save or an answer ahead in
the local store (``pbem apply``, the table) touches one file, and a waiting ``pbem watch``
looks at it five times a second. So the watcher acts at once on what its own player just
did (writes the save of every sealed answer when hers came in last, say) instead of
waiting for the next message, which may never come."""

from __future__ import annotations

import contextlib
import itertools
import os
import time
from collections.abc import Iterator
from pathlib import Path

from pbem import paths
from pbem.atomic import write_replace
from pbem.errors import PbemError

CHECK_EVERY = 0.2  # seconds


def _path() -> Path:
    return paths.data_dir() / "nudge"


_silent = [0]
_count = itertools.count()


@contextlib.contextmanager
def silenced() -> Iterator[None]:
    """Nothing kept meanwhile by this process nudges anyone (a watcher's own pass: it acts
    on what it keeps itself)."""
    _silent[0] += 1
    try:
        yield
    finally:
        _silent[0] -= 1


def touch() -> None:
    """Say that the local store changed (never fails: a missed nudge only costs a wait).
    The file holds a fresh token each time, so that no clock's resolution can hide a
    nudge."""
    if _silent[0]:
        return
    with contextlib.suppress(OSError, PbemError):
        path = _path()
        path.parent.mkdir(parents=True, exist_ok=True)
        token = f"{os.getpid()} {time.time_ns()} {next(_count)}"
        write_replace(path, token.encode("ascii"))


def stamp() -> str:
    """The latest nudge's token ("": never nudged)."""
    try:
        return _path().read_text(encoding="ascii")
    except (OSError, UnicodeDecodeError):
        return ""
