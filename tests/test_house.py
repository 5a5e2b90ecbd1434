"""The shape of the code: no import circle anywhere in pbem/ and tui/, no module too long.

Every import counts, wherever it stands in a file: inside a function (an import moved
there to dodge a circle still ties the two modules together) or under ``if
TYPE_CHECKING:`` (a type-only import ties their designs together). Parts that need each
other's types share a small protocol or a module of their own instead.
"""

from __future__ import annotations

from pathlib import Path

from tests.importgraph import circles, cycle_in, import_graph, module_files

ROOT = Path(__file__).resolve().parents[1]
TREES = {"pbem": ROOT / "pbem", "tui": ROOT / "tui"}
LONGEST = 600


def describe(graph: dict[str, set[str]]) -> list[str]:
    """Each circle of ``graph`` as one closed path, a -> b -> ... -> a."""
    return [" -> ".join(cycle_in(graph, group)) for group in circles(graph)]


def test_no_import_circle_in_pbem_and_tui() -> None:
    graph = import_graph(TREES)
    assert len(graph) > 200
    assert "tui.painting" in graph["tui.app"] and "pbem.engine" in graph["pbem.gameplay"]
    assert describe(graph) == []


def test_no_module_is_over_600_lines() -> None:
    files = module_files(TREES)
    assert len(files) > 200
    lengths = {name: len(path.read_text(encoding="utf-8").splitlines())
               for name, path in files.items()}
    assert sorted(f"{name}: {n} lines" for name, n in lengths.items() if n > LONGEST) == []


def test_the_cycle_finder_names_a_circle() -> None:
    """A circle of three, another of two and a module outside both are told apart."""
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set(),
             "e": {"f"}, "f": {"e", "d"}}
    assert circles(graph) == [["a", "b", "c"], ["e", "f"]]
    assert describe(graph) == ["a -> b -> c -> a", "e -> f -> e"]
    assert describe({"a": {"b"}, "b": {"c"}, "c": set()}) == []


def test_every_kind_of_import_is_an_edge(tmp_path: Path) -> None:
    """Imports inside functions and under TYPE_CHECKING count; ``from package import
    submodule`` imports the submodule, ``from package import name`` the package."""
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("from pkg.util import helper\n", encoding="utf-8")
    (pkg / "util.py").write_text("def helper():\n    from pkg import sub\n",
                                 encoding="utf-8")
    (pkg / "sub" / "__init__.py").write_text("", encoding="utf-8")
    (pkg / "sub" / "one.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from pkg.sub import two\n", encoding="utf-8")
    (pkg / "sub" / "two.py").write_text("from . import one\nfrom .. import helper\n"
                                        "import os\n", encoding="utf-8")
    graph = import_graph({"pkg": pkg})
    assert graph == {"pkg": {"pkg.util"}, "pkg.util": {"pkg.sub"}, "pkg.sub": set(),
                     "pkg.sub.one": {"pkg.sub.two"},
                     "pkg.sub.two": {"pkg.sub.one", "pkg"}}
    assert describe(graph) == ["pkg.sub.one -> pkg.sub.two -> pkg.sub.one"]
