"""Chronicles between homes, attacked by a seat who wants another's red cards: the golden
game (saves/golden-chronicles; its players' keys are published) is changed save by save by
its own writer and signed again. Moving a card of another hand into her own, turning one
face up, or showing it with her own opening is refused as the save arrives; and no save
names a card its holder has not shown."""

from __future__ import annotations

import copy
import functools
import itertools
import json
from collections.abc import Callable
from typing import Any

import pytest

from pbem import chain, games, savefile
from pbem.errors import ChainError, IllegalAction
from pbem.hidden_cards import model
from pbem.savefile import SaveFile
from pbem.signing import PrivateKey
from tests.golden_replay import recorded, sample_players
from tests.hidden.kit import known
from tests.security.kit import resign

KIND = "chronicles-of-the-three-kingdoms"


@functools.cache
def _game() -> tuple[tuple[SaveFile, ...], dict[str, PrivateKey]]:
    saves = recorded("golden-chronicles", "make-golden-chronicles")
    players = sample_players("golden-chronicles", saves[0])
    return tuple(saves), {role: person.key for role, person in players.items()}


def _face_down_elsewhere(save: SaveFile, writer: str) -> list[tuple[str, str]]:
    """(handle, holder) of the red cards held face down in ``save`` by a seat other than
    ``writer``."""
    data = model.of(save.state)
    return [(h, str(e["holder"])) for h, e in data["cards"].items()
            if e["face"] is None and e["holder"] not in (None, writer)
            and h in save.state["realms"][e["holder"]]["cards"]]


def _target() -> tuple[SaveFile, SaveFile, str, str]:
    """A save written by a seat (a decision of hers), with a card face down in another
    hand: (previous save, save, the handle, its holder)."""
    saves, _ = _game()
    for prev, save in itertools.pairwise(saves):
        if save.actions and save.actions[0].get("do") in ("seal", "season", "unseal"):
            found = _face_down_elsewhere(save, save.writer)
            if found:
                return prev, save, *found[0]
    raise AssertionError("the golden game holds no card face down in another hand")


def _refused(prev: SaveFile, save: SaveFile, key: PrivateKey,
             change: Callable[[dict[str, Any]], None]) -> str:
    forged = savefile.parse(resign(save, key, change), "forged")
    with pytest.raises((ChainError, IllegalAction)) as info:
        chain.check_next(games.get(KIND), prev, forged)
    return str(info.value)


def test_a_seat_cannot_move_another_players_red_card_into_her_hand() -> None:
    """The writer takes a card of another hand into her own (the hand lists and the hidden
    deck's record of its holder both edited), signs again: refused as it arrives."""
    prev, save, handle, holder = _target()
    _, keys = _game()

    def swap(doc: dict[str, Any]) -> None:
        realms = doc["state"]["realms"]
        realms[holder]["cards"].remove(handle)
        realms[save.writer]["cards"].append(handle)
        doc["state"]["secrets"]["cards"][handle]["holder"] = save.writer

    assert "position" in _refused(prev, save, keys[save.writer], swap)


def test_a_seat_cannot_turn_another_players_red_card_face_up() -> None:
    """The writer marks a card of another hand as shown (its face written in, as the game
    records a card turned up), signs again: refused as it arrives."""
    prev, save, handle, _ = _target()
    saves, keys = _game()
    truth = known(saves[-1], str(model.of(save.state)["cards"][handle]["holder"]),
                  keys[str(model.of(save.state)["cards"][handle]["holder"])])
    card = truth.get(handle, "fire-trap")

    def shown(doc: dict[str, Any]) -> None:
        doc["state"]["secrets"]["cards"][handle]["face"] = card
        doc["state"].setdefault("open_cards", {})[handle] = card

    _refused(prev, save, keys[save.writer], shown)


def test_a_seat_cannot_show_another_players_card_with_her_own_opening() -> None:
    """An opening that turns the writer's named card face up carries her share of it;
    the same share offered for a card of another hand is refused as it arrives."""
    saves, keys = _game()
    for prev, save in itertools.pairwise(saves):
        shows = [a for a in save.actions if a.get("reveals")]
        others = _face_down_elsewhere(prev, save.writer)
        if shows and others:
            break
    else:
        raise AssertionError("no opening of the golden game shows a card")
    mine = next(iter(shows[0]["reveals"]))
    theirs = others[0][0]

    def elsewhere(doc: dict[str, Any]) -> None:
        for action in doc["actions"]:
            if action.get("reveals") and mine in action["reveals"]:
                action["reveals"][theirs] = action["reveals"].pop(mine)
                action["reveals"] = dict(sorted(action["reveals"].items()))

    _refused(prev, save, keys[save.writer], elsewhere)


def test_no_save_names_a_red_card_its_holder_has_not_shown() -> None:
    """No save of the golden game names a red card held face down (the holders' own pbems
    tell which cards those are) outside the deck's public list of its cards: the hands
    are handles, the deck ciphertexts."""
    saves, keys = _game()
    roles = list(keys)
    checked = 0
    for save in saves:
        data = model.of(save.state)
        if data is None or len(save.doc["dice"]["salts"]) < len(roles):
            continue
        truth: dict[str, str] = {}
        for role in roles:
            truth.update(known(save, role, keys[role]))
        doc = copy.deepcopy(save.doc)
        for deck in doc["state"]["secrets"]["decks"].values():
            deck.pop("cards")
        text = json.dumps(doc)
        for handle, entry in data["cards"].items():
            card = truth.get(handle)
            if entry["face"] is None and entry["holder"] is not None and card:
                assert f'"{card}"' not in text, (save.sequence, handle, card)
                checked += 1
    assert checked
