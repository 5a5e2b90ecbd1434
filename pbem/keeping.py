"""What this machine keeps of a save it writes: the ledger's record of intent, the file,
the store and the local ledgers — in an order that a crash at any moment cannot turn into
a second, different save on the same predecessor."""

from __future__ import annotations

from pathlib import Path

from pbem import identity, nudge, savefile, store
from pbem.errors import ChainError, WriteError
from pbem.ledger import Ledger
from pbem.signing import PublicKey
from pbem.verification import Checked


def _local_ledgers(save: savefile.SaveFile) -> dict[str, Ledger]:
    mine = identity.local_publics()
    return {str(p["role"]): Ledger(PublicKey.from_line(p["key"])) for p in save.players
            if p["key"] in mine}


def remember(save: savefile.SaveFile) -> None:
    """Record ``save`` in the ledger of every player of the game whose identity is on
    this machine (the writer, and in hot-seat games the others too)."""
    for role, ledger in _local_ledgers(save).items():
        try:
            ledger.accept(save)
        except ChainError:
            if role == save.writer:
                raise


def write(save: savefile.SaveFile, path: Path, prev: savefile.SaveFile | None = None,
          checked: Checked | None = None) -> Path:
    """Write a new save (never overwriting): first the checked saves it answers are
    recorded and the writer's ledger notes the intent, then the file, the store and the
    ledgers."""
    if path.exists() or path.is_symlink():
        raise WriteError("a file of that name exists already; nothing written", str(path))
    if checked is not None:
        checked.commit()
    if prev is not None:
        ledgers = _local_ledgers(save)
        writer = ledgers.get(save.writer)
        if writer is not None:
            writer.intend(prev, save)
    savefile.write(path, save.raw)
    store.keep(save)
    remember(save)
    nudge.touch()
    return path


def write_all(saves: list[savefile.SaveFile], folder: Path) -> Path:
    """Write a game's first saves in ``folder``; the last one's path."""
    return write_chain(saves, folder)[-1]


def write_chain(saves: list[savefile.SaveFile], folder: Path,
                first_prev: savefile.SaveFile | None = None,
                checked: Checked | None = None) -> list[Path]:
    """Write saves under their conventional names in ``folder``; refuse before writing
    anything if one of the names is taken."""
    targets = [folder / savefile.file_name(s.game_id, s.sequence, s.writer) for s in saves]
    for target in targets:
        if target.exists() or target.is_symlink():
            raise WriteError("a file of that name exists already; nothing written", str(target))
    prev = first_prev
    for index, (save, target) in enumerate(zip(saves, targets, strict=True)):
        write(save, target, prev, checked if index == 0 else None)
        prev = save
    return targets
