"""Constructing from a hand read in full, in a game played as signed saves with sealed
cards (action.construct): a card imported earlier in the same turn is read before the
construct decision, so a card the state cannot build is refused as the action is composed,
not sent off to wait for the other players' shares and only then found illegal."""

from __future__ import annotations

import random

import pytest
from freezegun import freeze_time

from pbem import chain, selfplay, session
from pbem.composer import Composer
from pbem.engine import Prompt, copy_state
from pbem.errors import IllegalAction, NotYourTurn
from pbem.identity import LocalIdentity
from pbem.savefile import SaveFile
from tests import fixed_games

KIND = "three-kingdoms-redux"
SEED = 1  # a game whose first such construct is of a card whose prerequisite is unmet
PEOPLE = [LocalIdentity(f"player-{i + 1}", key)
          for i, key in enumerate(fixed_games.player_keys("redux random games", 3))]


def _writer(save: SaveFile) -> LocalIdentity:
    assert save.due is not None
    key = save.player(save.due["role"])["key"]
    return next(p for p in PEOPLE if p.key.public.line == key)


def _unread(composer: Composer, prompt: Prompt | None) -> str | None:
    """A card of the composing player's hand they cannot read yet, at their construct."""
    if prompt is None or prompt.role != composer.role or \
            prompt.actions[0].verb != "construct":
        return None
    known = composer.known()
    hand = composer.state["states"][composer.role]["hand"]
    return next((h for h in hand if h not in known), None)


def _machine_saves(saves: list[SaveFile]) -> None:
    """The saves the players' pbem write by themselves, until a player decides."""
    while (due := saves[-1].due) is not None and due["step"] in (
            chain.WITNESS, chain.SHARE, chain.SHUFFLE, chain.AUDIT):
        if due["step"] == chain.WITNESS:
            saves.append(session.witness(saves[-1], _writer(saves[-1])))
        else:
            saves.append(session.machine(saves[-1], _writer(saves[-1])))


def _to_a_construct_of_an_unread_card() -> tuple[list[SaveFile], Composer, str]:
    """A random game played to the first construct of a player holding a card they cannot
    read yet (imported earlier in the same turn)."""
    rng = random.Random(SEED)
    salts = fixed_games.salts(SEED, 3)
    saves = [session.new_game(KIND, PEOPLE[0], [p.identity for p in PEOPLE[1:]], None, None,
                              dice="open", game_id=f"{SEED:032x}", salt=salts[0])]
    for person, salt in zip(PEOPLE[1:], salts[1:], strict=True):
        saves.append(session.join(saves[-1], person, salt))
    while saves[-1].due is not None:
        _machine_saves(saves)
        composer = Composer(saves[-1], _writer(saves[-1]))
        while True:
            prompt = composer.prompt()
            handle = _unread(composer, prompt)
            if handle is not None:
                return saves, composer, handle
            if not composer.my_move():
                break
            assert prompt is not None
            for action in selfplay.candidates(prompt, rng):
                try:
                    composer.act(action)
                    break
                except IllegalAction:
                    continue
        saves.append(composer.finish())
    raise AssertionError("the game never constructs with a card its builder cannot read")


@pytest.mark.slow
def test_a_card_imported_this_turn_is_read_before_it_is_constructed() -> None:
    """The construct decision waits for the shares of the builder's hand: the save ends, the
    other players' pbem give their parts, and then a card whose prerequisite is unmet is
    refused when composed, citing action.construct, with nothing changed."""
    with freeze_time(fixed_games.FROZEN):  # the same game on every run
        saves, composer, handle = _to_a_construct_of_an_unread_card()
        builder = composer.me
        assert not composer.my_move()
        with pytest.raises(NotYourTurn, match="read your hidden cards first"):
            composer.act({"do": "construct", "card": handle, "trained": 0})
        assert composer.pending is None
        saves.append(composer.finish())
        due = saves[-1].due
        assert due is not None and due["step"] == chain.SHARE
        _machine_saves(saves)
        assert _writer(saves[-1]) is builder
        again = Composer(saves[-1], builder)
        assert handle in again.known() and again.my_move()
        before = copy_state(again.state)
        with pytest.raises(IllegalAction, match=r"needs .* at least") as refused:
            again.act({"do": "construct", "card": handle, "trained": 0})
        assert refused.value.rule == "action.construct"
        assert again.pending is None and again.actions == [] and again.state == before
        again.act({"do": "build-nothing"})
        assert again.pending is None
