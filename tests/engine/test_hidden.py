"""The hidden-card contract with every card in clear (scenarios and rules questions)."""

from __future__ import annotations

import pytest

from pbem.dice import ScriptedDice
from pbem.errors import IllegalAction
from pbem.hidden import OpenSecrets, known_to


def _state() -> dict:
    state: dict = {}
    OpenSecrets.create(state, {"red": ["r1", "r2", "r3", "r4"]},
                       {"ann": {"pool": ["a", "b", "c"]}})
    return state


def test_shuffle_then_deal_gives_the_holder_alone_the_cards() -> None:
    state = _state()
    dice = ScriptedDice(1, 1, 1)  # Fisher-Yates: swap the top with the first each time
    secrets = OpenSecrets(state, dice)
    secrets.shuffle_all()
    assert state["secrets"]["decks"]["red"] == ["r2", "r3", "r4", "r1"]
    handles = secrets.deal("red", "ann", 2)
    assert handles == ["red#1", "red#2"]
    assert known_to(state, "ann") == {"red#1": "r2", "red#2": "r3"}
    assert known_to(state, "ben") == {}
    assert known_to(state, None) == {}
    assert secrets.remaining("red") == 2


def test_reveal_makes_a_card_known_to_everyone() -> None:
    state = _state()
    secrets = OpenSecrets(state, ScriptedDice())
    (handle,) = secrets.deal("red", "ann", 1)
    assert secrets.reveal(handle) == "r1"
    assert known_to(state, "ben") == {handle: "r1"}


def test_dealing_more_than_the_deck_holds_is_refused_and_changes_nothing() -> None:
    state = _state()
    secrets = OpenSecrets(state, ScriptedDice())
    with pytest.raises(IllegalAction, match="holds only 4"):
        secrets.deal("red", "ann", 5)
    assert state["secrets"]["decks"]["red"] == ["r1", "r2", "r3", "r4"]


def test_private_draw_return_pass_and_random_take() -> None:
    state = _state()
    secrets = OpenSecrets(state, ScriptedDice(3, 1, 2))
    drawn = secrets.draw_private("ann", "pool", 2)
    assert [state["secrets"]["cards"][h]["card"] for h in drawn] == ["c", "a"]
    secrets.return_private(drawn[1:])
    assert state["secrets"]["private"]["ann"]["pool"] == ["b", "a"]
    taken = secrets.take_random(drawn[:1], "ben")
    assert taken == drawn[0] and secrets.holder(taken) == "ben"
    assert known_to(state, "ben") == {taken: "c"}


def test_discard_and_reshuffle_into_a_deck() -> None:
    state = _state()
    secrets = OpenSecrets(state, ScriptedDice(1, 1, 1))
    handles = secrets.deal("red", "ann", 1)
    secrets.discard(handles, "spent")
    assert secrets.remaining("spent") == 1 and secrets.holder(handles[0]) is None
    secrets.reshuffle("spent", "red")
    assert sorted(state["secrets"]["decks"]["red"]) == ["r1", "r2", "r3", "r4"]
    assert known_to(state, "ann") == {}
