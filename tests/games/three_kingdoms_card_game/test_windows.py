"""Reaction windows and the chain (rules notes 2 and 23): who is asked after a play and in
which order, the standing order ``window``, one answer per window, each answer opening the
next window, the chain taking effect last first, and counters refused against plays of the
wrong kind."""

from __future__ import annotations

from typing import Any

import pytest

from tests.games.three_kingdoms_card_game.kit import Game

SEAL = "immobilized-by-the-golden-seal"
BAG = "opened-a-bag-of-trick"
LORDS = ["cao-cao", "liu-zhang", "sun-jian", "yuan-shao"]


def table(players: int, turn: str = "seat1", deck: list[str] | None = None,
          **seats: dict[str, Any]) -> Game:
    """Every seat gets a lord and a plain character (``<seat>`` keys override)."""
    extra = ["xun-yu", "chen-gong", "zhang-zhao", "guan-yu"]
    info: dict[str, dict[str, Any]] = {}
    for n in range(1, players + 1):
        role = f"seat{n}"
        info[role] = {"lord": LORDS[n - 1], "characters": [{"card": extra[n - 1]}],
                      **seats.get(role, {})}
    return Game(players=players, turn={"role": turn, "start": "main"}, deck=deck, **info)


def asked_in_turn(game: Game) -> list[str]:
    """Pass every open window, noting who is asked, in order."""
    roles = []
    while (p := game.prompt()) is not None and p.step == "window":
        roles.append(p.role)
        game.act(p.role, "pass")
    return roles


def stripped(lines: list[str]) -> list[str]:
    return [line.strip() for line in lines]


# ---------------------------------------------------------------------- who is asked


@pytest.mark.rule("cardgame:intervention.instant.answer")
def test_asked_clockwise_from_the_left_of_the_player_who_played():
    """After a play, the other players are asked one by one clockwise, starting with the
    one on the left of the player who made it (here Seat 3, in her own turn)."""
    game = table(4, turn="seat3", seat1={"hand": ["plague.1"]}, seat2={"hand": ["plague.2"]},
                 seat3={"hand": ["borrowed-arrows.1"]}, seat4={"hand": ["night-raid.1"]},
                 deck=["assassin.1", "assassin.2"])
    game.play("seat3", "borrowed-arrows.1")
    assert asked_in_turn(game) == ["seat4", "seat1", "seat2"]
    assert game.hand("seat3") == ["assassin.1", "assassin.2"]


@pytest.mark.rule("cardgame:intervention.instant.answer")
def test_an_answer_opens_a_window_asked_from_the_answerers_left():
    """The window after an answer is asked clockwise from the answerer's left, and the
    player whose card was answered is asked in it."""
    game = table(4, seat1={"hand": ["assassin.1"]}, seat2={"hand": ["plague.1"]},
                 seat3={"hand": [f"{SEAL}.1"]}, seat4={"hand": ["plague.2"]})
    game.play("seat1", "assassin.1", target="zhang-zhao")
    game.act("seat2", "pass")
    game.play("seat3", f"{SEAL}.1")
    window = game.state["stack"][-1]
    assert (window["step"], window["opener"]) == ("window", "seat3")
    assert asked_in_turn(game) == ["seat4", "seat2"]  # Seat 1 holds no card any more
    assert "zhang-zhao" in game.state["characters"]


@pytest.mark.rule("cardgame:intervention.instant.answer")
def test_only_players_holding_a_card_are_asked():
    """A player with an empty hand has nothing to answer with and is not asked."""
    game = table(4, seat1={"hand": ["borrowed-arrows.1"]}, seat2={"hand": ["plague.1"]},
                 seat4={"hand": ["plague.2"]}, deck=["assassin.1", "assassin.2"])
    game.play("seat1", "borrowed-arrows.1")
    assert asked_in_turn(game) == ["seat2", "seat4"]


@pytest.mark.rule("cardgame:intervention.instant.answer")
def test_standing_order_pass_is_never_asked():
    """With her standing order ``pass`` a player is never asked, even against her own
    character: she lets everything take effect."""
    game = table(3, seat1={"hand": ["assassin.1"]},
                 seat2={"hand": [f"{SEAL}.1"], "orders": {"window": "pass"}},
                 seat3={"hand": ["plague.1"]})
    game.play("seat1", "assassin.1", target="chen-gong")
    assert asked_in_turn(game) == ["seat3"]
    assert "chen-gong" not in game.state["characters"]
    assert game.hand("seat2") != []


@pytest.mark.rule("cardgame:intervention.instant.answer")
def test_standing_order_mine_is_asked_only_when_aimed_at():
    """With ``mine`` a player is asked only about plays aimed at her or her cards, or
    answering her own play."""
    mine = {"window": "mine"}
    game = table(3, deck=["assassin.2", "assassin.3"],
                 seat1={"hand": ["borrowed-arrows.1", "assassin.1"], "orders": mine},
                 seat2={"hand": [f"{SEAL}.1", "night-raid.1"], "orders": mine},
                 seat3={"hand": ["night-raid.2"], "orders": mine})
    game.play("seat1", "borrowed-arrows.1")  # aims at nobody: nobody is asked
    assert game.prompt().step == "main"
    game = table(3, seat1={"hand": ["assassin.1", "plague.1"], "orders": mine},
                 seat2={"hand": [f"{SEAL}.1", "night-raid.1"], "orders": mine},
                 seat3={"hand": ["night-raid.2"], "orders": mine})
    game.play("seat1", "assassin.1", target="chen-gong")
    assert game.prompt().role == "seat2"  # Seat 3 is not asked: not her character
    game.play("seat2", f"{SEAL}.1")
    assert game.prompt().role == "seat1"  # the Seal answers Seat 1's play
    assert asked_in_turn(game) == ["seat1"]
    assert "chen-gong" in game.state["characters"]


@pytest.mark.rule("cardgame:intervention.instant.answer")
def test_standing_order_mine_asks_everyone_a_play_reaches():
    """A play that reaches every other player (Plague) asks each of them."""
    mine = {"window": "mine"}
    game = table(3, seat1={"hand": ["plague.1"]}, seat2={"hand": ["night-raid.1"],
                                                          "orders": mine},
                 seat3={"hand": ["night-raid.2"], "orders": mine})
    game.play("seat1", "plague.1")
    roles = []
    while (p := game.prompt()) is not None and p.step == "window":
        roles.append(p.role)
        game.act(p.role, "pass")  # the last pass makes Plague work: no dice, one card each
    assert roles == ["seat2", "seat3"]
    assert game.hand("seat2") == [] and game.hand("seat3") == []


@pytest.mark.rule("cardgame:intervention.instant.answer")
def test_standing_order_is_changed_by_an_action():
    """A player changes her standing order ``window`` with an ``orders`` action; a value
    it does not take is refused."""
    game = table(2, seat1={"hand": ["borrowed-arrows.1"]}, seat2={"hand": ["plague.1"]},
                 deck=["assassin.2", "assassin.3"])
    game.refuse("seat2", {"do": "orders", "set": {"window": "sometimes"}})
    game.act("seat2", {"do": "orders", "set": {"window": "pass"}})
    assert game.state["orders"]["seat2"]["window"] == "pass"
    game.play("seat1", "borrowed-arrows.1")
    assert game.prompt().step == "main"
    assert game.hand("seat1") == ["assassin.2", "assassin.3"]


# ---------------------------------------------------------------------- one answer per window


@pytest.mark.rule("cardgame:intervention.instant.answer")
def test_the_first_in_seat_order_takes_the_window():
    """Two players hold an answer: the first asked in seat order plays hers and it is the
    one on the chain; the other keeps her card and is asked again in the next window."""
    game = table(3, seat1={"hand": ["assassin.1"]}, seat2={"hand": [f"{SEAL}.1"]},
                 seat3={"hand": [f"{SEAL}.2", f"{BAG}.1"]})
    game.play("seat1", "assassin.1", target="zhang-zhao")
    game.play("seat2", f"{SEAL}.1")
    assert [e["card"] for e in game.state["chain"]] == ["assassin.1", f"{SEAL}.1"]
    assert game.prompt().role == "seat3"
    assert f"{SEAL}.2" in game.hand("seat3")
    # her Seal cannot answer a Seal; her Bag can
    game.refuse("seat3", {"do": "play", "card": game.handle("seat3", f"{SEAL}.2")},
                rule="intervention.instant.answer")
    game.play("seat3", f"{BAG}.1")
    game.pass_all()
    assert "zhang-zhao" not in game.state["characters"]
    assert game.hand("seat3") == [f"{SEAL}.2"]


@pytest.mark.rule("cardgame:intervention.instant.answer")
def test_the_chain_takes_effect_last_first():
    """The chain works from its top: Seat 2's Fire Attack, played in answer, makes Seat 1
    discard her only card before Seat 1's Urgent Dispatch draws her a new one."""
    game = table(2, deck=["night-raid.1"], seat1={"hand": ["urgent-dispatch.1", "plague.1"]},
                 seat2={"hand": ["fire-attack.1"]})
    game.play("seat1", "urgent-dispatch.1")
    game.play("seat2", "fire-attack.1", player="seat1")
    lines = stripped(game.pass_all())
    assert game.hand("seat1") == ["night-raid.1"]
    discarded = next(i for i, line in enumerate(lines) if "discards a card at random" in line)
    drew = lines.index("Seat 1 draws 1 card (event.event)")
    assert discarded < drew
    assert game.state["chain"] == []


@pytest.mark.rule("cardgame:intervention.instant.answer")
def test_the_dialogue_chain_resolves_bag_then_seal_then_assassin():
    """The rulebook's example, read last first: the Bag cancels the Seal, the cancelled
    Seal does nothing, and the Assassin kills."""
    game = table(2, seat1={"hand": ["assassin.1", f"{BAG}.1"]}, seat2={"hand": [f"{SEAL}.1"]})
    game.play("seat1", "assassin.1", target="chen-gong")
    game.play("seat2", f"{SEAL}.1")
    lines = stripped(game.play("seat1", f"{BAG}.1"))
    order = [next(i for i, line in enumerate(lines) if text in line) for text in (
        "Opened a Bag of Trick goes to the Discard Pile",
        "Immobilized by the Golden Seal is cancelled",
        "Chen Gong is killed")]
    assert order == sorted(order)
    assert "chen-gong" not in game.state["characters"]


# ---------------------------------------------------------------------- wrong counters


@pytest.mark.rule("cardgame:intervention.instant.answer")
def test_a_counter_against_the_wrong_kind_of_play_is_refused():
    """Each counter names what it cancels: a Bag of Trick does not answer an event without
    the lightning mark, a Seal does not answer a bribe, Steadfast Loyalty does not answer
    an event, Empty Fort does not answer a bribe. The window stays open, unchanged."""
    hand = [f"{BAG}.1", f"{SEAL}.1", "steadfast-loyalty.1", "empty-fort.1"]
    game = table(2, seat1={"hand": ["assassin.1", "plague.1"]},
                 seat2={"hand": hand, "characters": [{"card": "sima-yi"}]})
    game.play("seat1", "assassin.1", target="sima-yi")
    for card in (BAG, "steadfast-loyalty"):
        game.refuse("seat2", {"do": "play", "card": game.handle("seat2", f"{card}.1")},
                    rule="intervention.instant.answer")
    game.play("seat2", f"{SEAL}.1")
    game.pass_all()
    assert "sima-yi" in game.state["characters"]
    game.act("seat1", {"do": "bribe", "target": "sima-yi"})
    for card in (BAG, "empty-fort"):
        game.refuse("seat2", {"do": "play", "card": game.handle("seat2", f"{card}.1")},
                    rule="intervention.instant.answer")
    game.play("seat2", "steadfast-loyalty.1")
    game.pass_all()
    assert game.char("sima-yi")["controller"] == "seat2"
    assert game.hand("seat1") == ["plague.1"]


@pytest.mark.rule("cardgame:intervention.instant.answer")
def test_a_counter_with_nothing_to_cancel_is_refused():
    """A counter played when no play is waiting has nothing to answer."""
    game = table(2, seat1={"hand": [f"{SEAL}.1"]})
    game.refuse("seat1", {"do": "play-event", "card": game.handle("seat1", f"{SEAL}.1")},
                rule="intervention.instant.answer", match="nothing to cancel")
