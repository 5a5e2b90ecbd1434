"""The season order's form (pbem/games/chronicles/order_form.py, season_form.py): the
trades, loans, guards and answers it offers are the ones the position allows, and an entry
filled in is the order a file would hold, which the rules accept."""

from __future__ import annotations

from typing import Any

import pytest

from pbem.errors import IllegalAction
from pbem.games.chronicles import hand, objects, order_form
from pbem.games.chronicles.board import Board
from pbem.games.chronicles.rules import actions, exile, trades
from pbem.games.chronicles.rules import deals as deals_rules
from pbem.games.chronicles.rules import muster as muster_rules
from pbem.hidden import known_to
from pbem.offers import ActionSpec, Param, entry, fields
from tests.games.chronicles import kit
from tests.games.chronicles.test_hidden_objects import _opened as hidden_objects_game


def stocked() -> dict[str, Any]:
    """Spring 196 with cards, counters and objects in hand."""
    state = kit.position(3)
    state["realms"]["cao-cao"].update(cards=["fire-trap"], counters=["land", "diplomacy"],
                                      objects=["princess", "guards", "fine-horse"])
    state["realms"]["sun-ce"].update(cards=["ambush"], counters=["espionage"],
                                     objects=["jade-seal"])
    return state


def lists(b: Board, role: str = "cao-cao", number: int = 1) -> dict[str, Param]:
    return {p.name: p for p in order_form.params(b, role, number) if p.kind == "list"}


def kind(param: Param, label: str) -> ActionSpec:
    return next(k for k in param.items if k.label == label)


def options(spec: ActionSpec, name: str) -> list[Any]:
    return [o.value for o in next(p for p in spec.params if p.name == name).options]


def test_a_trade_offers_what_each_side_holds_and_reads_as_a_written_one() -> None:
    b = kit.board(stocked())
    offered = lists(b)["trades"]
    assert [k.label for k in offered.items] == ["Trade with Sun Ce", "Trade with Liu Biao"]
    sun = kind(offered, "Trade with Sun Ce")
    assert options(sun, "give.counters") == ["land", "diplomacy"]
    assert options(sun, "give.cards") == ["fire-trap"]
    assert options(sun, "give.objects") == ["guards", "fine-horse"]  # never the princess
    assert options(sun, "get.objects") == ["jade-seal"]
    assert "ambush" in options(sun, "get.cards")  # asked for by stratagem, as files may
    made = entry(sun, {"give.gold": 3, "give.counters": ["land"], "give.cards": ["fire-trap"],
                       "get.objects": ["jade-seal"], "get.cards": ["ambush"]})
    assert made == {"with": "sun-ce", "give": {"gold": 3, "counters": ["land"],
                                               "cards": ["fire-trap"]},
                    "get": {"objects": ["jade-seal"], "cards": ["ambush"]}}
    trades.check_trades(b, "cao-cao", {"trades": [made]})
    mirror = {"with": "cao-cao", "give": made["get"], "get": made["give"]}
    trades.take_all(b, {"cao-cao": {"trades": [made]}, "sun-ce": {"trades": [mirror]}})
    assert b.realm("cao-cao")["cards"] == ["ambush"]  # the trade was made


@pytest.mark.rule("chronicles:s7.3.relations")
def test_no_trade_is_offered_with_a_seat_the_levels_bar() -> None:
    state = stocked()
    state["relations"]["sun-ce"]["cao-cao"] = 1
    offered = lists(kit.board(state))["trades"]
    assert [k.fixed["with"] for k in offered.items] == ["liu-biao"]


@pytest.mark.rule("chronicles:s13.3.borrow-gold")
@pytest.mark.rule("chronicles:s13.4.borrow-armies")
def test_loans_are_offered_at_the_levels_they_need_and_once_per_lender() -> None:
    state = stocked()
    b = kit.board(state)
    assert "loans" not in lists(b)  # level 5 everywhere
    state["relations"]["cao-cao"]["yang-feng"] = 8
    state["relations"]["cao-cao"]["li-jue"] = 9
    loans = lists(kit.board(state))["loans"]
    assert [k.fixed for k in loans.items] == [
        {"from": "yang-feng", "take": "gold"}, {"from": "li-jue", "take": "gold"},
        {"from": "li-jue", "take": "armies"}]
    assert loans.maximum == 2
    made = [entry(k, {}) for k in loans.items[:2]]
    trades.check_trades(kit.board(state), "cao-cao", {"loans": made})
    state["realms"]["cao-cao"]["loans"] = [{"from": "yang-feng", "kind": "gold",
                                            "amount": 3, "due": 197}]
    assert {k.fixed["from"] for k in lists(kit.board(state))["loans"].items} == {"li-jue"}


@pytest.mark.rule("chronicles:s8.0.guards-action")
def test_guards_need_the_object_and_watch_the_seats_own_territories() -> None:
    state = stocked()
    b = kit.board(state)
    guards = lists(b)["guards"]
    assert [k.label for k in guards.items] == ["Guards against envoys",
                                               "Guards against spies"]
    envoys, spies = guards.items
    own = options(spies, "territories")
    assert own and all(any(b.holder(a) == "cao-cao" for a in b.territory(tid).area_ids())
                       for tid in own)
    order = {"guards": [entry(envoys, {"territories": own[:1]})]}
    actions.check_actions(b, "cao-cao", order)
    with pytest.raises(IllegalAction):  # one guards object, two guards
        actions.check_actions(b, "cao-cao", {"guards": [
            entry(envoys, {"territories": own[:1]}), entry(spies, {"territories": own})]})
    state["realms"]["cao-cao"]["objects"].remove("guards")
    assert "guards" not in lists(kit.board(state))


def test_answers_back_or_hinder_another_seat_with_gold_or_objects() -> None:
    b = kit.board(stocked())
    answers = lists(b)["answers"]
    assert [k.label for k in answers.items] == [
        "Back a courting", "Hinder a courting", "Back a recruiting", "Hinder a recruiting"]
    hinder = kind(answers, "Hinder a recruiting")
    assert options(hinder, "by") == [None, "sun-ce", "liu-biao"]
    made = entry(hinder, {"by": "liu-biao", "gold": 2})
    assert made == {"hinder": "recruit", "by": "liu-biao", "gold": 2}
    anyone = entry(hinder, {"gold": 1})  # (the first to act)
    assert anyone == {"hinder": "recruit", "gold": 1}
    actions.check_actions(b, "cao-cao", {"answers": [made, anyone]})


def test_an_answer_may_aim_at_a_leader_courted_or_a_general_recruited() -> None:
    """An answer's target: any leader an envoy can reach for a courting; for a
    recruiting, any general of the seat's ("mine"), a free general on the map or another
    leader's (never one of loyalty X). A target written by the form fires on the action
    aimed at it, and only on that one."""
    state = stocked()
    b = kit.board(state)
    answers = lists(b)["answers"]
    court = options(kind(answers, "Back a courting"), "target")
    assert court[0] is None and {"sun-ce", "liu-biao", "yang-feng"} <= set(court)
    assert court[-1] == "cao-cao"  # (courted by another, with a wedge)
    recruit = options(kind(answers, "Hinder a recruiting"), "target")
    assert recruit[:2] == [None, "mine"]
    assert all(b.s["generals"][g]["employer"] != "cao-cao" and b.general(g).loyalty is not None
               for g in recruit[2:])
    sun = next(g for g in recruit[2:] if b.s["generals"][g]["employer"] == "sun-ce")
    made = entry(kind(answers, "Hinder a recruiting"), {"target": sun, "gold": 2})
    assert made == {"hinder": "recruit", "target": sun, "gold": 2}
    mine = entry(kind(answers, "Hinder a recruiting"), {"target": "mine", "gold": 1})
    actions.check_actions(b, "cao-cao", {"answers": [made, mine]})
    aimed = {"status": "placed", "role": "liu-biao", "kind": "recruit", "recruit": sun,
             "employer": "sun-ce"}
    assert actions._matches(b, "cao-cao", made, aimed)
    assert not actions._matches(b, "cao-cao", mine, aimed)
    assert actions._matches(b, "cao-cao", mine, {**aimed, "employer": "cao-cao"})


def test_a_face_up_card_of_another_seat_may_be_asked_for_by_its_entry() -> None:
    """In a game whose red cards are hidden, a card of Sun Ce's turned face up is offered
    by its entry besides the stratagems by kind; the trade asking for it matches his
    offer of that entry and the card changes hands."""
    state = stocked()
    state["realms"]["sun-ce"]["cards"] = ["red#4", "red#5"]
    state["open_cards"] = {"red#5": "ambush:2"}
    b = kit.board(state)
    sun = kind(lists(b)["trades"], "Trade with Sun Ce")
    asked = options(sun, "get.cards")
    assert "ambush" in asked and "red#5" in asked and "red#4" not in asked
    made = entry(sun, {"give.gold": 2, "get.cards": ["red#5"]})
    assert made == {"with": "sun-ce", "give": {"gold": 2}, "get": {"cards": ["red#5"]}}
    trades.check_trades(b, "cao-cao", {"trades": [made]})
    mirror = {"with": "cao-cao", "give": {"cards": ["red#5"]}, "get": {"gold": 2}}
    trades.take_all(b, {"cao-cao": {"trades": [made]}, "sun-ce": {"trades": [mirror]}})
    assert state["realms"]["cao-cao"]["cards"] == ["fire-trap", "red#5"]
    assert state["realms"]["sun-ce"]["cards"] == ["red#4"]


def _exile_part(b: Board, role: str) -> Param | None:
    return next((p for p in order_form.params(b, role, 1) if p.name == "exile"), None)


@pytest.mark.rule("chronicles:s14.other.exiled")
@pytest.mark.rule("chronicles:s16.recall")
def test_the_exile_part_offers_only_the_fields_the_position_allows() -> None:
    """A seat at home may only go into exile; a host may also ask his guest for the lent
    area back; a lodged exile may only give it back. Each part made is accepted by the
    rules, and its fields read back from it."""
    state = kit.position(3)
    for area in ("jiang-ling", "xiang-yang", "jiang-xia", "chang-sha", "wu-ling",
                 "ling-ling"):
        kit.give(state, area, "sun-ce")
    state["realms"]["liu-biao"]["exile"] = {"host": "cao-cao", "area": "ru-nan",
                                            "out": False}
    b = kit.board(state)
    home = _exile_part(b, "sun-ce")
    assert home is not None and home.kind == "group"
    assert [p.name for p in home.items[0].params] == ["go"]
    host = _exile_part(b, "cao-cao")
    assert host is not None
    (item,) = host.items
    assert [p.name for p in item.params] == ["go", "recall"]
    assert options(item, "recall") == ["liu-biao"]
    part = entry(item, {"recall": ["liu-biao"]})
    assert part == {"recall": ["liu-biao"]} and entry(item, {}) == {}
    assert fields(item, part) == {"go": None, "recall": ["liu-biao"]}
    exile.check_exile(b, "cao-cao", {"do": "season", "exile": part})
    guest = _exile_part(b, "liu-biao")
    assert guest is not None
    assert [p.name for p in guest.items[0].params] == ["give_back"]
    back = entry(guest.items[0], {"give_back": True})
    assert back == {"give_back": True}
    exile.check_exile(b, "liu-biao", {"do": "season", "exile": back})
    exile.check_exile(b, "sun-ce", {"do": "season",
                                    "exile": entry(home.items[0], {"go": True})})
    state["realms"]["liu-biao"]["exile"]["out"] = True  # nobody took him in
    state["realms"]["liu-biao"]["exile"].update(host=None, area=None)
    assert _exile_part(kit.board(state), "liu-biao") is None


@pytest.mark.rule("chronicles:s7.4.land")
@pytest.mark.rule("chronicles:s7.5.armies")
def test_deals_offer_supplies_and_sales_the_rules_accept() -> None:
    state = stocked()
    b = kit.board(state)
    deals = lists(b)["deals"]
    labels = [k.label for k in deals.items]
    assert labels[:6] == ["Sun Ce helps, you pay the supplies",
                          "You help Sun Ce, who pays the supplies",
                          "Sell to Sun Ce: land", "Sell to Sun Ce: armies",
                          "Buy from Sun Ce: land", "Buy from Sun Ce: armies"]
    sell = kind(deals, "Sell to Sun Ce: armies")
    assert [p.name for p in sell.params] == ["armies.infantry", "armies.cavalry-2", "price"]
    land = kind(deals, "Buy from Sun Ce: land")
    area = options(land, "land")[0]
    made = [entry(deals.items[0], {}), entry(sell, {"armies.infantry": 3, "price": 4}),
            entry(land, {"land": area, "price": 5})]
    assert made == [{"supplies": "sun-ce", "payer": "cao-cao"},
                    {"seller": "cao-cao", "buyer": "sun-ce", "armies": {"infantry": 3},
                     "price": 4},
                    {"seller": "sun-ce", "buyer": "cao-cao", "land": area, "price": 5}]
    deals_rules.check_deals(b, "cao-cao", {"deals": made})
    state["relations"]["cao-cao"]["sun-ce"] = 0
    barred = [k.label for k in lists(kit.board(state))["deals"].items if "Sun Ce" in k.label]
    assert barred == labels[:2]  # no sale at level 0, the supplies still


@pytest.mark.rule("chronicles:s10.3.1.choice")
def test_battle_plans_name_any_area_in_the_season_and_the_battles_in_a_muster() -> None:
    state = stocked()
    b = kit.board(state)
    plan = lists(b)["plans"].items[0]
    assert len(options(plan, "area")) == len(state["areas"])
    made = entry(plan, {"area": "xu-chang", "siege": "surround"})
    assert made == {"area": "xu-chang", "first": "go", "if_held": "hold", "defend": "best",
                    "siege": "surround", "pursue": "always", "losses": "weakest-here"}
    cards = next(p for p in plan.params if p.name == "cards")  # (test_plan_form.py)
    assert [k.fixed for k in cards.items] == [{"card": "fire-trap"}]
    muster_rules.check_muster(b, "cao-cao", {"plans": [made]})
    assert "plans" not in lists(b, number=2)  # no battle waits
    state["round"]["battles"].append({"area": "xia-pi", "status": "pending"})
    assert options(lists(kit.board(state), number=2)["plans"].items[0], "area") == ["xia-pi"]



def _holding_guards() -> tuple[dict[str, Any], str]:
    """A new game with hidden objects whose first seat was dealt the guards, and she."""
    for seed in range(60):
        state, _dice, _log = hidden_objects_game(seed)
        for role in state["realms"]:
            mine = known_to(state, role)
            if any(hand.kind(mine.get(e, "")) == "guards"
                   for e in state["realms"][role]["objects"]):
                return state, role
    raise AssertionError("no seat was dealt the guards in 60 games")


def test_with_hidden_objects_the_form_offers_ones_own_by_entry_and_no_one_elses() -> None:
    """In a game whose objects are hidden, a seat's form offers her own objects by their
    entries (named as she reads them), asks another seat only for his face-up objects
    (none yet), and sets guards by the entry of the guards she holds; the entries filled
    in are orders the rules take."""
    state, role = _holding_guards()
    b = Board(state, known=known_to(state, role))
    own = state["realms"][role]["objects"]
    trade = lists(b, role)["trades"].items[0]
    offered = options(trade, "give.objects")
    assert offered == [e for e in own if e.startswith(f"{objects.DECK}#")] and offered
    assert "get.objects" not in [p.name for p in trade.params]  # all face down
    guard = kind(lists(b, role)["guards"], "Guards against spies")
    (entry_of_guards,) = options(guard, "object")
    assert entry_of_guards in own and entry_of_guards.startswith(f"{objects.DECK}#")
    where = options(guard, "territories")[0]
    made = entry(guard, {"object": entry_of_guards, "territories": [where]})
    assert made == {"against": "spies", "object": entry_of_guards, "territories": [where]}
    assert objects.named(b, role, {"guards": [made]}) == [entry_of_guards]
    actions.check_actions(b, role, {"guards": [made]})
