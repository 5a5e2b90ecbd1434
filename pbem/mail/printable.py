"""Text from a message, made safe to print on a terminal.

Whatever a sender chose (a subject, a name, an attachment's file name, a reason that
quotes them) is printed with its control characters escaped: an ANSI escape sequence,
a carriage return that overwrites a line, a bidirectional override that reverses a file
name, or a line separator can never act on the terminal, only show as ``\\x1b``,
``\\r``, ``\\u202e``...
"""

from __future__ import annotations

import unicodedata

_HIDDEN = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}
_NAMED = {"\t": "\\t", "\n": "\\n", "\r": "\\r"}


def _escaped(char: str) -> str:
    if char in _NAMED:
        return _NAMED[char]
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def printable(text: str, limit: int | None = None) -> str:
    """``text`` with every control, format, separator or unassigned character escaped,
    cut to ``limit`` characters (before escaping) when given."""
    if limit is not None and len(text) > limit:
        text = text[:limit] + "..."
    if text.isprintable() and text.isascii():
        return text
    return "".join(_escaped(c) if unicodedata.category(c) in _HIDDEN else c for c in text)
