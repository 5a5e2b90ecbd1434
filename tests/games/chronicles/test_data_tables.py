"""The built-in Chronicles data, continued: the counters, the leaders' starts, and the
tables the text prints (terrain, battle outcome, morale, relations, Influence, non-human
armies), row by row as the text gives them."""

from __future__ import annotations

import pytest

from pbem.games.chronicles.catalog import builtin

DATA = builtin()
LEADERS = ("yuan-shao", "cao-cao", "liu-bei", "sun-ce", "liu-biao", "liu-zhang")


@pytest.mark.rule("chronicles:s2.3.2.value")
@pytest.mark.rule("chronicles:s5.3.maintenance")
@pytest.mark.rule("chronicles:s8.5.3.cost")
@pytest.mark.rule("chronicles:s9.5.basic")
@pytest.mark.rule("chronicles:s8.5.where")
def test_army_kinds_costs_and_where_they_are_raised() -> None:
    """Infantry costs 1 gold to raise and to keep, cavalry and naval 2; supplies cost half
    a gold an infantry unit, 1 for the others. Infantry and level 2 cavalry are raised
    anywhere, level 1 cavalry and naval where the icon shows, level 2 naval in 3, 4, 5
    and 7. Each counter stands for as many units as it shows."""
    a = DATA.armies
    assert [(k, a[k].recruit_cost, a[k].maintenance, a[k].supply) for k in a] == [
        ("infantry", 1, 1, 0.5), ("cavalry-2", 2, 2, 1), ("cavalry-1", 2, 2, 1),
        ("naval-2", 2, 2, 1), ("naval-1", 2, 2, 1)]
    assert {k: a[k].icon for k in a} == {"infantry": "none", "cavalry-2": "none",
                                         "cavalry-1": "cavalry-1", "naval-2": "naval-2",
                                         "naval-1": "naval-1"}
    assert all(value >= 1 and count >= 1 for k in a.values() for value, count in k.counters)


@pytest.mark.rule("chronicles:s2.3.3.types")
def test_seven_action_counter_kinds() -> None:
    """The action counters are of seven kinds: land, defence, diplomatic relations,
    recruit armies, special tax, espionage and prevent flood."""
    assert list(DATA.actions) == ["land", "defence", "diplomacy", "recruit-armies",
                                  "special-tax", "espionage", "prevent-flood"]
    assert all(k.count >= 1 for k in DATA.actions.values())


@pytest.mark.rule("chronicles:s2.3.4.values")
def test_fourteen_objects_of_seven_kinds() -> None:
    """14 object counters of 7 kinds, worth in diplomacy: jade seal 8, chitoo horse 6,
    princess 5, beautiful woman 4, fine horse 3, treasured sword 2; the guards have no
    value. There is one jade seal and one chitoo horse."""
    o = DATA.objects
    assert sum(k.count for k in o.values()) == 14 and len(o) == 7
    assert {k: v.value for k, v in o.items()} == {
        "jade-seal": 8, "chitoo-horse": 6, "princess": 5, "beautiful-woman": 4,
        "fine-horse": 3, "treasured-sword": 2, "guards": None}
    assert o["jade-seal"].count == o["chitoo-horse"].count == 1


@pytest.mark.rule("chronicles:s2.3.4.keep")
@pytest.mark.rule("chronicles:s2.3.4.princess")
def test_only_the_princess_cannot_be_traded() -> None:
    """Objects may change hands, except the princess, who serves only to court a leader
    (never to recruit)."""
    assert [k for k, v in DATA.objects.items() if not v.tradable] == ["princess"]
    princess = DATA.objects["princess"]
    assert princess.diplomacy and not princess.recruit


@pytest.mark.rule("chronicles:s2.3.4.jade-seal")
@pytest.mark.rule("chronicles:s2.3.4.chitoo-horse")
@pytest.mark.rule("chronicles:s3.5.objects")
def test_the_seal_and_the_horse() -> None:
    """The jade seal never recruits; the seal and the chitoo horse, spent courting a
    non-human leader, stay on his territory for its next occupier. At the start the seal
    is Yuan Shu's and the horse Lu Bu's."""
    seal, horse = DATA.objects["jade-seal"], DATA.objects["chitoo-horse"]
    assert not seal.recruit and seal.stays_on_non_human and horse.stays_on_non_human
    assert seal.starts_with == "yuan-shu" and horse.starts_with == "lu-bu"
    assert DATA.non_human["yuan-shu"].objects == ("jade-seal",)
    assert DATA.non_human["lu-bu"].objects == ("chitoo-horse",)
    stay = [k for k, v in DATA.objects.items() if v.stays_on_non_human]
    assert stay == ["jade-seal", "chitoo-horse"]


@pytest.mark.rule("chronicles:s2.3.4.guards")
def test_guards_are_never_used_in_diplomacy() -> None:
    """Guards serve only against spies or to capture generals: no diplomatic value, no
    use in courting or recruiting."""
    guards = DATA.objects["guards"]
    assert guards.value is None and not guards.diplomacy and not guards.recruit


@pytest.mark.rule("chronicles:s2.3.5.bad-luck-count")
def test_thirty_two_bad_luck_counters() -> None:
    """32 bad-luck counters: one for each number 1 to 28, two None and two Draw 2
    (errata 6)."""
    bad = DATA.randomizers["bad-luck"]
    assert bad.numbers == (1, 28) and dict(bad.extra) == {"none": 2, "draw-2": 2}
    assert bad.count == 32


@pytest.mark.rule("chronicles:s2.3.5.calendar")
def test_two_counters_mark_the_calendar() -> None:
    """Two naval counters without numbers mark the year and the season (errata 4)."""
    assert DATA.markers["calendar"].count == 2


@pytest.mark.rule("chronicles:s3.10.calendar")
@pytest.mark.rule("chronicles:s4.0.end")
def test_the_calendar_runs_from_spring_196_to_winter_220() -> None:
    """The game starts in spring 196 and ends after winter 220, four seasons a year."""
    assert DATA.rule("start-year") == 196 and DATA.rule("end-year") == 220
    assert DATA.rule("seasons") == ("spring", "summer", "autumn", "winter")


@pytest.mark.rule("chronicles:s14.start")
def test_starting_influence() -> None:
    """Starting Influence: Yuan Shao 13, Cao Cao 12, Liu Bei, Liu Biao and Liu Zhang 11,
    Sun Ce 10, Ma Teng 10."""
    assert {k: v.influence for k, v in DATA.leaders.items()} == {
        "yuan-shao": 13, "cao-cao": 12, "liu-bei": 11, "sun-ce": 10, "liu-biao": 11,
        "liu-zhang": 11, "ma-teng": 10}


RELATIONS = {  # toward the row's leader, held by Yuan Shao .. Liu Zhang (None: himself)
    "yuan-shao": (None, 4, 5, 5, 6, 5), "cao-cao": (4, None, 5, 6, 5, 5),
    "liu-bei": (5, 5, None, 5, 5, 5), "sun-ce": (5, 5, 5, None, 4, 5),
    "liu-biao": (6, 5, 5, 4, None, 5), "liu-zhang": (5, 5, 5, 5, 5, None),
    "lu-bu": (5, 3, 5, 5, 5, 5), "yang-feng": (5, 5, 5, 5, 5, 5),
    "yuan-shu": (7, 4, 4, 6, 5, 5), "zhang-xiu": (6, 4, 5, 5, 7, 5),
    "ma-teng": (5, 5, 5, 5, 5, 5), "gongsun-zan": (3, 5, 7, 5, 5, 5)}


@pytest.mark.rule("chronicles:s13.start.yuan-shao")
@pytest.mark.rule("chronicles:s13.start.cao-cao")
@pytest.mark.rule("chronicles:s13.start.liu-bei")
@pytest.mark.rule("chronicles:s13.start.sun-ce")
@pytest.mark.rule("chronicles:s13.start.liu-biao")
@pytest.mark.rule("chronicles:s13.start.liu-zhang")
@pytest.mark.rule("chronicles:s13.start.lu-bu")
@pytest.mark.rule("chronicles:s13.start.yang-feng")
@pytest.mark.rule("chronicles:s13.start.yuan-shu")
@pytest.mark.rule("chronicles:s13.start.zhang-xiu")
@pytest.mark.rule("chronicles:s13.start.ma-teng")
@pytest.mark.rule("chronicles:s13.start.gongsun-zan")
def test_starting_relation_levels() -> None:
    """Each of the six leaders with a table holds his own level toward every other leader
    at the start; levels are directed (Cao Cao holds 5 toward Sun Ce, Sun Ce 6 toward Cao
    Cao). Ma Teng holds none (18.0)."""
    for target, row in RELATIONS.items():
        for holder, level in zip(LEADERS, row, strict=True):
            if level is not None:
                assert DATA.leaders[holder].relations[target] == level, (holder, target)
    assert DATA.leaders["cao-cao"].relations["sun-ce"] == 5
    assert DATA.leaders["sun-ce"].relations["cao-cao"] == 6
    assert not DATA.leaders["ma-teng"].relations and not DATA.leaders["ma-teng"].table


@pytest.mark.rule("chronicles:s13.change.reinforce")
@pytest.mark.rule("chronicles:s13.change.dr")
@pytest.mark.rule("chronicles:s13.change.wedge")
@pytest.mark.rule("chronicles:s13.change.espionage")
@pytest.mark.rule("chronicles:s13.change.loan")
@pytest.mark.rule("chronicles:s13.change.conflict")
def test_relation_changes() -> None:
    """Helping another's battle +1; a successful courting +1 (2 with the seal or the
    princess, as the objects say); a wedge +1 for the sender and -1 for the third; a
    failed spy -1 both ways; an unpaid loan -2; conflicts -1 both ways."""
    c = DATA.relation_changes
    assert {k: (v.amount, v.other, v.both) for k, v in c.items()} == {
        "reinforce": (1, None, False), "diplomacy": (1, None, False),
        "wedge": (1, -1, False), "espionage-failed": (-1, None, True),
        "loan-unpaid": (-2, None, False), "conflict": (-1, None, True)}
    assert DATA.objects["jade-seal"].relation_gain == DATA.objects["princess"].relation_gain \
        == 2


@pytest.mark.rule("chronicles:s14.dr.level-9")
@pytest.mark.rule("chronicles:s14.dev.land")
@pytest.mark.rule("chronicles:s14.mil.xu-chang")
@pytest.mark.rule("chronicles:s14.mil.area")
@pytest.mark.rule("chronicles:s14.other.leader-dies")
def test_influence_changes() -> None:
    """The Influence table: level 9 reached +1 (lost again -1); land developed +1 (-1 if
    it rises again); collapse -2; the decree -2; a failed spy -1; freeing prisoners +1;
    a battle won +1, lost -1; Xu Chang +3 taken, -3 lost; an area +1 taken, -1 lost;
    water trap -1; ten units lost -1; attacking a friend at 9 -2; the leader's death -2,
    exile -2, taking in an exile +1, refusing one -1, an exile keeping land -1."""
    c = {k: (v.amount, v.undo) for k, v in DATA.influence_changes.items()}
    assert c["level-9"] == (1, -1) and c["land-developed"] == (1, -1)
    assert c["xu-chang-taken"] == (3, None) and c["xu-chang-lost"] == (-3, None)
    assert c["area-taken"] == (1, None) and c["area-lost"] == (-1, None)
    assert c["leader-dies"] == c["exiled"] == c["economic-collapse"] == (-2, None)
    assert len(c) == 21
    assert {v.category for v in DATA.influence_changes.values()} == {
        "diplomacy", "development", "political", "military", "others"}
    assert DATA.area("xu-chang")[1].name == "Xu Chang"


@pytest.mark.rule("chronicles:s14.victory")
def test_influence_needed_to_win() -> None:
    """3 players need 40 Influence, 4 need 35, 5 need 30, 6 or more 25."""
    assert dict(DATA.rule("victory")) == {3: 40, 4: 35, 5: 30, 6: 25}


@pytest.mark.rule("chronicles:s17.line-ups")
def test_the_advised_line_ups() -> None:
    """Three players: Cao Cao, Sun Ce, Liu Biao; then Yuan Shao, Liu Bei, Liu Zhang and,
    for a seventh, Ma Teng."""
    assert {k: list(v) for k, v in DATA.rule("line-ups").items()} == {
        3: ["cao-cao", "sun-ce", "liu-biao"], 4: ["yuan-shao"], 5: ["liu-bei"],
        6: ["liu-zhang"], 7: ["ma-teng"]}


@pytest.mark.rule("chronicles:s18.0.ma-teng")
def test_ma_tengs_start() -> None:
    """Ma Teng, played by a seventh human, starts with territories 10 and 11, 10 gold,
    Ma Chao, Han Sui and Pang De, 4 infantry and 2 level 1 cavalry, Influence 10."""
    ma = DATA.leaders["ma-teng"]
    assert ma.start.territories == (10, 11) and ma.start.gold == 10
    assert dict(ma.start.armies) == {"infantry": 4, "cavalry-1": 2}
    assert ma.free_maintenance and ma.influence == 10


def test_every_human_leader_starts_somewhere() -> None:
    """Each leader's start names territories or areas of the map; Yuan Shao holds Ji,
    Bing and half of Qing; Liu Bei and Liu Zhang one territory each."""
    for leader in DATA.leaders.values():
        assert leader.start.territories or leader.start.areas
        assert DATA.generals[leader.id].leader
    yuan = DATA.leaders["yuan-shao"].start
    assert [DATA.territory(n).name for n in yuan.territories] == ["Ji Zhou", "Bing Zhou"]
    assert [DATA.area(a)[0].name for a in yuan.areas] == ["Qing Zhou"]
    assert DATA.leaders["liu-bei"].start.territories == (4,)
    assert len(DATA.leaders["liu-zhang"].start.territories) == 1



@pytest.mark.rule("chronicles:s10.2.infantry")
@pytest.mark.rule("chronicles:s10.2.cavalry")
@pytest.mark.rule("chronicles:s10.2.naval")
def test_the_terrain_table() -> None:
    """A unit's strength by terrain: infantry 1/1/2 on river/flat/mountain (mountain its
    advantage); cavalry level 2 and 1: 1, 2 or 3 on flat, 1; naval level 2 and 1: 2 or 3
    on river, 1, 1; every kind 1 attacking a city and 2 defending it."""
    t = {k: (v.river, v.flat, v.mountain, v.city_attack, v.city_defence, v.advantage)
         for k, v in DATA.terrain.items()}
    assert t == {"infantry": (1, 1, 2, 1, 2, "mountain"),
                 "cavalry-2": (1, 2, 1, 1, 2, "flat"), "cavalry-1": (1, 3, 1, 1, 2, "flat"),
                 "naval-2": (2, 1, 1, 1, 2, "river"), "naval-1": (3, 1, 1, 1, 2, "river")}


@pytest.mark.rule("chronicles:s10.2.summer-cavalry")
@pytest.mark.rule("chronicles:s10.2.north-south")
def test_summer_cavalry_and_the_north_south_halving() -> None:
    """In summer a cavalry unit counts 1 less; a northern invader's strength against the
    south in summer is divided by 2."""
    assert DATA.rule("summer-cavalry") == -1 and DATA.rule("north-south-divisor") == 2


BATTLE = {
    2: "***5/1 ***4/1 **4/1 **3/1 *2/1 *2/1 3/2 3/2 2/2",
    3: "***4/1 **4/1 **3/1 *3/1 *2/1 3/2 3/2 2/2 2/2",
    4: "**4/1 **3/1 *3/1 *2/1 3/2 3/2 2/2 2/2 2/2",
    5: "**3/1 *3/1 *2/1 2/1 3/2 2/2 2/2 2/2 2/3",
    6: "*3/1 *2/1 2/1 3/2 2/2 2/2 2/2 2/3 2/3",
    7: "*2/1 2/1 3/2 3/2 2/2 2/2 2/3 2/3 2/3",
    8: "2/1 3/2 3/2 2/2 2/2 2/3 2/3 2/3 1/3*",
    9: "3/2 3/2 2/2 2/2 2/3 2/3 2/3 1/3* 1/3*",
    10: "3/2 2/2 2/2 2/2 2/3 2/3 1/3* 1/3* 1/4**",
    11: "2/2 2/2 2/2 2/3 2/3 1/3* 1/3* 1/4** 1/4**",
    12: "2/2 2/2 2/3 2/3 2/3* 1/3* 1/4* 1/4** 1/5***",
}


def _cell(text: str) -> tuple[int, int, int, int]:
    left, right = text.split("/")
    return (int(left.lstrip("*")), int(right.rstrip("*")), left.count("*"), right.count("*"))


@pytest.mark.rule("chronicles:s10.bot.columns")
@pytest.mark.parametrize("roll", range(2, 13))
def test_the_battle_outcome_table(roll: int) -> None:
    """Nine ratio columns from 1:4 to 4:1; each row, for an adjusted roll of 2 to 12,
    gives the units the invader and the defender lose and the stars that call for a
    morale test, as the text prints them. Natural 2-3 test the invader's vanguard, 11-12
    the defender's; a natural 12 costs a defended city 1 defensive value."""
    assert DATA.rule("battle-ratios")[0] == (1, 4) and DATA.rule("battle-ratios")[-1] == (4, 1)
    [row] = [r for r in DATA.battle_outcome.values() if r.roll == roll]
    got = [(c.invader, c.defender, c.invader_stars, c.defender_stars) for c in row.cells]
    assert got == [_cell(c) for c in BATTLE[roll].split()]
    assert row.vanguard_test == ("invader" if roll <= 3 else "defender" if roll >= 11
                                 else None)
    assert row.city_loss == (1 if roll == 12 else 0)


MORALE = {2: (1, 1, 0, 0, 0), 3: (2, 1, 0, 0, 0), 4: (2, 1, 1, 0, 0), 5: (3, 2, 1, 0, 0),
          6: (3, 2, 1, 1, 0), 7: (3, 2, 2, 1, 0), 8: (4, 3, 2, 1, 0), 9: (4, 3, 2, 2, 0),
          10: (4, 4, 3, 2, 1), 11: (5, 4, 3, 2, 1), 12: (5, 4, 3, 3, 2)}


@pytest.mark.rule("chronicles:s10.mtt.columns")
def test_the_morale_test_table() -> None:
    """Five leadership columns, 6 (which serves 1 to 6, errata 2) to 10; each roll's row
    of extra units lost, as printed; one roll per 5 units of a kind."""
    assert DATA.rule("morale-leadership") == (6, 7, 8, 9, 10)
    assert {r.roll: r.losses for r in DATA.morale.values()} == MORALE
    assert DATA.rule("morale-units-per-roll") == 5


NON_HUMAN = {
    "yang-feng": (6, 6, 6, 6, 7, 7, 7, 8, 8, 9, 9),
    "li-jue": (7, 7, 7, 8, 8, 8, 9, 9, 10, 10, 11),
    "lu-bu": (6, 6, 7, 7, 7, 7, 8, 8, 8, 9, 9),
    "kong-rong": (5, 6, 6, 6, 7, 7, 7, 7, 8, 8, 9),
    "gongsun-zan": (8, 9, 9, 9, 10, 10, 10, 11, 11, 12, 12),
    "ma-teng": (9, 10, 10, 10, 11, 11, 11, 12, 12, 12, 13),
    "zhang-lu": (6, 6, 7, 7, 7, 8, 8, 8, 9, 9, 10),
    "territory-14": (5, 6, 6, 6, 7, 7, 7, 7, 7, 8, 8),
    "zhang-xiu": (7, 7, 7, 7, 8, 8, 8, 8, 9, 9, 9),
    "yuan-shu": (6, 6, 6, 6, 7, 7, 7, 7, 8, 8, 8),
    "territory-20": (5, 6, 6, 6, 7, 7, 7, 7, 7, 8, 8),
    "liu-bei": (8, 9, 9, 9, 10, 10, 10, 11, 11, 12, 12),
    "liu-zhang": (9, 10, 10, 11, 11, 11, 12, 12, 12, 13, 13),
    "yuan-shao": (12, 12, 13, 13, 14, 14, 14, 15, 15, 16, 16),
}
@pytest.mark.rule("chronicles:s15.nh.t1")
@pytest.mark.rule("chronicles:s15.nh.t2")
@pytest.mark.rule("chronicles:s15.nh.t3")
@pytest.mark.rule("chronicles:s15.nh.t7")
@pytest.mark.rule("chronicles:s15.nh.t8")
@pytest.mark.rule("chronicles:s15.nh.t10-11")
@pytest.mark.rule("chronicles:s15.nh.t12")
@pytest.mark.rule("chronicles:s15.nh.t14")
@pytest.mark.rule("chronicles:s15.nh.t15")
@pytest.mark.rule("chronicles:s15.nh.t18")
@pytest.mark.rule("chronicles:s15.nh.t20")
@pytest.mark.rule("chronicles:s15.nh.liu-bei")
@pytest.mark.rule("chronicles:s15.nh.liu-zhang")
@pytest.mark.rule("chronicles:s15.nh.yuan-shao")
def test_the_non_human_armies_table() -> None:
    """The table's 14 rows, units for each 2D6 roll: eleven territories and the three
    leaders who may go unplayed; the notes mark Gongsun Zan and Ma Teng all infantry,
    Zhang Lu and territory 14 level 1 cavalry, Liu Zhang one naval unit in five. Rows
    for the other three leaders are reconstructed (rules notes 55)."""
    text = {k: v for k, v in DATA.non_human.items() if not v.marked("armies")}
    assert {k: v.armies for k, v in text.items()} == NON_HUMAN
    assert {k: v.mix for k, v in text.items() if v.mix} == {
        "gongsun-zan": "all-infantry", "ma-teng": "all-infantry",
        "zhang-lu": "cavalry-level-1", "territory-14": "cavalry-level-1",
        "liu-zhang": "naval-one-in-five"}
    assert DATA.non_human["zhang-lu"].roll(8) == 8
    rebuilt = {k for k, v in DATA.non_human.items() if v.marked("armies")}
    assert rebuilt == {"cao-cao", "sun-ce", "liu-biao"}
    assert all(DATA.non_human[k].stands_for == k for k in rebuilt)


test_the_non_human_armies_table = pytest.mark.rule("chronicles:s15.nh.notes")(
    test_the_non_human_armies_table)
@pytest.mark.rule("chronicles:s15.3.growth")
def test_non_human_armies_grow_every_four_years() -> None:
    """Rolls for non-human armies gain 1 from 200, 2 from 204, and so on to 6 in 220
    (Zhang Lu rolling 8 in 208 has 11)."""
    growth = DATA.rule("army-growth")
    assert dict(growth) == {200: 1, 204: 2, 208: 3, 212: 4, 216: 5, 220: 6}
    assert DATA.non_human["zhang-lu"].roll(8, growth[208]) == 11


@pytest.mark.rule("chronicles:s15.6.no-generals")
def test_missing_generals_fight_with_six() -> None:
    """A non-human territory without generals fights with every ability at 6."""
    assert DATA.rule("missing-ability") == 6
    assert DATA.non_human["territory-14"].leader is None


@pytest.mark.rule("chronicles:s2.2.2.split-owners")
def test_a_die_places_a_shared_territorys_disaster() -> None:
    """With several holders a die decides where a disaster falls: 1-3 the east side, 4-6
    the west; each area of a territory lies on its own side."""
    assert {k: list(v) for k, v in DATA.rule("disaster-sides").items()} == {
        "east": [1, 2, 3], "west": [4, 5, 6]}
    for territory in DATA.territories.values():
        sides = [a.side for a in territory.areas]
        assert len(sides) == len(set(sides))

