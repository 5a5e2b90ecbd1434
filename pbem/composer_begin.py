"""What every draft of a turn's save begins with, for the Composer: a fresh copy of the
position and dice, the opening rolls, the action carried on after a request, and the
passes given ahead folded in; and each action recorded with the dice it rolled."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pbem import dice as dicemod
from pbem import gameplay, passes_ahead, steps, witness_answers
from pbem.engine import Action, GameModule, Log, copy_state
from pbem.errors import IllegalAction, NeedWitness
from pbem.hidden_cards import model as hidden_model
from pbem.hidden_cards import seating
from pbem.save_schema import canonical_action
from pbem.savefile import SaveFile
from pbem.steps import START


class SaveBeginning:
    """The start of a save's draft for :class:`pbem.composer.Composer` (which holds the
    game and the player)."""

    if TYPE_CHECKING:
        prev: SaveFile
        module: GameModule
        role: str
        roles: list[str]
        mode: str
        starting: bool
        carrying_on: bool
        answers: dict[str, witness_answers.Answer]
        passes: list[passes_ahead.Pass]
        dice_state: dict[str, Any]
        _stub: dict[str, Any]

        def _seat(self) -> Any: ...

    def _fold_seat(self) -> Any:
        """The seat an answer given ahead is taken with: this save's writer's, keyless (it
        may deal hidden cards; a card only its holder can show waits for her own save)."""
        if hidden_model.of(self.state) is None:
            return None
        return seating.seat(self._stub, self.role)

    @property
    def table(self) -> bool:
        """Whether the players type in the dice they roll at the table."""
        return self.mode == "table"

    def _new_dice(self) -> Any:
        """The dice of this save: typed in at the table, open, or none (witnessed)."""
        if self.mode == "table":
            return dicemod.TableDice([])
        if self.mode == "open":
            return steps.open_dice(self.module, self._stub, self.roles, lambda: self.state)
        return dicemod.WitnessDice()

    def _reset(self) -> None:
        """The draft from the start: the position before it, and what must begin it."""
        self.state = copy_state(self.prev.state)
        self.log = Log()
        self.actions: list[Action] = []
        self.pending: Action | None = None
        self.waiting_for = ""
        self.dice = self._new_dice()
        self.chosen: dict[str, Any] = {}
        self.notes: list[tuple[str, str]] = getattr(self, "notes", [])
        self.pending_start = self.starting
        if self.starting and not self.table:
            self._start([])
        if self.carrying_on:
            self._carry_on()
        self._fold()

    def _fold(self) -> None:
        """The passes given ahead by the first players asked, taken as theirs (up to one
        whose consequences need witnessed dice: that player passes in a save of her own)."""
        for index, given in enumerate(self.passes):
            saved_state, before = copy_state(self.state), len(self.dice.rolls)
            mark, log_mark = self.dice.snapshot(), len(self.log.entries)
            try:
                gameplay.apply(self.module, self.state, given.role, dict(given.answer),
                               self.dice, self.log, self._fold_seat())
            except NeedWitness:
                self.state = saved_state
                self.dice.restore(mark)
                del self.log.entries[log_mark:]
                self.passes = self.passes[:index]
                return
            self.actions.append(self._record(given.record(), before))

    def _carry_on(self) -> None:
        """The action that waited for the other players' answers, done now by its actor with
        the dice their links give."""
        pending = self.prev.pending
        assert pending is not None
        if self.answers:
            links = {**self.dice_state["links"],
                     self.role: self.prev.doc["dice"]["links"][self.role]}
            doc = {**self.prev.doc, "dice": {**self.dice_state, "links": links}}
            dice = steps.witnessed_dice(doc, {**pending, "request": self.prev.sha256})
        else:
            dice = steps.witnessed_dice(self.prev.doc, pending)
        seat = self._seat()
        action = dict(pending["action"])
        if action["do"] == START:
            self.log.heading("The game begins: every seed share is revealed")
            gameplay.start(self.module, self.state, dice, self.log, seat)
        else:
            gameplay.apply(self.module, self.state, self.role, action, dice, self.log, seat)
        record = dict(action)
        if self.answers:
            record["answers"] = witness_answers.records(
                self.answers, witness_answers.witnesses_of(self.prev))
        if seat is not None and seat.records:
            record["reveals"] = dict(sorted(seat.records.items()))
        if dice.rolls:
            record["dice"] = [roll.record() for roll in dice.rolls]
        self.actions.append(canonical_action(record))

    def _start(self, values: list[int]) -> None:
        """The opening: reveal the seed and let the game make its opening rolls."""
        saved_state, saved_dice = copy_state(self.state), self.dice.snapshot()
        if self.table:
            self.dice.values.extend(values)
        try:
            self.log.heading("The game begins: every seed share is revealed")
            gameplay.start(self.module, self.state, self.dice, self.log, self._seat())
            if self.table and self.dice.values:
                raise IllegalAction("more table dice were given than the opening rolls")
        except NeedWitness as exc:
            self.state = saved_state
            self.log = Log()
            self.pending, self.waiting_for = {"do": START}, exc.purpose
            self.pending_start = False
            return
        except BaseException:
            self.state = saved_state
            self.dice.restore(saved_dice)
            self.log = Log()
            raise
        self.actions.append(self._record({"do": START}, 0))
        self.pending_start = False

    def _record(self, action: Action, before: int) -> Action:
        """``action`` as the save holds it, with the dice rolled since ``before``."""
        record = {k: v for k, v in action.items() if k != "dice"}
        rolls = self.dice.rolls[before:]
        if rolls:
            record["dice"] = [roll.record() for roll in rolls]
        return canonical_action(record)
