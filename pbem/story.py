"""A game told in words, save by save, for ``pbem log`` (and the dice lines of the table).

Each save is a section headed by its number and writer. Its lines are the log it keeps,
each as the game phrases it now (:meth:`GameModule.tell`) with counts of one in the
singular; a save whose log is empty is told by what it is (the creation, a shuffle, a
witness answer, the audit) or by its actions, so no section is empty. Dice are told by
purpose; a hidden-card draw is told as what it does, never by its number. A draft is
named as a draft: unsigned, its actions do not count yet.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from pbem import hidden, steps
from pbem.drafts import Draft
from pbem.engine import GameModule
from pbem.savefile import SaveFile
from pbem.steps import AUDIT, JOIN, SHUFFLE, WITNESS

# "1 generals" -> "1 general": nouns a line may count, with up to two words before them
_SINGULAR = {"armies": "army", "generals": "general", "tokens": "token", "units": "unit",
             "cards": "card", "lots": "lot", "spaces": "space"}
_ONE = re.compile(r"(?<![\w.+-])1 ((?:[a-z-]+ ){0,2})(" + "|".join(_SINGULAR) + r")\b")


def singular(line: str) -> str:
    """Counts of one in the singular (``1 generals`` -> ``1 general``)."""
    return _ONE.sub(lambda m: f"1 {m.group(1)}{_SINGULAR[m.group(2)]}", line)


def dice_lines(rolls: Sequence[Mapping[str, Any]]) -> list[str]:
    """Rolls told briefly: dice thrown one after another for the same purpose share a
    line (``dice 1 2 6 5 5 (d6): battle round 1: White Tiger``); a hidden-card draw is
    told as what it does, without its number (``wei draws face down from their generals
    deck``)."""
    lines: list[str] = []
    groups: list[tuple[str, int, list[str]]] = []
    for roll in rolls:
        raw = str(roll.get("for", ""))
        words = hidden.draw_words(raw)
        if words is not None:
            groups.append((words, 0, []))
            continue
        purpose = re.sub(r"\s*\bdie \d+ of \d+$", "", raw).strip()
        sides = int(roll.get("of", 6) or 6)
        if groups and groups[-1][0] == purpose and groups[-1][1] == sides:
            groups[-1][2].append(str(roll.get("d")))
        else:
            groups.append((purpose, sides, [str(roll.get("d"))]))
    for purpose, sides, values in groups:
        if not values:  # a hidden draw: one line for a run of the same draw
            if not lines or lines[-1] != purpose:
                lines.append(purpose)
            continue
        noun = "die" if len(values) == 1 else "dice"
        lines.append(f"{noun} {' '.join(values)} (d{sides}): {purpose}")
    return lines


def _what_it_is(save: SaveFile, module: GameModule) -> list[str]:
    """A save with no log lines, told by what it is."""
    name = save.player(save.writer)["name"]
    verbs = [str(a.get("do")) for a in save.actions]
    if save.sequence == 0:
        return [f"{name} creates the game: {module.title}, "
                f"{len(save.players)} players"]
    if verbs == [SHUFFLE]:
        return [f"{name}'s pbem shuffles the hidden decks"]
    if verbs == [AUDIT]:
        return [f"{name}'s pbem opens their secrets for the audit"]
    if verbs == [WITNESS]:
        return [f"{name}'s pbem answers the roll request"]
    if verbs == [JOIN]:
        return [f"{name} joins the game"]
    return [f"{name}: {module.describe_action(a)}" for a in save.actions]


def _request(save: SaveFile, module: GameModule) -> str:
    """A roll request (witnessed dice): which roll waits (what the action does is told
    by the save that answers it)."""
    assert save.pending is not None
    name = save.player(save.pending["by"])["name"]
    return (f"{name}'s action waits for the other players to witness its roll: "
            f"{steps.first_roll(module, save.state, save.pending)}")


def save_lines(save: SaveFile, module: GameModule, dice: bool = False) -> list[str]:
    """What one save tells: its log lines as the game phrases them now (else what the
    save is), and with ``dice`` its dice."""
    lines = [singular(module.tell(line)) for line in save.doc["log"]]
    if not lines and (save.actions or save.pending is None):
        lines = _what_it_is(save, module)
    if save.pending is not None:
        lines.append(_request(save, module))
    if dice:
        rolls = [r for a in save.actions for r in a.get("dice") or [] if isinstance(r, dict)]
        lines += [f"  · {line}" for line in dice_lines(rolls)]
    return lines


def section(save: SaveFile, module: GameModule, dice: bool = False) -> list[str]:
    """The heading and lines of one save; nothing when it has nothing to tell."""
    lines = save_lines(save, module, dice)
    if not lines:
        return []
    writer = save.player(save.writer)["name"]
    return [f"--- save {save.sequence}: {writer} ({save.writer}) ---", *lines]


def draft_section(draft: Draft, save: SaveFile, module: GameModule, where: str) -> list[str]:
    """A draft answering ``save``: named as one, with the actions composed so far."""
    assert save.due is not None
    name = save.player(save.due["role"])["name"]
    head = (f"--- draft {where} (not signed: none of it counts yet): {name} "
            f"({save.due['role']}), after save {save.sequence} ---")
    return [head, *(f"{name}: {draft.label(i, a) if draft.labels else module.describe_action(a)}"
                    for i, a in enumerate(draft.actions))]
