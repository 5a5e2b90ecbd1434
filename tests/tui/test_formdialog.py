"""How the generic form (tui/formdialog.py) words an entry: nested lists by their options'
labels, each nested field under its part when an entry has several parts, a kind without
fields by its label alone, and of kinds alike in their fixed fields the one that fits."""

from __future__ import annotations

from pbem.offers import ActionSpec, Option, Param, entry, fields
from tui.formdialog import described


def _same(text: str) -> str:
    return text


SWAP = ActionSpec("swap", "Swap with Blue", None, {"with": "blue"}, (
    Param("give.coins", "int", "Give: coins", minimum=0, maximum=9, default=0),
    Param("give.tokens", "choices", "Give: tokens",
          (Option("t#1", "t#1 (red)"), Option("t#2", "t#2 (green)")), 0, 2),
    Param("get.coins", "int", "Get: coins", minimum=0, maximum=9, default=0)))
PLAIN = ActionSpec("borrow", "Borrow from the bank", None, {"from": "bank"})
LAND = ActionSpec("sell", "Sell land", None, {"to": "blue"}, (
    Param("land", "choice", "Land", (Option("hill", "The hill"),)),))
HORSES = ActionSpec("sell", "Sell horses", None, {"to": "blue"}, (
    Param("horses", "int", "Horses", minimum=0, maximum=9),))
SWAPS = Param("swaps", "list", "Swaps", items=(SWAP, PLAIN, LAND, HORSES))


def test_nested_parts_are_named_and_lists_read_by_their_labels() -> None:
    made = entry(SWAP, {"give.coins": 2, "give.tokens": ["t#2"], "get.coins": 1})
    assert made == {"with": "blue", "give": {"coins": 2, "tokens": ["t#2"]},
                    "get": {"coins": 1}}
    assert described(SWAPS, made, _same) == (
        "Swap with Blue: give coins 2, give tokens t#2 (green), get coins 1")


def test_a_kind_without_fields_is_its_label() -> None:
    assert described(SWAPS, entry(PLAIN, {}), _same) == "Borrow from the bank"


def test_of_two_kinds_with_the_same_fixed_fields_the_one_holding_its_keys_words_it() -> None:
    assert described(SWAPS, entry(HORSES, {"horses": 3}), _same) == "Sell horses: horses 3"
    assert described(SWAPS, entry(LAND, {"land": "hill"}), _same) == "Sell land: The hill"


TOKEN = ActionSpec("token", "Spend a token", None, {"token": "t#1"}, (
    Param("when", "choice", "When", (Option(None, "any time"), Option(1, "turn 1"))),))
ROUTE = ActionSpec("route", "A route", None, {}, (
    Param("road", "choice", "Road", (Option(["a", "b"], "by A and B"), Option(["c"], "by C")),
          default=["a", "b"]),
    Param("tokens", "list", "Tokens", items=(TOKEN,)),
    Param("escort", "group", "Escort", items=(ActionSpec("escort", "Escort", None, {}, (
        Param("guards", "int", "Guards", minimum=0, maximum=5, default=0),
        Param("flag", "choice", "Flag", (Option(None, "no"), Option(True, "yes"))))),))))
ROUTES = Param("routes", "list", "Routes", items=(ROUTE,))


def test_lists_and_parts_inside_an_entry_are_worded_in_turn() -> None:
    """A list inside an entry is worded entry by entry, a part by its fields; an option
    whose value is a list is read by its label; a field left out (None) is not worded."""
    made = entry(ROUTE, {"road": ["c"], "tokens": [entry(TOKEN, {"when": 1}), entry(TOKEN, {})],
                         "escort": {"guards": 2}})
    assert made == {"road": ["c"], "tokens": [{"token": "t#1", "when": 1}, {"token": "t#1"}],
                    "escort": {"guards": 2}}
    assert described(ROUTES, made, _same) == (
        "A route: by C, tokens [Spend a token: turn 1; Spend a token], escort {guards 2}")


def test_empty_lists_and_parts_are_left_out_and_a_part_reads_back() -> None:
    made = entry(ROUTE, {"tokens": [], "escort": {}})
    assert made == {"road": ["a", "b"]}
    escort = ROUTE.params[2].items[0]
    part = entry(escort, {"guards": 3, "flag": None})
    assert part == {"guards": 3}
    assert fields(escort, part) == {"guards": 3, "flag": None}
    assert fields(ROUTE, made) == {"road": ["a", "b"], "tokens": [], "escort": {}}
    assert described(ROUTES, {"road": ["x"]}, _same) == "A route: x"  # (not offered)
