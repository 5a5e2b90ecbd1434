"""Checking each save that arrived, then filing it, one save at a time.

A save of one of my games is checked against my ledger (rollback, fork, skipping ahead)
and re-applied from the save before it; a save of a game I do not play is re-checked
from the game's first save. What verifies goes into the game's folder of the local
store (``<data>/games/<id>/``); what does not goes into ``<data>/mail/quarantine/`` with
the reason beside it, and is never applied. A save whose earlier saves have not arrived
waits in ``<data>/mail/waiting/`` and is tried again at the next inbox.
"""

from __future__ import annotations

import contextlib
import re
from pathlib import Path

from pbem import (
    chain,
    games,
    savefile,
    store,
    verification,
)
from pbem.atomic import write_new
from pbem.engine import GameModule
from pbem.errors import IncompleteChain, WriteError
from pbem.ledger import Ledger, Rival
from pbem.mail import dice_modes, gaps, given_ahead
from pbem.mail.attachments import Candidate
from pbem.mail.filed import Result, failure_line, quarantine_folder, waiting_folder
from pbem.mail.filing_beside import FilesBeside
from pbem.mail.quarantine import Quarantine
from pbem.savefile import SUFFIX, SaveFile
from pbem.signing import PublicKey
from pbem.transport import restore_line_endings
from pbem.verification import KeptAsEvidence

__all__ = ["Filer", "Result", "quarantine_folder", "waiting_folder"]

TABLE_DICE = dice_modes.LONG["table"]
STRANGER_SAVES = 400  # saves of one game the player does not play, filed in one run


def _missing_between(save: SaveFile, head_sha: str, head_seq: int) -> int | None:
    """The sequence of the first save missing between the ledger's head and ``save``."""
    by_hash = {s.sha256: s for s in store.candidates(save, [], None)}
    current = save
    while current.previous != head_sha:
        before = by_hash.get(current.previous or "")
        if before is None or before.sequence <= head_seq:
            return current.sequence - 1
        current = before
    return None if head_sha in by_hash else head_seq


def _saves(count: int) -> str:
    return f"{count} save" + ("s" if count != 1 else "")


def _name(save: SaveFile) -> str:
    return savefile.file_name(save.game_id, save.sequence, save.writer)


def _words(save: SaveFile, verdict: str) -> str:
    """The verdict of :func:`verification.for_play` without what the line already says."""
    found = re.search(r"\((\d+) saves re-checked\)", verdict)
    if found:
        return f"re-checked from the first save ({_saves(int(found.group(1)))})"
    return verdict.removeprefix("OK: ").removeprefix(save.short()).strip(" ,")


class Filer(FilesBeside):
    """Files the saves of one inbox run for the player with key ``me`` (or a spectator).

    Every save is handled on its own: whatever goes wrong below (a bad save, a bug in
    pbem) quarantines that save with the reason and goes on; only a failure to write
    (a full disk) stops the run.
    """

    def __init__(self, me: PublicKey | None) -> None:
        self.me = me
        self.ledger = Ledger(me) if me else None
        self.kept = Quarantine()
        self._done: dict[str, tuple[str, Path | None]] = {}
        self._notes: dict[str, str] = {}
        self._strangers: dict[str, int] = {}  # game id -> its saves seen in this run
        self._checked: dict[str, tuple[GameModule, SaveFile]] = {}  # sha -> verified here

    # ------------------------------------------------------------ refusals

    def quarantine(self, data: bytes, name: str, where: str, reason: str) -> Result:
        """Keep a refused save or message, with the reason beside it."""
        target = self.kept.keep(data, name, where, reason)
        if target is None:
            reason = f"{reason}; {self.kept.full_note()}"
        return Result("quarantined", f"{where}: {reason}", target)

    def parse(self, candidate: Candidate) -> SaveFile | Result:
        """The save in an attachment, or its quarantine when it is not a good save file.

        A save whose line endings were turned into CRLF on the way is read in its LF form
        (see :mod:`pbem.transport`); if that verifies, its lines say so."""
        data, note = restore_line_endings(candidate.data)
        try:
            save = savefile.parse(data, candidate.where)
        except WriteError:
            raise
        except Exception as exc:  # any failure is this attachment's, never the run's
            reason = failure_line(exc)
            if note is not None:
                reason += " (its line endings had been changed to CRLF)"
            return self.quarantine(candidate.data, candidate.name, candidate.where, reason)
        if note is not None:
            self._notes[save.sha256] = note
        return save

    # ------------------------------------------------------------ filing

    def retry_waiting(self) -> list[Result]:
        """Try again the saves kept aside (by this run or earlier ones), in game order."""
        folder = waiting_folder()
        saves: list[SaveFile] = []
        results: list[Result] = []
        paths = sorted(folder.glob(f"*{SUFFIX}")) if folder.is_dir() else []
        for path in paths:
            try:
                saves.append(savefile.read(path))
            except WriteError:
                raise
            except Exception as exc:  # a damaged file in the waiting folder
                data = b""
                with contextlib.suppress(OSError):
                    data = path.read_bytes()[:savefile.MAX_BYTES]
                results.append(self.quarantine(data, path.name, str(path), failure_line(exc)))
                with contextlib.suppress(OSError):
                    path.unlink()
        for save in saves:
            if self._done.get(save.sha256, ("",))[0] == "waiting":
                del self._done[save.sha256]
        return results + self.file_all(saves)

    def file_all(self, saves: list[SaveFile]) -> list[Result]:
        """File saves in game order, so a save's predecessor is filed before it."""
        ordered = sorted(saves, key=lambda s: (s.game_id, s.sequence, s.sha256))
        return [self.file(save) for save in ordered]

    def file(self, save: SaveFile) -> Result:
        if save.sha256 in self._done:
            kind, path = self._done[save.sha256]
            done = "filed once" if kind in ("filed", "known", "old") else f"{kind} once"
            return Result("known", f"{save.short()}: the same save came twice; {done}",
                          path, save)
        try:
            result = self._check_and_keep(save)
        except IncompleteChain:
            result = self._wait(save)
        except WriteError:
            raise
        except Exception as exc:  # any failure is this save's, never the run's
            result = self.quarantine(save.raw, _name(save), save.where, failure_line(exc))
            result.save = save
        if result.kind != "waiting":
            self._unwait(save)
        if result.kind != "quarantined":
            if save.sha256 in self._notes:
                result.text += f" ({self._notes[save.sha256]})"
            mode = dice_modes.mode_of(save)
            if mode is not None:
                result.text += f" - {dice_modes.LONG[mode]}"
        self._done[save.sha256] = (result.kind, result.path)
        return result

    def _check_and_keep(self, save: SaveFile) -> Result:
        role = save.role_of(self.me) if self.me else None
        writer = f"{save.player(save.writer)['name']} ({save.writer})"
        if self.ledger is None or role is None:
            return self._stranger(save, writer)
        try:
            status = self.ledger.check(save)
        except Rival:
            status = "rival"  # a claim and the answer it claimed: weighed just below
        head = self.ledger.head(save.game_id)
        if status == "known":
            path = store.keep(save)
            if head is not None and save.sequence < int(head["sequence"]):
                return Result("old", f"{save.short()} from {writer}: an old save, received "
                                     f"before (you are at save {head['sequence']}); nothing "
                                     f"done", path, save)
            return Result("known", f"{save.short()}: received before; already filed",
                          path, save)
        if status == "ahead" and head is not None:
            gap = _missing_between(save, str(head["sha256"]), int(head["sequence"]))
            if gap is not None:
                raise IncompleteChain(f"save {gap} has not arrived", save.where)
        given_ahead.keeps_own_pass(save)
        try:
            verdict = verification.for_play(save, self.ledger, [], None)
        except KeptAsEvidence as exc:
            return Result("evidence", f"{save.short()} from {writer}: {exc.message}",
                          store.keep(save), save)
        return Result("filed", f"{save.short()} from {writer}, verified: "
                               f"{_words(save, verdict)}", store.keep(save), save)

    def _wait(self, save: SaveFile) -> Result:
        target = waiting_folder() / _name(save).replace(SUFFIX, f"-{save.sha256[:12]}{SUFFIX}")
        if not target.exists():
            write_new(target, save.raw, mode=0o600)
        head = self.ledger.head(save.game_id) if self.ledger is not None else None
        missing = gaps.missing(save, int(head["sequence"]) if head else None)
        return Result("waiting", f"{save.short()}: {gaps.words(save, missing)}; kept aside "
                                 f"and tried again at the next inbox", target, save)

    # ------------------------------------------------------------ others' games

    def _stranger(self, save: SaveFile, writer: str) -> Result:
        """A save of a game this player does not play: re-checked from the game's first
        save once, each later save of the same run from the one before it (so a whole
        game costs time in proportion to its length), and at most :data:`STRANGER_SAVES`
        of one game per run (the rest is left for pbem verify)."""
        count = self._strangers.get(save.game_id, 0) + 1
        self._strangers[save.game_id] = count
        if count > STRANGER_SAVES:
            return Result("ignored", f"{save.short()} from {writer}: a game you do not play; "
                                     f"more than {STRANGER_SAVES} of its saves came in this "
                                     f"run, so this one was not checked or kept (pbem verify "
                                     f"checks it by hand)", None, save)
        known = self._checked.get(save.previous or "")
        if known is not None:
            module, before = known
            chain.check_next(module, before, save)
            self._checked[save.sha256] = (module, save)
            return Result("filed", f"{save.short()} from {writer}, verified: follows save "
                                   f"{before.sequence}, checked in this run",
                          store.keep(save), save)
        verdict = verification.full(save, [], None)
        module = games.get(save.kind)
        for earlier in verdict.chain:
            store.keep(earlier)
        self._checked[save.sha256] = (module, save)
        return Result("filed", f"{save.short()} from {writer}, verified: re-checked from "
                               f"the first save ({_saves(len(verdict.chain))})",
                      store.keep(save), save)

    def _unwait(self, save: SaveFile) -> None:
        target = waiting_folder() / _name(save).replace(SUFFIX, f"-{save.sha256[:12]}{SUFFIX}")
        with contextlib.suppress(OSError):
            target.unlink()
