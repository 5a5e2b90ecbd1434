"""A local store of every save seen, by game, so a chain can be re-checked from its start.

Saves are kept under ``<data>/games/<game id>/`` with their conventional names. When a
save is verified, its ancestors are looked for among the files given, the files beside
it and this store.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import threading
from collections.abc import Iterable, Iterator
from pathlib import Path

from pbem import paths
from pbem.atomic import write_new
from pbem.errors import ChainError, PbemError
from pbem.savefile import SUFFIX, SaveFile, file_name, parse, read, read_bytes
from pbem.transport import restore_line_endings


def game_folder(game_id: str) -> Path:
    return paths.data_dir() / "games" / game_id


_HELD = threading.local()  # the game locks this thread holds, with their depth


@contextlib.contextmanager
def game_lock(game_id: str) -> Iterator[None]:
    """This machine's pbems decide for a game one at a time: a watcher folding the answers
    in while its player gives hers with ``pbem apply`` would otherwise answer the same
    moment twice. Held again by the same thread, it is not taken twice."""
    path = paths.data_dir() / "locks" / f"{game_id}.lock"
    held: dict[Path, int] = _HELD.__dict__.setdefault("depth", {})
    if held.get(path):
        held[path] += 1
        try:
            yield
        finally:
            held[path] -= 1
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "ab") as handle:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
        held[path] = 1
        try:
            yield
        finally:
            held[path] = 0
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


def keep(save: SaveFile) -> Path:
    """Store ``save`` (once) and return its path in the store."""
    target = game_folder(save.game_id) / file_name(save.game_id, save.sequence, save.writer)
    if target.exists():
        with contextlib.suppress(OSError):
            if target.read_bytes() == save.raw:
                return target
        target = target.with_name(target.name.replace(SUFFIX, f"-{save.sha256[:12]}{SUFFIX}"))
        if target.exists():
            return target
    write_new(target, save.raw)
    return target


def _names_game(path: Path, game_id: str) -> bool:
    """Whether a save file of any name says, in its first lines, that it is of this game
    (a cheap look before reading it whole: files renamed by hand or by a mail program)."""
    try:
        with open(path, "rb") as handle:
            head = handle.read(512)
    except OSError:
        return False
    return f"# game {game_id}".encode() in head


def _read_quietly(path: Path) -> SaveFile | None:
    try:
        return read(path)
    except PbemError:
        return None


def candidates(target: SaveFile, given: Iterable[Path], target_path: Path | None) -> list[SaveFile]:
    """Saves that may precede ``target``: given files, its neighbours, the store."""
    found: dict[str, SaveFile] = {}
    paths_seen: set[Path] = set()
    prefix = target.game_id[:8]
    folders = [game_folder(target.game_id)]
    if target_path is not None:
        folders.insert(0, target_path.resolve().parent)
    files: list[Path] = []
    for path in given:
        save = read(Path(path))
        paths_seen.add(Path(path).resolve())
        if save.game_id != target.game_id:
            raise ChainError(f"belongs to game {save.game_id[:8]}, not {target.game_id[:8]}",
                             str(path))
        found.setdefault(save.sha256, save)
    for folder in folders:
        if folder.is_dir():
            files += [path for path in sorted(folder.glob(f"*{SUFFIX}"))
                      if path.name.startswith(prefix) or _names_game(path, target.game_id)]
    for path in files:
        resolved = path.resolve()
        if resolved in paths_seen or (target_path is not None
                                      and resolved == target_path.resolve()):
            continue
        paths_seen.add(resolved)
        save = _read_quietly(path)
        if save is not None and save.game_id == target.game_id:
            found.setdefault(save.sha256, save)
    return list(found.values())


def candidates_of(game_id: str) -> list[SaveFile]:
    """Every readable save of a game in the store."""
    folder = game_folder(game_id)
    found: dict[str, SaveFile] = {}
    for path in sorted(folder.glob(f"*{SUFFIX}")) if folder.is_dir() else []:
        save = _read_quietly(path)
        if save is not None and save.game_id == game_id:
            found.setdefault(save.sha256, save)
    return list(found.values())


def by_hash(game_id: str, sha: str) -> SaveFile | None:
    """The stored save of a game whose bytes have this SHA-256, or ``None``: each file is
    hashed, and only the one that matches is read whole and checked."""
    folder = game_folder(game_id)
    for path in sorted(folder.glob(f"*{SUFFIX}")) if folder.is_dir() else []:
        try:
            raw, note = restore_line_endings(read_bytes(path))
        except PbemError:
            continue
        if hashlib.sha256(raw).hexdigest() != sha:
            continue
        try:
            save = parse(raw, str(path))
        except PbemError:
            continue
        save.note = note
        if save.game_id == game_id:
            return save
    return None
