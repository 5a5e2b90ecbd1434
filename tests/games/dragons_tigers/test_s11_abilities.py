"""11 Character special abilities: scenario tests.

Abilities used "at the start of the Mandate of Heaven phase" (11.1, 11.2, 11.5) are
reached the way play reaches them: the previous turn ends and the next chit is pulled
from a pool that holds only the chit we want (the pull is ``draw(1)``, scripted as 1).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.games.dragons_tigers.kit import Game, two_players
from tests.games.dragons_tigers.test_s10_events import (
    FREE_RETAINERS,
    KINGDOMS,
    WHITE,
    event_turn,
    standard_pieces,
)

PULL = 1  # the only chit in the pool


def next_turn(chit: str, before: str = "yuan-shao", **scenario: Any) -> Game:
    """A position where ``before``'s turn is ending and only ``chit`` is left to pull."""
    base: dict[str, Any] = {"kingdoms": KINGDOMS,
                            "turn": {"kingdom": before, "phase": "end", "pool": [chit]}}
    base.update(scenario)
    return Game(base)


def served(kingdom: str, *cids: str, at: str) -> dict[str, Any]:
    """Free retainers recruited by ``kingdom`` and standing in ``at``."""
    return {cid: {"at": at, "kingdom": kingdom, "recruited": True} for cid in cids}


# ---------------------------------------------------------------------- 11.1


@pytest.mark.rule("11.1")
def test_cao_cao_counts_only_free_retainers() -> None:
    """Edict Seeking Talent: when Cao Cao's Mandate phase begins and he has fewer than
    three free (人材) retainers, he rolls; on 1 or 2 he pulls a free retainer at once, and
    only then rolls for the Mandate. His three original retainers do not count; Xu Huang
    and Zuo Ci (held at court) do, making two: he rolls a 2 and draws Sima Yi."""
    chars = served("cao-cao", "xu-huang", at="yanzhou")
    chars["zuo-ci"] = {"at": "court", "kingdom": "cao-cao", "recruited": True}
    game = next_turn("chit:cao-cao", characters=chars)
    pool = [c for c in FREE_RETAINERS if c not in ("xu-huang", "zuo-ci")]
    lines = game.act("white", "end-turn", PULL, 2, pool.index("sima-yi") + 1, 1, 3)
    edict = ("  Edict Seeking Talented Individuals: Cao Cao 曹操 (2 free retainers) rolls 2: he "
             "pulls a free retainer (11.1)")
    mandate = "  Zuo Ci 左慈 lets Cao Cao 曹操 roll two dice: 1 and 3 (11.6(A))"
    assert edict in lines and mandate in lines
    assert lines.index(edict) < lines.index("  Sima Yi 司馬懿 joins Cao Cao 曹操 (10.2(A))") \
        < lines.index(mandate)
    assert game.where("sima-yi") == "yanzhou" and game.kingdom_of("sima-yi") == "cao-cao"


@pytest.mark.rule("11.1")
def test_cao_cao_with_three_free_retainers_does_not_roll() -> None:
    """With three free retainers already, no edict roll is made: the only dice are the
    chit pull and the Mandate roll."""
    game = next_turn("chit:cao-cao",
                     characters=served("cao-cao", "xu-huang", "gan-ning", "wei-yan",
                                       at="yanzhou"))
    lines = game.act("white", "end-turn", PULL, 1)
    assert not any("(11.1)" in line for line in lines)
    assert game.where("sima-yi") == "pool"


@pytest.mark.rule("11.1")
def test_cao_cao_edict_fails_on_three_or_more() -> None:
    """A roll of 3 to 6 brings nobody."""
    game = next_turn("chit:cao-cao")
    lines = game.act("white", "end-turn", PULL, 3, 1)
    assert ("  Edict Seeking Talented Individuals: Cao Cao 曹操 rolls 3: nobody answers (11.1)"
            in lines)
    assert sorted(c for c, e in game.state["chars"].items() if e["at"] == "pool") == \
        FREE_RETAINERS


# ---------------------------------------------------------------------- 11.2

LIU_BEI_IN_XIANGYANG = standard_pieces(
    xiangyang={"armies": {"cao-cao": 4}, "characters": ["liu-bei"]},
    pingyuan={"armies": {"liu-bei": 10}, "characters": ["guan-yu", "zhang-fei"]},
    jiangxia={"armies": {"liu-biao": 10},
              "characters": ["liu-biao", "cai-mao", "huang-zu", "huang-zhong"]})


@pytest.mark.rule("11.2")
def test_zhuge_liang_joins_from_round_four_in_xiangyang() -> None:
    """Three Visits: from Round 4 on, if Liu Bei stands in Xiangyang as his Mandate phase
    begins, Zhuge Liang (set aside at the start) joins him there, whoever controls the
    area (here his ally Cao Cao). It happens once only."""
    game = next_turn("chit:liu-bei", round=4, pieces=LIU_BEI_IN_XIANGYANG)
    assert game.where("zhuge-liang") == "aside"
    assert game.controller("xiangyang") == "cao-cao"
    lines = game.act("white", "end-turn", PULL, 1)
    visit = ("  » Three Visits: Liu Bei 劉備 is in Xiangyang 襄陽; Zhuge Liang 諸葛亮 joins him "
             "(11.2)")
    assert visit in lines
    assert lines.index(visit) < lines.index(
        "  Mandate of Heaven: 1, north, to (0, -1): Bountiful Harvest (4.2)")
    assert game.where("zhuge-liang") == "xiangyang"
    assert game.kingdom_of("zhuge-liang") == "liu-bei"
    assert game.state["flags"]["zhuge_liang"] is True


@pytest.mark.rule("11.2")
def test_three_visits_not_before_round_four_nor_twice() -> None:
    """In Round 3 nothing happens; and once Zhuge Liang has appeared (he has since been
    killed), Liu Bei in Xiangyang in Round 5 does not bring him back."""
    game = next_turn("chit:liu-bei", round=3, pieces=LIU_BEI_IN_XIANGYANG)
    lines = game.act("white", "end-turn", PULL, 1)
    assert not any("(11.2)" in line for line in lines)
    assert game.where("zhuge-liang") == "aside"
    game = next_turn("chit:liu-bei", round=5, pieces=LIU_BEI_IN_XIANGYANG,
                     flags={"zhuge_liang": True},
                     characters={"zhuge-liang": {"at": "dead", "kingdom": None}})
    lines = game.act("white", "end-turn", PULL, 1)
    assert not any("(11.2)" in line for line in lines)
    assert game.where("zhuge-liang") == "dead"


# ---------------------------------------------------------------------- 11.3


@pytest.mark.rule("11.3")
def test_liu_bei_restored_with_guan_yu_and_zhang_fei() -> None:
    """Oath of the Peach Garden: when Family Restoration brings Liu Bei back, Guan Yu and
    Zhang Fei come with him even if they were killed, besides the one surviving retainer
    of 10.5. Guan Yu is dead and Zhang Fei went back to the free pool after a refill; Zhuge
    Liang survives. All four return to Pingyuan with 10 armies."""
    chars = {"liu-bei": "out", "zhuge-liang": {"at": "out", "kingdom": "liu-bei"},
             "guan-yu": {"at": "dead", "kingdom": None},
             "zhang-fei": {"at": "pool", "kingdom": None}}
    game = event_turn(mandate=(1, 0), pieces=standard_pieces(pingyuan=None), characters=chars)
    game.advance(3)
    lines = game.act("blue", {"do": "restore-area", "area": "pingyuan"})
    assert lines[0] == ("  » Liu Bei 劉備 returns in Pingyuan 平原 (Liu Bei 劉備, Zhuge Liang "
                        "諸葛亮, Guan Yu 關羽, Zhang Fei 張飛, 10 armies) as an ally of Blue "
                        "Dragon (10.5(A))")
    for cid in ("liu-bei", "zhuge-liang", "guan-yu", "zhang-fei"):
        assert game.where(cid) == "pingyuan" and game.kingdom_of(cid) == "liu-bei"
    assert game.armies("pingyuan", "liu-bei") == 10


@pytest.mark.rule("11.3")
def test_peach_garden_brothers_serving_elsewhere_stay() -> None:
    """A brother recruited by another kingdom after a refill stays where he serves; the
    other still returns. The one surviving retainer is still chosen as usual."""
    chars: dict[str, Any] = {"liu-bei": "out", "guan-yu": {"at": "dead", "kingdom": None}}
    chars.update(served("yuan-shao", "zhang-fei", at="bohai"))
    game = event_turn(mandate=(1, 0), pieces=standard_pieces(pingyuan=None), characters=chars)
    game.advance(3)
    lines = game.act("blue", {"do": "restore-area", "area": "qingzhou"})
    assert lines[0].startswith("  » Liu Bei 劉備 returns in Qingzhou 青州 (Liu Bei 劉備, Guan Yu "
                               "關羽, 10 armies)")
    assert game.where("guan-yu") == "qingzhou"
    assert game.where("zhang-fei") == "bohai" and game.kingdom_of("zhang-fei") == "yuan-shao"


# ---------------------------------------------------------------------- 11.4

SUN_WU_GONE: dict[str, Any] = {"sun-jian": "out", "cheng-pu": "out", "huang-gai": "out"}


def round_ends(rnd: int, kingdoms: dict[str, Any] | None = None,
               orders: dict[str, dict[str, str]] | None = None, **scenario: Any) -> Game:
    """Cao Cao's turn with the marker on the display's southern edge: a Mandate roll of 4
    takes it off and ends Round ``rnd``. Blue is asked at step 4 (main_change: ask), so
    the round's end stops there."""
    base: dict[str, Any] = {"kingdoms": kingdoms or KINGDOMS, "mandate": [0, 2],
                            "round": rnd, "turn": {"kingdom": "cao-cao"}}
    base.update(scenario)
    given = orders or {}
    return Game(base, orders={**given, "blue": {"main_change": "ask", **given.get("blue", {})}})


@pytest.mark.rule("11.4")
def test_sun_wu_restored_in_jianye_with_zhou_yu() -> None:
    """Three Generations: an eliminated Sun Wu comes back at the end of Round 2 under Sun
    Ce, in Jianye, with Zhou Yu, 10 armies and, as in 10.5, one other surviving retainer,
    whom Sun Wu's owner picks (standing order returning_retainer: ask)."""
    game = round_ends(2, pieces=standard_pieces(changsha=None), characters=SUN_WU_GONE,
                      orders={"blue": {"returning_retainer": "ask"}})
    assert game.status("sun-wu") == "eliminated"
    lines = game.advance(4)
    assert "  Three Generations of Sun Wu: the kingdom returns (11.4)" in lines
    assert game.prompt().role == "blue"
    assert game.offered("restore-retainer") == [
        {"do": "restore-retainer", "character": "cheng-pu"},
        {"do": "restore-retainer", "character": "huang-gai"}]
    game.refuse("white", {"do": "restore-retainer", "character": "cheng-pu"}, rule="11.4")
    lines = game.act("blue", {"do": "restore-retainer", "character": "huang-gai"})
    assert lines[0] == ("  » Sun Wu 孫吳 returns in Jianye 建業 (Sun Ce 孫策, Huang Gai 黃蓋, "
                        "Zhou Yu 周瑜, 10 armies) as an ally of Blue Dragon (11.4)")
    assert game.state["kingdoms"]["sun-wu"]["warlord"] == "sun-ce"
    assert "sun-jian" not in game.state["chars"]  # his counter now shows Zhou Yu
    for cid in ("sun-ce", "zhou-yu", "huang-gai"):
        assert game.where(cid) == "jianye" and game.kingdom_of(cid) == "sun-wu"
    assert game.where("cheng-pu") == "out"
    assert game.armies("jianye", "sun-wu") == 10 and game.status("sun-wu") == "in-play"
    assert game.owner("sun-wu") == "blue"
    assert game.prompt().step == "main-kingdom"


@pytest.mark.rule("11.4")
def test_standing_order_brings_back_the_strongest_retainer_with_sun_wu() -> None:
    """By default (standing order returning_retainer: strongest) Sun Wu's owner is not
    asked at the end of the round: the surviving retainer with the highest ratings added
    up comes back, the first listed on a tie (Cheng Pu and Huang Gai both have command
    2 and valor 2: Cheng Pu), and the log names the order."""
    game = round_ends(2, pieces=standard_pieces(changsha=None), characters=SUN_WU_GONE)
    lines = [line.strip() for line in game.advance(4)]
    assert "Blue Dragon's standing order returning_retainer: strongest — chooses " \
           "Cheng Pu 程普 (11.4)" in lines
    assert game.where("cheng-pu") == "jianye" and game.where("huang-gai") == "out"
    assert game.prompt().step == "main-kingdom"


@pytest.mark.rule("11.4")
def test_sun_quan_returns_at_end_of_round_four_even_if_zhou_yu_died() -> None:
    """At the end of Round 4 the returning warlord is Sun Quan, and Zhou Yu comes back
    though he had been killed. A neutral Sun Wu returns neutral; with no surviving
    retainer besides, only the two of them and 10 armies appear."""
    kingdoms = two_players(["cao-cao", "liu-bei", "ma-teng"], WHITE)
    chars = {"sun-ce": {"at": "out", "kingdom": "sun-wu"},
             "zhou-yu": {"at": "dead", "kingdom": None},
             "cheng-pu": {"at": "dead", "kingdom": None},
             "huang-gai": {"at": "dead", "kingdom": None}}
    game = round_ends(4, kingdoms=kingdoms, pieces=standard_pieces(changsha=None),
                      characters=chars)
    game.state["kingdoms"]["sun-wu"]["warlord"] = "sun-ce"
    lines = game.advance(4)
    assert ("  » Sun Wu 孫吳 returns in Jianye 建業 (Sun Quan 孫權, Zhou Yu 周瑜, 10 armies) as "
            "neutral (11.4)") in lines
    assert game.where("sun-quan") == "jianye" and game.where("zhou-yu") == "jianye"
    assert "sun-ce" not in game.state["chars"]
    assert game.owner("sun-wu") is None and game.armies("jianye", "sun-wu") == 10


@pytest.mark.rule("11.4")
def test_sun_wu_returns_only_at_end_of_rounds_two_and_four() -> None:
    """At the end of Round 3 an eliminated Sun Wu stays off the map."""
    game = round_ends(3, pieces=standard_pieces(changsha=None), characters=SUN_WU_GONE)
    lines = game.advance(4)
    assert not any("(11.4)" in line for line in lines)
    assert game.status("sun-wu") == "eliminated"
    assert game.armies("jianye", "sun-wu") == 0


@pytest.mark.rule("11.4")
def test_sun_wu_fights_for_jianye_on_return() -> None:
    """The return follows 10.5, so hostile armies in Jianye must be fought at once. Yuan
    Shu's 3 armies hold it; Zhou Yu's Contest of Strategy roll of 5 (3 hits per star, 2
    stars) destroys them and Sun Wu takes Jianye."""
    pieces = standard_pieces(changsha=None, jianye={"armies": {"yuan-shu": 3}})
    game = round_ends(2, pieces=pieces, characters=SUN_WU_GONE,
                      orders={"blue": {"returning_retainer": "ask"}})
    game.advance(4)
    lines = game.act("blue", {"do": "restore-retainer", "character": "cheng-pu"}, 5)
    assert ("Combat in Jianye 建業: Blue Dragon (Sun Wu) attacks White Tiger (Yuan Shu) (5)"
            in lines)
    assert game.armies("jianye", "yuan-shu") == 0 and game.armies("jianye", "sun-wu") == 10
    assert game.controller("jianye") == "sun-wu"


# ---------------------------------------------------------------------- 11.5


def zhang_lu_turn() -> Game:
    """Blue's Cao Cao ends his turn; the Traitorous chit is pulled, so White runs a
    Traitorous kingdom and picks Zhang Lu."""
    game = next_turn("chit:traitorous-1", before="cao-cao")
    game.act("blue", "end-turn", PULL)
    game.act("white", {"do": "activate", "kingdom": "zhang-lu"})
    return game


@pytest.mark.rule("11.5")
def test_zhang_lu_rebellion_uses_yellow_turban_procedure() -> None:
    """Five Pecks of Rice: as Zhang Lu's Mandate phase begins, his player may raise a
    rebellion resolved like the Yellow Turbans (10.7): one area an enemy player's kingdom
    controls, a die of armies lost, a 6 adding one more die. White runs Zhang Lu, so only
    Blue's areas are enemy, never White's own (rules-notes 56). White strikes Blue's
    Yanzhou with 6 + 2: Cao Cao loses 8 of 10; then the Mandate die is rolled."""
    game = zhang_lu_turn()
    prompt = game.prompt()
    assert prompt.role == "white" and prompt.step == "rebellion"
    assert [a.get("area") for a in game.offered()] == ["pingyuan", "yanzhou", "changsha", None]
    for area in ("youzhou", "hanzhong", "luoyang", "qiao", "bohai", "nanyang"):
        game.refuse("white", {"do": "rebellion", "area": area}, rule="11.5")
    game.refuse("blue", {"do": "rebellion", "area": "yanzhou"}, rule="11.5")
    lines = game.act("white", {"do": "rebellion", "area": "yanzhou"}, 6, 2, 1)
    assert lines[:3] == ["  Five Pecks of Rice: Zhang Lu 張魯's followers rise (11.5)",
                         "  The uprising in Yanzhou 兗州 destroys up to 8 armies (10.7)",
                         "  » Cao Cao 曹操 loses 8 armies in Yanzhou 兗州 (10.7)"]
    assert lines[3] == "  Mandate of Heaven: 1, north, to (0, -1): Bountiful Harvest (4.2)"
    assert game.armies("yanzhou", "cao-cao") == 2


@pytest.mark.rule("11.5")
def test_zhang_lu_may_decline_rebellion() -> None:
    """The rebellion is optional: declining it leads straight to the Mandate roll."""
    game = zhang_lu_turn()
    lines = game.act("white", {"do": "no-rebellion"}, 1)
    assert lines == ["  Mandate of Heaven: 1, north, to (0, -1): Bountiful Harvest (4.2)",
                     "Event: Bountiful Harvest 豐收 (10.3)",
                     "  Zhang Lu 張魯 has 3 more manpower this turn (10.3)"]
    assert game.armies("yanzhou", "cao-cao") == 10


# ---------------------------------------------------------------------- 11.6

ONE_EACH = two_players(["yuan-shao"], ["yuan-shu"])
WIZARD = {"zuo-ci": {"at": "court", "kingdom": "yuan-shao", "recruited": True}}


@pytest.mark.rule("11.6(A)")
@pytest.mark.rule("11.6(D)")
def test_zuo_ci_two_dice_and_returns_to_pool() -> None:
    """The Wizard: a warlord served by Zuo Ci rolls two dice for the Mandate and uses the
    one he likes (even one that ends the round). At the end of the round Zuo Ci goes back
    to the free retainer pool, so the next turn's Mandate roll is a single die. Yuan Shao
    rolls 1 and 4 from the southern edge and takes the 4, ending Round 1."""
    game = Game({"kingdoms": ONE_EACH, "mandate": [0, 2], "characters": WIZARD,
                 "turn": {"kingdom": "yuan-shao"}})
    lines = game.advance(1, 4)
    assert lines == ["Zuo Ci 左慈 lets Yuan Shao 袁紹 roll two dice: 1 and 4 (11.6(A))"]
    assert game.prompt().role == "blue"
    assert [a["die"] for a in game.offered("mandate-die")] == [1, 4]
    game.refuse("blue", {"do": "mandate-die", "die": 2}, rule="11.6(A)")
    # then Round 2: the third chit of [Blue, White, Yuan Shao, Yuan Shu, Traitorous x2] is
    # pulled and Yuan Shao rolls one die for the Mandate.
    lines = game.act("blue", {"do": "mandate-die", "die": 4}, 3, 1)
    assert lines[0] == ("Mandate of Heaven: 4, south: the marker leaves the display. The "
                        "round ends at once (4.8)")
    assert "  Zuo Ci 左慈 returns to the free retainer pool (11.6(D))" in lines
    assert game.where("zuo-ci") == "pool" and game.kingdom_of("zuo-ci") is None
    assert game.state["round"] == 2
    assert lines[-3] == "  Mandate of Heaven: 1, north, to (0, -1): Bountiful Harvest (4.2)"
    assert not any("two dice" in line for line in lines)


@pytest.mark.rule("11.6(D)")
def test_zuo_ci_leaves_at_round_end_whoever_ends_it() -> None:
    """Zuo Ci goes back to the pool at every round's end, also when his master is not
    the kingdom whose roll ends it: Yuan Shu (White) holds him; Cao Cao's 4 leaves the
    display and ends Round 3. In Round 4 Yuan Shu's chit (the fourth of Blue, White, Cao
    Cao, Yuan Shu and the two Traitorous chits) is pulled and he rolls a single die."""
    chars = {"zuo-ci": {"at": "court", "kingdom": "yuan-shu", "recruited": True}}
    game = Game({"kingdoms": two_players(["cao-cao"], ["yuan-shu"]), "mandate": [0, 2],
                 "round": 3, "characters": chars, "turn": {"kingdom": "cao-cao"}})
    lines = game.advance(4, 4, 1)
    assert "  Zuo Ci 左慈 returns to the free retainer pool (11.6(D))" in lines
    assert game.where("zuo-ci") == "pool" and game.kingdom_of("zuo-ci") is None
    assert game.state["round"] == 4 and game.turn()["kingdom"] == "yuan-shu"
    assert not any("two dice" in line for line in lines)


@pytest.mark.rule("11.6(A)")
def test_wizard_die_chosen_moves_marker() -> None:
    """The chosen die alone moves the marker: of 3 and 6, the 6 takes it north-west to
    Assassinate Retainer rather than south-east to Barbarian Raids."""
    game = Game({"kingdoms": KINGDOMS, "characters": WIZARD,
                 "turn": {"kingdom": "yuan-shao"}})
    game.advance(3, 6)
    lines = game.act("white", {"do": "mandate-die", "die": 6})
    assert lines[0] == "Mandate of Heaven: 6, north-west, to (-1, 0): Assassinate Retainer (4.2)"
    assert game.state["mandate"] == [-1, 0]
    assert game.prompt().step == "assassinate-retainer"


@pytest.mark.rule("11.6(B)")
def test_wizard_serves_every_turn_of_the_round() -> None:
    """The two dice are rolled on each of the kingdom's turns in the round. Yuan Shao
    takes a turn, then Blue's faction chit activates him again: two dice again."""
    game = Game({"kingdoms": ONE_EACH, "characters": WIZARD,
                 "turn": {"kingdom": "yuan-shao", "pool": ["chit:blue"]}})
    game.advance(1, 4)
    game.act("blue", {"do": "mandate-die", "die": 1})
    for verb in ("end-diplomacy", "end-levy", "end-movement"):
        game.act("blue", verb)
    assert game.prompt().step == "end-turn"
    lines = game.act("blue", "end-turn", PULL, 2, 5)
    assert "  Zuo Ci 左慈 lets Yuan Shao 袁紹 roll two dice: 2 and 5 (11.6(A))" in lines
    assert game.state["turns"]["round"] == 2
    assert [a["die"] for a in game.offered("mandate-die")] == [2, 5]


@pytest.mark.rule("11.6(C)")
def test_zuo_ci_recruited_stays_off_the_map() -> None:
    """Zuo Ci has no other ability and his counter never goes on the map: drawn by a
    Recruit Retainer event he joins the kingdom without being placed, though its armies
    stand in two areas."""
    pieces = standard_pieces(xuchang={"armies": {"cao-cao": 3}})
    game = event_turn(pieces=pieces)
    lines = game.advance(2, FREE_RETAINERS.index("zuo-ci") + 1)
    assert "  Zuo Ci 左慈 joins Cao Cao 曹操; he stays off the map (11.6(C))" in lines
    assert game.where("zuo-ci") == "court" and game.kingdom_of("zuo-ci") == "cao-cao"
    assert game.prompt().step == "diplomacy"
    assert game.t.chars_in("yanzhou", "cao-cao") == ["cao-cao", "xiahou-dun", "xiahou-yuan",
                                                     "cao-ren"]


@pytest.mark.rule("11.6(E)")
def test_zuo_ci_picked_to_die_returns_to_pool() -> None:
    """Zuo Ci cannot die: picked for Retainer Dies he returns to the free retainer pool.
    Cao Cao, served by him, takes the 4 of his two Mandate dice and rolls row 1."""
    chars = {"zuo-ci": {"at": "court", "kingdom": "cao-cao", "recruited": True}}
    game = event_turn(characters=chars)
    game.advance(4, 4)
    game.act("blue", {"do": "mandate-die", "die": 4}, 1)
    assert game.prompt().role == "blue"
    assert {"do": "choose-retainer", "character": "zuo-ci"} in game.offered("choose-retainer")
    lines = game.act("blue", {"do": "choose-retainer", "character": "zuo-ci"})
    assert "  » Zuo Ci 左慈 cannot die: he returns to the free retainer pool (11.6(E))" in lines
    assert game.where("zuo-ci") == "pool" and game.kingdom_of("zuo-ci") is None


@pytest.mark.rule("11.6(E)")
def test_zuo_ci_returns_to_pool_when_his_warlord_is_eliminated() -> None:
    """When the kingdom Zuo Ci serves is eliminated he returns to the pool. Yuan Shu
    stands in Yuan Shao's Bohai and his only armies, 4 in Liangzhou, are wiped out by
    Barbarian Raids (row 3, a roll of 4): with no area and no armies his kingdom is gone."""
    pieces = standard_pieces(
        nanyang=None, liangzhou={"armies": {"yuan-shu": 4}},
        bohai={"armies": {"yuan-shao": 10}, "characters": ["yuan-shao", "yuan-shu"]})
    chars = {"zuo-ci": {"at": "court", "kingdom": "yuan-shu", "recruited": True}}
    game = event_turn(pieces=pieces, characters=chars, control={"bohai": "yuan-shao"})
    assert game.status("yuan-shu") == "in-play"
    lines = game.advance(3, 3, 4)
    assert any(line.startswith("  » Yuan Shu 袁術 is eliminated") for line in lines)
    assert game.status("yuan-shu") == "eliminated"
    assert game.where("zuo-ci") == "pool" and game.kingdom_of("zuo-ci") is None


@pytest.mark.rule("11.6(E)")
def test_assassinated_zuo_ci_returns_to_pool() -> None:
    """Nor can an assassin kill him (rules-notes 64): struck on a 1, he goes back to the
    free retainer pool."""
    chars = {"zuo-ci": {"at": "court", "kingdom": "yuan-shao", "recruited": True}}
    game = event_turn(characters=chars)
    game.advance(6)
    assert {"do": "assassinate", "character": "zuo-ci"} in game.offered("assassinate")
    lines = game.act("blue", {"do": "assassinate", "character": "zuo-ci"}, 1)
    assert lines == ["  » Rolls 1: Zuo Ci 左慈 cannot die: he returns to the free retainer pool "
                     "(11.6(E))"]
    assert game.where("zuo-ci") == "pool" and game.kingdom_of("zuo-ci") is None
