"""A game's own data set, when the players use another than the built-in one (an owner's
transcription of their printed cards): embedded in the game's first save, pinned by its
hash in the game's options, and kept on each machine that has checked that first save.
The built-in data a game reads is pinned too, by its hash in the game's header
(``game.builtin``, :func:`check_builtin`).

A game module that takes data files answers :meth:`GameModule.load_data_file` (for
``pbem new --data FILE``), :meth:`GameModule.load_data_document` (for an embedded
document) and :meth:`GameModule.data_hash` (which data set a game's options select).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pbem import kept_data, strict_yaml
from pbem.atomic import write_replace
from pbem.engine import GameModule
from pbem.errors import ChainError, PbemError


def _cached(kind: str, digest: str) -> Path:
    return kept_data.path_of(kind, digest)


def _short(digest: str | None) -> str:
    return "none" if digest is None else f"{digest[:12]}..."


def check_builtin(module: GameModule, game: Mapping[str, Any], where: str) -> None:
    """Refuse a game whose header pins other built-in data than this pbem's own."""
    pinned = game.get("builtin")
    ours = module.builtin_data_hash(game["options"])
    if pinned != ours:
        raise ChainError(f"this game was made with other built-in {module.title} data "
                         f"({_short(pinned)}); this pbem has {_short(ours)}: replay it with "
                         f"the pbem version that made it", where)


def embed(module: GameModule, options: Mapping[str, Any]) -> dict[str, Any] | None:
    """The document to embed in a new game's first save (``None``: the built-in data)."""
    return module.data_document(options)


def accept(module: GameModule, options: Mapping[str, Any], document: Any, where: str) -> None:
    """Check and register the document embedded in a first save; keep it on this machine."""
    digest = module.data_hash(options)
    if document is None:
        if digest is not None:
            raise ChainError("the game's options name a data set that is not embedded", where)
        return
    try:
        loaded = module.load_data_document(document)
    except PbemError as exc:
        raise ChainError(f"the embedded data set is not valid: {exc.message}", where) from None
    if loaded != digest:
        raise ChainError("the embedded data set is not the one the options name", where)
    path = _cached(module.kind, loaded)
    if not path.is_file():
        write_replace(path, strict_yaml.dump({"data": dict(document)}).encode("utf-8"))


def ready(module: GameModule, options: Mapping[str, Any], where: str,
          game_id: str | None = None) -> None:
    """Make sure the data set a game uses is loaded: from this machine's copy, else from
    the game's first save in the local store (``game_id`` given), checked by its hash."""
    digest = module.data_hash(options)
    if digest is None or module.data_loaded(digest):
        return
    path = _cached(module.kind, digest)
    if not path.is_file() and game_id is not None:
        _from_first_save(module, options, game_id)
    try:
        document = strict_yaml.load(path.read_bytes(), str(path))["data"]
    except (OSError, KeyError, TypeError, PbemError):
        raise ChainError("this game uses a data set this machine has not seen yet: check the "
                         "game from its first save (pbem verify)", where) from None
    module.load_data_document(document)


def _from_first_save(module: GameModule, options: Mapping[str, Any], game_id: str) -> None:
    """Keep the data set embedded in the game's first save, if the store holds it and its
    hash is the one the options name (any other file is left alone)."""
    from pbem import savefile, store

    folder = store.game_folder(game_id)
    for path in sorted(folder.glob(f"{game_id[:8]}-0000-*{savefile.SUFFIX}")) \
            if folder.is_dir() else []:
        try:
            first = savefile.read(path)
            if first.game_id == game_id and first.sequence == 0 \
                    and first.game["options"] == dict(options):
                accept(module, options, first.doc["data"], str(path))
                return
        except PbemError:
            continue


def for_save(save: Any) -> GameModule:
    """The game module of a save, with the data set its game uses loaded; a game made
    with other built-in data is refused."""
    from pbem import games

    module = games.get(save.kind)
    check_builtin(module, save.game, save.where)
    if save.sequence == 0 and save.doc.get("data") is not None:
        accept(module, save.game["options"], save.doc["data"], save.where)
    ready(module, save.game["options"], save.where, save.game_id)
    return module
