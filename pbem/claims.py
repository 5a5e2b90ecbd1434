"""Claims: another player says the deadline passed, and the game goes on without the
player who owed the answer.

A claim is a save written by a player who was *not* due, on the save that waits, once the
deadline and its grace have run out by the stamps the players signed (``written``). Its
first action names who owes the answer and every seat::

    {do: claim, roles: [bob], seats: [red, bob, green]}

When the answer owed is one the game lets *lapse* (:attr:`pbem.engine.Prompt.lapses`: a
person's answer, say a sealed order, and no opening, share or witness answer a machine
gives), the claim says so, ``{do: claim, roles: [bob], seats: [...], lapse: true}``: the
game's default stands for that one answer and the seat stays at the table; its claimer may
instead make the seat absent (``pbem claim --absent``), say to hand it to a newcomer.

It drops any request that waited (its roll is never made: nobody can choose it by
withholding an answer), marks the claimed seats absent (:mod:`pbem.absence`), and, when the
game now waits on an absent seat, takes its decisions by default in a second action,
``{do: defaults}`` (which, in a game with witnessed dice, may wait for dice like any action).
Where a request was answered side by side, the claim carries the answers already given
(so the links they revealed are never used for another roll) and claims the witnesses whose
answers are missing, or, when every answer is in, the actor who did not carry on.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from pbem import (
    absence,
    deadlines,
    gamedata,
    gameplay,
    games,
    lateness,
    passes_ahead,
    saving,
    sealed_orders,
    steps,
    witness_answers,
)
from pbem import dice as dicemod
from pbem.engine import Log, copy_state
from pbem.errors import ChainError, NeedDice, NeedWitness, UsageError
from pbem.hidden_cards import model as hidden_model
from pbem.hidden_cards import seating
from pbem.identity import LocalIdentity
from pbem.save_schema import canonical_action
from pbem.savefile import SaveFile
from pbem.steps import ANSWERS, CLAIM, DEFAULTS, JOIN, START, require, roles_of


def is_claim(save: SaveFile) -> bool:
    return bool(save.actions) and save.actions[0].get("do") == CLAIM


def owing(prev: SaveFile, answers: Mapping[str, Any]) -> list[str]:
    """Who owes the save that ``prev`` waits for, in seat order (side by side: the
    witnesses whose answers are not among ``answers``, or the actor once every answer is
    in)."""
    return lateness.owed(prev, list(answers))


def lapsable(prev: SaveFile) -> bool:
    """Whether the answer ``prev`` waits for is one the game lets lapse."""
    due = prev.due
    if due is None or prev.pending is not None or witness_answers.is_request(prev):
        return False
    module = games.get(prev.kind)
    if absence.ended(prev.state):
        return False
    now = sealed_orders.prompt(prev.state, module.bare_prompt(prev.state))
    return now is not None and now.lapses and now.role == due["role"] \
        and now.step == due["step"]


def _claimable(prev: SaveFile) -> deadlines.Clock:
    """The clock of the answer ``prev`` waits for, refusing what can never be claimed."""
    where = prev.where
    due = prev.due
    if due is None:
        raise ChainError("the game is over: there is nothing to claim", where)
    clock = deadlines.clock(prev.game, prev.written)
    if clock is None:
        raise ChainError("this game has no deadline: nobody can claim that one passed", where)
    if due["step"] in (JOIN, START):
        raise ChainError("the game has not begun: a claim decides nothing before the start "
                         "(make a new game without the missing player)", where)
    return clock


def check(prev: SaveFile, save: SaveFile) -> dict[str, witness_answers.Answer] | None:
    """Refuse a claim that does not hold; return the answers it carries (if any)."""
    where = save.where
    try:
        clock = _claimable(prev)
    except ChainError as exc:
        raise ChainError(exc.message, where) from None
    assert prev.due is not None
    action = save.actions[0]
    require(set(action) <= {"do", "answers", "roles", "seats", "lapse"},
             "a claim holds only roles, seats, whether the answer lapses and (side by side) "
             "the answers given", where)
    require(action.get("lapse", True) is True,
             "a claim's lapse is true, or left out when the seat becomes absent", where)
    require("lapse" not in action or lapsable(prev),
             "this answer cannot lapse (an opening, a share or a witness answer is owed by "
             "a machine): the claim makes the seat absent", where)
    require(action.get("seats") == roles_of(prev), "the claim's seats are not the game's",
             where)
    answered: dict[str, witness_answers.Answer] = {}
    if "answers" in action:
        require(prev.due["step"] == ANSWERS,
                 "only a claim on a request answered side by side carries answers", where)
        answered = witness_answers.carried(prev, action, where, every=False)
    targets = owing(prev, answered)
    require(action.get("roles") == targets,
             f"the claim must name exactly who owes the answer ({', '.join(targets)})", where)
    require(save.writer not in targets,
             "a player cannot claim against their own answer", where)
    require(save.writer not in absence.absent(prev.state), "an absent seat cannot claim",
             where)
    stamp = deadlines.parse_stamp(save.written)
    require(clock.may_claim(stamp),
             f"claimed at {save.written}, before the deadline and its grace ran out "
             f"({deadlines.stamp_of(clock.claimable)})", where)
    require(all(a == {"do": DEFAULTS} or (a.get("do") == DEFAULTS and set(a) <= {"do", "dice"})
                 for a in save.actions[1:]) and len(save.actions) <= 2,
             "a claim save holds the claim and, after it, only the absent seats' defaults",
             where)
    return answered or None


def prevails(prev: SaveFile, first: SaveFile, second: SaveFile) -> tuple[SaveFile, str]:
    """Which of two saves by different writers on ``prev`` stands, and why: an answer
    stamped before the claim's time (the deadline and its grace) prevails over the claim;
    a later one is a late answer and the claim prevails; of two claims the earlier stamp
    (then the lower hash) stands."""
    claims_made = [s for s in (first, second) if is_claim(s)]
    if len(claims_made) == 2:
        winner = min(claims_made, key=lambda s: (s.written, s.sha256))
        return winner, "two claims on the same save: the earlier one stands"
    if not claims_made:
        return first, "two saves by different players on the same save"
    made = claims_made[0]
    answer = second if made is first else first
    clock = deadlines.clock(prev.game, prev.written)
    if clock is not None and not clock.may_claim(deadlines.parse_stamp(answer.written)):
        return answer, (f"{answer.writer}'s answer is stamped {answer.written}, before the "
                        f"claim's time: the claim does not stand")
    return made, (f"{answer.writer}'s answer is stamped {answer.written}, after the deadline "
                  f"and its grace: a late answer, and the claim stands")


def when(prev: SaveFile) -> deadlines.Clock:
    """The clock of what ``prev`` waits for; a one-line refusal when it cannot be claimed."""
    try:
        return _claimable(prev)
    except ChainError as exc:
        raise UsageError(exc.message, prev.where) from None


def make(prev: SaveFile, me: LocalIdentity,
         answers: Mapping[str, witness_answers.Answer] | None = None,
         absent: bool = False) -> SaveFile:
    """The claim ``me`` signs on ``prev`` (its time is this machine's clock): the answer
    lapses where the game lets it, unless ``absent`` asks to make the seat absent."""
    where = prev.where
    module = games.get(prev.kind)
    gamedata.ready(module, prev.game["options"], where, prev.game_id)
    clock = when(prev)
    role = prev.role_of(me.key.public)
    if role is None:
        raise UsageError(f"{me.name}'s key is not one of this game's players", where)
    roles = roles_of(prev)
    given = dict(answers if answers is not None else (
        witness_answers.around(prev) if witness_answers.is_request(prev) else {}))
    given = {r: a for r, a in given.items() if _valid(a, prev)}
    targets = owing(prev, given)
    names = ", ".join(str(prev.player(r)["name"]) for r in targets)
    if role in targets:
        raise UsageError(f"you owe this answer yourself ({prev.due['text']}): answer it "  # type: ignore[index]
                         f"instead of claiming", where)
    if role in absence.absent(prev.state):
        raise UsageError("your seat is absent: an absent seat cannot claim", where)
    now = deadlines.parse_stamp(saving.now_utc())
    if not clock.may_claim(now):
        raise UsageError(f"too early: {names} has until {deadlines.stamp_of(clock.due)}, and "
                         f"a claim waits out the grace too, until "
                         f"{deadlines.stamp_of(clock.claimable)} (in "
                         f"{deadlines.span(clock.claimable - now)})", where)
    passed = passes_ahead.around(module, prev) if passes_ahead.queue(module, prev) else {}
    if any(r in passed for r in targets):
        raise PassedAhead(f"{names} let it go ahead of their turn (their signed pass is "
                          f"here): nobody claims against a player who answered", where,
                          passed)
    dice_state = copy.deepcopy(prev.doc["dice"])  # a claim reveals no link of its writer
    if given:
        dice_state = witness_answers.with_answers(dice_state, given)
    stub = {"sequence": prev.sequence + 1, "dice": dice_state, "writer": role,
            "players": prev.players, "game": prev.game, "state": prev.state}
    state = copy_state(prev.state)
    seat = seating.seat(stub, role, me.key) if hidden_model.of(state) is not None else None
    record: dict[str, Any] = {"do": CLAIM, "roles": targets, "seats": roles}
    if not absent and not given and lapsable(prev):
        record["lapse"] = True
    log = Log()
    gameplay.apply(module, state, role, dict(record), dicemod.TableDice([]), log, seat)
    if given:
        record["answers"] = witness_answers.records(given, [r for r in
                                                             witness_answers.witnesses_of(prev)
                                                             if r in given])
    actions = [canonical_action(record)]
    pending = None
    if gameplay.needs_defaults(module, state):
        pending = _defaults(module, prev, stub, state, role, log, seat, actions)
    made = saving.contribute(stub, me, role, state, seat=seat)
    doc = saving.next_doc(prev, role, dice_state, actions, log.lines(), state, module,
                          pending, made)
    return saving.seal(doc, me.key, "claim")


class PassedAhead(UsageError):
    """The player due let the question go ahead of her turn: no claim against her; the
    save that carries the passes on is written instead (:func:`pbem.answering.claim`)."""

    def __init__(self, message: str, where: str, passed: Mapping[str, Any]) -> None:
        super().__init__(message, where)
        self.passed = dict(passed)


def _defaults(module: Any, prev: SaveFile, stub: dict[str, Any], state: dict[str, Any],
              role: str, log: Log, seat: Any, actions: list[dict[str, Any]]
              ) -> dict[str, Any] | None:
    """Take the absent seats' decisions now; with witnessed dice, a request when they roll."""
    roles = roles_of(prev)
    holder = {"state": state}
    if prev.dice_mode == "open":
        dice: Any = steps.open_dice(module, stub, roles, lambda: holder["state"])
    elif prev.dice_mode == "table":
        dice = dicemod.TableDice([])
    else:
        dice = dicemod.WitnessDice()
    scratch, mark = copy_state(state), len(log.entries)
    try:
        gameplay.apply(module, scratch, role, {"do": DEFAULTS}, dice, log, seat)
    except NeedWitness:
        del log.entries[mark:]
        return {"by": role, "request": None, "action": {"do": DEFAULTS}}
    except NeedDice:
        raise UsageError("the absent seat's defaults roll dice, and this game's dice are "
                         "typed in at the table: play the claim at the table", prev.where
                         ) from None
    state.clear()
    state.update(scratch)
    action: dict[str, Any] = {"do": DEFAULTS}
    if dice.rolls:
        action["dice"] = [roll.record() for roll in dice.rolls]
    actions.append(action)
    return None


def _valid(answer: witness_answers.Answer, prev: SaveFile) -> bool:
    try:
        witness_answers.check(answer, prev, prev.where)
    except ChainError:
        return False
    return True
