"""The rules package reads like the rulebook: each section on its own, no import circle.

Sections hand work to each other by pushing a step by name (the registry of ``flow.py``)
or through ``table.py`` and ``sides.py``; a section that imported another would tie the
two together, and a circle of imports would tie them all.
"""

from __future__ import annotations

from pathlib import Path

from tests.importgraph import circles, import_graph

GAME = Path(__file__).resolve().parents[3] / "pbem" / "games" / "dragons_tigers"
PREFIX = "pbem.games.dragons_tigers"


def graph_of(root: Path, prefix: str) -> dict[str, set[str]]:
    """Module -> modules of the same package it imports, anywhere in its text (imports
    inside functions count: they tie modules together as much as the others)."""
    return import_graph({prefix: root})


def section(name: str, prefix: str = PREFIX) -> str | None:
    """The rules section of a module: a section module itself, or the section package
    (``rules.s05_combat``) that holds it; ``None`` outside the rules package."""
    head = f"{prefix}.rules."
    if not name.startswith(head):
        return None
    return head + name[len(head):].split(".")[0]


def crossings(graph: dict[str, set[str]], prefix: str = PREFIX) -> list[str]:
    """Imports from one rules section into another (within a section package, its
    modules may import one another)."""
    return sorted(f"{name} -> {other}" for name in graph for other in graph[name]
                  if section(name, prefix) is not None
                  and section(other, prefix) not in (None, section(name, prefix)))


def test_no_import_circle_in_the_game_package() -> None:
    """No module of the game (rules, flow, table, catalog...) imports itself back through
    others."""
    graph = graph_of(GAME, PREFIX)
    assert f"{PREFIX}.rules.s05_combat.procedure" in graph and f"{PREFIX}.flow" in graph
    assert circles(graph) == []


def test_no_section_imports_another() -> None:
    """A rules section imports no other section: it pushes steps by name instead. The
    modules of a section package (s05_combat) share its code among themselves."""
    graph = graph_of(GAME, PREFIX)
    sections = {section(name) for name in graph} - {None}
    assert len(sections) >= 12 and f"{PREFIX}.rules.s05_combat" in sections
    assert f"{PREFIX}.rules.s05_combat.checks" in graph[f"{PREFIX}.rules.s05_combat.procedure"]
    assert crossings(graph) == []


def test_the_checks_catch_a_circle_and_a_crossing(tmp_path: Path) -> None:
    """The checks above can fail: a package whose sections import each other, one of them
    from inside a function, is caught by both; the modules of a section package may
    import one another, but not another section."""
    rules = tmp_path / "rules"
    (rules / "s03").mkdir(parents=True)
    (tmp_path / "__init__.py").write_text("", encoding="utf-8")
    (rules / "__init__.py").write_text("", encoding="utf-8")
    (rules / "s01.py").write_text("from game.rules import s02\n", encoding="utf-8")
    (rules / "s02.py").write_text("def f():\n    from game.rules.s01 import g\n",
                                  encoding="utf-8")
    (rules / "s03" / "__init__.py").write_text("from game.rules.s03 import a, b\n",
                                               encoding="utf-8")
    (rules / "s03" / "a.py").write_text("from game.rules.s03 import b\nfrom game import flow\n",
                                        encoding="utf-8")
    (rules / "s03" / "b.py").write_text("from game.rules.s02 import h\n", encoding="utf-8")
    (tmp_path / "table.py").write_text("from . import flow\n", encoding="utf-8")
    (tmp_path / "flow.py").write_text("import game.table\n", encoding="utf-8")
    graph = graph_of(tmp_path, "game")
    assert graph["game.rules.s01"] == {"game.rules.s02"}
    assert graph["game.rules.s02"] == {"game.rules.s01"}
    assert graph["game.rules.s03.a"] == {"game.rules.s03.b", "game.flow"}
    assert circles(graph) == [["game.flow", "game.table"], ["game.rules.s01", "game.rules.s02"]]
    assert section("game.rules.s03.a", "game") == "game.rules.s03"
    assert crossings(graph, "game") == ["game.rules.s01 -> game.rules.s02",
                                        "game.rules.s02 -> game.rules.s01",
                                        "game.rules.s03.b -> game.rules.s02"]
