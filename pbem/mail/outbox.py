"""What a message carries: the save, and every save of the game its recipients have not
acknowledged yet.

A player who writes a save has seen every save before it, so the saves a recipient lacks
are those after the last one they wrote. A message carries them all (the oldest that any
recipient lacks first), so two honest players never see "missing saves"; the inbox files
them in order and says "received before" for the ones it holds already.
"""

from __future__ import annotations

from pbem import store
from pbem.savefile import SaveFile

MAX_SAVES = 12  # a message stays well under the inbox's attachment cap


def history(save: SaveFile) -> list[SaveFile]:
    """``save`` and the saves before it that this machine holds, newest last."""
    by_hash = {s.sha256: s for s in store.candidates_of(save.game_id)}
    chain = [save]
    while chain[0].previous is not None and chain[0].previous in by_hash:
        chain.insert(0, by_hash[chain[0].previous])
    return chain


def unacknowledged(save: SaveFile, roles: list[str]) -> list[SaveFile]:
    """The saves up to ``save`` that at least one of ``roles`` has not written after."""
    chain = history(save)
    start = len(chain) - 1
    for role in roles:
        last = max((i for i, s in enumerate(chain) if s.writer == role), default=-1)
        start = min(start, last + 1)
    return chain[max(start, 0):]


def resend(save: SaveFile, first: int, last: int) -> list[SaveFile]:
    """Saves ``first``..``last`` of the game, found before ``save``."""
    return [s for s in history(save) if first <= s.sequence <= last]
