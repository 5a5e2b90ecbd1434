"""When earlier saves of a game have not arrived: which (their numbers), who holds them,
and the command that sends them again.

Whoever wrote a save had every save before it (they could not have written it
otherwise), so the writers of the saves that did arrive after a gap hold what is missing.
What this machine has is read from file names only (the store and the waiting folder hold
saves under names made from their checked content), so saying it costs no save reading.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from pbem import paths, store
from pbem.mail.printable import printable
from pbem.savefile import SUFFIX, SaveFile, file_name

_NAME = re.compile(r"^([0-9a-f]{8})-(\d{4})-([A-Za-z0-9_-]+?)(?:-[0-9a-f]{12})?"
                   + re.escape(SUFFIX) + "$")


@dataclass
class Missing:
    """The saves a game lacks before one that came, and the later saves that came (by
    number: their writer's role)."""

    numbers: list[int]
    later: dict[int, str]


def stored(name: str) -> list[Path]:
    """The saves of that conventional name in this machine's store (``pbem send`` takes a
    save's bare name, as the inbox's "ask for them again" line gives it)."""
    match = _NAME.match(name)
    if match is None:
        return []
    games = paths.data_dir() / "games"
    return sorted(games.glob(f"{match.group(1)}*/{name}")) if games.is_dir() else []


def _held(game_id: str) -> dict[int, str]:
    """The saves of the game this machine has, filed or kept aside: number -> writer."""
    found: dict[int, str] = {}
    folders = [store.game_folder(game_id), paths.data_dir() / "mail" / "waiting"]
    for folder in folders:
        if not folder.is_dir():
            continue
        for path in folder.glob(f"{game_id[:8]}-*{SUFFIX}"):
            match = _NAME.match(path.name)
            if match:
                found.setdefault(int(match.group(2)), match.group(3))
    return found


def missing(save: SaveFile, head: int | None) -> Missing:
    """The numbers of the saves between ``head`` (the last one filed, ``None``: none) and
    ``save`` that this machine does not have, and the later saves it has."""
    held = _held(save.game_id)
    held[save.sequence] = save.writer
    start = head + 1 if head is not None else 0
    numbers = [n for n in range(start, save.sequence) if n not in held]
    after = min(numbers) if numbers else save.sequence
    later = {n: role for n, role in sorted(held.items()) if n > after}
    return Missing(numbers, later)


def _spans(numbers: list[int]) -> str:
    """``2, 5-7``: runs of numbers."""
    runs: list[list[int]] = []
    for number in numbers:
        if runs and number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}-{r[-1]}" for r in runs)


def words(save: SaveFile, found: Missing) -> str:
    """Which saves have not arrived, who has them, and the command that repairs it."""
    if not found.numbers:
        return "an earlier save of this game has not arrived"
    numbers = found.numbers
    plural = len(numbers) > 1
    what = f"save{'s' if plural else ''} {_spans(numbers)} of this game "
    what += "have not arrived" if plural else "has not arrived"
    holders: dict[str, int] = {}
    for number, role in sorted(found.later.items()):
        if number > max(numbers) and role not in holders:
            holders[role] = number
    names = {str(p["role"]): printable(str(p["name"]), 64) for p in save.players}
    asks = []
    for role, number in holders.items():
        name = names.get(role, role)
        asks.append(f"{name} ({role}), who wrote save {number}, with  pbem send --resend "
                    f"{min(numbers)}..{max(numbers)} "
                    f"{file_name(save.game_id, number, role)}")
    if not asks:
        return what
    them = "it" if not plural else "them"
    return f"{what}; ask for {them} again: " + "; or ".join(asks)
