"""The rules package reads like the rulebook: each section on its own, no import circle.

Sections hand work to each other by pushing a step by name (the registry of ``flow.py``)
or through ``table.py`` and ``sides.py``; a section that imported another would tie the
two together, and a circle of imports would tie them all.
"""

from __future__ import annotations

import ast
from pathlib import Path

GAME = Path(__file__).resolve().parents[3] / "pbem" / "games" / "dragons_tigers"
PREFIX = "pbem.games.dragons_tigers"


def module_name(root: Path, path: Path, prefix: str) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join([prefix, *parts])


def import_graph(root: Path, prefix: str) -> dict[str, set[str]]:
    """Module -> modules of the same package it imports, anywhere in its text (imports
    inside functions count: they tie modules together as much as the others)."""
    files = {module_name(root, path, prefix): path for path in sorted(root.rglob("*.py"))}
    graph: dict[str, set[str]] = {}
    for name, path in files.items():
        package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        edges: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")
                    anchor = anchor[:len(anchor) - node.level + 1]
                    base = ".".join([*anchor, base]) if base else ".".join(anchor)
                targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in files else base
                           for alias in node.names]
            edges.update(target for target in targets if target in files and target != name)
        graph[name] = edges
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_import_circle_in_the_game_package() -> None:
    """No module of the game (rules, flow, table, catalog...) imports itself back through
    others."""
    graph = import_graph(GAME, PREFIX)
    assert f"{PREFIX}.rules.s05_combat" in graph and f"{PREFIX}.flow" in graph
    assert circles(graph) == []


def test_no_section_imports_another() -> None:
    """A rules section imports no other section: it pushes steps by name instead."""
    graph = import_graph(GAME, PREFIX)
    sections = {name for name in graph if name.startswith(f"{PREFIX}.rules.")}
    assert len(sections) >= 12
    crossing = sorted(f"{name} -> {other}" for name in sections
                      for other in graph[name] if other in sections)
    assert crossing == []


def test_the_checks_catch_a_circle_and_a_crossing(tmp_path: Path) -> None:
    """The checks above can fail: a package whose sections import each other, one of them
    from inside a function, is caught by both."""
    rules = tmp_path / "rules"
    rules.mkdir()
    (tmp_path / "__init__.py").write_text("", encoding="utf-8")
    (rules / "__init__.py").write_text("", encoding="utf-8")
    (rules / "s01.py").write_text("from game.rules import s02\n", encoding="utf-8")
    (rules / "s02.py").write_text("def f():\n    from game.rules.s01 import g\n",
                                  encoding="utf-8")
    (tmp_path / "table.py").write_text("from . import flow\n", encoding="utf-8")
    (tmp_path / "flow.py").write_text("import game.table\n", encoding="utf-8")
    graph = import_graph(tmp_path, "game")
    assert graph["game.rules.s01"] == {"game.rules.s02"}
    assert graph["game.rules.s02"] == {"game.rules.s01"}
    assert circles(graph) == [["game.flow", "game.table"], ["game.rules.s01", "game.rules.s02"]]
