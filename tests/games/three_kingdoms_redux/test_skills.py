"""End-of-round benefits, and the generals' skills the book prints in full."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pbem import strict_yaml
from pbem.games.three_kingdoms_redux import dataset
from pbem.games.three_kingdoms_redux.dataset import builtin
from tests.games.three_kingdoms_redux.kit import Game, position


@pytest.mark.rule("redux:resolution.benefits")
def test_benefits_come_at_the_end_of_the_round_in_the_owners_order() -> None:
    """The book's example: Shu holds 1 horse, Ma Chao's card still holds horses and Shu has
    the Barter Market; buying a horse first brings Shu to 2 horses, so Ma Chao's card then
    gives one more. Taken the other way round Ma Chao gives nothing."""
    scenario = position(round=6, shu={"generals": [{"id": "ma-chao", "recruited": 5,
                                                    "store": 3}],
                                      "built": ["barter-market"], "horse": 1, "rice": 4,
                                      "support": 0})
    game = Game(scenario)
    game.finish_bidding()
    assert game.prompt().role == "shu" and game.prompt().step == "benefits"
    assert [a["benefit"] for a in game.offered("benefit")] == ["barter:barter-market"]
    game.act("shu", {"do": "benefit", "benefit": "barter:barter-market", "direction": "buy",
                     "weapon": "horse"})
    assert [a["benefit"] for a in game.offered("benefit")] == ["card-store-release:ma-chao"]
    game.act("shu", "end-benefits")
    assert game.st("shu")["horse"] == 3 and game.general("shu", "ma-chao")["store"] == 2
    other = Game(scenario)
    other.finish_bidding()
    other.act("shu", "end-benefits")
    assert other.st("shu")["horse"] == 1 and other.general("shu", "ma-chao")["store"] == 3


@pytest.mark.rule("redux:skill.zhang-he")
def test_zhang_he_brings_an_army_and_horses_then_a_horse_per_army_action() -> None:
    """At the end of his recruiting round Wei gains 1 untrained army and 2 horses; each
    time he takes recruit armies (or train armies) Wei gains 1 horse."""
    game = Game(position(round=3, wei={"generals": [{"id": "zhang-he", "recruited": 3},
                                                    "xun-you"]}))
    game.bid("wei", "recruit-armies", "zhang-he")
    game.pass_("wu")
    game.pass_("shu")
    game.bid("wei", "develop-farm", "xun-you")
    game.finish_bidding()
    game.take("wei", "recruit-armies")
    game.act("wei", "recruit")
    assert (game.st("wei")["untrained"], game.st("wei")["horse"]) == (2, 1)
    game.play_out_actions()
    assert (game.st("wei")["untrained"], game.st("wei")["horse"]) == (3, 3)


def taishi(place: bool) -> Game:
    game = Game(position(round=3, wu={"generals": [{"id": "taishi-ci", "recruited": 3,
                                                    "hidden": True}]}))
    game.pass_("wei")
    if place:
        game.bid("wu", "recruit-armies", "taishi-ci")
    game.finish_bidding()
    game.play_out_actions()
    return game


@pytest.mark.rule("redux:skill.taishi-ci")
def test_taishi_ci_unplaced_in_his_recruiting_round_brings_a_trained_army_and_weapon() -> None:
    """Left unplaced in the round he was recruited, Taishi Ci (shown by Wu) brings 1
    trained army and 1 weapon of Wu's choice at its end; placed, he brings nothing."""
    game = taishi(place=False)
    assert game.prompt().role == "wu" and game.prompt().step == "benefits"
    ref = game.ref("wu", "taishi-ci")
    game.act("wu", {"do": "show", "general": ref})
    game.act("wu", {"do": "benefit", "benefit": f"recruit-gain:{ref}", "weapon": "horse"})
    assert (game.st("wu")["trained"], game.st("wu")["horse"]) == (1, 1)
    placed = taishi(place=True)
    assert placed.st("wu")["trained"] == 0
    assert all(placed.st("wu")[w] == 0 for w in ("spear", "horse", "crossbow", "vessel"))


@pytest.mark.rule("redux:skill.ma-chao")
def test_ma_chao_stores_four_horses_then_releases_one_while_shu_holds_two() -> None:
    """At the end of his recruiting round 4 horses go on his card; at the end of each later
    round one moves to Shu if Shu holds at least 2 horses."""
    fresh = Game(position(round=6, shu={"generals": [{"id": "ma-chao", "recruited": 6}],
                                        "support": 0}))
    fresh.finish_bidding()
    assert fresh.general("shu", "ma-chao")["store"] == 4 and fresh.st("shu")["horse"] == 0
    later = Game(position(round=6, shu={"generals": [{"id": "ma-chao", "recruited": 5,
                                                      "store": 4}], "horse": 2,
                                        "support": 0}))
    later.finish_bidding()
    assert later.general("shu", "ma-chao")["store"] == 3 and later.st("shu")["horse"] == 3
    few = Game(position(round=6, shu={"generals": [{"id": "ma-chao", "recruited": 5,
                                                    "store": 4}], "horse": 1, "support": 0}))
    few.finish_bidding()
    assert few.general("shu", "ma-chao")["store"] == 4


@pytest.mark.rule("redux:card.barter-market")
def test_a_standing_barter_lets_ma_chao_release_the_horse_it_bought() -> None:
    """The book's example of benefits in order: Shu holds 1 horse; its standing order buys
    a horse at the Barter Market, after which Shu holds 2 and Ma Chao releases one. Each
    benefit sees what the ones before it gave."""
    game = Game(position(round=6, shu={"generals": [{"id": "ma-chao", "recruited": 5,
                                                     "store": 3}],
                                       "built": ["barter-market"], "horse": 1, "rice": 4,
                                       "support": 0},
                         orders={"shu": {"barter": "buy-horse"}}))
    game.finish_bidding()
    assert "Shu's standing order: barter buy-horse" in game.text()
    assert game.st("shu")["horse"] == 3 and game.general("shu", "ma-chao")["store"] == 2


@pytest.mark.rule("redux:skill.ma-chao")
def test_a_stationed_ma_chao_releases_no_horses() -> None:
    """Once stationed, Ma Chao's skill stops like every skill whose effect does not say it
    works after stationing (rules notes 17): the horses stay on his card."""
    here = {"id": "ma-chao", "recruited": 5, "store": 4}
    away = {**here, "at": "stationed", "location": "gong-an", "units": 1}
    at_home = Game(position(round=6, shu={"generals": [here], "horse": 2, "support": 0}))
    at_home.finish_bidding()
    assert at_home.general("shu", "ma-chao")["store"] == 3
    stationed = Game(position(round=6, shu={"generals": [away], "horse": 2, "support": 0}))
    stationed.finish_bidding()
    assert stationed.general("shu", "ma-chao")["store"] == 4
    assert stationed.st("shu")["horse"] == 2


@pytest.mark.rule("redux:skill.zhuge-jin")
def test_zhuge_jin_gains_rice_in_and_out_of_the_alliance() -> None:
    """Allied, Wu gains 1 rice before Zhuge Jin takes the alliance action; not allied and
    winning at most 4 spaces, Wu gains 2 rice before it acts."""
    allied = Game(position(alliance={"space": "develop-marketplace"},
                           wu={"generals": ["zhuge-jin"], "rice": 0}))
    allied.pass_("wei")
    allied.bid("wu", "develop-marketplace", "zhuge-jin")
    allied.finish_bidding()
    allied.take("wu", "develop-marketplace")
    assert allied.st("wu")["rice"] == 1
    outside = Game(position(bid_order=["wu", "wei", "shu"],
                            wu={"generals": ["zhuge-jin"], "rice": 0}))
    outside.bid("wu", "trade", "zhuge-jin")
    outside.finish_bidding()
    assert outside.st("wu")["rice"] == 2
    assert "(skill.zhuge-jin)" in outside.text()


@pytest.mark.rule("redux:skill.zhuge-liang")
def test_zhuge_liang_develops_with_a_bonus_while_few_tokens_lie_there() -> None:
    """After he develops the marketplace, with at most 2 developed tokens on that space
    Shu gains 2 gold (farm: 2 rice); with 3 there, nothing."""
    def develop(space: str, **track: dict[str, int]) -> Game:
        game = Game(position(shu={"generals": ["zhuge-liang"], "gold": 0, "rice": 0,
                                  "support": 0, **track}))
        game.pass_("wei")
        game.pass_("wu")
        game.bid("shu", space, "zhuge-liang")
        game.finish_bidding()
        game.take("shu", space)
        game.act("shu", space)
        return game
    assert develop("develop-marketplace").st("shu")["gold"] == 2
    assert develop("develop-farm", farm={"level": 1, "space": 1}).st("shu")["rice"] == 2
    assert develop("develop-marketplace",
                   market={"level": 2, "space": 2}).st("shu")["gold"] == 0


@pytest.mark.rule("redux:skill.sun-jian")
def test_sun_jian_adds_one_combat_when_placed_first() -> None:
    """As Wu's first general of the round Sun Jian's combat counts 5; placed later, 4."""
    first = Game(position(wu={"generals": ["lu-fan"]}))
    first.pass_("wei")
    first.bid("wu", "demand-tribute", "sun-jian")
    assert first.state["bids"]["demand-tribute"][0]["value"] == 5
    later = Game(position(wu={"generals": ["lu-fan"]}))
    later.pass_("wei")
    later.bid("wu", "trade", "lu-fan")
    later.pass_("shu")
    later.bid("wu", "demand-tribute", "sun-jian")
    assert later.state["bids"]["demand-tribute"][0]["value"] == 4


@pytest.mark.rule("redux:skill.cao-cao")
def test_cao_cao_wins_ties_for_wei() -> None:
    """The book's last tie example: with Cao Cao (administration 5) and Xun You for Wei,
    Shu reaches 9 first but Wei wins the tie through Cao Cao."""
    game = Game(position(wei={"generals": ["xun-you", "jia-xu"]},
                         shu={"generals": ["jiang-wan", "jiang-wei"]}))
    game.bid("wei", "develop-marketplace", "cao-cao")
    game.pass_("wu")
    game.bid("shu", "develop-marketplace", "jiang-wan")
    game.bid("wei", "trade", "jia-xu")
    game.bid("shu", "develop-marketplace", "jiang-wei")
    game.bid("wei", "develop-marketplace", "xun-you")
    game.finish_bidding()
    assert game.state["won"]["develop-marketplace"] == ["wei"]


@pytest.mark.rule("redux:skill.liu-bei")
def test_liu_bei_gets_a_popular_support_token_back() -> None:
    """The example play: Liu Bei bids with 2 popular support tokens; after his action one
    comes back to Shu. If he loses, one comes back too."""
    game = Game(position(shu={"generals": [], "support": 2}))
    game.pass_("wei")
    game.pass_("wu")
    game.bid("shu", "recruit-armies", "liu-bei", support=2)
    game.finish_bidding()
    game.take("shu", "recruit-armies")
    game.act("shu", "recruit")
    assert game.st("shu")["support"] == 1
    lost = Game(position(wei={"generals": ["xu-chu"]}, shu={"generals": [], "support": 1}))
    lost.bid("wei", "recruit-armies", "xu-chu")
    lost.pass_("wu")
    lost.bid("shu", "recruit-armies", "liu-bei", support=1)
    lost.finish_bidding()
    assert lost.state["won"]["recruit-armies"] == ["wei"]
    assert lost.st("shu")["support"] == 1


@pytest.mark.rule("redux:skill.cao-cao")
def test_cao_cao_on_the_alliance_space_wins_ties_for_his_side() -> None:
    """Rules notes: as the outsider, Wei with Cao Cao among its bidders wins a tie with the
    allies' combined total even when they reached it first; as an ally, Cao Cao makes the
    alliance's combined bid win a tie with the outsider who reached it first."""
    outsider = Game(position(alliance={"space": "develop-marketplace"},
                             wei={"generals": ["jia-xu", "xun-you"]},
                             wu={"generals": ["lu-fan"]}, shu={"generals": ["jiang-wan"]}))
    outsider.bid("wei", "trade", "jia-xu")
    outsider.bid("wu", "develop-marketplace", "lu-fan")
    outsider.bid("shu", "develop-marketplace", "jiang-wan")
    outsider.bid("wei", "develop-marketplace", "cao-cao")
    outsider.pass_("wu")
    outsider.pass_("shu")
    outsider.bid("wei", "develop-marketplace", "xun-you")
    outsider.finish_bidding()
    assert outsider.state["won"]["develop-marketplace"] == ["wei"]
    ally = Game(position(bid_order=["wu", "wei", "shu"], alliance={"space": "trade"},
                         wu={"generals": ["lu-su", "lu-fan"]},
                         shu={"generals": ["jiang-wan", "jiang-wei"]}))
    ally.bid("wu", "trade", "lu-su")
    ally.bid("wei", "trade", "cao-cao")
    ally.bid("shu", "construct", "jiang-wan")
    ally.bid("wu", "trade", "lu-fan")       # Wei has nobody left: skipped
    ally.bid("shu", "trade", "jiang-wei")
    ally.finish_bidding()
    assert ally.state["won"]["trade"] == ["wei", "shu"]


@pytest.mark.rule("redux:skill.zhuge-jin")
def test_zhuge_jin_outside_the_alliance_needs_at_most_four_won_spaces() -> None:
    """Rules notes: "takes at most 4 actions" is read as winning at most 4 action spaces,
    counted before Wu acts: with 5 won, no rice."""
    names = ["zhuge-jin", "lu-fan", "lu-su", "kan-ze", "zhang-zhao"]
    spaces = ["trade", "construct", "develop-farm", "develop-marketplace", "hire-instructor"]
    game = Game(position(bid_order=["wu", "wei", "shu"], wu={"generals": names, "rice": 0}))
    for name, space in zip(names, spaces, strict=True):
        while game.prompt().role != "wu":
            game.pass_(game.prompt().role)
        game.bid("wu", space, name)
    game.finish_bidding()
    assert len([s for s, r in game.state["won"].items() if r == ["wu"]]) == 5
    assert game.st("wu")["rice"] == 0


@pytest.mark.rule("redux:battle.station.permanent")
def test_a_stationed_generals_skill_works_only_if_it_says_so(tmp_path: Path) -> None:
    """Rules notes 17: Hao Zhao's income needs him stationed; Zhang Liao's works at home and
    once stationed; an income that says neither stops once its general is stationed."""
    def gold_after(general: dict[str, Any], options: dict[str, Any] | None = None) -> int:
        game = Game(position(round=7, wei={"generals": [general], "gold": 0, "rice": 9}),
                    options)
        game.finish_bidding()
        return int(game.st("wei")["gold"] + game.st("wei")["rice"] - 9)
    at = {"at": "stationed", "units": 1}
    assert gold_after({"id": "hao-zhao"}) == 0
    assert gold_after({"id": "hao-zhao", "location": "qi-shan", **at}) == 1 - 1  # upkeep 1
    assert gold_after({"id": "zhang-liao"}) == 1
    assert gold_after({"id": "zhang-liao", "location": "guang-ling", **at}) == 1 - 1
    hong = next(dict(r) for r in builtin().document["generals"] if r["id"] == "cao-hong")
    hong["skill"] = {"effects": [{"kind": "round-income", "gain": {"gold": 2}}]}
    path = tmp_path / "hong.yaml"
    path.write_text(strict_yaml.dump({"generals": [hong]}), encoding="utf-8")
    options = {"data": dataset.load_data(path).hash}
    assert gold_after({"id": "cao-hong"}, options) == 2
    assert gold_after({"id": "cao-hong", "location": "guang-ling", **at}, options) == 0 - 1
