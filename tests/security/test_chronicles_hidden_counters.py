"""Chronicles between homes, attacked by a seat who wants another's action counters: the
golden game (saves/golden-chronicles; its players' keys are published) is changed save by
save by its own writer and signed again. Moving a counter of another hand into her own,
turning one face up, showing it with her own opening, or passing off her own counter as
another action is refused as the save arrives; and no save names a counter its holder has
not shown."""

from __future__ import annotations

import copy
import itertools
import json
from typing import Any

from pbem.games.chronicles import counters
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


HOLDING = "counters"
_game = game
_refused = refused


def _face_down_elsewhere(save: SaveFile, writer: str) -> list[tuple[str, str]]:
    return face_down_elsewhere(save, writer, HOLDING)


def _target() -> tuple[SaveFile, SaveFile, str, str]:
    return target(HOLDING)


def _is_counter(handle: str) -> bool:
    return handle.split("#")[0] in counters.DECKS


def _opening() -> tuple[SaveFile, SaveFile, dict[str, Any], str]:
    """A save whose opening shows one of its writer's own counters, and that counter."""
    found = next(openings(HOLDING, _is_counter), None)
    assert found is not None, "no opening of the golden game shows a counter"
    return found


def test_a_seat_cannot_move_another_players_counter_into_her_hand() -> None:
    """The writer takes a counter of another hand into her own (the realms and the hidden
    deck's record of its holder both edited), signs again: refused as it arrives."""
    prev, save, handle, holder = _target()
    _, keys = _game()

    def swap(doc: dict[str, Any]) -> None:
        realms = doc["state"]["realms"]
        realms[holder]["counters"].remove(handle)
        realms[save.writer]["counters"].append(handle)
        doc["state"]["secrets"]["cards"][handle]["holder"] = save.writer

    assert "position" in _refused(prev, save, keys[save.writer], swap)


def test_a_seat_cannot_turn_another_players_counter_face_up() -> None:
    """The writer marks a counter of another hand as shown (its action written in, as the
    game records a counter turned up), signs again: refused as it arrives."""
    prev, save, handle, holder = _target()
    saves, keys = _game()
    action = known(saves[-1], holder, keys[holder]).get(handle, "land:1")

    def shown(doc: dict[str, Any]) -> None:
        doc["state"]["secrets"]["cards"][handle]["face"] = action
        doc["state"].setdefault("open_cards", {})[handle] = action

    _refused(prev, save, keys[save.writer], shown)


def test_a_seat_cannot_show_another_players_counter_with_her_own_opening() -> None:
    """An opening that turns the writer's placed counter face up carries her share of it;
    the same share offered for a counter of another hand is refused as it arrives."""
    prev, save, _, mine = _opening()
    _, keys = _game()
    theirs = _face_down_elsewhere(prev, save.writer)[0][0]

    def elsewhere(doc: dict[str, Any]) -> None:
        for action in doc["actions"]:
            if action.get("reveals") and mine in action["reveals"]:
                action["reveals"][theirs] = action["reveals"].pop(mine)
                action["reveals"] = dict(sorted(action["reveals"].items()))

    _refused(prev, save, keys[save.writer], elsewhere)


def test_a_seat_cannot_pass_off_her_counter_as_another_action() -> None:
    """The writer of an opening writes another action in for the counter she shows (the
    public record of it, and the face the deck keeps): refused as it arrives, the share
    opening the counter to what it is."""
    prev, save, _, mine = _opening()
    _, keys = _game()
    face = str(model.of(save.state)["cards"][mine]["face"])
    other = "espionage:1" if not face.startswith("espionage") else "land:1"

    def passed_off(doc: dict[str, Any]) -> None:
        doc["state"]["secrets"]["cards"][mine]["face"] = other
        doc["state"].setdefault("open_cards", {})[mine] = other

    _refused(prev, save, keys[save.writer], passed_off)


def test_no_save_names_a_counter_its_holder_has_not_shown() -> None:
    """No save of the golden game names an action counter held face down (the holders'
    own pbems tell which counters those are) outside the decks' public lists: the hands
    are handles, the decks ciphertexts; and no unused counter is ever shown."""
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
            if _is_counter(handle) and entry["face"] is None and entry["holder"] is not None \
                    and card:
                assert f'"{card}"' not in text, (save.sequence, handle, card)
                checked += 1
    assert checked


def _later_step() -> tuple[SaveFile, SaveFile, str]:
    """A save of the game under way that carries its writer's step of an action deck
    shuffled again for later: (previous save, save, the deck)."""
    saves, _ = _game()
    for prev, save in itertools.pairwise(saves):
        steps = (save.doc.get("contributions") or {}).get("shuffles") or {}
        later = [d for d in steps if model.of(prev.state)["decks"][d].get("later")]
        if later:
            return prev, save, later[0]
    raise AssertionError("no save of the golden game shuffles an action deck for later")


def test_a_deck_shuffled_for_later_asks_no_save_of_its_own() -> None:
    """Every shuffle of an action deck after the opening rides at the end of a save its
    writer made for the game (an order, an opening): no save is only a shuffle."""
    saves, _ = _game()
    started = next(n for n, s in enumerate(saves) if s.doc["dice"]["seed"] is not None)
    assert not [s.sequence for s in saves[started:] if s.actions
                and s.actions[0].get("do") == "shuffle"]
    _later_step()


def test_a_seat_cannot_leave_out_her_step_of_a_deck_shuffled_for_later() -> None:
    """A seat who owes her step of an action deck shuffled for later and leaves it out of
    her save (signing it again) is refused as it arrives: she owes it in the first save
    she writes."""
    prev, save, deck = _later_step()
    _, keys = _game()

    def left_out(doc: dict[str, Any]) -> None:
        steps = doc["contributions"]["shuffles"]
        del steps[deck]
        if not steps:
            del doc["contributions"]["shuffles"]

    assert "shuffles" in _refused(prev, save, keys[save.writer], left_out)


def test_each_reshuffle_of_a_deck_is_a_fresh_shuffle() -> None:
    """A seat's steps of the same action deck, at the opening and after each gathering,
    are made under labels of their own: never the same permutation and masks twice (the
    commitments to their seeds differ)."""
    saves, _ = _game()
    seeds: dict[tuple[str, str], list[str]] = {}
    for save in saves:
        for deck, step in ((save.doc.get("contributions") or {}).get("shuffles") or {}).items():
            seeds.setdefault((save.writer, deck), []).append(step["seed"])
    again = {k: v for k, v in seeds.items() if len(v) > 1}
    assert again, "no action deck of the golden game was shuffled twice"
    for steps in again.values():
        assert len(set(steps)) == len(steps)
