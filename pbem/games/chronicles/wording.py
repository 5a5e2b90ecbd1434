"""Small helpers for the English the game writes: a count with its noun in the right
number, and a word with its indefinite article."""

from __future__ import annotations


def counted(count: int, one: str, many: str | None = None) -> str:
    """``1 unit``, ``2 units``, ``0 units`` (``many``: a plural other than ``one`` + s)."""
    return f"{count} {one if count == 1 else (many or one + 's')}"


def with_article(word: str) -> str:
    """``a land``, ``an espionage``: by the first letter, which suits the game's own words
    (action kinds, general statuses)."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"
