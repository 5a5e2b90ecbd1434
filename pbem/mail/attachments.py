"""Finding the saves in a message (also in messages forwarded in it), and naming the rest."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from pbem.mail import mime
from pbem.passes_ahead import FIRST_LINE as PASS_FIRST_LINE
from pbem.passes_ahead import MAX_BYTES as PASS_MAX_BYTES
from pbem.passes_ahead import SUFFIX as PASS_SUFFIX
from pbem.savefile import MAX_BYTES, SUFFIX
from pbem.shares_ahead import FIRST_LINE as SHARES_FIRST_LINE
from pbem.shares_ahead import MAX_BYTES as SHARES_MAX_BYTES
from pbem.shares_ahead import SUFFIX as SHARES_SUFFIX
from pbem.witness_answers import MAX_BYTES as ANSWER_MAX_BYTES
from pbem.witness_answers import SUFFIX as ANSWER_SUFFIX

YAML_TYPES = {"application/yaml", "application/x-yaml", "text/yaml", "text/x-yaml"}
_MARK = b"format: pbem-save/"
ANSWER_FIRST_LINE = b"# pbem witness answer:"
_FIRST_LINE = b"# pbem save:"
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")
MAX_NAME = 96


@dataclass(frozen=True)
class Beside:
    """A kind of small signed file sent beside the saves."""

    kind: str         # "shares", "pass" (a pass, sealed answer or opening) or "answer"
    suffix: str
    first_line: bytes
    limit: int        # its largest size, in bytes
    what: str         # what it is, for people


BESIDE = (  # (a file is the first kind its name or first line says)
    Beside("shares", SHARES_SUFFIX, SHARES_FIRST_LINE, SHARES_MAX_BYTES, "a shares file"),
    Beside("pass", PASS_SUFFIX, PASS_FIRST_LINE, PASS_MAX_BYTES, "a pass or sealed answer"),
    Beside("answer", ANSWER_SUFFIX, ANSWER_FIRST_LINE, ANSWER_MAX_BYTES, "a witness answer"),
)


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
    """What one message holds for pbem; ``refusal`` says why nothing in it was read."""

    where: str
    sender: str
    subject: str
    saves: list[Candidate] = field(default_factory=list)
    answers: list[Candidate] = field(default_factory=list)  # files given beside the saves
    ignored: list[str] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    refusal: str | None = None
    named: list[str] = field(default_factory=list)  # the From, To and Cc fields

    @property
    def label(self) -> str:
        """The message for people: where it is, who sent it and its subject."""
        return f'{self.where} (from {self.sender}, "{self.subject}")'


def safe_name(name: str | None, fallback: str = "attachment") -> str:
    """A file name that is safe to show and to use inside a folder of ours: no folders,
    no control or special characters, at most :data:`MAX_NAME` characters."""
    base = (name or "").replace("\\", "/").rsplit("/", 1)[-1]
    cleaned = _UNSAFE.sub("_", base).strip("._")
    if len(cleaned) > MAX_NAME:
        keep = SUFFIX if cleaned.endswith(SUFFIX) else ""
        cleaned = cleaned[:MAX_NAME - len(keep)] + keep
    return cleaned or fallback


def _looks_like_save(name: str, content_type: str, data: bytes) -> bool:
    if name.endswith(SUFFIX) or data.lstrip(b"\xef\xbb\xbf").startswith(_FIRST_LINE):
        return True
    yaml_ish = content_type in YAML_TYPES or name.endswith((".yaml", ".yml"))
    return yaml_ish and _MARK in data[:4096]


def beside(name: str, data: bytes) -> Beside | None:
    """The kind of file given beside the saves that ``name`` or ``data``'s first line says
    (a shares file, a pass or sealed answer, a witness answer); ``None``: none."""
    for kind in BESIDE:
        if name.endswith(kind.suffix) or data.startswith(kind.first_line):
            return kind
    return None


def contents(raw: bytes, where: str) -> Contents:
    """The saves, other attachments and refusals of one raw message."""
    parts = mime.take_apart(raw)
    found = Contents(where, parts.sender, parts.subject, refusal=parts.refusal,
                     named=parts.named)
    if parts.refusal is not None:
        return found
    for item in parts.attachments:
        name = safe_name(item.name, f"attachment-{item.number}")
        inside = ", forwarded message" * min(item.forwarded, 1)
        here = f"{where}{inside}, attachment {name}"
        if item.problem is not None:
            found.problems.append(Problem(here, f"{item.problem}; ignored"))
            continue
        data = item.data or b""
        given = beside(name, data)
        if given is not None:
            if len(data) > given.limit:
                found.problems.append(Problem(here, f"attachment is larger than {given.what} "
                                                    f"may be; not kept"))
            else:
                found.answers.append(Candidate(name, data, here))
            continue
        if not _looks_like_save(name, item.content_type, data):
            if not name.lower().endswith(".eml"):
                found.ignored.append(name)
            continue
        if len(data) > MAX_BYTES:
            found.problems.append(Problem(here, f"attachment is {len(data) / 1e6:.1f} MB, "
                                                f"larger than a save may be; not kept"))
            continue
        found.saves.append(Candidate(name, data, here))
    return found
