"""The cards the rulebook names: Diao Chan, Mistress Zhu Rong, the Assassin, the Golden
Seal, the Bag of Trick, Burned Supply Trains, Sniped and Liou Biao.

Their values and most of their effects are reconstructed data (docs/cardgame-data.md);
these tests hold the product to what the text gives and to the data's reading of the rest.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.games.three_kingdoms_card_game.kit import Game

SEAL = "immobilized-by-the-golden-seal"
BAG = "opened-a-bag-of-trick"


def pile(game: Game) -> list[str]:
    return list(game.state["discard"]["cards"])


def rules_of(lines: list[str]) -> list[str]:
    """The rule ids cited by log lines ("text (rule)")."""
    return [line.rsplit("(", 1)[1].rstrip(")") for line in lines if line.endswith(")")]


def settle(game: Game, role: str, action: dict[str, Any] | str, *dice: int) -> list[str]:
    """``role`` acts and every window after it passes; ``dice`` are those the play draws
    when it takes effect (at once if nobody is asked). Returns the log lines."""
    t = game.table()
    asked = [r for r in t.others_from(role) if t.hand(r) and t.order(r, "window") == "ask"]
    if asked:
        return game.act(role, action) + game.pass_all(*dice)
    return game.act(role, action, *dice)


def play_settle(game: Game, role: str, card: str, *dice: int, **args: Any) -> list[str]:
    """``role`` plays ``card`` in her Event Stage and nobody answers it."""
    kind = type(game.table().record(card)).__name__.lower()
    return settle(game, role, {"do": f"play-{kind}", "card": game.handle(role, card), **args},
                  *dice)


def diao_chan_game(**extra: Any) -> Game:
    """Seat 1 has Diao Chan on no land; Seat 2 holds Sili with Xun Yu."""
    seat1 = {"lord": "cao-cao", "characters": [{"card": "diao-chan"}],
             "hand": extra.pop("hand1", [])}
    seat2 = {"lord": "liu-zhang", "lands": ["sili"],
             "characters": [{"card": "xun-yu", "lands": ["sili"]}, {"card": "chen-gong"}],
             "hand": extra.pop("hand2", [])}
    return Game(seat1=seat1, seat2=seat2, **extra)


def take_with_diao_chan(game: Game, target: str = "xun-yu", roll: int = 2) -> list[str]:
    return settle(game, "seat1", {"do": "use-ability", "character": "diao-chan",
                                  "target": target}, roll)


# ---------------------------------------------------------------------- Diao Chan


@pytest.mark.rule("cardgame:card.diao-chan.control")
def test_diao_chan_takes_a_character_off_its_land():
    """Diao Chan's ability, on a good roll, brings another player's character under her
    player's control: it leaves the land it stood on and lies before its new player."""
    game = diao_chan_game()
    lines = take_with_diao_chan(game, "xun-yu", roll=3)
    xun = game.char("xun-yu")
    assert xun["controller"] == "seat1"
    assert xun["owner"] == "seat2"  # she only holds it: it can go back
    assert xun["lands"] == []
    assert xun["held"]["by"] == "diao-chan"
    assert game.char("diao-chan")["rotated"] is True
    assert game.owner("sili") == "seat2"  # the land is judged at its owner's end of turn
    assert "card.diao-chan.control" in rules_of(lines)


@pytest.mark.rule("cardgame:card.diao-chan.control")
def test_diao_chan_reaches_a_character_on_no_land():
    """Her control reaches a character standing on no land as well."""
    game = diao_chan_game()
    take_with_diao_chan(game, "chen-gong", roll=1)
    assert game.char("chen-gong")["controller"] == "seat1"


@pytest.mark.rule("cardgame:card.diao-chan.control")
def test_diao_chan_fails_on_a_high_roll_and_is_turned_anyway():
    """A roll above her number takes nothing, and her card is turned all the same."""
    game = diao_chan_game()
    lines = take_with_diao_chan(game, "xun-yu", roll=4)
    assert game.char("xun-yu")["controller"] == "seat2"
    assert game.char("xun-yu")["lands"] == ["sili"]
    assert game.char("diao-chan")["rotated"] is True
    assert "ability.die-roll" in rules_of(lines)


@pytest.mark.rule("cardgame:card.diao-chan.control")
def test_diao_chan_never_takes_a_lord_nor_her_own_side():
    """A lord is out of her reach, and so are her own player's characters."""
    game = diao_chan_game()
    game.refuse("seat1", {"do": "use-ability", "character": "diao-chan",
                          "target": "liu-zhang"}, rule="event.abilities", match="lord")
    game.refuse("seat1", {"do": "use-ability", "character": "diao-chan",
                          "target": "cao-cao"}, rule="event.abilities")


@pytest.mark.rule("cardgame:card.diao-chan.release")
def test_character_goes_back_when_diao_chan_returns_to_hand():
    """Taking Diao Chan back to hand sends the character she holds back to its player, on
    no land; the held character itself cannot be taken to her player's hand."""
    game = diao_chan_game()
    take_with_diao_chan(game)
    game.act("seat1", "end-main")
    game.pass_all()
    game.refuse("seat1", {"do": "return", "card": "xun-yu"}, rule="ending.rearrange.return")
    lines = game.act("seat1", {"do": "return", "card": "diao-chan"})
    assert "diao-chan" not in game.state["characters"]
    assert "diao-chan" in game.hand("seat1")
    xun = game.char("xun-yu")
    assert (xun["controller"], xun["held"], xun["lands"]) == ("seat2", None, [])
    assert "card.diao-chan.release" in rules_of(lines)


@pytest.mark.rule("cardgame:card.diao-chan.release")
def test_character_goes_back_when_diao_chan_dies():
    """If Diao Chan is killed, the character she held returns to its own player."""
    game = diao_chan_game(hand2=["assassin.1"])
    take_with_diao_chan(game)
    game.act("seat1", "end-main")
    game.pass_all()
    game.act("seat1", "done")
    assert game.prompt().role == "seat2"
    lines = play_settle(game, "seat2", "assassin.1", target="diao-chan")
    assert "diao-chan" not in game.state["characters"]
    assert "diao-chan" in pile(game)
    assert game.char("xun-yu")["controller"] == "seat2"
    assert game.char("xun-yu")["held"] is None
    assert "card.diao-chan.release" in rules_of(lines)


@pytest.mark.rule("cardgame:card.diao-chan.victim-dies")
def test_diao_chan_survives_her_captive_and_stays_turned():
    """When the character she holds dies, Diao Chan lives on, still turned: her ability
    stays spent until she comes into play again."""
    game = diao_chan_game(hand2=["assassin.1"])
    take_with_diao_chan(game)
    game.act("seat1", "end-main")
    game.pass_all()
    game.act("seat1", "done")
    # Seat 2 strikes at her own character, now Seat 1's
    lines = play_settle(game, "seat2", "assassin.1", target="xun-yu")
    assert "xun-yu" not in game.state["characters"]
    assert "xun-yu" in pile(game)
    assert game.char("diao-chan")["controller"] == "seat1"
    assert game.char("diao-chan")["rotated"] is True
    assert "card.diao-chan.victim-dies" in rules_of(lines)


@pytest.mark.rule("cardgame:card.diao-chan.victim-dies")
def test_diao_chan_turned_cannot_use_her_ability_again():
    """Still turned on her player's next turn, she cannot take another character."""
    game = diao_chan_game(turn={"role": "seat1", "start": "main"})
    game.state["characters"]["diao-chan"]["rotated"] = True
    game.refuse("seat1", {"do": "use-ability", "character": "diao-chan", "target": "chen-gong"},
                rule="ability.rotated")


# ---------------------------------------------------------------------- Zhu Rong


def zhu_rong_game() -> Game:
    return Game(seat1={"lord": "cao-cao", "characters": [{"card": "mistress-zhu-rong"}]},
                seat2={"lord": "liu-zhang", "lands": ["sili"],
                       "characters": [{"card": "xun-yu", "lands": ["sili"]},
                                      {"card": "zhang-zhao", "lands": ["sili"]},
                                      {"card": "chen-gong"}]})


@pytest.mark.rule("cardgame:card.zhu-rong.duel")
def test_zhu_rong_duels_a_character_on_no_land():
    """Mistress Zhu Rong may challenge a character that stands on no land; the loser dies."""
    game = zhu_rong_game()
    lines = settle(game, "seat1", {"do": "use-ability", "character": "mistress-zhu-rong",
                                   "target": "chen-gong"}, 1, 1)  # 1 + 4 against 1 + 2
    assert "chen-gong" not in game.state["characters"]
    assert "mistress-zhu-rong" in game.state["characters"]
    assert "card.zhu-rong.duel" in rules_of(lines)


@pytest.mark.rule("cardgame:card.zhu-rong.duel")
def test_zhu_rong_win_takes_no_land_and_spares_land_mates():
    """Beating a character on a land kills only that character: its land-mate lives and
    the land stays with its owner; Zhu Rong gains no land."""
    game = zhu_rong_game()
    settle(game, "seat1", {"do": "use-ability", "character": "mistress-zhu-rong",
                           "target": "xun-yu"}, 2, 3)  # 2 + 4 against 3 + 1
    assert "xun-yu" not in game.state["characters"]
    assert game.char("zhang-zhao")["lands"] == ["sili"]
    assert game.owner("sili") == "seat2"
    assert game.char("mistress-zhu-rong")["lands"] == []


@pytest.mark.rule("cardgame:card.zhu-rong.duel")
def test_zhu_rong_losing_the_duel_dies():
    """If her total is lower, she is the one who dies."""
    game = zhu_rong_game()
    settle(game, "seat1", {"do": "use-ability", "character": "mistress-zhu-rong",
                           "target": "xun-yu"}, 1, 6)  # 1 + 4 against 6 + 1
    assert "mistress-zhu-rong" not in game.state["characters"]
    assert "xun-yu" in game.state["characters"]


# ---------------------------------------------------------------------- Assassin


def assassin_game(players: int = 2, **seats: Any) -> Game:
    base: dict[str, Any] = {
        "seat1": {"lord": "cao-cao", "hand": ["assassin.1"], "characters": [{"card": "xun-yu"}]},
        "seat2": {"lord": "liou-biao", "characters": [{"card": "chen-gong"}]},
        "seat3": {"lord": "sun-jian"},
    }
    for role, info in seats.items():
        base[role] = {**base.get(role, {}), **info}
    return Game(players=players, **{r: base[r] for r in list(base)[:players]})


@pytest.mark.rule("cardgame:card.assassin")
def test_assassin_kills_a_character_on_no_land():
    """The Assassin kills the character its player names, even one on no land."""
    game = assassin_game()
    lines = play_settle(game, "seat1", "assassin.1", target="chen-gong")
    assert "chen-gong" not in game.state["characters"]
    assert pile(game) == ["chen-gong", "assassin.1"]
    assert "card.assassin" in rules_of(lines)


@pytest.mark.rule("cardgame:card.assassin")
def test_assassin_may_kill_a_lord():
    """A lord is a fair target: its player has lost her lord."""
    game = assassin_game()
    play_settle(game, "seat1", "assassin.1", target="liou-biao")
    assert "liou-biao" not in game.state["characters"]
    assert game.state["lords"]["seat2"] is None
    assert game.state["lord_lost"]["seat2"] is True


@pytest.mark.rule("cardgame:card.assassin")
def test_assassin_aims_only_at_another_players_character():
    """It is sent against another player's character: not at one's own, nor at nobody."""
    game = assassin_game()
    game.refuse("seat1", {"do": "play-event", "card": game.handle("seat1", "assassin.1"),
                          "target": "xun-yu"}, rule="event.event")
    game.refuse("seat1", {"do": "play-event", "card": game.handle("seat1", "assassin.1")},
                rule="event.event")
    game.refuse("seat1", {"do": "play-event", "card": game.handle("seat1", "assassin.1"),
                          "target": "guan-yu"}, rule="event.event")


@pytest.mark.rule("cardgame:card.liou-biao")
def test_liou_biao_is_a_lord_the_assassin_can_target():
    """Liou Biao is a lord character (reconstructed), known also as Liu Biao; an Assassin
    played at him kills him."""
    game = assassin_game()
    rec = game.table().record("liou-biao")
    assert rec.lord is True
    assert game.table().record("liu-biao").id == "liou-biao"
    lines = [line.strip() for line in play_settle(game, "seat1", "assassin.1",
                                                  target="liou-biao")]
    assert "Seat 1 plays Assassin at Liou Biao (event.event)" in lines
    assert "Liou Biao is killed (card.assassin)" in lines
    assert "liou-biao" in pile(game)
    assert "liou-biao" in game.state["aside"]  # a lord never joins the Main Deck


# ---------------------------------------------------------------------- Seal and Bag


@pytest.mark.rule("cardgame:card.immobilized-golden-seal")
def test_golden_seal_stops_the_assassin():
    """Played in answer to the Assassin, the Seal stops it: its target lives, and both
    cards end in the Discard Pile."""
    game = assassin_game(seat2={"hand": [f"{SEAL}.1"]})
    game.play("seat1", "assassin.1", target="liou-biao")
    lines = game.play("seat2", f"{SEAL}.1")
    assert "liou-biao" in game.state["characters"]
    assert game.state["lords"]["seat2"] == "liou-biao"
    assert set(pile(game)) == {"assassin.1", f"{SEAL}.1"}
    assert any("Assassin is cancelled" in line for line in lines)
    assert game.state["chain"] == []


@pytest.mark.rule("cardgame:card.immobilized-golden-seal")
def test_golden_seal_is_an_instant_that_answers_events_only():
    """The Seal is an instant: it is played in another player's turn. It stops an event or
    an ability, not a battle."""
    game = Game(seat1={"lord": "cao-cao", "characters": [{"card": "guan-yu"}]},
                seat2={"lord": "liu-zhang", "lands": ["sili"], "hand": [f"{SEAL}.1"]})
    assert game.table().record(SEAL).instant is True
    game.act("seat1", {"do": "attack", "character": "guan-yu", "land": "sili",
                       "mode": "war"})
    game.refuse("seat2", {"do": "play", "card": game.handle("seat2", f"{SEAL}.1")},
                rule="intervention.instant.answer", match="battle")


@pytest.mark.rule("cardgame:card.opened-bag-of-trick")
def test_bag_of_trick_counters_the_seal_and_the_assassin_strikes():
    """The rulebook's opening exchange: an Assassin at Liou Biao, the Seal against it, a
    Bag of Trick against the Seal. The Bag works first, so the Seal does nothing and the
    Assassin kills Liou Biao."""
    game = assassin_game(players=3, seat1={"hand": ["assassin.1", f"{BAG}.1"]},
                         seat2={"hand": [f"{SEAL}.1"]}, seat3={"hand": ["borrowed-arrows.1"]})
    game.play("seat1", "assassin.1", target="liou-biao")
    game.play("seat2", f"{SEAL}.1")
    assert game.prompt().role == "seat3"
    game.act("seat3", "pass")
    game.play("seat1", f"{BAG}.1")
    lines = game.pass_all()
    assert "liou-biao" not in game.state["characters"]
    assert game.state["lord_lost"]["seat2"] is True
    assert {"assassin.1", f"{SEAL}.1", f"{BAG}.1", "liou-biao"} <= set(pile(game))
    seal_off = next(i for i, line in enumerate(lines) if "Golden Seal is cancelled" in line)
    killed = next(i for i, line in enumerate(lines) if "Liou Biao is killed" in line)
    assert seal_off < killed


@pytest.mark.rule("cardgame:card.opened-bag-of-trick")
def test_bag_of_trick_answers_only_an_instant():
    """The Bag cancels an instant; against the Assassin, an event without the lightning
    mark, it is refused."""
    game = assassin_game(seat2={"hand": [f"{BAG}.1"]})
    assert game.table().record(BAG).instant is True
    game.play("seat1", "assassin.1", target="liou-biao")
    game.refuse("seat2", {"do": "play", "card": game.handle("seat2", f"{BAG}.1")},
                rule="intervention.instant.answer", match="instant")


# ---------------------------------------------------------------------- Burned Supply Trains


@pytest.mark.rule("cardgame:card.burned-supply-trains")
def test_burned_supply_trains_discards_two_cards_at_random():
    """Its target player loses two cards of her hand, the dice picking which; the cards
    go to the Discard Pile face down (only their holder could turn them up)."""
    game = Game(seat1={"lord": "cao-cao", "hand": ["burned-supply-trains.1"]},
                seat2={"lord": "liu-zhang",
                       "hand": ["borrowed-arrows.1", "night-raid.1", "plague.1", "zhao-yun"]})
    game.play("seat1", "burned-supply-trains.1", player="seat2")
    lines = game.pass_all(2, 3)  # the 2nd of four, then the 3rd of the three left
    assert game.hand("seat2") == ["borrowed-arrows.1", "plague.1"]
    assert pile(game) == ["burned-supply-trains.1"]
    assert game.state["discard"]["face_down"] == 2
    assert game.state["discard"]["hidden"] == 3
    assert rules_of(lines).count("card.burned-supply-trains") == 2


@pytest.mark.rule("cardgame:card.burned-supply-trains")
def test_burned_supply_trains_against_a_short_hand():
    """A player with one card loses that one; the effect needs another player named."""
    game = Game(seat1={"lord": "cao-cao", "hand": ["burned-supply-trains.1"]},
                seat2={"lord": "liu-zhang", "hand": ["plague.1"]})
    game.refuse("seat1", {"do": "play-event",
                          "card": game.handle("seat1", "burned-supply-trains.1")},
                rule="event.event")
    game.refuse("seat1", {"do": "play-event", "player": "seat1",
                          "card": game.handle("seat1", "burned-supply-trains.1")},
                rule="event.event")
    game.play("seat1", "burned-supply-trains.1", player="seat2")
    game.pass_all()
    assert game.hand("seat2") == []
    assert game.state["discard"]["face_down"] == 1


# ---------------------------------------------------------------------- Sniped


@pytest.mark.rule("cardgame:card.sniped")
def test_sniped_is_an_event_that_kills_on_a_land():
    """Sniped is in the Main Deck; its effect is reconstructed: it kills another player's
    character standing on a land, never a lord nor one on no land."""
    game = Game(seat1={"lord": "cao-cao", "hand": ["sniped.1"]},
                seat2={"lord": "liu-zhang", "lands": ["sili"],
                       "characters": [{"card": "xun-yu", "lands": ["sili"]},
                                      {"card": "chen-gong"}]})
    assert sum(1 for c in game.table().data.main_deck() if c.startswith("sniped.")) >= 1
    handle = game.handle("seat1", "sniped.1")
    game.refuse("seat1", {"do": "play-event", "card": handle, "target": "chen-gong"},
                rule="event.event", match="no land")
    game.refuse("seat1", {"do": "play-event", "card": handle, "target": "liu-zhang"},
                rule="event.event")
    game.play("seat1", "sniped.1", target="xun-yu")
    game.pass_all()
    assert "xun-yu" not in game.state["characters"]
    assert set(pile(game)) == {"xun-yu", "sniped.1"}
