"""Scenario tests of the Bribery Stage (IV.2.c): the target, the sealed bids, the hearts.

Seat 1 (Cao Cao) bribes; Seat 2 (Sun Jian, or Liu Bei whose ability adds hearts) defends.
The two bids are one sealed question: the kit gives both answers in clear, in the order
the prompt asks them, and nothing may be decided before both are in.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from pbem.hidden import SECRETS_KEY
from tests.games.three_kingdoms_card_game.kit import Game

HAND1 = ["assassin.1", "assassin.2", "sniped.1", "zhao-yun", "red-hare"]
HAND2 = ["sniped.2", "sniped.3", "assassin.3"]


def on(card: str, *lands: str, artifacts: Sequence[str] = ()) -> dict[str, Any]:
    return {"card": card, "lands": list(lands), "artifacts": list(artifacts)}


def bribe_game(theirs: Sequence[dict[str, Any]], lord2: str = "sun-jian",
               hand1: Sequence[str] = HAND1, hand2: Sequence[str] = HAND2,
               mine: Sequence[dict[str, Any]] = ()) -> Game:
    """Seat 1 (Cao Cao) to play her Main Phase; Seat 2 holds Jizhou."""
    return Game(seat1={"lord": "cao-cao", "hand": list(hand1), "characters": list(mine)},
                seat2={"lord": lord2, "hand": list(hand2), "lands": ["jizhou"],
                       "characters": list(theirs)})


def bribe(g: Game, target: str) -> list[str]:
    """Seat 1 names the target; the reaction window passes."""
    return g.act("seat1", {"do": "bribe", "target": target}) + g.pass_all()


def bids(g: Game, given: Mapping[str, Sequence[str]]) -> list[str]:
    """Both bids (cards by id), in the order the sealed question asks them."""
    lines: list[str] = []
    while (p := g.prompt()) is not None and p.step == "bribe-bid":
        handles = [g.handle(p.role, c) for c in given[p.role]]
        lines += g.act(p.role, {"do": "bid", "cards": handles})
    return lines


def to_turn_of(g: Game, role: str, given: Mapping[str, Sequence[str]]) -> None:
    """Give the other side's bid first, if it is asked before ``role``."""
    while (p := g.prompt()) is not None and p.step == "bribe-bid" and p.role != role:
        g.act(p.role, {"do": "bid", "cards": [g.handle(p.role, c) for c in given[p.role]]})


def rules_of(lines: Sequence[str]) -> list[str]:
    return [line.rsplit("(", 1)[1].rstrip(")") for line in lines if line.endswith(")")]


def text(lines: Sequence[str]) -> str:
    return "\n".join(line.strip() for line in lines)


def pile(g: Game) -> list[str]:
    """The cards lying in the Discard Pile (face up or down)."""
    secrets = g.state[SECRETS_KEY]
    return sorted(secrets["cards"][h]["card"] for h in secrets["piles"].get("discard", []))


# ---------------------------------------------------------------------- the target


@pytest.mark.rule("cardgame:bribery.target")
def test_the_briber_names_another_players_character() -> None:
    """The initiator names one character another player has on the table, standing on a
    land or not; her own character, or a card not on the table, is refused."""
    g = bribe_game([on("ma-chao", "jizhou"), on("hua-xiong")], mine=[on("wei-yan")])
    g.refuse("seat1", {"do": "bribe", "target": "wei-yan"}, rule="bribery.target")
    g.refuse("seat1", {"do": "bribe", "target": "lu-bu"}, rule="bribery.target")
    spec = next(a for a in g.prompt().actions if a.verb == "bribe")
    assert {o.value for o in spec.params[0].options} == {"ma-chao", "hua-xiong"}
    lines = bribe(g, "hua-xiong")
    assert "Seat 1 tries to bribe Hua Xiong of Seat 2 (bribery.target)" in text(lines)
    bids(g, {"seat1": ["assassin.1"], "seat2": []})
    assert g.char("hua-xiong")["controller"] == "seat1"


@pytest.mark.rule("cardgame:bribery.target")
def test_one_bribe_per_turn() -> None:
    """Once her bribe is settled, a second one in the same turn is refused."""
    g = bribe_game([on("ma-chao", "jizhou"), on("hua-xiong")])
    bribe(g, "hua-xiong")
    bids(g, {"seat1": ["assassin.1"], "seat2": ["sniped.2"]})
    assert g.state["turn"]["bribes"] == 1 and "bribe" not in g.verbs()
    g.refuse("seat1", {"do": "bribe", "target": "ma-chao"}, rule="bribery.target")


@pytest.mark.rule("cardgame:bribery.lord")
def test_a_lord_is_never_bribed() -> None:
    """A lord cannot be the target of a bribe: not offered, and refused when named."""
    g = bribe_game([on("ma-chao", "jizhou")])
    spec = next(a for a in g.prompt().actions if a.verb == "bribe")
    assert "sun-jian" not in {o.value for o in spec.params[0].options}
    g.refuse("seat1", {"do": "bribe", "target": "sun-jian"}, rule="bribery.lord")
    g = bribe_game([])  # only a lord to aim at: no bribe is offered at all
    assert "bribe" not in g.verbs()
    g.refuse("seat1", {"do": "bribe", "target": "sun-jian"}, rule="bribery.lord")


# ---------------------------------------------------------------------- the bids


@pytest.mark.rule("cardgame:bribery.bid")
def test_the_briber_bids_at_least_one_card_the_defender_any_number() -> None:
    """Both bid cards of their own hands: the initiator one card or more, the defender
    any number, none included."""
    g = bribe_game([on("hua-xiong", "jizhou")])
    bribe(g, "hua-xiong")
    least = {}
    given = {"seat1": ["assassin.1"], "seat2": []}
    for _ in range(2):
        p = g.prompt()
        assert p.step == "bribe-bid" and p.rule == "bribery.bid"
        least[p.role] = p.actions[0].params[0].minimum
        if p.role == "seat1":
            g.refuse("seat1", {"do": "bid", "cards": []}, rule="bribery.bid")
            g.refuse("seat1", {"do": "bid", "cards": [g.handle("seat2", "sniped.2")]},
                     rule="bribery.bid")
            twice = g.handle("seat1", "assassin.1")
            g.refuse("seat1", {"do": "bid", "cards": [twice, twice]}, rule="bribery.bid")
        g.act(p.role, {"do": "bid", "cards": [g.handle(p.role, c) for c in given[p.role]]})
    assert least == {"seat1": 1, "seat2": 0}
    assert g.char("hua-xiong")["controller"] == "seat1"  # one card against none


@pytest.mark.rule("cardgame:bribery.bid")
def test_a_briber_with_no_card_cannot_bribe() -> None:
    """With no card in hand there is nothing to bid: the bribe is refused."""
    g = bribe_game([on("hua-xiong")], hand1=[])
    assert "bribe" not in g.verbs()
    g.refuse("seat1", {"do": "bribe", "target": "hua-xiong"}, rule="bribery.bid")


@pytest.mark.rule("cardgame:bribery.bid")
def test_what_the_cards_are_does_not_matter() -> None:
    """Only the number of cards bid counts: a character and an artifact bid weigh the
    same as two events."""
    g = bribe_game([on("hua-xiong")])
    bribe(g, "hua-xiong")
    lines = bids(g, {"seat1": ["zhao-yun", "red-hare"], "seat2": ["sniped.2"]})
    assert "Seat 1 2 card(s); Seat 2 1 card(s) and 0 for the hearts" in text(lines)
    assert g.char("hua-xiong")["controller"] == "seat1"


@pytest.mark.rule("cardgame:bribery.reveal")
def test_the_numbers_are_shown_together() -> None:
    """The first bid is sealed: it changes nothing and its size is not told; only once
    both are in are the two numbers shown, in one line."""
    g = bribe_game([on("hua-xiong")])
    bribe(g, "hua-xiong")
    p = g.prompt()
    assert set(p.sealed) == {"seat1", "seat2"}
    given = {"seat1": ["assassin.1", "assassin.2"], "seat2": ["sniped.2"]}
    first = p.role
    second = "seat2" if first == "seat1" else "seat1"
    lines = g.act(first, {"do": "bid", "cards": [g.handle(first, c) for c in given[first]]})
    assert lines == []
    p = g.prompt()
    assert (p.role, p.step, p.sealed) == (second, "bribe-bid", (second,))
    assert len(g.hand("seat1")) == 5 and len(g.hand("seat2")) == 3
    assert g.char("hua-xiong")["controller"] == "seat2"
    lines = g.act(second, {"do": "bid", "cards": [g.handle(second, c) for c in given[second]]})
    assert "Bids shown together: Seat 1 2 card(s); Seat 2 1 card(s) and 0 for the hearts " \
           "(bribery.reveal)" in text(lines)


# ---------------------------------------------------------------------- the result


@pytest.mark.rule("cardgame:bribery.hearts")
@pytest.mark.parametrize(("offered", "controller"), [(2, "seat2"), (3, "seat1")])
def test_each_heart_counts_one_card_for_the_defender(offered: int, controller: str) -> None:
    """A target with one heart, the defender bidding one card: the briber needs three
    cards, two are not enough."""
    g = bribe_game([on("wen-chou", "jizhou")])
    bribe(g, "wen-chou")
    lines = bids(g, {"seat1": HAND1[:offered], "seat2": ["sniped.2"]})
    assert f"Seat 1 {offered} card(s); Seat 2 1 card(s) and 1 for the hearts" in text(lines)
    assert g.char("wen-chou")["controller"] == controller


@pytest.mark.rule("cardgame:bribery.hearts")
def test_hearts_defend_even_with_an_empty_hand() -> None:
    """The hearts count for the defender though she bids nothing (here, holds nothing):
    three hearts hold against three cards."""
    g = bribe_game([on("xu-chu", "jizhou")], hand2=[])
    bribe(g, "xu-chu")
    lines = bids(g, {"seat1": HAND1[:3], "seat2": []})
    assert "Seat 2 0 card(s) and 3 for the hearts" in text(lines)
    assert g.char("xu-chu")["controller"] == "seat2"


@pytest.mark.rule("cardgame:bribery.hearts")
def test_hearts_a_card_adds_count_too() -> None:
    """Hearts given by another card count as printed ones: under Liu Bei, whose ability adds
    one to each of his player's other characters, Wen Chou holds with two."""
    g = bribe_game([on("wen-chou", "jizhou")], lord2="liu-bei")
    bribe(g, "wen-chou")
    lines = bids(g, {"seat1": HAND1[:3], "seat2": ["sniped.2"]})
    assert "Seat 2 1 card(s) and 2 for the hearts" in text(lines)
    assert g.char("wen-chou")["controller"] == "seat2"


@pytest.mark.rule("cardgame:bribery.win")
def test_more_cards_win_the_character_off_its_land() -> None:
    """More cards than the defender's number: the briber takes control of the character
    for good, with its artifact; it leaves its land, which stays its old owner's."""
    g = bribe_game([on("ma-chao", "jizhou", artifacts=["red-hare"])], hand1=HAND1[:3])
    bribe(g, "ma-chao")
    lines = bids(g, {"seat1": HAND1[:3], "seat2": ["sniped.2"]})
    assert "Seat 1 gains control of Ma Chao (bribery.win)" in text(lines)
    entry = g.char("ma-chao")
    assert (entry["controller"], entry["owner"], entry["lands"]) == ("seat1", "seat1", [])
    assert entry["artifacts"] == ["red-hare"]
    assert g.owner("jizhou") == "seat2"


@pytest.mark.rule("cardgame:bribery.win")
def test_an_equal_number_changes_nothing() -> None:
    """The briber's number only equal to the defender's: the character stays where it is."""
    g = bribe_game([on("hua-xiong", "jizhou")])
    bribe(g, "hua-xiong")
    lines = bids(g, {"seat1": HAND1[:2], "seat2": ["sniped.2", "sniped.3"]})
    assert "Hua Xiong stays with Seat 2 (bribery.win)" in text(lines)
    entry = g.char("hua-xiong")
    assert (entry["controller"], entry["lands"]) == ("seat2", ["jizhou"])


@pytest.mark.rule("cardgame:bribery.discard")
@pytest.mark.parametrize(("offered", "won"), [(1, False), (3, True)])
def test_every_card_bid_is_lost(offered: int, won: bool) -> None:
    """Whatever the result, every card either side bid goes to the Discard Pile."""
    g = bribe_game([on("hua-xiong", "jizhou")])
    bribe(g, "hua-xiong")
    lines = bids(g, {"seat1": HAND1[:offered], "seat2": ["sniped.2", "sniped.3"]})
    assert "bribery.discard" in rules_of(lines)
    assert (g.char("hua-xiong")["controller"] == "seat1") is won
    assert g.hand("seat1") == HAND1[offered:] and g.hand("seat2") == ["assassin.3"]
    assert pile(g) == sorted([*HAND1[:offered], "sniped.2", "sniped.3"])
    assert g.state["discard"]["hidden"] == offered + 2
