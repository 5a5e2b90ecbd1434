"""Making saves: a new game, joining it, and composing the next save action by action.

:class:`Composer` is what the CLI's ``apply`` and the TUI drive: it offers the engine's
prompt, applies actions on a copy (an illegal one changes nothing), keeps the dice and
the log, allows undo until dice are rolled, and finally writes the signed save.
"""

from __future__ import annotations

import copy
import datetime as dt
import secrets
from collections.abc import Mapping
from typing import Any

from pbem import dice as dicemod
from pbem import gameplay, games
from pbem.chain import JOIN, START, compute_due, dice_for, roles_of
from pbem.engine import Action, ActionSpec, GameModule, Log, Prompt, copy_state
from pbem.errors import IllegalAction, NotYourTurn, UsageError
from pbem.identity import Identity, LocalIdentity
from pbem.savefile import FORMAT, SaveFile, parse, render


def now_utc() -> str:
    """Wall-clock time for metadata only (tests freeze it)."""
    return dt.datetime.now(dt.UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")


def _seal(doc: dict[str, Any], key: Any, summary: list[str], where: str) -> SaveFile:
    raw = render(doc, key, summary)
    return parse(raw, where)


def new_game(kind: str, creator: LocalIdentity, opponents: list[Identity],
             options: Mapping[str, Any] | None = None,
             scenario: Mapping[str, Any] | None = None, table_dice: bool = False,
             game_id: str | None = None) -> SaveFile:
    """The first save of a new game, with the creator's dice commitments."""
    module = games.get(kind)
    players_count = 1 + len(opponents)
    if not module.min_players <= players_count <= module.max_players:
        raise UsageError(f"{module.title} takes {module.min_players} to {module.max_players} "
                         f"players, not {players_count}")
    keys = [creator.key.public.line, *(o.public.line for o in opponents)]
    if len(set(keys)) != len(keys):
        raise UsageError("every player needs a different key")
    names = [creator.name, *(o.name for o in opponents)]
    if len(set(names)) != len(names):
        raise UsageError("every player needs a different name")
    checked = module.options(players_count, dict(options or {}))
    roles = module.roles(checked)
    game_id = game_id or secrets.token_hex(16)
    players = [{"role": role, "name": name, "key": key}
               for role, name, key in zip(roles, names, keys, strict=True)]
    creator_role = roles[0]
    share = dicemod.seed_share(creator.key, game_id, creator_role)
    dice_state = {
        "commits": {creator_role: dicemod.commit(share)},
        "shares": {},
        "links": {creator_role: {"used": 0, "link": dicemod.chain_link(
            creator.key, game_id, creator_role, 0)}},
        "seed": None,
    }
    state = gameplay.opening(module, checked, dict(scenario) if scenario is not None else None)
    doc: dict[str, Any] = {
        "format": FORMAT,
        "game": {"id": game_id, "kind": module.kind, "version": module.version,
                 "title": module.title, "options": checked,
                 "scenario": dict(scenario) if scenario is not None else None,
                 "dice": "table" if table_dice else "chain", "created": now_utc()},
        "players": players,
        "sequence": 0,
        "writer": creator_role,
        "written": now_utc(),
        "previous": None,
        "due": compute_due(module, players, dice_state, state),
        "dice": dice_state,
        "actions": [],
        "log": [],
        "state": state,
    }
    summary = [f"{p['name']} plays {module.role_label(p['role'])}" for p in players]
    return _seal(doc, creator.key, summary, "new game")


def _role_for(prev: SaveFile, me: LocalIdentity) -> str:
    role = prev.role_of(me.key.public)
    if role is None:
        raise NotYourTurn(f"{me.name}'s key is not one of this game's players; the save can "
                          f"be reviewed but not played", where=prev.where)
    due = prev.due
    if due is None:
        raise IllegalAction("the game is over; nothing more can be played", where=prev.where)
    if due["role"] != role:
        owner = prev.player(due["role"])["name"]
        raise NotYourTurn(f"this save is addressed to {owner} ({due['role']}: {due['text']}); "
                          f"you play {role}. It can be reviewed but not played",
                          where=prev.where)
    return role


def join(prev: SaveFile, me: LocalIdentity) -> SaveFile:
    """The joiner's answer to a new game: their seed share and dice-chain tip."""
    role = _role_for(prev, me)
    if prev.due is None or prev.due["step"] != JOIN:
        raise UsageError("this game does not wait for anyone to join", prev.where)
    module = games.get(prev.kind)
    dice_state = copy.deepcopy(prev.doc["dice"])
    dice_state["shares"][role] = dicemod.seed_share(me.key, prev.game_id, role)
    dice_state["links"][role] = {"used": 0,
                                 "link": dicemod.chain_link(me.key, prev.game_id, role, 0)}
    log = Log()
    log.heading(f"{me.name} joins the game as {module.role_label(role)}")
    doc = _next_doc(prev, role, dice_state, [{"do": JOIN}], log.lines(), prev.state, module)
    return _seal(doc, me.key, [f"{me.name} joined"], "join")


def _next_doc(prev: SaveFile, role: str, dice_state: dict[str, Any], actions: list[Action],
              log: list[str], state: dict[str, Any], module: GameModule) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "game": prev.game,
        "players": prev.players,
        "sequence": prev.sequence + 1,
        "writer": role,
        "written": now_utc(),
        "previous": prev.sha256,
        "due": compute_due(module, prev.players, dice_state, state),
        "dice": dice_state,
        "actions": actions,
        "log": log,
        "state": state,
    }


class Composer:
    """Builds the next save from ``prev`` for the player ``me`` who is due."""

    def __init__(self, prev: SaveFile, me: LocalIdentity) -> None:
        self.prev = prev
        self.me = me
        self.role = _role_for(prev, me)
        self.module = games.get(prev.kind)
        due = prev.due
        assert due is not None
        if due["step"] == JOIN:
            raise UsageError("this game waits for you to join it: use pbem join", prev.where)
        self.roles = roles_of(prev)
        dice_state = copy.deepcopy(prev.doc["dice"])
        used = dice_state["links"][self.role]["used"] + 1
        dice_state["links"][self.role] = {
            "used": used, "link": dicemod.chain_link(me.key, prev.game_id, self.role, used)}
        self.starting = due["step"] == START
        if self.starting:
            shares = dice_state["shares"]
            shares[self.role] = dicemod.seed_share(me.key, prev.game_id, self.role)
            dice_state["seed"] = dicemod.game_seed(prev.game_id, [shares[r] for r in self.roles])
        self.dice_state = dice_state
        self.table = prev.table_dice
        self._doc_stub = {"sequence": prev.sequence + 1, "dice": dice_state,
                          "writer": self.role}
        self._reset()

    def _reset(self) -> None:
        self.state = copy_state(self.prev.state)
        self.log = Log()
        self.actions: list[Action] = []
        self.dice = dice_for(self._doc_stub, self.roles, self.table, [])
        self.pending_start = self.starting
        if self.starting and not self.table:
            self._start([])

    def _start(self, values: list[int]) -> None:
        """The opening: reveal the seed and let the game make its opening rolls."""
        saved_state, saved_dice = copy_state(self.state), self.dice.snapshot()
        if self.table:
            self.dice.values.extend(values)
        try:
            self.log.heading("The game begins: every seed share is revealed")
            gameplay.start(self.module, self.state, self.dice, self.log)
            if self.table and self.dice.values:
                raise IllegalAction("more table dice were given than the opening rolls")
        except BaseException:
            self.state = saved_state
            self.dice.restore(saved_dice)
            self.log = Log()
            raise
        self.actions.append(self._record({"do": START}, 0))
        self.pending_start = False

    def _record(self, action: Action, before: int) -> Action:
        record = {k: v for k, v in action.items() if k != "dice"}
        rolls = self.dice.rolls[before:]
        if rolls:
            record["dice"] = [roll.record() for roll in rolls]
        return record

    # ------------------------------------------------------------------ queries

    def prompt(self) -> Prompt | None:
        if self.pending_start:
            return Prompt(self.role, START, "roll the opening dice at the table and type them in",
                          (ActionSpec(START, "Start the game"),))
        return gameplay.prompt(self.module, self.state)

    def my_move(self) -> bool:
        """True while the prompt is addressed to this player."""
        prompt = self.prompt()
        return prompt is not None and prompt.role == self.role

    def due(self) -> dict[str, Any] | None:
        return compute_due(self.module, self.prev.players, self.dice_state, self.state)

    # ------------------------------------------------------------------ acting

    def act(self, action: Action) -> list[str]:
        """Apply one action; return the new log lines. A refused action changes nothing."""
        if not isinstance(action, dict) or not isinstance(action.get("do"), str):
            raise IllegalAction("an action is a mapping with 'do: VERB'")
        if action["do"] == START and self.pending_start:
            given = action.get("dice", [])
            if not isinstance(given, list):
                raise IllegalAction("table dice are given as a list: dice: [3, 5]")
            self._start(list(given))
            return self.log.lines()
        if action["do"] in (JOIN, START):
            raise IllegalAction(f"'{action['do']}' is done by pbem itself")
        prompt = self.prompt()
        if prompt is None:
            raise IllegalAction("the game is over")
        if prompt.role != self.role:
            owner = self.prev.player(prompt.role)["name"]
            raise NotYourTurn(f"{owner} ({prompt.role}) must act now: {prompt.text}; finish "
                              f"this save and send it to them")
        saved_state = copy_state(self.state)
        saved_dice = self.dice.snapshot()
        log_mark = len(self.log.entries)
        before = len(self.dice.rolls)
        body = {k: v for k, v in action.items() if k != "dice"}
        if self.table:
            given = action.get("dice", [])
            if not isinstance(given, list):
                raise IllegalAction("table dice are given as a list: dice: [3, 5]")
            self.dice.values.extend(given)
        try:
            gameplay.apply(self.module, self.state, self.role, body, self.dice, self.log)
            if self.table and self.dice.values:
                raise IllegalAction(f"{len(self.dice.values)} more table dice were given than "
                                    f"this action rolls")
        except BaseException:
            self.state = saved_state
            self.dice.restore(saved_dice)
            del self.log.entries[log_mark:]
            raise
        self.actions.append(self._record(body, before))
        return [entry.render() for entry in self.log.entries[log_mark:]]

    def can_undo(self) -> tuple[bool, str]:
        player_actions = [a for a in self.actions if a["do"] != START]
        if not player_actions:
            return False, "nothing to undo"
        if player_actions[-1].get("dice"):
            return False, "dice were rolled for the last action; it stands"
        return True, ""

    def undo(self) -> Action:
        """Take back the last action if it rolled no dice."""
        ok, reason = self.can_undo()
        if not ok:
            raise IllegalAction(f"cannot undo: {reason}")
        kept = [a for a in self.actions if a["do"] != START][:-1]
        start = [a for a in self.actions if a["do"] == START]
        undone = self.actions[-1]
        self._reset()
        if start and self.pending_start:
            self._start([r["d"] for r in start[0].get("dice", [])])
        for action in kept:
            values = [r["d"] for r in action.get("dice", [])]
            self.act({**action, "dice": values} if self.table else action)
        return undone

    def log_lines(self) -> list[str]:
        return self.log.lines()

    def finish(self) -> SaveFile:
        """Sign and return the next save (write it with :func:`pbem.savefile.write`)."""
        if self.pending_start:
            raise IllegalAction("the game has not started: give the opening dice first")
        if not [a for a in self.actions if a["do"] != START] and not self.starting:
            raise IllegalAction("no action taken yet: nothing to save")
        doc = _next_doc(self.prev, self.role, self.dice_state, self.actions, self.log_lines(),
                        self.state, self.module)
        due = doc["due"]
        summary = [line for line in self.log_lines() if not line.startswith(" ")][:8]
        if due is None:
            summary.append("the game is over")
        else:
            owner = self.prev.player(due["role"])["name"]
            summary.append(f"next: {owner} ({due['role']}) - {due['text']}")
        return _seal(doc, self.me.key, summary, "new save")
