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
from dataclasses import dataclass
from pathlib import Path

from pbem import (
    chain,
    games,
    passes_ahead,
    paths,
    savefile,
    shares_ahead,
    store,
    verification,
    witness_answers,
)
from pbem.atomic import write_new
from pbem.engine import GameModule
from pbem.errors import IncompleteChain, PbemError, WriteError
from pbem.ledger import Ledger, Rival
from pbem.mail import dice_modes, gaps, given_ahead, quarantine
from pbem.mail.attachments import BESIDE, Candidate, beside
from pbem.mail.quarantine import Quarantine
from pbem.savefile import SUFFIX, SaveFile
from pbem.signing import PublicKey
from pbem.transport import restore_line_endings
from pbem.verification import KeptAsEvidence

TABLE_DICE = dice_modes.LONG["table"]
STRANGER_SAVES = 400  # saves of one game the player does not play, filed in one run


@dataclass
class Result:
    """What became of one save: ``filed``, ``known``, ``old``, ``waiting``, ``evidence``
    (it lost to a claim, or a claim lost to it: kept, listed by ``pbem ledger``) or
    ``quarantined``, in one line for people, and where it is now."""

    kind: str
    text: str
    path: Path | None = None
    save: SaveFile | None = None
    answer: bool = False  # a witness answer given side by side, not a save


def quarantine_folder() -> Path:
    return quarantine.folder()


def waiting_folder() -> Path:
    return paths.data_dir() / "mail" / "waiting"


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


def _request_of(answer: witness_answers.Answer) -> SaveFile | None:
    """The request an answer names, if the local store holds it."""
    return given_ahead.saved(answer.game_id, answer.sequence, answer.request)


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


def _reason(exc: Exception) -> str:
    """One line for any failure below: pbem's own errors as they are, anything else as
    an error in pbem (never a traceback)."""
    if isinstance(exc, PbemError):
        return f"{exc.kind}: {exc.message}"
    text = " ".join(str(exc).split())
    text = text[:200] + "..." if len(text) > 200 else text
    return (f"could not be checked, because of an error in pbem ({type(exc).__name__}"
            f"{': ' + text if text else ''}); it is kept, never applied")


class Filer:
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
            reason = _reason(exc)
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
                results.append(self.quarantine(data, path.name, str(path), _reason(exc)))
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
            result = self.quarantine(save.raw, _name(save), save.where, _reason(exc))
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

    # ------------------------------------------------------------ witness answers

    def file_answer(self, candidate: Candidate) -> Result:
        """Check a witness answer against its request (which must be here) and keep it in
        the game's folder; one whose request has not arrived waits like a save."""
        where = candidate.where
        kind = beside(candidate.name, candidate.data)
        if kind is not None and kind.kind == "shares":
            return self.file_shares(candidate)
        if kind is not None and kind.kind == "pass":
            return self.file_pass(candidate)
        try:
            answer = witness_answers.parse(candidate.data, where)
        except WriteError:
            raise
        except Exception as exc:  # this attachment's failure, never the run's
            return self.quarantine(candidate.data, candidate.name, where, _reason(exc))
        label = f"witness answer of {answer.role} to save {answer.sequence} of game " \
                f"{answer.game_id[:8]}"
        if self.ledger is None or self.ledger.record(answer.game_id) is None:
            return Result("ignored", f"{label}: not a game of yours; not kept", answer=True)
        request = _request_of(answer)
        if request is None:
            target = waiting_folder() / witness_answers.file_name(
                answer.game_id, answer.sequence, answer.role)
            if not target.exists():
                write_new(target, candidate.data, mode=0o600)
            return Result("waiting", f"{label}: its request has not arrived; kept aside and "
                                     f"tried again at the next inbox", target, answer=True)
        try:
            witness_answers.check(answer, request, where)
        except PbemError as exc:
            return self.quarantine(candidate.data, candidate.name, where, _reason(exc))
        with contextlib.suppress(OSError):
            (waiting_folder() / witness_answers.file_name(
                answer.game_id, answer.sequence, answer.role)).unlink()
        head = self.ledger.head(answer.game_id)
        if head is None or head["sha256"] != request.sha256:
            return Result("old", f"{label}: the game has gone on since; nothing done",
                          answer=True)
        try:
            path = witness_answers.keep(answer, store.game_folder(answer.game_id))
        except PbemError as exc:
            if isinstance(exc, WriteError):
                raise
            return self.quarantine(candidate.data, candidate.name, where, _reason(exc))
        return Result("filed", f"{label}, verified: it reveals {answer.role}'s next dice link",
                      path, answer=True)

    def file_pass(self, candidate: Candidate) -> Result:
        """Check a pass given ahead against the save it answers (which must be here) and
        keep it in the game's folder; one whose save has not arrived waits like a save."""
        where = candidate.where
        try:
            given = passes_ahead.parse(candidate.data, where)
        except WriteError:
            raise
        except Exception as exc:  # this attachment's failure, never the run's
            return self.quarantine(candidate.data, candidate.name, where, _reason(exc))
        what = {"seal": "sealed answer", "unseal": "opening"}.get(
            str(given.answer.get("do")), "pass")
        label = f"{what} of {given.role} to save {given.sequence} of game {given.game_id[:8]}"
        if self.ledger is None or self.ledger.record(given.game_id) is None:
            return Result("ignored", f"{label}: not a game of yours; not kept", answer=True)
        name = passes_ahead.file_name(given.game_id, given.sequence, given.role)
        request = given_ahead.saved(given.game_id, given.sequence, given.request)
        if request is None:
            target = waiting_folder() / name
            if not target.exists():
                write_new(target, candidate.data, mode=0o600)
            return Result("waiting", f"{label}: its save has not arrived; kept aside and "
                                     f"tried again at the next inbox", target, answer=True)
        try:
            passes_ahead.check(games.get(request.kind), given, request, where)
        except PbemError as exc:
            return self.quarantine(candidate.data, candidate.name, where, _reason(exc))
        with contextlib.suppress(OSError):
            (waiting_folder() / name).unlink()
        head = self.ledger.head(given.game_id)
        if head is None or head["sha256"] != request.sha256:
            return Result("old", f"{label}: the game has gone on since; nothing done",
                          answer=True)
        try:
            path = passes_ahead.keep(given, store.game_folder(given.game_id))
        except PbemError as exc:
            if isinstance(exc, WriteError):
                raise
            return self.quarantine(candidate.data, candidate.name, where, _reason(exc))
        done = {"seal": "answered, sealed", "unseal": "opened"}.get(
            str(given.answer.get("do")), "lets it go")
        return Result("filed", f"{label}, verified: {given.role} {done}", path, answer=True)

    def file_shares(self, candidate: Candidate) -> Result:
        """Check a shares file given ahead against the save it follows (which must be
        here) and keep it in the game's folder, even once the game has gone on (its shares
        help until its giver's next save gives them); one whose save has not arrived waits
        like a save."""
        where = candidate.where
        try:
            given = shares_ahead.parse(candidate.data, where)
        except WriteError:
            raise
        except Exception as exc:  # this attachment's failure, never the run's
            return self.quarantine(candidate.data, candidate.name, where, _reason(exc))
        label = f"shares of {given.role} after save {given.sequence} of game " \
                f"{given.game_id[:8]}"
        if self.ledger is None or self.ledger.record(given.game_id) is None:
            return Result("ignored", f"{label}: not a game of yours; not kept", answer=True)
        name = shares_ahead.file_name(given.game_id, given.sequence, given.role)
        request = given_ahead.saved(given.game_id, given.sequence, given.request)
        if request is None:
            target = waiting_folder() / name
            if not target.exists():
                write_new(target, candidate.data, mode=0o600)
            return Result("waiting", f"{label}: its save has not arrived; kept aside and "
                                     f"tried again at the next inbox", target, answer=True)
        try:
            shares_ahead.check(given, request, where)
            path = shares_ahead.keep(given, store.game_folder(given.game_id))
        except WriteError:
            raise
        except Exception as exc:  # this file's failure, never the run's
            result = self.quarantine(candidate.data, candidate.name, where, _reason(exc))
        else:
            cards = f"{len(given.shares)} card" + ("s" if len(given.shares) != 1 else "")
            result = Result("filed", f"{label}, verified: {given.role}'s part of {cards} "
                                     f"the others hold", path, answer=True)
        with contextlib.suppress(OSError):
            (waiting_folder() / name).unlink()
        return result

    def retry_waiting_answers(self) -> list[Result]:
        """Try again the files given beside the saves (witness answers, passes, shares)
        kept aside until the save they follow came."""
        folder = waiting_folder()
        out = []
        kept = [p for kind in BESIDE for p in folder.glob(f"*{kind.suffix}")] \
            if folder.is_dir() else []
        for path in sorted(kept):
            with contextlib.suppress(OSError):
                kind = beside(path.name, b"")
                limit = kind.limit if kind is not None else witness_answers.MAX_BYTES
                data = path.read_bytes()[:limit + 1]
                result = self.file_answer(Candidate(path.name, data, str(path)))
                if result.kind != "waiting":
                    out.append(result)
        return out

    def _unwait(self, save: SaveFile) -> None:
        target = waiting_folder() / _name(save).replace(SUFFIX, f"-{save.sha256[:12]}{SUFFIX}")
        with contextlib.suppress(OSError):
            target.unlink()
