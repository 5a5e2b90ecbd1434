"""The built-in Chronicles data: the text's counts and facts, the map's shape, the tables
as the text prints them, and the provenance marks of every record."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import fields, is_dataclass
from typing import Any

import pytest

from pbem.games.chronicles.catalog import SECTIONS, builtin, load
from pbem.games.chronicles.records import FREE, Record
from pbem.games.chronicles.specs import RULES

DATA = builtin()
SOURCE = re.compile(r"^L\d+(-L?\d+)?(, L\d+(-L?\d+)?)*(, implied)?$")
RULEBOOK_LINES = 2101


def _walk(record: Any, parts: list[str]) -> bool:
    """Does ``parts`` name something of the typed ``record`` (nested records by id,
    mapping keys, attributes)?"""
    here = record
    for part in parts:
        if isinstance(here, tuple) and all(isinstance(x, Record) for x in here):
            found = [x for x in here if x.id == part]
            if not found:
                return False
            here = found[0]
        elif isinstance(here, Mapping):
            if part not in map(str, here):
                return False
            here = {str(k): v for k, v in here.items()}[part]
        elif is_dataclass(here) and part in {f.name for f in fields(here)}:
            here = getattr(here, part)
        else:
            return False
    return True


def test_the_built_in_data_loads_and_is_cached() -> None:
    """``load()`` is the built-in data, loaded once; every section is there."""
    assert load() is DATA is load(None)
    assert list(DATA.sections) == list(SECTIONS)
    assert dict(DATA.origin)["territories"] == "map.yaml"
    assert len(DATA.hash) == 64


@pytest.mark.rule("chronicles:s2.1.territories")
def test_twenty_territories_of_one_to_three_areas() -> None:
    """The map has 20 territories, numbered 1 to 20, each split into one, two or three
    areas; no area belongs to two territories."""
    assert len(DATA.territories) == 20
    assert sorted(t.number for t in DATA.territories.values()) == list(range(1, 21))
    assert all(1 <= len(t.areas) <= 3 for t in DATA.territories.values())
    areas = [a.id for t in DATA.territories.values() for a in t.areas]
    assert len(areas) == len(set(areas))
    for area in areas:
        territory, found = DATA.area(area)
        assert found in territory.areas and DATA.territory(territory.number) is territory
    with pytest.raises(KeyError):
        DATA.territory(21)


def test_borders_are_symmetric_and_connect_the_map() -> None:
    """A border joins two different territories; neighbours are mutual, and every
    territory can be reached from every other across borders."""
    for number in range(1, 21):
        for other in DATA.neighbours(number):
            assert other != number and number in DATA.neighbours(other)
    seen, todo = {1}, [1]
    while todo:
        for nxt in DATA.neighbours(todo.pop()):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    assert seen == set(range(1, 21))
    assert len(DATA.borders) == 44


@pytest.mark.rule("chronicles:s2.1.border-20")
def test_territories_14_17_and_19_border_territory_20() -> None:
    """Territory 20 shares a border with each of territories 14, 17 and 19 (errata 1)."""
    for number in (14, 17, 19):
        assert 20 in DATA.neighbours(number)
    assert DATA.neighbours(20) == [14, 17, 19]


@pytest.mark.rule("chronicles:s2.1.north-south")
def test_a_line_splits_the_map_into_north_and_south() -> None:
    """Every territory lies on one side of the north/south line, and both sides hold
    territories; the line runs between borders, so some borders cross it."""
    halves = {t.number: t.half for t in DATA.territories.values()}
    assert set(halves.values()) == {"north", "south"}
    assert any(halves[b.between[0]] != halves[b.between[1]] for b in DATA.borders.values())


@pytest.mark.rule("chronicles:s9.r1.lo-yang")
def test_lo_yang_is_entered_only_through_its_passes() -> None:
    """Lo Yang is invaded only from Han Gu Guan or Hu Lao Guan, its territory's other
    areas; Han Gu Guan holds 5 armies."""
    territory, lo_yang = DATA.area("lo-yang")
    assert territory.number == 1
    assert set(lo_yang.entry_from) == {"han-gu-guan", "hu-lao-guan"}
    card = DATA.card_of(territory.id)
    assert {a.id: a.defensive_value for a in card.areas}["han-gu-guan"] == 5


@pytest.mark.rule("chronicles:s9.r2.xia-pi")
def test_xia_pi_may_not_invade_wu_jun() -> None:
    """Xia Pi of Xu Zhou faces Wu Jun of Yang Zhou North across a river it may not
    invade over."""
    xu, _ = DATA.area("xia-pi")
    yang, _ = DATA.area("wu-jun")
    assert xu.name == "Xu Zhou" and yang.name == "Yang Zhou North"
    [border] = [b for b in DATA.borders.values()
                if set(b.between) == {xu.number, yang.number}]
    assert border.no_invasion == (("xia-pi", "wu-jun"),)


@pytest.mark.rule("chronicles:s10.1.yang-zhou-north")
def test_yang_zhou_north_is_flat_at_shou_chun_and_river_elsewhere() -> None:
    """In Yang Zhou North, Shou Chun is flatland and every other area is river."""
    territory, _ = DATA.area("shou-chun")
    assert territory.number == 18
    assert {a.id: a.terrain for a in territory.areas} == {
        "shou-chun": "flat", "wu-jun": "river", "dan-yang": "river"}


@pytest.mark.rule("chronicles:s10.1.yi-zhou-centre")
def test_yi_zhou_centre_has_three_terrains() -> None:
    """Yi Zhou Centre: Cheng Du flatland, Jian Ge mountains, Ba Dong river."""
    territory, _ = DATA.area("cheng-du")
    assert territory.name == "Yi Zhou Centre"
    assert {a.id: a.terrain for a in territory.areas} == {
        "cheng-du": "flat", "jian-ge": "mountain", "ba-dong": "river"}


@pytest.mark.rule("chronicles:s10.1.uniform")
def test_other_territories_have_one_terrain() -> None:
    """Apart from Yang Zhou North and Yi Zhou Centre, all areas of a territory share one
    terrain."""
    mixed = [t.number for t in DATA.territories.values()
             if len({a.terrain for a in t.areas}) > 1]
    assert mixed == [13, 18]


@pytest.mark.rule("chronicles:s2.2.1.fields")
def test_each_territory_card_gives_its_values() -> None:
    """A territory card gives the territory's land value and its income pair, and for each
    of its areas a defensive value and a smaller income pair; the developed income is
    never below the undeveloped one."""
    assert set(DATA.territory_cards) == set(DATA.territories)
    for territory in DATA.territories.values():
        card = DATA.card_of(territory.id)
        assert [a.id for a in card.areas] == list(territory.area_ids())
        assert card.income[0] <= card.income[1]
        for area in card.areas:
            assert area.defensive_value >= 1 and area.income[0] <= area.income[1]
        assert sum(a.income[0] for a in card.areas) <= card.income[0]


@pytest.mark.rule("chronicles:s2.2.1.land-value")
def test_no_territory_starts_developed() -> None:
    """Land values are positive at the start: 0 would mean fully developed."""
    assert all(c.land_value >= 1 for c in DATA.territory_cards.values())


@pytest.mark.rule("chronicles:s2.2.1.supplies")
def test_each_card_gives_a_supply_multiplier() -> None:
    """Every card carries the multiplier of the supplies paid to send armies there."""
    assert {c.supply for c in DATA.territory_cards.values()} <= {1, 2, 3}


@pytest.mark.rule("chronicles:s2.2.1.icons")
def test_the_icons_the_text_gives() -> None:
    """Cards show five kinds of icon. Territory 6 shows the flood icon; only territories
    3, 4, 5 and 7 recruit level 2 naval units; You Zhou recruits level 1 cavalry and no
    naval unit; Liang Zhou shows the invasion icon."""
    cards = {t.number: DATA.card_of(t.id) for t in DATA.territories.values()}
    assert all(set(c.icons) == {"flood", "invasion", "cavalry-1", "naval-1", "naval-2"}
               for c in cards.values())
    assert cards[6].shows("flood")
    assert [n for n, c in cards.items() if c.shows("naval-2")] == [3, 4, 5, 7]
    you = DATA.card_of("you-zhou")
    assert you.shows("cavalry-1") and not you.shows("naval-1") and not you.shows("naval-2")
    assert cards[10].shows("invasion") and cards[11].shows("invasion")


@pytest.mark.rule("chronicles:s2.2.1.area-icons")
def test_the_middle_area_of_territory_16_recruits_naval_without_flood() -> None:
    """An icon may belong to one area: the middle area of territory 16, Jing Zhou Middle
    Section, recruits level 1 naval units and has no flood icon (errata 8)."""
    territory = DATA.territory(16)
    [middle] = [a for a in territory.areas if a.side == "middle"]
    icons = DATA.card_of(territory.id).area_icons(middle.id)
    assert icons["naval-1"] and not icons["flood"]


@pytest.mark.rule("chronicles:s15.liang-zhou")
def test_liang_zhous_invasion_icon_is_void_with_ma_tengs_generals() -> None:
    """Liang Zhou's invasion icon does not count while Ma Chao, Han Sui or Pang De serves
    a non-human leader."""
    for number in (10, 11):
        card = DATA.card_of(DATA.territory(number).id)
        assert set(card.invasion_void_with) == {"ma-chao", "han-sui", "pang-de"}


def test_fifty_player_cards_of_thirty_kinds() -> None:
    """50 player cards: 10 kinds of event, 7 of disaster, 13 of stratagem, copies
    counted."""
    assert (len(DATA.events), len(DATA.disasters), len(DATA.stratagems)) == (10, 7, 13)
    assert sum(c.copies for s in (DATA.events, DATA.disasters, DATA.stratagems)
               for c in s.values()) == 50


def test_the_events_years_and_drawers() -> None:
    """Each event names the year it may happen from and who may draw it: the decree from
    198 for anyone; Xu Zhou for Liu Bei; Sun Ce's death from 200 for Sun Ce; the fake
    emperor from 197; Xi Liang from 211 for territory 2's holder; the Xun from 212 for Cao
    Cao; manpower for anyone; fall of a star from 198; the visits from 206 for Liu Bei;
    tun tian for anyone."""
    got = {e.number: (e.from_year, e.drawer) for e in DATA.events.values()}
    assert got == {1: (198, "any"), 2: (None, "liu-bei"), 3: (200, "sun-ce"),
                   4: (197, "any"), 5: (211, "holder-of-territory-2"), 6: (212, "cao-cao"),
                   7: (None, "any"), 8: (198, "any"), 9: (206, "liu-bei"), 10: (None, "any")}
    assert DATA.events["attack-on-xu-zhou"].params["strength_dice"] == 2
    assert DATA.events["xi-liang-invasion"].params["strength_dice"] == 3
    assert DATA.events["xun-yu-xun-you"].params["years"] == (212, 214)
    assert DATA.events["three-personal-visits"].params["joins"] == "zhuge-liang"


@pytest.mark.rule("chronicles:s6.1.locusts")
@pytest.mark.rule("chronicles:s6.1.earthquake")
@pytest.mark.rule("chronicles:s6.1.plague")
@pytest.mark.rule("chronicles:s6.1.drought")
@pytest.mark.rule("chronicles:s6.1.flood")
@pytest.mark.rule("chronicles:s6.1.bandits")
@pytest.mark.rule("chronicles:s6.1.incursion")
def test_the_disasters_table() -> None:
    """Locusts all year 1D6; earthquake all year +1; plague spring to autumn 1D6+2;
    drought summer and autumn 2D6+1; flood (icon) summer and autumn 1D6+1; bandits all
    year and border tribes (icon) all year, both fought as war."""
    year = ("spring", "summer", "autumn", "winter")
    got = {d.id: (d.icon, d.seasons, d.effect, d.dice, d.add)
           for d in DATA.disasters.values()}
    assert got == {
        "plague-of-locusts": ("none", year, "gold", 1, 0),
        "earthquake": ("none", year, "land-value", 0, 1),
        "plague": ("none", year[:3], "gold", 1, 2),
        "drought": ("none", year[1:3], "gold", 2, 1),
        "flood": ("flood", year[1:3], "gold", 1, 1),
        "bandits": ("none", year, "war", 0, 0),
        "border-tribes": ("invasion", year, "war", 0, 0)}


@pytest.mark.rule("chronicles:s10.3.4.s1.fire-trap")
@pytest.mark.rule("chronicles:s10.3.4.s2.water-trap")
@pytest.mark.rule("chronicles:s10.3.4.s3.ambush")
@pytest.mark.rule("chronicles:s10.3.4.s4.raid")
@pytest.mark.rule("chronicles:s10.3.4.s5.fake-army")
@pytest.mark.rule("chronicles:s10.3.4.s6.boost-morale")
@pytest.mark.rule("chronicles:s10.3.4.s7.follow-through")
@pytest.mark.rule("chronicles:s10.3.4.s8.empty-city")
@pytest.mark.rule("chronicles:s10.3.4.s9.backs-to-wall")
@pytest.mark.rule("chronicles:s10.3.4.s10.feint")
@pytest.mark.rule("chronicles:s10.3.4.s11.lure-away")
@pytest.mark.rule("chronicles:s10.3.4.s12.anger")
@pytest.mark.rule("chronicles:s10.3.4.s13.lure-trap")
def test_the_stratagems_table() -> None:
    """Targets, multipliers and named generals of the 13 stratagems: fire x2 (city x1.5)
    with Zhou Yu, Lu Xun, Zhuge Liang; water x3 (city x2) costing 1 Influence; ambush x2;
    raid x2 with Cao Cao and Zhang He; fake army against Cao Cao or Sima Yi (+1);
    follow-through doubling 3, 4, 10, 11 and 13; feint, lure away and anger x1.5; lure
    into a trap x2."""
    s = DATA.stratagems
    assert [c.id for c in sorted(s.values(), key=lambda c: c.number)][:3] == [
        "fire-trap", "water-trap", "ambush"]
    assert (s["fire-trap"].multiplier, s["fire-trap"].city_multiplier) == (2, 1.5)
    assert set(s["fire-trap"].targets) == {"forces", "city", "gold"}
    assert s["fire-trap"].named_generals == ("zhou-yu", "lu-xun", "zhuge-liang")
    assert (s["water-trap"].multiplier, s["water-trap"].city_multiplier) == (3, 2)
    assert s["water-trap"].influence == -1
    assert s["raid"].named_generals == ("cao-cao", "zhang-he")
    assert s["fake-army"].named_roll == 1 and s["ambush"].named_roll == -1
    doubled = sorted(s[d].number for d in s["follow-through-trap"].doubles)
    assert doubled == [3, 4, 10, 11, 13]
    assert {c.multiplier for c in (s["feint-attack"], s["lure-away"], s["anger-and-lure"])} \
        == {1.5}
    assert s["boost-morale"].test == "own-eloquence"
    assert s["backs-against-the-wall"].test == "own-intelligence-and-leadership"


@pytest.mark.rule("chronicles:s2.3.1.attributes")
def test_every_general_has_five_abilities() -> None:
    """A general counter shows intelligence, leadership, loyalty, combat and eloquence;
    a leader's own counter among them, and a leader's loyalty is X."""
    for g in DATA.generals.values():
        assert all(1 <= v <= 10 for v in (g.intelligence, g.leadership, g.combat,
                                           g.eloquence))
        assert g.loyalty is None or 1 <= g.loyalty <= 10
        if g.leader:
            assert g.loyalty is None and g.employer == g.id
    assert DATA.generals["liu-biao"].intelligence == 6


@pytest.mark.rule("chronicles:s2.3.1.number-death")
def test_general_numbers_one_to_28_each_with_a_year_of_death() -> None:
    """Numbers 1 to 28 each mark one general with his year of death; Huang Zhong is 21
    (errata 5)."""
    numbered = {g.number: g for g in DATA.generals.values() if g.number is not None}
    assert sorted(numbered) == list(range(1, 29))
    assert all(197 <= g.death_year <= 220 for g in numbered.values())
    assert numbered[21].id == "huang-zhong"


@pytest.mark.rule("chronicles:s2.3.1.loyalty-x")
def test_ma_chao_has_loyalty_x() -> None:
    """Ma Chao's loyalty is X: he can never be recruited (errata 7)."""
    assert DATA.generals["ma-chao"].loyalty is None
    assert DATA.generals["ma-chao"].employer == "ma-teng"


@pytest.mark.rule("chronicles:s3.9.generals")
def test_liu_beis_late_generals() -> None:
    """Zhuge Liang is undiscovered at the start; Huang Zhong and Wei Yan come in 197;
    Zhuge Liang and Zhao Yun serve only Liu Bei."""
    g = DATA.generals
    assert g["zhuge-liang"].undiscovered and g["zhuge-liang"].employer == "liu-bei"
    assert g["huang-zhong"].appears == g["wei-yan"].appears == 197
    assert g["zhuge-liang"].exclusive_to == g["zhao-yun"].exclusive_to == "liu-bei"


@pytest.mark.rule("chronicles:s3.9.tian-feng")
def test_tian_feng_is_green_and_serves_yuan_shao() -> None:
    """Tian Feng's counter is green and serves Yuan Shao from the start (errata 3)."""
    assert DATA.generals["tian-feng"].employer == "yuan-shao"
    assert DATA.leaders["yuan-shao"].colour == "green"


@pytest.mark.rule("chronicles:s3.4.free-generals")
def test_six_free_generals() -> None:
    """Zhuge Jin, Lu Meng, Lu Xun, Xu Shu, Pang Tong and Sima Yi serve nobody at the
    start (errata 15)."""
    free = {g.id for g in DATA.generals.values() if g.employer == FREE}
    assert free == {"zhuge-jin", "lu-meng", "lu-xun", "xu-shu", "pang-tong", "sima-yi"}


@pytest.mark.rule("chronicles:s3.4.nh-start")
def test_the_non_human_starts_of_errata_15() -> None:
    """Yang Feng holds territory 1 with Xu Huang; Lu Bu Pei Cheng of territory 3 with
    Zhang Liao; Gongsun Zan territory 8 with Zhao Yun; Ma Teng 10 and 11 with Han Sui, Ma
    Chao and Pang De; Zhang Xiu 15 with Jia Xu; Yuan Shu Shou Chun of territory 18."""
    nh = DATA.non_human
    assert nh["yang-feng"].territories == (1,) and nh["gongsun-zan"].territories == (8,)
    assert nh["ma-teng"].territories == (10, 11) and nh["zhang-xiu"].territories == (15,)
    assert DATA.area(nh["lu-bu"].areas[0])[0].number == 3
    assert DATA.area(nh["yuan-shu"].areas[0])[0].number == 18
    serving = {g.id: g.employer for g in DATA.generals.values()}
    assert {k: serving[k] for k in ("xu-huang", "zhang-liao", "zhao-yun", "han-sui",
                                    "ma-chao", "pang-de", "jia-xu")} == {
        "xu-huang": "yang-feng", "zhang-liao": "lu-bu", "zhao-yun": "gongsun-zan",
        "han-sui": "ma-teng", "ma-chao": "ma-teng", "pang-de": "ma-teng",
        "jia-xu": "zhang-xiu"}



def test_every_rule_is_given_once() -> None:
    """The rules section gives a value for every rule the game reads, and no other."""
    assert set(DATA.rules) == set(RULES)
    assert DATA.rule("hand-limit") == 4 and DATA.rule("counters-per-round") == 3
    assert DATA.rule("relation-range") == (0, 9)


def test_reconstructed_marks_and_sources_name_real_fields() -> None:
    """Each ``reconstructed`` entry and each ``sources`` key of every record is a field of
    that record, or a path into it (``areas.ye.income``, ``relations.li-jue``); sources
    are rulebook lines within the text."""
    for section in SECTIONS:
        for record in getattr(DATA, section).values():
            for path in (*record.reconstructed, *record.sources):
                assert _walk(record, path.split(".")), (section, record.id, path)
            for path, lines in record.sources.items():
                assert SOURCE.match(lines), (section, record.id, path, lines)
                numbers = [int(n) for n in re.findall(r"\d+", lines)]
                assert all(1 <= n <= RULEBOOK_LINES for n in numbers), (record.id, path)


def test_what_is_reconstructed() -> None:
    """The text transcribes no territory card and prints no map: every territory and card
    has something reconstructed; the tables it prints are complete."""
    counts = DATA.reconstructed_counts()
    assert counts["territories"] == counts["territory_cards"] == 20
    assert counts["events"] == 10 and counts["stratagems"] == 13
    for section in ("terrain", "battle_outcome", "morale", "relation_changes",
                    "influence_changes"):
        assert counts[section] == 0, section
    assert counts["non_human"] == 3 and counts["rules"] == 2
    assert DATA.territories["si-li"].marked("areas.lo-yang.terrain")
    assert not DATA.territories["si-li"].marked("areas.lo-yang.entry_from")
    assert DATA.card_of("ji-zhou").sources["icons.flood"] == "L84"
