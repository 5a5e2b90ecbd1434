"""The import graph of a tree of Python packages, read with ``ast``, and its circles.

Every import in a file counts, wherever it stands: at the top, inside a function, or
under ``if TYPE_CHECKING:`` (a type-only import still ties the two modules' designs
together). ``from package import name`` imports the submodule ``package.name`` when
there is one, and the package itself otherwise; importing a package imports its
``__init__``, which carries the package's own name.
"""

from __future__ import annotations

import ast
from pathlib import Path


def module_name(root: Path, path: Path, prefix: str) -> str:
    """The dotted name of ``path`` under ``root``, the package ``prefix``."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join([prefix, *parts])


def module_files(roots: dict[str, Path]) -> dict[str, Path]:
    """Module name -> file, for every ``.py`` file under each root (prefix -> folder)."""
    files: dict[str, Path] = {}
    for prefix, root in roots.items():
        for path in sorted(root.rglob("*.py")):
            files[module_name(root, path, prefix)] = path
    return files


def imported(name: str, path: Path, known: set[str] | dict[str, Path]) -> set[str]:
    """The modules of ``known`` that the module ``name`` (file ``path``) imports."""
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
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base
                       for alias in node.names]
        edges.update(target for target in targets if target in known and target != name)
    return edges


def import_graph(roots: dict[str, Path]) -> dict[str, set[str]]:
    """Module -> the modules of the same trees it imports, anywhere in its text."""
    files = module_files(roots)
    return {name: imported(name, path, files) for name, path in files.items()}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), each sorted."""
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
    return sorted(found)


def cycle_in(graph: dict[str, set[str]], group: list[str]) -> list[str]:
    """One closed path through a circle found by ``circles``: a, b, ..., a."""
    members = set(group)
    start = group[0]
    path = [start]
    seen = {start: 0}
    node = start
    while True:
        node = min(nxt for nxt in graph[node] if nxt in members)
        if node in seen:
            return [*path[seen[node]:], node]
        seen[node] = len(path)
        path.append(node)
