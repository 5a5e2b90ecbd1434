"""Loading the card data: owners' transcriptions (a file or a folder), caching, and broken
files refused in one line naming the file and the field."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from pbem import strict_yaml
from pbem.errors import FormatError, UsageError
from pbem.games.three_kingdoms_card_game import catalog, constraints
from pbem.games.three_kingdoms_card_game.catalog import builtin, load

OWNERS_FILE = Path(__file__).with_name("data") / "owner-transcription.yaml"


def write(path: Path, doc: Any) -> Path:
    path.write_text(strict_yaml.dump(doc), encoding="utf-8")
    return path


def record(section: str, rid: str) -> dict[str, Any]:
    return copy.deepcopy(next(dict(r) for r in builtin().document[section]
                              if r["id"] == rid))


def section(name: str) -> list[dict[str, Any]]:
    return copy.deepcopy([dict(r) for r in builtin().document[name]])


def test_the_built_in_data_is_loaded_once() -> None:
    """``load()`` and ``builtin()`` give the same cached object; its origin is the built-in
    files."""
    assert load() is builtin() is load(None)
    assert dict(builtin().origin) == {s: f"{s}.yaml" for s in catalog.SECTIONS}


def test_an_owners_file_replaces_a_few_cards_and_marks_nothing_reconstructed() -> None:
    """The fixture replaces Diao Chan, the Assassin, Sniped, Red Hare and Sili: those
    records take the owner's values and show nothing reconstructed; every other record
    stays the built-in one, still marked; the counts hold; the hash is the file's own."""
    data = load(OWNERS_FILE)
    replaced = {"characters": ["diao-chan"], "events": ["assassin", "sniped"],
                "artifacts": ["red-hare"], "lands": ["sili"]}
    for name, ids in replaced.items():
        assert data.origin[name] == str(OWNERS_FILE)
        for rec in getattr(data, name).values():
            assert rec.is_reconstructed == (rec.id not in ids), rec.id
            if rec.id not in ids:
                assert rec == getattr(builtin(), name)[rec.id]
    assert data.characters["diao-chan"].political_power == 1
    assert data.characters["diao-chan"].ability.roll_at_most == 2
    assert data.events["assassin"].copies == 4 and data.events["assassin"].roll_at_most == 4
    assert data.events["sniped"].instant and data.lands["sili"].value == 2
    assert data.reconstructed_counts() == {"characters": 39, "events": 15, "artifacts": 5,
                                           "lands": 12}
    assert len(data.main_deck()) == 88 and data.hash != builtin().hash
    assert load(OWNERS_FILE) is data
    assert constraints.departures(data) == []


def test_a_folder_of_files_replaces_whole_files(tmp_path: Path) -> None:
    """A folder's ``lands.yaml`` replaces the built-in lands whole (new ids allowed); the
    files it does not hold stay built-in."""
    lands = [{"id": f"land-{n}", "name": f"Land {n}", "value": 1 + n % 3,
              "defensive_power": n % 4, "reconstructed": []} for n in range(13)]
    write(tmp_path / "lands.yaml", {"lands": lands})
    data = load(tmp_path)
    assert sorted(data.lands) == sorted(f"land-{n}" for n in range(13))
    assert data.reconstructed_counts()["lands"] == 0
    assert data.origin["lands"] == str(tmp_path / "lands.yaml")
    assert data.origin["characters"] == "characters.yaml"
    assert data.characters == builtin().characters


def test_a_folder_file_may_merge(tmp_path: Path) -> None:
    """``mode: merge`` in a folder's file replaces only the records it gives."""
    zhao = {**record("characters", "zhao-yun"), "fighting_spirit": 5, "reconstructed": []}
    write(tmp_path / "characters.yaml", {"mode": "merge", "characters": [zhao]})
    data = load(tmp_path)
    assert data.characters["zhao-yun"].fighting_spirit == 5
    assert data.reconstructed_counts()["characters"] == 39


def test_a_changed_file_is_read_again(tmp_path: Path) -> None:
    """The cache follows the file's contents, not its name."""
    path = tmp_path / "mine.yaml"
    write(path, {"lands": [{**record("lands", "sili"), "value": 1}]})
    first = load(path)
    write(path, {"lands": [{**record("lands", "sili"), "value": 2}]})
    second = load(path)
    assert first.lands["sili"].value == 1 and second.lands["sili"].value == 2


def _events_total(copies: int) -> dict[str, Any]:
    return {"events": [{**record("events", "plague"), "copies": copies}]}


def _lord_dropped() -> dict[str, Any]:
    return {"characters": [{**record("characters", "liu-zhang"), "lord": False}]}


def _effect(section_name: str, rid: str, effect: dict[str, Any]) -> dict[str, Any]:
    rec = record(section_name, rid)
    if "ability" in rec:
        rec["ability"]["effects"] = [effect]
    else:
        rec["effects"] = [effect]
    return {section_name: [rec]}


BROKEN = [
    (_events_total(1), "events: 52 cards, copies counted, needed, not 51"),
    (_lord_dropped(), "characters: 10 lords needed, not 9"),
    ({"mode": "replace", "lands": [record("lands", "sili")]},
     "lands: 13 records needed, not 1"),
    (_effect("events", "plague", {"kind": "fly"}),
     "events[0].effects[0].kind: 'fly' is not an effect kind"),
    (_effect("events", "plague", {"kind": "discard-random", "count": 5,
                                  "player": "each-other"}),
     "events[0].effects[0].count: must be a whole number from 1 to 3, not 5"),
    (_effect("events", "plague", {"kind": "draw"}), "events[0].effects[0].count: is required"),
    (_effect("events", "plague", {"kind": "draw", "count": 1, "cards": 2}),
     "events[0].effects[0].cards: is not a parameter of draw"),
    (_effect("events", "plague", {"kind": "counter", "against": ["event"]}),
     "events[0].effects[0].kind: counter cannot stand in an event"),
    (_effect("characters", "diao-chan", {"kind": "control", "whose": "other",
                                         "where": "anywhere", "lords": True,
                                         "ends_when": []}),
     "characters[0].ability.effects[0].lords: a lord can never be controlled"),
    ({"lands": [{**record("lands", "sili"), "reconstructed": ["colour"]}]},
     "lands[0].reconstructed[0]: 'colour' is not a field of this record"),
    ({"events": [{**record("events", "assassin"), "reconstructed": ["effects.count"]}]},
     "events[0].reconstructed[0]: 'effects.count' is not a field of this record"),
    ({"lands": [{**record("lands", "sili"), "sources": {"colour": "L80"}}]},
     "lands[0].sources.colour: is not a field of this record"),
    ({"characters": [{**record("characters", "guan-yu"), "political_power": 12}]},
     "characters[0].political_power: must be a whole number from 0 to 9, not 12"),
    ({"lands": [{**record("lands", "sili"), "value": 0}]},
     "lands[0].value: must be a whole number from 1 to 9, not 0"),
    ({"events": [{**record("events", "turncoats-letter"), "roll_at_most": 6}]},
     "events[0].roll_at_most: must be a whole number from 1 to 5, not 6"),
    ({"characters": [{**record("characters", "guan-yu"), "hearts": "three"}]},
     "characters[0].hearts: must be a whole number from 0 to 9, not 'three'"),
    ({"characters": [{**record("characters", "guan-yu"), "colour": "red"}]},
     "characters[0].colour: is not a field of this record"),
    ({"characters": [{**record("characters", "guan-yu"), "id": "guan-yun"}]},
     "characters[0].id: no built-in record 'guan-yun' to replace"),
    ({"lands": [{**record("lands", "sili"), "aliases": ["assassin"]}]},
     "lands[0].aliases[0]: 'assassin' already names events[0] of events.yaml"),
    ({"mode": "swap", "lands": []}, "mode: must be merge or replace, not 'swap'"),
    ({"generals": []}, "generals: is not a section of this file"),
    ({"mode": "merge"}, "gives no section"),
]


@pytest.mark.parametrize(("doc", "message"), BROKEN)
def test_a_broken_file_is_refused_in_one_line(tmp_path: Path, doc: Any, message: str) -> None:
    """Each error is one line that starts with the file and names the field."""
    path = write(tmp_path / "bad.yaml", doc)
    with pytest.raises(FormatError) as info:
        load(path)
    text = info.value.line()
    assert "\n" not in text and text.startswith(f"{path}: ") and message in text, text


def test_a_broken_folder_is_refused(tmp_path: Path) -> None:
    """A folder names its files after the sections it replaces; a stray data file, a file
    with another section and an empty folder are refused, naming the file."""
    write(tmp_path / "character.yaml", {"characters": []})
    with pytest.raises(FormatError, match=r"character\.yaml: is not a file an owner can "):
        load(tmp_path)
    (tmp_path / "character.yaml").unlink()
    with pytest.raises(FormatError, match="holds none of characters.yaml"):
        load(tmp_path)
    write(tmp_path / "lands.yaml", {"events": section("events")})
    with pytest.raises(FormatError, match=r"lands\.yaml: events: is not a section of this "):
        load(tmp_path)
    write(tmp_path / "lands.yaml", {"lands": section("lands")[:12]})
    with pytest.raises(FormatError, match=r"lands\.yaml: lands: 13 records needed, not 12"):
        load(tmp_path)


def test_unreadable_and_malformed_files(tmp_path: Path) -> None:
    """A missing file is a usage error; YAML that is not a mapping of sections is a format
    error naming the file."""
    with pytest.raises(UsageError, match="cannot read"):
        load(tmp_path / "missing.yaml")
    path = tmp_path / "list.yaml"
    path.write_text("- 1\n- 2\n", encoding="utf-8")
    with pytest.raises(FormatError, match=r"list\.yaml: must be a mapping of sections"):
        load(path)
    write(path, {"events": {"assassin": 1}})
    with pytest.raises(FormatError, match=r"list\.yaml: events: must be a list of records"):
        load(path)
