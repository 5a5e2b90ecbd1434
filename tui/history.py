"""The history of a game for review: every save of the chain, stepped action by action.

Positions between actions are rebuilt by re-applying each recorded action with the dice
recorded for it, through the game module's contract only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pbem import chain, gameplay, store
from pbem.chain import JOIN, START
from pbem.dice import TableDice
from pbem.engine import GameModule, Log, copy_state
from pbem.errors import PbemError
from pbem.hidden_cards import model as hidden_model
from pbem.hidden_cards import seating
from pbem.savefile import SaveFile
from tui.i18n import tr


@dataclass(frozen=True)
class Point:
    """A place in the history: after ``action`` actions of save number ``save``."""

    save: int
    action: int


@dataclass
class Replayed:
    """One save re-applied: the position and the new log lines after each action."""

    states: list[dict[str, Any]]
    lines: list[list[str]]


class History:
    """The chain ending at ``target``, with positions rebuilt on demand."""

    def __init__(self, module: GameModule, target: SaveFile, saves: list[SaveFile]) -> None:
        self.module = module
        self.saves = saves or [target]
        self._cache: dict[int, Replayed] = {}

    @classmethod
    def load(cls, module: GameModule, target: SaveFile, given: list[Any],
             path: Any) -> History:
        try:
            saves = chain.order_chain(target, store.candidates(target, given, path))
        except PbemError:
            saves = [target]
        return cls(module, target, saves)

    # ------------------------------------------------------------------ points

    def timeline(self) -> list[Point]:
        """Every distinct point in order: the first save's position, then each action."""
        if not hasattr(self, "_timeline"):
            points = [Point(0, a) for a in range(len(self.saves[0].actions) + 1)]
            for index, save in enumerate(self.saves[1:], start=1):
                points += [Point(index, a) for a in range(1, len(save.actions) + 1)]
            self._timeline = points
        return self._timeline

    def first(self) -> Point:
        return self.timeline()[0]

    def last(self) -> Point:
        return self.timeline()[-1]

    def index_of(self, point: Point) -> int:
        line = self.timeline()
        if point in line:
            return line.index(point)
        if point.action == 0 and point.save > 0:
            return line.index(self.save_end(point.save - 1))
        return 0

    def step(self, point: Point, delta: int) -> Point:
        """The point ``delta`` actions later (or earlier), within the chain."""
        line = self.timeline()
        return line[max(0, min(len(line) - 1, self.index_of(point) + delta))]

    def save_end(self, index: int) -> Point:
        return Point(index, len(self.saves[index].actions))

    def save_step(self, point: Point, delta: int) -> Point:
        """The end of the save ``delta`` saves away."""
        index = max(0, min(len(self.saves) - 1, point.save + delta))
        return self.save_end(index)

    def find_sequence(self, sequence: int) -> Point | None:
        for index, save in enumerate(self.saves):
            if save.sequence == sequence:
                return self.save_end(index)
        return None

    def find_round(self, number: int, round_of: Any) -> Point | None:
        """The first save whose position is in round ``number`` (``round_of(state)``)."""
        for index, save in enumerate(self.saves):
            if round_of(save.state) == number:
                return self.save_end(index)
        return None

    # ------------------------------------------------------------------ positions

    def replay(self, index: int) -> Replayed:
        if index in self._cache:
            return self._cache[index]
        save = self.saves[index]
        before = self.saves[index - 1].state if index > 0 else save.state
        state = copy_state(before)
        states, lines = [copy_state(state)], [[]]
        log = Log()
        try:
            for action in save.actions:
                mark = len(log.entries)
                self._apply(save, state, action, log)
                states.append(copy_state(state))
                lines.append([e.render() for e in log.entries[mark:]])
        except Exception:  # a save this cannot re-apply is shown by its saved position
            states, lines = [copy_state(before)], [[]]
            for _ in save.actions:
                states.append(save.state)
                lines.append([])
            lines[-1] = list(save.doc["log"])
        self._cache[index] = Replayed(states, lines)
        return self._cache[index]

    def _apply(self, save: SaveFile, state: dict[str, Any], action: dict[str, Any],
               log: Log) -> None:
        dice = TableDice([int(r["d"]) for r in action.get("dice", [])])
        verb = action.get("do")
        if verb == JOIN:
            name = save.player(save.writer)["name"]
            log.heading(f"{name} joins the game as {self.module.role_label(save.writer)}")
        elif verb == START:
            log.heading("The game begins: every seed share is revealed")
            gameplay.start(self.module, state, dice, log, self._seat(save, state, action))
        else:
            body = {k: v for k, v in action.items() if k not in ("dice", "reveals")}
            gameplay.apply(self.module, state, save.writer, body, dice, log,
                           self._seat(save, state, action))

    @staticmethod
    def _seat(save: SaveFile, state: dict[str, Any], action: dict[str, Any]) -> Any:
        """A verifier's seat for the writer of ``save`` in a game with sealed cards: the
        reveals recorded with the action, no keys."""
        if hidden_model.of(state) is None:
            return None
        records = action.get("reveals") if isinstance(action.get("reveals"), dict) else {}
        return seating.seat(save.doc, save.writer, None, records)

    def state_at(self, point: Point) -> dict[str, Any]:
        return self.replay(point.save).states[point.action]

    def lines_until(self, point: Point) -> tuple[list[str], int]:
        """The save's log lines up to the point, and how many belong to its last action."""
        replayed = self.replay(point.save)
        shown = [line for chunk in replayed.lines[:point.action + 1] for line in chunk]
        return shown, len(replayed.lines[point.action]) if point.action else 0

    def describe(self, point: Point, lang: str = "en") -> str:
        """Where ``point`` is: the save, its writer and the action reached."""
        save = self.saves[point.save]
        who = save.player(save.writer)["name"]
        return tr("save {sequence} ({who}), action {number}/{total}", lang,
                  sequence=save.sequence, who=who, number=point.action,
                  total=len(save.actions))

    def search(self, text: str) -> list[tuple[Point, str]]:
        """Log lines containing ``text`` (any case), with the point after their action."""
        needle = text.casefold()
        found: list[tuple[Point, str]] = []
        for index, save in enumerate(self.saves):
            if not any(needle in line.casefold() for line in save.doc["log"]):
                continue
            replayed = self.replay(index)
            for action, chunk in enumerate(replayed.lines):
                for line in chunk:
                    if needle in line.casefold():
                        found.append((Point(index, action), line.strip()))
        return found
