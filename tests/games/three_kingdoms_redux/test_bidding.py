"""Conflict Phase 3: bidding for action spaces, and the ways to raise a bid."""

from __future__ import annotations

import pytest

from pbem.games.three_kingdoms_redux.dataset import builtin
from tests.games.three_kingdoms_redux.kit import Game, position


def value(game: Game, space: str, role: str) -> int:
    return sum(b["value"] for b in game.state["bids"].get(space, []) if b["role"] == role)


@pytest.mark.rule("redux:bid.attributes")
def test_every_general_has_ratings_in_range() -> None:
    """Administration and combat run 1 to 5, leadership 1 or 2, and each general
    specialises in one or two army types."""
    for general in builtin().generals.values():
        assert 1 <= general.administration <= 5 and 1 <= general.combat <= 5
        assert general.leadership in (1, 2)
        assert 1 <= len(general.specialisations) <= 2


@pytest.mark.rule("redux:bid.criterion")
def test_administration_and_combat_spaces() -> None:
    """The five development, trade, instructor and construction spaces count
    administration; the five production, recruiting, training and tribute spaces count
    combat. Jia Xu (administration 5, combat 2) bids 5 on develop farm and 2 on train
    armies."""
    game = Game(position(wei={"generals": ["jia-xu", "xun-you"]}))
    cat = game.t.cat
    admin = {s.id for s in cat.spaces.values() if s.criterion == "administration"}
    combat = {s.id for s in cat.spaces.values() if s.criterion == "combat"}
    assert admin == {"develop-farm", "develop-marketplace", "trade", "hire-instructor",
                     "construct"}
    assert combat == {"produce-spears-horses", "produce-crossbows-vessels", "recruit-armies",
                      "train-armies", "demand-tribute"}
    game.bid("wei", "develop-farm", "jia-xu")
    game.pass_("wu")
    game.pass_("shu")
    game.bid("wei", "train-armies", "xun-you")
    assert value(game, "develop-farm", "wei") == 5 and value(game, "train-armies", "wei") == 2


@pytest.mark.rule("redux:bid.criterion.alternating")
def test_the_two_marker_spaces_use_opposite_criteria() -> None:
    """Win popular support and control Han emperor count whatever their markers show, and
    the two always differ: with combat on the Han space, Jia Xu bids 2 there and 5 on
    popular support."""
    game = Game(position(wei={"generals": ["jia-xu", "xun-you"]}))
    assert game.state["criterion"] == {"control-han-emperor": "combat",
                                       "win-popular-support": "administration"}
    game.bid("wei", "control-han-emperor", "jia-xu")
    game.pass_("wu")
    game.pass_("shu")
    game.bid("wei", "win-popular-support", "xun-you")
    assert value(game, "control-han-emperor", "wei") == 2
    assert value(game, "win-popular-support", "wei") == 4


BATTLE = position(wu={"generals": ["gan-ning"], "trained": 2, "horse": 2},
                  shu={"generals": ["zhou-cang", "zhao-yun"], "trained": 3, "spear": 1,
                       "crossbow": 2})


@pytest.mark.rule("redux:bid.battle")
def test_a_battle_bid_is_combat_plus_army_units() -> None:
    """The book's battle example: Zhou Cang (combat 3) with 1 infantry unit bids 4, Gan
    Ning (combat 5) with 2 cavalry units 7 (8 here: his skill adds 1 when he is Wu's first
    general), and Zhao Yun (combat 5) with 2 archery units brings Shu's total to 11."""
    game = Game(BATTLE)
    game.pass_("wei")
    game.bid("wu", "battle-shu-wu", "gan-ning", units=2, unit="cavalry")
    bid = game.state["bids"]["battle-shu-wu"][0]
    assert (bid["base"], bid["bonus"]) == (7, 1)
    game.bid("shu", "battle-shu-wu", "zhou-cang", units=1, unit="infantry")
    assert value(game, "battle-shu-wu", "shu") == 4
    game.pass_("wu")
    game.bid("shu", "battle-shu-wu", "zhao-yun", units=2, unit="archery")
    assert value(game, "battle-shu-wu", "shu") == 11


@pytest.mark.rule("redux:bid.battle.leadership")
def test_units_per_general_up_to_leadership_and_never_alone() -> None:
    """Zhou Cang (leadership 1) may not lead 2 units; a general may go to battle without
    units; units cannot be placed without a general."""
    game = Game(BATTLE)
    game.pass_("wei")
    game.pass_("wu")
    game.refuse("shu", {"do": "bid", "space": "battle-shu-wu", "general": "zhou-cang",
                        "units": 2, "unit": "archery"}, rule="bid.battle.leadership")
    game.refuse("shu", {"do": "bid", "space": "battle-shu-wu", "units": 1, "unit": "archery"},
                match="'general' must be given")
    game.bid("shu", "battle-shu-wu", "zhou-cang")
    assert value(game, "battle-shu-wu", "shu") == 3


@pytest.mark.rule("redux:bid.battle.same-type")
def test_one_generals_units_share_a_type_another_may_differ() -> None:
    """A general's units are all of one type (one type is named for all of them); a second
    general on the same battle space may lead another type."""
    game = Game(BATTLE)
    game.pass_("wei")
    game.pass_("wu")
    game.refuse("shu", {"do": "bid", "space": "battle-shu-wu", "general": "zhao-yun",
                        "units": 2}, rule="bid.battle.same-type")
    game.bid("shu", "battle-shu-wu", "zhou-cang", units=1, unit="infantry")
    game.bid("shu", "battle-shu-wu", "zhao-yun", units=2, unit="archery")
    units = [(b["unit"], b["units"]) for b in game.state["bids"]["battle-shu-wu"]]
    assert units == [("infantry", 1), ("archery", 2)]


@pytest.mark.rule("redux:bid.battle.own-border")
def test_only_the_battle_spaces_of_ones_own_borders() -> None:
    """Shu may bid on the Shu-Wei and Shu-Wu battles but not on Wei-Wu; the offer lists only
    its own two."""
    game = Game(BATTLE)
    game.pass_("wei")
    game.pass_("wu")
    spaces = {a["space"] for a in game.offered("bid")}
    assert {"battle-shu-wei", "battle-shu-wu"} <= spaces and "battle-wei-wu" not in spaces
    game.refuse("shu", {"do": "bid", "space": "battle-wei-wu", "general": "zhou-cang"},
                rule="bid.battle.own-border")


TRIBAL = position(wei={"generals": ["jia-xu", "xu-chu"], "gold": 3, "trained": 2,
                       "spear": 2},
                  wu={"generals": ["lu-fan"]})


@pytest.mark.rule("redux:bid.tribal.guaranteed")
def test_the_own_tribal_space_is_always_won() -> None:
    """A general on one's own improve tribal relations space wins it, whatever his
    ratings; no other state can contest it."""
    game = Game(TRIBAL)
    game.bid("wei", "tribal-wei", "jia-xu")
    game.finish_bidding()
    assert game.state["won"]["tribal-wei"] == ["wei"]
    assert "Improve tribal relations (Xiong Nu 匈奴): Wei wins" in game.text()


@pytest.mark.rule("redux:bid.tribal.limits")
def test_only_ones_own_tribal_space_and_one_general_a_round() -> None:
    """Wu cannot bid on Wei's tribal space, and Wei cannot put a second general on its
    own."""
    game = Game(TRIBAL)
    game.bid("wei", "tribal-wei", "jia-xu")
    game.refuse("wu", {"do": "bid", "space": "tribal-wei", "general": "lu-fan"},
                rule="bid.tribal.limits")
    game.pass_("wu")
    game.pass_("shu")
    game.refuse("wei", {"do": "bid", "space": "tribal-wei", "general": "xu-chu"},
                rule="bid.tribal.limits")


@pytest.mark.rule("redux:bid.tribal.payload")
def test_the_tribal_general_brings_gold_or_units_up_to_leadership() -> None:
    """Jia Xu (leadership 1) may bring 1 gold but not 2; Xu Chu (leadership 2) may bring 2
    units of one type; nobody brings gold and units together."""
    game = Game(TRIBAL)
    game.refuse("wei", {"do": "bid", "space": "tribal-wei", "general": "jia-xu", "gold": 2},
                rule="bid.tribal.payload")
    game.refuse("wei", {"do": "bid", "space": "tribal-wei", "general": "xu-chu", "gold": 1,
                        "units": 1, "unit": "infantry"}, rule="bid.tribal.payload")
    game.refuse("wei", {"do": "bid", "space": "develop-farm", "general": "jia-xu",
                        "gold": 1}, rule="bid.battle")
    game.bid("wei", "tribal-wei", "xu-chu", units=2, unit="infantry")
    assert game.st("wei")["trained"] == 0 and game.st("wei")["spear"] == 0


@pytest.mark.rule("redux:bid.turns")
def test_one_general_per_turn_in_bid_order_face_up_any_number_per_space() -> None:
    """Turns follow the bid order, one general each; the general is turned face up; other
    states may then add generals to the same space."""
    game = Game(position(bid_order=["wu", "shu", "wei"],
                         wei={"generals": [{"id": "jia-xu", "hidden": True}]},
                         wu={"generals": ["lu-fan"]}, shu={"generals": ["jiang-wan"]}))
    assert game.prompt().role == "wu"
    game.refuse("wei", {"do": "bid", "space": "trade", "general": "jia-xu"})
    game.bid("wu", "trade", "lu-fan")
    game.bid("shu", "trade", "jiang-wan")
    ref = game.ref("wei", "jia-xu")
    assert game.st("wei")["generals"][ref]["card"] is None
    game.bid("wei", "trade", "jia-xu")
    assert game.st("wei")["generals"][ref]["card"] == "jia-xu"
    assert game.view("wu")["states"]["wei"]["generals"][1]["name"] == "Jia Xu"
    assert len(game.state["bids"]["trade"]) == 3


@pytest.mark.rule("redux:bid.once-per-round")
def test_a_general_is_placed_once_a_round() -> None:
    """Once placed, a general cannot be placed again in the same round."""
    game = Game(position(wei={"generals": ["jia-xu", "xun-you"]}))
    game.bid("wei", "trade", "jia-xu")
    game.pass_("wu")
    game.pass_("shu")
    game.refuse("wei", {"do": "bid", "space": "construct", "general": "jia-xu"},
                rule="bid.once-per-round")


@pytest.mark.rule("redux:bid.skip")
def test_a_state_without_generals_left_is_skipped() -> None:
    """Shu has only Liu Bei: once he is placed, Shu's turns are skipped."""
    game = Game(position(wei={"generals": ["jia-xu", "xun-you"]}, wu={"generals": ["lu-fan"]}))
    game.bid("wei", "trade", "jia-xu")
    game.bid("wu", "trade", "lu-fan")
    game.bid("shu", "construct", "liu-bei")
    game.bid("wei", "develop-farm", "xun-you")
    assert game.prompt().role == "wu"
    game.bid("wu", "recruit-armies", "sun-jian")
    assert game.prompt().role == "wei"


@pytest.mark.rule("redux:bid.pass")
def test_passing_ends_a_states_bidding_for_the_round() -> None:
    """After Wei passes it gets no more turns this round, though it still has generals."""
    game = Game(position(wei={"generals": ["jia-xu"]}, wu={"generals": ["lu-fan"]}))
    game.pass_("wei")
    game.bid("wu", "trade", "lu-fan")
    game.bid("shu", "construct", "liu-bei")
    assert game.prompt().role == "wu"
    game.refuse("wei", {"do": "bid", "space": "trade", "general": "jia-xu"})


@pytest.mark.rule("redux:bid.end")
def test_bidding_ends_when_all_are_placed_or_passed_and_leftovers_give_nothing() -> None:
    """Bidding stops once every state has placed all its generals or passed; unplaced
    generals bring nothing."""
    game = Game(position(wei={"generals": ["jia-xu", "xun-you"]}))
    game.bid("wei", "trade", "jia-xu")
    game.pass_("wu")
    game.pass_("shu")
    game.pass_("wei")
    assert game.prompt().step == "actions"
    assert "Bidding ends" in game.text()
    assert game.general("wei", "xun-you")["at"] == "supply"


@pytest.mark.rule("redux:bid.highest")
def test_the_highest_total_wins() -> None:
    """The book's example: Jia Xu (administration 5) beats Jiang Wei (4) on develop
    marketplace."""
    game = Game(position(wei={"generals": ["jia-xu"]}, shu={"generals": ["jiang-wei"]}))
    game.bid("wei", "develop-marketplace", "jia-xu")
    game.pass_("wu")
    game.bid("shu", "develop-marketplace", "jiang-wei")
    game.finish_bidding()
    assert game.state["won"]["develop-marketplace"] == ["wei"]


@pytest.mark.rule("redux:bid.ties")
def test_a_tie_goes_to_whoever_reached_the_total_first() -> None:
    """The book's tie examples: Jia Xu 5 then Jiang Wan 5 - Wei reached 5 first and wins;
    then Jiang Wei takes Shu to 9 before Xun You takes Wei to 9 - Shu wins."""
    one = Game(position(wei={"generals": ["jia-xu"]}, shu={"generals": ["jiang-wan"]}))
    one.bid("wei", "develop-marketplace", "jia-xu")
    one.pass_("wu")
    one.bid("shu", "develop-marketplace", "jiang-wan")
    one.finish_bidding()
    assert one.state["won"]["develop-marketplace"] == ["wei"]
    two = Game(position(wei={"generals": ["jia-xu", "xun-you"]},
                        shu={"generals": ["jiang-wan", "jiang-wei"]}))
    two.bid("wei", "develop-marketplace", "jia-xu")
    two.pass_("wu")
    two.bid("shu", "develop-marketplace", "jiang-wan")
    two.bid("wei", "construct", "cao-cao")
    two.bid("shu", "develop-marketplace", "jiang-wei")
    two.bid("wei", "develop-marketplace", "xun-you")
    assert value(two, "develop-marketplace", "wei") == value(two, "develop-marketplace",
                                                                "shu") == 9
    two.finish_bidding()
    assert two.state["won"]["develop-marketplace"] == ["shu"]


ALLIANCE = position(alliance={"space": "develop-marketplace"},
                    wei={"generals": ["jia-xu", "xun-you"]}, wu={"generals": ["lu-fan"]},
                    shu={"generals": ["jiang-wan"]})


@pytest.mark.rule("redux:bid.alliance-combined")
def test_allies_bids_add_up_on_the_alliance_space() -> None:
    """The book's example: Jia Xu 5 against Lu Fan 4 plus Jiang Wan 5 = 9 on the alliance
    space: the alliance wins and both Wu and Shu may act there."""
    game = Game(ALLIANCE)
    game.bid("wei", "develop-marketplace", "jia-xu")
    game.bid("wu", "develop-marketplace", "lu-fan")
    game.bid("shu", "develop-marketplace", "jiang-wan")
    game.finish_bidding()
    assert game.state["won"]["develop-marketplace"] == ["wu", "shu"]
    assert "wins with 9" in game.text()


@pytest.mark.rule("redux:bid.alliance-beaten")
def test_the_outsider_takes_the_alliance_space_by_reaching_the_total_first() -> None:
    """If Wei places Jia Xu and Xun You and reaches 9 before the allies do, Wei wins the
    alliance space and acts there alone."""
    game = Game(ALLIANCE)
    game.bid("wei", "develop-marketplace", "jia-xu")
    game.bid("wu", "construct", "sun-jian")
    game.bid("shu", "trade", "liu-bei")
    game.bid("wei", "develop-marketplace", "xun-you")
    game.bid("wu", "develop-marketplace", "lu-fan")
    game.bid("shu", "develop-marketplace", "jiang-wan")
    game.finish_bidding()
    assert game.state["won"]["develop-marketplace"] == ["wei"]
    assert "(bid.alliance-beaten)" in game.text()


@pytest.mark.rule("redux:bid.bid-tokens")
def test_a_skill_bonus_is_shown_with_a_bid_token() -> None:
    """Sun Jian placed first gets +1 and a Wu bid token goes with him (back when he
    returns); with no bid token left the bonus cannot be shown."""
    game = Game(position(wu={"generals": []}))
    game.pass_("wei")
    game.bid("wu", "recruit-armies", "sun-jian")
    bid = game.state["bids"]["recruit-armies"][0]
    assert (bid["value"], bid["bonus"], bid["tokens"]) == (5, 1, 1)
    assert game.st("wu")["bid_tokens"] == 1
    game.finish_bidding()
    game.decline_rest("wu")
    assert game.st("wu")["bid_tokens"] == 2
    empty = Game(position(wu={"generals": [], "bid_tokens": 0}))
    empty.pass_("wei")
    empty.bid("wu", "recruit-armies", "sun-jian")
    assert empty.state["bids"]["recruit-armies"][0]["value"] == 4


@pytest.mark.rule("redux:bid.han-emperor")
def test_the_han_emperor_token_adds_one_to_one_general() -> None:
    """The holder may put the token with one general for +1, never alone and only once a
    round; it comes back with that general."""
    game = Game(position(han="wei", wei={"generals": ["jia-xu", "xun-you"]}))
    game.bid("wei", "trade", "jia-xu", han="yes")
    assert value(game, "trade", "wei") == 6
    game.pass_("wu")
    game.pass_("shu")
    game.refuse("wei", {"do": "bid", "space": "construct", "general": "xun-you",
                        "han": "yes"}, rule="bid.han-emperor")
    other = Game(position(han="wu", wei={"generals": ["jia-xu"]}))
    other.refuse("wei", {"do": "bid", "space": "trade", "general": "jia-xu", "han": "yes"},
                 rule="bid.han-emperor")


@pytest.mark.rule("redux:bid.popular-support")
def test_popular_support_tokens_add_one_each() -> None:
    """Any number of popular support tokens may go with a general, +1 each, together with
    the Han emperor token; never more than the state holds."""
    game = Game(position(han="shu", shu={"generals": [], "support": 3}))
    game.pass_("wei")
    game.pass_("wu")
    game.refuse("shu", {"do": "bid", "space": "construct", "general": "liu-bei",
                        "support": 4}, rule="bid.popular-support")
    game.bid("shu", "construct", "liu-bei", support=3, han="yes")
    assert value(game, "construct", "shu") == 4 + 3 + 1
    assert game.st("shu")["support"] == 0


@pytest.mark.rule("redux:bid.unavailable")
def test_face_down_and_stationed_generals_cannot_bid() -> None:
    """The general left face down on the control Han emperor space last round, and any
    stationed general, cannot be placed."""
    game = Game(position(wei={"generals": [{"id": "yu-jin", "at": "face-down"},
                                           {"id": "xu-chu", "at": "stationed",
                                            "location": "hua-rong-dao", "units": 2},
                                           "jia-xu"]}))
    for general in ("yu-jin", "xu-chu"):
        game.refuse("wei", {"do": "bid", "space": "recruit-armies", "general": general},
                    rule="bid.unavailable")
    options = {o.value for o in game.spec("bid", space="recruit-armies").params[0].options}
    assert options == {"cao-cao", "jia-xu"}
