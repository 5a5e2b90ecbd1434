"""One inbox run: read new messages one at a time, find the saves in each, check and file
every save, and record the message as read before going on to the next.

Each message, each attachment and each save is handled on its own: whatever goes wrong
with one (a message that cannot be taken apart, a save that crashes anything below, an
error in pbem itself) is one line naming it and the reason, kept in quarantine, and the
run goes on with the next. Only a failure of this machine (a full disk) or of the mail
server stops the run; what was done before it stays done and recorded.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from pbem.config import Server
from pbem.errors import WriteError
from pbem.mail import attachments, copies, imap, sources
from pbem.mail.filing import Filer, Result
from pbem.mail.seen import Mark, Seen, digest
from pbem.savefile import SUFFIX, SaveFile
from pbem.signing import PublicKey

FIRST_RUN_DAYS = 30
HELD = ("filed", "known", "old")  # a save that came and checked out (or came before)
ProgressFactory = Callable[[str, int, int], Callable[[int], None]]


@dataclass
class Handled:
    """One message read in this run: what became of each save in it, and whether anything
    in it was refused or left alone (``uid`` for a message of an IMAP folder)."""

    where: str
    uid: int | None = None
    results: list[Result] = field(default_factory=list)
    refused: bool = False
    other_attachments: bool = False


@dataclass
class Report:
    """What a run found: one line per save or refusal, for people."""

    results: list[Result] = field(default_factory=list)
    ignored: list[str] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)
    read: int = 0
    read_before: int = 0
    without_attachments: int = 0
    messages: list[Handled] = field(default_factory=list)

    def lines(self) -> list[str]:
        """What the run did, for people: how many messages, then one line per save,
        refusal and attachment left alone."""
        line = f"Read {self.read} new message{'s' if self.read != 1 else ''}"
        if self.read_before:
            line += f" ({self.read_before} read before were skipped)"
        if self.without_attachments:
            line += f"; {self.without_attachments} without attachments were not downloaded"
        out = [line + "."]
        for result in self.results:
            where = f" -> {result.path}" if result.path else ""
            out.append(f"{result.kind:<12} {result.text}{where}")
        out += [f"{'refused':<12} {text}" for text in self.refused]
        out += [f"{'ignored':<12} {text}" for text in self.ignored]
        return out

    def refuse(self, text: str) -> None:
        self.refused.append(text)
        if self.messages:
            self.messages[-1].refused = True

    def add(self, result: Result, message: Handled | None = None) -> None:
        """Add a save's line; a later line for a save that waited replaces its first."""
        if message is not None:
            message.results.append(result)
        if result.save is not None:
            for index, earlier in enumerate(self.results):
                if earlier.save is not None and earlier.kind == "waiting" \
                        and earlier.save.sha256 == result.save.sha256:
                    if result.kind != "known":
                        self.results[index] = result
                    return
        self.results.append(result)


def _why(exc: Exception) -> str:
    text = " ".join(str(exc).split())[:160]
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def _message(raw: sources.RawMessage, filer: Filer, report: Report) -> None:
    """Handle one message; nothing that goes wrong with it stops the run but a failure
    to write."""
    report.read += 1
    this = report.messages[-1]
    if raw.data is None:
        report.refuse(f"{raw.where}: {raw.skipped}")
        return
    if raw.is_save:  # a save file in a folder: no message around it
        parsed = filer.parse(attachments.Candidate(Path(raw.where).name, raw.data, raw.where))
        for result in [parsed] if isinstance(parsed, Result) else filer.file_all([parsed]):
            report.add(result, this)
        return
    try:
        found = attachments.contents(raw.data, raw.where)
    except Exception as exc:  # an error of the parser or of pbem: this message only
        result = filer.quarantine(raw.data, "message.eml", raw.where,
                                  f"the message cannot be taken apart ({_why(exc)}); "
                                  f"nothing in it was read")
        report.refuse(_refusal(result))
        return
    if found.refusal is not None:
        result = filer.quarantine(raw.data, "message.eml", found.label,
                                  f"{found.refusal}; nothing in it was read")
        report.refuse(_refusal(result))
        return
    for problem in found.problems:
        report.refuse(f"{problem.where}: {problem.reason}")
    stems = {c.name.removesuffix(SUFFIX) for c in found.saves}
    others = [n for n in found.ignored if n.removesuffix(".map.png") not in stems]
    if others:
        this.other_attachments = True
        report.ignored.append(f"{found.label}: {', '.join(others)} - not a save, left alone")
    saves: list[SaveFile] = []
    for candidate in found.saves:
        parsed = filer.parse(candidate)
        if isinstance(parsed, SaveFile):
            saves.append(parsed)
        else:
            report.add(parsed, this)
    held = []
    for result in filer.file_all(saves):
        report.add(result, this)
        if result.kind in HELD and result.save is not None:
            held.append(result.save)
    copies.record(held, copies.named(found.named))  # they reached every address named
    for candidate in found.answers:
        report.add(filer.file_answer(candidate), this)


def _refusal(result: Result) -> str:
    return result.text + (f" -> {result.path}" if result.path else "")


def _guarded(raw: sources.RawMessage, filer: Filer, report: Report,
             uid: int | None = None) -> None:
    """:func:`_message`, with any error left over turned into this message's line."""
    report.messages.append(Handled(raw.where, uid))
    try:
        _message(raw, filer, report)
    except WriteError:
        raise
    except Exception as exc:  # an error in pbem while filing: this message only
        report.refuse(f"{raw.where}: could not be handled, because of an error in pbem "
                      f"({_why(exc)}); read it again with --all once fixed")


def _local(path: Path, seen: Seen, filer: Filer, report: Report, read_all: bool) -> None:
    before = set() if read_all else seen.read_before(path)
    for raw in sources.read(path):
        key = digest(raw.data if raw.data is not None else f"{raw.where}:{raw.size}".encode())
        if key in before:
            report.read_before += 1
            continue
        _guarded(raw, filer, report)
        seen.add_local(path, key)


def _folder(folder: imap.Folder, seen: Seen, filer: Filer, report: Report, read_all: bool,
            progress: ProgressFactory) -> None:
    server = folder.server
    mark = None if read_all else seen.mark(server)
    since = None if read_all or mark else dt.date.today() - dt.timedelta(days=FIRST_RUN_DAYS)
    listing = folder.listing(mark, since)
    report.without_attachments = len(listing.uids) - len(listing.wanted)
    fits = [u for u in listing.wanted if listing.sizes[u] <= sources.MAX_MESSAGE]
    step = (progress(f"{server.host}/{server.folder}", len(fits),
                     sum(listing.sizes[u] for u in fits)) if fits else None)
    for uid in listing.wanted:
        raw = folder.download(uid, listing.sizes[uid])
        if step is not None and raw.data is not None:
            step(raw.size)
        _guarded(raw, filer, report, uid)
        seen.set_mark(server, Mark(listing.validity, uid))
    seen.set_mark(server, listing.mark(mark))


def run(me: PublicKey | None, local: list[Path], server: Server | None,
        password: Callable[[], str], read_all: bool, progress: ProgressFactory,
        opened: imap.Folder | None = None) -> Report:
    """Read ``local`` folders and files, or the IMAP ``server`` when none are given (over
    the connection ``opened`` when one is given, else over one of its own)."""
    seen = Seen()
    filer = Filer(me)
    report = Report()
    try:
        for path in local:
            _local(path, seen, filer, report, read_all)
        if opened is not None:
            _folder(opened, seen, filer, report, read_all, progress)
        elif server is not None:
            with imap.Folder(server, password()) as folder:
                _folder(folder, seen, filer, report, read_all, progress)
        for result in filer.retry_waiting():
            report.add(result)
        for result in filer.retry_waiting_answers():
            report.add(result)
    finally:
        seen.close()
    return report
