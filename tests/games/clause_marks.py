"""The clause-coverage check every game's tests share: a clause list (ids only) and the
tests of a package that carry ``@pytest.mark.rule("<prefix><id>")``."""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path
from types import ModuleType


def clause_ids(path: Path) -> list[str]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def marked(package: ModuleType, prefix: str) -> dict[str, list[str]]:
    """Clause id -> the tests of ``package`` that carry its mark (each must state its
    clause in a docstring)."""
    out: dict[str, list[str]] = {}
    for info in pkgutil.iter_modules(package.__path__):
        if not info.name.startswith("test_"):
            continue
        module = importlib.import_module(f"{package.__name__}.{info.name}")
        for name, item in vars(module).items():
            if not name.startswith("test_") or not callable(item):
                continue
            for mark in getattr(item, "pytestmark", []):
                if mark.name == "rule" and str(mark.args[0]).startswith(prefix):
                    assert (item.__doc__ or "").strip(), f"{name} states no clause"
                    out.setdefault(str(mark.args[0])[len(prefix):], []).append(name)
    return out


def check_coverage(clauses: Path, package: ModuleType, prefix: str, count: int) -> None:
    """Each clause id is the mark of at least one test, and no test marks an unknown id."""
    ids = clause_ids(clauses)
    assert len(ids) == len(set(ids)) == count
    tests = marked(package, prefix)
    missing = [c for c in ids if c not in tests]
    assert not missing, f"clauses without a test: {missing}"
    unknown = sorted(set(tests) - set(ids))
    assert not unknown, f"marks of unknown clauses: {unknown}"
