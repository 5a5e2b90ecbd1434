"""The chain of saves: each save follows from the one before it, back to the first.

:func:`check_first` checks a game's first save; :func:`check_next` checks that a save
follows from its predecessor (same game and players, sequence plus one, hash link,
the writer was due, the writer's dice-chain link, and re-applying its actions to the
previous position gives exactly its position, log and dice). :func:`verify` walks a
whole chain from the first save.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from pbem import dice as dicemod
from pbem import gameplay, games
from pbem.engine import GameModule, Log, copy_state
from pbem.errors import ChainError, IllegalAction, IncompleteChain, NeedDice, PbemError
from pbem.savefile import SaveFile

JOIN = "join"
START = "start"


def roles_of(save: SaveFile) -> list[str]:
    return [str(p["role"]) for p in save.players]


def compute_due(module: GameModule, players: list[dict[str, Any]], dice_state: dict[str, Any],
                state: dict[str, Any]) -> dict[str, Any] | None:
    """Who must write the next save, and on what."""
    for player in players:
        if player["role"] not in dice_state["links"]:
            return {"role": player["role"], "step": JOIN,
                    "text": f"{player['name']} joins the game (pbem join)"}
    if dice_state["seed"] is None:
        creator = players[0]
        return {"role": creator["role"], "step": START,
                "text": f"{creator['name']} starts the game"}
    prompt = gameplay.prompt(module, state)
    if prompt is None:
        return None
    return {"role": prompt.role, "step": prompt.step, "text": prompt.text}


def dice_for(save_doc: dict[str, Any], roles: list[str], table: bool,
             records: list[dict[str, Any]] | None = None) -> Any:
    """The dice object of a save: from its chain key, or the recorded table dice."""
    if table:
        values = [int(r["d"]) for r in records or []]
        return dicemod.TableDice(values)
    state = save_doc["dice"]
    if state["seed"] is None:
        return dicemod.TableDice([])
    links = {role: state["links"][role]["link"] for role in roles}
    return dicemod.ChainDice(dicemod.save_key(state["seed"], save_doc["sequence"], links, roles))


@dataclass
class Replay:
    """The result of re-applying one save's actions."""

    state: dict[str, Any]
    log: list[str]
    records: list[list[dict[str, Any]]]
    due: dict[str, Any] | None


def run_actions(module: GameModule, doc: dict[str, Any], roles: list[str], table: bool,
                prev_state: dict[str, Any], actions: list[dict[str, Any]],
                where: str) -> Replay:
    """Re-apply ``actions`` to ``prev_state`` with the save's dice; refuse any illegal step."""
    state = copy_state(prev_state)
    log = Log()
    records: list[list[dict[str, Any]]] = []
    all_recorded = [roll for action in actions for roll in action.get("dice", [])]
    dice = dice_for(doc, roles, table, all_recorded)
    writer = doc["writer"]
    for index, action in enumerate(actions):
        before = len(dice.rolls)
        verb = action.get("do")
        try:
            if verb == JOIN:
                if index != 0 or len(actions) != 1:
                    raise IllegalAction("a join save holds only the join")
                name = next(p["name"] for p in doc["players"] if p["role"] == writer)
                log.heading(f"{name} joins the game as {module.role_label(writer)}")
            elif verb == START:
                if index != 0:
                    raise IllegalAction("the game starts with the first action of a save")
                log.heading("The game begins: every seed share is revealed")
                gameplay.start(module, state, dice, log)
            else:
                prompt = gameplay.prompt(module, state)
                if prompt is None:
                    raise IllegalAction("the game is over")
                if prompt.role != writer:
                    raise IllegalAction(f"{writer} acted but {prompt.role} was due "
                                        f"({prompt.text})")
                body = {k: v for k, v in action.items() if k != "dice"}
                gameplay.apply(module, state, writer, body, dice, log)
        except NeedDice as exc:
            raise ChainError(f"actions[{index}] ({verb}) needs more table dice than were "
                             f"recorded: {exc.purpose}", where) from None
        except IllegalAction as exc:
            raise ChainError(f"actions[{index}] ({verb}) is illegal: {exc.message}",
                             where) from None
        records.append([roll.record() for roll in dice.rolls[before:]])
    return Replay(state, log.lines(), records, None)


def _require(condition: bool, message: str, where: str) -> None:
    if not condition:
        raise ChainError(message, where)


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
    _require(save.writer == save.players[0]["role"], "the first save must be the creator's",
             where)
    try:
        options = module.options(len(save.players), save.game["options"])
    except PbemError as exc:
        raise ChainError(f"game options are not valid: {exc.message}", where) from None
    _require(options == save.game["options"], "game options are not in their checked form",
             where)
    _require(roles_of(save) == module.roles(options), "the players' roles do not match the game",
             where)
    dice_state = save.doc["dice"]
    creator = save.writer
    _require(set(dice_state["commits"]) == {creator} and not dice_state["shares"]
             and set(dice_state["links"]) == {creator}
             and dice_state["links"][creator]["used"] == 0 and dice_state["seed"] is None,
             "the first save must hold only the creator's commitments", where)
    _require(save.actions == [], "the first save holds no actions", where)
    try:
        expected = gameplay.opening(module, options, save.game["scenario"])
    except PbemError as exc:
        raise ChainError(f"cannot set the game up: {exc.message}", where) from None
    _require(expected == save.state, "the position is not the game's opening position", where)
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
                 and new["links"][writer]["used"] == 0 and writer in new["shares"],
                 "a join save must add the joiner's seed share and dice-chain tip", where)
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
    _require(others == {r: v for r, v in old["links"].items() if r != writer},
             "the save changed another player's dice-chain link", where)
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
    _require(save.game == prev.game and save.players == prev.players,
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
    actions = save.actions
    if step == JOIN:
        _require(actions == [{"do": JOIN}], "a join save holds exactly one join action", where)
    elif step == START:
        _require(bool(actions) and actions[0].get("do") == START,
                 "the start save begins with the start action", where)
    else:
        _require(all(a.get("do") not in (JOIN, START) for a in actions),
                 "join and start belong only at the beginning", where)
    roles = roles_of(save)
    replay = run_actions(module, save.doc, roles, save.table_dice, prev.state, actions, where)
    for index, (action, records) in enumerate(zip(actions, replay.records, strict=True)):
        _require(action.get("dice", []) == records,
                 f"actions[{index}]: recorded dice differ from the dice of this save "
                 f"(re-rolled or edited?)", where)
    _require(replay.state == save.state,
             "the position is not what the actions give (edited by hand?)", where)
    _require(replay.log == save.doc["log"], "the log is not what the actions give", where)
    replay.due = compute_due(module, save.players, save.doc["dice"], replay.state)
    _require(save.due == replay.due, "'due' does not name who must act next", where)
    return replay


@dataclass
class Verdict:
    """What :func:`verify` established."""

    chain: list[SaveFile]
    table_dice: bool
    over: bool
    lines: list[str] = field(default_factory=list)


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


def verify(target: SaveFile, others: Iterable[SaveFile]) -> Verdict:
    """Check ``target`` and every save before it, re-applying all actions from setup."""
    chain = order_chain(target, others)
    module = check_first(chain[0])
    for prev, save in itertools.pairwise(chain):
        check_next(module, prev, save)
    verdict = Verdict(chain, target.table_dice, target.due is None)
    mode = "TABLE DICE typed in by the players" if verdict.table_dice else "chain dice"
    verdict.lines = [
        f"OK: {target.short()} ({module.title})",
        f"  {len(chain)} saves re-checked from the first: signatures, hash links, turn order,",
        "  every action re-applied and every position, log line and die reproduced",
        f"  dice: {mode}",
    ]
    if target.due is None:
        verdict.lines.append("  the game is over")
    else:
        verdict.lines.append(f"  next: {target.due['role']} - {target.due['text']}")
    return verdict
