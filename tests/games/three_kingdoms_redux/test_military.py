"""Take Actions: weapons, armies, tribute, popular support and the Han emperor."""

from __future__ import annotations

from typing import Any

import pytest

from tests.games.three_kingdoms_redux.kit import Game, position


def won(space: str, general: str = "xu-chu", **wei: Any) -> Game:
    game = Game(position(wei={"generals": [general], **wei}))
    game.bid("wei", space, general)
    game.finish_bidding()
    game.take("wei", space)
    return game


def produced(space: str, **choice: int) -> dict[str, int]:
    game = won(space)
    game.act("wei", {"do": "produce", **choice})
    return {w: game.st("wei")[w] for w in ("spear", "horse", "crossbow", "vessel")}


@pytest.mark.rule("redux:action.produce-spears-horses")
def test_produce_two_spears_two_horses_or_one_of_each() -> None:
    """The three choices and no others."""
    game = won("produce-spears-horses")
    offers = [{k: v for k, v in a.items() if k != "do"} for a in game.offered()]
    assert offers == [{"spear": 2, "horse": 0}, {"spear": 0, "horse": 2},
                      {"spear": 1, "horse": 1}]
    game.refuse("wei", {"do": "produce", "spear": 2, "horse": 1})
    assert produced("produce-spears-horses", spear=1, horse=1)["horse"] == 1


@pytest.mark.rule("redux:action.produce-crossbows-vessels")
def test_produce_two_crossbows_two_vessels_or_one_of_each() -> None:
    """Two weapons of those two kinds."""
    assert produced("produce-crossbows-vessels", crossbow=0, vessel=2) == \
        {"spear": 0, "horse": 0, "crossbow": 0, "vessel": 2}
    assert produced("produce-crossbows-vessels", crossbow=2, vessel=0)["crossbow"] == 2


@pytest.mark.rule("redux:action.recruit-armies")
def test_recruit_armies_gives_two_untrained_armies() -> None:
    """Two untrained armies from the supply."""
    game = won("recruit-armies")
    game.act("wei", "recruit")
    assert (game.st("wei")["untrained"], game.st("wei")["trained"]) == (2, 0)


@pytest.mark.rule("redux:action.train-armies")
def test_train_armies_turns_up_to_two_untrained_armies_for_free() -> None:
    """Up to two untrained armies become trained, at no cost."""
    game = won("train-armies", untrained=3, gold=0, rice=0)
    game.refuse("wei", {"do": "train", "count": 3}, rule="action.train-armies")
    game.act("wei", {"do": "train", "count": 2})
    assert (game.st("wei")["untrained"], game.st("wei")["trained"]) == (1, 2)


@pytest.mark.rule("redux:action.demand-tribute")
def test_tribute_choices() -> None:
    """2 gold, 2 rice, 1 of each, or 1 untrained army."""
    game = won("demand-tribute", gold=0, rice=0)
    assert len(game.offered("tribute")) == 4
    game.act("wei", {"do": "tribute", "choice": 3})
    assert (game.st("wei")["untrained"], game.st("wei")["gold"]) == (1, 0)
    other = won("demand-tribute", gold=0, rice=0)
    other.act("wei", {"do": "tribute", "choice": 2})
    assert (other.st("wei")["gold"], other.st("wei")["rice"]) == (1, 1)


@pytest.mark.rule("redux:action.win-popular-support")
def test_win_popular_support_gives_one_token() -> None:
    """One popular support token."""
    game = won("win-popular-support", general="jia-xu")
    game.act("wei", "win-support")
    assert game.st("wei")["support"] == 1


@pytest.mark.rule("redux:action.control-han-emperor")
def test_control_han_emperor_costs_a_gold_and_raises_the_rank() -> None:
    """Pay 1 gold, move up one rank (Governor to Grand General); without gold the rank
    cannot rise."""
    game = won("control-han-emperor", gold=1)
    game.act("wei", {"do": "promote", "leave": "xu-chu"})
    assert (game.st("wei")["gold"], game.st("wei")["rank"]) == (0, 1)
    assert game.view(None)["states"]["wei"]["rank_name"] == "Grand General"
    broke = won("control-han-emperor", gold=0)
    assert "has no gold to pay" in broke.text() and broke.st("wei")["rank"] == 0


@pytest.mark.rule("redux:action.control-han-emperor.leave-general")
def test_one_winning_general_stays_face_down_and_sits_out_next_round() -> None:
    """The book's example: Wu wins with Zhou Yu and Gan Ning, leaves Gan Ning face down;
    Zhou Yu goes home and may bid next round, Gan Ning may not; he returns during the next
    round's Resolution Phase."""
    game = Game(position(wu={"generals": ["zhou-yu", "gan-ning"]}))
    game.pass_("wei")
    game.bid("wu", "control-han-emperor", "zhou-yu")
    game.pass_("shu")
    game.bid("wu", "control-han-emperor", "gan-ning")
    game.finish_bidding()
    game.take("wu", "control-han-emperor")
    game.refuse("wu", {"do": "promote", "leave": "sun-jian"},
                rule="action.control-han-emperor.leave-general")
    game.act("wu", {"do": "promote", "leave": "gan-ning"})
    assert game.general("wu", "gan-ning")["at"] == "face-down"
    assert game.general("wu", "zhou-yu")["at"] == "supply"
    game.play_out_actions()
    game.act(game.prompt().role, {"do": "alliance", "space": "trade"})
    assert game.state["bid_order"][0] == "wu"
    game.refuse("wu", {"do": "bid", "space": "control-han-emperor", "general": "gan-ning"},
                rule="bid.unavailable")
    game.bid("wu", "recruit-armies", "zhou-yu")
    game.finish_bidding()
    assert game.general("wu", "gan-ning")["at"] == "supply"
