"""Take Actions: hire instructor, import technology, construct; the cards the book prints."""

from __future__ import annotations

from typing import Any

import pytest

from pbem.hidden import known_to
from tests.games.three_kingdoms_redux.kit import Game, position


def won(space: str, general: str = "jia-xu", **wei: Any) -> Game:
    game = Game(position(wei={"generals": [general], **wei}))
    game.bid("wei", space, general)
    game.finish_bidding()
    game.take("wei", space)
    return game


@pytest.mark.rule("redux:action.hire-instructor")
def test_hire_instructor_pays_one_rice_to_train_up_to_two() -> None:
    """The instructor costs 1 rice and trains up to 2 untrained armies; with no rice he
    cannot be hired."""
    game = won("hire-instructor", untrained=3, rice=1)
    game.refuse("wei", {"do": "hire-import", "train": 3, "deck": "none"},
                rule="action.hire-instructor")
    game.act("wei", {"do": "hire-import", "train": 2, "deck": "none"})
    st = game.st("wei")
    assert (st["rice"], st["untrained"], st["trained"]) == (0, 1, 2)
    poor = won("hire-instructor", untrained=3, rice=0)
    assert poor.spec("hire-import").params[0].maximum == 0


@pytest.mark.rule("redux:action.import-technology")
def test_import_draws_one_card_from_the_chosen_deck() -> None:
    """Importing deals the top card of the chosen deck face down into the hand: only its
    holder knows it."""
    game = won("hire-instructor", untrained=0)
    game.act("wei", {"do": "hire-import", "train": 0, "deck": "separation"})
    (handle,) = game.st("wei")["hand"]
    assert handle.startswith("separation#")
    assert known_to(game.state, "wei")[handle] == "tax-modification-system"
    assert handle not in known_to(game.state, "wu")
    assert game.state["decks"]["separation"] == 20


@pytest.mark.rule("redux:skill.sima-yi")
def test_sima_yi_imports_from_both_decks() -> None:
    """When Sima Yi takes import technology, Wei draws one card from each deck."""
    game = won("hire-instructor", general="sima-yi", untrained=0)
    game.act("wei", {"do": "hire-import", "train": 0, "deck": "unification"})
    assert sorted(h.split("#")[0] for h in game.st("wei")["hand"]) == ["separation",
                                                                       "unification"]


@pytest.mark.rule("redux:action.construct")
def test_construct_shows_the_prerequisite_pays_and_builds_for_good() -> None:
    """A card from the hand is shown face up, its prerequisite checked in public and its
    cost paid to the supply; it then stays built. An unmet prerequisite is refused and the
    card stays hidden."""
    game = won("construct", gold=5, hand=["tax-modification-system", "spear-armory"],
               spear=1)
    tax = game.handle("wei", "tax-modification-system")
    game.refuse("wei", {"do": "construct", "card": tax}, rule="action.construct",
                match="market-level at least 2")
    assert not game.state["secrets"]["cards"][tax]["revealed"]
    armory = game.handle("wei", "spear-armory")
    game.act("wei", {"do": "construct", "card": armory})
    st = game.st("wei")
    assert st["built"] == ["spear-armory"] and (st["gold"], st["spear"]) == (3, 0)
    assert armory not in st["hand"] and game.state["secrets"]["cards"][armory]["revealed"]
    assert "Spear Armory (prerequisite none, met; pays 1 spear, 2 gold; 2 VP)" in game.text()
    assert game.view("wu")["states"]["wei"]["built"][0]["name"] == "Spear Armory"


@pytest.mark.rule("redux:action.construct.army-cost")
def test_the_army_cost_icon_takes_untrained_or_trained_armies() -> None:
    """Hereditary Army System asks for 2 rice and 1 army of either kind: a trained one
    will do as well as an untrained one."""
    for trained in (0, 1):
        game = won("construct", rice=2, untrained=1, trained=1,
                   hand=["hereditary-army-system"])
        game.act("wei", {"do": "construct", "card": game.handle("wei", "hereditary-army-system"),
                         "trained": trained})
        assert (game.st("wei")["untrained"], game.st("wei")["trained"]) == \
            (trained, 1 - trained)


@pytest.mark.rule("redux:card.office-of-minister-of-finance")
def test_office_of_minister_of_finance_collects_tax_at_once() -> None:
    """No prerequisite, costs 1 popular support, 1 VP: once built, the state collects tax
    at once (two developed tokens cashed for 8 gold)."""
    game = won("construct", support=1, gold=0, market={"level": 2, "space": 2},
               hand=["office-of-minister-of-finance"])
    game.act("wei", {"do": "construct",
                     "card": game.handle("wei", "office-of-minister-of-finance")})
    assert game.st("wei")["support"] == 0
    assert [a["do"] for a in game.offered()] == ["collect-tax"]
    game.act("wei", {"do": "collect-tax", "treasury": 0})
    assert game.st("wei")["gold"] == 8
    assert game.t.card("office-of-minister-of-finance").vp == 1


@pytest.mark.rule("redux:card.spear-armory")
def test_spear_armory_adds_a_spear_to_two_produced() -> None:
    """No prerequisite, 1 spear and 2 gold, 2 VP: producing 2 spears gives a third; a
    spear and a horse give nothing extra."""
    game = won("produce-spears-horses", general="xu-chu", built=["spear-armory"])
    game.act("wei", {"do": "produce", "spear": 2, "horse": 0})
    assert game.st("wei")["spear"] == 3
    mixed = won("produce-spears-horses", general="xu-chu", built=["spear-armory"])
    mixed.act("wei", {"do": "produce", "spear": 1, "horse": 1})
    assert (mixed.st("wei")["spear"], mixed.st("wei")["horse"]) == (1, 1)


@pytest.mark.rule("redux:card.barter-market")
def test_barter_market_swaps_once_in_a_round_without_trade() -> None:
    """The book's example: at the end of a round without its trade action Shu may buy 1
    horse for 2 rice (or sell a weapon for 2 rice), once; in a round with a trade action
    there is no swap."""
    game = Game(position(shu={"generals": [], "built": ["barter-market"], "rice": 4,
                              "horse": 1}))
    game.finish_bidding()
    assert game.prompt().role == "shu" and game.prompt().step == "benefits"
    game.act("shu", {"do": "benefit", "benefit": "barter:barter-market", "direction": "buy",
                     "weapon": "horse"})
    assert (game.st("shu")["rice"], game.st("shu")["horse"]) == (2, 2)
    assert "barter" not in str(game.offered())
    game.act("shu", "end-benefits")
    traded = Game(position(shu={"generals": ["jiang-wan"], "built": ["barter-market"],
                                "rice": 4}))
    traded.pass_("wei")
    traded.pass_("wu")
    traded.bid("shu", "trade", "jiang-wan")
    traded.finish_bidding()
    traded.take("shu", "trade")
    traded.act("shu", "end-trade")
    assert traded.prompt().step == "alliance"      # no benefits question for Shu
    assert "swaps" not in traded.text()
    ordered = Game(position(shu={"generals": [], "built": ["barter-market"], "vessel": 1,
                                 "support": 0},
                            orders={"shu": {"barter": "sell-vessel"}}))
    ordered.finish_bidding()
    assert ordered.st("shu")["rice"] == 7 and ordered.st("shu")["vessel"] == 0
