"""Every clause of the Card Game clause list has a scenario test."""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path

import tests.games.three_kingdoms_card_game as package

CLAUSES = Path(__file__).with_name("clauses.txt")


def clause_ids() -> list[str]:
    lines = CLAUSES.read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def marked() -> dict[str, list[str]]:
    """Clause id -> the tests that carry its mark (with their docstrings checked)."""
    out: dict[str, list[str]] = {}
    for info in pkgutil.iter_modules(package.__path__):
        if not info.name.startswith("test_"):
            continue
        module = importlib.import_module(f"{package.__name__}.{info.name}")
        for name, item in vars(module).items():
            if not name.startswith("test_") or not callable(item):
                continue
            for mark in getattr(item, "pytestmark", []):
                if mark.name == "rule" and str(mark.args[0]).startswith("cardgame:"):
                    assert (item.__doc__ or "").strip(), f"{name} states no clause"
                    out.setdefault(str(mark.args[0])[len("cardgame:"):], []).append(name)
    return out


def test_every_clause_has_a_scenario_test() -> None:
    """Each clause id of the rulebook's clause list is the mark of at least one test with a
    docstring, and no test marks an id that is not in the list."""
    ids = clause_ids()
    assert len(ids) == len(set(ids)) == 105
    tests = marked()
    missing = [c for c in ids if c not in tests]
    assert not missing, f"clauses without a test: {missing}"
    unknown = sorted(set(tests) - set(ids))
    assert not unknown, f"marks of unknown clauses: {unknown}"
