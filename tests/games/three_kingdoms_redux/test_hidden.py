"""Hidden cards: what each player sees, what the game itself may read, and allies' notes."""

from __future__ import annotations

from typing import Any, ClassVar

from pbem.dice import ScriptedDice
from pbem.engine import Log
from pbem.hidden import OpenSecrets, known_to
from tests.games.three_kingdoms_redux import invariants
from tests.games.three_kingdoms_redux.kit import MODULE, Game, keep_first, position, standard_game


class Watching(OpenSecrets):
    """Open secrets that record every card turned face up."""

    revealed: ClassVar[list[str]] = []

    def reveal(self, handle: str) -> str:
        Watching.revealed.append(handle)
        return super().reveal(handle)


def test_placing_reveals_only_the_placed_general() -> None:
    """Placing a hidden general turns that card alone face up; the game's state never
    holds the id of a card nobody has turned up."""
    game = Game(position(wei={"generals": [{"id": "jia-xu", "hidden": True},
                                           {"id": "xun-you", "hidden": True}]}))
    invariants.check_secrets(game.state)
    ref = game.ref("wei", "jia-xu")
    Watching.revealed = []
    dice = ScriptedDice()
    MODULE.apply(game.state, "wei", {"do": "bid", "space": "trade", "general": ref}, dice,
                 Log(), Watching(game.state, dice))
    assert Watching.revealed == [ref]
    invariants.check_secrets(game.state)
    assert "xun-you" not in repr({k: v for k, v in game.state.items() if k != "secrets"})


def test_each_view_shows_the_viewers_own_secrets_only() -> None:
    """Wei sees its own hidden generals and hand; Wu sees Wei's hidden generals as hidden
    and only the size of Wei's hand; a spectator sees no hidden card at all."""
    game = standard_game()
    keep_first(game)
    mine = game.view("wei")
    wei_hidden = [g for g in mine["states"]["wei"]["generals"] if not g["public"]]
    assert len(wei_hidden) == 4 and all(g["name"] for g in wei_hidden)
    assert len(mine["hand"]) == 4 and all(c["name"] for c in mine["hand"])
    theirs = game.view("wu")
    assert [g["name"] for g in theirs["states"]["wei"]["generals"] if not g["public"]] == \
        [None] * 4
    assert theirs["states"]["wei"]["hand_count"] == 4
    assert all(c["name"] for c in theirs["hand"]) and len(theirs["hand"]) == 5
    spectator = game.view(None)
    assert spectator["hand"] == [] and spectator["orders"] is None
    assert "secrets" not in repr(spectator) and "secrets" not in spectator
    invariants.check_secrets(game.state)


def test_unused_generals_are_never_revealed() -> None:
    """After a whole round the drafted cards that were returned, and the kept generals that
    were never placed, are still face down."""
    game = standard_game()
    keep_first(game)
    game.act("shu", {"do": "alliance", "space": "trade"})
    game.finish_bidding()
    cards = game.state["secrets"]["cards"]
    assert all(not e["revealed"] for h, e in cards.items() if "/generals#" in h)
    pools = game.state["secrets"]["private"]
    assert len(pools["wei"]["generals"]) == 18


def test_the_text_picture_follows_the_same_rules() -> None:
    """describe() for Wei names Wei's hidden generals and hand; for Wu it does not."""
    game = standard_game()
    keep_first(game)
    known = known_to(game.state, "wei")
    wei_text = MODULE.describe(game.state, "wei", known)
    wu_text = MODULE.describe(game.state, "wu", known_to(game.state, "wu"))
    names = [game.t.data.generals[known[r]].name for r, e in game.st("wei")["generals"].items()
             if e["card"] is None]
    assert all(n in wei_text for n in names)
    assert not any(n in wu_text for n in names)
    assert "Your hand:" in wei_text and "(hidden)" in wu_text


def test_only_this_rounds_allies_may_pass_notes() -> None:
    """Seats 2 and 3 may write to each other; the outsider may not, nor may anyone write
    to himself; with Yu Jin's token Wei joins and may write to the allies too."""
    game = Game(position(bid_order=["wu", "shu", "wei"]))
    assert MODULE.may_note(game.state, "shu", "wei") and MODULE.may_note(game.state, "wei", "shu")
    assert not MODULE.may_note(game.state, "wu", "shu")
    assert not MODULE.may_note(game.state, "shu", "shu")
    joined: dict[str, Any] = position(start="choose-alliance",
                                      wei={"generals": [{"id": "yu-jin", "tokens": 1}]})
    game = Game(joined)
    game.act("shu", {"do": "alliance", "space": "trade"})
    game.act("wei", "join-alliance")
    assert MODULE.may_note(game.state, "wei", "wu")
