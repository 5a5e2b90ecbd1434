"""Scenario tests of the Event Stage (IV.2.a), event cards (V.2) and artifacts (V.3)."""

from __future__ import annotations

import pytest

from tests.games.three_kingdoms_card_game.kit import Game

SEAL = "immobilized-by-the-golden-seal"


def pile(game: Game) -> list[str]:
    return list(game.state["discard"]["cards"])


# ---------------------------------------------------------------------- the four plays


@pytest.mark.rule("cardgame:event.character")
def test_one_character_per_event_stage() -> None:
    """She may put one character of her hand onto the table; a second one in the same
    Event Stage is refused and nothing changes."""
    game = Game(seat1={"lord": "cao-cao", "hand": ["guan-yu", "xu-chu"]},
                seat2={"lord": "liu-bei", "hand": ["borrowed-arrows.1"]})
    lines = game.play("seat1", "guan-yu")
    assert "  Seat 1 plays Guan Yu (event.character)" in lines
    game.pass_all()
    assert game.char("guan-yu")["controller"] == "seat1"
    assert game.hand("seat1") == ["xu-chu"]
    game.refuse("seat1", {"do": "play-character", "card": game.handle("seat1", "xu-chu")},
                rule="event.character")
    assert "xu-chu" not in game.state["characters"]


@pytest.mark.rule("cardgame:event.artifact")
def test_one_artifact_per_event_stage() -> None:
    """She may put one artifact of her hand onto the table (on one of her characters);
    a second one in the same Event Stage is refused."""
    game = Game(seat1={"lord": "cao-cao", "hand": ["red-hare", "serpent-spear"],
                       "characters": [{"card": "guan-yu"}]},
                seat2={"lord": "liu-bei", "hand": ["borrowed-arrows.1"]})
    game.play("seat1", "red-hare", bearer="guan-yu")
    game.pass_all()
    assert game.char("guan-yu")["artifacts"] == ["red-hare"]
    assert game.table().fighting_spirit("guan-yu") == 6
    game.refuse("seat1", {"do": "play-artifact", "card": game.handle("seat1", "serpent-spear"),
                          "bearer": "cao-cao"}, rule="event.artifact")
    assert game.char("cao-cao")["artifacts"] == []


@pytest.mark.rule("cardgame:event.event")
def test_one_event_per_event_stage() -> None:
    """She may play one event card of her hand; once it has worked, another is refused."""
    game = Game(seat1={"lord": "cao-cao", "hand": ["borrowed-arrows.1", "borrowed-arrows.2"]},
                seat2={"lord": "liu-bei", "hand": ["guan-yu"]})
    game.play("seat1", "borrowed-arrows.1")
    game.pass_all()
    assert len(game.hand("seat1")) == 3  # the other Borrowed Arrows and two cards drawn
    game.refuse("seat1", {"do": "play-event",
                          "card": game.handle("seat1", "borrowed-arrows.2")},
                rule="event.event")


@pytest.mark.rule("cardgame:event.abilities")
def test_any_or_all_abilities_in_one_event_stage() -> None:
    """In one Event Stage she may use the abilities of several of her cards, besides her
    one character; each used card is turned, and a turned one cannot be used again."""
    game = Game(seat1={"lord": "cao-cao", "hand": ["xu-chu"],
                       "characters": [{"card": "zhuge-liang"}, {"card": "zhou-yu"}]},
                seat2={"lord": "liu-bei", "hand": ["guan-yu", "zhang-fei", "lu-bu"]})
    game.play("seat1", "xu-chu")
    game.pass_all()
    game.act("seat1", {"do": "use-ability", "character": "zhuge-liang"})
    game.pass_all(4)  # 4 or less: draw two cards
    assert len(game.hand("seat1")) == 2
    game.act("seat1", {"do": "use-ability", "character": "zhou-yu", "player": "seat2"})
    game.pass_all(3, 1, 1)  # 3 or less: two random discards, the first card each time
    assert game.hand("seat2") == ["lu-bu"]
    assert game.state["discard"]["face_down"] == 2
    assert game.char("zhuge-liang")["rotated"] and game.char("zhou-yu")["rotated"]
    game.refuse("seat1", {"do": "use-ability", "character": "zhuge-liang"},
                rule="ability.rotated")


@pytest.mark.rule("cardgame:event.abilities")
def test_only_her_own_cards_abilities() -> None:
    """The abilities are those of her own cards: another player's is refused."""
    game = Game(seat1={"lord": "cao-cao", "characters": [{"card": "zhuge-liang"}]},
                seat2={"lord": "liu-bei", "characters": [{"card": "zhou-yu"}]})
    game.refuse("seat1", {"do": "use-ability", "character": "zhou-yu", "player": "seat2"},
                rule="event.abilities")
    assert not game.char("zhou-yu")["rotated"]


@pytest.mark.rule("cardgame:event.order")
def test_event_stage_plays_in_any_order() -> None:
    """The plays of the Event Stage come in the order she likes: here an ability, then
    an event, then an artifact, then a character last."""
    game = Game(seat1={"lord": "cao-cao", "hand": ["borrowed-arrows.1", "red-hare", "xu-chu"],
                       "characters": [{"card": "zhuge-liang"}]},
                seat2={"lord": "liu-bei", "hand": ["guan-yu"]})
    game.act("seat1", {"do": "use-ability", "character": "zhuge-liang"})
    game.pass_all(6)  # the roll fails: the card is turned all the same
    game.play("seat1", "borrowed-arrows.1")
    game.pass_all()
    game.play("seat1", "red-hare", bearer="zhuge-liang")
    game.pass_all()
    game.play("seat1", "xu-chu")
    game.pass_all()
    assert game.state["turn"]["plays"] == {"characters": 1, "artifacts": 1, "events": 1}
    assert game.char("zhuge-liang")["artifacts"] == ["red-hare"]
    assert "xu-chu" in game.state["characters"]
    assert len(game.hand("seat1")) == 2  # the two cards Borrowed Arrows drew


@pytest.mark.rule("cardgame:event.order")
def test_every_event_stage_play_is_optional() -> None:
    """Any of the plays may be left out: one character, then the Main Phase ends with
    the event and the artifact still in hand."""
    game = Game(seat1={"lord": "cao-cao", "hand": ["borrowed-arrows.1", "red-hare", "xu-chu"]},
                seat2={"lord": "liu-bei"})
    game.play("seat1", "xu-chu")
    game.end_main("seat1")
    assert game.prompt().step == "rearrange"
    assert sorted(game.hand("seat1")) == ["borrowed-arrows.1", "red-hare"]


# ---------------------------------------------------------------------- characters


@pytest.mark.rule("cardgame:event.character.placement")
def test_a_character_enters_on_her_land_even_a_crowded_one() -> None:
    """A new character may enter on a land she controls, though others stand there."""
    game = Game(seat1={"lord": "cao-cao", "hand": ["xu-chu"], "lands": ["sili"],
                       "characters": [{"card": "sima-yi", "lands": ["sili"]},
                                      {"card": "guan-yu", "lands": ["sili"]}]},
                seat2={"lord": "liu-bei"})
    lines = game.play("seat1", "xu-chu", land="sili")
    assert "  Xu Chu enters play on Sili (event.character.placement)" in lines
    assert game.table().holders("sili") == ["sima-yi", "guan-yu", "xu-chu"]


@pytest.mark.rule("cardgame:event.character.placement")
def test_a_character_may_enter_on_no_land() -> None:
    """She may also put it on no land at all, even when she has lands."""
    game = Game(seat1={"lord": "cao-cao", "hand": ["xu-chu"], "lands": ["sili"],
                       "characters": [{"card": "sima-yi", "lands": ["sili"]}]},
                seat2={"lord": "liu-bei"})
    lines = game.play("seat1", "xu-chu")
    assert "  Xu Chu enters play on no land (event.character.placement)" in lines
    assert game.char("xu-chu")["lands"] == []


@pytest.mark.rule("cardgame:event.character.placement")
@pytest.mark.parametrize("land", ["jizhou", "yuzhou"])
def test_a_character_never_enters_on_a_land_not_hers(land: str) -> None:
    """A public land, or another player's land, is refused as a place to enter."""
    game = Game(seat1={"lord": "cao-cao", "hand": ["xu-chu"]},
                seat2={"lord": "liu-bei", "lands": ["yuzhou"],
                       "characters": [{"card": "chen-gong", "lands": ["yuzhou"]}]})
    game.refuse("seat1", {"do": "play-character", "card": game.handle("seat1", "xu-chu"),
                          "land": land}, rule="event.character.placement")


@pytest.mark.rule("cardgame:event.character.placement")
def test_no_fourth_character_on_a_land() -> None:
    """Three characters at most share a land (rules notes 12): a fourth is refused."""
    game = Game(seat1={"lord": "cao-cao", "hand": ["xu-chu"], "lands": ["sili"],
                       "characters": [{"card": "sima-yi", "lands": ["sili"]},
                                      {"card": "guan-yu", "lands": ["sili"]},
                                      {"card": "zhang-fei", "lands": ["sili"]}]},
                seat2={"lord": "liu-bei"})
    game.refuse("seat1", {"do": "play-character", "card": game.handle("seat1", "xu-chu"),
                          "land": "sili"}, rule="character.political-power.share")


@pytest.mark.rule("cardgame:event.character.on-land")
def test_characters_on_a_land_hold_it_and_can_be_struck_there() -> None:
    """A character on a land controls it (her land survives her end of turn), and it
    can be struck there: Sniped, which hits only characters on a land, kills it."""
    game = Game(seat1={"lord": "cao-cao", "hand": ["sniped.1"], "lands": ["yuzhou"],
                       "characters": [{"card": "chen-gong", "lands": ["yuzhou"]}]},
                seat2={"lord": "liu-bei", "lands": ["xuzhou"],
                       "characters": [{"card": "zhou-yu", "lands": ["xuzhou"]}]})
    game.play("seat1", "sniped.1", target="zhou-yu")
    assert "zhou-yu" not in game.state["characters"]
    assert "zhou-yu" in pile(game)
    game.end_main("seat1")
    game.act("seat1", "done")
    assert game.owner("yuzhou") == "seat1"  # Chen Gong holds it
    assert game.owner("xuzhou") == "seat2"  # lost only at Seat 2's own end of turn


@pytest.mark.rule("cardgame:event.character.on-land")
def test_a_war_won_kills_the_characters_on_the_land() -> None:
    """A battle for a land strikes the characters standing on it: when the attacker
    wins, they die and the land changes hands."""
    game = Game(seat1={"lord": "sun-jian"},
                seat2={"lord": "cao-cao", "lands": ["xuzhou"],
                       "characters": [{"card": "chen-gong", "lands": ["xuzhou"]},
                                      {"card": "wen-chou", "lands": ["xuzhou"]}]})
    game.act("seat1", {"do": "attack", "character": "sun-jian", "land": "xuzhou",
                       "mode": "war"})
    game.both({"seat1": {"do": "war-card", "card": "cavalry"},
               "seat2": {"do": "war-card", "card": "infantry"}})
    assert game.owner("xuzhou") == "seat1"
    assert "chen-gong" not in game.state["characters"]
    assert "wen-chou" not in game.state["characters"]
    assert game.char("sun-jian")["lands"] == ["xuzhou"]


@pytest.mark.rule("cardgame:event.character.off-land")
def test_a_character_on_no_land_is_safe_from_battle() -> None:
    """A war won on a land kills only the characters standing on it: those of its owner
    on no land live on."""
    game = Game(seat1={"lord": "sun-jian"},
                seat2={"lord": "cao-cao", "lands": ["xuzhou"],
                       "characters": [{"card": "chen-gong", "lands": ["xuzhou"]},
                                      {"card": "xu-chu"}]})
    game.act("seat1", {"do": "attack", "character": "sun-jian", "land": "xuzhou",
                       "mode": "war"})
    game.both({"seat1": {"do": "war-card", "card": "cavalry"},
               "seat2": {"do": "war-card", "card": "infantry"}})
    assert "chen-gong" not in game.state["characters"]
    assert game.char("xu-chu")["controller"] == "seat2"
    assert game.char("cao-cao")["controller"] == "seat2"


@pytest.mark.rule("cardgame:event.character.off-land")
def test_only_some_effects_reach_a_character_on_no_land() -> None:
    """Sniped, which strikes characters on a land, cannot aim at one on no land; the
    Assassin, which the rules name as reaching it, kills it."""
    game = Game(seat1={"lord": "cao-cao", "hand": ["sniped.1", "assassin.1"]},
                seat2={"lord": "sun-jian", "characters": [{"card": "xu-chu"}]})
    game.refuse("seat1", {"do": "play-event", "card": game.handle("seat1", "sniped.1"),
                          "target": "xu-chu"}, rule="event.event", match="on no land")
    lines = game.play("seat1", "assassin.1", target="xu-chu")
    assert "  Xu Chu is killed (card.assassin)" in lines
    assert "xu-chu" not in game.state["characters"]


# ---------------------------------------------------------------------- event cards


@pytest.mark.rule("cardgame:event-card.timing")
def test_a_non_instant_event_only_in_its_players_event_stage() -> None:
    """Another player cannot play a non-instant event in answer to a play (it is no
    instant), though an instant is accepted there."""
    game = Game(seat1={"lord": "cao-cao", "hand": ["xu-chu", "guan-yu"]},
                seat2={"lord": "sun-jian", "hand": ["assassin.1", "fire-attack.1"]})
    game.play("seat1", "xu-chu")
    assert game.prompt().role == "seat2" and game.prompt().step == "window"
    game.refuse("seat2", {"do": "play", "card": game.handle("seat2", "assassin.1"),
                          "target": "cao-cao"}, rule="event-card.timing")
    game.play("seat2", "fire-attack.1", player="seat1")
    game.pass_all()  # one card in Seat 1's hand: no die picks it
    assert game.hand("seat1") == []  # Fire Attack discarded Guan Yu
    assert game.hand("seat2") == ["assassin.1"]


@pytest.mark.rule("cardgame:event-card.timing")
def test_no_event_after_the_event_stage_is_left() -> None:
    """Once she has moved from her Event Stage to a battle, her events wait for her next
    turn: one played then is refused."""
    game = Game(seat1={"lord": "sun-jian", "hand": ["borrowed-arrows.1", "xu-chu"]},
                seat2={"lord": "cao-cao"})
    game.play("seat1", "xu-chu")
    game.act("seat1", {"do": "attack", "character": "sun-jian", "land": "jiaozhou",
                       "mode": "war"})
    game.both({"seat1": {"do": "war-card", "card": "cavalry"},
               "seat2": {"do": "war-card", "card": "infantry"}})
    game.refuse("seat1", {"do": "play-event", "card": game.handle("seat1",
                                                                  "borrowed-arrows.1")},
                rule="turn.main.once")


@pytest.mark.rule("cardgame:event-card.immediate")
def test_an_event_works_once_nobody_answers() -> None:
    """The event works as soon as it is on the table, once the others let it: the
    Assassin's target dies when the window closes."""
    game = Game(seat1={"lord": "cao-cao", "hand": ["assassin.1"]},
                seat2={"lord": "sun-jian", "hand": ["guan-yu"], "characters": [{"card": "xu-chu"}]})
    game.play("seat1", "assassin.1", target="xu-chu")
    assert "xu-chu" in game.state["characters"]  # waiting for the answers
    game.pass_all()
    assert "xu-chu" not in game.state["characters"]


@pytest.mark.rule("cardgame:event-card.immediate")
def test_an_instant_counters_an_event() -> None:
    """An instant played in answer cancels the event: it does nothing."""
    game = Game(seat1={"lord": "cao-cao", "hand": ["assassin.1"]},
                seat2={"lord": "sun-jian", "hand": [f"{SEAL}.1"],
                       "characters": [{"card": "xu-chu"}]})
    game.play("seat1", "assassin.1", target="xu-chu")
    game.play("seat2", f"{SEAL}.1")  # Seat 1 holds no card: the chain takes effect
    assert "  Seat 1's Assassin is cancelled (event-card.immediate)" in game.lines()
    assert game.char("xu-chu")["controller"] == "seat2"


@pytest.mark.rule("cardgame:event-card.discard")
def test_an_event_goes_to_the_discard_pile_once_spent() -> None:
    """Once its effect is spent, the event card lies on the Discard Pile."""
    game = Game(seat1={"lord": "cao-cao", "hand": ["assassin.1"]},
                seat2={"lord": "sun-jian", "characters": [{"card": "xu-chu"}]})
    lines = game.play("seat1", "assassin.1", target="xu-chu")
    assert "  Assassin goes to the Discard Pile (event-card.discard)" in lines
    assert pile(game) == ["xu-chu", "assassin.1"]
    assert game.hand("seat1") == []


@pytest.mark.rule("cardgame:event-card.discard")
def test_a_countered_event_goes_to_the_discard_pile_too() -> None:
    """A countered event is discarded as well, and so is the instant that countered it."""
    game = Game(seat1={"lord": "cao-cao", "hand": ["assassin.1"]},
                seat2={"lord": "sun-jian", "hand": [f"{SEAL}.1"],
                       "characters": [{"card": "xu-chu"}]})
    game.play("seat1", "assassin.1", target="xu-chu")
    game.play("seat2", f"{SEAL}.1")
    game.pass_all()
    assert sorted(pile(game)) == ["assassin.1", f"{SEAL}.1"]
    assert game.hand("seat1") == game.hand("seat2") == []
    assert game.state["chain"] == []


@pytest.mark.rule("cardgame:event-card.retry")
def test_after_a_counter_she_may_play_another_event() -> None:
    """A countered event does not use up her event: she plays another, and once one has
    worked, a further one is refused."""
    game = Game(seat1={"lord": "cao-cao", "hand": ["assassin.1", "assassin.2", "sniped.1"]},
                seat2={"lord": "sun-jian", "hand": [f"{SEAL}.1", "guan-yu"],
                       "lands": ["xuzhou"],
                       "characters": [{"card": "xu-chu", "lands": ["xuzhou"]}]})
    game.play("seat1", "assassin.1", target="xu-chu")
    game.play("seat2", f"{SEAL}.1")
    game.pass_all()
    assert game.state["turn"]["plays"]["events"] == 0
    game.play("seat1", "assassin.2", target="xu-chu")
    game.pass_all()
    assert "xu-chu" not in game.state["characters"]
    game.refuse("seat1", {"do": "play-event", "card": game.handle("seat1", "sniped.1"),
                          "target": "sun-jian"}, rule="event.event")


@pytest.mark.rule("cardgame:event-card.retry")
def test_no_retry_once_she_moves_on() -> None:
    """A countered event lets her play another only until she moves to another stage."""
    game = Game(seat1={"lord": "cao-cao", "hand": ["assassin.1", "assassin.2", "zhang-fei"]},
                seat2={"lord": "sun-jian", "hand": [f"{SEAL}.1", "guan-yu"],
                       "characters": [{"card": "xu-chu"}]})
    game.play("seat1", "assassin.1", target="xu-chu")
    game.play("seat2", f"{SEAL}.1")
    game.pass_all()
    game.act("seat1", {"do": "bribe", "target": "xu-chu"})
    game.pass_all()
    game.both({"seat1": {"do": "bid", "cards": [game.handle("seat1", "zhang-fei")]},
               "seat2": {"do": "bid", "cards": []}})
    assert game.state["turn"]["left"] == ["event"]
    game.refuse("seat1", {"do": "play-event", "card": game.handle("seat1", "assassin.2"),
                          "target": "xu-chu"}, rule="turn.main.once")


# ---------------------------------------------------------------------- artifacts


@pytest.mark.rule("cardgame:artifact.attach")
def test_an_artifact_needs_a_bearer_of_hers() -> None:
    """An artifact is always attached to one of her characters on the table: played with
    no bearer, or on another player's character, it is refused."""
    game = Game(seat1={"lord": "cao-cao", "hand": ["red-hare"]},
                seat2={"lord": "sun-jian", "characters": [{"card": "xu-chu"}]})
    card = game.handle("seat1", "red-hare")
    game.refuse("seat1", {"do": "play-artifact", "card": card}, rule="artifact.attach")
    game.refuse("seat1", {"do": "play-artifact", "card": card, "bearer": "xu-chu"},
                rule="artifact.attach")
    lines = game.play("seat1", "red-hare", bearer="cao-cao")
    assert "  Red Hare is attached to Cao Cao (artifact.attach)" in lines
    assert game.state["artifacts"]["red-hare"]["bearer"] == "cao-cao"
    assert game.char("cao-cao")["artifacts"] == ["red-hare"]


@pytest.mark.rule("cardgame:artifact.attach")
def test_an_artifact_whose_bearer_is_gone_is_discarded() -> None:
    """If its bearer leaves the table before the artifact takes effect, the artifact has
    nobody to be attached to: it goes to the Discard Pile."""
    game = Game(seat1={"lord": "cao-cao", "hand": ["red-hare"],
                       "characters": [{"card": "xu-chu"}]},
                seat2={"lord": "sun-jian", "hand": ["rattan-armour"]})
    game.play("seat1", "red-hare", bearer="xu-chu")
    del game.state["characters"]["xu-chu"]  # as though an answer had killed him
    lines = game.pass_all()
    assert "  Red Hare has no bearer any more: it goes to the Discard Pile (artifact.attach)" \
        in lines
    assert "red-hare" in pile(game) and "red-hare" not in game.state["artifacts"]


@pytest.mark.rule("cardgame:artifact.follow")
def test_an_artifact_follows_its_bearer_to_the_discard_pile() -> None:
    """When its bearer is killed, the artifact goes to the Discard Pile with it."""
    game = Game(seat1={"lord": "cao-cao", "hand": ["assassin.1"]},
                seat2={"lord": "sun-jian",
                       "characters": [{"card": "xu-chu", "artifacts": ["red-hare"]}]})
    game.play("seat1", "assassin.1", target="xu-chu")
    assert game.state["artifacts"] == {}
    assert sorted(pile(game)) == ["assassin.1", "red-hare", "xu-chu"]


@pytest.mark.rule("cardgame:artifact.follow")
def test_an_artifact_follows_its_bearer_back_to_hand() -> None:
    """A character taken back to its player's hand takes its artifacts with it."""
    game = Game(seat1={"lord": "cao-cao",
                       "characters": [{"card": "xu-chu", "artifacts": ["red-hare",
                                                                       "serpent-spear"]}]},
                seat2={"lord": "sun-jian"})
    game.end_main("seat1")
    game.act("seat1", {"do": "return", "card": "xu-chu"})
    assert sorted(game.hand("seat1")) == ["red-hare", "serpent-spear", "xu-chu"]
    assert game.state["artifacts"] == {}


@pytest.mark.rule("cardgame:artifact.follow")
def test_an_artifact_follows_its_bearer_to_a_new_controller() -> None:
    """A bribed character keeps its artifact: it passes to the briber with it, and she
    may then move it among her own characters."""
    game = Game(seat1={"lord": "sun-jian", "hand": ["guan-yu", "zhang-fei"]},
                seat2={"lord": "cao-cao", "hand": ["lu-bu"],
                       "characters": [{"card": "hua-xiong", "artifacts": ["red-hare"]}]})
    game.act("seat1", {"do": "bribe", "target": "hua-xiong"})
    game.pass_all()
    game.both({"seat1": {"do": "bid", "cards": [game.handle("seat1", "guan-yu"),
                                                game.handle("seat1", "zhang-fei")]},
               "seat2": {"do": "bid", "cards": [game.handle("seat2", "lu-bu")]}})
    assert game.char("hua-xiong")["controller"] == "seat1"
    assert game.char("hua-xiong")["artifacts"] == ["red-hare"]
    assert game.table().fighting_spirit("hua-xiong") == 4
    game.end_main("seat1")
    game.act("seat1", {"do": "move-artifact", "artifact": "red-hare", "bearer": "sun-jian"})
    assert game.char("sun-jian")["artifacts"] == ["red-hare"]
