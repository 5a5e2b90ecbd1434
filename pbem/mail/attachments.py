"""Finding the saves attached to a message, within limits, and naming everything else."""

from __future__ import annotations

import email
import email.policy
import re
from dataclasses import dataclass, field
from email.message import Message

from pbem.savefile import MAX_BYTES, SUFFIX

MAX_ATTACHMENTS = 16
MAX_PARTS = 64
YAML_TYPES = {"application/yaml", "application/x-yaml", "text/yaml", "text/x-yaml"}
_MARK = b"format: pbem-save/"
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


@dataclass
class Candidate:
    """An attachment that looks like a save (it may still fail every check)."""

    name: str
    data: bytes
    where: str


@dataclass
class Problem:
    """An attachment or message refused before any check, and why."""

    where: str
    reason: str


@dataclass
class Contents:
    """What one message holds for pbem."""

    where: str
    sender: str
    subject: str
    saves: list[Candidate] = field(default_factory=list)
    ignored: list[str] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)


def safe_name(name: str | None, fallback: str = "attachment") -> str:
    """A file name that is safe to show and to use inside a folder of ours."""
    base = (name or "").replace("\\", "/").rsplit("/", 1)[-1]
    cleaned = _UNSAFE.sub("_", base).strip("._")[:96]
    return cleaned or fallback


def _header(msg: Message, name: str) -> str:
    try:
        value = msg.get(name)
    except Exception:  # a malformed header is shown as missing
        return "?"
    return " ".join(str(value or "").split())[:120] or "?"


def _is_attachment(part: Message, index: int) -> bool:
    if part.get_content_maintype() == "multipart":
        return False
    if part.get_filename() or part.get_content_disposition() == "attachment":
        return True
    body_types = ("text/plain", "text/html")
    return not (part.get_content_type() in body_types or index == 0)


def _looks_like_save(name: str, content_type: str, data: bytes) -> bool:
    if name.endswith(SUFFIX):
        return True
    yaml_ish = content_type in YAML_TYPES or name.endswith((".yaml", ".yml"))
    return yaml_ish and _MARK in data[:4096]


def contents(raw: bytes, where: str) -> Contents:
    """The saves, other attachments and refusals of one raw message."""
    msg = email.message_from_bytes(raw, policy=email.policy.default)
    found = Contents(where, _header(msg, "From"), _header(msg, "Subject"))
    parts = [p for p in msg.walk() if p.get_content_maintype() != "multipart"]
    if len(parts) > MAX_PARTS:
        found.problems.append(Problem(where, f"message has {len(parts)} parts, more than "
                                             f"{MAX_PARTS}; nothing in it was read"))
        return found
    attached = [(i, p) for i, p in enumerate(parts) if _is_attachment(p, i)]
    if len(attached) > MAX_ATTACHMENTS:
        found.problems.append(Problem(where, f"message has {len(attached)} attachments, more "
                                             f"than the {MAX_ATTACHMENTS} pbem reads; nothing "
                                             f"in it was read"))
        return found
    for number, (_, part) in enumerate(attached, start=1):
        try:
            name = safe_name(part.get_filename(), f"attachment-{number}")
            content_type = part.get_content_type()
            data = part.get_payload(decode=True)
        except Exception:  # a malformed header or transfer encoding: not a save of ours
            found.problems.append(Problem(f"{where}, attachment {number}",
                                          "attachment cannot be decoded; ignored"))
            continue
        here = f"{where}, attachment {name}"
        if not isinstance(data, bytes):
            data = b""
        if not _looks_like_save(name, content_type, data):
            found.ignored.append(name)
            continue
        if len(data) > MAX_BYTES:
            found.problems.append(Problem(here, f"attachment is {len(data) / 1e6:.1f} MB, "
                                                f"larger than a save may be; not kept"))
            continue
        found.saves.append(Candidate(name, data, here))
    return found
