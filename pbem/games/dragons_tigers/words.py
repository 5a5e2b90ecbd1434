"""Small helpers for the story the log tells: counts and the rolls that succeed."""

from __future__ import annotations


def amount(n: int, one: str, many: str) -> str:
    """``1 army``, ``3 armies``, ``0 armies``."""
    return f"{n} {one if n == 1 else many}"


def n_armies(n: int) -> str:
    return amount(n, "army", "armies")


def n_hits(n: int) -> str:
    return amount(n, "hit", "hits")


def odds(need: int) -> str:
    """The rolls of one die that succeed at or under ``need``: "on a 1", "on 1-3"."""
    return f"on a {need}" if need == 1 else f"on 1-{need}"
