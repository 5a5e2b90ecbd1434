"""Filing the small signed files that travel beside the saves: witness answers given
side by side, passes and sealed answers given ahead, shares files. Each is checked against
the save it follows, which must be in the local store; one whose save has not arrived
waits in the waiting folder and is tried again at the next inbox. A mixin of
:class:`pbem.mail.filing.Filer`."""

from __future__ import annotations

import contextlib

from pbem import games, passes_ahead, shares_ahead, store, witness_answers
from pbem.atomic import write_new
from pbem.errors import PbemError, WriteError
from pbem.ledger import Ledger
from pbem.mail import given_ahead
from pbem.mail.attachments import BESIDE, Candidate, beside
from pbem.mail.filed import Result, failure_line, waiting_folder
from pbem.savefile import SaveFile


def _request_of(answer: witness_answers.Answer) -> SaveFile | None:
    """The request an answer names, if the local store holds it."""
    return given_ahead.saved(answer.game_id, answer.sequence, answer.request)


def _kept_aside(candidate: Candidate, name: str, why: str) -> Result:
    """A file given beside the saves whose save has not arrived: kept in the waiting folder
    (once) and tried again at the next inbox."""
    target = waiting_folder() / name
    if not target.exists():
        write_new(target, candidate.data, mode=0o600)
    return Result("waiting", f"{why}; kept aside and tried again at the next inbox", target,
                  answer=True)


class FilesBeside:
    """The files given beside the saves, filed by an inbox run."""

    ledger: Ledger | None

    def quarantine(self, data: bytes, name: str, where: str, why: str) -> Result:
        """Keep a refused file with the reason beside it (the filer's own)."""
        raise NotImplementedError

    def _not_mine(self, game_id: str, label: str) -> Result | None:
        """The result for a file of a game this player does not play (not kept)."""
        if self.ledger is None or self.ledger.record(game_id) is None:
            return Result("ignored", f"{label}: not a game of yours; not kept", answer=True)
        return None

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
            return self.quarantine(candidate.data, candidate.name, where, failure_line(exc))
        label = f"witness answer of {answer.role} to save {answer.sequence} of game " \
                f"{answer.game_id[:8]}"
        if (ignored := self._not_mine(answer.game_id, label)) is not None:
            return ignored
        request = _request_of(answer)
        if request is None:
            return _kept_aside(candidate, witness_answers.file_name(
                answer.game_id, answer.sequence, answer.role),
                f"{label}: its request has not arrived")
        try:
            witness_answers.check(answer, request, where)
        except PbemError as exc:
            return self.quarantine(candidate.data, candidate.name, where, failure_line(exc))
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
            return self.quarantine(candidate.data, candidate.name, where, failure_line(exc))
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
            return self.quarantine(candidate.data, candidate.name, where, failure_line(exc))
        what = {"seal": "sealed answer", "unseal": "opening"}.get(
            str(given.answer.get("do")), "pass")
        label = f"{what} of {given.role} to save {given.sequence} of game {given.game_id[:8]}"
        if (ignored := self._not_mine(given.game_id, label)) is not None:
            return ignored
        name = passes_ahead.file_name(given.game_id, given.sequence, given.role)
        request = given_ahead.saved(given.game_id, given.sequence, given.request)
        if request is None:
            return _kept_aside(candidate, name, f"{label}: its save has not arrived")
        try:
            passes_ahead.check(games.get(request.kind), given, request, where)
        except PbemError as exc:
            return self.quarantine(candidate.data, candidate.name, where, failure_line(exc))
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
            return self.quarantine(candidate.data, candidate.name, where, failure_line(exc))
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
            return self.quarantine(candidate.data, candidate.name, where, failure_line(exc))
        label = f"shares of {given.role} after save {given.sequence} of game " \
                f"{given.game_id[:8]}"
        if (ignored := self._not_mine(given.game_id, label)) is not None:
            return ignored
        name = shares_ahead.file_name(given.game_id, given.sequence, given.role)
        request = given_ahead.saved(given.game_id, given.sequence, given.request)
        if request is None:
            return _kept_aside(candidate, name, f"{label}: its save has not arrived")
        try:
            shares_ahead.check(given, request, where)
            path = shares_ahead.keep(given, store.game_folder(given.game_id))
        except WriteError:
            raise
        except Exception as exc:  # this file's failure, never the run's
            result = self.quarantine(candidate.data, candidate.name, where, failure_line(exc))
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

