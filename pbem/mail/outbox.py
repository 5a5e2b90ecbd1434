"""What a message carries: the save, and every earlier save of the game that one of its
recipients does not hold yet.

A player who writes a save has seen every save before it, so the saves a recipient may
lack are those after the last one they wrote; of those, a save that a message already
carried to their address (:mod:`pbem.mail.copies`: sent from here, or named in ``To`` or
``Cc`` of the message that brought it here) is not sent again. A message carries the rest
(the oldest that any recipient lacks first); the inbox files them in order and says
"received before" for the ones it holds already.
"""

from __future__ import annotations

from collections.abc import Iterator

from pbem import store
from pbem.errors import PbemError
from pbem.mail import copies
from pbem.savefile import SUFFIX, SaveFile, read

MAX_SAVES = 12  # a message stays well under the inbox's attachment cap
_READ: dict[tuple[str, str], SaveFile] = {}  # (store folder, sha256) -> the save
_KEEP = 256


def before(save: SaveFile) -> SaveFile | None:
    """The save before ``save``, from this machine's store (found by its name). A save
    never changes, so each is read once per process: a message's earlier saves and its
    story walk back over the same ones."""
    if save.previous is None:
        return None
    folder = store.game_folder(save.game_id)
    known = _READ.get((str(folder), save.previous))
    if known is not None:
        return known
    pattern = f"{save.game_id[:8]}-{save.sequence - 1:04d}-*{SUFFIX}"
    for path in sorted(folder.glob(pattern)) if folder.is_dir() else []:
        try:
            found = read(path)
        except PbemError:
            continue
        if found.sha256 == save.previous:
            if len(_READ) >= _KEEP:
                _READ.clear()
            _READ[(str(folder), found.sha256)] = found
            return found
    return None


def back_from(save: SaveFile) -> Iterator[SaveFile]:
    """``save``, then each save before it that this machine holds, newest first. Only
    the saves asked for are read, so a long game costs no more than a short one."""
    current: SaveFile | None = save
    while current is not None:
        yield current
        current = before(current)


def unacknowledged(save: SaveFile, roles: list[str]) -> list[SaveFile]:
    """The saves up to ``save`` that at least one of ``roles`` has not written after."""
    chain = [save]
    waiting = set(roles) - {save.writer}  # whoever wrote it has seen what came before
    for earlier in back_from(save):
        if not waiting:
            break
        if earlier is save:
            continue
        if earlier.writer in waiting:  # the latest save this recipient wrote
            waiting.discard(earlier.writer)
            if not waiting:
                break
        chain.insert(0, earlier)
    return chain


def needed(save: SaveFile, recipients: list[tuple[str, str]]) -> list[SaveFile]:
    """The saves up to ``save`` (always ``save`` itself) that one of ``recipients`` (role,
    address) may lack: written after the last save that recipient wrote, and not known to
    have reached their address."""
    held = copies.holders(save.game_id)
    waiting = {role: copies.normal(address) for role, address in recipients
               if role != save.writer}  # whoever wrote it has seen what came before
    chain = [save]
    for earlier in back_from(save):
        if not waiting:
            break
        if earlier is save:
            continue
        waiting.pop(earlier.writer, None)  # the latest save this recipient wrote
        have = held.get(earlier.sha256, set())
        if any(address is None or address not in have for address in waiting.values()):
            chain.insert(0, earlier)
    return chain


def resend(save: SaveFile, first: int, last: int) -> list[SaveFile]:
    """Saves ``first``..``last`` of the game, found before ``save``."""
    chain: list[SaveFile] = []
    for earlier in back_from(save):
        if earlier.sequence < first:
            break
        if earlier.sequence <= last:
            chain.insert(0, earlier)
    return chain
