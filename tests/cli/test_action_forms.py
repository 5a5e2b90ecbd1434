"""The forms docs/actions.md and docs/redux-actions.md show, applied through `pbem apply`:
each works as written, nothing the player left out is added to what they gave, and a value
written wrongly is refused in one line that says what to write."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.cli.actionfiles import DT_KINGDOMS, apply, dt_pieces, new_game, tree

START = {"do": "start"}


def dt_game(tmp_path: Path, phase: str, **changes: Any) -> Path:
    turn = {"kingdom": "cao-cao", "phase": phase, "faction": changes.pop("faction", False)}
    emperor = changes.pop("emperor", "luoyang")
    scenario = {"kingdoms": DT_KINGDOMS, "pieces": dt_pieces(**changes), "turn": turn,
                "emperor": emperor}
    return new_game(tmp_path / "dt", "dragons-tigers", scenario, "--table-dice")


def refused(code: int, err: str, *parts: str) -> None:
    assert code == 6, err
    for part in parts:
        assert part in err, err


# ---------------------------------------------------------------- the Imperial Decree


@pytest.fixture
def decree(tmp_path: Path) -> Path:
    """Cao Cao holds the Emperor in Luoyang (6 armies there, 10 in Yanzhou) and fails to
    win over Liu Biao: the Decree is offered (9(C))."""
    return dt_game(tmp_path, "diplomacy",
                   luoyang={"armies": {"cao-cao": 6}, "characters": ["cao-ren"]})


FAILED = [START, {"do": "negotiate", "character": "cao-cao", "target": "liu-biao",
                  "dice": [4]}]


def test_decree_from_a_mapping_offers_exactly_those_armies(decree: Path) -> None:
    """`from: {luoyang: 5}`: the 5 armies come from Luoyang and nowhere else (the default
    offering, from the largest stacks, adds nothing)."""
    code, out, err = apply(decree, [*FAILED, {"do": "decree", "from": {"luoyang": 5},
                                              "dice": [2]}])
    assert code == 0, err
    assert "offers 5 armies (5 in Luoyang 洛陽) and rolls again" in out


def test_decree_from_dotted_areas_and_split(decree: Path) -> None:
    """`from.<area>: n` and a mapping over two areas both name the offering."""
    code, out, err = apply(decree, [*FAILED, {"do": "decree", "from.luoyang": 5,
                                              "dice": [2]}])
    assert code == 0, err
    assert "(5 in Luoyang 洛陽)" in out
    code, out, err = apply(decree, [*FAILED, {"do": "decree",
                                              "from": {"yanzhou": 2, "luoyang": 3},
                                              "dice": [2]}])
    assert code == 0, err
    assert "(2 in Yanzhou 兗州, 3 in Luoyang 洛陽)" in out


def test_decree_without_areas_takes_the_default(decree: Path) -> None:
    """Naming no area at all takes the documented default: the largest stacks."""
    code, out, err = apply(decree, [*FAILED, {"do": "decree", "dice": [2]}])
    assert code == 0, err
    assert re.search(r"offers 5 armies \(5 in [^,()]+\) and rolls again", out), out


def test_decree_offering_written_wrongly_is_refused(decree: Path) -> None:
    """Too few armies, a number that is not one, a place that does not exist."""
    folder = decree.parent
    before = tree(folder)
    code, _, err = apply(decree, [*FAILED, {"do": "decree", "from": {"luoyang": 4},
                                            "dice": [2]}], dry=False)
    refused(code, err, "name 5 armies", "9(C)")
    code, _, err = apply(decree, [*FAILED, {"do": "decree", "from": {"luoyang": "five"},
                                            "dice": [2]}], dry=False)
    refused(code, err, "'from.luoyang' must be a whole number")
    code, _, err = apply(decree, [*FAILED, {"do": "decree", "from": {"Luoyang": 5},
                                            "dice": [2]}], dry=False)
    refused(code, err, "unknown area 'Luoyang'; did you mean luoyang?")
    assert tree(folder) == before


# ---------------------------------------------------------------- a move


@pytest.fixture
def faction_move(tmp_path: Path) -> Path:
    """Blue's faction chit for Cao Cao; Guan Yu of Liu Bei and 6 Liu Bei armies stand in
    Yanzhou with Cao Cao and his 10 (4.5.3)."""
    return dt_game(tmp_path, "movement", faction=True,
                   yanzhou={"armies": {"cao-cao": 10, "liu-bei": 6},
                            "characters": ["cao-cao", "xiahou-dun", "guan-yu"]})


def move(**args: Any) -> list[dict[str, Any]]:
    return [START, {"do": "move", "from": "yanzhou", "to": ["xuchang"],
                    "characters": ["cao-cao", "guan-yu"], **args}]


def test_move_armies_as_a_mapping_of_kingdoms(faction_move: Path) -> None:
    code, out, err = apply(faction_move, move(armies={"cao-cao": 3, "liu-bei": 3}))
    assert code == 0, err
    assert "move with 3 Cao Cao, 3 Liu Bei: Yanzhou 兗州 -> Xuchang 許昌" in out


def test_move_armies_of_the_active_kingdom_adds_no_other(faction_move: Path) -> None:
    """`armies: 3` with Guan Yu in the group moves 3 of Cao Cao's and none of Liu Bei's."""
    code, out, err = apply(faction_move, move(armies=3))
    assert code == 0, err
    assert "move with 3 Cao Cao: Yanzhou 兗州 -> Xuchang 許昌" in out


def test_move_dotted_armies_as_documented(faction_move: Path) -> None:
    code, out, err = apply(faction_move, move(**{"armies": 10, "armies.liu-bei": 3}))
    assert code == 0, err
    assert "move with 10 Cao Cao, 3 Liu Bei" in out
    code, out, err = apply(faction_move, move(**{"armies.liu-bei": 2, "armies": 1}))
    assert code == 0, err
    assert "move with 1 Cao Cao, 2 Liu Bei" in out


def test_move_without_armies_takes_every_free_army(faction_move: Path) -> None:
    """Naming no armies at all is the documented default: every army free to move."""
    code, out, err = apply(faction_move, move())
    assert code == 0, err
    assert "move with 10 Cao Cao, 6 Liu Bei: Yanzhou 兗州 -> Xuchang 許昌" in out


def test_move_names_that_do_not_exist_are_named_unknown(faction_move: Path) -> None:
    code, _, err = apply(faction_move, move(armies=3, to=["Xu Chang"]))
    refused(code, err, "unknown area 'Xu Chang'; did you mean xuchang?")
    code, _, err = apply(faction_move, [START, {"do": "move", "from": "yanzhou",
                                                "to": ["xuchang"], "armies": 3,
                                                "characters": ["Cao Cao"]}])
    refused(code, err, "unknown character 'Cao Cao'; did you mean cao-cao?")
    code, _, err = apply(faction_move, move(armies={"cao-cao": 2, "liubei": 1}))
    refused(code, err, "unknown kingdom 'liubei'; did you mean liu-bei?")


def test_move_wrong_shapes_are_refused(faction_move: Path) -> None:
    code, _, err = apply(faction_move, move(armies=[3]))
    refused(code, err, "'armies' must be a whole number or a mapping")
    code, _, err = apply(faction_move, move(armies=3, characters={"cao-cao": 1}))
    refused(code, err, "'characters' is a list of names")
    code, _, err = apply(faction_move, move(armies=3, to={"xuchang": 1}))
    refused(code, err, "'to' is a name or a list of names")


def test_emperor_taken_along_with_yes_written_as_people_write_it(tmp_path: Path) -> None:
    """`emperor: true`, `emperor: yes` (YAML's true) and the quoted word `"yes"` all take
    Emperor Xian along (9(D))."""
    save = dt_game(tmp_path, "movement", emperor="yanzhou")
    for text in ("true", "yes", "'yes'"):
        code, out, err = apply(save, "- do: start\n- do: move\n  from: yanzhou\n"
                                     "  to: [xuchang]\n  characters: [cao-cao]\n"
                                     f"  armies: 3\n  emperor: {text}\n")
        assert code == 0, err
        assert "Emperor Xian goes with them to Xuchang" in out


# ---------------------------------------------------------------- names and levies


def test_levy_in_an_unknown_area_names_it_and_a_real_one_gets_the_rule(tmp_path: Path
                                                                       ) -> None:
    save = dt_game(tmp_path, "levy")
    code, _, err = apply(save, [START, {"do": "levy", "area": "Changsha", "armies": 2}])
    refused(code, err, "unknown area 'Changsha'; did you mean changsha?")
    assert "levied" not in err
    code, _, err = apply(save, [START, {"do": "levy", "area": "changsha", "armies": 2}])
    refused(code, err, "4.4")
    assert "unknown area" not in err
    code, _, err = apply(save, [START, {"do": "levy", "area": ["yanzhou"], "armies": 2}])
    refused(code, err, "'area' takes one value, not a list")
    code, _, err = apply(save, [START, {"do": "levy", "area": "yanzhou", "armies": 2}])
    assert code == 0, err


def test_rank_as_documented(tmp_path: Path) -> None:
    folder = tmp_path / "rank"
    save = new_game(folder, "dragons-tigers", {}, "--table-dice")
    code, _, err = apply(save, [{"do": "start", "dice": [6, 1]},
                                  {"do": "rank", "first": "liu-bei", "second": "cao-cao",
                                   "third": "sun-wu"}])
    assert code == 0, err
    code, _, err = apply(save, [{"do": "start", "dice": [6, 1]},
                                {"do": "rank", "first": "Liu Bei"}])
    refused(code, err, "unknown kingdom 'Liu Bei'; did you mean liu-bei?")


def test_standing_orders_as_documented(tmp_path: Path) -> None:
    save = dt_game(tmp_path, "levy")
    code, _, err = apply(save, [START, {"do": "orders", "set": {
        "retreat": "outnumbered-3", "losses": "spare-main"}}])
    assert code == 0, err


# ---------------------------------------------------------------- Redux bids

REDUX = {"round": 2, "start": "bidding", "bid_order": ["wei", "shu", "wu"], "han": "wei",
         "states": {"wei": {"trained": 4, "spear": 2, "horse": 2, "support": 2,
                            "generals": ["jia-xu", "xu-chu"]}}}


@pytest.fixture
def bidding(tmp_path: Path) -> Path:
    """Wei bids first, holds the Han emperor token and has Cao Cao, Jia Xu and Xu Chu."""
    return new_game(tmp_path / "redux", "three-kingdoms-redux", REDUX, "--players", "3")


def bid(**args: Any) -> list[dict[str, Any]]:
    return [{"do": "bid", "space": "battle-shu-wei", **args}]


def test_bid_han_as_yaml_writes_yes(bidding: Path) -> None:
    for text in ("true", "yes", "'yes'"):
        code, out, err = apply(bidding, "- do: bid\n  space: battle-shu-wei\n"
                                        f"  general: cao-cao\n  han: {text}\n")
        assert code == 0, err
        assert "+1 Han emperor token" in out
    code, out, err = apply(bidding, bid(general="cao-cao", han=False))
    assert code == 0, err
    assert "Han emperor" not in out


def test_bid_with_units_as_documented(bidding: Path) -> None:
    code, out, err = apply(bidding, bid(general="cao-cao", units=2, unit="infantry",
                                        support=1))
    assert code == 0, err
    assert "+ 2 army units" in out and "+1 popular support" in out


def test_bid_with_units_of_several_possible_types_names_the_type(bidding: Path) -> None:
    """Wei can field infantry and cavalry: army units without their type are refused, not
    given the first type; with one type possible, that type is taken."""
    code, _, err = apply(bidding, bid(general="cao-cao", units=2))
    refused(code, err, "name the type of the army units")
    code, out, err = apply(bidding, bid(general="cao-cao"))
    assert code == 0, err
    assert "combat 3 + 0 army units" in out
    one = new_game(bidding.parent.parent.parent / "one-type", "three-kingdoms-redux",
                   {**REDUX, "states": {"wei": {"trained": 2, "spear": 2,
                                                "generals": ["jia-xu"]}}}, "--players", "3")
    code, out, err = apply(one, bid(general="cao-cao", units=2))
    assert code == 0, err
    assert "combat 3 + 2 army units" in out


def test_bid_without_a_general_says_what_to_add(bidding: Path) -> None:
    """No general named: no general is picked for the player; the refusal lists the ones
    that may be named."""
    before = tree(bidding.parent)
    code, _, err = apply(bidding, bid(), dry=False)
    refused(code, err, "add 'general'", "cao-cao", "jia-xu", "xu-chu")
    assert tree(bidding.parent) == before


def test_bid_with_a_list_for_one_value_is_refused(bidding: Path) -> None:
    before = tree(bidding.parent)
    code, _, err = apply(bidding, bid(general="cao-cao", units=2,
                                      unit=["cavalry", "archery"]), dry=False)
    refused(code, err, "'unit' takes one value, not a list")
    code, _, err = apply(bidding, [{"do": "bid", "space": ["battle-shu-wei"],
                                    "general": "cao-cao"}], dry=False)
    refused(code, err, "'space' takes one value, not a list")
    code, _, err = apply(bidding, bid(general={"cao-cao": 1}), dry=False)
    refused(code, err, "'general' takes one value, not a mapping")
    assert tree(bidding.parent) == before


def test_bid_names_that_do_not_exist_are_named_unknown(bidding: Path) -> None:
    code, _, err = apply(bidding, [{"do": "bid", "space": "Trade", "general": "cao-cao"}])
    refused(code, err, "unknown action space 'Trade'; did you mean trade?")
    code, _, err = apply(bidding, bid(general="cao-cao", units=1, unit="Cavalry"))
    refused(code, err, "unknown unit type 'Cavalry'; did you mean cavalry?")


# ---------------------------------------------------------------- the docs' own examples

DOCS = Path(__file__).resolve().parents[2] / "docs"


def yaml_blocks(page: str) -> list[str]:
    """The ```yaml blocks of a page in docs/, in order."""
    return re.findall(r"```yaml\n(.*?)```", (DOCS / page).read_text(), flags=re.S)


def test_the_turn_at_the_top_of_docs_actions(tmp_path: Path) -> None:
    """docs/actions.md's first example, a whole turn, applied as written (pbem rolls)."""
    turn = {"kingdom": "cao-cao", "phase": "diplomacy"}
    save = new_game(tmp_path / "turn", "dragons-tigers",
                    {"kingdoms": DT_KINGDOMS, "pieces": dt_pieces(), "turn": turn,
                     "emperor": "changan"})
    example = yaml_blocks("actions.md")[0]
    assert "- do: levy" in example and "characters: [cao-cao, xiahou-dun]" in example
    code, out, err = apply(save, example)
    assert code == 0, err
    assert "Cao Cao 曹操 levies 5 armies in Yanzhou 兗州" in out
    assert "move with 8 Cao Cao: Yanzhou 兗州 -> Luoyang 洛陽" in out


def test_move_through_a_friendly_area_as_documented(tmp_path: Path) -> None:
    """The documented move's forms together: a path of two areas, the friendly kingdom's
    armies by dotted name, `drop` as a mapping, `control`."""
    save = dt_game(tmp_path, "movement", faction=True,
                   yanzhou={"armies": {"cao-cao": 10, "liu-bei": 6},
                            "characters": ["cao-cao", "xiahou-dun", "guan-yu"]},
                   xuchang={"armies": {"cao-cao": 1}, "characters": []})
    group = {"do": "move", "from": "yanzhou", "to": ["xuchang", "nanyang"],
             "characters": ["cao-cao", "xiahou-dun", "guan-yu"], "armies": 10,
             "drop": {"cao-cao": 2}}
    code, out, err = apply(save, [START, {**group, "armies.liu-bei": 3,
                                          "control": "liu-bei"}])
    assert code == 0, err
    assert "move with 10 Cao Cao, 3 Liu Bei: Yanzhou 兗州 -> Xuchang 許昌 -> Nanyang" in out
    assert "2 armies of Cao Cao 曹操 are dropped off in Xuchang" in out
    assert "Nanyang 南陽 passes to Liu Bei" in out
    code, _, err = apply(save, [START, {**group, "drop": {"caocao": 2}}])
    refused(code, err, "unknown kingdom 'caocao'; did you mean cao-cao?")


def test_the_bid_in_docs_redux_actions(bidding: Path) -> None:
    example = yaml_blocks("redux-actions.md")[-1]
    assert "- do: bid" in example and "han: true" in example
    code, out, err = apply(bidding, example)
    assert code == 0, err
    assert "places Cao Cao on Battle" in out
    assert "+ 2 army units +1 Han emperor token" in out
