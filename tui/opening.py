"""Opening a save at the table: verify it and its chain first, then decide who plays."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from pbem import games, identity, savefile, verification
from pbem.chain import JOIN
from pbem.engine import GameModule
from pbem.errors import IncompleteChain, PbemError
from pbem.ledger import Ledger
from pbem.savefile import SaveFile
from pbem.signing import PublicKey


@dataclass
class Opened:
    """A save ready for the table: the verdict, and whether this player may act on it."""

    path: Path
    save: SaveFile | None
    module: GameModule | None
    ok: bool
    verdict: list[str]
    me: identity.LocalIdentity | None = None
    role: str | None = None
    playable: bool = False
    why_read_only: str = ""
    earlier: list[Path] = field(default_factory=list)
    checked: bool = True
    wants_play: bool = False
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
    try:
        return identity.load()
    except PbemError:
        return None


def open_save(path: Path, review: bool = False, as_name: str | None = None,
              key: str | None = None, earlier: list[Path] | None = None,
              defer: bool = False) -> Opened:
    """Read and verify ``path``; a save that is not this player's to play opens read-only.

    With ``defer`` only the save itself is read (its signature and schema): the app shows
    the position at once and runs :func:`check` in the background before anything can be
    played."""
    opened = read(path, review, as_name, key, earlier)
    if not defer and opened.save is not None:
        check(opened)
    return opened


CHECKING = "Checking the save and the chain of saves before it..."


def read(path: Path, review: bool = False, as_name: str | None = None,
         key: str | None = None, earlier: list[Path] | None = None) -> Opened:
    """Read ``path`` and decide who would play it; nothing is verified beyond the file."""
    earlier = list(earlier or [])
    try:
        save = savefile.read(path)
        module = games.get(save.kind)
    except PbemError as exc:
        return Opened(path, None, None, False, [f"NOT VERIFIED: {exc.line()}"],
                      why_read_only="the file cannot be read as a save")
    opened = Opened(path, save, module, True, [], earlier=earlier)
    try:
        me = _chooser(save, as_name, key)
    except PbemError as exc:
        me = None
        opened.why_read_only = exc.line()
    opened.me = me
    opened.role = save.role_of(me.key.public) if me else None
    due = save.due
    opened.wants_play = (not review and me is not None and opened.role is not None
                         and due is not None and due["role"] == opened.role
                         and due["step"] != JOIN)
    opened.checked = False
    opened.verdict = [CHECKING]
    return opened


def check(opened: Opened) -> None:
    """Verify the save and its chain (through the ledger when about to play)."""
    save, me, path, earlier, review = (opened.save, opened.me, opened.path, opened.earlier,
                                       not opened.wants_play)
    assert save is not None
    opened.checked = True
    if opened.wants_play and me is not None:
        try:
            line = verification.for_play(save, Ledger(me.key.public), earlier, path)
        except PbemError as exc:
            opened.ok = False
            opened.verdict = [f"NOT VERIFIED: {exc.line()}"]
            opened.why_read_only = "the save did not pass the checks"
            return
        opened.verdict = [line]
        moved = Ledger(me.key.public).already_moved(save, opened.role or "")
        if moved:
            opened.why_read_only = (f"you already wrote the save after this one "
                                    f"({moved[:12]}...); playing it again would fork the game")
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
    if not opened.why_read_only:
        opened.why_read_only = _why(save, opened.role, review)


def _why(save: SaveFile, role: str | None, review: bool) -> str:
    if review:
        return "opened for review"
    if save.due is None:
        return "the game is over"
    owner = save.player(save.due["role"])["name"]
    if role is None:
        return f"not your game: it waits for {owner} ({save.due['text']})"
    if save.due["step"] == JOIN:
        return f"{owner} must join the game first (pbem join)"
    return f"not your turn: it waits for {owner} ({save.due['text']})"
