"""The hand-over save (:mod:`pbem.seats`): making it, and checking who may write it, what
it carries, and the one position, players' list and dice it leads to."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbem import absence, gamedata, games, saving, seats
from pbem.engine import GameModule, Log, copy_state
from pbem.errors import ChainError, UsageError
from pbem.identity import LocalIdentity
from pbem.savefile import SaveFile
from pbem.steps import ENGINE_VERBS, Replay, compute_due, require, same


def check(module: GameModule, prev: SaveFile, save: SaveFile) -> Replay:
    """Refuse a hand-over that does not hold; return what it leads to."""
    where = save.where
    due = prev.due
    assert due is not None
    require(save.writer == due["role"] and due["step"] not in ENGINE_VERBS
             and due["step"] not in ("carry-on", "answers"),
             "a seat is handed over by the player whose move it is, in a save of its own",
             where)
    require(len(save.actions) == 1 and save.pending is None,
             "a hand-over save holds the hand-over alone", where)
    record = save.actions[0]
    wanted = seats.from_action(prev, record, where)
    seats.check_request(prev, wanted, where)
    seats.check_consents(prev, save.writer, wanted, record["consents"], where)
    seats.check_release(prev, wanted, record.get("release"), where)
    require(same(save.players, seats.players_after(prev, wanted)),
             "the players' list is not the old one with the newcomer in the seat", where)
    require(same(save.doc["dice"], seats.dice_after(prev, wanted)),
             "a hand-over changes no dice but the newcomer's salt and first link", where)
    state, log = _seated(module, prev, save.writer, wanted, list(record["consents"]),
                         record.get("release"))
    replay = Replay(state, log.lines(), [[]])
    require(save.contributions is None, "a hand-over gives no contributions", where)
    require(same(state, save.state), "the position is not what the hand-over gives", where)
    require(log.lines() == save.doc["log"], "the log is not what the hand-over gives", where)
    replay.due = compute_due(module, save.players, save.doc["dice"], state, None, save.writer)
    require(save.due == replay.due, "'due' does not name who must act next", where)
    return replay


def _seated(module: GameModule, prev: SaveFile, writer: str, wanted: seats.SeatRequest,
            agreed: list[str], released: Any = None) -> tuple[dict[str, Any], Log]:
    """The position and log once the newcomer holds the seat."""
    state = copy_state(prev.state)
    log = Log()
    log.heading(f"{wanted.name} takes over the seat of {module.role_label(wanted.role)}")
    absence.seated(state, wanted.role, log, wanted.name, str(prev.player(wanted.role)["key"]),
                   released)
    if released is not None:
        log.add("with the secrets of its hidden cards, released by the player who held it")
    log.add(f"agreed by {', '.join([writer, *agreed])}")
    return state, log


def make(prev: SaveFile, me: LocalIdentity, wanted: seats.SeatRequest,
         consents: Mapping[str, seats.Consent],
         release: seats.Release | None = None) -> SaveFile:
    """The hand-over save ``me`` (the player due) signs on ``prev``."""
    where = prev.where
    module = games.get(prev.kind)
    gamedata.ready(module, prev.game["options"], where, prev.game_id)
    role = saving.role_for(prev, me)
    due = prev.due
    assert due is not None
    if due["step"] in ENGINE_VERBS or due["step"] in ("carry-on", "answers"):
        raise UsageError("hand the seat over when it is your move, not while a request or an "
                         "answer waits", where)
    seats.check_request(prev, wanted, where)
    needed = seats.agreeing(prev, role, wanted.role)
    given = {by: consents[by] for by in needed if by in consents}
    missing = [by for by in needed if by not in given]
    if missing:
        raise UsageError(f"the hand-over needs the consent of {', '.join(missing)} "
                         f"(pbem agree-seat on their machine)", where)
    record = seats.action(wanted, given, release)
    seats.check_consents(prev, role, wanted, record["consents"], where)
    try:
        seats.check_release(prev, wanted, record.get("release"), where)
    except ChainError as exc:
        raise UsageError(exc.message, where) from None
    state, log = _seated(module, prev, role, wanted, list(given), record.get("release"))
    players = seats.players_after(prev, wanted)
    dice = seats.dice_after(prev, wanted)
    doc = saving.next_doc(prev, role, dice, [record], log.lines(), state, module)
    doc["players"] = players
    doc["due"] = compute_due(module, players, dice, state, None, role)
    return saving.seal(doc, me.key, "hand-over")
