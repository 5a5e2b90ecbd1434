"""Games started from a scenario on the command line, and action files applied to them."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import yaml
from typer.testing import CliRunner

from pbem.cli.main import app
from tests.games.dragons_tigers.kit import home_ground

runner = CliRunner()

# Blue: Cao Cao (main), Liu Bei, Sun Wu. White: Yuan Shao (main), Yuan Shu, Gongsun Zan.
DT_KINGDOMS = {
    "cao-cao": {"owner": "blue", "main": True}, "liu-bei": {"owner": "blue"},
    "sun-wu": {"owner": "blue"}, "yuan-shao": {"owner": "white", "main": True},
    "yuan-shu": {"owner": "white"}, "gongsun-zan": {"owner": "white"},
}


dt_pieces = home_ground


def invoke(*args: Any) -> tuple[int, str, str]:
    """Run pbem: the exit code, stdout and stderr; never a traceback."""
    result = runner.invoke(app, [str(a) for a in args])
    assert "Traceback" not in result.output, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        repr(result.exception))
    if result.exit_code != 0:
        assert result.stderr.count("\n") == 1, result.stderr  # one line
    return result.exit_code, result.stdout, result.stderr


def new_game(folder: Path, kind: str, scenario: dict[str, Any], *options: str) -> Path:
    """A hot-seat game of ``kind`` from ``scenario`` in ``folder``: its latest save."""
    folder.mkdir(parents=True, exist_ok=True)
    os.chdir(folder)
    (folder / "scenario.yaml").write_text(yaml.safe_dump(scenario))
    code, _, err = invoke("new", kind, "--hotseat", "--scenario", "scenario.yaml", "-o",
                            "game", *options)
    assert code == 0, err
    return sorted((folder / "game").glob("*.pbem.yaml"))[-1]


def apply(save: Path, actions: list[dict[str, Any]] | str, dry: bool = True,
          name: str = "turn.yaml") -> tuple[int, str, str]:
    """``pbem apply SAVE FILE`` with ``actions`` (a list, or the file's text); by default
    ``--dry-run``, so that one save takes many attempts."""
    path = save.parent.parent / name
    path.write_text(actions if isinstance(actions, str) else yaml.safe_dump(actions))
    return invoke("apply", save, path, *(["--dry-run"] if dry else []))


def tree(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` with its bytes (to prove nothing was written)."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file()}
