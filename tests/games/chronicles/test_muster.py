"""9.0: battle preparation: what may be invaded and from where, helpers, gold for
non-humans, the musters asked, and supplies (notes 5, 22, 23, 30)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from pbem.errors import IllegalAction
from pbem.games.chronicles.board import Board
from pbem.games.chronicles.rules import battle, muster, supplies
from tests.games.chronicles import kit

FIVE = ["cao-cao", "sun-ce", "liu-biao", "yuan-shao", "liu-bei"]


def board(*dice: int) -> Board:
    return kit.board(kit.position(leaders=FIVE), *dice)


def order(*entries: dict[str, Any], **parts: Any) -> dict[str, Any]:
    return {"do": "season", "muster": list(entries), **parts}


def refused(b: Board, role: str, o: dict[str, Any], rule: str) -> None:
    before = copy.deepcopy(b.s)
    with pytest.raises(IllegalAction) as err:
        muster.check_muster(b, role, o)
    assert err.value.rule == rule
    assert b.s == before


INVADE = {"area": "xia-pi", "side": "invade", "from": "yan-zhou",
          "generals": ["xiahou-dun"], "units": {"infantry": 4}}


@pytest.mark.rule("chronicles:s9.0.invade")
def test_invasion_needs_a_bordering_launch_territory() -> None:
    """An invasion targets an area of a territory bordering the launch territory (Yan Zhou
    does not border Jing Zhou Middle) from a territory where the invader holds an area."""
    b = board()
    refused(b, "cao-cao", order({**INVADE, "area": "jiang-ling"}), "s9.0.invade")
    refused(b, "cao-cao", order({**INVADE, "from": "xu-zhou"}), "s9.0.invade")
    refused(b, "cao-cao", order({**INVADE, "area": "chen-liu"}), "s9.0.invade")
    muster.check_muster(b, "cao-cao", order(INVADE))


@pytest.mark.rule("chronicles:s9.0.invade")
def test_forces_must_be_his_and_ready() -> None:
    """Only his own ready generals, once each, and units within his pool."""
    b = board()
    refused(b, "cao-cao", order({**INVADE, "generals": ["guan-yu"]}), "s10.3.roles")
    refused(b, "cao-cao", order({**INVADE, "units": {"infantry": 9}}), "s9.0.invade")
    refused(b, "cao-cao", order(INVADE, {**INVADE, "area": "peng-cheng"}), "s10.3.roles")
    refused(b, "cao-cao", order({**INVADE, "units": {"infantry": 5}},
                                {**INVADE, "generals": [], "area": "lang-ya"}), "s9.0.invade")


@pytest.mark.rule("chronicles:s9.r1.lo-yang")
def test_lo_yang_only_through_a_pass() -> None:
    """Lo Yang may be invaded only by a holder of Han Gu Guan or Hu Lao Guan."""
    b = board()
    lo_yang = {**INVADE, "area": "lo-yang"}
    refused(b, "cao-cao", order(lo_yang), "s9.r1.lo-yang")
    kit.give(b.s, "hu-lao-guan", "cao-cao")
    muster.check_muster(b, "cao-cao", order(lo_yang))


@pytest.mark.rule("chronicles:s9.r2.xia-pi")
def test_xu_zhou_cannot_invade_wu_jun() -> None:
    """From Xu Zhou (Xia Pi) there is no invasion of Wu Jun across the river; Shou Chun,
    in the same territory, may be invaded."""
    b = board()
    attack = {"area": "wu-jun", "side": "invade", "from": "xu-zhou",
              "generals": ["guan-yu"], "units": {"infantry": 2}}
    refused(b, "liu-bei", order(attack), "s9.r2.xia-pi")
    muster.check_muster(b, "liu-bei", order({**attack, "area": "shou-chun"}))


@pytest.mark.rule("chronicles:s9.3.gold-only-nh")
@pytest.mark.rule("chronicles:s9.3.rate")
def test_gold_only_for_non_humans_by_threes() -> None:
    """Gold may reinforce a non-human defender only, in multiples of 3, within the
    sender's gold; naval units only where the territory recruits them."""
    b = board()
    gold = {"area": "shou-chun", "side": "help", "helps": "yuan-shu", "gold": 6}
    refused(b, "sun-ce", order({**gold, "area": "xia-pi", "helps": "liu-bei"}),
            "s9.3.gold-only-nh")
    refused(b, "sun-ce", order({**gold, "gold": 4}), "s9.3.rate")
    refused(b, "sun-ce", order({**gold, "gold": 15}), "s9.3.gold-only-nh")
    refused(b, "sun-ce", order({**gold, "buy": "naval"}), "s9.3.rate")
    muster.check_muster(b, "sun-ce", order(gold))
    kit.give(b.s, "wu-jun", "yuan-shu")
    muster.check_muster(b, "sun-ce", order({**gold, "area": "wu-jun", "buy": "naval"}))


@pytest.mark.rule("chronicles:s9.3.gold-only-nh")
@pytest.mark.rule("chronicles:s9.3.rate")
@pytest.mark.rule("chronicles:s9.2.relation")
@pytest.mark.rule("chronicles:s9.4.relation")
@pytest.mark.rule("chronicles:s13.change.reinforce")
@pytest.mark.rule("chronicles:s15.0.nh-armies")
def test_gold_buys_units_for_a_non_human() -> None:
    """Sun Ce's 6 gold (spent at once) become 2 infantry of Yuan Shu at Shou Chun; with 2
    infantry of his own as well (supplies 1 x2 = 2), his level toward Yuan Shu still rises
    once (6 -> 7) when the battle ends. Yuan Shu's own armies: roll 2 -> 6 infantry."""
    b = board(1, 1)
    invade = {"area": "shou-chun", "side": "invade", "from": "yu-zhou",
              "generals": ["xiahou-dun"], "units": {"infantry": 1}}
    help_ = {"area": "shou-chun", "side": "help", "helps": "yuan-shu", "gold": 6,
             "from": "yang-zhou-south", "units": {"infantry": 2}}
    answers = {"cao-cao": order(invade, plans=[{"area": "shou-chun", "first": "retreat"}]),
               "sun-ce": order(help_)}
    muster.place_all(b, answers, 1)
    assert b.gold("sun-ce") == 12 - 6
    x = b.s["round"]["battles"][0]
    assert x["forces"][1]["bought"] == {"infantry": 2}
    supplies.close(b)
    assert b.gold("sun-ce") == 6 - 2
    battle.fight_all(b)
    assert b.relation("sun-ce", "yuan-shu") == 7
    assert x["status"] == "fought"
    assert b.s["areas"]["shou-chun"]["armies"] == {"infantry": 6 + 2}


@pytest.mark.rule("chronicles:s9.0.pass-through")
def test_helper_crosses_one_territory_with_consent() -> None:
    """Liu Biao (Jing Zhou Middle) may help Liu Bei at Xia Pi across Liu Bei's Shou Chun
    only with his consent, at four times the supplies (2 infantry into Xu Zhou x1: 1 gold,
    x4 = 4)."""
    b = board()
    kit.give(b.s, "shou-chun", "liu-bei")
    help_ = {"area": "xia-pi", "side": "help", "helps": "liu-bei", "from": "jing-zhou-middle",
             "generals": ["wen-pin"], "units": {"infantry": 2}}
    muster.check_muster(b, "liu-biao", order(help_))
    answers = {"cao-cao": order(INVADE), "liu-biao": order(help_)}
    muster.place_all(b, copy.deepcopy(answers), 1)
    assert len(b.s["round"]["battles"][0]["forces"]) == 1
    assert "does not let Liu Biao cross" in kit.log_text(b)
    c = board()
    kit.give(c.s, "shou-chun", "liu-bei")
    answers["liu-bei"] = order(let_through=["liu-biao"])
    muster.place_all(c, answers, 1)
    supplies.close(c)
    assert c.s["round"]["battles"][0]["forces"][1]["paid"] == 4
    assert c.gold("liu-biao") == 15 - 4
    far = {**help_, "from": "jing-zhou-south", "generals": ["huang-zu"]}
    refused(c, "liu-biao", order(far), "s9.0.pass-through")


@pytest.mark.rule("chronicles:s9.5.supplies")
@pytest.mark.rule("chronicles:s9.5.basic")
@pytest.mark.rule("chronicles:s9.5.same-territory")
@pytest.mark.rule("chronicles:s9.6.home-defence")
def test_supplies_rounded_once_per_battle() -> None:
    """3 infantry (1/2 each) and 1 cavalry (1) into Xu Zhou (x1): 2.5, rounded up once to
    3; 3 infantry into another area of Yu Zhou, Cao Cao's own launch territory, are x2:
    3; the defender at home pays nothing."""
    b = board()
    a = {**INVADE, "units": {"infantry": 3, "cavalry-2": 1}}
    c = {"area": "pei-cheng", "side": "invade", "from": "yu-zhou", "generals": ["cao-ren"],
         "units": {"infantry": 3}}
    d = {"area": "xia-pi", "side": "defend", "generals": ["guan-yu"], "units": {"infantry": 3}}
    muster.place_all(b, {"cao-cao": order(a, c), "liu-bei": order(d)}, 1)
    supplies.close(b)
    paid = [f["paid"] for x in b.s["round"]["battles"] for f in x["forces"]]
    assert paid == [3, 0, 3]
    assert b.gold("cao-cao") == 16 - 6
    assert b.gold("liu-bei") == 10


@pytest.mark.rule("chronicles:s9.0.incremental")
@pytest.mark.rule("chronicles:s9.1.face-down")
def test_second_and_last_musters() -> None:
    """After the season orders the invader, the defender and the holders bordering Xu Zhou
    are asked (Sun Ce opting out with reinforce never, Liu Biao in with any); the last
    muster asks the two sides and whoever placed. A later placement joins the same battle;
    the log shows only how many generals went where."""
    b = board()
    b.s["orders"]["sun-ce"]["reinforce"] = "never"
    b.s["orders"]["liu-biao"]["reinforce"] = "any"
    muster.place_all(b, {"cao-cao": order(INVADE)}, 1)
    assert muster.pending(b)
    assert muster.asked(b, 2) == ["cao-cao", "liu-biao", "yuan-shao", "liu-bei"]
    more = {**INVADE, "generals": ["cao-ren"], "units": {"cavalry-2": 2}}
    muster.place_all(b, {"cao-cao": {"do": "muster", "muster": [more]},
                         "yuan-shao": {"do": "muster", "muster": [
                             {"area": "xia-pi", "side": "help", "helps": "liu-bei",
                              "from": "qing-zhou", "generals": ["yan-liang"],
                              "units": {"infantry": 1}}]}}, 2)
    x = b.s["round"]["battles"]
    assert len(x) == 1
    assert [f["round"] for f in x[0]["forces"]] == [1, 2, 2]
    assert muster.asked(b, 3) == ["cao-cao", "yuan-shao", "liu-bei"]
    assert "places 1 general in Xia Pi (invade)" in kit.log_text(b)
    assert "infantry" not in kit.log_text(b)


@pytest.mark.rule("chronicles:s9.2.army-reinforce")
def test_placement_no_longer_possible_is_dropped() -> None:
    """A general captured after the order was given is not placed: the placement is
    dropped with a line naming the rule, nothing else changes."""
    b = board()
    b.general_state("xiahou-dun")["status"] = "captive"
    muster.place_all(b, {"cao-cao": order(INVADE)}, 1)
    assert b.s["round"]["battles"] == []
    assert b.realm("cao-cao")["units"]["infantry"] == 8
    assert "dropped" in kit.log_text(b)
    assert not muster.pending(b)
