"""Scenario tests of the Ending Phase (IV.3), the lords (V.1.a) and Political Power
(V.1.b): who keeps which land when the turn ends."""

from __future__ import annotations

from typing import Any

import pytest

from tests.games.three_kingdoms_card_game.kit import Game

LOSE = "ending.rearrange.lose-land"


def end_turn(game: Game, *moves: dict[str, Any]) -> list[str]:
    """The active player ends her Main Phase, makes ``moves`` while rearranging, and
    finishes; the log lines of it all."""
    role = game.state["turn"]["role"]
    lines = game.end_main(role)
    for move in moves:
        lines += game.act(role, move)
    lines += game.act(role, "done")
    return lines


def lost(lines: list[str]) -> list[str]:
    return [line for line in lines if f"({LOSE})" in line]


# ---------------------------------------------------------------------- Ending Phase


@pytest.mark.rule("cardgame:ending.stages")
def test_rearranging_comes_before_discarding() -> None:
    """The Ending Phase is first the Rearranging Stage, then the Discarding Stage: no
    discard is taken while she rearranges, and the discard is asked once she is done."""
    hand = ["guan-yu", "zhang-fei", "xu-chu", "lu-bu", "ma-chao", "huang-zhong",
            "dian-wei", "wen-chou", "hua-xiong"]
    game = Game(seat1={"lord": "cao-cao", "hand": hand}, seat2={"lord": "liu-bei"})
    game.end_main("seat1")
    assert game.prompt().step == "rearrange"
    game.refuse("seat1", {"do": "discard", "cards": game.state["hands"]["seat1"][:2]})
    game.act("seat1", "done")
    assert game.prompt().step == "discard" and game.prompt().role == "seat1"
    assert game.state["turn"]["role"] == "seat1"
    game.act("seat1", {"do": "discard", "cards": [game.handle("seat1", "dian-wei"),
                                                  game.handle("seat1", "wen-chou")]})
    assert game.state["turn"]["role"] == "seat2"


@pytest.mark.rule("cardgame:ending.rearrange.characters")
def test_characters_move_among_her_lands() -> None:
    """She may move her characters among her lands (or off them) to hold them better:
    here Cao Cao steps onto a land nobody held, so she keeps it."""
    game = Game(seat1={"lord": "cao-cao", "lands": ["sili", "yuzhou"],
                       "characters": [{"card": "xu-chu", "lands": ["yuzhou"]}]},
                seat2={"lord": "liu-bei", "lands": ["xuzhou"]})
    lines = end_turn(game, {"do": "move", "character": "cao-cao", "lands": ["sili"]},
                     {"do": "move", "character": "xu-chu", "lands": []})
    assert "  Cao Cao now stands on Sili (ending.rearrange.characters)" in lines
    assert "  Xu Chu now stands on no land (ending.rearrange.characters)" in lines
    assert game.owner("sili") == "seat1"
    assert game.owner("yuzhou") is None


@pytest.mark.rule("cardgame:ending.rearrange.characters")
def test_rearranging_is_limited_to_her_characters_and_lands() -> None:
    """A land that is not hers, another player's character, and a fourth character on
    one land are all refused."""
    game = Game(seat1={"lord": "cao-cao", "lands": ["sili"],
                       "characters": [{"card": "xu-chu", "lands": ["sili"]},
                                      {"card": "guan-yu", "lands": ["sili"]},
                                      {"card": "zhang-fei", "lands": ["sili"]}]},
                seat2={"lord": "liu-bei", "lands": ["xuzhou"],
                       "characters": [{"card": "chen-gong", "lands": ["xuzhou"]}]})
    game.end_main("seat1")
    game.refuse("seat1", {"do": "move", "character": "xu-chu", "lands": ["xuzhou"]},
                rule="ending.rearrange.characters")
    game.refuse("seat1", {"do": "move", "character": "xu-chu", "lands": ["jizhou"]},
                rule="ending.rearrange.characters")
    game.refuse("seat1", {"do": "move", "character": "chen-gong", "lands": ["sili"]},
                rule="ending.rearrange.characters")
    game.refuse("seat1", {"do": "move", "character": "cao-cao", "lands": ["sili"]},
                rule="character.political-power.share")


@pytest.mark.rule("cardgame:ending.rearrange.lose-land")
def test_a_land_short_of_power_becomes_public() -> None:
    """At the end of her turn a land her characters lack the Political Power to hold,
    or that nobody holds, becomes public; the lands they can hold stay hers."""
    game = Game(seat1={"lord": "cao-cao", "lands": ["sili", "liangzhou", "jiaozhou"],
                       "characters": [{"card": "wen-chou", "lands": ["sili"]},
                                      {"card": "chen-gong", "lands": ["liangzhou"]}]},
                seat2={"lord": "liu-bei"})
    lines = end_turn(game)
    assert game.owner("sili") is None and game.owner("jiaozhou") is None
    assert game.owner("liangzhou") == "seat1"
    assert lost(lines) == [
        "  Seat 1 loses Sili: its characters' Political Power does not cover it; it becomes "
        f"a public land ({LOSE})",
        f"  Seat 1 loses Jiaozhou: nobody controls it; it becomes a public land ({LOSE})"]
    assert game.char("wen-chou")["lands"] == []


@pytest.mark.rule("cardgame:ending.rearrange.lose-land")
def test_lands_are_judged_only_at_their_owners_end_of_turn() -> None:
    """A land left with nobody on it is not lost at another player's end of turn, only
    at its owner's own (rules notes 7)."""
    game = Game(seat1={"lord": "cao-cao", "hand": ["sniped.1"]},
                seat2={"lord": "liu-bei", "lands": ["xuzhou"],
                       "characters": [{"card": "chen-gong", "lands": ["xuzhou"]}]})
    game.play("seat1", "sniped.1", target="chen-gong")
    assert lost(end_turn(game)) == []
    assert game.owner("xuzhou") == "seat2"
    lines = end_turn(game)
    assert game.owner("xuzhou") is None
    assert len(lost(lines)) == 1


@pytest.mark.rule("cardgame:ending.rearrange.artifacts")
def test_artifacts_move_between_her_characters() -> None:
    """She may pass an artifact from one of her characters to another, not to another
    player's character, nor take one from another player's character."""
    game = Game(seat1={"lord": "cao-cao",
                       "characters": [{"card": "xu-chu", "artifacts": ["red-hare"]}]},
                seat2={"lord": "liu-bei",
                       "characters": [{"card": "chen-gong", "artifacts": ["serpent-spear"]}]})
    game.end_main("seat1")
    game.refuse("seat1", {"do": "move-artifact", "artifact": "red-hare",
                          "bearer": "chen-gong"}, rule="ending.rearrange.artifacts")
    game.refuse("seat1", {"do": "move-artifact", "artifact": "serpent-spear",
                          "bearer": "cao-cao"}, rule="ending.rearrange.artifacts")
    lines = game.act("seat1", {"do": "move-artifact", "artifact": "red-hare",
                               "bearer": "cao-cao"})
    assert lines == ["  Red Hare passes to Cao Cao (ending.rearrange.artifacts)"]
    assert game.char("cao-cao")["artifacts"] == ["red-hare"]
    assert game.char("xu-chu")["artifacts"] == []
    assert game.table().fighting_spirit("cao-cao") == 4
    assert game.state["artifacts"]["red-hare"]["bearer"] == "cao-cao"


@pytest.mark.rule("cardgame:ending.rearrange.return")
def test_one_card_back_to_hand_in_all() -> None:
    """She may take one character or one artifact back to her hand, one card in all:
    after a character, an artifact is refused too."""
    game = Game(seat1={"lord": "cao-cao",
                       "characters": [{"card": "xu-chu"},
                                      {"card": "guan-yu", "artifacts": ["red-hare"]}]},
                seat2={"lord": "liu-bei"})
    game.end_main("seat1")
    lines = game.act("seat1", {"do": "return", "card": "xu-chu"})
    assert lines == ["  Seat 1 takes Xu Chu back to hand (ending.rearrange.return)"]
    assert game.hand("seat1") == ["xu-chu"]
    game.refuse("seat1", {"do": "return", "card": "red-hare"}, rule="ending.rearrange.return")
    game.refuse("seat1", {"do": "return", "card": "guan-yu"}, rule="ending.rearrange.return")


@pytest.mark.rule("cardgame:ending.rearrange.return")
def test_an_artifact_alone_back_to_hand() -> None:
    """The one card may be an artifact: its bearer stays on the table."""
    game = Game(seat1={"lord": "cao-cao",
                       "characters": [{"card": "guan-yu", "artifacts": ["red-hare"]}]},
                seat2={"lord": "liu-bei", "characters": [{"card": "xu-chu"}]})
    game.end_main("seat1")
    game.refuse("seat1", {"do": "return", "card": "xu-chu"}, rule="ending.rearrange.return")
    game.act("seat1", {"do": "return", "card": "red-hare"})
    assert game.hand("seat1") == ["red-hare"]
    assert game.char("guan-yu")["artifacts"] == [] and game.state["artifacts"] == {}


@pytest.mark.rule("cardgame:ending.rearrange.return")
def test_a_lord_back_to_hand_is_still_her_lord() -> None:
    """Her lord may go back to her hand; that is no death: she has no new lord to
    appoint, and the lord is hers when played again (rules notes 16)."""
    game = Game(seat1={"lord": "cao-cao", "characters": [{"card": "xu-chu"}]},
                seat2={"lord": "liu-bei"})
    end_turn(game, {"do": "return", "card": "cao-cao"})
    assert "cao-cao" not in game.state["characters"]
    assert game.state["lords"]["seat1"] == "cao-cao"
    assert game.state["lord_lost"]["seat1"] is False
    end_turn(game)
    assert game.hand("seat1")[0] == "cao-cao"
    game.refuse("seat1", {"do": "appoint-lord", "character": "xu-chu"},
                rule="character.lord.appoint")


@pytest.mark.rule("cardgame:ending.discard")
def test_discard_down_to_seven_cards_of_her_choice() -> None:
    """With more than seven cards at the end of her turn she discards the extra, the
    cards she chooses, onto the Discard Pile; a wrong number is refused."""
    hand = ["guan-yu", "zhang-fei", "xu-chu", "lu-bu", "ma-chao", "huang-zhong",
            "dian-wei", "wen-chou", "hua-xiong"]
    game = Game(seat1={"lord": "cao-cao", "hand": hand}, seat2={"lord": "liu-bei"})
    end_turn(game)
    game.refuse("seat1", {"do": "discard", "cards": [game.handle("seat1", "guan-yu")]},
                rule="ending.discard")
    game.refuse("seat1", {"do": "discard", "cards": [game.handle("seat1", c) for c in
                                                     ("guan-yu", "lu-bu", "ma-chao")]},
                rule="ending.discard")
    lines = game.act("seat1", {"do": "discard", "cards": [game.handle("seat1", "guan-yu"),
                                                          game.handle("seat1", "lu-bu")]})
    assert "  Seat 1 discards 2 card(s) down to 7 (ending.discard)" in lines
    assert sorted(game.hand("seat1")) == sorted(set(hand) - {"guan-yu", "lu-bu"})
    assert game.state["discard"]["face_down"] == 2  # face down (rules notes 19)
    assert game.state["turn"]["role"] == "seat2"


@pytest.mark.rule("cardgame:ending.discard")
def test_seven_cards_need_no_discard() -> None:
    """Seven cards is within the limit: the turn passes without a discard."""
    hand = ["guan-yu", "zhang-fei", "xu-chu", "lu-bu", "ma-chao", "huang-zhong", "dian-wei"]
    game = Game(seat1={"lord": "cao-cao", "hand": hand}, seat2={"lord": "liu-bei"})
    end_turn(game)
    assert game.state["turn"]["role"] == "seat2"
    assert len(game.hand("seat1")) == 7


@pytest.mark.rule("cardgame:ending.discard.own-turn")
def test_the_hand_limit_bites_only_at_ones_own_turn_end() -> None:
    """Another player holding more than seven cards discards nothing at the end of the
    active player's turn; she does at the end of her own."""
    hand = ["guan-yu", "zhang-fei", "xu-chu", "lu-bu", "ma-chao", "huang-zhong",
            "dian-wei", "wen-chou", "hua-xiong"]
    game = Game(seat1={"lord": "cao-cao"}, seat2={"lord": "liu-bei", "hand": hand})
    end_turn(game)
    assert game.state["turn"]["role"] == "seat2"
    assert len(game.hand("seat2")) == 10  # nine, and her Opening Phase card
    end_turn(game)
    assert game.prompt().step == "discard" and game.prompt().role == "seat2"
    game.act("seat2", {"do": "discard", "cards": game.state["hands"]["seat2"][:3]})
    assert len(game.hand("seat2")) == 7


# ---------------------------------------------------------------------- lords


@pytest.mark.rule("cardgame:character.lord.count")
def test_ten_lords_each_player_one() -> None:
    """There are ten lords; in a six-player game each player has her own, and four are
    left out."""
    game = Game(players=6, **{f"seat{n}": {"lord": lord} for n, lord in enumerate(
        ["cao-cao", "liu-bei", "sun-jian", "yuan-shao", "yuan-shu", "dong-zhuo"], 1)})
    lords = [cid for cid in game.table().data.characters
             if game.table().data.characters[cid].lord]
    assert len(lords) == 10
    assert len(set(game.state["lords"].values())) == 6
    assert len(game.state["aside"]) == 4


@pytest.mark.rule("cardgame:character.lord.immune")
def test_a_lord_cannot_be_bribed() -> None:
    """No other player may bribe a lord: the bribe is refused, citing the lord rule."""
    game = Game(seat1={"lord": "cao-cao", "hand": ["guan-yu"]},
                seat2={"lord": "liu-bei"})
    game.refuse("seat1", {"do": "bribe", "target": "liu-bei"}, rule="bribery.lord")
    game = Game(seat1={"lord": "cao-cao", "hand": ["guan-yu"]},
                seat2={"lord": "liu-bei", "characters": [{"card": "xu-chu"}]})
    game.refuse("seat1", {"do": "bribe", "target": "liu-bei"}, rule="bribery.lord")


@pytest.mark.rule("cardgame:character.lord.immune")
def test_a_lord_cannot_be_taken_by_an_effect() -> None:
    """Neither Turncoat's Letter nor Diao Chan may take control of a lord."""
    game = Game(seat1={"lord": "cao-cao", "hand": ["turncoats-letter.1"],
                       "characters": [{"card": "diao-chan"}]},
                seat2={"lord": "liu-bei"})
    game.refuse("seat1", {"do": "play-event", "card": game.handle("seat1",
                                                                  "turncoats-letter.1"),
                          "target": "liu-bei"}, rule="event.event", match="is a lord")
    game.refuse("seat1", {"do": "use-ability", "character": "diao-chan", "target": "liu-bei"},
                rule="event.abilities", match="is a lord")
    assert game.char("liu-bei")["controller"] == "seat2"


@pytest.mark.rule("cardgame:character.lord.appoint")
def test_a_new_lord_once_the_lord_is_dead() -> None:
    """While her lord lives she may appoint no other; once it has been killed and
    discarded she may make another of her characters on the table her lord."""
    game = Game(seat1={"lord": "cao-cao", "hand": ["assassin.1"]},
                seat2={"lord": "sun-jian", "hand": ["guan-yu"],
                       "characters": [{"card": "xu-chu"}]})
    game.play("seat1", "assassin.1", target="sun-jian")
    game.pass_all()
    assert "sun-jian" in game.state["discard"]["cards"]
    assert game.state["lords"]["seat2"] is None and game.state["lord_lost"]["seat2"]
    assert "  Seat 2 has lost their lord (character.lord.appoint)" in game.lines()
    game.refuse("seat1", {"do": "appoint-lord", "character": "cao-cao"},
                rule="character.lord.appoint")
    end_turn(game)
    assert "appoint-lord" in game.verbs()
    lines = game.act("seat2", {"do": "appoint-lord", "character": "xu-chu"})
    assert lines == ["  Seat 2 appoints Xu Chu lord; the choice is final "
                     "(character.lord.appoint.final)"]
    assert game.state["lords"]["seat2"] == "xu-chu"


@pytest.mark.rule("cardgame:character.lord.appoint")
def test_only_her_own_character_on_the_table_is_appointed() -> None:
    """The new lord is one of her characters on the table: another player's character,
    or a card of her hand, is refused."""
    game = Game(seat1={"lord_lost": True, "hand": ["guan-yu"],
                       "characters": [{"card": "xu-chu"}]},
                seat2={"lord": "liu-bei", "characters": [{"card": "chen-gong"}]})
    game.refuse("seat1", {"do": "appoint-lord", "character": "chen-gong"},
                rule="character.lord.appoint")
    game.refuse("seat1", {"do": "appoint-lord", "character": "guan-yu"},
                rule="character.lord.appoint")
    game.act("seat1", {"do": "appoint-lord", "character": "xu-chu"})
    assert game.state["lords"]["seat1"] == "xu-chu"


@pytest.mark.rule("cardgame:character.lord.appoint.final")
def test_the_appointment_stands_until_that_lord_dies() -> None:
    """An appointment cannot be changed; when the new lord dies as well, she may
    appoint again."""
    game = Game(seat1={"lord_lost": True,
                       "characters": [{"card": "xu-chu"}, {"card": "guan-yu"}]},
                seat2={"lord": "liu-bei"})
    game.act("seat1", {"do": "appoint-lord", "character": "xu-chu"})
    game.refuse("seat1", {"do": "appoint-lord", "character": "guan-yu"},
                rule="character.lord.appoint")
    game.act("seat1", {"do": "attack", "character": "xu-chu", "land": "jiaozhou",
                       "mode": "war"})
    game.both({"seat1": {"do": "war-card", "card": "cavalry"},
               "seat2": {"do": "war-card", "card": "bowmen"}})
    assert "xu-chu" not in game.state["characters"]
    assert game.state["lord_lost"]["seat1"] is True
    game.act("seat1", {"do": "appoint-lord", "character": "guan-yu"})
    assert game.state["lords"]["seat1"] == "guan-yu"


@pytest.mark.rule("cardgame:character.lord.appointed")
def test_an_appointed_lord_is_a_lord_in_every_way() -> None:
    """An appointed lord is immune like any lord: another player cannot bribe it."""
    game = Game(seat1={"lord_lost": True, "characters": [{"card": "xu-chu"}]},
                seat2={"lord": "liu-bei", "hand": ["guan-yu", "turncoats-letter.1"]})
    game.act("seat1", {"do": "appoint-lord", "character": "xu-chu"})
    end_turn(game)
    assert game.state["turn"]["role"] == "seat2"
    game.refuse("seat2", {"do": "bribe", "target": "xu-chu"}, rule="bribery.lord")
    game.refuse("seat2", {"do": "play-event", "card": game.handle("seat2",
                                                                  "turncoats-letter.1"),
                          "target": "xu-chu"}, rule="event.event", match="is a lord")


# ---------------------------------------------------------------------- Political Power


@pytest.mark.rule("cardgame:character.political-power.sum")
@pytest.mark.parametrize(("lands", "kept"), [
    (["sili"], ["sili"]),
    (["yuzhou", "jiaozhou"], ["yuzhou", "jiaozhou"]),
    (["jiaozhou", "liangzhou", "youzhou"], ["jiaozhou", "liangzhou", "youzhou"]),
    (["jiaozhou", "liangzhou"], ["jiaozhou", "liangzhou"]),
    (["yuzhou", "xuzhou"], ["yuzhou"]),
    (["jiaozhou", "sili"], ["jiaozhou"]),
])
def test_one_character_holds_lands_up_to_its_power(lands: list[str],
                                                   kept: list[str]) -> None:
    """A character with Political Power 3 holds one land of 3, lands of 2 and 1, three
    of 1 or two of 1; lands adding up to more lose the last gained."""
    game = Game(seat1={"lord": "cao-cao", "lands": lands,
                       "characters": [{"card": "sima-yi", "lands": lands}]},
                seat2={"lord": "liu-bei"})
    end_turn(game)
    assert sorted(game.table().lands_of("seat1")) == sorted(kept)
    assert sorted(game.char("sima-yi")["lands"]) == sorted(kept)


@pytest.mark.rule("cardgame:character.political-power.share")
def test_two_characters_hold_a_land_together() -> None:
    """Two characters of Political Power 1 together hold a land of value 2."""
    game = Game(seat1={"lord": "cao-cao", "lands": ["yuzhou"],
                       "characters": [{"card": "wen-chou", "lands": ["yuzhou"]},
                                      {"card": "hua-xiong", "lands": ["yuzhou"]}]},
                seat2={"lord": "liu-bei"})
    assert lost(end_turn(game)) == []
    assert game.owner("yuzhou") == "seat1"


@pytest.mark.rule("cardgame:character.political-power.share")
def test_one_character_alone_falls_short() -> None:
    """One of them alone cannot hold the land of value 2: it becomes public."""
    game = Game(seat1={"lord": "cao-cao", "lands": ["yuzhou"],
                       "characters": [{"card": "wen-chou", "lands": ["yuzhou"]},
                                      {"card": "hua-xiong"}]},
                seat2={"lord": "liu-bei"})
    assert len(lost(end_turn(game))) == 1
    assert game.owner("yuzhou") is None


@pytest.mark.rule("cardgame:character.political-power.share")
def test_three_characters_pool_their_power() -> None:
    """Three characters of Political Power 1 together hold a land of value 3."""
    game = Game(seat1={"lord": "cao-cao", "lands": ["sili"],
                       "characters": [{"card": "wen-chou", "lands": ["sili"]},
                                      {"card": "hua-xiong", "lands": ["sili"]},
                                      {"card": "xu-chu", "lands": ["sili"]}]},
                seat2={"lord": "liu-bei"})
    assert lost(end_turn(game)) == []
    assert game.owner("sili") == "seat1"


@pytest.mark.rule("cardgame:character.political-power.zero")
def test_a_character_of_no_power_may_share_a_land() -> None:
    """A character of Political Power 0 may stand on a land with others: it enters
    there and the land is kept by the power of the rest."""
    game = Game(seat1={"lord": "cao-cao", "hand": ["dian-wei"], "lands": ["yuzhou"],
                       "characters": [{"card": "chen-gong", "lands": ["yuzhou"]}]},
                seat2={"lord": "liu-bei"})
    game.play("seat1", "dian-wei", land="yuzhou")
    assert game.table().holders("yuzhou") == ["chen-gong", "dian-wei"]
    assert lost(end_turn(game)) == []
    assert game.owner("yuzhou") == "seat1"
    assert game.char("dian-wei")["lands"] == ["yuzhou"]


@pytest.mark.rule("cardgame:character.political-power.zero")
def test_a_character_of_no_power_alone_holds_nothing() -> None:
    """Alone, a character of Political Power 0 holds no land, not even one of value 1."""
    game = Game(seat1={"lord": "cao-cao", "lands": ["jiaozhou"],
                       "characters": [{"card": "dian-wei", "lands": ["jiaozhou"]}]},
                seat2={"lord": "liu-bei"})
    assert len(lost(end_turn(game))) == 1
    assert game.owner("jiaozhou") is None


@pytest.mark.rule("cardgame:character.political-power.no-pool")
@pytest.mark.parametrize(("chars", "lands"), [
    (["wen-chou", "hua-xiong"], ["jiaozhou", "liangzhou"]),
    (["sima-yi", "xun-yu"], ["sili", "yuzhou"]),
])
def test_sharers_do_not_hold_two_lands_together(chars: list[str], lands: list[str]) -> None:
    """Characters who share do not pool their power over two lands, even when it would
    cover both: only the land gained first is kept (rules notes 11, 24)."""
    game = Game(seat1={"lord": "cao-cao", "lands": lands,
                       "characters": [{"card": c, "lands": lands} for c in chars]},
                seat2={"lord": "liu-bei"})
    lines = end_turn(game)
    assert game.table().lands_of("seat1") == lands[:1]
    assert len(lost(lines)) == 1 and lands[1].capitalize() in lost(lines)[0]


@pytest.mark.rule("cardgame:character.political-power.no-pool")
def test_a_sharer_holds_no_land_of_its_own_besides() -> None:
    """A character that shares a land holds no other one alone, power to spare or not."""
    game = Game(seat1={"lord": "cao-cao", "lands": ["yuzhou", "jiaozhou"],
                       "characters": [{"card": "sima-yi", "lands": ["yuzhou", "jiaozhou"]},
                                      {"card": "dian-wei", "lands": ["yuzhou"]}]},
                seat2={"lord": "liu-bei"})
    end_turn(game)
    assert game.table().lands_of("seat1") == ["yuzhou"]
    assert game.owner("jiaozhou") is None
