"""Making saves: a new game, joining it, answering a roll request, and composing a turn.

:class:`Composer` is what the CLI's ``apply`` and the TUI drive: it offers the engine's
prompt, applies actions on a copy (an illegal one changes nothing), keeps the dice and
the log, allows undo until dice are rolled, and finally writes the signed save — at a
hand-over, at the end of the game, or (witnessed dice) at an action that must wait for
its dice. :func:`witness` writes the answer to such a request; it needs no decision.
"""

from __future__ import annotations

import copy
import datetime as dt
import secrets
from collections.abc import Mapping
from typing import Any

from pbem import chain, gamedata, gameplay, games
from pbem import dice as dicemod
from pbem.chain import AUDIT, CARRY_ON, JOIN, SHUFFLE, START, WITNESS, compute_due, roles_of
from pbem.engine import Action, ActionSpec, GameModule, Log, Prompt, complete_action, copy_state
from pbem.errors import IllegalAction, NeedWitness, NotYourTurn, UsageError
from pbem.hidden_cards import model as hidden_model
from pbem.hidden_cards import notes as notes_mod
from pbem.hidden_cards import obligations, sealing, seating
from pbem.identity import Identity, LocalIdentity
from pbem.save_schema import DICE_MODES, FORMAT, canonical_action
from pbem.savefile import SaveFile, parse, render


def now_utc() -> str:
    """Wall-clock time for metadata only (tests freeze it)."""
    return dt.datetime.now(dt.UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")


def _seal(doc: dict[str, Any], key: Any, where: str) -> SaveFile:
    return parse(render(doc, key), where)


def anchor_of(save: SaveFile, role: str) -> str:
    """What ``role``'s seed share and dice chain are derived from in this game."""
    return dicemod.anchor(save.game, save.players, save.doc["dice"]["salts"][role])


def new_game(kind: str, creator: LocalIdentity, opponents: list[Identity],
             options: Mapping[str, Any] | None = None,
             scenario: Mapping[str, Any] | None = None, dice: str | bool = "open",
             game_id: str | None = None, salt: str | None = None,
             table_dice: bool = False) -> SaveFile:
    """The first save of a new game, with the creator's dice commitments. (``salt`` is
    random unless given: only to rebuild a recorded game byte for byte.)"""
    module = games.get(kind)
    if isinstance(dice, bool):  # the older spelling: True for table dice
        dice = "table" if dice else "open"
    if table_dice:
        dice = "table"
    if dice not in DICE_MODES:
        raise UsageError(f"dice must be one of {', '.join(DICE_MODES)}, not {dice!r}")
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
    players = [{"role": role, "name": name, "key": key}
               for role, name, key in zip(roles, names, keys, strict=True)]
    game = {"id": game_id or secrets.token_hex(16), "kind": module.kind,
            "version": module.version, "title": module.title, "options": checked,
            "scenario": dict(scenario) if scenario is not None else None,
            "dice": dice, "created": now_utc()}
    creator_role = roles[0]
    salt = salt or secrets.token_hex(16)
    root = dicemod.anchor(game, players, salt)
    share = dicemod.seed_share(creator.key, root, creator_role)
    dice_state = {
        "salts": {creator_role: salt},
        "commits": {creator_role: dicemod.commit(share)},
        "shares": {},
        "links": {creator_role: {"used": 0, "link": dicemod.chain_link(
            creator.key, root, creator_role, 0)}},
        "seed": None,
    }
    state = gameplay.opening(module, checked, game["scenario"],
                             gameplay.sealed_for(dice, game["scenario"]))
    doc: dict[str, Any] = {
        "format": FORMAT, "game": game, "players": players, "sequence": 0,
        "writer": creator_role, "written": now_utc(), "previous": None, "due": None,
        "dice": dice_state, "actions": [], "pending": None, "contributions": None, "log": [],
        "state": state, "data": gamedata.embed(module, checked),
    }
    doc["contributions"] = _contribute(doc, creator, creator_role, state)
    doc["due"] = compute_due(module, players, dice_state, state)
    return _seal(doc, creator.key, "new game")


def _contribute(doc: dict[str, Any], me: LocalIdentity, role: str, state: dict[str, Any],
                auditing: bool = False, seat: Any = None) -> dict[str, Any] | None:
    """What ``me`` owes the other players at the end of this save (hidden cards)."""
    data = hidden_model.of(state)
    if data is None:
        return None
    seat = seat or seating.seat(doc, role, me.key)
    return obligations.fulfil(data, seat, auditing)


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


def join(prev: SaveFile, me: LocalIdentity, salt: str | None = None) -> SaveFile:
    """The joiner's answer to a new game: their salt, seed share and dice-chain tip."""
    role = _role_for(prev, me)
    if prev.due is None or prev.due["step"] != JOIN:
        raise UsageError("this game does not wait for anyone to join", prev.where)
    module = games.get(prev.kind)
    dice_state = copy.deepcopy(prev.doc["dice"])
    salt = salt or secrets.token_hex(16)
    dice_state["salts"][role] = salt
    root = dicemod.anchor(prev.game, prev.players, salt)
    dice_state["shares"][role] = dicemod.seed_share(me.key, root, role)
    dice_state["links"][role] = {"used": 0, "link": dicemod.chain_link(me.key, root, role, 0)}
    name = prev.player(role)["name"]
    line = f"{name} joins the game as {module.role_label(role)}"
    state = copy_state(prev.state)
    doc = _next_doc(prev, role, dice_state, [{"do": JOIN}], [line], state, module,
                    contributions=_contribute({**prev.doc, "dice": dice_state}, me, role, state))
    return _seal(doc, me.key, "join")


def _advance_link(prev: SaveFile, me: LocalIdentity, role: str) -> dict[str, Any]:
    dice_state = copy.deepcopy(prev.doc["dice"])
    used = dice_state["links"][role]["used"] + 1
    dice_state["links"][role] = {
        "used": used, "link": dicemod.chain_link(me.key, anchor_of(prev, role), role, used)}
    return dice_state


def witness(prev: SaveFile, me: LocalIdentity) -> SaveFile:
    """Answer a request: reveal this player's next link (and give what they owe); the last
    witness also makes the rolls and carries the game on to the next decision. No choice
    is involved."""
    role = _role_for(prev, me)
    pending = prev.pending
    if prev.due is None or prev.due["step"] != WITNESS or pending is None:
        raise UsageError("this save does not ask for a witness", prev.where)
    module = games.get(prev.kind)
    gamedata.ready(module, prev.game["options"], prev.where)
    dice_state = _advance_link(prev, me, role)
    stub = {**prev.doc, "dice": dice_state}
    order = chain.witnesses(roles_of(prev), pending["by"])
    request = pending["request"] or prev.sha256
    passed_on = {**pending, "request": request}
    replay = None
    if role == order[-1]:
        replay = chain.resolve_request(module, stub, prev.state, pending, request, prev.where)
    if replay is None:
        state = copy_state(prev.state)
        made = _contribute(stub, me, role, state)
        doc = _next_doc(prev, role, dice_state, [{"do": WITNESS}], [], state, module,
                        passed_on, made)
        return _seal(doc, me.key, "witness")
    action: Action = {"do": WITNESS}
    if replay.records[0]:
        action["dice"] = replay.records[0]
    made = _contribute(stub, me, role, replay.state)
    doc = _next_doc(prev, role, dice_state, [action], replay.log, replay.state, module,
                    contributions=made)
    return _seal(doc, me.key, "witness")


def machine(prev: SaveFile, me: LocalIdentity) -> SaveFile:
    """A save that only gives what this player's pbem owes: their step of a joint shuffle,
    or their opened secrets for the audit."""
    role = _role_for(prev, me)
    step = prev.due["step"] if prev.due else None
    if step not in (SHUFFLE, AUDIT):
        raise UsageError("this save does not ask for a shuffle or the audit", prev.where)
    module = games.get(prev.kind)
    gamedata.ready(module, prev.game["options"], prev.where)
    dice_state = _advance_link(prev, me, role)
    state = copy_state(prev.state)
    made = _contribute({**prev.doc, "dice": dice_state}, me, role, state,
                       auditing=step == AUDIT)
    doc = _next_doc(prev, role, dice_state, [{"do": step}], [], state, module,
                    contributions=made)
    return _seal(doc, me.key, step)


def _next_doc(prev: SaveFile, role: str, dice_state: dict[str, Any], actions: list[Action],
              log: list[str], state: dict[str, Any], module: GameModule,
              pending: dict[str, Any] | None = None,
              contributions: dict[str, Any] | None = None) -> dict[str, Any]:
    return {
        "format": FORMAT, "game": prev.game, "players": prev.players,
        "sequence": prev.sequence + 1, "writer": role, "written": now_utc(),
        "previous": prev.sha256,
        "due": compute_due(module, prev.players, dice_state, state, pending, role),
        "dice": dice_state, "actions": actions, "pending": pending,
        "contributions": contributions, "log": log, "state": state, "data": None,
    }


class Composer:
    """Builds the next save from ``prev`` for the player ``me`` who is due."""

    def __init__(self, prev: SaveFile, me: LocalIdentity) -> None:
        self.prev = prev
        self.me = me
        self.role = _role_for(prev, me)
        self.module = games.get(prev.kind)
        gamedata.ready(self.module, prev.game["options"], prev.where)
        due = prev.due
        assert due is not None
        if due["step"] == JOIN:
            raise UsageError("this game waits for you to join it: use pbem join", prev.where)
        if due["step"] in (WITNESS, SHUFFLE, AUDIT):
            raise UsageError("this save asks your pbem for an answer that needs no decision: "
                             "pbem witness (or pbem inbox / pbem watch) gives it", prev.where)
        self.roles = roles_of(prev)
        self.mode = prev.dice_mode
        dice_state = _advance_link(prev, me, self.role)
        self.starting = due["step"] == START
        if self.starting:
            shares = dice_state["shares"]
            shares[self.role] = dicemod.seed_share(me.key, anchor_of(prev, self.role),
                                                   self.role)
            dice_state["seed"] = dicemod.game_seed(prev.game_id, [shares[r] for r in self.roles])
        self.dice_state = dice_state
        self._stub = {"sequence": prev.sequence + 1, "dice": dice_state, "writer": self.role,
                      "players": prev.players, "game": prev.game}
        self.carrying_on = due["step"] == CARRY_ON
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

    @property
    def table(self) -> bool:
        return self.mode == "table"

    def _new_dice(self) -> Any:
        if self.mode == "table":
            return dicemod.TableDice([])
        if self.mode == "open":
            return chain.open_dice(self.module, self._stub, self.roles, lambda: self.state)
        return dicemod.WitnessDice()

    def _reset(self) -> None:
        self.state = copy_state(self.prev.state)
        self.log = Log()
        self.actions: list[Action] = []
        self.pending: Action | None = None
        self.waiting_for = ""
        self.dice = self._new_dice()
        self.chosen: dict[str, Any] = {}
        self.notes: list[tuple[str, str]] = getattr(self, "notes", [])
        self.pending_start = self.starting
        if self.starting and not self.table:
            self._start([])
        if self.carrying_on:
            self._carry_on()

    def _carry_on(self) -> None:
        """The action that waited for the other players' answers, done now by its actor with
        the dice their links give."""
        pending = self.prev.pending
        assert pending is not None
        dice = chain._witnessed_dice(self.prev.doc, pending)
        seat = self._seat()
        action = dict(pending["action"])
        gameplay.apply(self.module, self.state, self.role, action, dice, self.log, seat)
        record = dict(action)
        if seat is not None and seat.records:
            record["reveals"] = dict(sorted(seat.records.items()))
        if dice.rolls:
            record["dice"] = [roll.record() for roll in dice.rolls]
        self.actions.append(canonical_action(record))

    def _start(self, values: list[int]) -> None:
        """The opening: reveal the seed and let the game make its opening rolls."""
        saved_state, saved_dice = copy_state(self.state), self.dice.snapshot()
        if self.table:
            self.dice.values.extend(values)
        try:
            self.log.heading("The game begins: every seed share is revealed")
            gameplay.start(self.module, self.state, self.dice, self.log, self._seat())
            if self.table and self.dice.values:
                raise IllegalAction("more table dice were given than the opening rolls")
        except NeedWitness as exc:
            self.state = saved_state
            self.log = Log()
            self.pending, self.waiting_for = {"do": START}, exc.purpose
            self.pending_start = False
            return
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
        return canonical_action(record)

    # ------------------------------------------------------------------ queries

    def prompt(self) -> Prompt | None:
        if self.pending_start:
            return Prompt(self.role, START, "roll the opening dice at the table and type them in",
                          (ActionSpec(START, "Start the game"),))
        if self.pending is not None:
            return None
        return gameplay.prompt(self.module, self.state)

    def my_move(self) -> bool:
        """True while the prompt is addressed to this player."""
        prompt = self.prompt()
        return prompt is not None and prompt.role == self.role

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
        if not [a for a in self.actions if a["do"] != START] and not self.starting:
            return False, "no action taken yet: nothing to save"
        if self.my_move() and self.prompt() is not None:
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
        if action["do"] == START and self.starting and not self.pending_start:
            return []  # the game has started already (pbem did it): nothing to do
        if action["do"] == START and self.pending_start:
            given = action.get("dice", [])
            if not isinstance(given, list):
                raise IllegalAction("table dice are given as a list: dice: [3, 5]")
            self._start(list(given))
            return self.log.lines()
        if action["do"] in chain.ENGINE_VERBS:
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
        body = complete_action(prompt, {k: v for k, v in action.items()
                                        if k not in ("dice", "reveals")})
        if self.table:
            given = action.get("dice", [])
            if not isinstance(given, list):
                raise IllegalAction("table dice are given as a list: dice: [3, 5]")
            self.dice.values.extend(given)
        seat = self._seat()
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
            waiting = complete_action(prompt, {k: v for k, v in action.items()
                                               if k not in ("dice", "reveals")})
            self.pending, self.waiting_for = canonical_action(waiting), exc.purpose
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
        player_actions = [a for a in self.actions if a["do"] != START]
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
        kept = [a for a in self.actions if a["do"] != START][:-1]
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
        made = _contribute(self._stub, self.me, self.role, state, seat=seat)
        if self.notes:
            data = hidden_model.of(state)
            if data is None or seat is None:
                raise IllegalAction("this game has no way to pass notes")
            for to, _ in self.notes:
                if not self.module.may_note(state, self.role, to):
                    raise IllegalAction(f"you may not pass {to} a note now")
            made = {**(made or {}), "notes": notes_mod.seal(data, seat, self.prev.sequence + 1,
                                                            self.notes)}
        doc = _next_doc(self.prev, self.role, self.dice_state, self.actions, self.log_lines(),
                        state, self.module, pending, made)
        return _seal(doc, self.me.key, "new save")
