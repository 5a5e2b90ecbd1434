"""Taking one message apart, with bounded work, whoever wrote it.

Python's mail parser is right about MIME but its cost grows with the lines, the parts
and the header parameters of a message: a 10 MB message of 300,000 parts costs it a
minute and hundreds of MB. So a message is first measured with a few byte counts
(:func:`check_shape`) and refused before parsing when it has too many lines, too many
lines that could start a part, or a ``Content-Type`` field too long to read; only then is
it parsed (headers left as text) and walked without recursion, counting parts, nesting,
attachments and decoded bytes against fixed caps. A message over any cap is refused as a
whole, with :class:`Refused` naming the cap.

Forwarded messages (``message/rfc822`` parts, also encoded, and attached ``.eml`` files)
are walked too, inside the same caps.
"""

from __future__ import annotations

import binascii
import contextlib
import email
import email.parser
import email.policy
import quopri
import re
from dataclasses import dataclass, field
from email.header import decode_header, make_header
from email.message import Message

MiB = 1024 * 1024
MAX_LINES = 300_000
MAX_MARKERS = 256
MAX_HEADER = 4 * 1024
MAX_PARTS = 64
MAX_DEPTH = 8
MAX_ATTACHMENTS = 16
MAX_DECODED = 16 * MiB
SHOWN = 120
HEADERS_READ = 64 * 1024

_CONTENT_TYPE = re.compile(rb"(?i)(?:^|[\r\n])content-type:[^\r\n]*"
                           rb"(?:(?:\r\n|\r|\n)[ \t][^\r\n]*)*")
_MESSAGE_TYPE = re.compile(rb"(?i)content-type:[ \t\r\n]*message/")
_DECODED_TYPES = ("text/", "message/", "application/octet-stream", "application/yaml",
                  "application/x-yaml")
_DECODED_NAMES = (".yaml", ".yml", ".txt", ".eml")


class Refused(Exception):
    """The message is over a cap; ``reason`` says which, in words."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(reason)


@dataclass
class Attachment:
    """A part of the message that is not its text: as named by the sender, decoded."""

    number: int
    name: str | None
    content_type: str
    data: bytes | None
    forwarded: int = 0
    problem: str | None = None


@dataclass
class Parts:
    """What a message holds: who sent it, its subject, and its attachments in order; the
    fields that name its sender and recipients."""

    sender: str = "?"
    subject: str = "?"
    attachments: list[Attachment] = field(default_factory=list)
    refusal: str | None = None
    named: list[str] = field(default_factory=list)  # From, To and Cc, as they came


@dataclass
class Shape:
    """What a few byte counts say of a message before it is parsed."""

    lines: int
    markers: int


def check_shape(raw: bytes) -> Shape:
    """Refuse, before parsing, a message whose parsing could cost more than its size:
    too many lines, too many lines that may start a part or a forwarded message, or a
    ``Content-Type`` field too long to read."""
    shape = Shape(raw.count(b"\n") + raw.count(b"\r") - raw.count(b"\r\n"),
                  raw.count(b"\n--") + raw.count(b"\r--") + raw.startswith(b"--")
                  + len(_MESSAGE_TYPE.findall(raw)))
    _within(shape)
    for match in _CONTENT_TYPE.finditer(raw):
        if match.end() - match.start() > MAX_HEADER:
            raise Refused(f"a Content-Type field is longer than {MAX_HEADER // 1024} KiB")
    return shape


def _within(shape: Shape) -> None:
    if shape.lines > MAX_LINES:
        raise Refused(f"the message has more than {MAX_LINES:,} lines")
    if shape.markers > MAX_MARKERS:
        raise Refused(f"the message has more than {MAX_MARKERS} lines that may start a "
                      f"part (a mail bomb?)")


def parse(raw: bytes) -> Message:
    """The message's structure (headers left as text), once its shape allows it."""
    try:
        return email.message_from_bytes(raw, policy=email.policy.compat32)
    except RecursionError:
        raise Refused("the message is nested too deeply to take apart") from None


NAMED = 4096  # of each field that names a sender or recipients


def header_text(msg: Message, name: str) -> str:
    """A header's words (encoded words decoded), on one line, cut to a readable length."""
    try:
        value = msg.get(name)
        if value is None:
            return "?"
        text = str(value)[:SHOWN * 8]
    except Exception:  # a header the library cannot even read is shown as missing
        return "?"
    with contextlib.suppress(Exception):  # undecodable encoded words: shown as they are
        text = str(make_header(decode_header(text)))
    text = " ".join(text.split())
    return (text[:SHOWN] + "..." if len(text) > SHOWN else text) or "?"


def _check_fields(part: Message) -> None:
    """Refuse a part whose parameters would be costly to read (their parser is slow on
    long fields)."""
    for name in ("Content-Type", "Content-Disposition"):
        value = part.get(name)
        if value is not None and len(str(value)) > MAX_HEADER:
            raise Refused(f"a {name} field is longer than {MAX_HEADER // 1024} KiB")


def _file_name(part: Message) -> str | None:
    try:
        return part.get_filename()
    except Exception:  # a parameter the library cannot decode: no name
        return None


def _is_attachment(part: Message, name: str | None, first_leaf: bool) -> bool:
    if name or part.get_content_disposition() == "attachment":
        return True
    return not (part.get_content_type() in ("text/plain", "text/html") or first_leaf)


def _wanted(name: str | None, content_type: str) -> bool:
    """Whether an attachment may be a save or a forwarded message, so worth decoding."""
    lowered = (name or "").lower()
    return lowered.endswith(_DECODED_NAMES) or content_type.startswith(_DECODED_TYPES)


def _encoded_size(part: Message) -> int:
    payload = part.get_payload()
    return len(payload) if isinstance(payload, str | bytes) else 0


def _encoded_body(part: Message) -> tuple[str, str] | None:
    """The text of a forwarded message sent base64 or quoted-printable encoded (against
    the rules, but some mail programs do), with its encoding; ``None`` for the usual form.

    The parser takes such a part for a message without headers whose body is the encoded
    text."""
    encoding = str(part.get("content-transfer-encoding", "")).strip().lower()
    if encoding not in ("base64", "quoted-printable") or not part.is_multipart():
        return None
    payload = part.get_payload()
    inner = payload[0] if isinstance(payload, list) and payload else None
    if not isinstance(inner, Message) or inner.keys():
        return None
    text = inner.get_payload()
    return (text, encoding) if isinstance(text, str) else None


def _decode(text: str, encoding: str) -> bytes:
    data = text.encode("ascii", "surrogateescape")
    if encoding == "base64":
        try:
            return binascii.a2b_base64(data + b"==")
        except binascii.Error:
            return b""
    return quopri.decodestring(data)


class _Walk:
    """One walk over a message and the messages forwarded in it, sharing the caps."""

    def __init__(self) -> None:
        self.leaves = 0
        self.decoded = 0
        self.found: list[Attachment] = []
        self.stack: list[tuple[Message, int, int]] = []
        self.shape = Shape(0, 0)

    def add(self, raw: bytes) -> Message:
        """Parse ``raw`` (the message, or one forwarded in it) within the caps shared by
        every message of the walk."""
        shape = check_shape(raw)
        self.shape = Shape(self.shape.lines + shape.lines, self.shape.markers + shape.markers)
        _within(self.shape)
        return parse(raw)

    def spend(self, size: int) -> None:
        if self.decoded + size > MAX_DECODED:
            raise Refused(f"the message holds more than {MAX_DECODED // MiB} MiB to decode")
        self.decoded += size

    def forward(self, raw: bytes, depth: int, forwarded: int) -> None:
        """Walk a forwarded message found as bytes (encoded, or an attached .eml)."""
        self.stack.append((self.add(raw), depth + 1, forwarded + 1))

    def run(self, raw: bytes) -> list[Attachment]:
        self.stack.append((self.add(raw), 0, 0))
        while self.stack:
            part, depth, forwarded = self.stack.pop()
            if depth > MAX_DEPTH:
                raise Refused(f"the message is nested more than {MAX_DEPTH} levels deep")
            _check_fields(part)
            encoded = _encoded_body(part) if part.get_content_maintype() == "message" else None
            if encoded is not None:
                self.spend(len(encoded[0]) * 3 // 4)
                self.forward(_decode(*encoded), depth, forwarded)
            elif part.is_multipart():
                children = part.get_payload()
                assert isinstance(children, list)
                inner = forwarded + (part.get_content_maintype() == "message")
                self.stack += [(c, depth + 1, inner) for c in reversed(children)
                               if isinstance(c, Message)]
            else:
                self.leaf(part, depth, forwarded)
        return self.found

    def leaf(self, part: Message, depth: int, forwarded: int) -> None:
        self.leaves += 1
        if self.leaves > MAX_PARTS:
            raise Refused(f"the message has more than {MAX_PARTS} parts")
        name = _file_name(part)
        if not _is_attachment(part, name, self.leaves == 1):
            return
        if len(self.found) >= MAX_ATTACHMENTS:
            raise Refused(f"the message has more than {MAX_ATTACHMENTS} attachments")
        content_type = part.get_content_type()
        item = Attachment(len(self.found) + 1, name, content_type, None, forwarded)
        self.found.append(item)
        if not _wanted(name, content_type):
            return
        self.spend(_encoded_size(part) * 3 // 4)
        try:
            data = part.get_payload(decode=True)
        except Exception:  # a broken transfer encoding: not something of ours
            item.problem = "the attachment cannot be decoded"
            return
        item.data = data if isinstance(data, bytes) else b""
        if (name or "").lower().endswith(".eml"):
            self.forward(item.data, depth, forwarded)


def _headers(raw: bytes) -> Message:
    """The message's own header fields, read from its start only."""
    return email.parser.BytesParser(policy=email.policy.compat32).parsebytes(
        raw[:HEADERS_READ], headersonly=True)


def take_apart(raw: bytes) -> Parts:
    """The sender, subject and attachments of ``raw``, or why it is refused as a whole."""
    parts = Parts()
    with contextlib.suppress(Exception):  # headers the library cannot read: shown as "?"
        head = _headers(raw)
        parts.sender, parts.subject = header_text(head, "From"), header_text(head, "Subject")
        parts.named = [str(value)[:NAMED] for name in ("From", "To", "Cc")
                       for value in head.get_all(name) or []][:8]
    try:
        parts.attachments = _Walk().run(raw)
    except Refused as exc:
        parts.refusal = exc.reason
    except RecursionError:
        parts.refusal = "the message is nested too deeply to take apart"
    return parts
