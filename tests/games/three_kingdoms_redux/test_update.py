"""Update and Maintenance: criterion markers, the Han emperor token, upkeep, military VP."""

from __future__ import annotations

import pytest

from tests.games.three_kingdoms_redux.kit import Game, position


def stationed(general: str, location: str, units: int, token: str = "treasury") -> dict:
    return {"id": general, "at": "stationed", "location": location, "units": units,
            "token": token}


@pytest.mark.rule("redux:update.flip-criterion")
def test_both_criterion_markers_turn_over() -> None:
    """Combat on the Han space and administration on popular support become the
    reverse for the next round."""
    game = Game(position())
    game.finish_bidding()
    assert game.state["criterion"] == {"control-han-emperor": "administration",
                                       "win-popular-support": "combat"}


@pytest.mark.rule("redux:update.pass-han-emperor")
def test_the_rounds_winner_takes_the_han_emperor_token() -> None:
    """The book's example: Wei holds the token; Wu wins the control Han emperor space
    (Shu's bid loses); at Update and Maintenance Wei passes the token to Wu."""
    game = Game(position(han="wei", wu={"generals": ["zhou-yu", "gan-ning"]},
                         shu={"generals": ["zhao-yun"]}))
    game.pass_("wei")
    game.bid("wu", "control-han-emperor", "zhou-yu")
    game.bid("shu", "control-han-emperor", "zhao-yun")
    game.bid("wu", "control-han-emperor", "gan-ning")
    game.finish_bidding()
    assert game.state["won"]["control-han-emperor"] == ["wu"]
    game.take("wu", "control-han-emperor")
    game.act("wu", {"do": "promote", "leave": "gan-ning"})
    game.play_out_actions()
    assert game.state["han"]["holder"] == "wu"
    assert "Wu takes the Han emperor token" in game.text()


@pytest.mark.rule("redux:update.han-emperor-returned")
def test_no_bid_on_the_han_space_sends_the_token_to_the_supply() -> None:
    """If nobody bid for the Han emperor, the token goes back to the supply and nobody may
    use it next round."""
    game = Game(position(han="wei", wei={"generals": ["jia-xu"]}))
    game.finish_bidding()
    assert game.state["han"]["holder"] is None
    assert "returns the token to the supply" in game.text()
    game.act(game.prompt().role, {"do": "alliance", "space": "trade"})
    game.refuse("wei", {"do": "bid", "space": "trade", "general": "jia-xu", "han": "yes"},
                rule="bid.han-emperor")


@pytest.mark.rule("redux:upkeep.popular-support")
def test_one_rice_per_two_popular_support_tokens() -> None:
    """3 tokens cost 1 rice (the odd one is free), 4 tokens 2 rice, 1 token nothing."""
    game = Game(position(wei={"support": 3, "rice": 5}, wu={"support": 4, "rice": 5},
                         shu={"support": 1, "rice": 5}))
    game.finish_bidding()
    assert [game.st(r)["rice"] for r in ("wei", "wu", "shu")] == [4, 3, 5]


def wu_upkeep(**wu: object) -> Game:
    game = Game(position(wu={"rice": 5, "gold": 5, **wu}))
    game.finish_bidding()
    return game


@pytest.mark.rule("redux:upkeep.gold")
def test_one_gold_per_stationed_unit_less_treasury_tokens() -> None:
    """The book's example: 2 stationed units and nothing on the treasury cost 2 gold; with a
    marketplace token on the treasury, 1 gold."""
    plain = wu_upkeep(generals=[stationed("gan-ning", "xiao-ting", 2, "granary")])
    assert plain.st("wu")["gold"] == 3
    relieved = wu_upkeep(generals=[stationed("gan-ning", "xiao-ting", 2, "granary")],
                         market={"level": 1, "space": 0, "treasury": 1})
    assert relieved.st("wu")["gold"] == 4


@pytest.mark.rule("redux:upkeep.rice")
def test_one_rice_per_stationed_unit_less_granary_tokens() -> None:
    """The book's example: Wu with 3 popular support and 2 units, one border token on the
    granary: 1 + (2 - 1) = 2 rice; with 4 popular support and a farm token too:
    2 + (2 - 1 - 1) = 2 rice."""
    first = wu_upkeep(support=3, generals=[stationed("gan-ning", "xiao-ting", 2, "granary")])
    assert first.st("wu")["rice"] == 3 and first.st("wu")["gold"] == 3
    second = wu_upkeep(support=4, generals=[stationed("gan-ning", "xiao-ting", 2, "granary")],
                       farm={"level": 1, "space": 0, "granary": 1},
                       market={"level": 1, "space": 0, "treasury": 1})
    assert second.st("wu")["rice"] == 3 and second.st("wu")["gold"] == 4


@pytest.mark.rule("redux:upkeep.deficit")
def test_each_missing_gold_or_rice_is_a_deficit_token() -> None:
    """2 units with their border token on the granary and 2 popular support: owing 2 gold
    with 1 and 1 + 1 rice with none costs 1 + 2 = 3 deficit tokens (what the state had is
    paid)."""
    game = wu_upkeep(gold=1, rice=0, support=2,
                     generals=[stationed("gan-ning", "xiao-ting", 2, "granary")])
    assert (game.st("wu")["gold"], game.st("wu")["rice"], game.st("wu")["deficit"]) == (0, 0, 3)


@pytest.mark.rule("redux:update.military-vp")
def test_every_stationed_unit_earns_a_military_vp_every_round() -> None:
    """The book's example: Zhang Fei with 2 cavalry units at Gong An and Jiang Wei with 2
    archery units at Qi Shan earn Shu 4 military VP at this Update and Maintenance."""
    game = Game(position(shu={"generals": [stationed("zhang-fei", "gong-an", 2),
                                           stationed("jiang-wei", "qi-shan", 2)],
                              "gold": 9, "rice": 9, "military": 3}))
    game.finish_bidding()
    assert game.st("shu")["military"] == 7


@pytest.mark.rule("redux:update.round-track")
def test_the_round_marker_moves_on() -> None:
    """After Update and Maintenance the next round begins."""
    game = Game(position(round=6))
    game.finish_bidding()
    assert game.state["round"] == 7 and "The round marker moves to round 7" in game.text()


@pytest.mark.rule("redux:update.pass-han-emperor")
def test_a_winner_who_declines_the_han_action_does_not_collect_the_token() -> None:
    """Collecting the Han emperor token is part of carrying out the control Han emperor
    action: Wu wins the space but cannot pay its gold, so Wu does not collect the token and
    Wei, who holds it, keeps it."""
    game = Game(position(han="wei", wu={"generals": ["zhou-yu"], "gold": 0}))
    game.pass_("wei")
    game.bid("wu", "control-han-emperor", "zhou-yu")
    game.finish_bidding()
    assert game.state["won"]["control-han-emperor"] == ["wu"]
    game.decline_rest("wu")
    game.play_out_actions()
    assert game.st("wu")["rank"] == 0 and game.state["han"]["holder"] == "wei"
    assert "Wu takes the Han emperor token" not in game.text()
    assert "nobody collects the Han emperor token: Wei keeps it" in game.text()


@pytest.mark.rule("redux:update.pass-han-emperor")
def test_a_declined_han_action_leaves_an_unheld_token_in_the_supply() -> None:
    """With the token in the supply, a winner who declines the action leaves it there."""
    game = Game(position(wu={"generals": ["zhou-yu"], "gold": 5}))
    game.pass_("wei")
    game.bid("wu", "control-han-emperor", "zhou-yu")
    game.finish_bidding()
    game.decline_rest("wu")
    game.play_out_actions()
    assert game.state["han"]["holder"] is None
    assert "nobody collects the Han emperor token: it stays in the supply" in game.text()
