"""The resolution phase (11.0) and the effects of 8.1-8.8, with scripted dice."""

from __future__ import annotations

from typing import Any

import pytest

from pbem.games.chronicles.board import Board
from pbem.games.chronicles.rules import actions, intrigue, resolution
from tests.games.chronicles import kit
from tests.games.chronicles.test_actions import BIAO, CAO, SHAO, SUN, position

ROLES = {"cao": CAO, "sun": SUN, "biao": BIAO, "shao": SHAO}


def play(state: dict[str, Any], dice: tuple[int, ...], **orders: dict[str, Any]) -> Board:
    """Place the orders (checked first) and run the resolution phase."""
    b = kit.board(state, *dice)
    given = {ROLES[k]: v for k, v in orders.items()}
    for role, order in given.items():
        actions.check_actions(b, role, order)
    b.s["round"]["orders"] = given
    actions.place_all(b, given)
    resolution.run(b)
    return b


def one(counter: str, general: str, **fields: Any) -> dict[str, Any]:
    return {"actions": [{"counter": counter, "general": general, **fields}]}


# ------------------------------------------------------------------ tests and modifiers


@pytest.mark.rule("chronicles:s8.1.5.success")
@pytest.mark.rule("chronicles:s11.1.intelligence")
@pytest.mark.rule("chronicles:s11.0.modifiers")
def test_land_succeeds_on_intelligence_plus_gold() -> None:
    """Xun Yu (intelligence 10) with 1 gold needs 11 or less: a 5 and a 5 lower Yan
    Zhou's land value from 3 to 2."""
    b = play(position(cao=(["land"], [], 16)), (5, 5),
             cao=one("land", "xun-yu", territory="yan-zhou", gold=1))
    assert b.s["lands"]["yan-zhou"]["land_value"] == 2
    assert b.s["realms"][CAO]["gold"] == 12
    assert b.this_round["actions"][0]["status"] == "done"


@pytest.mark.rule("chronicles:s11.0.natural-fail")
@pytest.mark.rule("chronicles:s8.1.3.cost")
def test_an_unmodified_eleven_always_fails_and_the_cost_stays_paid() -> None:
    """The same action rolling 6 and 5 (11, within the 11 needed) fails all the same; the
    land value and the 4 gold paid stay as they were."""
    b = play(position(cao=(["land"], [], 16)), (6, 5),
             cao=one("land", "xun-yu", territory="yan-zhou", gold=1))
    assert b.s["lands"]["yan-zhou"]["land_value"] == 3
    assert b.s["realms"][CAO]["gold"] == 12


@pytest.mark.rule("chronicles:s14.dev.land")
def test_land_developed_to_zero_gains_influence() -> None:
    """Yan Zhou at land value 1 developed to 0: Cao Cao's Influence 12 -> 13."""
    state = position(cao=(["land"], [], 16))
    state["lands"]["yan-zhou"]["land_value"] = 1
    b = play(state, (2, 2), cao=one("land", "xun-yu", territory="yan-zhou"))
    assert b.s["lands"]["yan-zhou"]["land_value"] == 0
    assert b.s["realms"][CAO]["influence"] == 13


@pytest.mark.rule("chronicles:s6.2.e10.tun-tian")
def test_tun_tian_develops_one_territory_twice() -> None:
    """Both of Tun Tian's generals roll: two successes take Yan Zhou from 3 to 1."""
    state = position(cao=(["land"], [], 16))
    state["round"]["effects"]["tun-tian"] = CAO
    b = play(state, (2, 2, 3, 3), cao={"actions": [{
        "counter": "land", "generals": ["xun-yu", "guo-jia"], "territory": "yan-zhou"}]})
    assert b.s["lands"]["yan-zhou"]["land_value"] == 1
    assert b.s["realms"][CAO]["gold"] == 10


@pytest.mark.rule("chronicles:s8.2.4.success")
def test_prevent_flood_adds_a_point() -> None:
    """Cheng Yu (intelligence 9) rolls 4 and 5: Yan Zhou's flood prevention 0 -> 1."""
    b = play(position(cao=(["prevent-flood"], [], None)), (4, 5),
             cao=one("prevent-flood", "cheng-yu", territory="yan-zhou"))
    assert b.s["lands"]["yan-zhou"]["flood_prevention"] == 1


@pytest.mark.rule("chronicles:s11.3.defence")
@pytest.mark.rule("chronicles:s8.3.3.success")
def test_defence_takes_the_defensive_value_off_the_intelligence() -> None:
    """Cheng Yu (9) at Xu Chang (defensive value 4) with 1 gold needs 6: a 3 and a 3
    raise it to 5; a 3 and a 4 would not."""
    order = one("defence", "cheng-yu", area="xu-chang", gold=1)
    b = play(position(cao=(["defence"], [], None)), (3, 3), cao=order)
    assert b.s["areas"]["xu-chang"]["defence"] == 5
    b = play(position(cao=(["defence"], [], None)), (3, 4), cao=order)
    assert b.s["areas"]["xu-chang"]["defence"] == 4


# ------------------------------------------------------------------ void actions


@pytest.mark.rule("chronicles:s11.0.reassigned")
def test_a_general_called_to_battle_voids_his_action_unrolled() -> None:
    """Xun Yu, sent to a battle after placing his land action, does not roll: his extra 2
    gold comes back, the land value (3) paid stays paid."""
    b = kit.board(position(cao=(["land"], [], 16)))
    order = one("land", "xun-yu", territory="yan-zhou", gold=2)
    actions.place_all(b, {CAO: order})
    b.s["generals"]["xun-yu"]["task"] = "battle:b1"
    resolution.run(b)
    act = b.this_round["actions"][0]
    assert act["status"] == "void"
    assert b.s["realms"][CAO]["gold"] == 13
    assert kit.rolled(b) == []


@pytest.mark.rule("chronicles:s11.0.any-order")
def test_a_general_already_recruited_this_phase_voids_the_next_recruit() -> None:
    """Cao Cao (first in the round seat order) and Sun Ce both try for Lu Meng, free in
    Chen Liu: Cao Cao's man succeeds, Sun Ce's action is void, his 3 gold back."""
    state = position(cao=(["diplomacy"], [], None), sun=(["diplomacy"], [], 12))
    state["generals"]["lu-meng"].update(status="free", at="chen-liu")
    b = play(state, (1, 1), cao=one("diplomacy", "xun-you", recruit="lu-meng", gold=5),
             sun=one("diplomacy", "zhang-zhao", recruit="lu-meng", gold=3))
    assert b.s["generals"]["lu-meng"]["employer"] == CAO
    assert b.this_round["actions"][1]["status"] == "void"
    assert b.s["realms"][SUN]["gold"] == 12


# ------------------------------------------------------------------ special tax, armies


@pytest.mark.rule("chronicles:s8.6.3.yield")
def test_special_tax_yields_one_die_of_gold() -> None:
    """A special tax rolling 4 brings 4 gold, no test; the round is remembered."""
    b = play(position(cao=(["special-tax"], [], 16)), (4,), cao=one("special-tax", "yu-jin"))
    assert b.s["realms"][CAO]["gold"] == 20
    assert b.s["realms"][CAO]["taxed"] == 1


@pytest.mark.rule("chronicles:s8.5.3.cost")
@pytest.mark.rule("chronicles:s6.2.e7.manpower")
def test_recruit_armies_pays_at_once_double_under_manpower_shortage() -> None:
    """3 infantry and 1 level 2 naval cost 3 + 2 gold, paid when raised; under Manpower
    Shortage 10."""
    order = one("recruit-armies", "yu-jin", territory="yan-zhou",
                units={"infantry": 3, "naval-2": 1})
    b = play(position(cao=(["recruit-armies"], [], 16)), (), cao=order)
    assert b.s["realms"][CAO]["gold"] == 11
    before = kit.position(4)["realms"][CAO]["units"]
    assert b.s["realms"][CAO]["units"]["infantry"] == before["infantry"] + 3
    assert b.s["realms"][CAO]["units"]["naval-2"] == before["naval-2"] + 1
    state = position(cao=(["recruit-armies"], [], 16))
    state["round"]["effects"]["manpower-shortage"] = True
    assert play(state, (), cao=order).s["realms"][CAO]["gold"] == 6


# ------------------------------------------------------------------ espionage


@pytest.mark.rule("chronicles:s8.7.4.steal-object")
def test_a_spy_steals_the_object_named_or_the_most_valuable() -> None:
    """Cheng Yu (intelligence 9) rolls 4 and 4 in Liu Biao's Jing Zhou: he takes the
    beautiful woman (4), the most valuable, or the fine horse when named."""
    state = position(cao=(["espionage"], [], None), biao=([], ["fine-horse",
                                                              "beautiful-woman"], None))
    spy = one("espionage", "cheng-yu", territory="jing-zhou-middle", take="object")
    b = play(state, (4, 4), cao=spy)
    assert b.s["realms"][CAO]["objects"] == ["beautiful-woman"]
    state = position(cao=(["espionage"], [], None), biao=([], ["fine-horse",
                                                              "beautiful-woman"], None))
    spy["actions"][0]["object"] = "fine-horse"
    b = play(state, (4, 4), cao=spy)
    assert b.s["realms"][BIAO]["objects"] == ["beautiful-woman"]


@pytest.mark.rule("chronicles:s8.7.4.steal-card")
def test_a_spy_steals_a_card_the_dice_pick() -> None:
    """The dice pick the second of Liu Biao's two cards."""
    state = position(cao=(["espionage"], [], None))
    state["realms"][BIAO]["cards"] = ["fire-trap", "ambush"]
    b = play(state, (2, 2, 2), cao=one("espionage", "cheng-yu",
                                      territory="jing-zhou-middle", take="card"))
    assert b.s["realms"][CAO]["cards"] == ["ambush"]
    assert b.s["realms"][BIAO]["cards"] == ["fire-trap"]


@pytest.mark.rule("chronicles:s8.7.4.see-armies")
@pytest.mark.rule("chronicles:s8.7.4.see-gold")
def test_a_spy_counts_armies_or_gold_in_the_log() -> None:
    """Counting a human's armies or gold only reports them: they are public here."""
    b = play(position(cao=(["espionage"] * 2, [], None)), (1, 1, 1, 2), cao={"actions": [
        {"counter": "espionage", "general": "cheng-yu", "territory": "jing-zhou-middle",
         "take": "gold"},
        {"counter": "espionage", "general": "xun-yu", "territory": "jing-zhou-middle",
         "take": "armies"}]})
    text = kit.log_text(b)
    assert "counts Liu Biao's gold: 15" in text
    assert "counts Liu Biao's armies" in text


@pytest.mark.rule("chronicles:s8.7.4.see-nh-armies")
@pytest.mark.rule("chronicles:s15.1.espionage")
def test_a_spy_makes_a_non_humans_armies_show() -> None:
    """Spying on Yuan Shu in Yang Zhou North with 2 and 3 rolls his armies in Shou Chun:
    the roll 5 gives 6 units."""
    b = play(position(cao=(["espionage"], [], None)), (2, 2, 2, 3),
             cao=one("espionage", "cheng-yu", territory="yang-zhou-north", take="armies"))
    assert b.s["areas"]["shou-chun"]["armies"] == {"infantry": 6}


@pytest.mark.rule("chronicles:s8.8.1.vs-spy")
@pytest.mark.rule("chronicles:s8.7.3.owner-guards")
@pytest.mark.rule("chronicles:s13.change.espionage")
@pytest.mark.rule("chronicles:s14.pol.espionage")
def test_the_owners_guards_make_the_spy_fail_and_it_costs() -> None:
    """Liu Biao's guards add 2: Cheng Yu (9) needs 7 and rolls 8. Sun Ce's guards on the
    same territory do not count, and go back to him. Cao Cao and Liu Biao each lose a
    level toward the other; Cao Cao loses 1 Influence."""
    state = position(cao=(["espionage"], [], None), biao=([], ["guards"], None),
                     sun=([], ["guards"], None))
    kit.give(state, "jiang-xia", SUN)
    guard = {"guards": [{"object": "guards", "against": "spies",
                         "territories": ["jing-zhou-middle"]}]}
    b = play(state, (4, 4), cao=one("espionage", "cheng-yu", territory="jing-zhou-middle",
                                    of=BIAO, take="gold"), biao=guard, sun=guard)
    assert b.relation(CAO, BIAO) == 4 and b.relation(BIAO, CAO) == 4
    assert b.s["realms"][CAO]["influence"] == 11
    assert b.s["realms"][SUN]["objects"] == ["guards"]
    assert [g["fired"] for g in b.this_round["guards"]] == [False, True]


# ------------------------------------------------------------------ search


@pytest.mark.rule("chronicles:s8.4.B.pool")
def test_the_search_pile_leaves_out_event_generals() -> None:
    """The six free generals of errata 15 are in the pile; Zhuge Liang, brought only by
    Three Personal Visits, is not."""
    b = kit.board(position())
    assert intrigue.pile(b) == ["zhuge-jin", "lu-meng", "lu-xun", "xu-shu", "pang-tong",
                                "sima-yi"]


@pytest.mark.rule("chronicles:s11.5.search-year")
def test_a_general_found_too_early_fails_the_search() -> None:
    """The dice pick Lu Meng (from 200) in 196: the search fails, he stays in the pile."""
    b = play(position(biao=(["diplomacy"], [], None)), (3, 3, 2),
             biao=one("diplomacy", "kuai-liang", search="jing-zhou-south"))
    assert b.s["generals"]["lu-meng"]["status"] == "undiscovered"


@pytest.mark.rule("chronicles:s8.4.B.4.success")
def test_a_general_found_stands_free_in_the_territory_searched() -> None:
    """In 200 the same search finds Lu Meng, free in Chang Sha, Liu Biao's area there."""
    state = position(biao=(["diplomacy"], [], None))
    kit.at(state, "spring", 200, 17)
    b = play(state, (3, 3, 2), biao=one("diplomacy", "kuai-liang", search="jing-zhou-south"))
    facts = b.s["generals"]["lu-meng"]
    assert (facts["status"], facts["employer"], facts["at"]) == ("free", "free", "chang-sha")


# ------------------------------------------------------------------ recruit general


@pytest.mark.rule("chronicles:s11.5.recruit-odds")
@pytest.mark.rule("chronicles:s8.4.C.5.success")
@pytest.mark.rule("chronicles:s8.4.C.5.relation")
@pytest.mark.rule("chronicles:s13.change.conflict")
def test_recruiting_another_leaders_general() -> None:
    """Xun You (eloquence 7) for Cai Mao (loyalty 5) of Liu Biao (charisma 7): -5, plus 10
    gold and a fine horse (3) = 8; a 3 and a 4 win him; both leaders' levels toward each
    other fall 5 -> 4."""
    state = position(cao=(["diplomacy"], ["fine-horse"], 16))
    b = play(state, (3, 4), cao=one("diplomacy", "xun-you", recruit="cai-mao", gold=10,
                                    objects=["fine-horse"]))
    assert b.s["generals"]["cai-mao"]["employer"] == CAO
    assert b.relation(CAO, BIAO) == 4 and b.relation(BIAO, CAO) == 4


@pytest.mark.rule("chronicles:s8.4.C.4.gold-objects")
@pytest.mark.rule("chronicles:s2.3.4.reuse")
def test_others_gold_against_a_recruit_counts_and_is_spent() -> None:
    """Sun Ce hinders with 2 gold: the target falls to 6 and the same 7 fails; Sun Ce's
    gold is spent; the fine horse used goes to the used pile."""
    state = position(cao=(["diplomacy"], ["fine-horse"], 16), sun=([], ["treasured-sword"],
                                                                   12))
    b = play(state, (3, 4), cao=one("diplomacy", "xun-you", recruit="cai-mao", gold=10,
                                    objects=["fine-horse"]),
             sun={"answers": [{"hinder": "recruit", "by": CAO, "gold": 1,
                               "objects": ["treasured-sword"]}]})
    assert b.s["generals"]["cai-mao"]["employer"] == BIAO
    assert b.s["realms"][SUN]["gold"] == 11
    assert b.s["supply"]["used"] == ["treasured-sword"]


@pytest.mark.rule("chronicles:s8.8.2.vs-envoy")
@pytest.mark.rule("chronicles:s8.4.C.targets")
def test_guards_at_the_end_of_the_road_roll_in_the_resolution_phase() -> None:
    """Sun Ce's Zhang Zhao goes for Lu Meng, free in Cao Cao's Chen Liu; Cao Cao's guards
    in Yan Zhou roll only now (none at the reveal), catch him, and his action is void."""
    state = position(cao=([], ["guards"], None), sun=(["diplomacy"], [], 12))
    state["generals"]["lu-meng"].update(status="free", at="chen-liu")
    b = kit.board(state, 2, 2, 6, 6)
    rec = one("diplomacy", "zhang-zhao", recruit="lu-meng", gold=2)
    guard = {"guards": [{"object": "guards", "general": "guo-jia", "against": "envoys",
                         "territories": ["yan-zhou"]}]}
    actions.place_all(b, {CAO: guard, SUN: rec})
    assert b.this_round["actions"][0]["route"] == ["yang-zhou-north", "xu-zhou", "yan-zhou"]
    assert kit.rolled(b) == []
    resolution.run(b)
    assert b.this_round["actions"][0]["status"] == "void"
    assert b.s["generals"]["zhang-zhao"]["captor"] == CAO
    assert b.s["realms"][SUN]["gold"] == 12


# ------------------------------------------------------------------ courting


@pytest.mark.rule("chronicles:s11.5.dr-odds")
@pytest.mark.rule("chronicles:s13.change.dr")
@pytest.mark.rule("chronicles:s2.3.4.values")
def test_courting_a_non_human_is_rolled() -> None:
    """Guo Jia (eloquence 8) courts Yuan Shu (intelligence 4), Cao Cao's level 4, with 1
    gold and a treasured sword (2): 4 + 1 + 2 + 4 = 11; a 5 and a 5 raise the level to 5."""
    state = position(cao=(["diplomacy"], ["treasured-sword"], None))
    b = play(state, (5, 5), cao=one("diplomacy", "guo-jia", court="yuan-shu", gold=1,
                                    objects=["treasured-sword"]))
    assert b.relation(CAO, "yuan-shu") == 5


@pytest.mark.rule("chronicles:s8.4.A.6.success")
@pytest.mark.rule("chronicles:s2.3.4.jade-seal")
@pytest.mark.rule("chronicles:s14.dr.level-9")
def test_the_jade_seal_gains_two_and_stays_with_the_non_human() -> None:
    """Courting Yuan Shu with the jade seal (8) from level 7 succeeds on 2 and 2: +2 to 9,
    +1 Influence; the seal stays with Yuan Shu."""
    state = position(cao=(["diplomacy"], ["jade-seal"], None))
    state["non_human"]["yuan-shu"]["objects"] = []
    state["relations"][CAO]["yuan-shu"] = 7
    b = play(state, (2, 2), cao=one("diplomacy", "guo-jia", court="yuan-shu",
                                    objects=["jade-seal"]))
    assert b.relation(CAO, "yuan-shu") == 9
    assert b.s["realms"][CAO]["influence"] == 13
    assert b.s["non_human"]["yuan-shu"]["objects"] == ["jade-seal"]


@pytest.mark.rule("chronicles:s2.3.4.chitoo-horse")
def test_the_chitoo_horse_stays_with_a_non_human_even_on_a_failure() -> None:
    """Courting Lu Bu with the chitoo horse and failing: the horse stays with Lu Bu."""
    state = position(cao=(["diplomacy"], ["chitoo-horse"], None))
    state["non_human"]["lu-bu"]["objects"] = []
    b = play(state, (6, 6), cao=one("diplomacy", "guo-jia", court="lu-bu",
                                    objects=["chitoo-horse"]))
    assert b.relation(CAO, "lu-bu") == 3
    assert b.s["non_human"]["lu-bu"]["objects"] == ["chitoo-horse"]


@pytest.mark.rule("chronicles:s8.4.A.human-target")
@pytest.mark.rule("chronicles:s2.3.4.princess")
def test_courting_a_human_needs_his_welcome_not_dice() -> None:
    """Liu Biao welcomes Cao Cao: with the princess his level rises 5 -> 7, no dice; Sun
    Ce, not welcoming, refuses by his standing order; with envoys: accept he takes it."""
    state = position(cao=(["diplomacy"] * 2, ["princess"], None))
    b = play(state, (), cao={"actions": [
        {"counter": "diplomacy", "general": "guo-jia", "court": BIAO, "objects": ["princess"]},
        {"counter": "diplomacy", "general": "xun-yu", "court": SUN}]},
        biao={"welcome": [CAO]})
    assert b.relation(CAO, BIAO) == 7
    assert b.relation(CAO, SUN) == 5
    state = position(cao=(["diplomacy"], [], None))
    state["orders"][SUN]["envoys"] = "accept"
    b = play(state, (), cao=one("diplomacy", "xun-yu", court=SUN))
    assert b.relation(CAO, SUN) == 6


@pytest.mark.rule("chronicles:s8.4.A.wedge")
@pytest.mark.rule("chronicles:s13.change.wedge")
def test_the_wedge_is_rolled_even_against_a_human() -> None:
    """Cao Cao courts Liu Biao against Sun Ce: his level 5 less Sun Ce's 4, plus Guo Jia's
    8 less Liu Biao's intelligence 6 = 3; a 1 and a 2 succeed: Cao Cao -> Liu Biao 6, Sun
    Ce -> Liu Biao 3, though Liu Biao welcomed nobody."""
    b = play(position(cao=(["diplomacy"], [], None)), (1, 2),
             cao=one("diplomacy", "guo-jia", court=BIAO, against=SUN))
    assert b.relation(CAO, BIAO) == 6
    assert b.relation(SUN, BIAO) == 3
