"""Keeping what was refused, with the reason beside it, within a fixed budget.

Everything refused by ``pbem inbox`` (a save that fails a check, a message over a cap) is
kept in ``<data>/mail/quarantine/`` as ``<sha256 prefix>-<safe name>`` with a
``.reason.txt`` beside it, so it can be looked at later; it is never applied. Names come
from :func:`~pbem.mail.attachments.safe_name` and the content's hash, never from the
sender as given, so no name can reach outside the folder or overwrite another file. Once
the folder holds :data:`MAX_BYTES`, nothing more is kept (the reason is still reported):
nobody can fill a disk by mailing bad files.
"""

from __future__ import annotations

import contextlib
import hashlib
from pathlib import Path

from pbem import paths
from pbem.atomic import write_new
from pbem.mail.attachments import safe_name

MAX_BYTES = 128 * 1024 * 1024


def folder() -> Path:
    return paths.data_dir() / "mail" / "quarantine"


def _size_of(where: Path) -> int:
    total = 0
    with contextlib.suppress(OSError):
        for entry in where.iterdir():
            with contextlib.suppress(OSError):
                total += entry.stat().st_size
    return total


class Quarantine:
    """The quarantine folder of one inbox run."""

    def __init__(self) -> None:
        self.used: int | None = None

    def keep(self, data: bytes, name: str, where: str, reason: str) -> Path | None:
        """Keep ``data`` and the reason (never overwriting a file); ``None`` when the
        folder is full."""
        target = folder() / f"{hashlib.sha256(data).hexdigest()[:12]}-{safe_name(name)}"
        note = target.with_name(target.name + ".reason.txt")
        text = f"{where}\n{reason}\n".encode()
        if not target.exists():
            if self.used is None:
                self.used = _size_of(folder())
            if self.used + len(data) + len(text) > MAX_BYTES:
                return None
            write_new(target, data, mode=0o600)
            self.used += len(data) + len(text)
        if not note.exists():
            write_new(note, text, mode=0o600)
        return target

    @staticmethod
    def full_note() -> str:
        return (f"not kept: the quarantine folder is full ({MAX_BYTES / (1024 * 1024):g} "
                f"MiB; empty {folder()} to keep more)")
