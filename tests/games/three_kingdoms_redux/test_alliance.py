"""Conflict Phase 2: the alliance and its action space; Yu Jin's way into it."""

from __future__ import annotations

import pytest

from tests.games.three_kingdoms_redux.kit import Game, position


def choosing(order: list[str], previous: str | None = None, **states: object) -> Game:
    scenario = position(start="choose-alliance", bid_order=order, **states)
    if previous:
        scenario["alliance"] = {"previous": previous}
    return Game(scenario)


@pytest.mark.rule("redux:conflict.alliance")
def test_seats_two_and_three_are_allied_and_seat_three_chooses() -> None:
    """With bid order Wu, Shu, Wei, Shu and Wei are allied against Wu and Wei (third)
    places the alliance token; nobody else may choose."""
    game = choosing(["wu", "shu", "wei"])
    assert game.prompt().role == "wei"
    game.refuse("shu", {"do": "alliance", "space": "trade"}, rule="conflict.alliance")
    game.act("wei", {"do": "alliance", "space": "trade"})
    assert game.state["alliance"]["space"] == "trade"
    assert game.view(None)["alliance"]["allies"] == ["shu", "wei"]
    assert "Shu and Wei bid there together" in game.text()


@pytest.mark.rule("redux:conflict.alliance.eligible")
def test_only_the_ten_common_spaces_without_the_non_alliance_icon() -> None:
    """The alliance space is one of the ten administration and combat common spaces; never
    win popular support, control Han emperor, a battle or a tribal space."""
    game = choosing(["wei", "wu", "shu"])
    options = {o.value for o in game.prompt().actions[0].params[0].options}
    assert len(options) == 10
    assert not options & {"win-popular-support", "control-han-emperor", "battle-shu-wu",
                          "tribal-shu"}
    for space in ("win-popular-support", "control-han-emperor", "battle-shu-wu", "tribal-shu"):
        game.refuse("shu", {"do": "alliance", "space": space},
                    rule="conflict.alliance.eligible")


@pytest.mark.rule("redux:conflict.alliance.no-repeat")
def test_last_rounds_alliance_space_is_barred_whoever_chooses() -> None:
    """The space that was the alliance space last round cannot be chosen again this round,
    even by a different third player."""
    game = choosing(["shu", "wei", "wu"], previous="construct")
    options = {o.value for o in game.prompt().actions[0].params[0].options}
    assert "construct" not in options and len(options) == 9
    game.refuse("wu", {"do": "alliance", "space": "construct"},
                rule="conflict.alliance.no-repeat")
    game.act("wu", {"do": "alliance", "space": "trade"})
    assert game.state["alliance"] == {"space": "trade", "previous": "construct",
                                      "holder": None, "joined": []}


@pytest.mark.rule("redux:conflict.alliance.who-acts")
def test_only_an_ally_who_bid_acts_on_the_won_alliance_space() -> None:
    """When only one ally bid on the alliance space and the alliance won it, only that ally
    takes the action; the other ally gets nothing there."""
    game = Game(position(alliance={"space": "demand-tribute"},
                         wu={"generals": ["ling-cao"]}, shu={"generals": ["ma-chao"]}))
    game.pass_("wei")
    game.bid("wu", "demand-tribute", "ling-cao")
    game.bid("shu", "produce-spears-horses", "ma-chao")
    game.finish_bidding()
    assert game.state["won"]["demand-tribute"] == ["wu"]
    assert game.offered("take") == [{"do": "take", "space": "demand-tribute"}]


@pytest.mark.rule("redux:skill.yu-jin")
def test_yu_jin_lets_wei_join_the_alliance_for_a_bid_token() -> None:
    """With bid tokens on Yu Jin's card, Wei (outside the alliance) may hand one back after
    the alliance space is chosen and bid with the allies that round: its bids there add to
    theirs and it may act there too. Yu Jin's tokens come at the end of his recruiting
    round (the example play covers that)."""
    scenario = position(start="choose-alliance",
                        wei={"generals": [{"id": "yu-jin", "tokens": 2}, "jia-xu"]},
                        wu={"generals": ["lu-fan"]})
    game = Game(scenario)
    game.act("shu", {"do": "alliance", "space": "develop-farm"})
    assert game.prompt().role == "wei"
    assert {a["do"] for a in game.offered()} == {"join-alliance", "stay-out"}
    game.act("wei", "join-alliance")
    assert game.general("wei", "yu-jin")["tokens"] == 1 and game.st("wei")["bid_tokens"] == 1
    assert game.view(None)["alliance"]["allies"] == ["wu", "shu", "wei"]
    game.bid("wei", "develop-farm", "jia-xu")
    game.bid("wu", "develop-farm", "lu-fan")
    game.finish_bidding()
    assert game.state["won"]["develop-farm"] == ["wei", "wu"]
    again = Game(scenario)
    again.act("shu", {"do": "alliance", "space": "develop-farm"})
    again.act("wei", "stay-out")
    assert again.prompt().step == "bidding" and again.general("wei", "yu-jin")["tokens"] == 2
