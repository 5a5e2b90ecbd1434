"""The Chronicles golden game as the attacker of the hidden-holdings tests meets it: its
saves and its players' keys (published), the things a realm holds face down (red cards,
action counters, objects) in another seat's hand, and a forged save checked on arrival."""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from pbem import chain, games, savefile
from pbem.errors import ChainError, IllegalAction
from pbem.hidden_cards import model
from pbem.savefile import SaveFile
from pbem.signing import PrivateKey
from tests.golden_replay import recorded, sample_players
from tests.security.kit import resign

KIND = "chronicles-of-the-three-kingdoms"
DECIDING = ("seal", "season", "unseal")  # a save's first action, when it is a seat's decision


@functools.cache
def game() -> tuple[tuple[SaveFile, ...], dict[str, PrivateKey]]:
    """The golden game's saves and each role's key."""
    saves = recorded("golden-chronicles", "make-golden-chronicles")
    players = sample_players("golden-chronicles", saves[0])
    return tuple(saves), {role: person.key for role, person in players.items()}


def face_down_elsewhere(save: SaveFile, writer: str, holding: str) -> list[tuple[str, str]]:
    """(handle, holder) of what is held face down in ``save`` under the realms' list
    ``holding`` (``cards``, ``counters``, ``objects``) by a seat other than ``writer``."""
    data = model.of(save.state)
    return [(h, str(e["holder"])) for h, e in data["cards"].items()
            if e["face"] is None and e["holder"] not in (None, writer)
            and h in save.state["realms"][e["holder"]][holding]]


def target(holding: str) -> tuple[SaveFile, SaveFile, str, str]:
    """A save written by a seat (a decision of hers), with something of ``holding`` face
    down in another hand: (previous save, save, the handle, its holder)."""
    saves, _ = game()
    for prev, save in itertools.pairwise(saves):
        if save.actions and save.actions[0].get("do") in DECIDING:
            found = face_down_elsewhere(save, save.writer, holding)
            if found:
                return prev, save, *found[0]
    raise AssertionError(f"the golden game holds no {holding} face down in another hand")


def openings(holding: str, of_deck: Callable[[str], bool]
             ) -> Iterator[tuple[SaveFile, SaveFile, dict[str, Any], str]]:
    """Saves whose action shows one of its writer's own ``holding`` (a handle
    ``of_deck`` accepts) while another seat holds some face down: (previous save, save,
    the action, the handle shown)."""
    saves, _ = game()
    for prev, save in itertools.pairwise(saves):
        for action in save.actions:
            mine = [h for h in action.get("reveals") or {} if of_deck(h)]
            if mine and face_down_elsewhere(prev, save.writer, holding):
                yield prev, save, action, mine[0]


def refused(prev: SaveFile, save: SaveFile, key: PrivateKey,
            change: Callable[[dict[str, Any]], None]) -> str:
    """``save`` changed by ``change`` and signed again with ``key``: the refusal it meets
    on arrival after ``prev``."""
    forged = savefile.parse(resign(save, key, change), "forged")
    with pytest.raises((ChainError, IllegalAction)) as info:
        chain.check_next(games.get(KIND), prev, forged)
    return str(info.value)
