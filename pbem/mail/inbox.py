"""One inbox run: read new messages, find the saves in them, check and file each one."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from pbem.config import Server
from pbem.mail import attachments, imap, sources
from pbem.mail.filing import Filer, Result
from pbem.mail.seen import Seen, digest
from pbem.savefile import SUFFIX, SaveFile
from pbem.signing import PublicKey

FIRST_RUN_DAYS = 30
ProgressFactory = Callable[[str, int, int], Callable[[int], None]]


@dataclass
class Report:
    """What a run found: one line per save or refusal, for people."""

    results: list[Result] = field(default_factory=list)
    ignored: list[str] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)
    read: int = 0
    read_before: int = 0
    without_attachments: int = 0


def _message(raw: sources.RawMessage, filer: Filer, report: Report,
             saves: list[SaveFile]) -> None:
    report.read += 1
    if raw.data is None:
        report.refused.append(f"{raw.where}: {raw.skipped}")
        return
    try:
        found = attachments.contents(raw.data, raw.where)
    except (RecursionError, ValueError, LookupError, TypeError) as exc:
        report.refused.append(f"{raw.where}: the message cannot be taken apart "
                              f"({type(exc).__name__}); nothing in it was read")
        return
    report.refused += [f"{p.where}: {p.reason}" for p in found.problems]
    stems = {c.name.removesuffix(SUFFIX) for c in found.saves}
    others = [n for n in found.ignored if n.removesuffix(".map.png") not in stems]
    if others:
        report.ignored.append(f"{raw.where} (from {found.sender}, \"{found.subject}\"): "
                              f"{', '.join(others)} - not a save, left alone")
    for candidate in found.saves:
        parsed = filer.parse(candidate)
        if isinstance(parsed, SaveFile):
            saves.append(parsed)
        else:
            report.results.append(parsed)


def run(me: PublicKey | None, local: list[Path], server: Server | None,
        password: Callable[[], str], read_all: bool, progress: ProgressFactory) -> Report:
    """Read ``local`` folders and files, or the IMAP ``server`` when none are given."""
    seen = Seen()
    filer = Filer(me)
    report = Report()
    saves: list[SaveFile] = []
    for path in local:
        before = set() if read_all else seen.read_before(path)
        digests: list[str] = []
        for raw in sources.read(path):
            key = digest(raw.data) if raw.data is not None else f"{raw.where}:{raw.size}"
            if key in before:
                report.read_before += 1
                continue
            digests.append(key)
            _message(raw, filer, report, saves)
        seen.add_local(path, digests)
    if server is not None:
        mark = None if read_all else seen.mark(server)
        since = None if read_all or mark else (
            dt.date.today() - dt.timedelta(days=FIRST_RUN_DAYS))
        batch = imap.fetch(server, password(), mark, since, progress)
        report.without_attachments = batch.without_attachments
        for raw in batch.messages:
            _message(raw, filer, report, saves)
        seen.set_mark(server, batch.mark)
    for item in filer.waiting():
        if isinstance(item, SaveFile):
            saves.append(item)
        else:
            report.results.append(item)
    report.results += filer.file_all(saves)
    seen.save()
    return report
