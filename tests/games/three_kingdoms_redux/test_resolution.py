"""Resolution Phase 1-3: remove tokens, next round's order, taking actions."""

from __future__ import annotations

import pytest

from tests.games.three_kingdoms_redux.kit import Game, position


def contest() -> Game:
    """Wei and Shu fight over develop marketplace: Jia Xu 5 + Han token beats Liu Bei 4 +
    1 popular support; Shu's Zhou Cang loses a battle to Wei's Xu Chu."""
    game = Game(position(han="wei",
                         wei={"generals": ["jia-xu", "xu-chu"], "trained": 2, "spear": 2},
                         shu={"generals": ["zhou-cang"], "support": 2, "trained": 1,
                              "spear": 1}))
    game.bid("wei", "develop-marketplace", "jia-xu", han="yes")
    game.pass_("wu")
    game.bid("shu", "develop-marketplace", "liu-bei", support=1)
    game.bid("wei", "battle-shu-wei", "xu-chu", units=2, unit="infantry")
    game.bid("shu", "battle-shu-wei", "zhou-cang", units=1, unit="infantry")
    game.finish_bidding()
    return game


@pytest.mark.rule("redux:resolution.remove-tokens")
def test_losing_bids_go_home_with_their_units_winners_stay() -> None:
    """Liu Bei and Zhou Cang lose: they go back to Shu with Zhou Cang's unit (as a trained
    army and a spear); Wei's winning generals, units and Han token stay on their spaces."""
    game = contest()
    assert game.general("shu", "liu-bei")["at"] == "supply"
    assert game.general("shu", "zhou-cang")["at"] == "supply"
    assert (game.st("shu")["trained"], game.st("shu")["spear"]) == (1, 1)
    assert game.general("wei", "jia-xu")["at"] == "space"
    assert [b["general"] for b in game.state["bids"]["battle-shu-wei"]] == ["xu-chu"]
    assert game.state["bids"]["develop-marketplace"][0]["han"] is True


@pytest.mark.rule("redux:resolution.remove-tokens.popular-support")
def test_popular_support_on_a_losing_bid_goes_to_the_supply() -> None:
    """The popular support token Shu added to Liu Bei's losing bid is gone (to the general
    supply), apart from the one his own skill returns: Shu keeps its 1 unplaced token plus
    the returned one, the two-token bid of a general without that skill is simply lost."""
    game = contest()
    assert game.st("shu")["support"] == 2        # 1 kept + 1 returned by Liu Bei's skill
    other = Game(position(wei={"generals": ["jia-xu"]},
                          wu={"generals": ["lu-fan"], "support": 2}))
    other.bid("wei", "trade", "jia-xu")
    other.bid("wu", "trade", "lu-fan", support=1)
    other.finish_bidding()
    assert other.state["won"]["trade"] == ["wei"]
    assert other.st("wu")["support"] == 1


@pytest.mark.rule("redux:resolution.remove-tokens.han-general")
def test_last_rounds_face_down_general_returns_now() -> None:
    """The general left face down on the control Han emperor space in the previous round
    goes back to its state when this round's tokens are removed."""
    game = Game(position(round=6, wei={"generals": [{"id": "cao-hong", "at": "face-down"}]}))
    assert game.state["face_down"] == {"role": "wei", "general": "cao-hong"}
    game.finish_bidding()
    assert game.general("wei", "cao-hong")["at"] == "supply"
    assert game.state["face_down"] is None
    assert "Cao Hong returns to Wei" in game.text()


@pytest.mark.rule("redux:resolution.remove-tokens.alliance-token")
def test_the_alliance_token_stays_whoever_won() -> None:
    """The alliance token stays on its space after the bids are sorted, even when the
    outsider won it."""
    game = Game(position(alliance={"space": "trade"}, wei={"generals": ["jia-xu"]}))
    game.bid("wei", "trade", "jia-xu")
    game.finish_bidding()
    assert game.state["won"]["trade"] == ["wei"]
    assert game.state["alliance"]["space"] == "trade"
    assert "The alliance token stays on Trade rice and/or weapons" in game.text()


@pytest.mark.rule("redux:resolution.action-order")
def test_actions_follow_this_rounds_bid_order() -> None:
    """With bid order Shu, Wei, Wu the action order is Shu, Wei, Wu whatever the bids:
    Shu acts first."""
    game = Game(position(bid_order=["shu", "wei", "wu"], wei={"generals": ["jia-xu"]},
                         wu={"generals": ["lu-fan"]}))
    game.bid("shu", "construct", "liu-bei")
    game.bid("wei", "trade", "jia-xu")
    game.bid("wu", "develop-farm", "lu-fan")
    game.finish_bidding()
    assert game.state["action_order"] == ["shu", "wei", "wu"]
    assert game.prompt().role == "shu"


SPACES = ["develop-farm", "develop-marketplace", "trade", "construct", "recruit-armies",
          "train-armies", "demand-tribute", "produce-spears-horses", "hire-instructor",
          "produce-crossbows-vessels", "win-popular-support", "control-han-emperor"]
NAMES = {"wei": ["jia-xu", "xun-you", "sima-yi", "cheng-yu", "guo-jia"],
         "wu": ["lu-fan", "zhuge-jin", "lu-su", "kan-ze", "zhang-zhao"],
         "shu": ["jiang-wan", "zhuge-liang", "pang-tong", "fa-zheng", "fei-yi"]}


def order_after(wei: int, wu: int, shu: int, military: dict[str, int] | None = None,
                tribal: str | None = None) -> list[str]:
    """Next round's bid order when the states win these many spaces (each on its own
    space; ``tribal``: that state's last bid goes to its tribal space)."""
    military = military or {}
    wanted = {"wei": wei, "wu": wu, "shu": shu}
    game = Game(position(**{r: {"generals": NAMES[r][:wanted[r]],
                                "military": military.get(r, 0)} for r in NAMES}))
    free = iter(SPACES)
    plans = {r: [(f"tribal-{r}" if tribal == r and i == n - 1 else None, NAMES[r][i])
                 for i in range(n)] for r, n in wanted.items()}
    while game.prompt().step == "bidding":
        role = game.prompt().role
        if plans[role]:
            space, general = plans[role].pop(0)
            game.bid(role, space or next(free), general)
        else:
            game.pass_(role)
    return game.state["next_bid_order"]


@pytest.mark.rule("redux:resolution.turn-order.count")
def test_successful_bids_count_the_tribal_space_and_the_alliance_space_for_each_ally() -> None:
    """A tribal general counts as a successful bid; a won alliance space counts for each
    ally who bid there."""
    assert order_after(2, 2, 3, tribal="shu") == ["shu", "wei", "wu"]
    assert order_after(2, 2, 2, military={"shu": 1}, tribal="shu") == ["shu", "wei", "wu"]
    game = Game(position(alliance={"space": "trade"}, wu={"generals": ["lu-fan"]},
                         shu={"generals": ["jiang-wan"]}))
    game.pass_("wei")
    game.bid("wu", "trade", "lu-fan")
    game.bid("shu", "trade", "jiang-wan")
    game.finish_bidding()
    assert game.state["won"]["trade"] == ["wu", "shu"]
    assert game.view(None)["states"]["wu"]["successful_bids"] == 1
    assert game.view(None)["states"]["shu"]["successful_bids"] == 1
    assert game.state["next_bid_order"] == ["wu", "shu", "wei"]


@pytest.mark.rule("redux:resolution.turn-order.rank")
def test_most_successful_bids_go_first() -> None:
    """Wei 1, Wu 3, Shu 2 successful bids: next round Wu, Shu, Wei."""
    assert order_after(1, 3, 2) == ["wu", "shu", "wei"]


@pytest.mark.rule("redux:resolution.turn-order.military")
def test_ties_go_to_more_military_vp() -> None:
    """The book's example: Wei 4, Wu 3, Shu 4 bids, Shu with 2 military VP and Wei 0: Shu,
    Wei, Wu."""
    assert order_after(4, 3, 4, military={"shu": 2}) == ["shu", "wei", "wu"]


@pytest.mark.rule("redux:resolution.turn-order.state")
def test_remaining_ties_go_wei_wu_shu() -> None:
    """The same with no military VP anywhere: Wei, Shu, Wu."""
    assert order_after(4, 3, 4) == ["wei", "shu", "wu"]


@pytest.mark.rule("redux:resolution.turn-order.alliance")
def test_next_rounds_seats_two_and_three_are_allied_and_three_chooses() -> None:
    """After a round ending with order Wei, Shu, Wu, Shu and Wu are allied next round and
    Wu, third, chooses the alliance space."""
    game = Game(position(wei={"generals": ["jia-xu", "xun-you"]},
                         shu={"generals": ["jiang-wan"]}))
    game.bid("wei", "trade", "jia-xu")
    game.pass_("wu")
    game.bid("shu", "construct", "jiang-wan")
    game.bid("wei", "develop-farm", "xun-you")
    game.finish_bidding()
    game.play_out_actions()
    assert game.state["bid_order"] == ["wei", "shu", "wu"]
    assert game.prompt().role == "wu" and game.prompt().step == "alliance"
    assert game.view(None)["alliance"]["allies"] == ["shu", "wu"]


@pytest.mark.rule("redux:resolution.take-actions")
def test_each_state_acts_in_turn_in_the_order_it_likes() -> None:
    """Wei takes all its actions before Wu, and chooses their order itself (here train
    armies before recruit armies is refused nothing: any won space may come first)."""
    game = Game(position(wei={"generals": ["xu-chu", "xiahou-dun"], "untrained": 1},
                         wu={"generals": ["ling-cao"]}))
    game.bid("wei", "recruit-armies", "xu-chu")
    game.bid("wu", "demand-tribute", "ling-cao")
    game.pass_("shu")
    game.bid("wei", "train-armies", "xiahou-dun")
    game.finish_bidding()
    assert {a["space"] for a in game.offered("take")} == {"recruit-armies", "train-armies"}
    game.refuse("wu", {"do": "take", "space": "demand-tribute"})
    game.take("wei", "train-armies")
    game.act("wei", {"do": "train", "count": 1})
    game.take("wei", "recruit-armies")
    game.act("wei", "recruit")
    assert game.prompt().role == "wu"
    assert (game.st("wei")["untrained"], game.st("wei")["trained"]) == (2, 1)


@pytest.mark.rule("redux:resolution.take-actions.optional")
def test_a_won_action_may_be_declined() -> None:
    """A state may decline any won action, one by one or all that are left."""
    game = Game(position(wei={"generals": ["xu-chu"]}))
    game.bid("wei", "recruit-armies", "xu-chu")
    game.finish_bidding()
    game.act("wei", {"do": "decline", "space": "recruit-armies"})
    assert game.st("wei")["untrained"] == 0
    assert game.general("wei", "xu-chu")["at"] == "supply"
    assert "Wei declines Recruit armies" in game.text()


@pytest.mark.rule("redux:resolution.take-actions.cleanup")
def test_after_an_action_everything_goes_home_and_support_to_the_supply() -> None:
    """After the action the generals, bid tokens, Han token and unstationed units return
    to the state; popular support tokens placed there go to the general supply."""
    game = Game(position(han="wu", wu={"generals": [], "support": 2}))
    game.pass_("wei")
    game.bid("wu", "recruit-armies", "sun-jian", support=2, han="yes")
    assert game.st("wu")["bid_tokens"] == 1
    game.finish_bidding()
    game.take("wu", "recruit-armies")
    game.act("wu", "recruit")
    assert game.general("wu", "sun-jian")["at"] == "supply"
    assert game.st("wu")["bid_tokens"] == 2 and game.st("wu")["support"] == 0
    assert "recruit-armies" not in game.state["bids"]
