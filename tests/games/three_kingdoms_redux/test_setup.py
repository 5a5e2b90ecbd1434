"""Game Setup (A-M), the general supply, army units and the round sequence."""

from __future__ import annotations

import pytest

from pbem.hidden import known_to
from tests.games.three_kingdoms_redux.kit import Game, keep_first, position, standard_game


@pytest.mark.rule("redux:setup.A")
def test_the_round_marker_starts_on_round_one() -> None:
    """A new game is in round 1, and the log opens round 1 once the draft is done."""
    game = standard_game()
    assert game.state["round"] == 1
    keep_first(game)
    assert "Round 1: bid order Wei, Wu, Shu" in game.text()


@pytest.mark.rule("redux:setup.B")
def test_bid_order_starts_wei_wu_shu_and_the_action_order_is_empty() -> None:
    """Wei bids first, Wu second, Shu third in round 1; the action order track stays
    empty until the Resolution Phase fills it."""
    game = standard_game()
    assert game.state["bid_order"] == ["wei", "wu", "shu"]
    assert game.state["action_order"] == []
    keep_first(game)
    assert game.view("wei")["action_order"] == []


@pytest.mark.rule("redux:setup.C")
@pytest.mark.parametrize(("die", "han", "support"), [(1, "administration", "combat"),
                                                     (2, "combat", "administration")])
def test_one_die_sets_both_criterion_markers_opposite(die: int, han: str, support: str) -> None:
    """One random pick decides which side the control Han emperor space shows; the win
    popular support space always shows the other side."""
    game = standard_game(criterion_die=die)
    assert game.state["criterion"] == {"control-han-emperor": han, "win-popular-support": support}
    assert f"Control Han emperor bids on {han} this round" in game.text()
    spaces = {s["id"]: s["criterion"] for s in game.view(None)["spaces"]}
    assert (spaces["control-han-emperor"], spaces["win-popular-support"]) == (han, support)


@pytest.mark.rule("redux:setup.D")
def test_every_border_location_starts_empty_with_its_token_at_0_vp() -> None:
    """All 15 border locations are unoccupied and no state holds a border token."""
    game = standard_game()
    assert len(game.state["locations"]) == 15
    assert all(v is None for v in game.state["locations"].values())
    assert all(not s["border_tokens"] for s in game.state["states"].values())


@pytest.mark.rule("redux:setup.E")
def test_states_start_at_no_military_vp_and_rank_governor() -> None:
    """Every state starts with 0 military VP and at the lowest rank, Governor."""
    view = standard_game().view(None)
    for state in view["states"].values():
        assert state["military"] == 0 and state["rank"] == 0
        assert state["rank_name"] == "Governor"


@pytest.mark.rule("redux:setup.F")
def test_five_undeveloped_farms_and_marketplaces_and_empty_stores() -> None:
    """Each state's farm and marketplace rows start at level 0 with nothing flipped, and
    granary and treasury are empty."""
    game = standard_game()
    for st in game.state["states"].values():
        assert st["farm"] == {"level": 0, "space": 0, "granary": 0, "removed": 0}
        assert st["market"] == {"level": 0, "space": 0, "treasury": 0, "removed": 0}


@pytest.mark.rule("redux:setup.G")
def test_starting_tribal_levels() -> None:
    """Wei's Xiong Nu start at 5, Wu's Shan Yue at 6, Shu's Nan Man at 7."""
    game = standard_game()
    assert [game.st(r)["tribal"] for r in ("wei", "wu", "shu")] == [5, 6, 7]
    assert game.view(None)["states"]["shu"]["tribe"] == "Nan Man 南蠻"


@pytest.mark.rule("redux:setup.H")
def test_shu_holds_the_alliance_token_before_round_one() -> None:
    """Before the first alliance choice the token is in Shu's hands, on no space; Shu, third
    in bid order, places it in round 1."""
    game = standard_game()
    assert game.state["alliance"]["holder"] == "shu" and game.state["alliance"]["space"] is None
    keep_first(game)
    assert game.prompt().role == "shu"
    game.act("shu", {"do": "alliance", "space": "trade"})
    assert game.state["alliance"]["holder"] is None
    assert game.state["alliance"]["space"] == "trade"


@pytest.mark.rule("redux:setup.I")
def test_nobody_holds_the_han_emperor_token_in_round_one() -> None:
    """The Han emperor token starts in the supply, so no state may add it to a bid in
    round 1."""
    game = Game(position(wei={"generals": ["jia-xu"]}))
    assert game.state["han"]["holder"] is None
    assert all(p.name != "han" for spec in game.prompt().actions for p in spec.params)
    game.refuse("wei", {"do": "bid", "space": "trade", "general": "jia-xu", "han": "yes"},
                rule="bid.han-emperor")


@pytest.mark.rule("redux:setup.J")
def test_starting_gold_rice_and_popular_support() -> None:
    """Wei 3 gold, 3 rice, no popular support; Wu 4, 4, 1; Shu 5, 5, 2."""
    game = standard_game()
    got = [(game.st(r)["gold"], game.st(r)["rice"], game.st(r)["support"])
           for r in ("wei", "wu", "shu")]
    assert got == [(3, 3, 0), (4, 4, 1), (5, 5, 2)]


@pytest.mark.rule("redux:setup.K")
def test_enhancement_cards_are_dealt_face_down_by_deck() -> None:
    """Wei gets 1 Separation and 3 Unification cards, Wu 2 and 3, Shu 3 and 3; each hand is
    known only to its holder, and the rest of both decks stays face down."""
    game = standard_game()
    expected = {"wei": (1, 3), "wu": (2, 3), "shu": (3, 3)}
    for role, (sep, uni) in expected.items():
        hand = game.st(role)["hand"]
        assert sum(h.startswith("separation#") for h in hand) == sep
        assert sum(h.startswith("unification#") for h in hand) == uni
        for other in ("wei", "wu", "shu"):
            knows = set(known_to(game.state, other))
            assert (set(hand) <= knows) == (other == role)
        assert game.view("wu" if role != "wu" else "wei")["states"][role]["hand_count"] == \
            sep + uni
    assert game.state["decks"] == {"unification": 21 - 9, "separation": 21 - 6}
    assert all(not c["revealed"] for c in game.state["secrets"]["cards"].values())


@pytest.mark.rule("redux:setup.L")
def test_the_initial_draft_keeps_four_three_two_of_six_in_secret() -> None:
    """Each state draws 6 of its own general cards (its lord set aside, face up) and keeps
    4 (Wei), 3 (Wu) or 2 (Shu); the kept ones stay hidden and the others go back into that
    state's deck unseen. Keeping another number is refused."""
    game = standard_game()
    prompt = game.prompt()
    assert prompt.role == "wei" and prompt.actions[0].params[0].minimum == 4
    drawn = [o.value for o in prompt.actions[0].params[0].options]
    assert len(drawn) == 6
    game.refuse("wei", {"do": "keep", "keep": drawn[:3]}, rule="setup.L")
    keep_first(game)
    for role, kept in (("wei", 4), ("wu", 3), ("shu", 2)):
        generals = game.st(role)["generals"]
        assert len(generals) == 1 + kept
        lord = game.t.cat.states[role].lord
        assert generals[lord]["card"] == lord
        assert sum(e["card"] is None for e in generals.values()) == kept
        assert len(game.state["secrets"]["private"][role]["generals"]) == 22 - kept
    assert "keeps 4 generals face down and returns 2 unseen" in game.text()


@pytest.mark.rule("redux:setup.M")
def test_each_state_has_two_bid_tokens() -> None:
    """Each state keeps its two bid tokens beside it from the start."""
    game = standard_game()
    assert all(st["bid_tokens"] == 2 for st in game.state["states"].values())


@pytest.mark.rule("redux:setup.supply")
def test_no_armies_or_weapons_at_the_start() -> None:
    """No state starts with armies or weapons; they come from the general supply."""
    game = standard_game()
    for st in game.state["states"].values():
        assert all(st[k] == 0 for k in ("untrained", "trained", "spear", "horse",
                                        "crossbow", "vessel"))


@pytest.mark.rule("redux:tokens.unlimited")
def test_supply_tokens_never_run_out() -> None:
    """Gold, rice, popular support, armies and weapons can be gained beyond the number of
    tokens in the box (30 gold, 15 popular support...)."""
    game = Game(position(wei={"generals": ["xiahou-dun"], "gold": 30, "support": 15,
                              "untrained": 40}))
    game.bid("wei", "demand-tribute", "xiahou-dun")
    game.finish_bidding()
    game.take("wei", "demand-tribute")
    game.act("wei", {"do": "tribute", "choice": 0})
    assert game.st("wei")["gold"] == 32
    assert game.st("wei")["untrained"] == 40 and game.st("wei")["support"] == 15


@pytest.mark.rule("redux:terms.army-unit")
def test_an_army_unit_is_a_trained_army_with_one_weapon() -> None:
    """A unit is formed from a trained army and a weapon (crossbow archery, horse cavalry,
    spear infantry, vessel naval): untrained armies or a missing weapon form none, and
    units going home split back into their army and weapon."""
    game = Game(position(wei={"generals": ["xiahou-dun"], "untrained": 2, "horse": 2,
                              "trained": 1, "spear": 1}))
    dun = "xiahou-dun"
    game.refuse("wei", {"do": "bid", "space": "battle-wei-wu", "general": dun, "units": 2,
                        "unit": "cavalry"}, rule="terms.army-unit")
    game.refuse("wei", {"do": "bid", "space": "battle-wei-wu", "general": dun, "units": 1,
                        "unit": "naval"}, rule="terms.army-unit")
    game.bid("wei", "battle-wei-wu", dun, units=1, unit="cavalry")
    st = game.st("wei")
    assert (st["trained"], st["horse"], st["untrained"]) == (0, 1, 2)
    game.finish_bidding()
    game.decline_rest("wei")
    assert (st["trained"], st["horse"]) == (1, 2)


@pytest.mark.rule("redux:sequence.round")
def test_a_round_is_conflict_then_resolution_then_update() -> None:
    """Bidding (Conflict Phase) comes before the Resolution Phase, and Update and
    Maintenance follows only when no end trigger fired."""
    game = Game(position(wei={"generals": ["jia-xu"]}))
    game.bid("wei", "develop-farm", "jia-xu")
    game.finish_bidding()
    game.decline_rest("wei")
    text = game.text()
    assert text.index("Bidding ends") < text.index("Resolution Phase") < \
        text.index("Update and Maintenance after round 1")
    ended = Game(position(round=12, wei={"generals": ["jia-xu"]}))
    ended.finish_bidding()
    assert "Update and Maintenance after" not in ended.text()
    assert ended.state["result"] is not None
