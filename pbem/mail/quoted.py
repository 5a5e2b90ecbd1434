"""Quoted-printable for bytes that must arrive exactly as they were signed.

A save is mostly printable ASCII, so quoted-printable carries it in about four fifths of
what base64 takes. Every byte that is not printable ASCII — the line feeds too — is sent
as ``=XX``, and the lines are cut by soft line breaks (``=`` at a line's end) at 76
characters: the encoded text has no line break of its own, no line that ends in a space,
nothing but printable ASCII, so changing its line endings or the white space at its line
ends in transit changes nothing once decoded (RFC 2045, section 6.7).
"""

from __future__ import annotations

LINE = 76
_SAFE = frozenset(range(33, 127)) - {ord("=")}


def _char(byte: int) -> str:
    return chr(byte) if byte in _SAFE or byte == 32 else f"={byte:02X}"


def encode(data: bytes) -> str:
    """``data`` in quoted-printable, lines joined by ``\\n``, each at most 76 characters
    with its soft line break."""
    lines: list[str] = []
    line: list[str] = []
    used = 0
    for byte in data:
        piece = _char(byte)
        if used + len(piece) > LINE - 1:  # room for the soft line break
            lines.append("".join(line) + "=")
            line, used = [], 0
        line.append(piece)
        used += len(piece)
    last = "".join(line)
    if last.endswith(" "):  # (a space at a line's end may be dropped in transit)
        if len(last) + 2 > LINE:
            lines.append(last[:-1] + "=")
            last = " "
        last = last[:-1] + "=20"
    lines.append(last)
    return "\n".join(lines)
