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
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from pbem import (
    claims,
    gamedata,
    gameplay,
    games,
    hand_over,
    passes_ahead,
    seats,
    witness_answers,
)
from pbem import dice as dicemod
from pbem.engine import GameModule, State, copy_state
from pbem.errors import (
    ChainError,
    IncompleteChain,
    PbemError,
)
from pbem.hidden_cards import audit as hidden_audit
from pbem.hidden_cards import model as hidden_model
from pbem.hidden_cards import obligations, seating
from pbem.replaying import run_actions
from pbem.requests import check_request, check_witness, resolve_request
from pbem.savefile import SaveFile
from pbem.steps import (
    ANSWERS,
    AUDIT,
    CARRY_ON,
    CLAIM,
    ENGINE_VERBS,
    JOIN,
    MACHINE_STEPS,
    SEAL,
    SHARE,
    SHUFFLE,
    START,
    UNSEAL,
    WITNESS,
    Replay,
    compute_due,
    guard,
    require,
    roles_of,
    same,
    witnessed_dice,
    witnesses,
)

__all__ = ["ANSWERS", "AUDIT", "CARRY_ON", "ENGINE_VERBS", "JOIN", "MACHINE_STEPS", "SEAL",
           "SHARE", "SHUFFLE", "START", "UNSEAL", "WITNESS", "Replay", "Verdict", "check_first",
           "check_next", "compute_due", "order_chain", "resolve_request", "roles_of",
           "run_actions", "verify", "witnesses"]


def check_first(save: SaveFile) -> GameModule:
    """Check that ``save`` is a valid first save of a game; return its game module."""
    where = save.where
    try:
        module = games.get(save.kind)
    except PbemError as exc:
        raise ChainError(exc.message, where) from None
    require(save.sequence == 0 and save.previous is None,
             f"this is save {save.sequence}, not the first save of the game", where)
    require(save.game["version"] == module.version,
             f"written for {save.kind} version {save.game['version']}; this pbem plays "
             f"version {module.version}", where)
    require(save.game["title"] == module.title, "the game's title is not the game's", where)
    gamedata.check_builtin(module, save.game, where)
    require(save.writer == save.players[0]["role"], "the first save must be the creator's",
             where)
    gamedata.accept(module, save.game["options"], save.doc["data"], where)
    try:
        options = guard(where, "the game's options", module.options, len(save.players),
                        save.game["options"])
    except PbemError as exc:
        raise ChainError(f"game options are not valid: {exc.message}", where) from None
    require(same(options, save.game["options"]), "game options are not in their checked form",
             where)
    require(roles_of(save) == module.roles(options), "the players' roles do not match the game",
             where)
    dice_state = save.doc["dice"]
    creator = save.writer
    require(set(dice_state["salts"]) == {creator} and set(dice_state["commits"]) == {creator}
             and not dice_state["shares"]
             and set(dice_state["links"]) == {creator}
             and dice_state["links"][creator]["used"] == 0 and dice_state["seed"] is None,
             "the first save must hold only the creator's commitments", where)
    require(save.actions == [] and save.pending is None and save.doc["log"] == [],
             "the first save holds no actions", where)
    if not module.uses_secrets:
        require(save.doc["contributions"] is None, "this game has no hidden cards", where)
    try:
        expected = guard(where, "setting the game up", gameplay.opening, module, options,
                         save.game["scenario"],
                         gameplay.sealed_for(save.dice_mode, save.game["scenario"]))
    except PbemError as exc:
        raise ChainError(f"cannot set the game up: {exc.message}", where) from None
    _contributions(save, expected, save.writer)
    require(same(expected, save.state), "the position is not the game's opening position",
             where)
    require(save.due == compute_due(module, save.players, dice_state, save.state),
             "'due' does not name who must act next", where)
    return module


def _check_dice_step(prev: SaveFile, save: SaveFile, step: str,
                     answered: dict[str, Any] | None = None) -> None:
    """The dice section follows: the writer's next link (and, carrying on after answers
    given side by side, each witness's answered link), nothing else changed."""
    where = save.where
    old, new = prev.doc["dice"], save.doc["dice"]
    if answered:
        old = witness_answers.with_answers(old, answered)
    writer = save.writer
    require(new["commits"] == old["commits"], "dice commitments changed", where)
    if step == CLAIM:  # a claim reveals no link of its writer (it may lose to an answer)
        require(same(new, old), "a claim changes no dice but the answers it carries", where)
        return
    if step == JOIN:
        require(writer not in old["links"] and writer in new["links"]
                 and new["links"][writer]["used"] == 0 and writer in new["shares"]
                 and writer in new["salts"] and writer not in old["salts"]
                 and {r: v for r, v in new["salts"].items() if r != writer} == old["salts"],
                 "a join save must add the joiner's salt, seed share and dice-chain tip", where)
        rest_links = {r: v for r, v in new["links"].items() if r != writer}
        rest_shares = {r: v for r, v in new["shares"].items() if r != writer}
        require(rest_links == old["links"] and rest_shares == old["shares"]
                 and new["seed"] is None, "a join save changed other players' dice", where)
        return
    old_link, new_link = old["links"][writer], new["links"].get(writer)
    require(new_link is not None and new_link["used"] == old_link["used"] + 1
             and dicemod.link_follows(new_link["link"], old_link["link"]),
             f"the writer's dice-chain link does not follow the last one revealed by {writer}",
             where)
    others = {r: v for r, v in new["links"].items() if r != writer}
    require(others == {r: v for r, v in old["links"].items() if r != writer}
             and new["salts"] == old["salts"],
             "the save changed another player's dice-chain link or salt", where)
    if step == START:
        roles = roles_of(save)
        require(set(new["shares"]) == set(roles), "the start must reveal every seed share",
                 where)
        require({r: v for r, v in new["shares"].items() if r != writer} == old["shares"],
                 "the start changed another player's seed share", where)
        require(dicemod.commit(new["shares"][writer]) == new["commits"][writer],
                 "the creator's seed share does not match its commitment", where)
        seed = dicemod.game_seed(save.game_id, [new["shares"][r] for r in roles])
        require(new["seed"] == seed, "the seed is not the one the shares give", where)
    else:
        require(new["shares"] == old["shares"] and new["seed"] == old["seed"],
                 "the seed changed after the start", where)


def check_next(module: GameModule, prev: SaveFile, save: SaveFile) -> Replay:
    """Check that ``save`` follows from the already-checked ``prev``."""
    where = save.where
    require(save.game_id == prev.game_id,
             f"belongs to game {save.game_id[:8]}, not {prev.game_id[:8]}", where)
    handing = bool(save.actions) and save.actions[0].get("do") == seats.SEAT
    require(same(save.game, prev.game) and (handing or same(save.players, prev.players)),
             "the game's fixed details (options, players, keys) changed", where)
    gamedata.check_builtin(module, save.game, where)
    require(save.previous == prev.sha256,
             f"its previous-save hash does not match save {prev.sequence}", where)
    require(save.sequence == prev.sequence + 1,
             f"sequence {save.sequence} does not follow {prev.sequence}", where)
    due = prev.due
    require(due is not None, "the game was already over", where)
    assert due is not None
    gamedata.ready(module, save.game["options"], where)
    if handing:
        return hand_over.check(module, prev, save)
    claiming = claims.is_claim(save)
    folded = [] if claiming else passes_ahead.carried(module, prev, save.actions, where)
    require(claiming or bool(folded) or save.writer == due["role"],
             f"written by {save.writer}, but {due['role']} was due ({due['text']})", where)
    step = CLAIM if claiming else due["step"]
    answered = claims.check(prev, save) if claiming else _answers_of(prev, save, step)
    _check_dice_step(prev, save, step, answered)
    if step == JOIN:
        require(save.actions == [{"do": JOIN}] and save.pending is None,
                 "a join save holds exactly one join action", where)
        name = prev.player(save.writer)["name"]
        replay = Replay(copy_state(prev.state),
                        [f"{name} joins the game as {module.role_label(save.writer)}"], [[]])
    elif step in (SHUFFLE, AUDIT, SHARE):
        require(save.actions == [{"do": step}] and save.pending is None,
                 f"a {step} save holds exactly one {step} action", where)
        replay = Replay(copy_state(prev.state), [], [[]])
    elif step == WITNESS:
        replay = check_witness(module, prev, save)
    else:
        actions = save.actions
        first_dice = None
        if step == START:
            starts = bool(actions) and actions[0]["do"] == START
            waits = save.pending is not None and save.pending["action"] == {"do": START}
            require(starts != waits and (not waits or not actions),
                     "the start save begins with the start action (or, with witnessed dice, "
                     "asks for it as its only request)", where)
        if step in (CARRY_ON, ANSWERS):
            pending = prev.pending
            require(pending is not None and bool(actions)
                     and {k: v for k, v in actions[0].items()
                          if k not in ("dice", "reveals", "answers")} == pending["action"],
                     "carrying on, the save begins with the action that waited", where)
            assert pending is not None
            if answered is not None:
                dice_doc = {**prev.doc, "dice": witness_answers.with_answers(
                    prev.doc["dice"], answered)}
                first_dice = witnessed_dice(dice_doc, {**pending, "request": prev.sha256})
            else:
                first_dice = witnessed_dice(prev.doc, pending)
        replay = run_actions(module, save.doc, roles_of(save), save.dice_mode, prev.state,
                             actions, where, first_dice)
        if save.pending is not None:
            check_request(module, save, replay.state)
    _contributions(save, replay.state, save.writer, auditing=step == AUDIT)
    for index, (action, records) in enumerate(zip(save.actions, replay.records, strict=True)):
        require(action.get("dice", []) == records,
                 f"actions[{index}]: recorded dice differ from the dice of this save "
                 f"(re-rolled or edited?)", where)
    require(same(replay.state, save.state),
             "the position is not what the actions give (edited by hand?)", where)
    require(replay.log == save.doc["log"], "the log is not what the actions give", where)
    replay.due = guard(where, "working out who is next", compute_due, module, save.players,
                       save.doc["dice"], replay.state, save.pending, save.writer)
    require(save.due == replay.due, "'due' does not name who must act next", where)
    require(save.pending is not None or not gameplay.needs_defaults(module, replay.state),
             "the save stops where an absent seat must decide: its defaults come next", where)
    require(step in MACHINE_STEPS or step == CLAIM or save.pending is not None
             or replay.due is None
             or replay.due["role"] != save.writer or replay.due["step"] in MACHINE_STEPS
             or _folded_for_others(module, save, replay.state),
             "the save stops while its writer still has to act; a save ends where another "
             "player must act", where)
    return replay


def _folded_for_others(module: GameModule, save: SaveFile, state: State) -> bool:
    """Whether ``save`` leaves its writer asked a question every player asked answers side
    by side (her answer too is given ahead, to this save)."""
    prompt = gameplay.prompt(module, state)
    return prompt is not None and prompt.role == save.writer and bool(prompt.ahead) \
        and passes_ahead.kind_of(prompt) != passes_ahead.PASS["do"]


def _answers_of(prev: SaveFile, save: SaveFile, step: str) -> dict[str, Any] | None:
    """The witnesses' answers a save carrying on after a request answered side by side
    holds in its first action, each checked; ``None`` for any other save, which must hold
    none."""
    where = save.where
    if step != ANSWERS:
        require(all("answers" not in action for action in save.actions),
                 "only the save carrying on after answers given side by side holds answers",
                 where)
        return None
    require(bool(save.actions) and all("answers" not in a for a in save.actions[1:]),
             "carrying on, the save begins with the action that waited, holding the "
             "answers", where)
    return witness_answers.carried(prev, save.actions[0], where)


def _contributions(save: SaveFile, state: State, writer: str, auditing: bool = False) -> None:
    """What the writer owed the others at the end of the save: exactly given, each valid."""
    hidden = hidden_model.of(state)
    given = save.doc["contributions"]
    if hidden is None:
        require(given is None, "contributions in a game without sealed cards", save.where)
        return
    module = games.get(save.kind)
    try:
        obligations.check(hidden, given, seating.seat(save.doc, writer), save.where, auditing,
                          lambda sender, to: module.may_note(state, sender, to))
    except (PbemError, ValueError, KeyError, TypeError) as exc:
        message = exc.message if isinstance(exc, PbemError) else type(exc).__name__
        raise ChainError(f"contributions: {message}", save.where) from None


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
            f"decryption shares, {kinds.count('PassEntry')} passed cards, "
            f"{kinds.count('ShowEntry')} shares shown, {decks} private decks)"]
