"""Instant cards and deals (IV.2.d, the instant paragraph after IV.3.b; rules notes 2, 18,
22): when instants may be played, by whom, how many, and where they go once played."""

from __future__ import annotations

from typing import Any

import pytest

from tests.games.three_kingdoms_card_game.kit import Game

BAG = "opened-a-bag-of-trick"


def pile(game: Game) -> list[str]:
    return list(game.state["discard"]["cards"])


def stripped(lines: list[str]) -> list[str]:
    return [line.strip() for line in lines]


def lords(players: int = 2, **seats: dict[str, Any]) -> dict[str, dict[str, Any]]:
    names = ["cao-cao", "liu-zhang", "sun-jian", "yuan-shao"]
    out: dict[str, dict[str, Any]] = {}
    for n in range(1, players + 1):
        role = f"seat{n}"
        out[role] = {"lord": names[n - 1], **seats.get(role, {})}
    return out


# ---------------------------------------------------------------------- deals


@pytest.mark.rule("cardgame:intro.deals")
def test_deals_are_talk_that_pbem_does_not_record():
    """Players may bargain whenever they like in a Main Phase, but a deal is only words: no
    prompt offers one, and an action claiming one is refused and changes nothing."""
    game = Game(**lords(seat1={"hand": ["assassin.1"]}, seat2={"hand": ["fire-attack.1"]}))
    assert not any("deal" in verb for verb in game.verbs())
    for role in ("seat1", "seat2"):
        game.refuse(role, {"do": "deal", "with": "seat2" if role == "seat1" else "seat1",
                           "terms": "one card, or Burned Supply Trains"}, rule="intro.deals")
    game.play("seat1", "assassin.1", target="liu-zhang")
    assert game.prompt().role == "seat2"
    assert not any("deal" in verb for verb in game.verbs())
    game.refuse("seat2", {"do": "deal", "with": "seat1"}, rule="intro.deals")


# ---------------------------------------------------------------------- instants


@pytest.mark.rule("cardgame:cards.instant")
def test_an_instant_is_played_in_another_players_turn():
    """A card with the lightning mark may be played in any player's Main Phase: Seat 2
    answers Seat 1's character with Fire Attack, which makes Seat 1 discard at random."""
    game = Game(**lords(seat1={"hand": ["xun-yu", "plague.1", "night-raid.1"]},
                        seat2={"hand": ["fire-attack.1"]}))
    assert game.table().record("fire-attack").instant is True
    game.play("seat1", "xun-yu")
    lines = game.play("seat2", "fire-attack.1", player="seat1")
    assert "Seat 2 plays Fire Attack at Seat 1 (intervention.instant.any-time)" in \
        stripped(lines)
    game.pass_all(1)  # the first of Seat 1's two cards
    assert game.hand("seat1") == ["night-raid.1"]
    assert game.state["discard"]["face_down"] == 1
    assert "xun-yu" in game.state["characters"]
    assert game.hand("seat2") == []


@pytest.mark.rule("cardgame:cards.instant")
def test_a_card_without_the_lightning_mark_waits_for_its_players_event_stage():
    """A card without the mark cannot be played in another player's turn."""
    game = Game(**lords(seat1={"hand": ["xun-yu"]}, seat2={"hand": ["assassin.1"]}))
    assert game.table().record("assassin").instant is False
    game.play("seat1", "xun-yu")
    game.refuse("seat2", {"do": "play", "card": game.handle("seat2", "assassin.1"),
                          "target": "cao-cao"}, rule="event-card.timing")


@pytest.mark.rule("cardgame:intervention.instant.any-time")
def test_an_instant_answers_a_battle_before_it_is_fought():
    """After a battle is declared and before its dice, another player may play an instant:
    Seat 2 draws with Urgent Dispatch, then the duel is fought."""
    game = Game(deck=["borrowed-arrows.2"],
                **lords(seat1={"characters": [{"card": "guan-yu"}]},
                        seat2={"hand": ["urgent-dispatch.1"], "lands": ["sili"],
                               "characters": [{"card": "xun-yu", "lands": ["sili"]}]}))
    game.act("seat1", {"do": "attack", "character": "guan-yu", "land": "sili",
                       "mode": "duel"})
    assert game.prompt().role == "seat2"
    lines = stripped(game.play("seat2", "urgent-dispatch.1", 1, 1))  # duel: 1 + 5 to 1 + 1
    assert game.hand("seat2") == ["borrowed-arrows.2"]
    drew = lines.index("Seat 2 draws 1 card (event.event)")
    fought = next(i for i, line in enumerate(lines) if line.startswith("Duel for Sili"))
    assert drew < fought
    assert game.owner("sili") == "seat1"


@pytest.mark.rule("cardgame:intervention.instant.any-time")
def test_the_active_player_plays_an_instant_outside_her_event_stage():
    """In her own Main Phase the active player may play an instant at any moment: in her
    Battle Stage, without going back to the Event Stage or using its one event."""
    game = Game(deck=["borrowed-arrows.2"],
                **lords(seat1={"hand": ["urgent-dispatch.1"],
                               "characters": [{"card": "guan-yu"}]},
                        seat2={"lands": ["sili"],
                               "characters": [{"card": "xun-yu", "lands": ["sili"]}]}))
    game.act("seat1", {"do": "attack", "character": "guan-yu", "land": "sili",
                       "mode": "duel"}, 6, 6)  # a tie: nobody dies
    assert game.state["turn"]["stage"] == "battle"
    game.play("seat1", "urgent-dispatch.1")
    assert game.hand("seat1") == ["borrowed-arrows.2"]
    assert game.state["turn"]["stage"] == "battle"
    assert game.state["turn"]["left"] == []
    assert game.state["turn"]["plays"]["events"] == 0


@pytest.mark.rule("cardgame:intervention.instant.any-time")
def test_a_closing_window_opens_when_the_main_phase_ends():
    """When the active player ends her Main Phase the others get a moment with nothing
    pending: Seat 2 plays an instant of her own there, is asked again afterwards, and the
    phase ends once nobody plays."""
    game = Game(deck=["borrowed-arrows.2"],
                **lords(seat2={"hand": ["urgent-dispatch.1", "plague.1"]}))
    game.act("seat1", "end-main")
    prompt = game.prompt()
    assert (prompt.role, prompt.step) == ("seat2", "window")
    assert "ends the Main Phase" in prompt.text
    game.play("seat2", "urgent-dispatch.1")
    assert game.hand("seat2") == ["plague.1", "borrowed-arrows.2"]
    assert game.prompt().role == "seat2"
    assert game.prompt().step == "window"
    game.act("seat2", "pass")
    prompt = game.prompt()
    assert (prompt.role, prompt.step) == ("seat1", "rearrange")


@pytest.mark.rule("cardgame:intervention.instant.any-time")
def test_the_closing_window_asks_nobody_whose_order_waits_for_plays_at_her():
    """With her standing order ``mine`` a player is not asked while the Main Phase closes
    (nothing aims at her): the Ending Phase follows at once."""
    game = Game(**lords(seat2={"hand": ["urgent-dispatch.1"], "orders": {"window": "mine"}}))
    game.act("seat1", "end-main")
    assert game.prompt().step == "rearrange"
    assert game.hand("seat2") != []


@pytest.mark.rule("cardgame:intervention.instant.answer")
def test_an_instant_answers_an_instant():
    """An instant may answer another instant: the Bag of Trick cancels Seat 1's Urgent
    Dispatch, which draws nothing."""
    game = Game(deck=["borrowed-arrows.2"],
                **lords(seat1={"hand": ["urgent-dispatch.1"]}, seat2={"hand": [f"{BAG}.1"]}))
    game.play("seat1", "urgent-dispatch.1")
    lines = stripped(game.play("seat2", f"{BAG}.1"))
    assert "Seat 2 plays Opened a Bag of Trick against Seat 1's Urgent Dispatch " \
        "(intervention.instant.any-time)" in lines
    lines += stripped(game.pass_all())
    assert game.hand("seat1") == []
    assert game.state["deck"]["left"] == len(game.table().data.main_deck()) - 2
    assert "Seat 1's Urgent Dispatch is cancelled (event-card.immediate)" in lines


@pytest.mark.rule("cardgame:intervention.instant.answer")
def test_a_bag_of_trick_answers_a_bag_of_trick():
    """Answers may answer answers: Seat 1's Bag cancels Seat 2's Bag, so Seat 1's Fire
    Attack works after all."""
    game = Game(**lords(seat1={"hand": ["fire-attack.1", f"{BAG}.1"]},
                        seat2={"hand": [f"{BAG}.2", "plague.1"]}))
    game.play("seat1", "fire-attack.1", player="seat2")
    game.play("seat2", f"{BAG}.2")
    game.play("seat1", f"{BAG}.1")
    assert [e["card"] for e in game.state["chain"]] == ["fire-attack.1", f"{BAG}.2",
                                                         f"{BAG}.1"]
    game.pass_all()  # Seat 2 passes with her last card; it is the one discarded
    assert game.hand("seat2") == []
    assert game.state["discard"]["face_down"] == 1
    assert set(pile(game)) == {"fire-attack.1", f"{BAG}.1", f"{BAG}.2"}


@pytest.mark.rule("cardgame:intervention.instant.unlimited")
def test_the_active_player_plays_instants_beyond_the_one_event():
    """Instants are not counted against the Event Stage's one event: Seat 1 plays three
    Urgent Dispatches and then her one event, Borrowed Arrows."""
    game = Game(deck=["plague.1", "plague.2", "night-raid.1", "assassin.1", "assassin.2"],
                **lords(seat1={"hand": [f"urgent-dispatch.{n}" for n in (1, 2, 3)]
                               + ["borrowed-arrows.1"]}))
    for n in (1, 2, 3):
        game.play("seat1", f"urgent-dispatch.{n}")
    game.play("seat1", "borrowed-arrows.1")
    assert game.hand("seat1") == ["plague.1", "plague.2", "night-raid.1", "assassin.1",
                                  "assassin.2"]
    assert game.state["turn"]["plays"]["events"] == 1
    game.refuse("seat1", {"do": "play-event", "card": game.handle("seat1", "plague.1")},
                rule="event.event")


@pytest.mark.rule("cardgame:intervention.instant.unlimited")
def test_another_player_plays_several_instants_in_one_turn():
    """Seat 2 plays one instant in a window after Seat 1's play and two more as Seat 1's
    Main Phase closes."""
    game = Game(deck=["plague.1", "plague.2", "night-raid.1"],
                **lords(seat1={"hand": ["xun-yu"]},
                        seat2={"hand": [f"urgent-dispatch.{n}" for n in (1, 2, 3)]}))
    game.play("seat1", "xun-yu")
    game.play("seat2", "urgent-dispatch.1")
    game.act("seat1", "end-main")
    game.play("seat2", "urgent-dispatch.2")
    game.play("seat2", "urgent-dispatch.3")
    game.act("seat2", "pass")
    assert game.hand("seat2") == ["plague.1", "plague.2", "night-raid.1"]
    assert pile(game) == [f"urgent-dispatch.{n}" for n in (1, 2, 3)]
    assert game.prompt().step == "rearrange"


@pytest.mark.rule("cardgame:intervention.instant.main-only")
def test_no_instant_in_the_ending_phase():
    """Instants belong to Main Phases: in the Ending Phase neither the active player nor
    anyone else may play one."""
    game = Game(**lords(seat1={"hand": ["urgent-dispatch.1"]},
                        seat2={"hand": ["fire-attack.1"]}))
    game.act("seat1", "end-main")
    game.pass_all()
    assert game.prompt().step == "rearrange"
    game.refuse("seat1", {"do": "play-event", "card": game.handle("seat1",
                                                                   "urgent-dispatch.1")},
                rule="intervention.instant.main-only")
    game.refuse("seat2", {"do": "play", "card": game.handle("seat2", "fire-attack.1"),
                          "player": "seat1"}, rule="intervention.instant.main-only")


@pytest.mark.rule("cardgame:intervention.instant.main-only")
def test_no_instant_in_the_discarding_stage():
    """Nor while the active player discards down to seven."""
    hand = ["urgent-dispatch.1", "urgent-dispatch.2", "plague.1", "plague.2", "assassin.1",
            "assassin.2", "night-raid.1", "night-raid.2"]
    game = Game(**lords(seat1={"hand": hand}, seat2={"hand": ["fire-attack.1"]}))
    game.act("seat1", "end-main")
    game.pass_all()
    game.act("seat1", "done")
    assert game.prompt().step == "discard"
    game.refuse("seat1", {"do": "play-event", "card": game.handle("seat1",
                                                                   "urgent-dispatch.1")},
                rule="intervention.instant.main-only")
    game.refuse("seat2", {"do": "play", "card": game.handle("seat2", "fire-attack.1"),
                          "player": "seat1"}, rule="intervention.instant.main-only")


@pytest.mark.rule("cardgame:intervention.instant.main-only")
def test_no_window_in_the_opening_phase():
    """The Opening Phase's draw happens with no moment for instants: the first question of
    the turn is the active player's Main Phase."""
    game = Game(turn={"role": "seat1", "start": "begin"}, deck=["plague.1", "plague.2"],
                **lords(seat1={"lands": ["liangzhou", "bingzhou"]},
                        seat2={"hand": ["fire-attack.1"]}))
    prompt = game.prompt()
    assert (prompt.role, prompt.step) == ("seat1", "main")
    assert game.hand("seat1") == ["plague.1", "plague.2"]


@pytest.mark.rule("cardgame:intervention.instant.event-discard")
def test_an_instant_event_goes_to_the_discard_pile_once_played():
    """An instant event, once it has worked, lies in the Discard Pile."""
    game = Game(deck=["plague.1"], **lords(seat1={"hand": ["urgent-dispatch.1"]}))
    lines = stripped(game.play("seat1", "urgent-dispatch.1"))
    assert "Urgent Dispatch goes to the Discard Pile (intervention.instant.event-discard)" \
        in lines
    assert pile(game) == ["urgent-dispatch.1"]
    assert game.hand("seat1") == ["plague.1"]


@pytest.mark.rule("cardgame:intervention.instant.event-discard")
def test_a_cancelled_instant_event_goes_to_the_discard_pile_too():
    """Cancelled, it goes there all the same, with the card that cancelled it."""
    game = Game(**lords(seat1={"hand": ["urgent-dispatch.1"]}, seat2={"hand": [f"{BAG}.1"]}))
    game.play("seat1", "urgent-dispatch.1")
    game.play("seat2", f"{BAG}.1")
    game.pass_all()
    assert pile(game) == [f"{BAG}.1", "urgent-dispatch.1"]
    assert game.hand("seat1") == [] and game.hand("seat2") == []


@pytest.mark.rule("cardgame:intervention.instant.stays")
def test_an_instant_character_stays_in_play():
    """Zhao Yun, an instant character, played by Seat 2 in Seat 1's turn, enters play and
    stays on the table; Seat 2's own Event Stage is not touched."""
    game = Game(**lords(seat1={"hand": ["xun-yu"]}, seat2={"hand": ["zhao-yun"],
                                                         "lands": ["sili"]}))
    game.play("seat1", "xun-yu")
    game.play("seat2", "zhao-yun", land="sili")
    game.pass_all()
    zhao = game.char("zhao-yun")
    assert (zhao["controller"], zhao["lands"]) == ("seat2", ["sili"])
    assert "zhao-yun" not in pile(game)
    assert "xun-yu" in game.state["characters"]
    assert game.state["turn"]["plays"]["characters"] == 1  # Seat 1's own character


@pytest.mark.rule("cardgame:intervention.instant.stays")
def test_an_instant_artifact_stays_on_its_bearer():
    """Rattan Armour, an instant artifact, is attached to its player's character and stays."""
    game = Game(**lords(seat1={"hand": ["xun-yu"]},
                        seat2={"hand": ["rattan-armour"], "characters": [{"card": "guan-yu"}]}))
    game.play("seat1", "xun-yu")
    game.play("seat2", "rattan-armour", bearer="guan-yu")
    game.pass_all()
    assert game.char("guan-yu")["artifacts"] == ["rattan-armour"]
    assert game.state["artifacts"]["rattan-armour"]["bearer"] == "guan-yu"
    assert pile(game) == []


@pytest.mark.rule("cardgame:intervention.instant.stays")
def test_an_instant_character_does_not_use_up_the_event_stage_character():
    """Played in her own Event Stage, an instant character leaves room for her one
    character of the stage; a second ordinary character is refused."""
    game = Game(**lords(seat1={"hand": ["zhao-yun", "xun-yu", "chen-gong"]}))
    game.play("seat1", "zhao-yun")
    game.play("seat1", "xun-yu")
    assert {"zhao-yun", "xun-yu"} <= set(game.state["characters"])
    game.refuse("seat1", {"do": "play-character", "card": game.handle("seat1", "chen-gong")},
                rule="event.character")
