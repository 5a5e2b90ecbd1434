"""Trades in the dark (IV.2.d; rules notes 3 and 27): offers, answers, and what moves."""

from __future__ import annotations

import pytest

from tests.games.three_kingdoms_card_game.kit import Game


def _game(**extra: object) -> Game:
    return Game(players=3,
                seat1={"lord": "cao-cao", "hand": ["assassin.1", "sniped.1", "red-hare"]},
                seat2={"lord": "liu-bei", "hand": ["zhang-fei", "guan-yu", "plague.1"]},
                seat3={"lord": "sun-jian", "hand": ["fire-attack.1"]}, **extra)


@pytest.mark.rule("cardgame:intervention.trade")
def test_a_trade_takes_place_once_the_other_accepts() -> None:
    """A player may offer a trade to another during a Main Phase; it happens only if the
    other accepts, and a refused offer moves nothing."""
    game = _game()
    game.act("seat1", {"do": "offer-trade", "to": "seat2",
                       "give": [game.handle("seat1", "assassin.1")], "ask": 1})
    assert game.prompt().role == "seat2" and game.prompt().step == "trade"
    game.act("seat2", "refuse-trade")
    assert game.hand("seat1") == ["assassin.1", "sniped.1", "red-hare"]
    assert game.hand("seat2") == ["zhang-fei", "guan-yu", "plague.1"]
    assert "  Seat 2 refuses the trade (intervention.trade)" in game.lines()
    game.refuse("seat1", {"do": "offer-trade", "to": "seat3",
                          "give": [game.handle("seat1", "sniped.1")], "ask": 1},
                rule="intervention.trade")  # one offer per player per turn (notes 27)


@pytest.mark.rule("cardgame:intervention.trade.numbers")
def test_two_cards_for_three_and_gifts() -> None:
    """Each side gives any number of cards: two for three is fine, so is a gift of one
    for none; a trade moving no card at all is refused, and so is asking for more cards
    than the other holds, or accepting with another number than asked."""
    game = _game()
    game.refuse("seat1", {"do": "offer-trade", "to": "seat2", "give": [], "ask": 0},
                rule="intervention.trade.numbers")
    game.refuse("seat1", {"do": "offer-trade", "to": "seat3", "give": [], "ask": 2},
                rule="intervention.trade.numbers")
    give = [game.handle("seat1", c) for c in ("assassin.1", "sniped.1")]
    game.act("seat1", {"do": "offer-trade", "to": "seat2", "give": give, "ask": 3})
    wanted = [game.handle("seat2", c) for c in ("zhang-fei", "guan-yu", "plague.1")]
    game.refuse("seat2", {"do": "accept-trade", "give": wanted[:2]},
                rule="intervention.trade.numbers")
    game.act("seat2", {"do": "accept-trade", "give": wanted})
    assert sorted(game.hand("seat1")) == ["guan-yu", "plague.1", "red-hare", "zhang-fei"]
    assert sorted(game.hand("seat2")) == ["assassin.1", "sniped.1"]


@pytest.mark.rule("cardgame:intervention.trade.face-down")
def test_cards_pass_face_down_whatever_was_said() -> None:
    """Traded cards pass face down: the log and the position say how many moved, never
    which; each trader then holds exactly what the other chose to give."""
    game = _game()
    game.act("seat1", {"do": "offer-trade", "to": "seat2",
                       "give": [game.handle("seat1", "red-hare")], "ask": 1})
    game.act("seat2", {"do": "accept-trade", "give": [game.handle("seat2", "plague.1")]})
    said = "\n".join(game.lines())
    assert "Red Hare" not in said and "Plague" not in said
    assert "  Seat 1 and Seat 2 trade 1 card(s) for 1, face down " \
           "(intervention.trade.face-down)" in game.lines()
    assert "plague.1" in game.hand("seat1") and "red-hare" in game.hand("seat2")
    spectator = game.table()
    assert all(spectator.public_card(e) is None for e in game.state["hands"]["seat1"])


@pytest.mark.rule("cardgame:intervention.trade.any-players")
def test_two_players_trade_in_a_third_players_turn() -> None:
    """The two traders need not include the player whose turn it is: asked in a window of
    Seat 1's turn, Seat 2 offers Seat 3 a trade, and is asked again once it is answered."""
    game = _game()
    game.play("seat1", "assassin.1", target="sun-jian")
    assert game.prompt().role == "seat2" and game.prompt().step == "window"
    assert "offer-trade" in game.verbs()
    game.act("seat2", {"do": "offer-trade", "to": "seat3",
                       "give": [game.handle("seat2", "guan-yu")], "ask": 1})
    assert game.prompt().role == "seat3" and game.prompt().step == "trade"
    game.act("seat3", {"do": "accept-trade", "give": [game.handle("seat3", "fire-attack.1")]})
    assert "fire-attack.1" in game.hand("seat2") and game.hand("seat3") == ["guan-yu"]
    assert game.prompt().role == "seat2" and game.prompt().step == "window"
    game.refuse("seat3", {"do": "offer-trade", "to": "seat1", "give": [], "ask": 1})
