"""The data set: what the rulebook gives, what is reconstructed, and owners' transcriptions."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pbem import strict_yaml
from pbem.errors import FormatError, UsageError
from pbem.games.three_kingdoms_redux import dataset
from pbem.games.three_kingdoms_redux.dataset import GENERAL_FIELDS, builtin
from pbem.games.three_kingdoms_redux.module import data_notice
from tests.games.three_kingdoms_redux.kit import MODULE, OWNERS_FILE, Game, position


def write(path: Path, doc: dict[str, Any]) -> Path:
    path.write_text(strict_yaml.dump(doc), encoding="utf-8")
    return path


def record(kind: str, rid: str) -> dict[str, Any]:
    return next(dict(r) for r in builtin().document[kind] if r["id"] == rid)


def test_the_built_in_set_has_every_card_with_its_provenance() -> None:
    """23 generals per state with the three lords, 21 cards per deck, 5 locations per
    border; every field of a general is either sourced from the rulebook or listed as
    reconstructed."""
    data = builtin()
    assert len(data.generals) == 69 and len(data.cards) == 42 and len(data.locations) == 15
    for general in data.generals.values():
        for field in GENERAL_FIELDS:
            if field == "zh":
                continue
            assert field in general.sources or field in general.reconstructed, \
                (general.id, field)
    assert data.reconstructed_counts() == {"generals": 69, "cards": 40, "locations": 7}


def test_the_rulebooks_facts_are_kept() -> None:
    """Values the text states are kept exactly: Zhao Yun 3/5/2, Cao Cao administration 5,
    Gan Ning leadership 2 and only cavalry, Ling Cao combat 4, leadership 1, naval plus
    another type; the two complete cards; Yi Du the only naval location of Shu-Wu and
    Chi Bi naval on Wei-Wu."""
    g = builtin().generals
    assert (g["zhao-yun"].administration, g["zhao-yun"].combat, g["zhao-yun"].leadership) == \
        (3, 5, 2)
    assert g["cao-cao"].administration == 5 and g["liu-bei"].administration == 4
    assert g["sun-jian"].combat == 4 and g["ma-chao"].combat == 5
    assert g["gan-ning"].leadership == 2 and g["gan-ning"].specialisations == ("cavalry",)
    assert g["ling-cao"].combat == 4 and g["ling-cao"].leadership == 1
    assert "naval" in g["ling-cao"].specialisations and len(g["ling-cao"].specialisations) == 2
    c = builtin().cards
    assert dict(c["spear-armory"].cost) == {"spear": 1, "gold": 2} and c["spear-armory"].vp == 2
    assert dict(c["office-of-minister-of-finance"].cost) == {"support": 1}
    locs = builtin().locations
    assert [p.id for p in locs.values() if p.border == "shu-wu" and p.type == "naval"] == \
        ["yi-du"]
    assert locs["chi-bi"].type == "naval" and locs["chi-bi"].border == "wei-wu"


def test_a_transcription_replaces_records_and_is_chosen_by_its_hash(tmp_path: Path) -> None:
    """An owner's file replacing Jia Xu's record validates, gets its own content hash, and
    the module option ``data: <hash>`` plays with it."""
    jia = record("generals", "jia-xu")
    jia.update(combat=1, reconstructed=[])
    data = dataset.load_data(write(tmp_path / "mine.yaml", {"generals": [jia]}))
    assert data.hash != builtin().hash and data.generals["jia-xu"].combat == 1
    options = MODULE.options(3, {"data": data.hash})
    assert MODULE.options(3, options) == options
    game = Game(position(wei={"generals": ["jia-xu"]}), options)
    game.bid("wei", "recruit-armies", "jia-xu")
    assert game.state["bids"]["recruit-armies"][0]["value"] == 1
    again = dataset.from_document(data.document)
    assert again.hash == data.hash


@pytest.mark.parametrize(("doc", "message"), [
    ({"generals": [{**record("generals", "jia-xu"), "leadership": 3}]},
     "generals[0].leadership: must be a whole number from 1 to 2, not 3"),
    ({"generals": [{**record("generals", "jia-xu"), "skill": {"effects": [{"kind": "fly"}]}}]},
     "generals[0].skill.effects[0].kind: 'fly' is not an effect kind"),
    ({"cards": [{**record("cards", "stable"), "cost": {"silk": 1}}]}, "cards[0].cost: must map"),
    ({"generals": [{**record("generals", "jia-xu"), "id": "jia-xu-2"}]},
     "generals[0].id: no built-in record 'jia-xu-2' to replace"),
    ({"generals": [record("generals", "jia-xu"), record("generals", "jia-xu")]},
     "generals[1].id: 'jia-xu' is given twice"),
    ({"mode": "swap", "cards": []}, "mode: must be merge or replace, not 'swap'"),
    ({"mode": "merge"}, "gives no section"),
    ({"mode": "replace", "locations": [record("locations", "yi-du")]},
     "locations: border shu-wei has 0 locations, not 5"),
    ({"cards": [{**record("cards", "stable"), "effects": [{"kind": "end-vp",
                                                           "metric": "rank", "vp": 1}]}]},
     "cards[0].effects[0].per: end-vp takes either per or at_least"),
])
def test_a_broken_transcription_is_refused_in_one_line_naming_the_field(
        tmp_path: Path, doc: dict[str, Any], message: str) -> None:
    """Each error is one line with the file, the record and the field."""
    path = write(tmp_path / "bad.yaml", doc)
    with pytest.raises(FormatError) as info:
        dataset.load_data(path)
    text = info.value.line()
    assert "\n" not in text and text.startswith(f"{path}: ") and message in text


def test_unknown_hashes_and_unreadable_files_are_usage_errors(tmp_path: Path) -> None:
    """A hash nobody registered, or a missing file, is refused with a plain message."""
    with pytest.raises(UsageError, match="no data set with hash"):
        MODULE.options(3, {"data": "0" * 64})
    with pytest.raises(UsageError, match="cannot read"):
        dataset.load_data(tmp_path / "missing.yaml")


def test_front_ends_are_told_when_data_is_reconstructed(tmp_path: Path) -> None:
    """The built-in set carries a notice; a complete transcription with nothing
    reconstructed carries none."""
    notice = data_notice({"players": 3})
    assert notice is not None and "reconstructed" in notice and "69 of 69 generals" in notice
    doc = {key: [{**r, "reconstructed": []} for r in builtin().document[key]]
           for key in ("generals", "cards", "locations")}
    data = dataset.load_data(write(tmp_path / "full.yaml", {"mode": "replace", **doc}))
    assert data_notice({"data": data.hash}) is None
    assert MODULE.data_notice({"data": data.hash}) is None


def test_the_game_declares_its_hidden_decks_from_the_data() -> None:
    """Shared decks: the 21 Unification and 21 Separation cards; private decks: each
    state's 22 generals, lords excluded (lords start face up); none in the tutorial."""
    shared = MODULE.shared_decks({"players": 3})
    assert {k: len(v) for k, v in shared.items()} == {"unification": 21, "separation": 21}
    private = MODULE.private_decks({"players": 3})
    assert {r: len(d["generals"]) for r, d in private.items()} == {"wei": 22, "wu": 22,
                                                                   "shu": 22}
    assert "cao-cao" not in private["wei"]["generals"]
    assert MODULE.private_decks({"players": 3, "tutorial": True}) == {}


def test_the_tests_owners_transcription_is_whole_read_and_changed_as_it_says() -> None:
    """The owner's file the tests play on (kit.OWNERS_FILE) replaces every section, marks
    nothing reconstructed (so no notice is shown), and differs from the built-in data in
    exactly the printed facts its header lists."""
    raw = strict_yaml.load(OWNERS_FILE.read_text(encoding="utf-8"), OWNERS_FILE.name)
    assert sorted(raw) == ["cards", "generals", "locations", "mode"]
    assert raw["mode"] == "replace"
    data = dataset.load_data(OWNERS_FILE)
    assert data.hash != builtin().hash
    assert data.reconstructed_counts() == {"generals": 0, "cards": 0, "locations": 0}
    assert data_notice({"data": data.hash}) is None
    changed: dict[str, dict[str, Any]] = {}
    for kind in ("generals", "cards", "locations"):
        mine = {r["id"]: r for r in data.document[kind]}
        assert list(mine) == [r["id"] for r in builtin().document[kind]], kind
        for rec in builtin().document[kind]:
            given = mine[rec["id"]]
            facts = {k: given.get(k) for k in {*given, *rec} - {"reconstructed", "sources"}
                     if given.get(k) != rec.get(k)}
            if facts:
                changed[rec["id"]] = facts
    sun_skill = {**record("generals", "sun-jian")["skill"],
                 "text": "When he is the first general Wu places in a round, his combat "
                         "counts 2 higher (shown with a bid token).",
                 "effects": [{"kind": "bid-bonus", "amount": 2, "when": "first-placed",
                              "criteria": ["combat", "battle"]}]}
    liu_skill = {**record("generals", "liu-bei")["skill"],
                 "text": "When he bids with popular support tokens, two of them come back to "
                         "Shu's supply after his action or when he returns to Shu's supply.",
                 "effects": [{"kind": "support-refund", "amount": 2}]}
    assert changed == {
        "sun-jian": {"name": "Sun Wentai", "combat": 5, "skill": sun_skill},
        "cao-cao": {"combat": 4, "skill": {**record("generals", "cao-cao")["skill"],
                                           "name": "Hero of Troubled Times"}},
        "liu-bei": {"skill": liu_skill},
        "hao-zhao": {"name": "Guo Huai", "zh": "郭淮", "administration": 4},
        "census-bureau": {"name": "Household Registers", "cost": {"gold": 1},
                          "effects": [{"kind": "on-build", "gain": {"untrained": 3}}]},
        "tian-shui": {"name": "Wu Zhang Yuan", "zh": "五丈原"},
    }


def test_a_game_of_an_owners_data_pins_only_the_built_in_files_it_still_reads(
        tmp_path: Path) -> None:
    """On an owner's data set a game still reads the built-in board, rule numbers and
    tutorial, so those are pinned; the built-in generals, cards and locations it does not
    read are not (a later fix to them does not refuse the owner's game)."""
    jia = record("generals", "jia-xu")
    jia.update(combat=1, reconstructed=[])
    data = dataset.load_data(write(tmp_path / "mine.yaml", {"generals": [jia]}))
    owners = MODULE.builtin_data_files(MODULE.options(3, {"data": data.hash}))
    builtins = MODULE.builtin_data_files(MODULE.options(3))
    assert [p.name for p in owners] == ["board.yaml", "rules.yaml", "tutorial.yaml"]
    assert [p.name for p in builtins] == [p.name for p in owners] + [
        "generals.yaml", "cards.yaml", "locations.yaml"]
    assert MODULE.builtin_data_hash(MODULE.options(3, {"data": data.hash})) != \
        MODULE.builtin_data_hash(MODULE.options(3))
