"""The Battle action: stationing generals and army units at border locations."""

from __future__ import annotations

from typing import Any

import pytest

from tests.games.three_kingdoms_redux.kit import Game, position


def wu_wins_shu_wu(shu: Any = None) -> Game:
    """The book's stationing example: Wu won the Shu-Wu battle with Gan Ning (2 archery
    units) and Ling Cao (1 naval unit)."""
    game = Game(position(wu={"generals": ["gan-ning", "ling-cao"], "trained": 3,
                             "crossbow": 2, "vessel": 1}, shu=shu or {}))
    game.pass_("wei")
    game.bid("wu", "battle-shu-wu", "gan-ning", units=2, unit="archery")
    game.pass_("shu")
    game.bid("wu", "battle-shu-wu", "ling-cao", units=1, unit="naval")
    game.finish_bidding()
    game.take("wu", "battle-shu-wu")
    return game


def station(general: str, location: str, units: int, token: str = "treasury") -> dict:
    return {"do": "station", "general": general, "location": location, "units": units,
            "token": token}


@pytest.mark.rule("redux:battle.station")
def test_the_winner_stations_a_general_with_his_units_on_that_border() -> None:
    """Gan Ning may go with 1 or 2 archery units to Xiao Ting or Bai Di Cheng, Ling Cao with
    his naval unit to Yi Du - the only matching empty locations of the Shu-Wu border."""
    game = wu_wins_shu_wu()
    offers = {(a["general"], a["location"], a["units"]) for a in game.offered("station")}
    assert offers == {("gan-ning", "xiao-ting", 1), ("gan-ning", "xiao-ting", 2),
                      ("gan-ning", "bai-di-cheng", 1), ("gan-ning", "bai-di-cheng", 2),
                      ("ling-cao", "yi-du", 1)}
    game.act("wu", station("gan-ning", "xiao-ting", 2))
    assert game.state["locations"]["xiao-ting"] == {"role": "wu", "general": "gan-ning",
                                                    "type": "archery", "units": 2}
    assert game.general("wu", "gan-ning")["at"] == "stationed"


@pytest.mark.rule("redux:battle.border-token")
def test_the_location_token_goes_to_treasury_or_granary() -> None:
    """The winner takes the location's token onto its treasury or its granary, as it
    chooses."""
    for place in ("treasury", "granary"):
        game = wu_wins_shu_wu()
        game.act("wu", station("ling-cao", "yi-du", 1, place))
        assert game.st("wu")["border_tokens"] == [{"location": "yi-du", "on": place, "vp": 1}]


@pytest.mark.rule("redux:battle.station.one-general")
def test_only_one_general_is_stationed_per_battle_space_a_round() -> None:
    """After Ling Cao is stationed the action is over: Gan Ning and his units go home."""
    game = wu_wins_shu_wu()
    game.act("wu", station("ling-cao", "yi-du", 1))
    assert game.general("wu", "gan-ning")["at"] == "supply"
    assert (game.st("wu")["trained"], game.st("wu")["crossbow"]) == (2, 2)
    assert len(game.st("wu")["stationed"]) == 1


@pytest.mark.rule("redux:battle.station.min-units")
def test_a_stationed_general_takes_at_least_one_of_his_units() -> None:
    """Gan Ning cannot be stationed alone."""
    game = wu_wins_shu_wu()
    game.refuse("wu", station("gan-ning", "xiao-ting", 0), rule="battle.station.min-units")


@pytest.mark.rule("redux:battle.station.max-units")
def test_no_more_units_than_his_leadership() -> None:
    """Ling Cao has leadership 1 (and led one unit): he cannot take 2."""
    game = wu_wins_shu_wu()
    game.refuse("wu", station("ling-cao", "yi-du", 2), rule="battle.station.max-units")


@pytest.mark.rule("redux:battle.station.army-type")
def test_units_must_match_the_locations_type() -> None:
    """Only naval units go to Yi Du: Gan Ning's archery units cannot."""
    game = wu_wins_shu_wu()
    game.refuse("wu", station("gan-ning", "yi-du", 1), rule="battle.station.army-type")


@pytest.mark.rule("redux:battle.station.specialisation")
def test_the_token_shows_1_vp_only_for_the_generals_specialisation() -> None:
    """Gan Ning (cavalry) with archery units at Xiao Ting: token on its 0 VP side; Ling Cao
    (naval among his two) with a naval unit at Yi Du: 1 VP side."""
    game = wu_wins_shu_wu()
    game.act("wu", station("gan-ning", "xiao-ting", 2))
    assert game.st("wu")["border_tokens"][0]["vp"] == 0
    other = wu_wins_shu_wu()
    other.act("wu", station("ling-cao", "yi-du", 1))
    assert other.st("wu")["border_tokens"][0]["vp"] == 1
    assert "1 VP side up (his specialisation)" in other.text()


@pytest.mark.rule("redux:battle.station.permanent")
def test_stationed_generals_and_units_stay_for_good() -> None:
    """Rounds later Ling Cao and his unit are still at Yi Du, and he never bids again."""
    game = wu_wins_shu_wu()
    game.act("wu", station("ling-cao", "yi-du", 1))
    game.play_out_actions()
    game.act(game.prompt().role, {"do": "alliance", "space": "trade"})
    assert game.general("wu", "ling-cao")["at"] == "stationed"
    assert game.t.stationed_units("wu") == 1
    while game.prompt().role != "wu":
        game.pass_(game.prompt().role)
    game.refuse("wu", {"do": "bid", "space": "recruit-armies", "general": "ling-cao"},
                rule="bid.unavailable")


@pytest.mark.rule("redux:battle.station.occupied")
def test_an_occupied_location_cannot_be_used() -> None:
    """With Shu already at Xiao Ting, Gan Ning may only go to Bai Di Cheng."""
    game = wu_wins_shu_wu(shu={"generals": [{"id": "zhou-cang", "at": "stationed",
                                             "location": "xiao-ting", "units": 1}]})
    assert {a["location"] for a in game.offered("station") if a["general"] == "gan-ning"} == \
        {"bai-di-cheng"}
    game.refuse("wu", station("gan-ning", "xiao-ting", 1), rule="battle.station.occupied")


WEI_FIRST = {"id": "cao-ren", "at": "stationed", "location": "chi-bi", "units": 2}


def wei_battles(*spaces: str, first: Any = WEI_FIRST, more: Any = ()) -> Game:
    game = Game(position(wei={"generals": [first, *more, "xiahou-dun", "xu-chu"],
                              "trained": 4, "horse": 2, "spear": 2}))
    generals = {"battle-wei-wu": ("xiahou-dun", "cavalry"),
                "battle-shu-wei": ("xu-chu", "infantry")}
    for space in spaces:
        general, unit = generals[space]
        while game.prompt().role != "wei":
            game.pass_(game.prompt().role)
        game.bid("wei", space, general, units=2, unit=unit)
    game.finish_bidding()
    return game


@pytest.mark.rule("redux:battle.station.second-general")
def test_the_second_stationed_general_goes_to_the_other_border() -> None:
    """The book's example: with Cao Ren already at Chi Bi (Wei-Wu), Wei wins only the
    Wei-Wu battle with Xiahou Dun: he cannot be stationed at Guang Ling, since Wei's second
    general must go to the Shu-Wei border."""
    game = wei_battles("battle-wei-wu")
    game.take("wei", "battle-wei-wu")
    assert "the second stationed general must go to the other border" in game.text()
    assert game.general("wei", "xiahou-dun")["at"] == "supply"
    assert game.state["locations"]["guang-ling"] is None


@pytest.mark.rule("redux:battle.station.later-generals")
def test_third_and_later_generals_go_anywhere() -> None:
    """Winning both battles, Wei stations Xu Chu at Hua Rong Dao (Shu-Wei) as its second
    general, then Xiahou Dun at Guang Ling (Wei-Wu) as its third."""
    game = wei_battles("battle-wei-wu", "battle-shu-wei")
    game.take("wei", "battle-shu-wei")
    game.act("wei", station("xu-chu", "hua-rong-dao", 2))
    game.take("wei", "battle-wei-wu")
    game.act("wei", station("xiahou-dun", "guang-ling", 2))
    assert [s["location"] for s in game.st("wei")["stationed"]] == ["chi-bi", "hua-rong-dao",
                                                                    "guang-ling"]


@pytest.mark.rule("redux:skill.zhao-yun")
def test_zhao_yun_may_be_stationed_alone_with_the_1_vp_side() -> None:
    """Zhao Yun may be stationed with no units (at any empty location of that border), and
    the token may then show its 1 VP side."""
    game = Game(position(shu={"generals": ["zhao-yun"]}))
    game.pass_("wei")
    game.pass_("wu")
    game.bid("shu", "battle-shu-wei", "zhao-yun")
    game.finish_bidding()
    game.take("shu", "battle-shu-wei")
    assert {a["location"] for a in game.offered("station")} == {
        "qi-shan", "hua-rong-dao", "chang-ban-po", "jie-ting", "tian-shui"}
    game.act("shu", station("zhao-yun", "qi-shan", 0, "granary"))
    assert game.st("shu")["border_tokens"] == [{"location": "qi-shan", "on": "granary",
                                                "vp": 1}]
    assert game.st("shu")["stationed"][0]["units"] == 0


@pytest.mark.rule("redux:battle.station.second-general")
def test_a_battle_that_would_station_nobody_first_is_not_offered_before_the_other() -> None:
    """With one general already on the Wei-Wu border and both of Wei's battles won, the
    Wei-Wu battle can only be used once the Shu-Wei one has placed the second general on
    the other border; so it is offered (and accepted) only after it, and asking for it
    first is refused with the reason, leaving the position as it was."""
    game = wei_battles("battle-wei-wu", "battle-shu-wei")
    takes = {a["space"] for a in game.offered("take")}
    assert takes == {"battle-shu-wei"}
    assert {a["space"] for a in game.offered("decline")} == {"battle-wei-wu",
                                                              "battle-shu-wei"}
    refused = game.refuse("wei", {"do": "take", "space": "battle-wei-wu"},
                          "battle.station.second-general", "take Battle (Shu – Wei border) first")
    assert "other border" in refused.message
    game.take("wei", "battle-shu-wei")
    game.act("wei", station("xu-chu", "hua-rong-dao", 2))
    assert {a["space"] for a in game.offered("take")} == {"battle-wei-wu"}
    game.take("wei", "battle-wei-wu")
    game.act("wei", station("xiahou-dun", "guang-ling", 2))
    assert game.state["locations"]["guang-ling"]["general"] == "xiahou-dun"
