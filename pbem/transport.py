"""Undoing what carrying a file does to a save's line endings.

pbem writes every save with LF line endings and never writes a CR byte. Mail programs send
text attachments with CRLF line endings (the form MIME prescribes for text), and some
editors and file transfers do the same, so a save can arrive with a CR before each LF.
Such bytes cannot be a save as pbem wrote it; their LF form may be. The caller checks the
LF form exactly as any save (its signature covers the LF bytes), and says so when it
verifies: damage in transit is not tampering, and nothing else is changed.
"""

from __future__ import annotations

import re

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
