"""The fixed parts: the rule numbers (rules.yaml) and the war cards (war.yaml)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from pbem import strict_yaml
from pbem.errors import FormatError
from pbem.games.three_kingdoms_card_game import fixed
from tests.games.three_kingdoms_card_game.test_data import LINES


def raw(name: str) -> Any:
    return strict_yaml.load((fixed.DATA_DIR / name).read_text(encoding="utf-8"), name)


def test_the_numbers_the_rules_use() -> None:
    """Hand of 7 dealt and kept, 6+ land value wins, the second run of the Main Deck ends
    the game, at least 1 card drawn, up to 3 characters share a land, a bribe needs 1 card,
    a heart counts as 1 card, a six-sided die, 2 to 6 players, D <= n with n from 1 to 5."""
    r = fixed.rules()
    assert (r.hand_size, r.hand_limit, r.win_land_value, r.deck_runs_to_end) == (7, 7, 6, 2)
    assert (r.opening_draw_min, r.joint_control_max, r.bribe_min_bid, r.heart_bid) == \
        (1, 3, 1, 1)
    assert r.die_sides == 6 and r.players == (2, 6) and r.roll_target == (1, 5)
    assert dict(r.counts) == {"characters": 40, "lords": 10, "events": 52, "artifacts": 6,
                              "lands": 13, "war_sets": 2}
    assert r.main_deck == 88 and dict(r.event_stage) == {"characters": 1, "artifacts": 1,
                                                         "events": 1}
    assert (r.battles_per_turn, r.bribes_per_turn, r.returns_per_turn) == (1, 1, 1)
    assert set(r.reconstructed) == {"players.min", "roll_target.max", "battles_per_turn",
                                    "bribes_per_turn", "returns_per_turn"}
    for value in (*r.sources.values(), *fixed.war().sources.values()):
        assert LINES.match(value), value


@pytest.mark.rule("cardgame:battle.war.table")
def test_the_war_table_of_nine_results() -> None:
    """The book's table, read as attacker's card against defender's card, is the cycle
    cavalry > infantry > bowmen > cavalry; "bowman" is the same type."""
    war = fixed.war()
    table = {("cavalry", "cavalry"): "tie", ("infantry", "cavalry"): "defender",
             ("bowmen", "cavalry"): "attacker", ("cavalry", "infantry"): "attacker",
             ("infantry", "infantry"): "tie", ("bowmen", "infantry"): "defender",
             ("cavalry", "bowmen"): "defender", ("infantry", "bowmen"): "attacker",
             ("bowmen", "bowmen"): "tie"}
    assert {pair: war.result(*pair) for pair in table} == table
    assert war.types["bowmen"].aliases == ("bowman",) and war.sets == 2


def _rules(**changes: Any) -> Any:
    doc = copy.deepcopy(raw("rules.yaml"))
    doc.update(changes)
    return doc


@pytest.mark.parametrize(("doc", "message"), [
    (_rules(main_deck=87), "rules.yaml: main_deck: must be 88"),
    (_rules(hand_size=0), "rules.yaml: hand_size: must be a whole number from 1 to 20"),
    (_rules(roll_target={"min": 1}), "rules.yaml: roll_target.max: must be a whole number"),
    (_rules(counts={"characters": 40}), "rules.yaml: counts.lords: must be a whole number"),
    (_rules(luck=3), "rules.yaml: luck: is not a field of this record"),
    (_rules(sources={}), "rules.yaml: sources.main_deck: is missing"),
    (_rules(reconstructed=["hand"]), "rules.yaml: reconstructed[0]: 'hand' is not a field"),
])
def test_a_broken_rules_file_names_the_number(doc: Any, message: str) -> None:
    """rules.yaml is checked as strictly as the card files."""
    with pytest.raises(FormatError) as info:
        fixed.parse_rules(doc)
    assert message in info.value.line()


def test_a_war_table_that_is_no_cycle_is_refused() -> None:
    """Two types beating the same one, or a type beating itself, is refused."""
    doc = copy.deepcopy(raw("war.yaml"))
    doc["types"][0]["beats"] = "bowmen"
    with pytest.raises(FormatError, match="war.yaml: types: each type must beat exactly one"):
        fixed.parse_war(doc)
    doc["types"] = doc["types"][:2]
    with pytest.raises(FormatError, match="war.yaml: types: must list the three"):
        fixed.parse_war(doc)
