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
from pbem import gameplay, games
from pbem.engine import Action, GameModule, Log, Prompt, State, complete_action, copy_state
from pbem.errors import ChainError, IllegalAction, IncompleteChain, NeedDice, NeedWitness, PbemError
from pbem.savefile import SaveFile

JOIN = "join"
START = "start"
WITNESS = "witness"
ENGINE_VERBS = (JOIN, START, WITNESS)
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
    if dice_state["seed"] is None:
        creator = players[0]
        return {"role": creator["role"], "step": START,
                "text": f"{creator['name']} starts the game"}
    if pending is not None:
        order = witnesses([p["role"] for p in players], pending["by"])
        answered = order.index(writer) + 1 if writer in order else 0
        role = order[answered]
        return {"role": role, "step": WITNESS,
                "text": f"answer {names[pending['by']]}'s roll request "
                        f"({_first_roll(module, state, pending)})"}
    prompt = gameplay.prompt(module, state)
    if prompt is None:
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
                prev_state: State, actions: list[Action], where: str) -> Replay:
    """Re-apply ``actions`` to ``prev_state`` with the save's dice; refuse any illegal step."""
    holder = {"state": copy_state(prev_state)}
    log = Log()
    records: list[list[dict[str, Any]]] = []
    recorded = [roll for action in actions for roll in action.get("dice", [])]
    dice = dice_for(module, doc, roles, mode, recorded, lambda: holder["state"])
    writer = doc["writer"]
    for index, action in enumerate(actions):
        before = len(dice.rolls)
        verb = action["do"]
        state = holder["state"]
        try:
            if verb == START:
                if index != 0:
                    raise IllegalAction("the game starts with the first action of a save")
                log.heading("The game begins: every seed share is revealed")
                guard(where, "the game's opening", gameplay.start, module, state, dice, log)
            elif verb in ENGINE_VERBS:
                raise IllegalAction(f"'{verb}' is not a player's action here")
            else:
                prompt = _offered_to(module, state, writer)
                body = {k: v for k, v in action.items() if k != "dice"}
                if complete_action(prompt, body) != body:
                    raise IllegalAction("it is not written in its complete form (every "
                                        "argument, defaults included, nothing more)")
                guard(where, f"actions[{index}] ({verb})",
                      gameplay.apply, module, state, writer, body, dice, log)
        except NeedDice as exc:
            raise ChainError(f"actions[{index}] ({verb}) needs more table dice than were "
                             f"recorded: {exc.purpose}", where) from None
        except NeedWitness:
            raise ChainError(f"actions[{index}] ({verb}) rolls dice, so it must wait for a "
                             f"witness as this save's pending request", where) from None
        except IllegalAction as exc:
            raise ChainError(f"actions[{index}] ({verb}) is illegal: {exc.message}",
                             where) from None
        records.append([roll.record() for roll in dice.rolls[before:]])
    if mode == "table" and getattr(dice, "values", None):
        raise ChainError("more table dice were recorded than the actions rolled", where)
    return Replay(holder["state"], log.lines(), records)


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
    try:
        expected = guard(where, "setting the game up", gameplay.opening, module, options,
                         save.game["scenario"])
    except PbemError as exc:
        raise ChainError(f"cannot set the game up: {exc.message}", where) from None
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
    if step == JOIN:
        _require(save.actions == [{"do": JOIN}] and save.pending is None,
                 "a join save holds exactly one join action", where)
        name = prev.player(save.writer)["name"]
        replay = Replay(copy_state(prev.state),
                        [f"{name} joins the game as {module.role_label(save.writer)}"], [[]])
    elif step == WITNESS:
        replay = _check_witness(module, prev, save)
    else:
        actions = save.actions
        if step == START:
            starts = bool(actions) and actions[0]["do"] == START
            waits = save.pending is not None and save.pending["action"] == {"do": START}
            _require(starts != waits and (not waits or not actions),
                     "the start save begins with the start action (or, with witnessed dice, "
                     "asks for it as its only request)", where)
        replay = run_actions(module, save.doc, roles_of(save), save.dice_mode, prev.state,
                             actions, where)
        if save.pending is not None:
            _check_request(module, save, replay.state)
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
    _require(step in (JOIN, WITNESS) or save.pending is not None or replay.due is None
             or replay.due["role"] != save.writer,
             "the save stops while its writer still has to act; a save ends where another "
             "player must act", where)
    return replay


def _check_request(module: GameModule, save: SaveFile, state: State) -> None:
    """A request's pending action is legal, offered, and waits for its first roll."""
    where = save.where
    pending = save.pending
    assert pending is not None
    _require(save.dice_mode == "witnessed", "only witnessed games make roll requests", where)
    _require(pending["by"] == save.writer and pending["request"] is None,
             "a request is made by its writer", where)
    action = pending["action"]
    try:
        if action["do"] != START:
            prompt = _offered_to(module, state, save.writer)
            if complete_action(prompt, action) != action:
                raise IllegalAction("it is not written in its complete form")
        guard(where, "the pending action", _try, module, state, pending)
    except NeedWitness:
        return
    except IllegalAction as exc:
        raise ChainError(f"the pending action is illegal: {exc.message}", where) from None
    raise ChainError("the pending action rolls no dice; it should have been applied", where)


def _try(module: GameModule, state: State, pending: dict[str, Any]) -> None:
    scratch = copy_state(state)
    if pending["action"]["do"] == START:
        gameplay.start(module, scratch, dicemod.WitnessDice(), Log())
    else:
        gameplay.apply(module, scratch, pending["by"], pending["action"], dicemod.WitnessDice(),
                       Log())


def _check_witness(module: GameModule, prev: SaveFile, save: SaveFile) -> Replay:
    """A witness save reveals its writer's link; the last witness also makes the rolls."""
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
    if not last:
        _require(not records and save.pending == {**pending, "request": request},
                 "a witness save that is not the last passes the request on unchanged",
                 where)
        return Replay(copy_state(prev.state), [], [[]])
    _require(save.pending is None, "the last witness makes the rolls: nothing stays pending",
             where)
    replay = resolve_request(module, save.doc, prev.state, pending, request, where)
    return replay


def resolve_request(module: GameModule, doc: dict[str, Any], state: State,
                    pending: dict[str, Any], request: str, where: str) -> Replay:
    """Carry out a pending action with the dice its witnesses' links give."""
    roles = [p["role"] for p in doc["players"]]
    order = witnesses(roles, pending["by"])
    links = doc["dice"]["links"]
    key = dicemod.witness_key(doc["dice"]["seed"], request, links[pending["by"]]["link"],
                              {r: links[r]["link"] for r in order}, order)
    dice = dicemod.ChainDice(key)
    state = copy_state(state)
    log = Log()
    action = pending["action"]
    try:
        if action["do"] == START:
            log.heading("The game begins: every seed share is revealed")
            guard(where, "the game's opening", gameplay.start, module, state, dice, log)
        else:
            guard(where, "the pending action", gameplay.apply, module, state, pending["by"],
                  action, dice, log)
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


def verify(target: SaveFile, others: Iterable[SaveFile]) -> Verdict:
    """Check ``target`` and every save before it, re-applying all actions from setup."""
    chain = order_chain(target, others)
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
    if target.due is None:
        verdict.lines.append("  the game is over")
    else:
        verdict.lines.append(f"  next: {target.due['role']} - {target.due['text']}")
    return verdict
