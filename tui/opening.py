"""Opening a save at the table: read it, decide who plays, verify it and its chain.

A file that cannot be read as a save is refused before any table opens (the command
says why in one line and exits non-zero). A save that reads well opens at once; the
chain behind it is checked (:func:`check`), and whether it may be played decided then.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from pbem import answering, gamedata, identity, savefile, verification
from pbem.chain import JOIN
from pbem.engine import GameModule
from pbem.errors import IncompleteChain, PbemError
from pbem.ledger import Ledger
from pbem.savefile import SaveFile
from pbem.signing import PublicKey
from tui.readonly import ReadOnly, why_read_only


@dataclass
class Opened:
    """A save ready for the table: the verdict, and whether this player may act on it."""

    path: Path
    save: SaveFile
    module: GameModule
    ok: bool
    verdict: list[str]
    me: identity.LocalIdentity | None = None
    role: str | None = None
    playable: bool = False
    read_only: ReadOnly | None = None
    earlier: list[Path] = field(default_factory=list)
    checked: bool = True
    wants_play: bool = False
    review: bool = False
    chain: list[SaveFile] = field(default_factory=list)


def local_for(save: SaveFile, role: str) -> identity.LocalIdentity | None:
    """The local identity holding ``role``'s key (hot-seat), if any."""
    try:
        return identity.find_local(PublicKey.from_line(save.player(role)["key"]))
    except PbemError:
        return None


def _chooser(save: SaveFile, as_name: str | None, key: str | None
             ) -> identity.LocalIdentity | None:
    if as_name or key:
        return identity.load(as_name, key)
    if save.due is not None:
        local = local_for(save, save.due["role"])
        if local is not None:
            return local
    for player in save.players:  # any local player of this game, to say whose turn it is
        local = local_for(save, player["role"])
        if local is not None:
            return local
    try:
        return identity.load()
    except PbemError:
        return None


def open_save(path: Path, review: bool = False, as_name: str | None = None,
              key: str | None = None, earlier: list[Path] | None = None,
              defer: bool = False) -> Opened:
    """Read and verify ``path``; a save that is not this player's to play opens read-only.

    Raises PbemError when the file is not a save pbem can open. With ``defer`` only the
    save itself is read (its signature and schema): the app shows the position at once
    and runs :func:`check` in the background before anything can be played."""
    opened = read(path, review, as_name, key, earlier)
    if not defer:
        check(opened)
    return opened


CHECKING = "Checking the save and the chain of saves before it..."


def read(path: Path, review: bool = False, as_name: str | None = None,
         key: str | None = None, earlier: list[Path] | None = None) -> Opened:
    """Read ``path`` and decide who would play it; nothing is verified beyond the file."""
    save = savefile.read(path)
    module = gamedata.for_save(save)
    opened = Opened(path, save, module, True, [CHECKING], earlier=list(earlier or []),
                    checked=False, review=review)
    try:
        me = _chooser(save, as_name, key)
    except PbemError as exc:
        me = None
        opened.read_only = ReadOnly("identity", error=exc.message, file=path)
    opened.me = me
    opened.role = save.role_of(me.key.public) if me else None
    due = save.due
    opened.wants_play = (not review and me is not None and opened.role is not None
                         and due is not None and due["step"] != JOIN
                         and (due["role"] == opened.role
                              or answering.my_turn(save, me.key.public, path)))
    return opened


def check(opened: Opened) -> None:
    """Verify the save and its chain (through the ledger when about to play); ``checked``
    turns true only once the verdict is in."""
    try:
        _check(opened)
    finally:
        opened.checked = True


def _check(opened: Opened) -> None:
    save, me, path, earlier = opened.save, opened.me, opened.path, opened.earlier
    if opened.wants_play and me is not None:
        try:
            line = verification.for_play(save, Ledger(me.key.public), earlier, path)
        except PbemError as exc:
            opened.ok = False
            opened.verdict = [f"NOT VERIFIED: {exc.line()}"]
            opened.read_only = ReadOnly("failed")
            return
        opened.verdict = [line]
        moved = Ledger(me.key.public).already_moved(save, opened.role or "")
        if moved:
            opened.read_only = why_read_only(opened, moved=moved)
            return
        opened.playable = True
        return
    try:
        verdict = verification.full(save, earlier, path)
        opened.verdict = verdict.lines
        opened.chain = verdict.chain
    except IncompleteChain as exc:
        opened.ok = False
        opened.verdict = [f"NOT FULLY VERIFIED: {exc.line()}"]
    except PbemError as exc:
        opened.ok = False
        opened.verdict = [f"NOT VERIFIED: {exc.line()}"]
    opened.read_only = why_read_only(opened)
