"""Chronicles between homes, attacked by a seat who wants another's red cards: the golden
game (saves/golden-chronicles; its players' keys are published) is changed save by save by
its own writer and signed again. Moving a card of another hand into her own, turning one
face up, or showing it with her own opening is refused as the save arrives; and no save
names a card its holder has not shown."""

from __future__ import annotations

import copy
import itertools
import json
from typing import Any

from pbem.hidden_cards import model
from pbem.savefile import SaveFile
from tests.hidden.kit import known
from tests.security.chronicles_golden import (
    face_down_elsewhere,
    game,
    refused,
    target,
)

KIND = "chronicles-of-the-three-kingdoms"


HOLDING = "cards"
_game = game
_refused = refused


def _face_down_elsewhere(save: SaveFile, writer: str) -> list[tuple[str, str]]:
    return face_down_elsewhere(save, writer, HOLDING)


def _target() -> tuple[SaveFile, SaveFile, str, str]:
    return target(HOLDING)


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
