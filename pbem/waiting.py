"""Waiting for an answer: what has come after a save of mine, in the local store.

A witnessed roll waits for the other players' answers, which ``pbem inbox`` or ``pbem
watch`` file into the store as they come. The terminal table polls :func:`latest_after`
with the request it is waiting on, and carries on from what it returns.
"""

from __future__ import annotations

from pbem import store
from pbem.errors import PbemError
from pbem.savefile import SUFFIX, SaveFile, read


def _next(save: SaveFile) -> SaveFile | None:
    """The one save in the store that follows ``save`` (``None`` when there is none yet,
    or two: a fork, which ``pbem ledger`` settles)."""
    folder = store.game_folder(save.game_id)
    if not folder.is_dir():
        return None
    found = []
    for path in sorted(folder.glob(f"{save.game_id[:8]}-{save.sequence + 1:04d}-*{SUFFIX}")):
        try:
            candidate = read(path)
        except PbemError:
            continue
        if candidate.previous == save.sha256 and candidate.game_id == save.game_id \
                and candidate.sha256 not in {f.sha256 for f in found}:
            found.append(candidate)
    return found[0] if len(found) == 1 else None


def latest_after(save: SaveFile) -> SaveFile | None:
    """The newest save of the game in the local store that follows ``save`` — for a roll
    request, its answer or whatever came after it — or ``None`` while nothing has. Only
    the saves after ``save`` are read, so it is cheap to call again and again."""
    latest = None
    current = save
    while (following := _next(current)) is not None:
        latest = current = following
    return latest
