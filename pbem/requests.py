"""Requests and their answers: an action that waits for the other players (its dice, or
their contributions to hidden cards), their witness saves, and the last witness carrying
the action out — or handing it back to its actor when only they can (docs/dice.md)."""

from __future__ import annotations

from typing import Any

from pbem import absence, gameplay
from pbem.engine import GameModule, Log, State, complete_action, copy_state
from pbem.errors import ChainError, IllegalAction, NeedActor, NeedContribution, NeedWitness
from pbem.one_form import same_form
from pbem.savefile import SaveFile
from pbem.steps import (
    DEFAULTS,
    START,
    UNSEAL,
    WITNESS,
    Replay,
    guard,
    offered_to,
    require,
    roles_of,
    try_pending,
    verifier_seat,
    witnessed_dice,
    witnesses,
)


def check_request(module: GameModule, save: SaveFile, state: State) -> None:
    """A request's pending action is legal, offered, and waits for the other players.

    An action that first shows the actor's own hidden card or sealed choice (which a
    verifier reads only once they carry on) may roll or need others' part after it: its
    request stands, and its last witness hands it back to the actor (:func:`resolve_request`).
    """
    where = save.where
    pending = save.pending
    assert pending is not None
    require(pending["by"] == save.writer and pending["request"] is None,
             "a request is made by its writer", where)
    action = pending["action"]
    seat = verifier_seat(save.doc, save.writer, state)
    try:
        if action["do"] == DEFAULTS:
            if not gameplay.needs_defaults(module, state):
                raise IllegalAction("no absent seat has a decision to take")
        elif action["do"] == UNSEAL:  # the last opening, whose answers roll dice
            offered_to(module, state, save.writer)
        elif action["do"] != START:
            prompt = offered_to(module, state, save.writer)
            if not same_form(complete_action(prompt, action), action):
                raise IllegalAction("it is not written in its complete form")
        guard(where, "the pending action", try_pending, module, state, pending, seat)
    except (NeedActor, NeedContribution):
        return  # NeedActor: what follows the actor's own secret only their pbem can see
    except NeedWitness:
        require(save.dice_mode == "witnessed", "only witnessed games wait for dice", where)
        return
    except IllegalAction as exc:
        raise ChainError(f"the pending action is illegal: {exc.message}", where) from None
    raise ChainError("the pending action waits for nobody; it should have been applied", where)


def check_witness(module: GameModule, prev: SaveFile, save: SaveFile) -> Replay:
    """A witness save reveals its writer's link; the last witness also makes the rolls and
    carries the action out, unless it needs the actor (then they carry on themselves)."""
    where = save.where
    pending = prev.pending
    require(pending is not None, "there is no request to answer", where)
    assert pending is not None
    order = witnesses(roles_of(save), pending["by"], absence.absent(prev.state))
    request = pending["request"] or prev.sha256
    last = save.writer == order[-1]
    records = save.actions[0].get("dice", []) if save.actions else []
    require(len(save.actions) == 1 and save.actions[0]["do"] == WITNESS,
             "a witness save holds exactly one witness action", where)
    passed_on = {**pending, "request": request}
    if not last:
        require(not records and save.pending == passed_on,
                 "a witness save that is not the last passes the request on unchanged",
                 where)
        return Replay(copy_state(prev.state), [], [[]])
    replay = resolve_request(module, save.doc, prev.state, pending, request, where)
    if replay is None:
        require(not records and save.pending == passed_on,
                 "the request goes back to its actor to carry on", where)
        return Replay(copy_state(prev.state), [], [[]])
    require(save.pending is None, "the last witness makes the rolls: nothing stays pending",
             where)
    return replay


def resolve_request(module: GameModule, doc: dict[str, Any], state: State,
                    pending: dict[str, Any], request: str, where: str) -> Replay | None:
    """Carry out a pending action with the dice its witnesses' links give; ``None`` when
    only its actor can (it needs their secret, or contributions still to come)."""
    dice = witnessed_dice(doc, {**pending, "request": request})
    state = copy_state(state)
    log = Log()
    action = pending["action"]
    seat = verifier_seat(doc, pending["by"], state)
    try:
        if action["do"] == START:
            log.heading("The game begins: every seed share is revealed")
            guard(where, "the game's opening", gameplay.start, module, state, dice, log, seat)
        else:
            guard(where, "the pending action", gameplay.apply, module, state, pending["by"],
                  action, dice, log, seat)
    except (NeedActor, NeedContribution):
        return None
    except IllegalAction as exc:
        raise ChainError(f"the pending action is illegal: {exc.message}", where) from None
    return Replay(state, log.lines(), [[roll.record() for roll in dice.rolls]])
