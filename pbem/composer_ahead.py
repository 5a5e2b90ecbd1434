"""The part of a turn's Composer that deals with questions answered side by side: a
sealed answer given ahead of one's turn, its opening, a pass given ahead, and the saves of
answers folded in that a player writes unattended."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pbem import dice as dicemod
from pbem import gameplay, inner_seals, passes_ahead, sealed_orders
from pbem.engine import Action, GameModule, Log, Prompt, complete_action, copy_state
from pbem.errors import IllegalAction, NeedWitness, PbemError
from pbem.hidden import Known
from pbem.hidden_cards import model as hidden_model
from pbem.hidden_cards import seating
from pbem.identity import LocalIdentity
from pbem.save_schema import canonical_action
from pbem.savefile import SaveFile
from pbem.steps import FOLDED, START, UNSEAL


class AnswersAhead:
    """Side-by-side answers for :class:`pbem.composer.Composer` (which holds the state)."""

    if TYPE_CHECKING:
        prev: SaveFile
        me: LocalIdentity
        module: GameModule
        role: str
        state: Any
        actions: list[Action]
        passes: list[passes_ahead.Pass]
        given: dict[str, passes_ahead.Pass]
        queue: list[str]
        pending: Action | None
        waiting_for: str
        dice: Any
        log: Log
        _stub: dict[str, Any]

        def prompt(self, known: Known | None = None) -> Prompt | None: ...
        def known(self) -> Known: ...
        def keys(self) -> Any: ...
        def _seat(self) -> Any: ...
        def _record(self, action: Action, before: int) -> Action: ...

    def _between_homes(self) -> bool:
        """Whether this game's sealed questions are answered sealed (and parts sealed
        inside answers are sealed by this player's pbem)."""
        return self.module.seals_inside and sealed_orders.KEY in self.state

    def _as_composed(self, action: Action) -> Action:
        """An answer given again as it was sent (a draft, an answer given ahead): the
        parts sealed inside it read back with this player's key."""
        if self._between_homes() and (inner_seals.INNER in action
                                      or inner_seals.OPENED in action):
            return inner_seals.unwrap(action, self.keys())
        return action

    def _as_sent(self, asked: Prompt | None, body: Action, seat: Any,
                 sealing: bool) -> Action:
        """The answer as this player's pbem writes it: tried by the rules first when it
        is sealed or seals parts inside (its earlier inner choices opened when asked),
        those parts sealed, and the whole sealed when ``sealing``."""
        inner = self._between_homes() and inner_seals.concerns(asked, body)
        if inner:
            body = inner_seals.with_openings(self.state, asked, self.role, body, self.keys())
        if sealing or inner:
            gameplay.trial(self.module, self.state, self.role, body, seat)
        if inner:
            body = inner_seals.wrap(self.module, self.state, asked, self.role, body,
                                    self.keys())
        if sealing:
            assert asked is not None
            body = sealed_orders.seal(self.state, asked, body, self.keys())
        return body

    def side_by_side_next(self) -> bool:
        """Whether the game asks this player next a question every player asked answers
        side by side (her answer too is given ahead, as a file, to the save ending here)."""
        after = self.prompt()
        return after is not None and after.role == self.role and bool(after.ahead) \
            and passes_ahead.kind_of(after) != passes_ahead.PASS["do"]

    def carries_folded_on(self) -> bool:
        """True when a save of the answers given ahead alone is this player's to write
        unattended: the game asks her next a question the players answer side by side (a
        sealed question, or the opening of the answers), which the others then answer ahead
        of their turn to that save."""
        if not self.passes or [a for a in self.actions if a["do"] not in (START, *FOLDED)]:
            return False
        return self.side_by_side_next()

    def opening_waits(self) -> bool:
        """Whether this player's opening, asked next, needs a save of hers: it shows a
        hidden card only her pbem can (or waits for the others' part of one), so nobody
        else can fold it in."""
        after = self.prompt()
        if after is None or after.step != UNSEAL or after.role != self.role \
                or hidden_model.of(self.state) is None:
            return False
        body = sealed_orders.unseal(self.state, self.role, self.keys())
        trial, dice = copy_state(self.state), dicemod.WitnessDice()
        try:
            gameplay.apply(self.module, trial, self.role, body, dice, Log(),
                           seating.seat(self._stub, self.role))
        except NeedWitness:
            return True
        except PbemError:
            return False
        return False

    def carries_passes_on(self) -> bool:
        """True when a save of the passes folded in alone may be written by this player:
        she passed last of them, or the same question stays open for a later player (it
        moves on to her, when she is late, say)."""
        if not self.passes or [a for a in self.actions if a["do"] not in (START, *FOLDED)]:
            return False
        after = self.prompt()
        due = self.prev.due or {}
        if self.passes[-1].role == self.role:
            return True  # the last who passed carries on, as her own save of a pass would
        return after is not None and after.step == due.get("step") \
            and after.role in self.queue and after.role not in {p.role for p in self.passes}

    def give_sealed(self, order: Action) -> passes_ahead.Pass:
        """This player's answer to a question answered sealed side by side, given ahead of
        her turn: tried by the rules, sealed with her keys (only she opens it), signed."""
        prompt = self.prompt()
        asked = gameplay.game_prompt(self.module, self.state)
        if self.role not in self.queue or self.role in self.given or self.pending \
                or [a for a in self.actions if a["do"] not in (START, *FOLDED)] \
                or prompt is None or asked is None \
                or passes_ahead.kind_of(prompt) != passes_ahead.SEAL \
                or self.role not in [prompt.role, *prompt.ahead]:
            raise IllegalAction("this question is not answered sealed ahead of one's turn "
                                "here (or you answered it already)",
                                prompt.rule if prompt else None)
        mine = gameplay.asked_of(self.module, self.state, self.role, self.known())
        if mine is None:
            raise IllegalAction("this question cannot be put to you yet", prompt.rule)
        body = complete_action(mine, self._as_composed(dict(order)))
        sealed = self._as_sent(asked, body, self._seat(), sealing=True)
        return passes_ahead.make(self.prev, self.me.key, self.role, sealed)

    def give_opening(self) -> passes_ahead.Pass | None:
        """The opening of this player's sealed answer, given ahead once every answer is
        bound (no decision: her pbem gives it unattended); ``None`` when not asked of her."""
        prompt = self.prompt()
        if self.role not in self.queue or self.role in self.given or prompt is None \
                or passes_ahead.kind_of(prompt) != passes_ahead.UNSEAL \
                or self.role not in [prompt.role, *prompt.ahead]:
            return None
        body = sealed_orders.unseal(self.state, self.role, self.keys())
        return passes_ahead.make(self.prev, self.me.key, self.role, body)

    def give_pass(self) -> passes_ahead.Pass | None:
        """This player's pass, given ahead of her turn (or at it) side by side with the other
        players asked, when the question allows it and nothing is composed yet; ``None``:
        she passes in a save as ever (her pass then decides more than itself)."""
        if self.role not in self.queue or self.role in self.given or self.pending \
                or [a for a in self.actions if a["do"] not in (START, *FOLDED)]:
            return None
        prompt = self.prompt()
        if prompt is not None and prompt.role == self.role:
            trial, dice = copy_state(self.state), dicemod.WitnessDice()
            try:
                gameplay.apply(self.module, trial, self.role, dict(passes_ahead.PASS), dice,
                               Log(), None)
            except (NeedWitness, IllegalAction):
                return None
        elif prompt is None or self.role not in [prompt.role, *prompt.ahead]:
            return None
        return passes_ahead.make(self.prev, self.me.key, self.role)

    def open_sealed(self) -> list[str]:
        """Open this player's sealed answer, now that every player asked has answered (no
        decision: the engine asks it of this player's pbem)."""
        asked = self.prompt()
        own = [a for a in self.actions if a["do"] not in (START, *FOLDED)]
        if asked is None or asked.step != UNSEAL or asked.role != self.role or own \
                or self.pending is not None:
            raise IllegalAction("this save does not ask to open a sealed answer")
        body = sealed_orders.unseal(self.state, self.role, self.keys())
        mark, before = len(self.log.entries), len(self.dice.rolls)
        saved_state, saved_dice = copy_state(self.state), self.dice.snapshot()
        seat = self._seat()
        try:
            gameplay.apply(self.module, self.state, self.role, body, self.dice, self.log,
                           seat)
        except NeedWitness as exc:
            self.state = saved_state
            self.dice.restore(saved_dice)
            del self.log.entries[mark:]
            self.pending, self.waiting_for = canonical_action(body), exc.purpose
            return []
        if seat is not None and seat.records:  # the cards the opened answer names
            body = {**body, "reveals": dict(sorted(seat.records.items()))}
        self.actions.append(self._record(body, before))
        return [entry.render() for entry in self.log.entries[mark:]]
