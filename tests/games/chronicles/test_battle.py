"""10.3: battles fought end to end by the plans (notes 6, 33-37, 42-48), the Battle Outcome
Table and the Morale Test Table."""

from __future__ import annotations

from typing import Any

import pytest

from pbem.games.chronicles.board import Board
from pbem.games.chronicles.rules import (
    aftermath,
    battle,
    battle_rounds,
    muster,
    stratagems,
    supplies,
)
from pbem.games.chronicles.rules.strength import Contributor, Fight, Side, Unit
from tests.games.chronicles import kit

FIVE = ["cao-cao", "sun-ce", "liu-biao", "yuan-shao", "liu-bei"]


def board(*dice: int) -> Board:
    return kit.board(kit.position(leaders=FIVE), *dice)


def war(b: Board, inv: dict[str, Any], dfd: dict[str, Any] | None = None,
        inv_plan: dict[str, Any] | None = None, dfd_plan: dict[str, Any] | None = None,
        area: str = "xia-pi") -> dict[str, Any]:
    """Cao Cao invades ``area`` from Yan Zhou; Liu Bei defends; the battle is fought."""
    answers = {"cao-cao": {"do": "season",
                           "muster": [{"area": area, "side": "invade", "from": "yan-zhou",
                                       **inv}],
                           "plans": [{"area": area, **(inv_plan or {})}]}}
    if dfd is not None:
        answers["liu-bei"] = {"do": "season",
                              "muster": [{"area": area, "side": "defend", **dfd}],
                              "plans": [{"area": area, **(dfd_plan or {})}]}
    for role, order in answers.items():
        muster.check_muster(b, role, order)
    muster.place_all(b, answers, 1)
    supplies.close(b)
    battle.fight_all(b)
    return b.s["round"]["battles"][0]


def pool(b: Board, role: str) -> dict[str, int]:
    return {k: v for k, v in b.realm(role)["units"].items() if v}


@pytest.mark.rule("chronicles:s10.3.2.choice")
@pytest.mark.rule("chronicles:s10.3.6.dice")
@pytest.mark.rule("chronicles:s10.bot.r12")
@pytest.mark.rule("chronicles:s10.3.7.outcome")
@pytest.mark.rule("chronicles:s10.3.11.loser")
@pytest.mark.rule("chronicles:s10.3.14.land")
@pytest.mark.rule("chronicles:s10.3.14.flag")
@pytest.mark.rule("chronicles:s14.mil.win")
@pytest.mark.rule("chronicles:s14.mil.lose")
@pytest.mark.rule("chronicles:s14.mil.area")
@pytest.mark.rule("chronicles:s13.change.conflict")
@pytest.mark.rule("chronicles:s10.3.roles.missing")
def test_field_battle_taken_area() -> None:
    """Outside Xia Pi, 8 infantry against 4 is 2:1; the roll 7 plus the leadership gap 6
    (Xiahou Dun 8, Jian Yong 2) reads row 12 (notes 34): 1/4*. The defender is wiped out,
    tests two of his four lost units on Jian Yong's eloquence 9 (8 passes, 12 fails); Cao
    Cao takes the area (land value 3 -> 4), +1 for the battle and +1 for the area, Liu Bei
    -1 and -1, both levels -1; missing vanguards count 6 each, so no combat bonus."""
    b = board(3, 4, 4, 4, 6, 6)
    x = war(b, {"generals": ["xiahou-dun"], "units": {"infantry": 8}},
            {"generals": ["jian-yong"], "units": {"infantry": 4}}, dfd_plan={"defend": "outside"})
    assert x["status"] == "fought"
    assert x["result"]["winner"] == "cao-cao"
    assert b.holder("xia-pi") == "cao-cao"
    assert b.s["lands"]["xu-zhou"]["land_value"] == 4
    assert b.influence("cao-cao") == 14
    assert b.influence("liu-bei") == 9
    assert b.relation("cao-cao", "liu-bei") == 4
    assert b.relation("liu-bei", "cao-cao") == 4
    assert pool(b, "cao-cao") == {"infantry": 7, "cavalry-2": 3}
    assert pool(b, "liu-bei") == {"infantry": 2, "cavalry-2": 1}
    assert b.gold("cao-cao") == 12
    assert len(kit.rolled(b)) == 6
    assert b.general_state("xiahou-dun")["at"] is None


@pytest.mark.rule("chronicles:s10.3.3.choice")
@pytest.mark.rule("chronicles:s10.3.5.city")
@pytest.mark.rule("chronicles:s10.3.5.vanguard")
@pytest.mark.rule("chronicles:s10.3.7.city-12")
@pytest.mark.rule("chronicles:s8.3.4.natural-12")
@pytest.mark.rule("chronicles:s10.3.7.vanguard-test")
@pytest.mark.rule("chronicles:s10.3.12.city-generals")
@pytest.mark.rule("chronicles:s10.3.12.captured")
@pytest.mark.rule("chronicles:s10.3.roles")
def test_city_battle_captures_a_general() -> None:
    """Liu Bei holds the city of Xia Pi (value 4) with 2 infantry (defending at 2 each):
    8 against 10 units attacking at 1 plus Xu Chu's combat 10 over Mi Zhu's 2 is 18:8,
    2:1. A natural 12 reads row 12 (1/4*), tests Mi Zhu (2: unharmed) and lowers the city
    to 3. The garrison is gone; Jian Yong escapes (2 against combat 2), Mi Zhu is captured
    (7) and imprisoned by Cao Cao's standing order."""
    b = board(6, 6, 1, 1, 5, 5, 1, 1, 3, 4)
    b.s["orders"]["cao-cao"]["captives"] = "imprison"
    x = war(b, {"generals": ["xiahou-dun", "xu-chu"], "units": {"infantry": 8, "cavalry-2": 2}},
            {"generals": ["jian-yong", "mi-zhu"], "units": {"infantry": 2}},
            dfd_plan={"defend": "city"})
    assert x["result"]["winner"] == "cao-cao"
    assert b.s["areas"]["xia-pi"]["defence"] == 3
    assert b.general_state("mi-zhu")["status"] == "captive"
    assert b.general_state("mi-zhu")["captor"] == "cao-cao"
    assert b.general_state("jian-yong")["status"] == "ready"
    assert pool(b, "liu-bei") == {"infantry": 3, "cavalry-2": 1}
    assert pool(b, "cao-cao") == {"infantry": 7, "cavalry-2": 3}
    log = kit.log_text(b)
    assert "18; Liu Bei 4 + 4 (city) = 8" in log
    assert "combat test: 2 against 2: unharmed" in log
    assert len(kit.rolled(b)) == 10


@pytest.mark.rule("chronicles:s10.3.9.retreat")
@pytest.mark.rule("chronicles:s10.3.10.pursuit")
@pytest.mark.rule("chronicles:s10.3.10.modifiers")
@pytest.mark.rule("chronicles:s10.3.10.pursuer-safe")
@pytest.mark.rule("chronicles:s10.3.11.loser")
@pytest.mark.rule("chronicles:s10.bot.r6")
@pytest.mark.rule("chronicles:s14.mil.win")
def test_retreat_and_pursuit() -> None:
    """6 infantry against 7 plus Zhang Fei's 4 of combat is 1:2; the roll 7 -1 (Xiahou Dun
    8, Guan Yu 9) reads row 6: 2/1. At 1:2 the invader's default plan retreats. Liu Bei
    pursues: his cavalry (2) in full plus half his 4 infantry (2), +4 of vanguard, 8
    against a third of 4 infantry (1): the column 4:1; roll 4 +1 = 5: 2/3, the retreater
    loses 3 and the pursuer nothing. Cao Cao gets back 1 of 2 tested units (6, then 7
    against Xiahou Dun's eloquence 6)."""
    b = board(6, 1, 2, 2, 3, 3, 4, 3)
    x = war(b, {"generals": ["xiahou-dun"], "units": {"infantry": 6}},
            {"generals": ["guan-yu", "zhang-fei"], "units": {"infantry": 5, "cavalry-2": 1}},
            dfd_plan={"defend": "outside"})
    assert x["result"]["winner"] == "liu-bei"
    assert x["result"]["how"] == "invader retreats"
    assert b.holder("xia-pi") == "liu-bei"
    assert pool(b, "cao-cao") == {"infantry": 4, "cavalry-2": 3}
    assert pool(b, "liu-bei") == {"infantry": 4, "cavalry-2": 1}
    assert b.influence("liu-bei") == 12
    assert b.influence("cao-cao") == 11
    assert "strength 8 against 1" in kit.log_text(b)


@pytest.mark.rule("chronicles:s10.3.1.choice")
@pytest.mark.rule("chronicles:s10.3.1.retreat")
def test_first_decision_retreat_ends_it() -> None:
    """The invader's plan retreats at once: no die, no Influence, supplies stay paid, the
    units go home; the conflict still costs both levels (notes 43)."""
    b = board()
    x = war(b, {"generals": ["xiahou-dun"], "units": {"infantry": 8}},
            {"generals": ["guan-yu"], "units": {"infantry": 4}}, inv_plan={"first": "retreat"})
    assert x["result"]["winner"] is None
    assert b.gold("cao-cao") == 12
    assert b.influence("cao-cao") == 12 and b.influence("liu-bei") == 11
    assert pool(b, "cao-cao") == {"infantry": 8, "cavalry-2": 3}
    assert b.relation("liu-bei", "cao-cao") == 4
    assert kit.rolled(b) == []


@pytest.mark.rule("chronicles:s10.3.1.hold-fast")
@pytest.mark.rule("chronicles:s10.3.1.carry-over")
def test_both_hold_fast_carries_over() -> None:
    """Invader and defender both hold fast: the battle waits for next round with its
    forces on the map (status carried), and is still pending."""
    b = board()
    x = war(b, {"generals": ["xiahou-dun"], "units": {"infantry": 8}},
            {"generals": ["guan-yu"], "units": {"infantry": 4}}, inv_plan={"first": "hold"})
    assert x["status"] == "carried"
    assert muster.pending(b)
    assert pool(b, "cao-cao") == {"cavalry-2": 3}
    assert b.general_state("xiahou-dun")["task"] == "battle:b1"
    assert x["forces"][0]["units"] == {"infantry": 8}


@pytest.mark.rule("chronicles:s10.3.1.hold-fast")
@pytest.mark.rule("chronicles:s10.3.2.swapped")
@pytest.mark.rule("chronicles:s10.3.11.winner")
def test_hold_fast_answered_by_attack_swaps_roles() -> None:
    """When the invader holds and the defender attacks, the defender becomes the invader
    and the old invader may only fight outside; 4 against 8 is 1:2; the roll 7 + 1
    (leadership 9 against 8) reads row 8: 3/2. Liu Bei's plan retreats after one round:
    Cao Cao wins the battle but takes no area."""
    b = board(3, 4, 1, 1)
    x = war(b, {"generals": ["xiahou-dun"], "units": {"infantry": 8}},
            {"generals": ["guan-yu"], "units": {"infantry": 4}}, inv_plan={"first": "hold",
                                                                         "retreat": "never",
                                                                         "pursue": "never"},
            dfd_plan={"if_held": "attack", "retreat": "after 1"})
    log = kit.log_text(b)
    assert "ratio 1:2" in log
    assert "Battle Outcome Table row 8, column 1:2: 3/2" in log
    assert "Liu Bei attacks instead: the roles swap" in log
    assert "Cao Cao may only fight outside" in log
    assert x["result"]["winner"] == "cao-cao"
    assert b.holder("xia-pi") == "liu-bei"


@pytest.mark.rule("chronicles:s10.bot.note2.automatic")
@pytest.mark.rule("chronicles:s10.3.14.land")
def test_automatic_victory_leaves_land_value() -> None:
    """10 infantry against 1 outside is 10:1: Cao Cao wins without a die and the land
    value stays 3."""
    b = board()
    b.realm("cao-cao")["units"]["infantry"] = 10
    x = war(b, {"generals": ["xiahou-dun"], "units": {"infantry": 10}},
            {"generals": ["jian-yong"], "units": {"infantry": 1}}, dfd_plan={"defend": "outside"})
    assert x["result"]["how"] == "automatic"
    assert b.holder("xia-pi") == "cao-cao"
    assert b.s["lands"]["xu-zhou"]["land_value"] == 3
    assert kit.rolled(b) == []


@pytest.mark.rule("chronicles:s10.3.9.mutual-wipe")
@pytest.mark.rule("chronicles:s10.bot.r8")
def test_both_wiped_out() -> None:
    """1 infantry each (1:1), roll 2 + 6 = row 8: 2/2. Both lose everything: Liu Bei keeps
    the area without Influence for it, Cao Cao still loses 1."""
    b = board(1, 1)
    x = war(b, {"generals": ["xiahou-dun"], "units": {"infantry": 1}},
            {"generals": ["jian-yong"], "units": {"infantry": 1}}, dfd_plan={"defend": "outside"})
    assert x["result"]["winner"] == "liu-bei"
    assert b.influence("liu-bei") == 11
    assert b.influence("cao-cao") == 11
    assert b.holder("xia-pi") == "liu-bei"


@pytest.mark.parametrize(("test_roll", "status"), [
    pytest.param((6, 6), "dead", marks=pytest.mark.rule("chronicles:s10.3.7.combat-test")),
    pytest.param((5, 5), "injured", marks=pytest.mark.rule("chronicles:s10.3.7.combat-test")),
    pytest.param((3, 4), "ready", marks=pytest.mark.rule("chronicles:s10.3.7.combat-test")),
])
@pytest.mark.rule("chronicles:s10.3.7.vanguard-test")
@pytest.mark.rule("chronicles:s10.bot.r2")
def test_invader_vanguard_tested_on_natural_three(test_roll: tuple[int, int],
                                                  status: str) -> None:
    """A natural 3 tests the invader's vanguard, Yu Jin (combat 7): 12 kills him, 10
    injures him for a die of rounds (4), 7 leaves him unharmed (11 against 3 is 4:1, row
    9: 1/3*, the defender is wiped out and tests one unit back, 2: recovered)."""
    extra = (4,) if status == "injured" else ()
    b = board(1, 2, *test_roll, *extra, 1, 1)
    b.realm("cao-cao")["units"]["infantry"] = 10
    war(b, {"generals": ["xiahou-dun", "yu-jin"], "units": {"infantry": 10}},
        {"generals": ["jian-yong"], "units": {"infantry": 3}}, dfd_plan={"defend": "outside"})
    facts = b.general_state("yu-jin")
    assert facts["status"] == status
    if status == "injured":
        assert facts["healed"] == b.round + 4


# ------------------------------------------------------------------ tables


BOT = {2: "***5/1 ***4/1 **4/1 **3/1 *2/1 *2/1 3/2 3/2 2/2",
       3: "***4/1 **4/1 **3/1 *3/1 *2/1 3/2 3/2 2/2 2/2",
       4: "**4/1 **3/1 *3/1 *2/1 3/2 3/2 2/2 2/2 2/2",
       5: "**3/1 *3/1 *2/1 2/1 3/2 2/2 2/2 2/2 2/3",
       6: "*3/1 *2/1 2/1 3/2 2/2 2/2 2/2 2/3 2/3",
       7: "*2/1 2/1 3/2 3/2 2/2 2/2 2/3 2/3 2/3",
       8: "2/1 3/2 3/2 2/2 2/2 2/3 2/3 2/3 1/3*",
       9: "3/2 3/2 2/2 2/2 2/3 2/3 2/3 1/3* 1/3*",
       10: "3/2 2/2 2/2 2/2 2/3 2/3 1/3* 1/3* 1/4**",
       11: "2/2 2/2 2/2 2/3 2/3 1/3* 1/3* 1/4** 1/4**",
       12: "2/2 2/2 2/3 2/3 2/3* 1/3* 1/4* 1/4** 1/5***"}


def fight(b: Board, inv: int, dfd: int, malus: int = 0) -> Fight:
    sides = [Side(w, r, [Contributor(w)], [Unit(0, "infantry") for _ in range(n)])
             for w, r, n in (("cao-cao", "invader", inv), ("liu-bei", "defender", dfd))]
    sides[0].leadership_malus = malus
    return Fight({"id": "t"}, "xia-pi", "xu-zhou", "flat", sides[0], sides[1])


BOT_ROWS = [
    pytest.param(2, marks=pytest.mark.rule("chronicles:s10.bot.r2")),
    pytest.param(3, marks=pytest.mark.rule("chronicles:s10.bot.r3")),
    pytest.param(4, marks=pytest.mark.rule("chronicles:s10.bot.r4")),
    pytest.param(5, marks=pytest.mark.rule("chronicles:s10.bot.r5")),
    pytest.param(6, marks=pytest.mark.rule("chronicles:s10.bot.r6")),
    pytest.param(7, marks=pytest.mark.rule("chronicles:s10.bot.r7")),
    pytest.param(8, marks=pytest.mark.rule("chronicles:s10.bot.r8")),
    pytest.param(9, marks=pytest.mark.rule("chronicles:s10.bot.r9")),
    pytest.param(10, marks=pytest.mark.rule("chronicles:s10.bot.r10")),
    pytest.param(11, marks=pytest.mark.rule("chronicles:s10.bot.r11")),
    pytest.param(12, marks=pytest.mark.rule("chronicles:s10.bot.r12")),
]


@pytest.mark.parametrize("row", BOT_ROWS)
def test_battle_outcome_row(row: int) -> None:
    """Each row of the Battle Outcome Table, all nine columns (1:4 to 4:1), and one cell
    applied: an adjusted roll reached by the commanders' leadership gap, natural 7."""
    b = board()
    cells = next(r for r in b.data.battle_outcome.values() if r.roll == row).cells
    text = " ".join(f"{'*' * c.invader_stars}{c.invader}/{c.defender}{'*' * c.defender_stars}"
                    for c in cells)
    assert text == BOT[row]
    col = 8 if row <= 7 else 0
    f = fight(b, 20 if col == 8 else 5, 5 if col == 8 else 20, malus=7 - row)
    battle_rounds._outcome(b, f, 7, col, stratagems.CardEffects())
    cell = cells[col]
    assert (len(f.inv.lost), len(f.dfd.lost)) == (cell.invader, cell.defender)


MTT = {2: (1, 1, 0, 0, 0), 3: (2, 1, 0, 0, 0), 4: (2, 1, 1, 0, 0), 5: (3, 2, 1, 0, 0),
       6: (3, 2, 1, 1, 0), 7: (3, 2, 2, 1, 0), 8: (4, 3, 2, 1, 0), 9: (4, 3, 2, 2, 0),
       10: (4, 4, 3, 2, 1), 11: (5, 4, 3, 2, 1), 12: (5, 4, 3, 3, 2)}


def dice_for(total: int) -> tuple[int, int]:
    return (1, total - 1) if total <= 7 else (total - 6, 6)


MTT_ROWS = [
    pytest.param(2, marks=pytest.mark.rule("chronicles:s10.mtt.r2")),
    pytest.param(3, marks=pytest.mark.rule("chronicles:s10.mtt.r3")),
    pytest.param(4, marks=pytest.mark.rule("chronicles:s10.mtt.r4")),
    pytest.param(5, marks=pytest.mark.rule("chronicles:s10.mtt.r5")),
    pytest.param(6, marks=pytest.mark.rule("chronicles:s10.mtt.r6")),
    pytest.param(7, marks=pytest.mark.rule("chronicles:s10.mtt.r7")),
    pytest.param(8, marks=pytest.mark.rule("chronicles:s10.mtt.r8")),
    pytest.param(9, marks=pytest.mark.rule("chronicles:s10.mtt.r9")),
    pytest.param(10, marks=pytest.mark.rule("chronicles:s10.mtt.r10")),
    pytest.param(11, marks=pytest.mark.rule("chronicles:s10.mtt.r11")),
    pytest.param(12, marks=pytest.mark.rule("chronicles:s10.mtt.r12")),
]


@pytest.mark.parametrize("row", MTT_ROWS)
@pytest.mark.parametrize("lead", [6, 7, 8, 9, 10])
@pytest.mark.rule("chronicles:s10.3.8.morale")
def test_morale_row(row: int, lead: int) -> None:
    """One morale roll for 5 infantry under a commander of leadership 6-10 loses the
    table's figure for that roll and column."""
    b = board(*dice_for(row))
    f = fight(b, 5, 5, malus=6 - lead)
    aftermath.morale(b, f, f.inv, 1)
    assert len(f.inv.lost) == MTT[row][lead - 6]


@pytest.mark.rule("chronicles:s10.mtt.columns")
def test_morale_low_leadership_reads_six_column() -> None:
    """Leadership below 6 (here 2) reads the 6 column: a roll of 8 loses 4."""
    b = board(2, 6)
    f = fight(b, 5, 5, malus=4)
    aftermath.morale(b, f, f.inv, 1)
    assert len(f.inv.lost) == 4


@pytest.mark.rule("chronicles:s10.mtt.stars")
def test_morale_stars_lower_leadership() -> None:
    """Two stars count leadership 2 lower, three stars 3 lower (notes 37): at leadership
    10 a roll of 12 loses 3 with ** (column 8) and 4 with *** (column 7)."""
    b = board(6, 6, 6, 6)
    f = fight(b, 5, 5, malus=-4)
    aftermath.morale(b, f, f.inv, 2)
    assert len(f.inv.lost) == 3
    g = fight(b, 5, 5, malus=-4)
    aftermath.morale(b, g, g.inv, 3)
    assert len(g.inv.lost) == 4


@pytest.mark.rule("chronicles:s10.mtt.per-5")
def test_morale_one_roll_per_five_remainder_minus() -> None:
    """7 infantry and 2 cavalry: infantry rolls once in full and once for its 2 left over
    with 3 off; the cavalry rolls once with 3 off. At leadership 6: 12 loses 5 (only 5
    count: of 7, 5 go); 5 - 3 = 2 loses 1; 4 - 3 = 1 loses nothing."""
    b = board(6, 6, 2, 3, 1, 3)
    f = fight(b, 7, 5)
    f.inv.units += [Unit(0, "cavalry-2"), Unit(0, "cavalry-2")]
    aftermath.morale(b, f, f.inv, 1)
    assert sorted(k for _, k in f.inv.lost) == ["infantry"] * 6
    assert len(kit.rolled(b)) == 6


@pytest.mark.rule("chronicles:s10.3.3.surround")
@pytest.mark.rule("chronicles:s10.3.inspect")
@pytest.mark.rule("chronicles:s10.3.roles.distinct")
def test_a_surrounded_city_tests_morale_and_the_battle_waits_a_season() -> None:
    """Liu Bei shuts himself in Xia Pi; Cao Cao surrounds it instead of attacking: no
    battle roll, the garrison tests its morale at the first star level, and the battle is
    carried over to the next season with both forces still standing. As the battle
    begins both sides are shown each other's generals and units, and a side with one
    general has him as commander and no vanguard (one general holds one role)."""
    b = board(*([3] * 12))
    fought = war(b, {"generals": ["xiahou-dun"], "units": {"infantry": 6}},
                 {"generals": ["jian-yong"], "units": {"infantry": 2}},
                 inv_plan={"siege": "surround"}, dfd_plan={"defend": "city"})
    text = kit.log_text(b)
    assert fought["status"] == "carried" and fought["siege"] == 1
    assert "the city is surrounded" in text and "Cao Cao chooses to surround the city" in text
    assert "Cao Cao (invader): commander Xiahou Dun" in text and "units infantry 6" in text
    assert "Liu Bei (defender): commander Jian Yong" in text and "units infantry 2" in text
    assert "vanguard Xiahou Dun" not in text and "vanguard none" in text
    assert "each further season of siege" not in text
    assert b.holder("xia-pi") == "liu-bei"


@pytest.mark.rule("chronicles:s10.3.2.excess")
@pytest.mark.rule("chronicles:s8.3.capacity")
@pytest.mark.rule("chronicles:s10.3.2.no-retreat")
def test_units_beyond_a_citys_capacity_fight_outside_first_then_the_garrison() -> None:
    """Xia Pi (defensive value 4) holds four of Liu Bei's five units; the fifth fights
    outside first with his commander and vanguard. Routed at once (16 against 1), it
    leaves the four behind the walls, and Cao Cao must still attack the city, whose
    defender never retreats, whatever his plan says."""
    b = board(*([4] * 80))
    fought = war(b, {"generals": ["xiahou-dun", "xu-chu"], "units": {"infantry": 8}},
                 {"generals": ["jian-yong", "mi-zhu"], "units": {"infantry": 5}},
                 dfd_plan={"defend": "city", "retreat": "after 1"})
    text = kit.log_text(b)
    assert "1 unit beyond the city's 4 fights outside first" in text
    assert "the ratio decides the fight outside the city at once: Cao Cao wins it" in text
    assert "Jian Yong withdraws, leaving the garrison" in text
    assert "Cao Cao chooses to attack the city" in text
    assert "Liu Bei 8 + 4 (city) = 12" in text  # four units defending at 2, the city's 4
    assert "Liu Bei retreats" not in text
    assert fought["status"] == "fought"


@pytest.mark.rule("chronicles:s10.bot.note4.siege")
def test_each_further_season_of_siege_makes_the_morale_test_harder() -> None:
    """A city surrounded a second season running tests its garrison's morale at the
    second star level (two points of leadership less), and the battle is carried over
    again."""
    b = board(*([1] * 80))
    fought = war(b, {"generals": ["xiahou-dun"], "units": {"infantry": 6}},
                 {"generals": ["jian-yong"], "units": {"infantry": 4}},
                 inv_plan={"siege": "surround"}, dfd_plan={"defend": "city"})
    assert (fought["status"], fought["siege"]) == ("carried", 1)
    first = len(b.log.lines())
    battle.fight_all(b)
    later = "\n".join(b.log.lines()[first:])
    assert (fought["status"], fought["siege"]) == ("carried", 2)
    assert "tests morale at star level 2" in later
    assert "leadership 2 - 2 (**) = 0" in later
    assert "each further season of siege adds a star level" in later


@pytest.mark.rule("chronicles:s9.r1.overflow")
def test_units_beyond_a_pass_wait_behind_its_walls_and_fill_its_losses() -> None:
    """Han Gu Guan holds five units; Yang Feng's other four wait behind the pass instead of
    fighting outside, and step in as the garrison loses units: after losing three it still
    defends with five (each at 2)."""
    b = board(*([6] * 120))
    war(b, {"generals": ["xiahou-dun", "xu-chu"], "units": {"infantry": 8}}, None,
        area="han-gu-guan")
    text = kit.log_text(b)
    assert "Yang Feng's armies in Han Gu Guan: roll 12 -> 9" in text
    assert "the units beyond the pass's capacity wait behind its walls" in text
    assert "fight outside first" not in text
    assert "Yang Feng 10 + 5 (city) = 15" in text
    assert "Yang Feng loses 3 units (battle)" in text
    assert "Yang Feng 10 + 4 (city) = 14" in text  # refilled to five; the pass lost 1
