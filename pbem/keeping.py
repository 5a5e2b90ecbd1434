"""What this machine keeps of a save it writes: the file, the store, the local ledgers."""

from __future__ import annotations

from pathlib import Path

from pbem import identity, savefile, store
from pbem.errors import ChainError
from pbem.ledger import Ledger
from pbem.signing import PublicKey


def remember(save: savefile.SaveFile) -> None:
    """Record ``save`` in the ledger of every player of the game whose identity is on
    this machine (the writer, and in hot-seat games the others too)."""
    mine = identity.local_publics()
    for player in save.players:
        if player["key"] in mine:
            try:
                Ledger(PublicKey.from_line(player["key"])).accept(save)
            except ChainError:
                if player["role"] == save.writer:
                    raise


def write(save: savefile.SaveFile, path: Path) -> Path:
    """Write a new save (never overwriting), keep it in the store and the ledgers."""
    savefile.write(path, save.raw)
    store.keep(save)
    remember(save)
    return path


def write_all(saves: list[savefile.SaveFile], folder: Path) -> Path:
    """Write saves under their conventional names in ``folder``; the last one's path."""
    path = folder
    for save in saves:
        path = write(save, folder / savefile.file_name(save.game_id, save.sequence,
                                                       save.writer))
    return path
