"""Scenario helpers for the Chronicles rule tests: a position, scripted dice, a board."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from pbem import answering, games, identity, session
from pbem.dice import ScriptedDice
from pbem.engine import Log
from pbem.games.chronicles import dataset
from pbem.games.chronicles.board import Board
from pbem.games.chronicles.rules.setup import line_up, opening_state
from tests.games.random_play import first_legal

KIND = "chronicles-of-the-three-kingdoms"


def position(players: int = 3, leaders: Sequence[str] | None = None,
             data: str | None = None) -> dict[str, Any]:
    """The opening position (Spring 196) for ``leaders`` (default: the advised line-up)."""
    chosen = list(leaders) if leaders is not None else line_up(dataset.get(data), players)
    return opening_state({"players": len(chosen), "data": data}, chosen)


def board(state: dict[str, Any] | None = None, *dice: int, players: int = 3,
          leaders: Sequence[str] | None = None) -> Board:
    """A board on ``state`` (default: the opening position) with the dice ``dice``, in
    order; a test that rolls more dice than it scripted fails with NeedDice."""
    return Board(state if state is not None else position(players, leaders),
                 ScriptedDice(*dice), Log())


def rolled(b: Board) -> list[tuple[int, str]]:
    """Every die the board rolled: (value, purpose)."""
    return [(r.value, r.purpose) for r in b._dice.rolls]


def log_text(b: Board) -> str:
    return "\n".join(b.log.lines())


def at(state: dict[str, Any], season: str, year: int, round_no: int | None = None) -> None:
    """Move the calendar (a scenario's season, without playing the rounds between)."""
    state["calendar"].update(season=season, year=year)
    if round_no is not None:
        state["calendar"]["round"] = round_no


def give(state: dict[str, Any], area: str, holder: str | None) -> None:
    state["areas"][area]["holder"] = holder



def random_order(state: dict[str, Any], prompt: Any, rng: random.Random, dice: Any,
                 log: Log, where: str = "") -> dict[str, Any]:
    """Play the first random legal answer to ``prompt`` (the game's suggestions first, as
    self-play does); the position after it (a refused try leaves nothing behind)."""
    module = games.get(KIND)
    return first_legal(module, state, prompt, rng, dice, log,
                       module.random_actions(state, prompt, rng), where)


def first_orders(names: Sequence[str], roles: Sequence[str]) -> tuple[dict[str, Any], list[Any]]:
    """A game between homes (open dice) whose players ``names`` (keys made here, the first
    the creator) sit as ``roles``, carried to its first season orders: the identities by
    name, and the saves."""
    people = {name: identity.keygen(name) for name in names}
    saves = [session.new_game(KIND, people[names[0]], [people[n].identity for n in names[1:]],
                              None, None, dice="open")]
    for name in names[1:]:
        saves.append(session.join(saves[-1], people[name]))
    by_role = dict(zip(roles, names, strict=True))
    while saves[-1].due is not None and answering.is_automatic(saves[-1]):
        prev = saves[-1]
        saves.append(answering.AUTOMATIC[prev.due["step"]](prev, people[by_role[
            prev.due["role"]]]))
    saves.append(session.Composer(saves[-1], people[names[0]]).finish())  # the game starts
    return people, saves
