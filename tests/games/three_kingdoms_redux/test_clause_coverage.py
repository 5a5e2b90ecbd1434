"""Every clause of the Three Kingdoms Redux clause list has a scenario test."""

from __future__ import annotations

from pathlib import Path

import tests.games.three_kingdoms_redux as package
from tests.games.clause_marks import check_coverage

CLAUSES = Path(__file__).with_name("clauses.txt")


def test_every_clause_has_a_scenario_test() -> None:
    """Each clause id of the rulebook's clause list is the mark of at least one test with a
    docstring, and no test marks an id that is not in the list."""
    check_coverage(CLAUSES, package, "redux:", 145)
