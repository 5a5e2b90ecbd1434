"""Reading raw messages from local mail folders: a Maildir, an mbox file, ``.eml`` files,
or a plain folder of ``.eml`` files and saves (``.pbem.yaml``), such as a shared folder.

Every message is read only up to :data:`MAX_MESSAGE` bytes: a larger one is reported
and skipped without being read whole.
"""

from __future__ import annotations

import mailbox
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from pbem.errors import FormatError
from pbem.savefile import SUFFIX

MAX_MESSAGE = 16 * 1024 * 1024


@dataclass
class RawMessage:
    """One message as read: its bytes, or why it was not read."""

    where: str
    size: int
    data: bytes | None = None
    skipped: str | None = None
    is_save: bool = False  # a save file found in a folder, not a message


def too_large(size: int) -> str:
    return (f"message is {size / 1e6:.1f} MB, more than the {MAX_MESSAGE // (1024 * 1024)} MiB "
            f"a pbem message may be; not read")


def _read_capped(handle: BinaryIO, where: str) -> RawMessage:
    data = handle.read(MAX_MESSAGE + 1)
    if len(data) > MAX_MESSAGE:
        rest = len(data)
        while chunk := handle.read(1024 * 1024):
            rest += len(chunk)
        return RawMessage(where, rest, None, too_large(rest))
    return RawMessage(where, len(data), data)


def kind_of(path: Path) -> str:
    """``maildir``, ``folder``, ``mbox`` or ``eml``, from what is at ``path``."""
    where = str(path)
    if path.is_dir():
        if all((path / sub).is_dir() for sub in ("cur", "new", "tmp")):
            return "maildir"
        return "folder"
    try:
        with open(path, "rb") as handle:
            start = handle.read(5)
    except FileNotFoundError:
        raise FormatError("no such file or folder", where) from None
    except OSError as exc:
        raise FormatError(f"cannot read: {exc.strerror}", where) from None
    return "mbox" if start == b"From " else "eml"


def _arrival(key: str) -> list[tuple[int, str]]:
    """A Maildir name's place in the order of arrival: its numbers compared as numbers
    (``1700000000.M99P7`` comes before ``1700000000.M123P7``)."""
    return [(int(part), "") if part.isdigit() else (0, part)
            for part in re.split(r"(\d+)", key) if part]


def _maildir(path: Path) -> Iterator[RawMessage]:
    box = mailbox.Maildir(str(path), factory=None, create=False)
    for key in sorted(box.keys(), key=_arrival):
        with box.get_file(key) as handle:
            yield _read_capped(handle, f"{path} message {key}")


def _mbox(path: Path) -> Iterator[RawMessage]:
    box = mailbox.mbox(str(path), factory=None, create=False)
    try:
        for index, key in enumerate(box.keys()):
            with box.get_file(key) as handle:
                yield _read_capped(handle, f"{path} message {index + 1}")
    finally:
        box.close()


def _eml(path: Path) -> Iterator[RawMessage]:
    with open(path, "rb") as handle:
        yield _read_capped(handle, str(path))


def _folder(path: Path) -> Iterator[RawMessage]:
    """The ``.eml`` files and saves directly in a folder, by name; nothing else in it."""
    for item in sorted(path.iterdir()):
        if item.name.startswith(".") or not item.is_file():
            continue
        if item.name.endswith(SUFFIX):
            with open(item, "rb") as handle:
                raw = _read_capped(handle, str(item))
            raw.is_save = True
            yield raw
        elif item.name.lower().endswith(".eml"):
            yield from _eml(item)


def read(path: Path) -> Iterator[RawMessage]:
    """The messages at ``path``; an unreadable folder or file is a one-line FormatError."""
    kind = kind_of(path)
    reader = {"maildir": _maildir, "folder": _folder, "mbox": _mbox, "eml": _eml}[kind]
    try:
        yield from reader(path)
    except OSError as exc:
        raise FormatError(f"cannot read the {kind}: {exc.strerror or exc}", str(path)) from None
    except mailbox.Error as exc:
        raise FormatError(f"cannot read the {kind}: {exc}", str(path)) from None
