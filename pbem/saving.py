"""What every kind of save shares when pbem makes one: the time, the seal (sign, then read
back as any verifier would), each player's anchor, the next link of the writer's dice
chain, what the writer owes the others, and the document of the next save."""

from __future__ import annotations

import copy
import datetime as dt
from typing import Any

from pbem import dice as dicemod
from pbem import founding
from pbem.engine import Action, GameModule
from pbem.errors import IllegalAction, NotYourTurn
from pbem.hidden_cards import model as hidden_model
from pbem.hidden_cards import obligations, seating
from pbem.identity import LocalIdentity
from pbem.save_schema import FORMAT
from pbem.savefile import SaveFile, parse, render
from pbem.steps import compute_due


def now_utc() -> str:
    """Wall-clock time for metadata only (tests freeze it)."""
    return dt.datetime.now(dt.UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")


def seal(doc: dict[str, Any], key: Any, where: str) -> SaveFile:
    return parse(render(doc, key), where)


def anchor_of(save: SaveFile, role: str) -> str:
    """What ``role``'s seed share and dice chain are derived from in this game."""
    return dicemod.anchor(save.game, founding.founders(save.doc),
                          save.doc["dice"]["salts"][role])


def contribute(doc: dict[str, Any], me: LocalIdentity, role: str, state: dict[str, Any],
                auditing: bool = False, seat: Any = None) -> dict[str, Any] | None:
    """What ``me`` owes the other players at the end of this save (hidden cards)."""
    data = hidden_model.of(state)
    if data is None:
        return None
    seat = seat or seating.seat(doc, role, me.key)
    return obligations.fulfil(data, seat, auditing)


def role_for(prev: SaveFile, me: LocalIdentity) -> str:
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


def advance_link(prev: SaveFile, me: LocalIdentity, role: str) -> dict[str, Any]:
    dice_state = copy.deepcopy(prev.doc["dice"])
    used = dice_state["links"][role]["used"] + 1
    dice_state["links"][role] = {
        "used": used, "link": dicemod.chain_link(me.key, anchor_of(prev, role), role, used)}
    return dice_state


def next_doc(prev: SaveFile, role: str, dice_state: dict[str, Any], actions: list[Action],
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
