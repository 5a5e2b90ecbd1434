"""The Dragons & Tigers static data: facts from the rulebook and board.md, and validation."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from pbem.games.dragons_tigers.catalog import (
    DATA_DIR,
    EVENT_IDS,
    Catalog,
    CatalogError,
    _load_from,
    load_catalog,
)


@pytest.fixture(scope="module")
def cat() -> Catalog:
    return load_catalog()


# --- areas and borders -----------------------------------------------------------------------


def test_area_counts_and_manpower(cat: Catalog) -> None:
    assert len(cat.areas) == 27
    assert sum(a.manpower for a in cat.areas.values()) == 77
    assert cat.areas["changan"].manpower == 4
    assert cat.areas["changan"].name == "Chang'an"
    assert cat.areas["bingzhou"].manpower == 2
    assert cat.areas["ye"].zh == "鄴"
    assert cat.emperor_start == "luoyang"


def test_grid_cells_are_distinct_and_match_board(cat: Catalog) -> None:
    assert len({a.grid for a in cat.areas.values()}) == 27
    assert cat.areas["liangzhou"].grid == (0, 1)
    assert cat.areas["jianye"].grid == (10, 4)
    assert cat.areas["youzhou"].grid == (7, 0)


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("Kezhou", "yanzhou"),
        ("kezhou", "yanzhou"),
        ("克州", "yanzhou"),
        ("兗州", "yanzhou"),
        ("兖州", "yanzhou"),
        ("Jingzhou", "bingzhou"),
        ("井州", "bingzhou"),
        ("Zheng", "ye"),
        ("Tuzhou", "xuzhou"),
        ("塗州", "xuzhou"),
        ("An Ding", "anding"),
        ("chang'an", "changan"),
        ("CHANGAN", "changan"),
        ("予章", "yuzhang"),
        ("健業", "jianye"),
        ("luoyang", "luoyang"),
        ("洛陽", "luoyang"),
    ],
)
def test_area_aliases(cat: Catalog, typed: str, expected: str) -> None:
    assert cat.area(typed).id == expected


def test_unknown_area_raises_key_error(cat: Catalog) -> None:
    with pytest.raises(KeyError, match="unknown area 'Atlantis'"):
        cat.area("Atlantis")


def test_borders(cat: Catalog) -> None:
    assert len(cat.borders) == 59
    assert cat.border_terrain("luoyang", "changan") == "mountain"
    assert cat.border_terrain("changan", "luoyang") == "mountain"
    assert cat.border_terrain("xuzhou", "jianye") == "river"
    assert cat.border_terrain("yuzhang", "jianye") == "plain"
    assert cat.border_terrain("liangzhou", "jianye") is None
    assert cat.neighbours("Luoyang") == {
        "changan": "mountain",
        "hedong": "river",
        "ye": "river",
        "yanzhou": "plain",
        "xuchang": "plain",
        "nanyang": "plain",
    }
    assert cat.neighbours("chengdu") == {"hanzhong": "mountain", "ba": "plain"}


def test_neighbours_returns_a_copy(cat: Catalog) -> None:
    cat.neighbours("ba")["jianye"] = "plain"
    assert "jianye" not in cat.neighbours("ba")


def test_terrain_totals(cat: Catalog) -> None:
    counts = {t: sum(b.terrain == t for b in cat.borders) for t in ("plain", "mountain", "river")}
    assert counts == {"plain": 27, "mountain": 18, "river": 14}


# --- kingdoms ----------------------------------------------------------------------------------


def test_kingdoms(cat: Catalog) -> None:
    assert len(cat.kingdoms) == 12
    assert cat.player_kingdoms == (
        "cao-cao",
        "liu-bei",
        "sun-wu",
        "yuan-shao",
        "gongsun-zan",
        "yuan-shu",
        "liu-zhang",
        "liu-biao",
        "ma-teng",
    )
    assert cat.traitorous_kingdoms == ("dong-zhuo", "zhang-lu", "lu-bu")
    assert cat.kingdoms["cao-cao"].home == "yanzhou"
    assert cat.kingdoms["lu-bu"].home == "xuzhou"
    assert cat.kingdoms["lu-bu"].enters == "end-of-round-1"
    assert cat.kingdoms["dong-zhuo"].colour == "#1a1a1a"
    player_colours = {cat.kingdoms[k].colour for k in cat.player_kingdoms}
    assert len(player_colours) == 9


def test_kingdom_aliases(cat: Catalog) -> None:
    assert cat.kingdom("Liu Yan").id == "liu-zhang"
    assert cat.kingdom("李傕").id == "dong-zhuo"
    assert cat.kingdom("Lu Bu").id == "lu-bu"
    assert cat.kingdom("公孫讚").id == "gongsun-zan"
    with pytest.raises(KeyError):
        cat.kingdom("Wei")


def test_player_kingdom_setup(cat: Catalog) -> None:
    for kid in cat.player_kingdoms:
        kingdom = cat.kingdoms[kid]
        assert len(kingdom.start) == 1
        (placement,) = kingdom.start
        assert placement.area == kingdom.home
        assert placement.armies == 10
        assert cat.characters[placement.characters[0]].rank == "warlord"
    assert cat.kingdoms["liu-bei"].start[0].characters == ("liu-bei", "guan-yu", "zhang-fei")
    assert cat.kingdoms["sun-wu"].start[0].characters == ("sun-jian", "cheng-pu", "huang-gai")
    assert cat.kingdoms["liu-zhang"].start[0].characters[0] == "liu-yan"


def test_traitorous_setup(cat: Catalog) -> None:
    dong = {(p.area, p.armies, p.characters) for p in cat.kingdoms["dong-zhuo"].start}
    assert dong == {
        ("luoyang", 5, ("dong-zhuo", "lu-bu")),
        ("changan", 5, ("li-ru",)),
        ("anding", 5, ("hua-xiong",)),
    }
    (zhang,) = cat.kingdoms["zhang-lu"].start
    assert (zhang.area, zhang.armies) == ("hanzhong", 10)
    (lubu,) = cat.kingdoms["lu-bu"].start
    assert (lubu.area, lubu.armies) == ("xuzhou", 10)
    assert lubu.characters == ("lu-bu-warlord", "zhang-liao", "chen-gong")


# --- characters --------------------------------------------------------------------------------


def test_character_count_and_ids(cat: Catalog) -> None:
    assert len(cat.characters) == 69
    assert {"lu-bu", "lu-bu-warlord", "lu-meng", "lu-xun", "lu-su"} <= set(cat.characters)
    assert cat.characters["lu-bu"].name == "Lü Bu"
    assert cat.characters["lu-meng"].name == "Lü Meng"


def test_strategists_and_diamonds(cat: Catalog) -> None:
    guo = cat.characters["guo-jia"]
    assert (guo.strategist, guo.diamonds, guo.command, guo.strategy_multiplier) == (
        True,
        1,
        1,
        2,
    )
    assert cat.characters["xu-shu"].diamonds == 1
    assert cat.characters["zhuge-liang"].strategy_multiplier == 3
    assert cat.characters["cao-cao"].strategy_multiplier == 0
    with_diamonds = {c.id for c in cat.characters.values() if c.diamonds}
    assert with_diamonds == {"xu-shu", "guo-jia"}


def test_special_ratings(cat: Catalog) -> None:
    assert cat.characters["liu-zhang"].command == 0
    assert cat.characters["lu-bu"].loyalty == 0
    assert cat.characters["lu-bu-warlord"].loyalty is None
    assert cat.characters["lu-bu"].valor == 6
    assert cat.characters["cheng-pu"].loyalty == 4
    assert cat.characters["zhang-he"].loyalty == 2
    assert cat.characters["sima-yi"].admin == 4
    boats = {c.id for c in cat.characters.values() if c.boats}
    assert boats == {"zhou-yu", "huang-gai", "cai-mao", "gan-ning"}
    zuo = cat.characters["zuo-ci"]
    assert zuo.wizard
    assert (zuo.command, zuo.valor, zuo.admin, zuo.diplomacy, zuo.loyalty) == (0, 0, 0, 0, None)
    assert [c.id for c in cat.characters.values() if c.wizard] == ["zuo-ci"]


def test_counter_pairs(cat: Catalog) -> None:
    pairs = {
        "dong-zhuo": "li-jue",
        "lu-bu": "guo-si",
        "hua-xiong": "zhang-ji",
        "li-ru": "fan-chou",
        "liu-yan": "liu-zhang",
        "sun-jian": "zhou-yu",
        "sun-ce": "sun-quan",
    }
    for front, back in pairs.items():
        assert cat.characters[front].flip == back
        assert cat.characters[back].flip == front
        assert not cat.characters[front].back_only
        assert cat.characters[back].back_only
    back_only = {c.id for c in cat.characters.values() if c.back_only}
    assert back_only == set(pairs.values())
    assert cat.characters["zhou-yu"].rank == "retainer"


def test_set_aside_and_free_retainers(cat: Catalog) -> None:
    set_aside = {c.id for c in cat.characters.values() if c.set_aside}
    assert set_aside == {"zhuge-liang", "sun-ce", "lu-bu-warlord", "zhang-liao", "chen-gong"}
    free = [c.id for c in cat.characters.values() if c.kingdom is None]
    assert len(free) == 16
    assert "zuo-ci" in free and "gan-ning" in free


# --- tables -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("strength", "boats", "loss"),
    [
        (0, False, 0),
        (1, False, 0),
        (2, False, 0),
        (3, False, 1),
        (3, True, 0),
        (8, False, 2),
        (9, False, 3),
        (9, True, 1),
        (25, False, 7),
        (26, True, 5),
        (40, False, 9),
        (41, False, 10),
        (41, True, 7),
        (500, False, 10),
    ],
)
def test_attrition(cat: Catalog, strength: int, boats: bool, loss: int) -> None:
    assert cat.attrition(strength, boats) == loss


def test_attrition_rejects_negative(cat: Catalog) -> None:
    with pytest.raises(ValueError):
        cat.attrition(-1)


def test_other_tables(cat: Catalog) -> None:
    assert dict(cat.tables.strategy_contest) == {1: 0, 2: 0, 3: 1, 4: 1, 5: 3, 6: 5}
    assert cat.tables.retainer_death[2] == ("liu-bei", "liu-biao", "liu-zhang")
    assert cat.tables.retainer_death[6] == ("dong-zhuo", "zhang-lu", "lu-bu")
    assert cat.tables.barbarian_raids[1] == ("youzhou", "bingzhou")
    assert cat.tables.barbarian_raids[2] == ("hedong", "changan", "anding")
    assert cat.tables.barbarian_raids[6] == ("yuzhang", "jianye")


# --- Mandate of Heaven ------------------------------------------------------------------------


def test_mandate_steps(cat: Catalog) -> None:
    assert cat.mandate_step(0, 0, 3) == (1, 0)
    assert cat.mandate_step(0, 0, 1) == (0, -1)
    assert cat.mandate_step(0, 0, 5) == (-1, 1)
    assert cat.mandate_step(2, 0, 3) is None
    assert cat.mandate_step(2, -2, 2) is None
    assert cat.mandate_step(1, -1, 2) == (2, -2)
    with pytest.raises(ValueError):
        cat.mandate_step(0, 0, 7)
    with pytest.raises(ValueError):
        cat.mandate_step(3, 0, 1)


def test_mandate_events(cat: Catalog) -> None:
    assert cat.event_at(0, 0) is None
    assert cat.event_at(2, -2) == "emperor-flees"
    assert cat.event_at(-2, 2) == "emperor-flees"
    assert cat.event_at(1, 0) == "barbarian-raids"
    assert cat.event_at(0, 2) == "famine"
    assert len(cat.mandate.spaces) == 19
    assert set(cat.mandate.events) == set(EVENT_IDS)
    assert cat.mandate.events["famine"].rule == "10.6"
    assert cat.mandate.events["bountiful-harvest"].zh == "豐收"
    assert cat.mandate.events["assassinate-retainer"].zh == "暗殺"


def test_mandate_round_length_matches_board_md(cat: Catalog) -> None:
    """board.md states about 7.34 rolls per round; solve the expected exit time."""
    expected = {space: 0.0 for space in cat.mandate.spaces}
    for _ in range(2000):
        expected = {
            (q, r): 1
            + sum(
                expected.get(step, 0.0)
                for step in (cat.mandate_step(q, r, die) for die in range(1, 7))
                if step is not None
            )
            / 6
            for (q, r) in expected
        }
    assert expected[(0, 0)] == pytest.approx(7.3448, abs=1e-3)


# --- counters and factions ----------------------------------------------------------------------


def test_counter_mix(cat: Catalog) -> None:
    mix = cat.counter_mix("cao-cao")
    assert [(t.sides, t.count) for t in mix] == [((1, 2), 40), ((5, 10), 40)]
    assert cat.counter_mix("Lü Bu") == mix
    assert dict(cat.counter_overrides) == {}


def test_factions_and_chits(cat: Catalog) -> None:
    assert list(cat.factions) == ["blue", "white", "vermilion", "black"]
    assert cat.factions["blue"].zh == "青龍"
    assert cat.factions["black"].name == "Black Tortoise"
    assert cat.factions["vermilion"].min_players == 3
    kinds = [c.kind for c in cat.chits.values()]
    assert kinds.count("faction") == 4
    assert kinds.count("kingdom") == 9
    assert kinds.count("traitorous") == 2
    assert cat.chits["chit:cao-cao"].ref == "cao-cao"
    assert "chit:dong-zhuo" not in cat.chits


def test_catalog_is_cached_and_read_only(cat: Catalog) -> None:
    assert load_catalog() is cat
    with pytest.raises(TypeError):
        cat.areas["atlantis"] = cat.areas["ba"]  # type: ignore[index]


# --- validation ----------------------------------------------------------------------------------


# libyaml when present, only to keep these tests quick.
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def _copy(tmp_path: Path) -> Path:
    target = tmp_path / "data"
    shutil.copytree(DATA_DIR, target)
    return target


def _edit(directory: Path, name: str, change: Callable[[Any], Any]) -> None:
    """Rewrite one data file after ``change`` has edited its parsed data in place."""
    path = directory / name
    data = yaml.load(path.read_text(encoding="utf-8"), Loader=_LOADER)
    change(data)
    text = yaml.dump(data, Dumper=_DUMPER, allow_unicode=True, sort_keys=False)
    path.write_text(text, encoding="utf-8")


def _find(items: list[dict[str, Any]], ident: str) -> dict[str, Any]:
    return next(item for item in items if item["id"] == ident)


def test_unchanged_copy_loads(tmp_path: Path) -> None:
    directory = _copy(tmp_path)
    for name in ("areas.yaml", "characters.yaml"):
        _edit(directory, name, lambda data: None)  # a round trip through safe_dump
    assert _load_from(directory).areas.keys() == load_catalog().areas.keys()


def _isolate_jianye(data: dict[str, Any]) -> None:
    kept = [b for b in data["borders"] if "jianye" not in (b["a"], b["b"])]
    extra = [("liangzhou", "chengdu"), ("liangzhou", "hanzhong"), ("liangzhou", "changan")]
    data["borders"] = kept + [{"a": a, "b": b, "terrain": "plain"} for a, b in extra]


def _set(path: list[Any], value: Any) -> Callable[[Any], None]:
    def change(data: Any) -> None:
        node = data
        for step in path[:-1]:
            by_id = isinstance(step, str) and isinstance(node, list)
            node = _find(node, step) if by_id else node[step]
        last = path[-1]
        node[last] = value

    return change


BROKEN: list[tuple[str, Callable[[Any], Any], str]] = [
    (
        "areas.yaml",
        lambda d: d["areas"][1].update(id=d["areas"][0]["id"]),
        r"areas\.yaml: areas\[1\]\.id: duplicate area id 'liangzhou'",
    ),
    ("areas.yaml", lambda d: d["areas"].pop(), r"areas\.yaml: areas: expected 27 areas, found 26"),
    (
        "areas.yaml",
        _set(["areas", "changan", "manpower"], 5),
        r"areas\.yaml: areas\[\*\]\.manpower: total manpower must be 77, is 78",
    ),
    (
        "areas.yaml",
        _set(["areas", "changan", "manpower"], "4"),
        r"areas\.yaml: areas\[changan\]\.manpower: expected an integer",
    ),
    (
        "areas.yaml",
        _set(["areas", "changan", "aliases"], ["Lo Yang", "Luoyang"]),
        r"areas\.yaml: areas\[(changan|luoyang)\]: name or alias .* already used",
    ),
    (
        "areas.yaml",
        _set(["areas", "changan", "grid"], [5, 2]),
        r"areas\.yaml: areas\[luoyang\]\.grid: cell \[5, 2\] is already taken by 'changan'",
    ),
    (
        "areas.yaml",
        _set(["areas", "changan", "capital"], True),
        r"areas\.yaml: areas\[\d+\]: unknown field\(s\): capital",
    ),
    (
        "areas.yaml",
        _set(["emperor_start"], "rome"),
        r"areas\.yaml: emperor_start: unknown area id 'rome'",
    ),
    (
        "borders.yaml",
        _set(["borders", 0, "terrain"], "hill"),
        r"borders\.yaml: borders\[0\]\.terrain: 'hill' is not one of plain, mountain, river",
    ),
    (
        "borders.yaml",
        _set(["borders", 0, "b"], "liangzhou"),
        r"borders\.yaml: borders\[0\]: an area cannot border itself",
    ),
    (
        "borders.yaml",
        lambda d: d["borders"].__setitem__(
            1, {"a": "anding", "b": "liangzhou", "terrain": "plain"}
        ),
        r"borders\.yaml: borders\[1\]: duplicate border anding-liangzhou \(also borders\[0\]\)",
    ),
    (
        "borders.yaml",
        _set(["borders", 3, "a"], "atlantis"),
        r"borders\.yaml: borders\[3\]\.a: unknown area id 'atlantis'",
    ),
    (
        "borders.yaml",
        lambda d: d["borders"].pop(),
        r"borders\.yaml: borders: expected 59 borders, found 58",
    ),
    ("borders.yaml", _isolate_jianye, r"borders\.yaml: borders: areas not reachable .*: jianye"),
    (
        "kingdoms.yaml",
        _set(["kingdoms", "cao-cao", "start", 0, "characters", 1], "xiahou-mao"),
        r"kingdoms\.yaml: kingdoms\[cao-cao\]\.start\[0\]\.characters\[1\]: "
        r"unknown character id 'xiahou-mao'",
    ),
    (
        "kingdoms.yaml",
        _set(["kingdoms", "cao-cao", "start", 0, "characters", 1], "guan-yu"),
        r"kingdoms\.yaml: kingdoms\[cao-cao\]\.start\[0\]\.characters\[1\]: "
        r"'guan-yu' belongs to 'liu-bei'",
    ),
    (
        "kingdoms.yaml",
        _set(["kingdoms", "cao-cao", "start", 0, "characters", 1], "cao-ren"),
        r"kingdoms\.yaml: kingdoms\[cao-cao\]\.start\[0\]\.characters\[3\]: "
        r"'cao-ren' is already placed by 'cao-cao'",
    ),
    (
        "kingdoms.yaml",
        _set(["kingdoms", "liu-bei", "start", 0, "characters", 1], "zhuge-liang"),
        r"kingdoms\.yaml: kingdoms\[liu-bei\]\.start\[0\]\.characters\[1\]: "
        r"'zhuge-liang' is set aside",
    ),
    (
        "kingdoms.yaml",
        _set(["kingdoms", "sun-wu", "start", 0, "characters", 0], "zhou-yu"),
        r"'zhou-yu' is the back of a counter",
    ),
    (
        "kingdoms.yaml",
        _set(["kingdoms", "cao-cao", "home"], "xuchang"),
        r"kingdoms\.yaml: kingdoms\[cao-cao\]\.home: home area 'xuchang' is not among",
    ),
    (
        "kingdoms.yaml",
        _set(["kingdoms", "cao-cao", "colour"], "blue"),
        r"kingdoms\.yaml: kingdoms\[cao-cao\]\.colour: 'blue' is not a colour",
    ),
    (
        "kingdoms.yaml",
        _set(["kingdoms", "liu-bei", "colour"], "#2F6FB0"),
        r"kingdoms\.yaml: kingdoms\[liu-bei\]\.colour: #2F6FB0 is already used by 'cao-cao'",
    ),
    (
        "kingdoms.yaml",
        _set(["kingdoms", "zhang-lu", "start", 0, "area"], "luoyang"),
        r"kingdoms\[zhang-lu\]\.start\[0\]\.area: 'luoyang' is also a start area of 'dong-zhuo'",
    ),
    (
        "kingdoms.yaml",
        _set(["kingdoms", "ma-teng", "kind"], "traitorous"),
        r"kingdoms\.yaml: kingdoms\[\*\]\.kind: expected 9 player kingdoms",
    ),
    (
        "characters.yaml",
        _set(["characters", "guo-si", "flip"], "li-jue"),
        r"characters\.yaml: characters\[lu-bu\]\.flip: 'guo-si' must flip back to 'lu-bu', "
        r"not 'li-jue'",
    ),
    (
        "characters.yaml",
        _set(["characters", "cao-ren", "kingdom"], "wei"),
        r"characters\.yaml: characters\[cao-ren\]\.kingdom: unknown kingdom id 'wei'",
    ),
    (
        "characters.yaml",
        _set(["characters", "cao-cao", "loyalty"], "✱"),
        r"characters\.yaml: characters\[cao-cao\]\.loyalty: expected an integer",
    ),
    (
        "characters.yaml",
        _set(["characters", "zhuge-liang", "set_aside"], False),
        r"kingdoms\.yaml: kingdoms\[liu-bei\]\.start: character 'zhuge-liang' is neither",
    ),
    (
        "characters.yaml",
        _set(["characters", "cao-ren", "diamonds"], 1),
        r"characters\.yaml: characters\[cao-ren\]\.diamonds: only strategists",
    ),
    (
        "characters.yaml",
        _set(["characters", "zuo-ci", "valor"], 1),
        r"characters\.yaml: characters\[zuo-ci\]: the Wizard has no ratings",
    ),
    (
        "characters.yaml",
        _set(["characters", "sun-quan", "back_only"], False),
        r"characters\.yaml: characters\[sun-ce\]\.flip: exactly one of",
    ),
    (
        "characters.yaml",
        lambda d: d["characters"].append(dict(_find(d["characters"], "lu-su"))),
        r"characters\.yaml: characters\[69\]\.id: duplicate character id 'lu-su'",
    ),
    (
        "tables.yaml",
        _set(["attrition", 1, "min"], 4),
        r"tables\.yaml: attrition\[1\]\.min: rows must be contiguous: expected 3",
    ),
    (
        "tables.yaml",
        _set(["attrition", 3, "max"], None),
        r"tables\.yaml: attrition\[3\]\.max: only the last row is open-ended",
    ),
    (
        "tables.yaml",
        _set(["attrition", 4, "boats"], 5),
        r"tables\.yaml: attrition\[4\]\.boats: the Boats column cannot exceed",
    ),
    (
        "tables.yaml",
        _set(["strategy_contest", 7], 9),
        r"tables\.yaml: strategy_contest: keys must be the die results 1 to 6",
    ),
    (
        "tables.yaml",
        _set(["retainer_death", 2, 2], "liu-yan"),
        r"tables\.yaml: retainer_death\[2\]\[2\]: unknown kingdom id 'liu-yan'",
    ),
    (
        "tables.yaml",
        _set(["retainer_death", 1], ["cao-cao", "sun-wu"]),
        r"tables\.yaml: retainer_death\[3\]\[0\]: 'sun-wu' is already on row 1",
    ),
    (
        "tables.yaml",
        _set(["barbarian_raids", 1, 1], "jingzhou"),
        r"tables\.yaml: barbarian_raids\[1\]\[1\]: unknown area id 'jingzhou'",
    ),
    (
        "mandate.yaml",
        _set(["spaces", 1, "event"], "famine"),
        r"mandate\.yaml: spaces: event '(bountiful-harvest|famine)' is on [13] spaces, expected 2",
    ),
    (
        "mandate.yaml",
        _set(["spaces", 0, "event"], "famine"),
        r"mandate\.yaml: spaces\[0\]\.event: the centre is the start space and has no event",
    ),
    (
        "mandate.yaml",
        _set(["spaces", 7, "r"], -3),
        r"mandate\.yaml: spaces\[7\]: \(0, -3\) lies outside a display of radius 2",
    ),
    (
        "mandate.yaml",
        _set(["spaces", 7, "r"], -1),
        r"mandate\.yaml: spaces\[7\]: duplicate space \(0, -1\)",
    ),
    (
        "mandate.yaml",
        lambda d: d["spaces"].pop(),
        r"mandate\.yaml: spaces: a display of radius 2 has 19 spaces, found 18",
    ),
    (
        "mandate.yaml",
        _set(["directions", 2, "dq"], 0),
        r"mandate\.yaml: directions\[2\]: same direction as directions\[1\]",
    ),
    (
        "mandate.yaml",
        _set(["directions", 3, "dq"], 2),
        r"mandate\.yaml: directions\[3\]: \(dq, dr\) = \(2, 0\) is not a step",
    ),
    (
        "mandate.yaml",
        lambda d: d["events"].pop("famine"),
        r"mandate\.yaml: events: missing event\(s\): famine",
    ),
    (
        "mandate.yaml",
        _set(["events", "plague"], {"name": "Plague", "zh": "疫", "rule": "10.10"}),
        r"mandate\.yaml: events\[plague\]: 'plague' is not one of",
    ),
    (
        "counters.yaml",
        _set(["overrides", "wei"], [{"id": "small", "sides": [1, 2], "count": 8}]),
        r"counters\.yaml: overrides\[wei\]: unknown kingdom id 'wei'",
    ),
    (
        "counters.yaml",
        _set(["default", 1, "sides"], [5]),
        r"counters\.yaml: default\[1\]\.sides: a counter has two sides",
    ),
    (
        "factions.yaml",
        lambda d: d["chits"].append({"id": "chit:traitorous-3", "kind": "traitorous", "ref": None}),
        r"factions\.yaml: chits: expected 2 Traitorous chits \(4\.1\(A\)\), found 3",
    ),
    (
        "factions.yaml",
        _set(["chits", 4, "ref"], "dong-zhuo"),
        r"factions\.yaml: chits\[chit:cao-cao\]\.ref: unknown player kingdom id 'dong-zhuo'",
    ),
    (
        "factions.yaml",
        lambda d: d["factions"].pop(),
        r"factions\.yaml: factions: missing faction\(s\): black",
    ),
]


@pytest.mark.parametrize(
    ("name", "change", "message"),
    BROKEN,
    ids=[f"{name}-{i}" for i, (name, _, _) in enumerate(BROKEN)],
)
def test_validation_rejects_broken_data(
    tmp_path: Path, name: str, change: Callable[[Any], Any], message: str
) -> None:
    directory = _copy(tmp_path)
    _edit(directory, name, change)
    with pytest.raises(CatalogError, match=message):
        _load_from(directory)


def test_missing_file(tmp_path: Path) -> None:
    directory = _copy(tmp_path)
    (directory / "mandate.yaml").unlink()
    with pytest.raises(CatalogError, match=r"mandate\.yaml: file not found"):
        _load_from(directory)


def test_invalid_yaml(tmp_path: Path) -> None:
    directory = _copy(tmp_path)
    (directory / "tables.yaml").write_text("attrition: [\n", encoding="utf-8")
    with pytest.raises(CatalogError, match=r"tables\.yaml: not valid YAML"):
        _load_from(directory)


def test_catalog_error_is_a_value_error() -> None:
    assert issubclass(CatalogError, ValueError)


def test_rule_numbers_come_from_the_data_file() -> None:
    from pbem.games.dragons_tigers.numbers import numbers

    n = numbers()
    assert (n.rounds, n.battle_dice_most, n.capture_on, n.harvest_manpower) == (8, 5, 2, 3)
    assert n.decree_areas == ("luoyang", "changan", "xuchang")
    assert (n.betrayal_check_diplomacy, n.alliance_check_diplomacy, n.betrayal_penalty) == \
        (2, 1, 1)
    assert n.three_visits_area == "xiangyang" and n.sun_wu_returns_in == "jianye"
