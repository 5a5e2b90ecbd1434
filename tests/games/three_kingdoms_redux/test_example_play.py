"""The rulebook's one-round example play (Example Play, round 1), reproduced in full.

The setup deals the cards the example names, the initial draft draws exactly the generals
it names (the dice pick them out of each state's deck), and every bid and action of the
example is played; the position afterwards is what the example describes.
"""

from __future__ import annotations

import pytest

from pbem.games.three_kingdoms_redux.dataset import builtin
from pbem.hidden import known_to
from tests.games.three_kingdoms_redux.kit import Game

HANDS = {
    "wei": ["square-pallet-chain-pumps", "stable", "weapon-trading-post",
            "tax-modification-system"],
    "wu": ["barter-market", "hereditary-army-system", "imperial-academy", "imperial-jade-seal",
           "puppet-theatre"],
    "shu": ["harbor", "office-of-minister-of-finance", "spear-armory", "bronze-sparrow",
            "mobile-siege-tower", "pulp-papermaking"],
}
DRAWN = {
    "wei": ["jia-xu", "sima-yi", "yu-jin", "zhang-he", "cheng-yu", "guo-jia"],
    "wu": ["ling-cao", "taishi-ci", "zhuge-jin", "chen-wu", "ding-feng", "lu-meng"],
    "shu": ["ma-chao", "zhuge-liang", "jiang-wan", "jiang-wei", "wang-ping", "yan-yan"],
}
KEPT = {"wei": DRAWN["wei"][:4], "wu": DRAWN["wu"][:3], "shu": DRAWN["shu"][:2]}


def dice_for(pool: list[str], wanted: list[str]) -> list[int]:
    """The dice that draw ``wanted`` in order from ``pool`` (1 = the first card left)."""
    pool = list(pool)
    out = []
    for card in wanted:
        out.append(pool.index(card) + 1)
        pool.remove(card)
    return out


def example_game() -> Game:
    scenario = {"start": "setup", "criterion": {"control-han-emperor": "combat"},
                "states": {role: {"hand": cards} for role, cards in HANDS.items()}}
    data = builtin()
    dice = [d for role in ("shu", "wu", "wei") for d in dice_for(data.pool(role), DRAWN[role])]
    game = Game(scenario, None, *dice)
    for role in ("wei", "wu", "shu"):
        drawn = game.prompt().actions[0].params[0].options
        handles = [o.value for o in drawn]
        known = known_to(game.state, role)
        assert sorted(known[h] for h in handles) == sorted(DRAWN[role])
        keep = [h for h in handles if known[h] in KEPT[role]]
        game.act(role, {"do": "keep", "keep": keep})
    return game


BIDS = [
    ("wei", "recruit-armies", "zhang-he", {}),
    ("wu", "produce-crossbows-vessels", "sun-jian", {}),
    ("shu", "produce-spears-horses", "ma-chao", {}),
    ("wei", "develop-farm", "jia-xu", {}),
    ("wu", "demand-tribute", "ling-cao", {}),
    ("shu", "construct", "liu-bei", {"support": 2}),
    ("wei", "hire-instructor", "sima-yi", {}),
    ("wu", "develop-marketplace", "zhuge-jin", {}),
    ("shu", "develop-marketplace", "zhuge-liang", {}),
    ("wei", "control-han-emperor", "yu-jin", {}),
]


@pytest.mark.rule("redux:conflict.alliance.who-acts")
def test_the_example_round_gives_the_books_results() -> None:
    """Round 1 of the book's playtest: with the cards and drafts it lists, Shu names
    develop marketplace as the alliance space, the twelve placements are made as listed
    (Wu passes with Taishi Ci, Shu runs out of generals), everyone wins every bid, and the
    actions, the tribal decline, the benefits and the Update and Maintenance leave the
    position the example describes; both allies act on the alliance space they both won."""
    game = example_game()
    for role, cards in HANDS.items():
        assert sorted(game.hand(role)) == sorted(cards)
    assert game.prompt().role == "shu"
    game.act("shu", {"do": "alliance", "space": "develop-marketplace"})
    for role, space, general, extra in BIDS:
        game.bid(role, space, general, **extra)
    bids = {b["general"]: b["value"] for s in game.state["bids"].values() for b in s}
    assert bids[game.ref("wu", "sun-jian")] == 5          # combat 4 + 1 (first general)
    assert bids["liu-bei"] == 6                            # administration 4 + 2 support
    game.pass_("wu")                                       # Taishi Ci stays unused
    assert game.prompt().role == "wei"                     # Shu has no general left
    game.bid("wei", "win-popular-support", "cao-cao")
    assert game.prompt().step == "actions"
    assert all(len(roles) == 1 or space == "develop-marketplace"
               for space, roles in game.state["won"].items())
    assert game.state["won"]["develop-marketplace"] == ["wu", "shu"]
    assert game.state["next_bid_order"] == ["wei", "wu", "shu"]   # 5, 3, 3 bids

    game.take("wei", "develop-farm")
    game.act("wei", "develop-farm")
    game.take("wei", "recruit-armies")
    game.act("wei", "recruit")
    game.take("wei", "hire-instructor")
    game.act("wei", {"do": "hire-import", "train": 2, "deck": "unification"})
    game.take("wei", "win-popular-support")
    game.act("wei", "win-support")
    game.take("wei", "control-han-emperor")
    game.act("wei", {"do": "promote", "leave": game.ref("wei", "yu-jin")})

    game.take("wu", "produce-crossbows-vessels")
    game.act("wu", {"do": "produce", "crossbow": 2, "vessel": 0})
    game.take("wu", "demand-tribute")
    game.act("wu", {"do": "tribute", "choice": 3})
    game.take("wu", "develop-marketplace")
    game.act("wu", "develop-marketplace")

    game.take("shu", "produce-spears-horses")
    game.act("shu", {"do": "produce", "spear": 2, "horse": 0})
    game.take("shu", "construct")
    game.act("shu", {"do": "construct", "card": game.handle("shu", "spear-armory")})
    game.take("shu", "develop-marketplace")
    game.act("shu", "develop-marketplace")

    # Wu is asked about its unplaced recruit: it shows Taishi Ci and takes a vessel.
    prompt = game.prompt()
    assert (prompt.role, prompt.step) == ("wu", "benefits")
    taishi = game.ref("wu", "taishi-ci")
    game.act("wu", {"do": "show", "general": taishi})
    game.act("wu", {"do": "benefit", "benefit": f"recruit-gain:{taishi}", "weapon": "vessel"})
    game.act("wu", "end-benefits")
    assert game.prompt().step == "alliance"  # round 2: Shu chooses (bid order Wei, Wu, Shu)

    wei, wu, shu = game.st("wei"), game.st("wu"), game.st("shu")
    assert game.state["round"] == 2
    assert (wei["gold"], wei["rice"], wei["support"]) == (2, 2, 1)
    assert (wei["untrained"], wei["trained"], wei["horse"]) == (1, 2, 3)
    assert wei["farm"]["level"] == 1 and wei["rank"] == 1 and len(wei["hand"]) == 6
    assert wei["bid_tokens"] == 0 and game.general("wei", "yu-jin")["tokens"] == 2
    assert game.general("wei", "yu-jin")["at"] == "face-down"
    assert (wu["gold"], wu["rice"], wu["support"]) == (4, 5, 1)
    assert (wu["crossbow"], wu["untrained"], wu["trained"], wu["vessel"]) == (2, 1, 1, 1)
    assert wu["market"]["level"] == 1
    assert (shu["gold"], shu["rice"], shu["support"], shu["spear"]) == (5, 5, 1, 1)
    assert shu["market"]["level"] == 1 and shu["built"] == ["spear-armory"]
    assert game.general("shu", "ma-chao")["store"] == 4
    assert (wei["tribal"], wu["tribal"], shu["tribal"]) == (4, 5, 6)
    assert game.state["han"]["holder"] == "wei"
    assert game.state["criterion"] == {"control-han-emperor": "administration",
                                       "win-popular-support": "combat"}
    assert all(s["deficit"] == 0 and s["military"] == 0 for s in game.state["states"].values())
    assert game.state["bid_order"] == ["wei", "wu", "shu"]
    text = game.text()
    assert "Zhuge Liang" in text and "1 of the popular support tokens" in text
