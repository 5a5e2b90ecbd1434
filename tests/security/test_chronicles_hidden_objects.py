"""Chronicles between homes, attacked by a seat who wants another's objects: the golden
game (saves/golden-chronicles; its players' keys are published) is changed save by save
by its own writer and signed again. Taking an object of another hand into her own,
claiming one she never drew, turning another's face up, showing it with her own opening,
or passing off her own object as another kind is refused as the save arrives; and no save
names an object its holder has not shown."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from pbem.games.chronicles import objects
from pbem.hidden_cards import model
from pbem.savefile import SaveFile
from tests.hidden.kit import known
from tests.security.chronicles_golden import (
    face_down_elsewhere,
    game,
    openings,
    refused,
    target,
)

KIND = "chronicles-of-the-three-kingdoms"
RULE = "chronicles:s3.10.hidden"


HOLDING = "objects"
_game = game
_refused = refused


def _face_down_elsewhere(save: SaveFile, writer: str) -> list[tuple[str, str]]:
    return face_down_elsewhere(save, writer, HOLDING)


def _target() -> tuple[SaveFile, SaveFile, str, str]:
    return target(HOLDING)


def _is_object(handle: str) -> bool:
    return handle.split("#")[0] == objects.DECK


def _opening() -> tuple[SaveFile, SaveFile, str]:
    """A save whose opening shows one of its writer's own objects, and that object."""
    found = next(openings(HOLDING, _is_object), None)
    assert found is not None, "no opening of the golden game shows an object"
    prev, save, _action, handle = found
    return prev, save, handle


@pytest.mark.rule(RULE)
def test_a_seat_cannot_move_another_players_object_into_her_hand() -> None:
    """The writer takes an object of another hand into her own (the realms and the hidden
    deck's record of its holder both edited), signs again: refused as it arrives."""
    prev, save, handle, holder = _target()
    _, keys = _game()

    def swap(doc: dict[str, Any]) -> None:
        realms = doc["state"]["realms"]
        realms[holder]["objects"].remove(handle)
        realms[save.writer]["objects"].append(handle)
        doc["state"]["secrets"]["cards"][handle]["holder"] = save.writer

    assert "position" in _refused(prev, save, keys[save.writer], swap)


@pytest.mark.rule(RULE)
def test_a_seat_cannot_claim_an_object_she_does_not_hold() -> None:
    """The writer adds to her hand an object she never drew (an open one, as a scenario
    would hold it), signs again: refused as it arrives."""
    prev, save, _, _ = _target()
    _, keys = _game()

    def claimed(doc: dict[str, Any]) -> None:
        doc["state"]["realms"][save.writer]["objects"].append("fine-horse")

    assert "position" in _refused(prev, save, keys[save.writer], claimed)


@pytest.mark.rule(RULE)
def test_a_seat_cannot_turn_another_players_object_face_up() -> None:
    """The writer marks an object of another hand as shown (its kind written in, as the
    game records an object turned up), signs again: refused as it arrives."""
    prev, save, handle, holder = _target()
    saves, keys = _game()
    face = known(saves[-1], holder, keys[holder]).get(handle, "guards:1")

    def shown(doc: dict[str, Any]) -> None:
        doc["state"]["secrets"]["cards"][handle]["face"] = face
        doc["state"].setdefault("open_cards", {})[handle] = face

    _refused(prev, save, keys[save.writer], shown)


@pytest.mark.rule(RULE)
def test_a_seat_cannot_show_another_players_object_with_her_own_opening() -> None:
    """An opening that turns the writer's object face up carries her share of it; the
    same share offered for an object of another hand is refused as it arrives."""
    prev, save, mine = _opening()
    _, keys = _game()
    theirs = _face_down_elsewhere(prev, save.writer)[0][0]

    def elsewhere(doc: dict[str, Any]) -> None:
        for action in doc["actions"]:
            if action.get("reveals") and mine in action["reveals"]:
                action["reveals"][theirs] = action["reveals"].pop(mine)
                action["reveals"] = dict(sorted(action["reveals"].items()))

    _refused(prev, save, keys[save.writer], elsewhere)


@pytest.mark.rule(RULE)
def test_a_seat_cannot_pass_off_her_object_as_another_kind() -> None:
    """The writer of an opening writes another kind in for the object she shows (the
    public record of it, and the face the deck keeps): refused as it arrives."""
    prev, save, mine = _opening()
    _, keys = _game()
    face = str(model.of(save.state)["cards"][mine]["face"])
    other = "jade-seal" if not face.startswith("jade-seal") else "guards:1"

    def passed_off(doc: dict[str, Any]) -> None:
        doc["state"]["secrets"]["cards"][mine]["face"] = other
        doc["state"].setdefault("open_cards", {})[mine] = other

    _refused(prev, save, keys[save.writer], passed_off)


@pytest.mark.rule(RULE)
def test_no_save_names_an_object_its_holder_has_not_shown() -> None:
    """No save of the golden game names an object held face down (the holders' own pbems
    tell which objects those are) outside the deck's public list: the hands are handles,
    the deck ciphertexts."""
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
        text = json.dumps({k: v for k, v in doc.items() if k != "log"})
        for handle, entry in data["cards"].items():
            card = truth.get(handle)
            if _is_object(handle) and entry["face"] is None and entry["holder"] is not None \
                    and card:
                assert f'"{card}"' not in text, (save.sequence, handle, card)
                checked += 1
    assert checked
