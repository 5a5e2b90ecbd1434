"""Undoing what carrying a file does: to a save's line endings, and to an identity line
sent by e-mail.

pbem writes every save with LF line endings and never writes a CR byte. Mail programs send
text attachments with CRLF line endings (the form MIME prescribes for text), and some
editors and file transfers do the same, so a save can arrive with a CR before each LF.
Such bytes cannot be a save as pbem wrote it; their LF form may be. The caller checks the
LF form exactly as any save (its signature covers the LF bytes), and says so when it
verifies: damage in transit is not tampering, and nothing else is changed.

An identity line (``pbem whoami``) sent in an e-mail's text is often encoded by the mail
program as quoted-printable: long lines broken with soft line breaks (``=`` at a line's
end), ``=`` written ``=3D``. Saved from the mail program, it arrives so, or as the whole
message (a ``.eml`` file). :func:`identity_candidates` gives the lines it may be, decoded;
the signature of the identity record is what tells whether one is.
"""

from __future__ import annotations

import email
import email.policy
import quopri
import re
from email.message import EmailMessage

NOTE = "line endings were changed in transit; the original verifies"
_CR_BEFORE_LF = re.compile(rb"\r+\n")


def restore_line_endings(raw: bytes) -> tuple[bytes, str | None]:
    """The bytes to parse, and the note to show if they verify.

    When ``raw`` has CR bytes before its line feeds, returns the LF form and :data:`NOTE`;
    otherwise ``raw`` itself and ``None``. A CR anywhere else is left alone (the save then
    fails its checks as it would have).
    """
    if b"\r\n" not in raw:
        return raw, None
    return _CR_BEFORE_LF.sub(b"\n", raw), NOTE


IDENTITY_STARTS = ("pbem-id ", "ssh-ed25519 ")
_HEADER = re.compile(r"[A-Za-z][A-Za-z0-9-]*:[ \t]")


def identity_candidates(text: str) -> list[str]:
    """The lines of ``text`` that may be an identity, as sent: from the text parts of a
    whole message (their transfer encoding undone), else from the text quoted-printable
    decoded."""
    bodies = _message_texts(text) if _HEADER.match(text) else []
    if not bodies:
        bodies = [quopri.decodestring(text.encode("utf-8")).decode("utf-8", "replace")]
    lines = []
    for body in bodies:
        for line in body.splitlines():
            line = line.strip()
            if line.startswith(IDENTITY_STARTS) and line not in lines:
                lines.append(line)
    return lines


def _message_texts(text: str) -> list[str]:
    """Every text part and text attachment of a message, decoded (none: not a message)."""
    message = email.message_from_string(text, policy=email.policy.default)
    if not isinstance(message, EmailMessage) or not message.keys():
        return []
    out = []
    for part in message.walk():
        if part.is_multipart():
            continue
        try:
            content = part.get_content()
        except (LookupError, ValueError):
            continue
        if isinstance(content, bytes):
            content = content.decode("utf-8", "replace")
        if isinstance(content, str):
            out.append(content)
    return out
