"""Loading the Chronicles data: owners' transcriptions (a file or a folder, merged or
replacing), the registry by hash, and broken data refused in one line naming the file,
the record and the field."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from pbem import strict_yaml
from pbem.errors import FormatError, UsageError
from pbem.games.chronicles import catalog, dataset
from pbem.games.chronicles.catalog import FILES, SECTIONS, builtin, load
from pbem.games.chronicles.records import ChroniclesDataError


def write(path: Path, doc: Any) -> Path:
    path.write_text(strict_yaml.dump(doc), encoding="utf-8")
    return path


def record(section: str, rid: str) -> dict[str, Any]:
    return copy.deepcopy(next(dict(r) for r in builtin().document[section]
                              if r["id"] == rid))


def section(name: str) -> list[dict[str, Any]]:
    return copy.deepcopy([dict(r) for r in builtin().document[name]])


def test_the_document_is_plain_data_and_gives_the_same_hash_back() -> None:
    """The document holds every section as plain data a save can carry; read back, it
    gives the same data set and hash."""
    data = builtin()
    assert set(data.document) == set(SECTIONS)
    text = strict_yaml.dump(dict(data.document))
    again = catalog.from_document(strict_yaml.load(text))
    assert again.hash == data.hash and again.generals == data.generals
    assert again.rule("victory") == data.rule("victory")


def test_a_merged_file_changes_the_values_and_the_hash(tmp_path: Path) -> None:
    """One owner's file merges records over the built-in ones by id: the replaced records
    take the owner's values (and drop their reconstructed marks), the others stay."""
    card = {**record("territory_cards", "si-li"), "land_value": 2, "reconstructed": []}
    guan = {**record("generals", "guan-yu"), "intelligence": 6,
            "reconstructed": ["number", "death_year"]}
    path = write(tmp_path / "mine.yaml", {"territory_cards": [card], "generals": [guan]})
    data = load(path)
    assert data.card_of("si-li").land_value == 2
    assert not data.card_of("si-li").is_reconstructed
    assert data.generals["guan-yu"].intelligence == 6
    assert data.generals["cao-cao"] == builtin().generals["cao-cao"]
    assert data.hash != builtin().hash
    assert data.origin["generals"] == str(path) and data.origin["events"] == "cards.yaml"
    counts = builtin().reconstructed_counts()
    assert data.reconstructed_counts()["territory_cards"] == counts["territory_cards"] - 1
    assert load(path) is data


def test_a_replacing_file_gives_whole_sections(tmp_path: Path) -> None:
    """``mode: replace`` makes each section given the owner's whole section, with ids of
    his choice."""
    markers = [{"id": "season", "name": "Season counter", "count": 1},
               {"id": "year", "name": "Year counter", "count": 1}]
    path = write(tmp_path / "mine.yaml", {"mode": "replace", "markers": markers})
    data = load(path)
    assert list(data.markers) == ["season", "year"]
    assert data.reconstructed_counts()["markers"] == 0
    assert data.hash != builtin().hash and data.territories == builtin().territories


def test_a_folder_replaces_whole_files(tmp_path: Path) -> None:
    """A folder's ``map.yaml`` replaces the built-in map (both its sections); the files
    it does not hold stay built-in."""
    borders = section("borders")
    borders.append({"id": "8-10", "between": [8, 10], "reconstructed": ["between"]})
    write(tmp_path / "map.yaml", {"territories": section("territories"), "borders": borders})
    data = load(tmp_path)
    assert 10 in data.neighbours(8) and 8 in data.neighbours(10)
    assert data.origin["borders"] == str(tmp_path / "map.yaml")
    assert data.origin["generals"] == "generals.yaml"
    assert data.hash != builtin().hash


def test_a_folder_file_may_merge(tmp_path: Path) -> None:
    """``mode: merge`` in a folder's file replaces only the records it gives."""
    zhang = {**record("generals", "zhang-fei"), "combat": 9, "reconstructed": []}
    write(tmp_path / "generals.yaml", {"mode": "merge", "generals": [zhang]})
    data = load(tmp_path)
    assert data.generals["zhang-fei"].combat == 9 and len(data.generals) == 76
    assert data.reconstructed_counts()["generals"] == builtin().reconstructed_counts()[
        "generals"] - 1


def test_a_changed_file_is_read_again(tmp_path: Path) -> None:
    """The cache follows the file's contents, not its name."""
    path = tmp_path / "mine.yaml"
    write(path, {"territory_cards": [{**record("territory_cards", "si-li"), "supply": 1}]})
    first = load(path)
    write(path, {"territory_cards": [{**record("territory_cards", "si-li"), "supply": 3}]})
    second = load(path)
    assert first.card_of("si-li").supply == 1 and second.card_of("si-li").supply == 3


def test_the_registry_keeps_data_sets_by_hash(tmp_path: Path) -> None:
    """An owner's set is found by its hash once loaded; the built-in set is the default;
    an unknown hash, or a document without every section, is refused."""
    path = write(tmp_path / "mine.yaml",
                 {"territory_cards": [{**record("territory_cards", "jiao-zhou"),
                                       "land_value": 5}]})
    data = dataset.load_data(path)
    assert dataset.get(data.hash) is data and dataset.get(None) is dataset.builtin()
    assert dataset.from_document(dict(data.document)).hash == data.hash
    with pytest.raises(UsageError, match="no Chronicles data set with hash"):
        dataset.get("0" * 64)
    with pytest.raises(UsageError, match="holds exactly the sections"):
        dataset.from_document({"territories": []})


def _merge(section_name: str, rid: str, **changes: Any) -> dict[str, Any]:
    return {section_name: [{**record(section_name, rid), **changes}]}


def _without(section_name: str, rid: str) -> dict[str, Any]:
    return {"mode": "replace",
            section_name: [r for r in section(section_name) if r["id"] != rid]}


def _objects_plus_one() -> dict[str, Any]:
    return _merge("objects", "guards", count=4)


def _relations_with(key: str) -> dict[str, Any]:
    rec = record("leaders", "cao-cao")
    rec["relations"][key] = 5
    return {"leaders": [rec]}


BROKEN = [
    # wrong type or value
    (_merge("generals", "guan-yu", intelligence="nine"),
     "generals[0].intelligence: must be a whole number from 1 to 12, not 'nine'"),
    (_merge("territories", "si-li", half="east"),
     "territories[0].half: must be one of north, south, not 'east'"),
    (_merge("territory_cards", "si-li", income=[11, 8]),
     "territory_cards[0].income: the first number must not exceed the second"),
    (_merge("stratagems", "ambush", multiplier="double"),
     "stratagems[0].multiplier: must be a number above 0"),
    (_merge("battle_outcome", "roll-2", cells=["3-1"] * 9),
     "battle_outcome[0].cells[0]: must be a cell such as '2/3'"),
    (_merge("rules", "hand-limit", value="four"),
     "rules[0].value: must be a whole number from 0 to 20, not 'four'"),
    # unknown fields and marks
    (_merge("territories", "si-li", colour="red"),
     "territories[0].colour: is not a field of this record"),
    (_merge("territories", "si-li", reconstructed=["capital"]),
     "territories[0].reconstructed[0]: 'capital' is not a field of this record"),
    (_merge("territories", "si-li", reconstructed=["areas.xu-chang.terrain"]),
     "territories[0].reconstructed[0]: 'areas.xu-chang.terrain' is not a field"),
    (_merge("territory_cards", "si-li", sources={"icons.rain": "L84"}),
     "territory_cards[0].sources.icons.rain: 'icons.rain' is not a field of this record"),
    # unknown references
    (_relations_with("dong-zhuo"),
     "leaders[0].relations.dong-zhuo: 'dong-zhuo' is not another leader"),
    (_merge("events", "three-personal-visits", params={"joins": "zhuge-jun"}),
     "events[0].params.joins: 'zhuge-jun' is not a general"),
    (_merge("stratagems", "follow-through-trap", doubles=["ambush", "chain-ships"]),
     "stratagems[0].doubles[1]: 'chain-ships' is not a stratagem"),
    (_merge("generals", "guan-yu", employer="dong-zhuo"),
     "generals[0].employer: must be free or a leader, not 'dong-zhuo'"),
    (_merge("borders", "1-2", between=[1, 21], id="1-21"),
     "borders[0].id: no built-in record '1-21' to replace"),
    (_merge("leaders", "liu-bei", start={"territories": [4], "areas": ["luo-yang"],
                                         "gold": 10, "armies": {}}),
     "leaders[0].start.areas[0]: 'luo-yang' is not an area of the map"),
    (_merge("non_human", "yuan-shu", objects=[]),
     "non_human[0].objects: must be the objects that start with 'yuan-shu'"),
    # wrong counts
    (_without("territories", "jiao-zhou"), "territories: 20 records needed, not 19"),
    (_objects_plus_one(), "objects: the objects' counts must add up to 14, not 15"),
    (_merge("events", "tun-tian-system", copies=2),
     "events: the player cards' copies (events, disasters, stratagems) must add up to 50, "
     "not 51"),
    (_without("non_human", "li-jue"),
     "non_human: the armies table's 14 rows needed (rows whose armies are not "
     "reconstructed), not 13"),
    (_merge("territories", "si-li", areas=[]),
     "territories[0].areas: must be a list of 1 to 3 items"),
    (_merge("non_human", "li-jue", armies=[7, 7, 7]),
     "non_human[0].armies: must be a list of 11 items"),
    # the map
    ({"mode": "replace", "borders": [r for r in section("borders")
                                     if 20 not in r["between"]]},
     "borders: territory 20 cannot be reached from territory 1 across the borders"),
    (_merge("territories", "si-li", number=2),
     "territories[0].number: 2 is also 'yong-zhou'"),
    (_merge("leaders", "liu-bei", start={"territories": [4], "areas": ["pei-cheng"],
                                         "gold": 10, "armies": {}}),
     "leaders[0].start.areas: holds 'pei-cheng' at the start, as 'lu-bu' does"),
    (_merge("generals", "guan-yu", number=1),
     "generals[0].number: 1 is also 'dian-wei'"),
    # the file itself
    ({"mode": "swap", "markers": []}, "mode: must be merge or replace, not 'swap'"),
    ({"cities": []}, "cities: is not a section of this file"),
    ({"mode": "merge"}, "gives no section"),
    ({"generals": {"guan-yu": 1}}, "generals: must be a list of records"),
    ({"generals": [record("generals", "guan-yu"), record("generals", "guan-yu")]},
     "generals[1].id: 'guan-yu' is given twice"),
]


@pytest.mark.parametrize(("doc", "message"), BROKEN)
def test_broken_owner_data_is_refused_in_one_line(tmp_path: Path, doc: Any,
                                                  message: str) -> None:
    """Each error is one line that starts with the owner's file and names the record as
    it stands in that file and the field."""
    path = write(tmp_path / "bad.yaml", doc)
    with pytest.raises(ChroniclesDataError) as info:
        load(path)
    text = info.value.line()
    assert "\n" not in text and text.startswith(f"{path}: ") and message in text, text


def test_a_broken_folder_is_refused(tmp_path: Path) -> None:
    """A folder names its files after the built-in ones; a stray data file, a file with
    another file's section, an empty folder and a wrong count are refused, naming the
    file."""
    write(tmp_path / "maps.yaml", {"territories": []})
    with pytest.raises(ChroniclesDataError, match=r"maps\.yaml: is not a file an owner can "):
        load(tmp_path)
    (tmp_path / "maps.yaml").unlink()
    with pytest.raises(ChroniclesDataError, match="holds none of map.yaml"):
        load(tmp_path)
    write(tmp_path / "map.yaml", {"generals": section("generals")})
    with pytest.raises(ChroniclesDataError,
                       match=r"map\.yaml: generals: is not a section of this file"):
        load(tmp_path)
    write(tmp_path / "map.yaml", {"territories": section("territories")[:19]})
    with pytest.raises(ChroniclesDataError,
                       match=r"map\.yaml: territories: 20 records needed, not 19"):
        load(tmp_path)
    assert set(FILES) == {"map", "territory_cards", "cards", "generals", "counters",
                          "leaders", "non_human", "tables"}


def test_a_broken_folder_record_names_its_own_file(tmp_path: Path) -> None:
    """A record of a folder's file is named where it stands in that file."""
    generals = section("generals")
    generals[3]["combat"] = 0
    write(tmp_path / "generals.yaml", {"generals": generals})
    with pytest.raises(ChroniclesDataError) as info:
        load(tmp_path)
    assert info.value.line() == (f"{tmp_path / 'generals.yaml'}: generals[3].combat: must be "
                                 "a whole number from 1 to 12, not 0")


def test_unreadable_and_malformed_files(tmp_path: Path) -> None:
    """A missing file is a usage error; YAML that is not a mapping of sections, or that
    the strict reader refuses, is a format error naming the file."""
    with pytest.raises(UsageError, match="cannot read"):
        load(tmp_path / "missing.yaml")
    path = tmp_path / "list.yaml"
    path.write_text("- 1\n- 2\n", encoding="utf-8")
    with pytest.raises(FormatError, match=r"list\.yaml: must be a mapping of sections"):
        load(path)
    path.write_text("generals:\n  - &a {id: x}\n", encoding="utf-8")
    with pytest.raises(FormatError, match="anchors"):
        load(path)
    with pytest.raises(ChroniclesDataError, match="embedded data: rules: is missing"):
        catalog.from_document({s: [] for s in SECTIONS if s != "rules"})
