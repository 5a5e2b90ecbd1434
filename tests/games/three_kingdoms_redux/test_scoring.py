"""Game End: the four triggers and every scoring category."""

from __future__ import annotations

from typing import Any

import pytest

from pbem.games.three_kingdoms_redux.rules import scoring
from tests.games.three_kingdoms_redux.kit import Game, position


def stationed(general: str, location: str, units: int = 1, vp: int = 0) -> dict[str, Any]:
    return {"id": general, "at": "stationed", "location": location, "units": units, "vp": vp}


def scores(**states: Any) -> dict[str, dict[str, int]]:
    """Every category for a position (no round is played)."""
    return scoring.score(Game(position(**states)).t)


@pytest.mark.rule("redux:end.round-12")
def test_the_game_lasts_at_most_twelve_rounds() -> None:
    """Round 11 goes on to round 12; round 12 ends the game."""
    game = Game(position(round=11))
    game.finish_bidding()
    assert game.state["round"] == 12 and not game.over()
    game.act(game.prompt().role, {"do": "alliance", "space": "trade"})
    game.finish_bidding()
    assert game.over() and game.state["result"]["reason"] == "end.round-12"


@pytest.mark.rule("redux:end.domestic-5")
def test_farm_and_marketplace_at_five_end_the_game() -> None:
    """A state with both its farm and marketplace at level 5 ends the game after the round;
    only one of them at 5 does not."""
    game = Game(position(round=6, wu={"farm": {"level": 5, "space": 5},
                                      "market": {"level": 5, "space": 5}}))
    game.finish_bidding()
    assert game.state["result"]["reason"] == "end.domestic-5"
    half = Game(position(round=6, wu={"farm": {"level": 5, "space": 5}}))
    half.finish_bidding()
    assert not half.over()


@pytest.mark.rule("redux:end.emperor")
def test_rising_to_emperor_ends_the_game() -> None:
    """A King who controls the Han emperor once more becomes Emperor, and the game ends
    after that round's Resolution Phase."""
    game = Game(position(round=6, wei={"generals": ["xu-chu"], "rank": 4}))
    game.bid("wei", "control-han-emperor", "xu-chu")
    game.finish_bidding()
    game.take("wei", "control-han-emperor")
    game.act("wei", {"do": "promote", "leave": "xu-chu"})
    game.play_out_actions()
    assert game.st("wei")["rank"] == 5
    assert game.state["result"]["reason"] == "end.emperor"


@pytest.mark.rule("redux:end.fifth-general")
def test_stationing_a_fifth_general_ends_the_game() -> None:
    """Wei, with four generals stationed, stations a fifth: the game ends after the round."""
    four = [stationed("cao-ren", "chi-bi"), stationed("xu-huang", "hua-rong-dao"),
            stationed("xiahou-yuan", "guang-ling"), stationed("yu-jin", "jie-ting")]
    game = Game(position(round=6, wei={"generals": [*four, "xu-chu"], "trained": 1,
                                       "spear": 1, "gold": 9, "rice": 9}))
    game.bid("wei", "battle-wei-wu", "xu-chu", units=1, unit="infantry")
    game.finish_bidding()
    game.take("wei", "battle-wei-wu")
    game.act("wei", {"do": "station", "general": "xu-chu", "location": "shi-ting",
                     "units": 1, "token": "granary"})
    game.play_out_actions()
    assert game.state["result"]["reason"] == "end.fifth-general"


@pytest.mark.rule("redux:end.timing")
def test_the_game_stops_after_the_resolution_phase_without_update() -> None:
    """In the final round the tribal decline and the benefits still happen, but no Update
    and Maintenance: no upkeep, no military VP, no criterion flip, no Han token passing."""
    game = Game(position(round=12, han="shu",
                         wei={"generals": ["xu-chu", stationed("cao-ren", "chi-bi", 2)],
                              "tribal": 6, "support": 4, "rice": 5, "gold": 5},
                         shu={"generals": ["ma-chao"]}))
    game.bid("wei", "control-han-emperor", "xu-chu")
    game.finish_bidding()
    game.take("wei", "control-han-emperor")
    game.act("wei", {"do": "promote", "leave": "xu-chu"})
    game.play_out_actions()
    wei = game.st("wei")
    assert wei["tribal"] == 5 and (wei["gold"], wei["rice"]) == (4, 5)
    assert wei["military"] == 0 and game.state["han"]["holder"] == "shu"
    assert game.state["criterion"]["control-han-emperor"] == "combat"
    assert game.general("shu", "ma-chao")["store"] == 4     # his benefit still came
    assert game.state["result"]["scores"]["shu"]["han_emperor"] == 2


@pytest.mark.rule("redux:end.military-vp")
def test_military_vp_are_read_off_the_track() -> None:
    """The book's example: Wei 14, Wu 16, Shu 17."""
    got = scores(wei={"military": 14}, wu={"military": 16}, shu={"military": 17})
    assert [got[r]["military"] for r in ("wei", "wu", "shu")] == [14, 16, 17]


@pytest.mark.rule("redux:end.border-vp")
def test_border_results() -> None:
    """The book's example: Wei wins Shu-Wei and loses Wei-Wu (2 VP); Wu wins Wei-Wu and
    ties Shu-Wu (3); Shu ties Shu-Wu and loses Shu-Wei (1). Ties include 0-0: with nobody
    anywhere everyone ties both borders (2); winning both is 5, losing both 0."""
    got = scores(wei={"generals": [stationed("xu-chu", "hua-rong-dao"),
                                   stationed("xu-huang", "jie-ting"),
                                   stationed("cao-ren", "chi-bi")]},
                 wu={"generals": [stationed("ling-cao", "yi-du"),
                                  stationed("gan-ning", "guang-ling"),
                                  stationed("zhou-tai", "ru-xu-kou")]},
                 shu={"generals": [stationed("zhang-fei", "gong-an"),
                                   stationed("jiang-wei", "qi-shan")]})
    assert [got[r]["border"] for r in ("wei", "wu", "shu")] == [2, 3, 1]
    assert all(s["border"] == 2 for s in scores().values())
    sweep = scores(wei={"generals": [stationed("xu-chu", "hua-rong-dao"),
                                     stationed("cao-ren", "chi-bi")]})
    assert (sweep["wei"]["border"], sweep["wu"]["border"], sweep["shu"]["border"]) == (5, 1, 1)


@pytest.mark.rule("redux:end.border-location-vp")
def test_one_vp_per_border_token_on_its_1_vp_side() -> None:
    """The book's example: four tokens on Wu's granary and treasury, three turned to 1 VP:
    3 VP."""
    got = scores(wu={"generals": [stationed("ling-cao", "yi-du", vp=1),
                                  stationed("gan-ning", "guang-ling", vp=1),
                                  stationed("zhou-tai", "ru-xu-kou", vp=1),
                                  stationed("lu-meng", "chi-bi", vp=0)]})
    assert got["wu"]["border_location"] == 3


@pytest.mark.rule("redux:end.comparative")
def test_comparative_awards() -> None:
    """First 5, joint first 3, second 2, joint second 1, third 0; all three equal: 3 each;
    two sharing first leave the third with 0."""
    t = Game(position()).t
    assert scoring.comparative(t, {"wei": 9, "wu": 5, "shu": 7}) == {"wei": 5, "wu": 0,
                                                                      "shu": 2}
    assert scoring.comparative(t, {"wei": 9, "wu": 7, "shu": 7}) == {"wei": 5, "wu": 1,
                                                                      "shu": 1}
    assert scoring.comparative(t, {"wei": 9, "wu": 9, "shu": 7}) == {"wei": 3, "wu": 3,
                                                                      "shu": 0}
    assert scoring.comparative(t, {"wei": 4, "wu": 4, "shu": 4}) == {"wei": 3, "wu": 3,
                                                                      "shu": 3}


@pytest.mark.rule("redux:end.domestic-vp")
def test_domestic_development_is_compared() -> None:
    """The book's example: Wei 5+5, Wu 2+3, Shu 4+3 score 5, 0, 2; with Wu also at 7, Wu
    and Shu are joint second with 1 each."""
    def dev(farm: int, market: int) -> dict[str, Any]:
        return {"farm": {"level": farm, "space": farm}, "market": {"level": market,
                                                                  "space": market}}
    got = scores(wei=dev(5, 5), wu=dev(2, 3), shu=dev(4, 3))
    assert [got[r]["domestic"] for r in ("wei", "wu", "shu")] == [5, 0, 2]
    got = scores(wei=dev(5, 5), wu=dev(4, 3), shu=dev(4, 3))
    assert [got[r]["domestic"] for r in ("wei", "wu", "shu")] == [5, 1, 1]


@pytest.mark.rule("redux:end.civil-harmony-vp")
def test_civil_harmony_compares_tribal_level_plus_popular_support() -> None:
    """The book's example: Wei 11 + 2 = 13 (second, 2), Wu 12 + 0 = 12 (third, 0), Shu
    10 + 4 = 14 (first, 5); their levels add 3, 4 and 2."""
    got = scores(wei={"tribal": 11, "support": 2}, wu={"tribal": 12, "support": 0},
                 shu={"tribal": 10, "support": 4})
    assert [got[r]["civil_harmony"] for r in ("wei", "wu", "shu")] == [2 + 3, 0 + 4, 5 + 2]


@pytest.mark.rule("redux:end.civil-harmony.bonus")
def test_tribal_levels_nine_to_twelve_add_one_to_four() -> None:
    """Levels 9, 10, 11, 12 add 1, 2, 3, 4 VP on top of the comparison; 8 adds nothing."""
    for level, bonus in ((8, 0), (9, 1), (10, 2), (11, 3), (12, 4)):
        got = scores(wei={"tribal": level, "support": 0}, wu={"tribal": level, "support": 0},
                     shu={"tribal": level, "support": 0})
        assert got["wei"]["civil_harmony"] == 3 + bonus


@pytest.mark.rule("redux:end.rank-vp")
def test_rank_is_compared() -> None:
    """The book's example: Wei King, Wu Duke, Shu Prime Minister: 5, 2, 0 for the
    comparison."""
    got = scores(wei={"rank": 4}, wu={"rank": 3}, shu={"rank": 2})
    assert [got[r]["rank"] for r in ("wei", "wu", "shu")] == [5 + 4, 2 + 3, 0 + 2]


@pytest.mark.rule("redux:end.rank.bonus")
def test_one_vp_per_rank_above_governor() -> None:
    """King adds 4, Duke 3, Prime Minister 2, Grand General 1, Governor 0."""
    got = scores(wei={"rank": 1}, wu={"rank": 1}, shu={"rank": 1})
    assert got["wei"]["rank"] == 3 + 1
    got = scores()
    assert got["wei"]["rank"] == 3 + 0


@pytest.mark.rule("redux:end.han-emperor-vp")
def test_the_han_emperor_token_is_worth_two() -> None:
    """Whoever holds the Han emperor token at the end scores 2 VP."""
    got = scores(han="shu")
    assert [got[r]["han_emperor"] for r in ("wei", "wu", "shu")] == [0, 0, 2]


@pytest.mark.rule("redux:end.state-enhancement-vp")
def test_built_cards_score_their_vp_and_separation_conditions() -> None:
    """Spear Armory scores its 2 VP; Tax Modification System scores 1 plus 1 per 2
    marketplace levels (level 4: +2)."""
    got = scores(wei={"built": ["spear-armory", "tax-modification-system"],
                      "market": {"level": 4, "space": 4}})
    assert got["wei"]["state_enhancement"] == 2 + 1 + 2


@pytest.mark.rule("redux:end.deficit-vp")
def test_each_deficit_token_is_minus_three() -> None:
    """Two deficit tokens cost 6 VP."""
    assert scores(wu={"deficit": 2})["wu"]["deficit"] == -6


@pytest.mark.rule("redux:end.winner")
def test_the_highest_total_wins() -> None:
    """The winner is the state with the highest sum of all categories."""
    game = Game(position(round=12, wu={"military": 20}))
    game.finish_bidding()
    result = game.state["result"]
    assert result["winner"] == "wu"
    assert result["scores"]["wu"]["total"] == max(s["total"] for s in result["scores"].values())
    assert result["scores"]["wu"]["total"] == sum(v for k, v in result["scores"]["wu"].items()
                                                  if k != "total")


@pytest.mark.rule("redux:end.tiebreak")
def test_ties_go_to_more_gold_and_rice_then_shu_wu_wei() -> None:
    """Equal totals: the state with more gold and rice wins; still equal, Shu before Wu
    before Wei."""
    same = {"gold": 3, "rice": 3, "support": 0, "tribal": 6}
    game = Game(position(wei=same, wu=same, shu={**same, "gold": 4}))
    t = game.t
    totals = scoring.score(t)
    assert len({s["total"] for s in totals.values()}) == 1
    assert scoring.winner(t, totals) == "shu"
    rich = Game(position(wei={**same, "gold": 9}, wu=same, shu=same))
    assert scoring.winner(rich.t, scoring.score(rich.t)) == "wei"
    even = Game(position(wei=same, wu=same, shu=same))
    assert scoring.winner(even.t, scoring.score(even.t)) == "shu"
    two = Game(position(wei=same, wu={**same, "military": 1}, shu={**same, "gold": 9}))
    assert scoring.winner(two.t, scoring.score(two.t)) == "wu"
