"""A save that answers again a moment its writer already answered ahead of her turn: her
signed pass, sealed answer or opening to the save before it is in the local store, and the
save acts on that moment instead. One moment, two answers: the save is refused."""

from __future__ import annotations

import contextlib

from pbem import games, passes_ahead, savefile, store
from pbem.errors import ChainError, PbemError
from pbem.savefile import SUFFIX, SaveFile


def saved(game_id: str, sequence: int, sha: str) -> SaveFile | None:
    """The save of that game, number and hash, if the local store holds it."""
    folder = store.game_folder(game_id)
    pattern = f"{game_id[:8]}-{sequence:04d}-*{SUFFIX}"
    for path in sorted(folder.glob(pattern)) if folder.is_dir() else []:
        with contextlib.suppress(PbemError):
            save = savefile.read(path)
            if save.sha256 == sha:
                return save
    return None


def keeps_own_pass(save: SaveFile) -> None:
    """Refuse a save whose writer passed ahead on the save before it (her signed pass is
    here) and now acts there instead: one moment, two answers."""
    if not save.previous or save.sequence < 1:
        return
    prev = saved(save.game_id, save.sequence - 1, save.previous)
    if prev is None:
        return
    module = games.get(prev.kind)
    if save.writer not in passes_ahead.queue(module, prev):
        return
    given = passes_ahead.gathered(module, prev, [store.game_folder(prev.game_id)])
    count = passes_ahead.leading(save.actions)
    folded = [a.get("role") for a in save.actions[:count]]
    own = save.actions[count:count + 1]
    if save.writer in given and save.writer not in folded \
            and [a.get("do") for a in own] != [passes_ahead.PASS["do"]] \
            and not _same_opening(given[save.writer], own, save.pending):
        # (her own pass or opening, in a save, is fine: its dice stopped the fold)
        if not given[save.writer].is_pass:
            raise ChainError(f"{save.writer} answered save {prev.sequence}'s question ahead "
                             f"of their turn (their signed answer is here) and now answers "
                             f"it again in a save", save.where)
        raise ChainError(f"{save.writer} let save {prev.sequence}'s moment go ahead of their "
                         f"turn (their signed pass is here) and now acts on it instead",
                         save.where)


def _same_opening(mine: passes_ahead.Pass, own: list[dict], pending: dict | None) -> bool:
    """Whether the save's own action (done, or waiting for its dice) is the very opening
    of a sealed answer its writer gave ahead."""
    if mine.answer.get("do") != passes_ahead.UNSEAL:
        return False
    acted = own[0] if own else (pending or {}).get("action")
    return isinstance(acted, dict) and all(acted.get(k) == v for k, v in mine.answer.items())
