"""The action phase (8.0-8.8): what a season order may place, what placing costs, and the
guards rolled against envoys on the road (notes 4, 10, 15, 16, 18, 28)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from pbem.errors import IllegalAction
from pbem.games.chronicles.board import Board
from pbem.games.chronicles.rules import actions, envoys
from tests.games.chronicles import kit

CAO, SUN, BIAO, SHAO = "cao-cao", "sun-ce", "liu-biao", "yuan-shao"


def position(**held: Any) -> dict[str, Any]:
    """The four-player opening (Cao Cao, Sun Ce, Liu Biao, Yuan Shao); ``held`` gives a
    role's counters, objects and gold: ``cao=(["land"], ["fine-horse"], 16)``."""
    state = kit.position(4)
    short = {"cao": CAO, "sun": SUN, "biao": BIAO, "shao": SHAO}
    for key, (counters, objects, gold) in held.items():
        realm = state["realms"][short[key]]
        realm.update(counters=list(counters), objects=list(objects))
        if gold is not None:
            realm["gold"] = gold
    return state


def refused(b: Board, role: str, order: dict[str, Any], rule: str) -> None:
    """The order is refused naming ``rule``, and the position is untouched."""
    before = copy.deepcopy(b.s)
    with pytest.raises(IllegalAction) as err:
        actions.check_actions(b, role, order)
    assert err.value.rule == rule, str(err.value)
    assert b.s == before


def place(b: Board, **orders: dict[str, Any]) -> None:
    roles = {"cao": CAO, "sun": SUN, "biao": BIAO, "shao": SHAO}
    given = {roles[k]: v for k, v in orders.items()}
    for role, order in given.items():
        actions.check_actions(b, role, order)
    actions.place_all(b, given)


# ------------------------------------------------------------------ counters and generals


@pytest.mark.rule("chronicles:s2.3.3.types")
def test_only_the_seven_action_counters_are_placed() -> None:
    """An action names one of the seven action counters; a battle is no counter."""
    b = kit.board(position(cao=(["land"], [], None)))
    refused(b, CAO, {"actions": [{"counter": "battle", "general": "xun-yu"}]},
            "s2.3.3.types")


@pytest.mark.rule("chronicles:s8.0.placement")
@pytest.mark.rule("chronicles:s2.3.3.types")
def test_each_action_needs_its_own_counter_held() -> None:
    """Every action spends one counter of its kind, held (or traded for in the same
    order); a second action of the kind needs a second counter."""
    b = kit.board(position(cao=(["special-tax"], [], None)))
    tax = {"counter": "special-tax", "general": "xun-yu"}
    refused(b, CAO, {"actions": [tax, {**tax, "general": "guo-jia"}]}, "s8.0.placement")
    actions.check_actions(b, CAO, {"actions": [tax]})
    traded = {"trades": [{"with": SUN, "give": {"gold": 1},
                          "get": {"counters": ["special-tax"]}}],
              "actions": [tax, {**tax, "general": "guo-jia"}]}
    actions.check_actions(b, CAO, traded)


@pytest.mark.rule("chronicles:s8.0.general-required")
def test_every_action_needs_a_ready_general_of_ones_own_once() -> None:
    """No action without a general, even special tax; the general is one's own and ready,
    and takes one action or guard in the round."""
    b = kit.board(position(cao=(["special-tax", "special-tax"], ["guards"], None)))
    tax = {"counter": "special-tax"}
    refused(b, CAO, {"actions": [tax]}, "s8.0.general-required")
    refused(b, CAO, {"actions": [{**tax, "general": "zhou-yu"}]}, "s8.0.general-required")
    refused(b, CAO, {"actions": [{**tax, "general": "xun-yu"}, {**tax, "general": "xun-yu"}]},
            "s8.0.general-required")
    guard = {"object": "guards", "general": "xun-yu", "against": "envoys",
             "territories": ["yan-zhou"]}
    refused(b, CAO, {"actions": [{**tax, "general": "xun-yu"}], "guards": [guard]},
            "s8.0.general-required")
    b.s["generals"]["xun-yu"]["status"] = "injured"
    refused(b, CAO, {"actions": [{**tax, "general": "xun-yu"}]}, "s8.0.general-required")


@pytest.mark.rule("chronicles:s8.0.no-limit")
@pytest.mark.rule("chronicles:s2.3.3.no-limit")
def test_many_counters_may_aim_at_one_target() -> None:
    """Any number of diplomatic or espionage counters may go to one leader or territory in
    a round, one general each."""
    b = kit.board(position(cao=(["diplomacy"] * 2 + ["espionage"] * 2, [], None)))
    court = {"counter": "diplomacy", "court": BIAO}
    spy = {"counter": "espionage", "territory": "jing-zhou-middle", "take": "gold"}
    order = {"actions": [{**court, "general": "xun-yu"}, {**court, "general": "guo-jia"},
                         {**spy, "general": "cheng-yu"}, {**spy, "general": "xun-you"}]}
    place(b, cao=order)
    assert [a["kind"] for a in b.this_round["actions"]] == ["court"] * 2 + ["espionage"] * 2
    assert b.s["realms"][CAO]["counters"] == []
    text = kit.log_text(b)
    assert "Cao Cao places a court action: Xun Yu on Liu Biao" in text
    assert "Cao Cao places an espionage action: Cheng Yu on Jing Zhou Middle Section" in text


# ------------------------------------------------------------------ land


@pytest.mark.rule("chronicles:s8.1.1.whole")
def test_land_only_on_a_territory_held_whole() -> None:
    """Cao Cao holds two of Yu Zhou's three areas: he cannot develop it; Yan Zhou, held
    whole, he can."""
    b = kit.board(position(cao=(["land"], [], None)))
    refused(b, CAO, {"actions": [{"counter": "land", "general": "xun-yu",
                                  "territory": "yu-zhou"}]}, "s8.1.1.whole")
    actions.check_actions(b, CAO, {"actions": [{"counter": "land", "general": "xun-yu",
                                                "territory": "yan-zhou"}]})


@pytest.mark.rule("chronicles:s8.1.2.once")
def test_land_once_per_territory_per_round() -> None:
    """A second land action on the same territory in the round is refused."""
    b = kit.board(position(cao=(["land", "land"], [], None)))
    land = {"counter": "land", "territory": "yan-zhou"}
    refused(b, CAO, {"actions": [{**land, "general": "xun-yu"},
                                 {**land, "general": "guo-jia"}]}, "s8.1.2.once")


@pytest.mark.rule("chronicles:s8.1.3.cost")
@pytest.mark.rule("chronicles:s11.0.no-late-gold")
def test_land_pays_its_value_when_placed_and_gold_is_committed_then() -> None:
    """Placing a land action on Yan Zhou (land value 3) with 2 extra gold takes 5 gold at
    once: the cost and the extra gold are committed before any roll; an order whose gold
    falls short is refused."""
    b = kit.board(position(cao=(["land"], [], 16)))
    land = {"counter": "land", "general": "xun-yu", "territory": "yan-zhou", "gold": 2}
    place(b, cao={"actions": [land]})
    assert b.s["realms"][CAO]["gold"] == 11
    act = b.this_round["actions"][0]
    assert (act["cost"], act["gold"], act["status"]) == (3, 2, "placed")
    assert b.s["generals"]["xun-yu"]["task"] == "action:0"
    b2 = kit.board(position(cao=(["land"], [], 4)))
    refused(b2, CAO, {"actions": [land]}, "s8.1.3.cost")


@pytest.mark.rule("chronicles:s6.2.e10.tun-tian")
@pytest.mark.rule("chronicles:s8.1.2.once")
def test_tun_tian_sends_two_generals_with_one_land_counter() -> None:
    """The drawer of Tun Tian System sends two generals with one land counter, each
    paying the land value: Yan Zhou twice costs 3 + 3; without the event two generals
    are refused."""
    b = kit.board(position(cao=(["land"], [], 16)))
    land = {"counter": "land", "generals": ["xun-yu", "guo-jia"],
            "territories": ["yan-zhou", "yan-zhou"]}
    refused(b, CAO, {"actions": [land]}, "s6.2.e10.tun-tian")
    b.s["round"]["effects"]["tun-tian"] = CAO
    refused(b, CAO, {"actions": [{**land, "generals": ["xun-yu"]}]}, "s6.2.e10.tun-tian")
    place(b, cao={"actions": [land]})
    acts = b.this_round["actions"]
    assert [(a["general"], a["territory"], a["counter"]) for a in acts] == [
        ("xun-yu", "yan-zhou", "land"), ("guo-jia", "yan-zhou", None)]
    assert b.s["realms"][CAO]["gold"] == 10
    assert b.s["realms"][CAO]["counters"] == []


# ------------------------------------------------------------------ flood and defence


@pytest.mark.rule("chronicles:s8.2.1.icon")
@pytest.mark.rule("chronicles:s8.2.2.once")
def test_prevent_flood_needs_the_icon_once_per_territory() -> None:
    """Yan Zhou shows the flood icon, Yu Zhou does not; one prevent flood a territory."""
    b = kit.board(position(cao=(["prevent-flood"] * 2, [], None)))
    flood = {"counter": "prevent-flood", "general": "xun-yu"}
    refused(b, CAO, {"actions": [{**flood, "territory": "yu-zhou"}]}, "s8.2.1.icon")
    refused(b, CAO, {"actions": [{**flood, "territory": "yan-zhou"},
                                 {**flood, "general": "guo-jia", "territory": "yan-zhou"}]},
            "s8.2.2.once")
    actions.check_actions(b, CAO, {"actions": [{**flood, "territory": "yan-zhou"}]})


@pytest.mark.rule("chronicles:s8.3.1.once")
def test_defence_once_per_territory_on_an_area_held() -> None:
    """Two defence actions in Yan Zhou (Chen Liu, Dong Jun) are refused; a defence on an
    area held by another is refused too."""
    b = kit.board(position(cao=(["defence"] * 2, [], None)))
    d = {"counter": "defence"}
    refused(b, CAO, {"actions": [{**d, "general": "xun-yu", "area": "chen-liu"},
                                 {**d, "general": "guo-jia", "area": "dong-jun"}]},
            "s8.3.1.once")
    refused(b, CAO, {"actions": [{**d, "general": "xun-yu", "area": "pei-cheng"}]},
            "s8.0.placement")


@pytest.mark.rule("chronicles:s8.3.1.once")
def test_a_second_player_defending_the_same_territory_is_dropped_at_the_reveal() -> None:
    """Two leaders sharing Yu Zhou both defend an area of it: the first in the round seat
    order is placed, the other's is dropped with a log line, his counter kept."""
    state = position(cao=(["defence"], [], None), sun=(["defence"], [], None))
    kit.give(state, "ru-nan", SUN)
    b = kit.board(state)
    place(b, cao={"actions": [{"counter": "defence", "general": "xun-yu", "area": "xu-chang"}]},
          sun={"actions": [{"counter": "defence", "general": "zhou-yu", "area": "ru-nan"}]})
    assert [a["role"] for a in b.this_round["actions"]] == [CAO]
    assert b.s["realms"][SUN]["counters"] == ["defence"]
    assert "Sun Ce's action 1 is dropped" in kit.log_text(b)


# ------------------------------------------------------------------ objects


@pytest.mark.rule("chronicles:s4.1.4.objects-dr-only")
def test_objects_back_only_diplomatic_relations() -> None:
    """Gold may back a land action; an object may not."""
    b = kit.board(position(cao=(["land"], ["fine-horse"], None)))
    land = {"counter": "land", "general": "xun-yu", "territory": "yan-zhou"}
    refused(b, CAO, {"actions": [{**land, "objects": ["fine-horse"]}]},
            "s4.1.4.objects-dr-only")


@pytest.mark.rule("chronicles:s2.3.4.jade-seal")
@pytest.mark.rule("chronicles:s2.3.4.princess")
@pytest.mark.rule("chronicles:s2.3.4.guards")
@pytest.mark.rule("chronicles:s2.3.4.chitoo-horse")
def test_which_objects_serve_which_diplomatic_action() -> None:
    """The jade seal and the princess never help recruit; guards never serve in
    diplomacy; the chitoo horse helps recruiting."""
    objs = ["jade-seal", "princess", "guards", "chitoo-horse"]
    b = kit.board(position(cao=(["diplomacy"], objs, None)))
    rec = {"counter": "diplomacy", "general": "xun-yu", "recruit": "cai-mao"}
    refused(b, CAO, {"actions": [{**rec, "objects": ["jade-seal"]}]}, "s2.3.4.jade-seal")
    refused(b, CAO, {"actions": [{**rec, "objects": ["princess"]}]}, "s2.3.4.princess")
    refused(b, CAO, {"actions": [{"counter": "diplomacy", "general": "xun-yu", "court": BIAO,
                                  "objects": ["guards"]}]}, "s2.3.4.guards")
    actions.check_actions(b, CAO, {"actions": [{**rec, "objects": ["chitoo-horse"]}]})


@pytest.mark.rule("chronicles:s2.3.4.keep")
def test_only_objects_held_are_placed() -> None:
    """An object not held (nor traded for in the order) cannot be placed."""
    b = kit.board(position(cao=(["diplomacy"], [], None)))
    refused(b, CAO, {"actions": [{"counter": "diplomacy", "general": "xun-yu", "court": BIAO,
                                  "objects": ["fine-horse"]}]}, "s2.3.4.keep")


# ------------------------------------------------------------------ diplomacy


@pytest.mark.rule("chronicles:s8.4.A.2.placement")
@pytest.mark.rule("chronicles:s8.4.A.wedge")
def test_an_envoy_goes_to_another_leader_in_play() -> None:
    """Courting oneself or someone not in the game is refused; the wedge's third leader is
    a human other than both; a named route must end in the courted leader's land."""
    b = kit.board(position(cao=(["diplomacy"], [], None)))
    court = {"counter": "diplomacy", "general": "xun-yu"}
    refused(b, CAO, {"actions": [{**court, "court": CAO}]}, "s8.4.A.2.placement")
    refused(b, CAO, {"actions": [{**court, "court": "dong-zhuo"}]}, "s8.4.A.2.placement")
    refused(b, CAO, {"actions": [{**court, "court": "yuan-shu", "against": "lu-bu"}]},
            "s8.4.A.wedge")
    refused(b, CAO, {"actions": [{**court, "court": BIAO, "route": ["yu-zhou", "xu-zhou"]}]},
            "s8.4.A.2.placement")


@pytest.mark.rule("chronicles:s8.4.A.human-target")
def test_welcome_names_other_leaders_in_the_game() -> None:
    """The welcome list names other seated leaders."""
    b = kit.board(position())
    refused(b, CAO, {"welcome": [CAO]}, "s8.4.A.human-target")
    refused(b, CAO, {"welcome": ["liu-bei"]}, "s8.4.A.human-target")
    actions.check_actions(b, CAO, {"welcome": [SUN, BIAO]})


@pytest.mark.rule("chronicles:s8.4.B.2.placement")
@pytest.mark.rule("chronicles:s8.4.B.3.no-help")
def test_search_at_home_without_gold_or_objects() -> None:
    """A search is made in a territory of one's own, with no gold and no object."""
    b = kit.board(position(cao=(["diplomacy"], ["fine-horse"], None)))
    s = {"counter": "diplomacy", "general": "xun-yu", "search": "yan-zhou"}
    refused(b, CAO, {"actions": [{**s, "search": "ji-zhou"}]}, "s8.4.B.2.placement")
    refused(b, CAO, {"actions": [{**s, "gold": 1}]}, "s8.4.B.3.no-help")
    refused(b, CAO, {"actions": [{**s, "objects": ["fine-horse"]}]}, "s8.4.B.3.no-help")
    actions.check_actions(b, CAO, {"actions": [s]})


@pytest.mark.rule("chronicles:s8.4.C.targets")
@pytest.mark.rule("chronicles:s2.3.1.loyalty-x")
@pytest.mark.rule("chronicles:s19.liu-bei.exclusive")
def test_who_may_be_recruited() -> None:
    """Another leader's general (non-humans' too) or a free general on the map; never
    one's own, an undiscovered one, a loyalty X one, nor Zhao Yun but by Liu Bei."""
    b = kit.board(position(cao=(["diplomacy"], [], None)))
    rec = {"counter": "diplomacy", "general": "xun-yu"}
    refused(b, CAO, {"actions": [{**rec, "recruit": "guo-jia"}]}, "s8.4.C.targets")
    refused(b, CAO, {"actions": [{**rec, "recruit": "lu-meng"}]}, "s8.4.C.targets")
    refused(b, CAO, {"actions": [{**rec, "recruit": "ma-chao"}]}, "s2.3.1.loyalty-x")
    refused(b, CAO, {"actions": [{**rec, "recruit": "zhao-yun"}]}, "s19.liu-bei.exclusive")
    for target in ("cai-mao", "jia-xu"):
        actions.check_actions(b, CAO, {"actions": [{**rec, "recruit": target}]})
    b.s["generals"]["lu-meng"].update(status="free", at="chen-liu")
    actions.check_actions(b, CAO, {"actions": [{**rec, "recruit": "lu-meng"}]})


# ------------------------------------------------------------------ armies, espionage


@pytest.mark.rule("chronicles:s8.5.3.per-counter")
@pytest.mark.rule("chronicles:s8.5.where")
def test_recruit_armies_limits_and_icons() -> None:
    """One counter raises at most 3 infantry, 1 cavalry and 1 naval unit; level 1 cavalry
    needs its icon (Yan Zhou has none), level 2 naval only in 3, 4, 5, 7; Liu Biao may raise
    level 1 naval where his Xiang Yang shows the icon."""
    b = kit.board(position(cao=(["recruit-armies"], [], None),
                           biao=(["recruit-armies"], [], None)))
    ra = {"counter": "recruit-armies", "general": "xun-yu", "territory": "yan-zhou"}
    refused(b, CAO, {"actions": [{**ra, "units": {"infantry": 4}}]}, "s8.5.3.per-counter")
    refused(b, CAO, {"actions": [{**ra, "units": {"naval-2": 1, "naval-1": 1}}]},
            "s8.5.where")
    refused(b, CAO, {"actions": [{**ra, "units": {"cavalry-1": 1}}]}, "s8.5.where")
    actions.check_actions(b, CAO, {"actions": [{**ra, "units": {"infantry": 3, "naval-2": 1,
                                                                "cavalry-2": 1}}]})
    refused(b, BIAO, {"actions": [{"counter": "recruit-armies", "general": "kuai-liang",
                                   "territory": "jing-zhou-middle",
                                   "units": {"naval-2": 1}}]}, "s8.5.where")
    actions.check_actions(b, BIAO, {"actions": [{
        "counter": "recruit-armies", "general": "kuai-liang", "territory": "jing-zhou-middle",
        "units": {"naval-1": 1}}]})


@pytest.mark.rule("chronicles:s8.7.2.placement")
@pytest.mark.rule("chronicles:s8.7.4.see-nh-armies")
def test_a_spy_goes_to_a_territory_someone_else_holds() -> None:
    """Espionage aims at a territory where another leader holds an area; from a non-human
    only his armies can be learned."""
    b = kit.board(position(cao=(["espionage"], [], None)))
    spy = {"counter": "espionage", "general": "xun-yu", "take": "gold"}
    refused(b, CAO, {"actions": [{**spy, "territory": "yan-zhou"}]}, "s8.7.2.placement")
    refused(b, CAO, {"actions": [{**spy, "territory": "xu-zhou"}]}, "s8.7.4.see-nh-armies")
    actions.check_actions(b, CAO, {"actions": [{**spy, "territory": "xu-zhou",
                                                "take": "armies"}]})


# ------------------------------------------------------------------ guards and answers


@pytest.mark.rule("chronicles:s8.0.guards-action")
@pytest.mark.rule("chronicles:s8.8.1.vs-spy")
@pytest.mark.rule("chronicles:s8.7.3.owner-guards")
def test_guards_are_placed_like_an_action() -> None:
    """A guard spends a guards object held, on territories of one's own; against envoys it
    needs a general, against spies none."""
    b = kit.board(position(cao=([], ["guards"], None)))
    g = {"object": "guards", "against": "spies", "territories": ["yan-zhou"]}
    refused(b, CAO, {"guards": [{**g, "general": "xu-chu"}]}, "s8.8.1.vs-spy")
    refused(b, CAO, {"guards": [{**g, "territories": ["ji-zhou"]}]}, "s8.7.3.owner-guards")
    refused(b, CAO, {"guards": [g, g]}, "s8.0.guards-action")
    refused(b, CAO, {"guards": [{**g, "against": "envoys"}]}, "s8.0.general-required")
    place(b, cao={"guards": [g]})
    assert b.this_round["guards"][0]["status"] == "placed"
    assert b.s["realms"][CAO]["objects"] == []


@pytest.mark.rule("chronicles:s8.4.A.5.gold-objects")
@pytest.mark.rule("chronicles:s8.4.C.4.gold-objects")
def test_answers_fire_on_the_first_action_they_meet() -> None:
    """Sun Ce's hinder against recruits of his generals fires on Cao Cao's recruit of Zhou
    Yu when the orders open, its gold taken then; an answer meeting nothing costs nothing."""
    b = kit.board(position(cao=(["diplomacy"], [], None), sun=([], ["fine-horse"], 12)))
    hinder = {"hinder": "recruit", "target": "mine", "gold": 2, "objects": ["fine-horse"]}
    idle = {"back": "court", "by": BIAO, "gold": 3}
    refused(b, SUN, {"answers": [{"hinder": "recruit", "by": SUN, "gold": 1}]},
            "s8.4.C.4.gold-objects")
    place(b, cao={"actions": [{"counter": "diplomacy", "general": "guo-jia",
                               "recruit": "zhou-yu", "gold": 1}]},
          sun={"answers": [hinder, idle]})
    act = b.this_round["actions"][0]
    assert act["hinders"] == [{"role": SUN, "gold": 2, "objects": ["fine-horse"]}]
    assert b.s["realms"][SUN]["gold"] == 10
    assert b.s["realms"][SUN]["objects"] == []


# ------------------------------------------------------------------ envoys on the road


@pytest.mark.rule("chronicles:s8.4.A.2.placement")
def test_the_default_route_is_short_then_safe_then_low() -> None:
    """Liu Biao's envoy to Yuan Shao takes a four-territory road; of those, the ones
    through no other human's land, and of them the lowest numbers: 16, 12, 2, 9."""
    b = kit.board(position())
    route = envoys.default_route(b, BIAO, b.territories_touched(SHAO))
    assert route == ["jing-zhou-middle", "han-zhong", "yong-zhou", "bing-zhou"]


@pytest.mark.rule("chronicles:s8.4.A.2.interception")
@pytest.mark.rule("chronicles:s8.8.2.vs-envoy")
@pytest.mark.rule("chronicles:s11.4.guards")
@pytest.mark.rule("chronicles:s11.0.timing")
def test_guards_catch_an_envoy_passing_through_at_once() -> None:
    """Liu Biao's Kuai Liang (intelligence 7) crosses Cao Cao's Yan Zhou on his way to
    Yuan Shao; Guo Jia's guards pass their test (6 against 10) and Kuai Liang fails to
    escape (8 against 7): captured when the orders open, his action void, his gold back,
    his counter spent."""
    state = position(cao=([], ["guards"], None), biao=(["diplomacy"], [], 15))
    b = kit.board(state, 3, 3, 4, 4)
    court = {"counter": "diplomacy", "general": "kuai-liang", "court": SHAO, "gold": 2,
             "route": ["jing-zhou-middle", "yu-zhou", "yan-zhou", "ji-zhou"]}
    guard = {"object": "guards", "general": "guo-jia", "against": "envoys",
             "territories": ["yan-zhou"]}
    place(b, cao={"guards": [guard]}, biao={"actions": [court]})
    act = b.this_round["actions"][0]
    assert (act["status"], act["why"]) == ("void", "its general was captured by guards")
    assert b.s["generals"]["kuai-liang"]["status"] == "captive"
    assert b.s["generals"]["kuai-liang"]["captor"] == CAO
    assert b.s["realms"][BIAO]["gold"] == 15
    assert b.s["realms"][BIAO]["counters"] == []
    assert b.this_round["guards"][0]["fired"] is True
    assert len(kit.rolled(b)) == 4


@pytest.mark.rule("chronicles:s11.4.guards")
@pytest.mark.rule("chronicles:s8.4.A.4.wait")
def test_an_envoy_who_escapes_goes_on() -> None:
    """The guards pass their test but the envoy rolls at most his intelligence: he
    escapes, and his action waits for the resolution phase."""
    state = position(cao=([], ["guards"], None), biao=(["diplomacy"], [], None))
    b = kit.board(state, 3, 3, 3, 4)
    court = {"counter": "diplomacy", "general": "kuai-liang", "court": SHAO,
             "route": ["jing-zhou-middle", "yu-zhou", "yan-zhou", "ji-zhou"]}
    guard = {"object": "guards", "general": "guo-jia", "against": "envoys",
             "territories": ["yu-zhou"]}
    place(b, cao={"guards": [guard]}, biao={"actions": [court]})
    assert b.this_round["actions"][0]["status"] == "placed"
    assert b.s["generals"]["kuai-liang"]["status"] == "ready"


@pytest.mark.rule("chronicles:s8.4.A.3.target-immune")
@pytest.mark.rule("chronicles:s8.8.3.no-host-capture")
def test_the_courted_leader_never_captures_the_envoy() -> None:
    """Liu Biao's envoy to Cao Cao crosses Cao Cao's Yu Zhou: Cao Cao's guards there do
    not fire (no dice), and stay unused."""
    state = position(cao=([], ["guards"], None), biao=(["diplomacy"], [], None))
    b = kit.board(state)
    court = {"counter": "diplomacy", "general": "kuai-liang", "court": CAO,
             "route": ["jing-zhou-middle", "yu-zhou", "yan-zhou"]}
    guard = {"object": "guards", "general": "guo-jia", "against": "envoys",
             "territories": ["yu-zhou"]}
    place(b, cao={"guards": [guard]}, biao={"actions": [court]})
    assert b.this_round["actions"][0]["status"] == "placed"
    assert b.this_round["guards"][0]["status"] == "placed"
    assert kit.rolled(b) == []


@pytest.mark.rule("chronicles:s8.4.C.2.interception")
def test_a_recruiter_passing_through_can_be_caught() -> None:
    """Sun Ce's recruiter bound for Yuan Shao's Tian Feng, made to cross Cao Cao's Yu
    Zhou, meets Cao Cao's guards there and is caught."""
    state = position(cao=([], ["guards"], None), sun=(["diplomacy"], [], None))
    b = kit.board(state, 2, 2, 6, 6)
    rec = {"counter": "diplomacy", "general": "zhang-zhao", "recruit": "tian-feng",
           "route": ["yang-zhou-north", "yu-zhou", "yan-zhou", "ji-zhou"]}
    guard = {"object": "guards", "general": "guo-jia", "against": "envoys",
             "territories": ["yu-zhou"]}
    place(b, cao={"guards": [guard]}, sun={"actions": [rec]})
    assert b.this_round["actions"][0]["status"] == "void"
    assert b.s["generals"]["zhang-zhao"]["status"] == "captive"


@pytest.mark.rule("chronicles:s2.3.4.keep")
def test_an_action_whose_means_vanished_is_dropped_at_the_reveal() -> None:
    """An order legal when given, whose counter is gone by the reveal, loses that action
    with a log line; the rest of the order is placed."""
    b = kit.board(position(cao=(["land", "special-tax"], [], None)))
    order = {"actions": [{"counter": "land", "general": "xun-yu", "territory": "yan-zhou"},
                         {"counter": "special-tax", "general": "guo-jia"}]}
    actions.check_actions(b, CAO, order)
    b.s["realms"][CAO]["counters"] = ["special-tax"]
    actions.place_all(b, {CAO: order})
    assert [a["kind"] for a in b.this_round["actions"]] == ["special-tax"]
    assert b.s["realms"][CAO]["gold"] == 16
    assert "Cao Cao's action 1 is dropped" in kit.log_text(b)
