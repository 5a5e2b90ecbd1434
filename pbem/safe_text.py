"""Text that is safe to keep in a save and to print on a terminal.

Names, titles and lines of a save are refused when they hold characters that could
break a YAML line or fool a reader: control characters (ANSI escapes begin with one),
line and paragraph separators, byte-order marks and the bidirectional overrides that
reorder what a terminal shows. Everything pbem prints passes :func:`for_terminal`, which
shows any such character as a visible escape instead of letting the terminal obey it.
"""

from __future__ import annotations

import re

# C0 and C1 controls, DEL, line/paragraph separators, BOM, bidi embeddings, overrides
# and isolates, and lone surrogates.
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\ufeff\u202a-\u202e\u2066-\u2069"
                     "\u200e\u200f\u061c\ud800-\udfff]")
_UNSAFE_KEEP_NEWLINES = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\ufeff"
                                   "\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c"
                                   "\ud800-\udfff]")


def problem(value: str, limit: int) -> str | None:
    """Why ``value`` is not a safe one-line text of at most ``limit`` characters."""
    if len(value) > limit:
        return f"is longer than {limit} characters"
    bad = _UNSAFE.search(value)
    if bad:
        return f"holds the control character U+{ord(bad.group()):04X}"
    return None


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def for_terminal(text: str) -> str:
    """``text`` with every unsafe character shown as an escape (newlines kept)."""
    return _UNSAFE_KEEP_NEWLINES.sub(_escape, text)
