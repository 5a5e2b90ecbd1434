"""Improve tribal relations, the tribal decline, rebellion, and the skills that hold it."""

from __future__ import annotations

from typing import Any

import pytest

from tests.games.three_kingdoms_redux.kit import Game, position


def shu_tribal(tribal: int, **bid: Any) -> Game:
    game = Game(position(shu={"generals": ["jiang-wei"], "tribal": tribal, "gold": 5,
                              "rice": 5, "trained": 2, "crossbow": 2, "support": 0}))
    game.pass_("wei")
    game.pass_("wu")
    game.bid("shu", "tribal-shu", "jiang-wei", **bid)
    game.finish_bidding()
    game.take("shu", "tribal-shu")
    return game


@pytest.mark.rule("redux:action.improve-tribal")
def test_the_tribe_marker_rises_one_level_per_gold_or_unit_up_to_twelve() -> None:
    """The book's example: Shu at level 2 sends Jiang Wei with 2 gold and rises to 4;
    alone he raises nothing; from 11 two gold reach only 12."""
    assert shu_tribal(2, gold=2).st("shu")["tribal"] == 4
    alone = shu_tribal(2)
    assert "level 2 -> 2" in alone.text()
    top = shu_tribal(11, gold=2)
    assert "level 11 -> 12" in top.text()


@pytest.mark.rule("redux:action.improve-tribal.payment")
def test_gold_is_paid_and_units_come_back() -> None:
    """Gold placed with the tribal general goes to the supply; army units come back to
    the state after the action."""
    paid = shu_tribal(2, gold=2)
    assert paid.st("shu")["gold"] == 3
    units = shu_tribal(2, units=2, unit="archery")
    assert units.st("shu")["tribal"] == 4
    assert (units.st("shu")["trained"], units.st("shu")["crossbow"]) == (2, 2)


@pytest.mark.rule("redux:action.improve-tribal.level-12")
def test_at_level_twelve_one_popular_support_for_two_rice() -> None:
    """Reaching (or keeping) level 12 lets the state buy exactly one popular support token
    for 2 rice - also when a skill keeps it there (the book's Jia Xu example, settled by
    Wei's standing order)."""
    game = shu_tribal(11, gold=1)
    assert {a["do"] for a in game.offered()} == {"buy-support", "no-support"}
    game.act("shu", "buy-support")
    assert (game.st("shu")["support"], game.st("shu")["rice"]) == (1, 3)
    assert game.prompt().step != "level-12"
    kept = Game(position(round=10, wei={"generals": [{"id": "jia-xu"}], "tribal": 12,
                                       "rice": 3, "support": 0}))
    kept.finish_bidding()
    assert kept.st("wei")["tribal"] == 12
    assert kept.st("wei")["support"] == 1 and kept.st("wei")["rice"] == 1
    asked = Game(position(round=10, wei={"generals": ["jia-xu"], "tribal": 12, "rice": 3},
                          orders={"wei": {"level12": "ask"}}))
    asked.finish_bidding()
    assert asked.prompt().role == "wei" and asked.prompt().step == "level-12"


@pytest.mark.rule("redux:resolution.reduce-tribal")
def test_states_without_their_tribal_action_drop_one_level_not_below_one() -> None:
    """The example play: with no tribal action Wei 5 -> 4, Wu 6 -> 5, Shu 7 -> 6; a state
    taking its tribal action keeps what it made; level 1 stays 1."""
    game = Game(position(shu={"generals": ["jiang-wei"], "tribal": 1}))
    game.pass_("wei")
    game.pass_("wu")
    game.bid("shu", "tribal-shu", "jiang-wei")
    game.finish_bidding()
    game.take("shu", "tribal-shu")
    assert [game.st(r)["tribal"] for r in ("wei", "wu", "shu")] == [4, 5, 1]
    low = Game(position(wei={"tribal": 1}))
    low.finish_bidding()
    assert low.st("wei")["tribal"] == 1


@pytest.mark.rule("redux:resolution.rebellion")
def test_ending_the_decline_at_level_one_brings_a_deficit_token() -> None:
    """A state that falls to or stays at level 1 suffers a rebellion: 1 deficit token."""
    game = Game(position(wei={"tribal": 2}, wu={"tribal": 1}))
    game.finish_bidding()
    assert (game.st("wei")["deficit"], game.st("wu")["deficit"], game.st("shu")["deficit"]) \
        == (1, 1, 0)
    assert "a rebellion brings 1 deficit token" in game.text()


@pytest.mark.rule("redux:skill.jia-xu")
def test_jia_xu_keeps_weis_level_in_even_rounds() -> None:
    """In an even round without a Wei tribal action the level stays; in an odd round it
    falls as usual. A hidden Jia Xu does nothing until shown."""
    even = Game(position(round=6, wei={"generals": ["jia-xu"], "tribal": 7}))
    even.finish_bidding()
    assert even.st("wei")["tribal"] == 7
    odd = Game(position(round=7, wei={"generals": ["jia-xu"], "tribal": 7}))
    odd.finish_bidding()
    assert odd.st("wei")["tribal"] == 6
    hidden = Game(position(round=6, wei={"generals": [{"id": "jia-xu", "hidden": True}],
                                         "tribal": 7}))
    hidden.finish_bidding()
    hidden.act("wei", "stay-hidden")
    assert hidden.st("wei")["tribal"] == 6
    shown = Game(position(round=6, wei={"generals": [{"id": "jia-xu", "hidden": True}],
                                        "tribal": 7}))
    shown.act("wei", {"do": "show", "general": shown.ref("wei", "jia-xu")})
    shown.finish_bidding()
    assert shown.st("wei")["tribal"] == 7


@pytest.mark.rule("redux:skill.ling-cao")
def test_ling_cao_stationed_with_a_naval_unit_raises_wus_level() -> None:
    """Once Ling Cao is stationed with a naval unit, each round without a Wu tribal action
    raises Wu's level by 1 (at 12 it stays 12) instead of lowering it; not stationed, he
    does nothing of the kind."""
    naval = {"id": "ling-cao", "at": "stationed", "location": "yi-du", "units": 1}
    game = Game(position(wu={"generals": [naval], "tribal": 6}))
    game.finish_bidding()
    assert game.st("wu")["tribal"] == 7
    top = Game(position(wu={"generals": [naval], "tribal": 12}))
    top.finish_bidding()
    assert top.st("wu")["tribal"] == 12
    home = Game(position(wu={"generals": ["ling-cao"], "tribal": 6}))
    home.finish_bidding()
    assert home.st("wu")["tribal"] == 5


@pytest.mark.rule("redux:resolution.rebellion")
def test_staying_at_level_one_after_an_empty_tribal_action_is_a_rebellion_too() -> None:
    """Rules notes: a state that takes its tribal action with nothing and so stays at level
    1 also suffers the rebellion (its level remains at 1)."""
    game = Game(position(shu={"generals": ["jiang-wei"], "tribal": 1}))
    game.pass_("wei")
    game.pass_("wu")
    game.bid("shu", "tribal-shu", "jiang-wei")
    game.finish_bidding()
    game.take("shu", "tribal-shu")
    assert game.st("shu")["tribal"] == 1 and game.st("shu")["deficit"] == 1


def hidden_jia_xu(round_: int = 6, **wei: Any) -> Game:
    """Wei ends round ``round_`` without its tribal action, Jia Xu still hidden."""
    game = Game(position(round=round_, wei={"generals": [{"id": "jia-xu", "hidden": True},
                                                         {"id": "xun-you", "hidden": True}],
                                            "tribal": 7, **wei}))
    game.finish_bidding()
    return game


@pytest.mark.rule("redux:skill.jia-xu")
@pytest.mark.rule("redux:conflict.recruit.usable")
def test_a_hidden_jia_xu_may_be_shown_when_the_level_would_fall() -> None:
    """A state need not give its hidden generals away while bidding to use a skill that
    acts at the end of the round: when the level would fall and one of its hidden
    generals might stop that, it is asked then. Showing Jia Xu in an even round keeps
    Wei's level; every player is asked the same question, and only Wei sees names."""
    game = hidden_jia_xu()
    prompt = game.prompt()
    assert (prompt.role, prompt.step) == ("wei", "tribal-hold")
    assert {a["do"] for a in game.offered()} == {"show", "stay-hidden"}
    assert game.st("wei")["tribal"] == 7
    names = {o.label for o in game.spec("show").params[0].options}
    assert names == {"Jia Xu", "Xun You"}
    theirs = {o.label for a in game.prompt("wu").actions if a.verb == "show"
              for o in a.params[0].options}
    assert "Jia Xu" not in theirs
    game.act("wei", {"do": "show", "general": game.ref("wei", "jia-xu")})
    assert game.st("wei")["tribal"] == 7
    assert game.general("wei", "jia-xu")["card"] == "jia-xu"
    assert game.general("wei", "xun-you")["card"] is None
    assert "Jia Xu keeps the tribal level at 7" in game.text()


@pytest.mark.rule("redux:resolution.reduce-tribal")
def test_a_state_keeping_its_generals_hidden_lets_the_level_fall() -> None:
    """Keeping the generals hidden forgoes the skill: the level drops as usual and no card
    is turned. Showing a general whose skill does not act is refused and changes nothing,
    and so is showing one that is not the state's own hidden general, or answering for
    another state."""
    game = hidden_jia_xu()
    game.refuse("wei", {"do": "show", "general": game.ref("wei", "xun-you")},
                "resolution.reduce-tribal", "has no skill that keeps the tribal level")
    game.refuse("wei", {"do": "show", "general": "cao-cao"}, "conflict.recruit.usable")
    game.refuse("wu", "stay-hidden")
    game.act("wei", "stay-hidden")
    assert game.st("wei")["tribal"] == 6
    assert game.general("wei", "jia-xu")["card"] is None
    assert "keeps its hidden generals hidden" in game.text()
