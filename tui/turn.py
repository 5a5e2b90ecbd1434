"""One player's turn at the table: a :class:`Composer` with a draft, table dice and undo.

Nothing here draws anything; the app calls it and shows what it returns. Each action
taken is remembered as a :class:`Chunk` (its label, the log lines it wrote and its dice),
kept in the draft (:mod:`pbem.drafts`, shared with ``pbem apply``) with its label, so a
resumed turn looks exactly as it did before.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pbem import drafts, gameplay, games, keeping, passes_ahead, savefile, witness_answers
from pbem.chain import START
from pbem.drafts import Draft
from pbem.engine import Action, Log, Prompt, copy_state
from pbem.errors import IllegalAction
from pbem.identity import LocalIdentity
from pbem.session import Composer
from tui.seen import Sight

BEGINS = "The game begins"
CARRIED = "Carried on after the others' answers"
SEALED = re.compile(r"^sealed/[^#\s]+#\d+$")


@dataclass
class Chunk:
    """What one action told: its label, the log lines it wrote and the dice it rolled."""

    label: str
    lines: list[str]
    rolls: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class Written:
    """A save written by the table, and who must act on it."""

    save: savefile.SaveFile
    path: Path
    next_role: str | None
    next_name: str | None
    next_text: str

    @property
    def step(self) -> str | None:
        return self.save.due["step"] if self.save.due else None


def written(save: savefile.SaveFile, path: Path) -> Written:
    due = save.due
    if due is None:
        return Written(save, path, None, None, "the game is over")
    return Written(save, path, due["role"], save.player(due["role"])["name"], due["text"])


def sealed_places(draft: Draft) -> list[tuple[int, str]]:
    """Where a draft holds a sealed choice (its value is not in the draft): (action, key)."""
    return [(index, key) for index, action in enumerate(draft.actions)
            for key, value in action.items() if isinstance(value, str) and SEALED.match(value)]


class Turn:
    """The turn being composed on ``prev`` (read from ``path``) by ``me``."""

    def __init__(self, prev: savefile.SaveFile, path: Path, me: LocalIdentity) -> None:
        self.prev = prev
        self.path = path
        self.me = me
        answers = witness_answers.around(prev, path) if witness_answers.is_request(prev) \
            else None
        passes = passes_ahead.around(games.get(prev.kind), prev, path)
        self.composer = Composer(prev, me, answers, passes)
        self.role = self.composer.role
        self.module = self.composer.module
        self.sight = Sight(self.module, prev.doc, self.role, me.key)
        self.before = copy_state(prev.state)
        self.draft = drafts.draft_path(path)
        self.chunks: list[Chunk] = []
        self.waiting_label = "The game's opening" if self.composer.pending else ""
        if self.composer.carrying_on:
            self.chunks.append(Chunk(CARRIED, self.composer.log_lines(), self.last_rolls()))
        elif self.composer.actions:  # open dice: the opening was rolled at once
            self.chunks.append(Chunk(BEGINS, self.composer.log_lines(), self.last_rolls()))

    # ------------------------------------------------------------------ queries

    @property
    def table_dice(self) -> bool:
        return self.composer.table

    @property
    def state(self) -> dict[str, Any]:
        return self.composer.state

    def token(self) -> tuple[Any, ...]:
        """Names the position now (it changes with every action taken or undone)."""
        c = self.composer
        return (id(self), len(c.actions), c.pending is not None, c.pending_start,
                len(self.chunks))

    def prompt(self) -> Prompt | None:
        """What is offered now, hidden cards labelled as this player knows them."""
        if self.composer.pending_start or self.composer.pending is not None:
            return self.composer.prompt()
        return self.sight.prompt(self.state, self.token())

    def view(self) -> dict[str, Any]:
        return self.sight.view(self.state, self.token())

    def my_move(self) -> bool:
        return self.composer.my_move()

    def waiting(self) -> bool:
        """True when the last action waits for the other players (a request)."""
        return self.composer.pending is not None

    def player_actions(self) -> list[Action]:
        actions = [a for a in self.composer.actions if a["do"] != START]
        return actions[1:] if self.composer.carrying_on else actions

    def has_work(self) -> bool:
        """True when finishing would write something."""
        return self.composer.can_finish()[0]

    def over(self) -> bool:
        """True when this player has nothing more to do in this save."""
        return not self.composer.pending_start and not self.my_move()

    # ------------------------------------------------------------------ acting

    def act(self, action: Action, label: str, dice: list[int] | None = None) -> Chunk | None:
        """Apply ``action`` (with table dice when given); keep the draft. May raise
        IllegalAction or NeedDice (a table die is missing); then nothing changed. Returns
        ``None`` when the action waits for the other players (see :meth:`waiting`)."""
        given = dict(action)
        if self.table_dice:
            given["dice"] = list(dice or [])
            if given["do"] == START and self.composer.pending_start:
                # a refused opening leaves its table dice queued; start from none
                self.composer.dice.values.clear()
        lines = self.composer.act(given)
        if self.composer.pending is not None:
            self.waiting_label = label
            return None
        chunk = Chunk(label, lines, self.last_rolls())
        self.chunks.append(chunk)
        self.keep_draft()
        return chunk

    def last_rolls(self) -> list[dict[str, Any]]:
        """The dice recorded for the last action."""
        return list(self.composer.actions[-1].get("dice", [])) if self.composer.actions else []

    def withdraw(self) -> bool:
        """Take back an action that waits for the others (before it is signed); False when
        it cannot be (the game's opening has nothing else to do)."""
        if self.composer.pending is None or not self.composer.can_undo()[0]:
            return False
        self.composer.undo()
        return True

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
        scratch.chosen = dict(self.composer.chosen)
        try:
            scratch.act(dict(action))
        except IllegalAction as exc:
            return exc.line()
        except Exception as exc:  # NeedDice and the like: legal as far as it went
            return f"allowed as far as it goes ({exc})"
        if scratch.pending is not None:
            return f"allowed; it waits for the other players ({scratch.waiting_for})"
        return "this action is allowed now"

    # ------------------------------------------------------------------ drafts

    def keep_draft(self) -> None:
        if self.player_actions():
            actions = list(self.composer.actions)
            labels = [c.label for c in self.chunks]
            if self.composer.carrying_on:  # the carried action is made again, not replayed
                actions, labels = actions[1:], labels[1:]
            drafts.write(self.draft, self.prev.sha256, self.role, actions, labels)
        else:
            drafts.remove(self.draft)

    def pending_draft(self) -> Draft | None:
        return drafts.load(self.draft, self.prev.sha256, self.role)

    def resume(self, draft: Draft, sealed: dict[tuple[int, str], Any] | None = None) -> int:
        """Re-apply a draft's actions (``sealed``: the values of its sealed choices, given
        again by the player); return how many were taken back in."""
        done = 0
        for index, action in enumerate(draft.actions):
            if index == 0 and self._carried(action):
                continue  # pbem apply keeps the carried action too; it is made again
            values = [int(v) for v in action.get("dice", []) if isinstance(v, int)]
            body = {k: (sealed or {}).get((index, k), v) for k, v in action.items()
                    if k != "dice"}
            label = draft.label(index, body)
            if body["do"] == START:
                if not self.composer.pending_start:
                    continue
                lines = self.composer.act({"do": START, "dice": values})
            else:
                lines = self.composer.act({**body, "dice": values} if self.table_dice else body)
            if self.composer.pending is not None:
                self.withdraw()  # a draft never holds a request: it is signed at once
                break
            self.chunks.append(Chunk(label, lines, self.last_rolls()))
            done += 1
        self.keep_draft()
        return done

    def _carried(self, action: Action) -> bool:
        pending = self.prev.pending
        body = {k: v for k, v in action.items() if k not in ("dice", "reveals")}
        return self.composer.carrying_on and pending is not None and body == pending["action"]

    def discard_draft(self) -> None:
        drafts.remove(self.draft)

    # ------------------------------------------------------------------ finishing

    def log_lines(self) -> list[str]:
        return self.composer.log_lines()

    def key_results(self) -> list[str]:
        """The turn's big news as the game marks it (``[]``: none)."""
        return gameplay.key_results(self.module, self.log_lines())

    def finish(self) -> Written:
        """Sign and write the next save beside this one; keep it in the store and ledgers."""
        save = self.composer.finish()
        path = self.path.parent / savefile.file_name(save.game_id, save.sequence, save.writer)
        keeping.write(save, path, self.prev)
        self.discard_draft()
        return written(save, path)
