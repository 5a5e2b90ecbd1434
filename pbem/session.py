"""Making saves: a new game, joining it, and the answers that need no decision (a
witness save, a joint shuffle, the audit). Turns are composed with :class:`Composer`
(pbem/composer.py)."""

from __future__ import annotations

import copy
import secrets
from collections.abc import Mapping
from typing import Any

from pbem import absence, deadlines, gamedata, gameplay, games, requests, saving, steps
from pbem import dice as dicemod
from pbem.composer import Composer
from pbem.engine import Action, copy_state
from pbem.errors import UsageError
from pbem.identity import Identity, LocalIdentity
from pbem.save_schema import DICE_MODES, FORMAT
from pbem.savefile import SaveFile
from pbem.steps import AUDIT, JOIN, SHARE, SHUFFLE, WITNESS, compute_due, roles_of

__all__ = ["Composer", "join", "machine", "new_game", "unseal", "witness"]
anchor_of = saving.anchor_of


def new_game(kind: str, creator: LocalIdentity, opponents: list[Identity],
             options: Mapping[str, Any] | None = None,
             scenario: Mapping[str, Any] | None = None, dice: str | bool = "open",
             game_id: str | None = None, salt: str | None = None,
             table_dice: bool = False,
             deadline: Mapping[str, str] | None = None) -> SaveFile:
    """The first save of a new game, with the creator's dice commitments. (``salt`` is
    random unless given: only to rebuild a recorded game byte for byte.) ``deadline``:
    the agreed ``game.deadline`` (see :mod:`pbem.deadlines`), none by default."""
    module = games.get(kind)
    if isinstance(dice, bool):  # the older spelling: True for table dice
        dice = "table" if dice else "open"
    if table_dice:
        dice = "table"
    if dice not in DICE_MODES:
        raise UsageError(f"dice must be one of {', '.join(DICE_MODES)}, not {dice!r}")
    players_count = 1 + len(opponents)
    if not module.min_players <= players_count <= module.max_players:
        allowed = (f"{module.min_players}" if module.min_players == module.max_players
                   else f"{module.min_players} to {module.max_players}")
        raise UsageError(f"{module.title} takes {allowed} players, not {players_count}")
    keys = [creator.key.public.line, *(o.public.line for o in opponents)]
    if len(set(keys)) != len(keys):
        raise UsageError("every player needs a different key")
    names = [creator.name, *(o.name for o in opponents)]
    if len(set(names)) != len(names):
        raise UsageError("every player needs a different name")
    checked = module.options(players_count, module.new_game_options(dict(options or {})))
    roles = module.roles(checked)
    players = [{"role": role, "name": name, "key": key}
               for role, name, key in zip(roles, names, keys, strict=True)]
    game = {"id": game_id or secrets.token_hex(16), "kind": module.kind,
            "version": module.version, "builtin": module.builtin_data_hash(checked),
            "title": module.title, "options": checked,
            "scenario": dict(scenario) if scenario is not None else None,
            "dice": dice, "deadline": dict(deadline) if deadline else None,
            "created": saving.now_utc()}
    why = deadlines.problem(game["deadline"])
    if why:
        raise UsageError(f"deadline {why}")
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
        "writer": creator_role, "written": saving.now_utc(), "previous": None, "due": None,
        "dice": dice_state, "actions": [], "pending": None, "contributions": None, "log": [],
        "state": state, "data": gamedata.embed(module, checked),
    }
    doc["contributions"] = saving.contribute(doc, creator, creator_role, state)
    doc["due"] = compute_due(module, players, dice_state, state)
    made = saving.seal(doc, creator.key, "new game")
    gamedata.accept(module, checked, made.doc["data"], made.where)  # kept on this machine
    return made


def join(prev: SaveFile, me: LocalIdentity, salt: str | None = None) -> SaveFile:
    """The joiner's answer to a new game: their salt, seed share and dice-chain tip."""
    role = saving.role_for(prev, me)
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
    shares = saving.contribute({**prev.doc, "dice": dice_state}, me, role, state)
    doc = saving.next_doc(prev, role, dice_state, [{"do": JOIN}], [line], state, module,
                          contributions=shares)
    return saving.seal(doc, me.key, "join")


def witness(prev: SaveFile, me: LocalIdentity) -> SaveFile:
    """Answer a request: reveal this player's next link (and give what they owe); the last
    witness also makes the rolls and carries the game on to the next decision. No choice
    is involved."""
    role = saving.role_for(prev, me)
    pending = prev.pending
    if prev.due is None or prev.due["step"] != WITNESS or pending is None:
        raise UsageError("this save does not ask for a witness", prev.where)
    module = games.get(prev.kind)
    gamedata.ready(module, prev.game["options"], prev.where, prev.game_id)
    dice_state = saving.advance_link(prev, me, role)
    stub = {**prev.doc, "dice": dice_state}
    order = steps.witnesses(roles_of(prev), pending["by"], absence.absent(prev.state))
    request = pending["request"] or prev.sha256
    passed_on = {**pending, "request": request}
    replay = None
    if role == order[-1]:
        replay = requests.resolve_request(module, stub, prev.state, pending, request, prev.where)
    if replay is None:
        state = copy_state(prev.state)
        made = saving.contribute(stub, me, role, state)
        doc = saving.next_doc(prev, role, dice_state, [{"do": WITNESS}], [], state, module,
                        passed_on, made)
        return saving.seal(doc, me.key, "witness")
    action: Action = {"do": WITNESS}
    if replay.records[0]:
        action["dice"] = replay.records[0]
    made = saving.contribute(stub, me, role, replay.state)
    doc = saving.next_doc(prev, role, dice_state, [action], replay.log, replay.state, module,
                    contributions=made)
    return saving.seal(doc, me.key, "witness")


def machine(prev: SaveFile, me: LocalIdentity) -> SaveFile:
    """A save that only gives what this player's pbem owes: their step of a joint shuffle,
    or their opened secrets for the audit."""
    role = saving.role_for(prev, me)
    step = prev.due["step"] if prev.due else None
    if step not in (SHUFFLE, AUDIT, SHARE):
        raise UsageError("this save does not ask for a shuffle, a part of another player's "
                         "hidden cards or the audit", prev.where)
    module = games.get(prev.kind)
    gamedata.ready(module, prev.game["options"], prev.where, prev.game_id)
    dice_state = saving.advance_link(prev, me, role)
    state = copy_state(prev.state)
    made = saving.contribute({**prev.doc, "dice": dice_state}, me, role, state,
                       auditing=step == AUDIT)
    doc = saving.next_doc(prev, role, dice_state, [{"do": step}], [], state, module,
                    contributions=made)
    return saving.seal(doc, me.key, step)


def unseal(prev: SaveFile, me: LocalIdentity) -> SaveFile:
    """A save that only opens this player's sealed answer, once every player asked has
    answered (:mod:`pbem.sealed_orders`); with the last opening the game takes them all."""
    composer = Composer(prev, me)
    composer.open_sealed()
    return composer.finish()
