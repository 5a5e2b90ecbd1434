"""The chain of saves: each save follows from the one before it, back to the first.

:func:`check_first` checks a game's first save; :func:`check_next` checks that a save
follows from its predecessor (same game and players, sequence plus one, hash link, the
writer was due, the writer's dice-chain link, and re-applying its actions to the previous
position gives exactly its position, log and dice). :func:`verify` walks a whole chain.

A save ends where another player must act: at a hand-over, at the end of the game, or,
in a witnessed game, at a *request* (an action waiting for its dice, kept in ``pending``)
that the other players answer one after another with *witness* saves (docs/dice.md).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from pbem import dice as dicemod
from pbem import gamedata, gameplay, games
from pbem.engine import Action, GameModule, Log, Prompt, State, complete_action, copy_state
from pbem.errors import (
    ChainError,
    IllegalAction,
    IncompleteChain,
    NeedActor,
    NeedContribution,
    NeedDice,
    NeedWitness,
    PbemError,
)
from pbem.hidden_cards import audit as hidden_audit
from pbem.hidden_cards import model as hidden_model
from pbem.hidden_cards import obligations, sealing, seating
from pbem.savefile import SaveFile

JOIN = "join"
START = "start"
WITNESS = "witness"
SHUFFLE = "shuffle"
AUDIT = "audit"
CARRY_ON = "carry-on"
ENGINE_VERBS = (JOIN, START, WITNESS, SHUFFLE, AUDIT)
MACHINE_STEPS = (JOIN, WITNESS, SHUFFLE, AUDIT)  # saves that may leave their writer due
T = TypeVar("T")


def roles_of(save: SaveFile) -> list[str]:
    return [str(p["role"]) for p in save.players]


def witnesses(roles: list[str], actor: str) -> list[str]:
    """Who answers ``actor``'s request, in order: every other player, in seat order from
    the one after the actor (so no coalition short of all of them can foresee a roll)."""
    index = roles.index(actor)
    return roles[index + 1:] + roles[:index]


def guard(where: str, what: str, call: Callable[..., T], *args: Any) -> T:
    """Run game code on data from a save: a crash becomes a one-line refusal."""
    try:
        return call(*args)
    except (PbemError, NeedWitness):
        raise
    except Exception as exc:
        raise ChainError(f"{what} failed on this save ({type(exc).__name__}); it cannot be "
                         f"played", where) from None


def compute_due(module: GameModule, players: list[dict[str, Any]], dice_state: dict[str, Any],
                state: State, pending: dict[str, Any] | None = None,
                writer: str | None = None) -> dict[str, Any] | None:
    """Who must write the next save, and on what."""
    for player in players:
        if player["role"] not in dice_state["links"]:
            return {"role": player["role"], "step": JOIN,
                    "text": f"{player['name']} joins the game (pbem join)"}
    names = {p["role"]: p["name"] for p in players}
    roles = [p["role"] for p in players]
    if pending is not None:  # a request: every other player answers it, then its actor
        order = witnesses(roles, pending["by"])
        if writer == order[-1]:
            return {"role": pending["by"], "step": CARRY_ON,
                    "text": f"{names[pending['by']]} carries on with their action, now that "
                            f"the others have answered"}
        answered = order.index(writer) + 1 if writer in order else 0
        role = order[answered]
        return {"role": role, "step": WITNESS,
                "text": f"answer {names[pending['by']]}'s request "
                        f"({_first_roll(module, state, pending)})"}
    hidden = hidden_model.of(state)
    if hidden is not None:
        for role in roles:
            if obligations.owed(hidden, role, roles, "shuffles", False):
                return {"role": role, "step": SHUFFLE,
                        "text": f"{names[role]}'s pbem shuffles the hidden decks"}
    if dice_state["seed"] is None:
        creator = players[0]
        return {"role": creator["role"], "step": START,
                "text": f"{creator['name']} starts the game"}
    prompt = gameplay.prompt(module, state)
    if prompt is None:
        if hidden is not None:
            for role in roles:
                if role not in hidden["openings"]:
                    return {"role": role, "step": AUDIT,
                            "text": f"{names[role]}'s pbem opens their secrets for the audit"}
        return None
    return {"role": prompt.role, "step": prompt.step, "text": prompt.text}


def _first_roll(module: GameModule, state: State, pending: dict[str, Any]) -> str:
    """The purpose of the first roll a pending action makes."""
    try:
        _try(module, state, pending)
    except NeedWitness as exc:
        return exc.purpose
    except Exception:
        return "a roll"
    return "a roll"


def open_dice(module: GameModule, save_doc: dict[str, Any], roles: list[str],
              state_of: Callable[[], State]) -> dicemod.OpenDice:
    """The dice of an open-mode save, keyed by its links and each roll's context."""
    links = {role: save_doc["dice"]["links"][role]["link"] for role in roles}
    key = dicemod.open_key(save_doc["dice"]["seed"], links, roles)
    return dicemod.OpenDice(key, lambda: module.dice_context(state_of()))


def dice_for(module: GameModule, save_doc: dict[str, Any], roles: list[str], mode: str,
             records: list[dict[str, Any]], state_of: Callable[[], State]) -> Any:
    """The dice of a save's actions: typed-in, open, or none (witnessed)."""
    if mode == "table" or save_doc["dice"]["seed"] is None:
        return dicemod.TableDice([int(r["d"]) for r in records])
    if mode == "open":
        return open_dice(module, save_doc, roles, state_of)
    return dicemod.WitnessDice()


@dataclass
class Replay:
    """The result of re-applying one save's actions."""

    state: State
    log: list[str]
    records: list[list[dict[str, Any]]]
    due: dict[str, Any] | None = None


def run_actions(module: GameModule, doc: dict[str, Any], roles: list[str], mode: str,
                prev_state: State, actions: list[Action], where: str,
                first_dice: Any = None) -> Replay:
    """Re-apply ``actions`` to ``prev_state`` with the save's dice; refuse any illegal step.

    ``first_dice`` (carrying on after a request): the dice of the first action, made from
    the witnesses' links."""
    holder = {"state": copy_state(prev_state)}
    log = Log()
    records: list[list[dict[str, Any]]] = []
    rest = actions[1:] if first_dice is not None else actions
    recorded = [roll for action in rest for roll in action.get("dice", [])]
    dice = dice_for(module, doc, roles, mode, recorded, lambda: holder["state"])
    writer = doc["writer"]
    for index, action in enumerate(actions):
        current = first_dice if (first_dice is not None and index == 0) else dice
        before = len(current.rolls)
        verb = action["do"]
        state = holder["state"]
        seat = _verifier_seat(doc, writer, state, action)
        try:
            if verb == START:
                if index != 0:
                    raise IllegalAction("the game starts with the first action of a save")
                log.heading("The game begins: every seed share is revealed")
                guard(where, "the game's opening", gameplay.start, module, state, current,
                      log, seat)
            elif verb in ENGINE_VERBS:
                raise IllegalAction(f"'{verb}' is not a player's action here")
            else:
                prompt = _offered_to(module, state, writer)
                body = {k: v for k, v in action.items() if k not in ("dice", "reveals")}
                if complete_action(prompt, body) != body:
                    raise IllegalAction("it is not written in its complete form (every "
                                        "argument, defaults included, nothing more)")
                body = sealing.bind(prompt, body, hidden_model.of(state), seat) \
                    if seat is not None else body
                guard(where, f"actions[{index}] ({verb})",
                      gameplay.apply, module, state, writer, body, current, log, seat)
            if seat is not None and set(seat.records) != seat.used:
                raise IllegalAction("it shows cards or choices it does not turn face up")
        except NeedDice as exc:
            raise ChainError(f"actions[{index}] ({verb}) needs more table dice than were "
                             f"recorded: {exc.purpose}", where) from None
        except NeedWitness:
            raise ChainError(f"actions[{index}] ({verb}) needs other players first, so it "
                             f"must wait as this save's pending request", where) from None
        except IllegalAction as exc:
            raise ChainError(f"actions[{index}] ({verb}) is illegal: {exc.message}",
                             where) from None
        records.append([roll.record() for roll in current.rolls[before:]])
    if mode == "table" and getattr(dice, "values", None):
        raise ChainError("more table dice were recorded than the actions rolled", where)
    return Replay(holder["state"], log.lines(), records)


def _verifier_seat(doc: dict[str, Any], role: str, state: State,
                   action: Action | None = None) -> Any:
    """A verifier's seat for ``role`` in a game with sealed cards (else ``None``)."""
    if hidden_model.of(state) is None:
        return None
    records = action.get("reveals", {}) if action else {}
    if not isinstance(records, dict):
        raise ChainError("field reveals: must be a mapping", "")
    return seating.seat(doc, role, None, records)


def _offered_to(module: GameModule, state: State, writer: str) -> Prompt:
    prompt = gameplay.prompt(module, state)
    if prompt is None:
        raise IllegalAction("the game is over")
    if prompt.role != writer:
        raise IllegalAction(f"{writer} acted but {prompt.role} was due ({prompt.text})")
    return prompt


def _require(condition: bool, message: str, where: str) -> None:
    if not condition:
        raise ChainError(message, where)


def same(a: Any, b: Any) -> bool:
    """Equal, key order included (a save has one byte form)."""
    if type(a) is not type(b):
        return False
    if type(a) is dict:
        return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
    if type(a) is list:
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def check_first(save: SaveFile) -> GameModule:
    """Check that ``save`` is a valid first save of a game; return its game module."""
    where = save.where
    try:
        module = games.get(save.kind)
    except PbemError as exc:
        raise ChainError(exc.message, where) from None
    _require(save.sequence == 0 and save.previous is None,
             f"this is save {save.sequence}, not the first save of the game", where)
    _require(save.game["version"] == module.version,
             f"written for {save.kind} version {save.game['version']}; this pbem plays "
             f"version {module.version}", where)
    _require(save.game["title"] == module.title, "the game's title is not the game's", where)
    _require(save.writer == save.players[0]["role"], "the first save must be the creator's",
             where)
    gamedata.accept(module, save.game["options"], save.doc["data"], where)
    try:
        options = guard(where, "the game's options", module.options, len(save.players),
                        save.game["options"])
    except PbemError as exc:
        raise ChainError(f"game options are not valid: {exc.message}", where) from None
    _require(same(options, save.game["options"]), "game options are not in their checked form",
             where)
    _require(roles_of(save) == module.roles(options), "the players' roles do not match the game",
             where)
    dice_state = save.doc["dice"]
    creator = save.writer
    _require(set(dice_state["salts"]) == {creator} and set(dice_state["commits"]) == {creator}
             and not dice_state["shares"]
             and set(dice_state["links"]) == {creator}
             and dice_state["links"][creator]["used"] == 0 and dice_state["seed"] is None,
             "the first save must hold only the creator's commitments", where)
    _require(save.actions == [] and save.pending is None and save.doc["log"] == [],
             "the first save holds no actions", where)
    if not module.uses_secrets:
        _require(save.doc["contributions"] is None, "this game has no hidden cards", where)
    try:
        expected = guard(where, "setting the game up", gameplay.opening, module, options,
                         save.game["scenario"],
                         gameplay.sealed_for(save.dice_mode, save.game["scenario"]))
    except PbemError as exc:
        raise ChainError(f"cannot set the game up: {exc.message}", where) from None
    _contributions(save, expected, save.writer)
    _require(same(expected, save.state), "the position is not the game's opening position",
             where)
    _require(save.due == compute_due(module, save.players, dice_state, save.state),
             "'due' does not name who must act next", where)
    return module


def _check_dice_step(prev: SaveFile, save: SaveFile, step: str) -> None:
    where = save.where
    old, new = prev.doc["dice"], save.doc["dice"]
    writer = save.writer
    _require(new["commits"] == old["commits"], "dice commitments changed", where)
    if step == JOIN:
        _require(writer not in old["links"] and writer in new["links"]
                 and new["links"][writer]["used"] == 0 and writer in new["shares"]
                 and writer in new["salts"] and writer not in old["salts"]
                 and {r: v for r, v in new["salts"].items() if r != writer} == old["salts"],
                 "a join save must add the joiner's salt, seed share and dice-chain tip", where)
        rest_links = {r: v for r, v in new["links"].items() if r != writer}
        rest_shares = {r: v for r, v in new["shares"].items() if r != writer}
        _require(rest_links == old["links"] and rest_shares == old["shares"]
                 and new["seed"] is None, "a join save changed other players' dice", where)
        return
    old_link, new_link = old["links"][writer], new["links"].get(writer)
    _require(new_link is not None and new_link["used"] == old_link["used"] + 1
             and dicemod.link_follows(new_link["link"], old_link["link"]),
             f"the writer's dice-chain link does not follow the last one revealed by {writer}",
             where)
    others = {r: v for r, v in new["links"].items() if r != writer}
    _require(others == {r: v for r, v in old["links"].items() if r != writer}
             and new["salts"] == old["salts"],
             "the save changed another player's dice-chain link or salt", where)
    if step == START:
        roles = roles_of(save)
        _require(set(new["shares"]) == set(roles), "the start must reveal every seed share",
                 where)
        _require({r: v for r, v in new["shares"].items() if r != writer} == old["shares"],
                 "the start changed another player's seed share", where)
        _require(dicemod.commit(new["shares"][writer]) == new["commits"][writer],
                 "the creator's seed share does not match its commitment", where)
        seed = dicemod.game_seed(save.game_id, [new["shares"][r] for r in roles])
        _require(new["seed"] == seed, "the seed is not the one the shares give", where)
    else:
        _require(new["shares"] == old["shares"] and new["seed"] == old["seed"],
                 "the seed changed after the start", where)


def check_next(module: GameModule, prev: SaveFile, save: SaveFile) -> Replay:
    """Check that ``save`` follows from the already-checked ``prev``."""
    where = save.where
    _require(save.game_id == prev.game_id,
             f"belongs to game {save.game_id[:8]}, not {prev.game_id[:8]}", where)
    _require(same(save.game, prev.game) and same(save.players, prev.players),
             "the game's fixed details (options, players, keys) changed", where)
    _require(save.previous == prev.sha256,
             f"its previous-save hash does not match save {prev.sequence}", where)
    _require(save.sequence == prev.sequence + 1,
             f"sequence {save.sequence} does not follow {prev.sequence}", where)
    due = prev.due
    _require(due is not None, "the game was already over", where)
    assert due is not None
    _require(save.writer == due["role"],
             f"written by {save.writer}, but {due['role']} was due ({due['text']})", where)
    step = due["step"]
    _check_dice_step(prev, save, step)
    gamedata.ready(module, save.game["options"], where)
    if step == JOIN:
        _require(save.actions == [{"do": JOIN}] and save.pending is None,
                 "a join save holds exactly one join action", where)
        name = prev.player(save.writer)["name"]
        replay = Replay(copy_state(prev.state),
                        [f"{name} joins the game as {module.role_label(save.writer)}"], [[]])
    elif step in (SHUFFLE, AUDIT):
        _require(save.actions == [{"do": step}] and save.pending is None,
                 f"a {step} save holds exactly one {step} action", where)
        replay = Replay(copy_state(prev.state), [], [[]])
    elif step == WITNESS:
        replay = _check_witness(module, prev, save)
    else:
        actions = save.actions
        first_dice = None
        if step == START:
            starts = bool(actions) and actions[0]["do"] == START
            waits = save.pending is not None and save.pending["action"] == {"do": START}
            _require(starts != waits and (not waits or not actions),
                     "the start save begins with the start action (or, with witnessed dice, "
                     "asks for it as its only request)", where)
        if step == CARRY_ON:
            pending = prev.pending
            _require(pending is not None and bool(actions)
                     and {k: v for k, v in actions[0].items() if k not in ("dice", "reveals")}
                     == pending["action"],
                     "carrying on, the save begins with the action that waited", where)
            assert pending is not None
            first_dice = _witnessed_dice(prev.doc, pending)
        replay = run_actions(module, save.doc, roles_of(save), save.dice_mode, prev.state,
                             actions, where, first_dice)
        if save.pending is not None:
            _check_request(module, save, replay.state)
    _contributions(save, replay.state, save.writer, auditing=step == AUDIT)
    for index, (action, records) in enumerate(zip(save.actions, replay.records, strict=True)):
        _require(action.get("dice", []) == records,
                 f"actions[{index}]: recorded dice differ from the dice of this save "
                 f"(re-rolled or edited?)", where)
    _require(same(replay.state, save.state),
             "the position is not what the actions give (edited by hand?)", where)
    _require(replay.log == save.doc["log"], "the log is not what the actions give", where)
    replay.due = guard(where, "working out who is next", compute_due, module, save.players,
                       save.doc["dice"], replay.state, save.pending, save.writer)
    _require(save.due == replay.due, "'due' does not name who must act next", where)
    _require(step in MACHINE_STEPS or save.pending is not None or replay.due is None
             or replay.due["role"] != save.writer or replay.due["step"] in MACHINE_STEPS,
             "the save stops while its writer still has to act; a save ends where another "
             "player must act", where)
    return replay


def _contributions(save: SaveFile, state: State, writer: str, auditing: bool = False) -> None:
    """What the writer owed the others at the end of the save: exactly given, each valid."""
    hidden = hidden_model.of(state)
    given = save.doc["contributions"]
    if hidden is None:
        _require(given is None, "contributions in a game without sealed cards", save.where)
        return
    module = games.get(save.kind)
    try:
        obligations.check(hidden, given, seating.seat(save.doc, writer), save.where, auditing,
                          lambda sender, to: module.may_note(state, sender, to))
    except (PbemError, ValueError, KeyError, TypeError) as exc:
        message = exc.message if isinstance(exc, PbemError) else type(exc).__name__
        raise ChainError(f"contributions: {message}", save.where) from None


def _witnessed_dice(doc: dict[str, Any], pending: dict[str, Any]) -> dicemod.ChainDice:
    """The dice of a pending action: from the request and its witnesses' links."""
    roles = [p["role"] for p in doc["players"]]
    order = witnesses(roles, pending["by"])
    links = doc["dice"]["links"]
    key = dicemod.witness_key(doc["dice"]["seed"], pending["request"],
                              links[pending["by"]]["link"],
                              {r: links[r]["link"] for r in order}, order)
    return dicemod.ChainDice(key)


def _check_request(module: GameModule, save: SaveFile, state: State) -> None:
    """A request's pending action is legal, offered, and waits for the other players."""
    where = save.where
    pending = save.pending
    assert pending is not None
    _require(pending["by"] == save.writer and pending["request"] is None,
             "a request is made by its writer", where)
    action = pending["action"]
    seat = _verifier_seat(save.doc, save.writer, state)
    try:
        if action["do"] != START:
            prompt = _offered_to(module, state, save.writer)
            if complete_action(prompt, action) != action:
                raise IllegalAction("it is not written in its complete form")
        guard(where, "the pending action", _try, module, state, pending, seat)
    except NeedActor:
        raise ChainError("the pending action needs nobody else: it should have been done",
                         where) from None
    except NeedContribution:
        return
    except NeedWitness:
        _require(save.dice_mode == "witnessed", "only witnessed games wait for dice", where)
        return
    except IllegalAction as exc:
        raise ChainError(f"the pending action is illegal: {exc.message}", where) from None
    raise ChainError("the pending action waits for nobody; it should have been applied", where)


def _try(module: GameModule, state: State, pending: dict[str, Any],
         seat: Any = None) -> None:
    scratch = copy_state(state)
    if seat is None and hidden_model.of(state) is not None:
        from pbem.hidden_cards.operations import Seat

        seat = Seat(pending["by"], [], {})
    if pending["action"]["do"] == START:
        gameplay.start(module, scratch, dicemod.WitnessDice(), Log(), seat)
    else:
        gameplay.apply(module, scratch, pending["by"], pending["action"], dicemod.WitnessDice(),
                       Log(), seat)


def _check_witness(module: GameModule, prev: SaveFile, save: SaveFile) -> Replay:
    """A witness save reveals its writer's link; the last witness also makes the rolls and
    carries the action out, unless it needs the actor (then they carry on themselves)."""
    where = save.where
    pending = prev.pending
    _require(pending is not None, "there is no request to answer", where)
    assert pending is not None
    order = witnesses(roles_of(save), pending["by"])
    request = pending["request"] or prev.sha256
    last = save.writer == order[-1]
    records = save.actions[0].get("dice", []) if save.actions else []
    _require(len(save.actions) == 1 and save.actions[0]["do"] == WITNESS,
             "a witness save holds exactly one witness action", where)
    passed_on = {**pending, "request": request}
    if not last:
        _require(not records and save.pending == passed_on,
                 "a witness save that is not the last passes the request on unchanged",
                 where)
        return Replay(copy_state(prev.state), [], [[]])
    replay = resolve_request(module, save.doc, prev.state, pending, request, where)
    if replay is None:
        _require(not records and save.pending == passed_on,
                 "the request goes back to its actor to carry on", where)
        return Replay(copy_state(prev.state), [], [[]])
    _require(save.pending is None, "the last witness makes the rolls: nothing stays pending",
             where)
    return replay


def resolve_request(module: GameModule, doc: dict[str, Any], state: State,
                    pending: dict[str, Any], request: str, where: str) -> Replay | None:
    """Carry out a pending action with the dice its witnesses' links give; ``None`` when
    only its actor can (it needs their secret, or contributions still to come)."""
    dice = _witnessed_dice(doc, {**pending, "request": request})
    state = copy_state(state)
    log = Log()
    action = pending["action"]
    seat = _verifier_seat(doc, pending["by"], state)
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


@dataclass
class Verdict:
    """What :func:`verify` established."""

    chain: list[SaveFile]
    mode: str
    over: bool
    lines: list[str] = field(default_factory=list)

    @property
    def table_dice(self) -> bool:
        return self.mode == "table"


def order_chain(target: SaveFile, others: Iterable[SaveFile]) -> list[SaveFile]:
    """The chain from the first save to ``target``, found among ``others`` by hash."""
    by_hash = {s.sha256: s for s in others}
    chain = [target]
    while chain[-1].previous is not None:
        current = chain[-1]
        prev = by_hash.get(current.previous)  # type: ignore[arg-type]
        if prev is None:
            raise IncompleteChain(
                f"cannot re-check from the first save: save {current.sequence - 1} "
                f"(sha256 {current.previous[:16]}...) is missing; pass earlier saves "
                f"or keep them beside this one", current.where)
        if prev.game_id != target.game_id:
            raise ChainError(f"the save before it belongs to another game ({prev.game_id[:8]})",
                             prev.where)
        chain.append(prev)
        if len(chain) > target.sequence + 1:
            raise ChainError("the chain of saves loops", target.where)
    chain.reverse()
    return chain


MODE_WORDS = {"witnessed": "witnessed dice (each roll answered by the other players)",
              "open": "open dice (each mover saw their own dice while composing)",
              "table": "TABLE DICE typed in by the players"}


def verify(target: SaveFile, others: Iterable[SaveFile], audit: bool = False) -> Verdict:
    """Check ``target`` and every save before it, re-applying all actions from setup; with
    ``audit``, also re-check every hidden step with the secrets the players opened at the
    end of the game."""
    chain = order_chain(target, others)
    with hidden_audit.collecting() as notes:
        module = check_first(chain[0])
        for prev, save in itertools.pairwise(chain):
            check_next(module, prev, save)
    verdict = Verdict(chain, target.dice_mode, target.due is None)
    count = f"{len(chain)} save{'s' if len(chain) != 1 else ''}"
    verdict.lines = [
        f"OK: {target.short()} ({module.title})",
        f"  {count} re-checked from the first: signatures, hash links, turn order,",
        "  every action re-applied and every position, log line and die reproduced",
        f"  dice: {MODE_WORDS[target.dice_mode]}",
    ]
    if audit:
        verdict.lines += _audit_lines(target, notes)
    if target.due is None:
        verdict.lines.append("  the game is over")
    else:
        verdict.lines.append(f"  next: {target.due['role']} - {target.due['text']}")
    return verdict


def _audit_lines(target: SaveFile, notes: list[Any]) -> list[str]:
    """The audit's verdict, or a refusal naming every player at fault."""
    hidden = hidden_model.of(target.state)
    if hidden is None:
        return ["  audit: this game has no sealed cards"]
    missing = [p["role"] for p in target.players if p["role"] not in hidden["openings"]]
    if missing:
        raise ChainError(f"the audit needs every player's opened secrets; {', '.join(missing)} "
                         f"has not opened them yet (the game's last saves ask for them)",
                         target.where)
    report = hidden_audit.audit(target.state, seating.anchors(target.doc), notes)
    if not report.ok:
        faults = "; ".join(str(finding) for finding in report.findings[:5])
        raise ChainError(f"the audit found hidden steps that do not hold: {faults}",
                         target.where)
    kinds = [type(n).__name__ for n in notes]
    decks = sum(1 for d in hidden["private"].values() if d["seed"] is not None)
    return [f"  audit: every hidden step re-checked with the opened secrets "
            f"({kinds.count('ShuffleEntry')} shuffle steps, {kinds.count('ShareEntry')} "
            f"decryption shares, {kinds.count('PassEntry')} passed cards, {decks} private "
            f"decks)"]
