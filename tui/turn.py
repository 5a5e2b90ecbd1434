"""One player's turn at the table: a :class:`Composer` with a draft, table dice and undo.

Nothing here draws anything; the app calls it and shows what it returns. Each action
taken is remembered as a :class:`Chunk` (its label, the log lines it wrote and its dice),
kept in the draft too, so a resumed turn looks exactly as it did before.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pbem import savefile, store
from pbem.chain import START
from pbem.engine import Action, Log, Prompt
from pbem.errors import IllegalAction
from pbem.identity import LocalIdentity
from pbem.ledger import Ledger
from pbem.session import Composer
from tui import drafts

BEGINS = "The game begins"


@dataclass
class Chunk:
    """What one action told: its label, the log lines it wrote and the dice it rolled."""

    label: str
    lines: list[str]
    rolls: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class Written:
    """A save written at the end of a turn, and who must act on it."""

    save: savefile.SaveFile
    path: Path
    next_role: str | None
    next_name: str | None
    next_text: str


class Turn:
    """The turn being composed on ``prev`` (read from ``path``) by ``me``."""

    def __init__(self, prev: savefile.SaveFile, path: Path, me: LocalIdentity) -> None:
        self.prev = prev
        self.path = path
        self.me = me
        self.composer = Composer(prev, me)
        self.role = self.composer.role
        self.module = self.composer.module
        self.draft = drafts.draft_path(path)
        self.chunks: list[Chunk] = []
        if self.composer.actions:  # chain dice: the opening was rolled at once
            self.chunks.append(Chunk(BEGINS, self.composer.log_lines(), self.last_rolls()))

    # ------------------------------------------------------------------ queries

    @property
    def table_dice(self) -> bool:
        return self.composer.table

    @property
    def state(self) -> dict[str, Any]:
        return self.composer.state

    def prompt(self) -> Prompt | None:
        return self.composer.prompt()

    def my_move(self) -> bool:
        return self.composer.my_move()

    def player_actions(self) -> list[Action]:
        return [a for a in self.composer.actions if a["do"] != START]

    def has_work(self) -> bool:
        """True when finishing would write something (an action, or the game's start)."""
        return bool(self.player_actions()) or (self.composer.starting
                                               and not self.composer.pending_start)

    def over(self) -> bool:
        """True when this player has nothing more to do in this save."""
        return not self.composer.pending_start and not self.my_move()

    # ------------------------------------------------------------------ acting

    def act(self, action: Action, label: str, dice: list[int] | None = None) -> Chunk:
        """Apply ``action`` (with table dice when given); keep the draft. May raise
        IllegalAction or NeedDice (a table die is missing); then nothing changed."""
        given = dict(action)
        if self.table_dice:
            given["dice"] = list(dice or [])
            if given["do"] == START and self.composer.pending_start:
                # a refused opening leaves its table dice queued; start from none
                self.composer.dice.values.clear()
        lines = self.composer.act(given)
        chunk = Chunk(label, lines, self.last_rolls())
        self.chunks.append(chunk)
        self.keep_draft()
        return chunk

    def last_rolls(self) -> list[dict[str, Any]]:
        """The dice recorded for the last action."""
        return list(self.composer.actions[-1].get("dice", [])) if self.composer.actions else []

    def undo(self) -> tuple[bool, str]:
        """Take back the last action; ``(False, why not)`` when it stands."""
        ok, reason = self.composer.can_undo()
        if not ok:
            return False, reason
        self.composer.undo()
        undone = self.chunks.pop() if self.chunks else Chunk("?", [])
        self.keep_draft()
        return True, undone.label

    def why_not(self, action: Action) -> str:
        """The engine's reason for refusing ``action`` now, tried on a scratch copy."""
        scratch = copy.copy(self.composer)
        scratch.state = copy.deepcopy(self.composer.state)
        scratch.dice = copy.deepcopy(self.composer.dice)
        scratch.log = Log()
        scratch.log.entries = list(self.composer.log.entries)
        scratch.actions = list(self.composer.actions)
        try:
            scratch.act(dict(action))
        except IllegalAction as exc:
            return exc.line()
        except Exception as exc:  # NeedDice and the like: legal as far as it went
            return f"allowed as far as it goes ({exc})"
        return "this action is allowed now"

    # ------------------------------------------------------------------ drafts

    def keep_draft(self) -> None:
        if self.player_actions():
            drafts.write(self.draft, self.prev.sha256, self.role, self.composer.actions,
                         [c.label for c in self.chunks])
        else:
            drafts.remove(self.draft)

    def pending_draft(self) -> drafts.Draft | None:
        return drafts.read(self.draft, self.prev.sha256, self.role)

    def resume(self, draft: drafts.Draft) -> int:
        """Re-apply a draft's actions; return how many were taken back in."""
        done = 0
        for index, action in enumerate(draft.actions):
            values = [int(r["d"]) for r in action.get("dice", [])]
            body = {k: v for k, v in action.items() if k != "dice"}
            label = draft.label(index, body)
            if body["do"] == START:
                if not self.composer.pending_start:
                    continue
                lines = self.composer.act({"do": START, "dice": values})
            else:
                lines = self.composer.act({**body, "dice": values} if self.table_dice else body)
            self.chunks.append(Chunk(label, lines, self.last_rolls()))
            done += 1
        self.keep_draft()
        return done

    def discard_draft(self) -> None:
        drafts.remove(self.draft)

    # ------------------------------------------------------------------ finishing

    def summary(self) -> list[str]:
        """The turn in a few lines: the headings of its log."""
        return [line for line in self.composer.log_lines() if not line.startswith(" ")]

    def finish(self) -> Written:
        """Sign and write the next save beside this one; record it in ledger and store."""
        save = self.composer.finish()
        path = self.path.parent / savefile.file_name(save.game_id, save.sequence, save.writer)
        savefile.write(path, save.raw)
        store.keep(save)
        Ledger(self.me.key.public).accept(save)
        self.discard_draft()
        due = save.due
        if due is None:
            return Written(save, path, None, None, "the game is over")
        return Written(save, path, due["role"], save.player(due["role"])["name"], due["text"])
