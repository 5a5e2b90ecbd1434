"""Which messages were already read: for an IMAP folder its UIDVALIDITY and last UID, for
a local Maildir, mbox or ``.eml`` the digests of the messages read from it.

Kept in ``<data>/mail/seen.yaml`` and written only after everything read was filed, so
a failure part-way means the same messages are read again (and filed once).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pbem import paths, strict_yaml
from pbem.atomic import write_replace
from pbem.config import Server
from pbem.errors import FormatError

MAX_LOCAL = 20000


@dataclass(frozen=True)
class Mark:
    """How far an IMAP folder has been read."""

    validity: int
    last: int


def _path() -> Path:
    return paths.data_dir() / "mail" / "seen.yaml"


def digest(raw: bytes) -> str:
    return hashlib.sha256(raw).hexdigest()[:24]


def folder_key(server: Server) -> str:
    return f"{server.user}@{server.host}:{server.port}/{server.folder}"


class Seen:
    """The record, loaded once per run and saved once at its end."""

    def __init__(self) -> None:
        target = _path()
        data: Any = {}
        if target.exists():
            try:
                data = strict_yaml.load(target.read_bytes(), str(target))
            except OSError as exc:
                raise FormatError(f"cannot read: {exc.strerror}", str(target)) from None
        if not isinstance(data, dict):
            raise FormatError("the record of messages read is damaged; delete it to read "
                              "every message again", str(target))
        self.imap: dict[str, Any] = data.get("imap") or {}
        self.local: dict[str, Any] = data.get("local") or {}

    def mark(self, server: Server) -> Mark | None:
        entry = self.imap.get(folder_key(server))
        if not isinstance(entry, dict):
            return None
        validity, last = entry.get("validity"), entry.get("last")
        if not isinstance(validity, int) or not isinstance(last, int):
            return None
        return Mark(validity, last)

    def set_mark(self, server: Server, mark: Mark) -> None:
        self.imap[folder_key(server)] = {"validity": mark.validity, "last": mark.last}

    def read_before(self, source: Path) -> set[str]:
        entry = self.local.get(str(source.resolve()))
        return {str(d) for d in entry} if isinstance(entry, list) else set()

    def add_local(self, source: Path, digests: list[str]) -> None:
        key = str(source.resolve())
        known = [str(d) for d in self.local.get(key) or []]
        known += [d for d in digests if d not in set(known)]
        self.local[key] = known[-MAX_LOCAL:]

    def save(self) -> None:
        doc = {"imap": self.imap, "local": self.local}
        write_replace(_path(), strict_yaml.dump(doc).encode("utf-8"))
