"""Which messages were already read: for an IMAP folder its UIDVALIDITY and last UID, for
a local Maildir, mbox or ``.eml`` the digests of the messages read from it.

Kept in ``<data>/mail/seen.log``, one line per message, appended as soon as the message
is done (its saves filed, or quarantined): a run that fails, crashes or is killed part-way
never reads again what it finished, and never stops twice at the same message. A line
cut off by a power cut is ignored (that message is read again, and its saves, already
filed, are recognised). The log is rewritten in its short form, atomically, when it has
grown to several times what it records.

Lines: ``imap <folder> <uidvalidity> <uid>`` and ``local <source> <digest>``, where
folder and source are hashes of the folder's address and the source's path.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from pbem import paths
from pbem.atomic import write_replace
from pbem.config import Server
from pbem.errors import FormatError, WriteError

MAX_LOCAL = 20000
MAX_LOG = 64 * 1024 * 1024
_KEY = 16


@dataclass(frozen=True)
class Mark:
    """How far an IMAP folder has been read."""

    validity: int
    last: int


def _path() -> Path:
    return paths.data_dir() / "mail" / "seen.log"


def digest(raw: bytes) -> str:
    return hashlib.sha256(raw).hexdigest()[:24]


def _key(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogateescape")).hexdigest()[:_KEY]


def folder_key(server: Server) -> str:
    return _key(f"{server.user}@{server.host}:{server.port}/{server.folder}")


def source_key(source: Path) -> str:
    return _key(str(source.resolve()))


def _well_formed(words: list[str]) -> bool:
    if words[0] == "imap":
        return len(words) == 4 and words[2].isdigit() and words[3].isdigit()
    return words[0] == "local" and len(words) == 3


def _entries(data: bytes) -> Iterator[list[str]]:
    """The complete, well-formed lines of the log (a cut-off last line is left out)."""
    for line in data.split(b"\n")[:-1]:
        words = line.decode("ascii", "replace").split(" ")
        if _well_formed(words):
            yield words


class Seen:
    """The record: loaded at the start of a run, appended to after each message."""

    def __init__(self) -> None:
        self.imap: dict[str, Mark] = {}
        self.local: dict[str, dict[str, None]] = {}
        self._lines = 0
        self._fd: int | None = None
        target = _path()
        try:
            with open(target, "rb") as handle:
                data = handle.read(MAX_LOG + 1)
        except FileNotFoundError:
            return
        except OSError as exc:
            raise FormatError(f"cannot read the record of messages read: {exc.strerror}",
                              str(target)) from None
        for words in _entries(data[:MAX_LOG]):
            self._lines += 1
            self._remember(words)

    def _remember(self, words: list[str]) -> None:
        if words[0] == "imap":
            mark = Mark(int(words[2]), int(words[3]))
            old = self.imap.get(words[1])
            if old is not None and old.validity == mark.validity:
                mark = Mark(mark.validity, max(old.last, mark.last))
            self.imap[words[1]] = mark
        else:
            known = self.local.setdefault(words[1], {})
            known.pop(words[2], None)
            known[words[2]] = None
            if len(known) > MAX_LOCAL:
                del known[next(iter(known))]

    # ------------------------------------------------------------ reading

    def mark(self, server: Server) -> Mark | None:
        return self.imap.get(folder_key(server))

    def read_before(self, source: Path) -> set[str]:
        return set(self.local.get(source_key(source), {}))

    # ------------------------------------------------------------ recording

    def set_mark(self, server: Server, mark: Mark) -> None:
        """Record that the folder has been read up to ``mark``."""
        self._append(["imap", folder_key(server), str(mark.validity), str(mark.last)])

    def add_local(self, source: Path, key: str) -> None:
        """Record that the message with digest ``key`` of ``source`` is done."""
        self._append(["local", source_key(source), key])

    def _append(self, words: list[str]) -> None:
        self._remember(words)
        if self._fd is None:
            self._open()
        assert self._fd is not None
        line = (" ".join(words) + "\n").encode("ascii")
        try:
            os.write(self._fd, line)
        except OSError as exc:
            raise WriteError(f"cannot write: {exc.strerror}", str(_path())) from None
        self._lines += 1

    def _open(self) -> None:
        target = _path()
        if self._lines > 4 * (len(self.imap) + sum(map(len, self.local.values()))) + 1000:
            self._compact()
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            self._fd = os.open(target, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        except OSError as exc:
            raise WriteError(f"cannot write: {exc.strerror}", str(target)) from None

    def _compact(self) -> None:
        """Rewrite the log with only what it records (atomically)."""
        lines = [f"imap {key} {mark.validity} {mark.last}\n" for key, mark in self.imap.items()]
        for key, known in self.local.items():
            lines += [f"local {key} {item}\n" for item in known]
        write_replace(_path(), "".join(lines).encode("ascii"), mode=0o600)
        self._lines = len(lines)

    def close(self) -> None:
        """Make what was recorded durable, and let go of the file."""
        if self._fd is None:
            return
        with contextlib.suppress(OSError):
            os.fsync(self._fd)
        os.close(self._fd)
        self._fd = None
