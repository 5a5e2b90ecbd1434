"""The Composer of a turn: what the CLI's ``apply`` and the terminal table drive.

It offers the engine's prompt, applies actions on a copy (an illegal one changes nothing),
keeps the dice and the log, allows undo until dice are rolled, and finally signs the save —
at a hand-over, at the end of the game, or at an action that must wait for the other
players (its dice, or their contributions to hidden cards).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbem import (
    chain,
    gamedata,
    gameplay,
    games,
    passes_ahead,
    saving,
    sealed_orders,
    witness_answers,
)
from pbem import dice as dicemod
from pbem.arguments import check_names
from pbem.composer_ahead import AnswersAhead
from pbem.composer_begin import SaveBeginning
from pbem.engine import Action, ActionSpec, Prompt, complete_action, copy_state
from pbem.errors import IllegalAction, NeedWitness, NotYourTurn, UsageError
from pbem.hidden import Known
from pbem.hidden_cards import model as hidden_model
from pbem.hidden_cards import notes as notes_mod
from pbem.hidden_cards import sealing, seating
from pbem.identity import LocalIdentity
from pbem.save_schema import canonical_action
from pbem.savefile import SaveFile
from pbem.steps import (
    ANSWERS,
    AUDIT,
    CARRY_ON,
    FOLDED,
    JOIN,
    SHARE,
    SHUFFLE,
    START,
    UNSEAL,
    WITNESS,
    compute_due,
    hand_waits,
    roles_of,
)


class Composer(AnswersAhead, SaveBeginning):
    """Builds the next save from ``prev`` for the player ``me`` who is due."""

    def __init__(self, prev: SaveFile, me: LocalIdentity,
                 answers: Mapping[str, witness_answers.Answer] | None = None,
                 passes: Mapping[str, passes_ahead.Pass] | None = None) -> None:
        """``answers``: after a request answered side by side, every witness's answer
        (the actor carries on from the request once they are all in). ``passes``: the
        passes given ahead to ``prev`` (by default those in the local store); those of the
        first players asked fold in before anything else."""
        self.prev = prev
        self.me = me
        self.module = games.get(prev.kind)
        mine = prev.role_of(me.key.public)
        if mine is not None and prev.due is not None and prev.due["role"] != mine \
                and passes_ahead.queue(self.module, prev):
            self.role = mine  # asked now or later, or next once the others pass
        else:
            self.role = saving.role_for(prev, me)
        gamedata.ready(self.module, prev.game["options"], prev.where, prev.game_id)
        due = prev.due
        assert due is not None
        if due["step"] == JOIN:
            raise UsageError("this game waits for you to join it: use pbem join", prev.where)
        if due["step"] in (WITNESS, SHUFFLE, AUDIT, SHARE):
            raise UsageError("this save asks your pbem for an answer that needs no decision: "
                             "pbem witness (or pbem inbox / pbem watch) gives it", prev.where)
        self.roles = roles_of(prev)
        self.mode = prev.dice_mode
        dice_state = saving.advance_link(prev, me, self.role)
        self.answers = dict(answers or {})
        if due["step"] == ANSWERS:
            if answers is None:
                self.answers = witness_answers.around(prev)
            owed = witness_answers.missing(prev, self.answers)
            if owed:
                names = ", ".join(prev.player(r)["name"] for r in owed)
                raise UsageError(f"this request waits for the answers of {names}: pbem inbox "
                                 f"or pbem watch files them as they come (or put their "
                                 f"answer files beside it)", prev.where)
            for answer in self.answers.values():
                witness_answers.check(answer, prev, prev.where)
            dice_state = witness_answers.with_answers(dice_state, self.answers)
        self.starting = due["step"] == START
        if self.starting:
            shares = dice_state["shares"]
            shares[self.role] = dicemod.seed_share(me.key, saving.anchor_of(prev, self.role),
                                                   self.role)
            dice_state["seed"] = dicemod.game_seed(prev.game_id, [shares[r] for r in self.roles])
        self.dice_state = dice_state
        self._stub = {"sequence": prev.sequence + 1, "dice": dice_state, "writer": self.role,
                      "players": prev.players, "game": prev.game, "state": prev.state}
        self.carrying_on = due["step"] in (CARRY_ON, ANSWERS)
        self.queue = [] if self.carrying_on or self.starting \
            else passes_ahead.queue(self.module, prev)
        self.given = dict(passes) if passes is not None else \
            passes_ahead.around(self.module, prev) if self.queue else {}
        self.passes = passes_ahead.front(self.module, prev, self.given)
        self._seat_cache: Any = None
        self._reset()

    def _seat(self) -> Any:
        """This player's seat, with their keys, in a game with sealed cards."""
        if hidden_model.of(self.state) is None:
            return None
        if self._seat_cache is None:
            self._seat_cache = seating.seat(self._stub, self.role, self.me.key)
        seat = self._seat_cache
        seat.records = {}
        return seat

    # ------------------------------------------------------------------ queries

    def prompt(self, known: Known | None = None) -> Prompt | None:
        """What is offered now; hidden cards labelled as ``known`` (default: public only)."""
        if self.pending_start:
            return Prompt(self.role, START, "roll the opening dice at the table and type them in",
                          (ActionSpec(START, "Start the game"),))
        if self.pending is not None:
            return None
        if known is None:
            return gameplay.prompt(self.module, self.state)
        return gameplay.prompt(self.module, self.state, self.role, known)

    def known(self) -> Known:
        """What this player's key lets them read of the hidden cards composed so far."""
        return gameplay.viewer_knowledge(self.prev.doc, self.state, self.role, self.me.key)

    def my_move(self) -> bool:
        """True while the prompt is addressed to this player (and they need not wait for
        the others' part of their hidden cards to read them first); not once she has acted
        in this save and is asked next a question answered side by side."""
        prompt = self.prompt()
        if prompt is not None and self.side_by_side_next() \
                and [a for a in self.actions if a["do"] not in (START, *FOLDED)]:
            return False  # her answer to it is given side by side, to the save ending here
        return (prompt is not None and prompt.role == self.role and prompt.step != UNSEAL
                and hand_waits(self.state, prompt, self.roles) is None)

    def due(self) -> dict[str, Any] | None:
        pending = {"by": self.role, "request": None, "action": self.pending} \
            if self.pending is not None else None
        return compute_due(self.module, self.prev.players, self.dice_state, self.state,
                           pending, self.role)

    def can_finish(self) -> tuple[bool, str]:
        """Whether the save may be signed now: only where another player must act."""
        if self.pending_start:
            return False, "the game has not started: give the opening dice first"
        if self.pending is not None:
            return True, ""
        own = [a for a in self.actions if a["do"] not in (START, *FOLDED)]
        if not own and not self.starting and not self.carrying_on:
            after = self.prompt()
            if not self.passes or (after is not None and after.role != self.role
                                   and not self.carries_passes_on()):
                return False, "no action taken yet: nothing to save"
            if self.carries_folded_on():
                return True, ""
        if self.actions and self.actions[0]["do"] == UNSEAL:
            return True, ""  # an opening needs no decision: it ends its save
        if self.my_move() and self.prompt() is not None and not self.side_by_side_next():
            return False, ("your turn goes on: a save ends where another player must act "
                           f"({self.prompt().text})")  # type: ignore[union-attr]
        return True, ""

    # ------------------------------------------------------------------ acting

    def act(self, action: Action) -> list[str]:
        """Apply one action; return the new log lines. A refused action changes nothing.

        In a witnessed game an action that rolls dice is not applied: it becomes this
        save's request (:attr:`pending`), and nothing more can be done in this save."""
        if not isinstance(action, dict) or not isinstance(action.get("do"), str):
            raise IllegalAction("an action is a mapping with 'do: VERB'")
        if self.pending is not None:
            raise IllegalAction(f"this save waits for its dice ({self.waiting_for}); sign it "
                                f"and send it, then carry on from the answer")
        if action["do"] == START and not self.pending_start and (
                self.starting or (self.prev.doc["dice"]["seed"] is not None
                                  and not action.get("dice"))):
            return []  # the game has started already (pbem did it): nothing to do
        if action["do"] == START and self.pending_start:
            given = action.get("dice", [])
            if not isinstance(given, list):
                raise IllegalAction("table dice are given as a list: dice: [3, 5]")
            self._start(list(given))
            return self.log.lines()
        asked = gameplay.game_prompt(self.module, self.state)
        if action["do"] == sealed_orders.SEAL and sealed_orders.must_seal(
                self.state, asked, self.role):  # given again (a draft): its own answer
            assert asked is not None
            action = sealed_orders.reopen(self.state, asked, action, self.keys())
        action = self._as_composed(action)
        if action["do"] in chain.ENGINE_VERBS:
            raise IllegalAction(f"'{action['do']}' is done by pbem itself")
        prompt = self.prompt()
        if prompt is None:
            raise IllegalAction("the game is over")
        if prompt.role != self.role:
            owner = self.prev.player(prompt.role)["name"]
            raise NotYourTurn(f"{owner} ({prompt.role}) must act now: {prompt.text}; finish "
                              f"this save and send it to them")
        if self.role in self.given and action["do"] != self.given[self.role].answer["do"] \
                and prompt.step == (self.prev.due or {}).get("step") \
                and not [a for a in self.actions if a["do"] not in (START, *FOLDED)]:
            raise IllegalAction("you let this moment go already: your pass, given ahead of "
                                "your turn, stands" if self.given[self.role].is_pass else
                                "you answered this question already: your answer, given "
                                "ahead of your turn, stands")
        owing = hand_waits(self.state, prompt, self.roles)
        if owing is not None:
            owner = self.prev.player(owing)["name"]
            raise NotYourTurn(f"you read your hidden cards first: {owner}'s pbem must give its "
                              f"part of them; finish this save and send it to them")
        saved_state = copy_state(self.state)
        saved_dice = self.dice.snapshot()
        log_mark = len(self.log.entries)
        before = len(self.dice.rolls)
        check_names(self.module.argument_ids(), action)
        body = complete_action(prompt, {k: v for k, v in action.items()
                                        if k not in ("dice", "reveals")})
        if self.table:
            given = action.get("dice", [])
            if not isinstance(given, list):
                raise IllegalAction("table dice are given as a list: dice: [3, 5]")
            self.dice.values.extend(given)
        seat = self._seat()
        body = self._as_sent(asked, body, seat, sealed_orders.must_seal(
            self.state, asked, self.role) and body["do"] in {s.verb for s in prompt.actions})
        sent = body  # what waits for the dice, when it rolls: as sent, never in clear
        try:
            if seat is not None:
                body = sealing.bind(prompt, body, hidden_model.of(self.state), seat)
            gameplay.apply(self.module, self.state, self.role, body, self.dice, self.log, seat)
            if self.table and self.dice.values:
                raise IllegalAction(f"{len(self.dice.values)} more table dice were given than "
                                    f"this action rolls")
        except NeedWitness as exc:
            self.state = saved_state
            del self.log.entries[log_mark:]
            self.pending, self.waiting_for = canonical_action(sent), exc.purpose
            return []
        except BaseException:
            self.state = saved_state
            self.dice.restore(saved_dice)
            del self.log.entries[log_mark:]
            raise
        record = dict(body)
        if seat is not None:
            self.chosen.update(seat.chosen)
            if seat.records:
                record["reveals"] = dict(sorted(seat.records.items()))
        self.actions.append(self._record(record, before))
        return [entry.render() for entry in self.log.entries[log_mark:]]

    def can_undo(self) -> tuple[bool, str]:
        if self.pending is not None and self.pending.get("do") != START:
            return True, ""
        player_actions = [a for a in self.actions if a["do"] not in (START, *FOLDED)]
        if self.carrying_on and len(player_actions) <= 1:
            return False, "the action that waited for the others' answers stands"
        if not player_actions:
            return False, "nothing to undo"
        if player_actions[-1].get("dice"):
            return False, "dice were rolled for the last action; it stands"
        return True, ""

    def undo(self) -> Action:
        """Take back the last action if it rolled no dice (or withdraw a request)."""
        ok, reason = self.can_undo()
        if not ok:
            raise IllegalAction(f"cannot undo: {reason}")
        if self.pending is not None:
            undone, self.pending, self.waiting_for = self.pending, None, ""
            return undone
        kept = [a for a in self.actions if a["do"] not in (START, *FOLDED)][:-1]
        if self.carrying_on:
            kept = kept[1:]
        start = [a for a in self.actions if a["do"] == START]
        undone = self.actions[-1]
        self._reset()
        if start and self.pending_start:
            self._start([r["d"] for r in start[0].get("dice", [])])
        for action in kept:
            values = [r["d"] for r in action.get("dice", [])]
            plain = {k: v for k, v in action.items() if k not in ("dice", "reveals")}
            plain = self._unsealed(plain)
            self.act({**plain, "dice": values} if self.table else plain)
        return undone

    def _unsealed(self, action: Action) -> Action:
        """An action as its player gave it: sealed choices in clear again (to replay)."""
        return {k: self.chosen.get(v, v) if isinstance(v, str) else v
                for k, v in action.items()}

    def keys(self) -> Any:
        """This player's keys in this game (for what they seal to themselves)."""
        return seating.seat(self._stub, self.role, self.me.key).keys

    def check_notes(self) -> None:
        """Refuse at once notes no save of this game could carry: in a game without sealed
        cards, or to a role that is not another player's (whether the game allows a note
        to that player is asked when the save is signed)."""
        if not self.notes:
            return
        if hidden_model.of(self.state) is None:
            raise IllegalAction("this game has no way to pass notes")
        for to, _ in self.notes:
            if to == self.role or to not in self.roles:
                others = ", ".join(r for r in self.roles if r != self.role)
                raise IllegalAction(f"a note goes to another player's role ({others}), "
                                    f"not {to!r}")

    def log_lines(self) -> list[str]:
        return self.log.lines()

    def finish(self) -> SaveFile:
        """Sign and return the next save (write it with :mod:`pbem.keeping`)."""
        ok, reason = self.can_finish()
        if not ok:
            raise IllegalAction(reason)
        pending = None if self.pending is None else {
            "by": self.role, "request": None, "action": self.pending}
        state = copy_state(self.state)
        seat = self._seat()
        if seat is not None:
            seat.chosen = dict(self.chosen)
        made = saving.contribute(self._stub, self.me, self.role, state, seat=seat)
        if self.notes:
            data = hidden_model.of(state)
            self.check_notes()
            assert data is not None and seat is not None
            for to, _ in self.notes:
                if not self.module.may_note(state, self.role, to):
                    raise IllegalAction(f"you may not pass {to} a note now")
            made = {**(made or {}), "notes": notes_mod.seal(data, seat, self.prev.sequence + 1,
                                                            self.notes)}
        doc = saving.next_doc(self.prev, self.role, self.dice_state, self.actions, self.log_lines(),
                        state, self.module, pending, made)
        return saving.seal(doc, self.me.key, "new save")
