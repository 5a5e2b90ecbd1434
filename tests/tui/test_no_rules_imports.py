"""The table renders what the engine describes: it must not import any game's rules."""

from __future__ import annotations

import ast
from pathlib import Path

TUI = Path(__file__).resolve().parents[2] / "tui"
ALLOWED_GAME_IMPORTS = {"pbem.games"}


def imported_modules(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.append(node.module)
            names += [f"{node.module}.{alias.name}" for alias in node.names]
    return names


def test_tui_imports_no_game_module() -> None:
    files = sorted(TUI.rglob("*.py"))
    assert files
    offenders = []
    for path in files:
        for name in imported_modules(path):
            if name.startswith("pbem.games.") and name not in ALLOWED_GAME_IMPORTS:
                offenders.append(f"{path.name}: {name}")
    assert not offenders, offenders


def test_the_check_catches_a_rules_import(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("from pbem.games.dragons_tigers.rules import s05_combat\n", encoding="utf-8")
    assert any(n.startswith("pbem.games.dragons_tigers") for n in imported_modules(bad))
