"""Take Actions: farm, marketplace and trade."""

from __future__ import annotations

from typing import Any

import pytest

from tests.games.three_kingdoms_redux.kit import Game, position


def won(space: str, general: str = "jia-xu", **wei: Any) -> Game:
    """Wei has won ``space`` with ``general`` and is about to take it."""
    game = Game(position(wei={"generals": [general], **wei}))
    game.bid("wei", space, general)
    game.finish_bidding()
    game.take("wei", space)
    return game


@pytest.mark.rule("redux:action.develop-farm")
def test_develop_farm_flips_the_leftmost_token_up_to_level_five() -> None:
    """Developing raises the farm level by one (the leftmost undeveloped token turns over);
    at level 5 there is nothing left to develop."""
    game = won("develop-farm")
    assert [a["do"] for a in game.offered()] == ["develop-farm"]   # nothing to harvest yet
    game.act("wei", "develop-farm")
    assert game.st("wei")["farm"] == {"level": 1, "space": 1, "granary": 0, "removed": 0}
    full = won("develop-farm", farm={"level": 5, "space": 0, "granary": 5})
    assert full.over() is False and full.prompt().step != "action"
    assert "no farm to develop" in full.text()


@pytest.mark.rule("redux:action.harvest")
def test_harvest_moves_tokens_to_the_granary_and_cashes_the_rest() -> None:
    """The book's example: three developed farm tokens, two go to the granary and the
    third is cashed for 5 rice and leaves the game."""
    game = won("develop-farm", farm={"level": 3, "space": 3}, rice=0)
    game.act("wei", {"do": "harvest", "granary": 2})
    assert game.st("wei")["farm"] == {"level": 3, "space": 0, "granary": 2, "removed": 1}
    assert game.st("wei")["rice"] == 5


@pytest.mark.rule("redux:action.harvest.level")
def test_harvest_keeps_the_level_and_needs_developed_tokens_on_the_space() -> None:
    """After a harvest the farm level is unchanged; with no developed token left on the
    space, harvest is not offered (only developing)."""
    game = won("develop-farm", farm={"level": 2, "space": 0, "granary": 2})
    assert [a["do"] for a in game.offered()] == ["develop-farm"]
    game.refuse("wei", {"do": "harvest", "granary": 0}, rule="action.harvest.level")
    game.act("wei", "develop-farm")
    assert game.st("wei")["farm"]["level"] == 3


@pytest.mark.rule("redux:action.develop-marketplace")
def test_develop_marketplace_raises_the_level_by_one() -> None:
    """The book's example: the first development flips the leftmost marketplace token,
    level 1; at 5 it stops."""
    game = won("develop-marketplace")
    game.act("wei", "develop-marketplace")
    assert game.st("wei")["market"]["level"] == 1
    game2 = won("develop-marketplace", market={"level": 5, "space": 1, "treasury": 4})
    assert [a["do"] for a in game2.offered()] == ["collect-tax"]
    game2.refuse("wei", "develop-marketplace", rule="action.develop-marketplace")


@pytest.mark.rule("redux:action.collect-tax")
def test_collect_tax_moves_tokens_to_the_treasury_and_cashes_the_rest() -> None:
    """The book's example: four developed marketplace tokens, two go to the treasury and
    two are cashed for 4 gold each."""
    game = won("develop-marketplace", market={"level": 4, "space": 4}, gold=0)
    game.act("wei", {"do": "collect-tax", "treasury": 2})
    assert game.st("wei")["market"] == {"level": 4, "space": 0, "treasury": 2, "removed": 2}
    assert game.st("wei")["gold"] == 8


@pytest.mark.rule("redux:action.collect-tax.level")
def test_collect_tax_keeps_the_marketplace_level() -> None:
    """Cashing every token leaves the level where it was (4), and the next development
    makes it 5."""
    game = won("develop-marketplace", market={"level": 4, "space": 4}, gold=0)
    game.act("wei", {"do": "collect-tax", "treasury": 0})
    assert game.st("wei")["market"]["level"] == 4 and game.st("wei")["gold"] == 16


TRADE = dict(gold=10, rice=12, spear=2, horse=1, crossbow=0, vessel=0)


@pytest.mark.rule("redux:action.trade-rice")
def test_rice_trades_in_lots_of_four_one_way_at_most_twelve() -> None:
    """3 gold buy 4 rice; 4 rice sell for 5 gold; whole lots only, at most 12 rice (3
    lots), one direction per action."""
    game = won("trade", **TRADE)
    game.refuse("wei", {"do": "buy-rice", "lots": 4}, rule="action.trade-rice")
    game.act("wei", {"do": "buy-rice", "lots": 3})
    assert (game.st("wei")["gold"], game.st("wei")["rice"]) == (1, 24)
    assert "sell-rice" not in {a["do"] for a in game.offered()}
    sell = won("trade", **TRADE)
    sell.act("wei", {"do": "sell-rice", "lots": 2})
    assert (sell.st("wei")["gold"], sell.st("wei")["rice"]) == (20, 4)


@pytest.mark.rule("redux:action.trade-weapons")
def test_weapon_trades_in_lots_of_three_mixed_types_at_most_six() -> None:
    """5 gold buy 3 weapons of any mix; 3 weapons sell for 7 gold; at most 6 weapons;
    the weapons named must make whole lots."""
    game = won("trade", **TRADE)
    game.refuse("wei", {"do": "buy-weapons", "lots": 1, "spear": 2}, rule="action.trade-weapons")
    game.act("wei", {"do": "buy-weapons", "lots": 2, "spear": 1, "horse": 2, "crossbow": 3})
    st = game.st("wei")
    assert (st["gold"], st["spear"], st["horse"], st["crossbow"]) == (0, 3, 3, 3)
    sell = won("trade", **TRADE)
    sell.act("wei", {"do": "sell-weapons", "lots": 1, "spear": 2, "horse": 1})
    st = sell.st("wei")
    assert (st["gold"], st["spear"], st["horse"]) == (17, 0, 0)
    assert "buy-weapons" not in {a["do"] for a in sell.offered()}


@pytest.mark.rule("redux:action.trade.both")
def test_rice_trade_weapon_trade_or_both() -> None:
    """One trade action may include a rice trade and a weapon trade, in either order,
    each once."""
    game = won("trade", **TRADE)
    game.act("wei", {"do": "sell-weapons", "lots": 1, "spear": 2, "horse": 1})
    game.act("wei", {"do": "buy-rice", "lots": 2})
    assert {a["do"] for a in game.offered()} == {"end-trade"}
    game.act("wei", "end-trade")
    assert (game.st("wei")["gold"], game.st("wei")["rice"]) == (11, 20)
    assert "Wei sells 2 spears, 1 horse for 7 gold" in game.text()
    assert "Wei buys 8 rice for 6 gold" in game.text()
