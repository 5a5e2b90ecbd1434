"""A header field's words as mail carries them: plain ASCII words as they are, runs of other
words as RFC 2047 encoded words, folded between words into lines of at most 78 characters.

Python's mail library folds a subject with non-ASCII characters badly (an empty encoded
word where a line breaks, encoded words that swallow the spaces around them), so pbem
writes the field itself and hands it over as it is (:meth:`EmailMessage.set_raw`).
Decoding it (any mail program, or Python's own parser) gives back the text exactly.
"""

from __future__ import annotations

LINE = 78
WORD = 75  # the longest encoded word RFC 2047 allows
_PREFIX = "=?utf-8?q?"
_SUFFIX = "?="
_PLAIN = frozenset(b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!*+-/")


def _q(char: str) -> str:
    """One character in the Q encoding of a header's encoded word."""
    if char == " ":
        return "_"
    return "".join(chr(b) if b in _PLAIN else f"={b:02X}" for b in char.encode("utf-8"))


def _encoded_words(text: str, longest: int) -> list[str]:
    """``text`` as encoded words of at most ``longest`` characters, never splitting a
    character."""
    room = longest - len(_PREFIX) - len(_SUFFIX)
    words: list[str] = []
    current = ""
    for char in text:
        piece = _q(char)
        if current and len(current) + len(piece) > room:
            words.append(_PREFIX + current + _SUFFIX)
            current = ""
        current += piece
    if current:
        words.append(_PREFIX + current + _SUFFIX)
    return words


def _plain(word: str, longest: int) -> bool:
    """A word that may go as it is: printable ASCII, not mistakable for an encoded word,
    short enough for a line of its own."""
    return (word.isascii() and word.isprintable() and "=?" not in word
            and 0 < len(word) <= longest)


def _elements(text: str, longest: int) -> list[str]:
    """The field's words, each plain or encoded, none longer than ``longest``; the spaces
    within a run of encoded words travel inside them (a reader drops the white space
    between two encoded words)."""
    out: list[str] = []
    run: list[str] = []
    for word in text.split(" "):
        if _plain(word, longest):
            if run:
                out += _encoded_words(" ".join(run), longest)
                run = []
            out.append(word)
        else:
            run.append(word)
    if run:
        out += _encoded_words(" ".join(run), longest)
    return out


def encode(name: str, text: str) -> str:
    """The value of header ``name`` holding ``text`` (one line), folded: lines joined by
    ``\\n`` followed by a space, each line (the first with ``Name: ``) at most 78 long."""
    text = " ".join(text.split())
    lines: list[str] = []
    current = ""
    used = len(name) + 2
    for element in _elements(text, min(WORD, LINE - used)):
        if not current:
            current = element
        elif used + len(current) + 1 + len(element) <= LINE:
            current += " " + element
        else:
            lines.append(current)
            current, used = element, 1
    lines.append(current)
    return "\n ".join(lines)
