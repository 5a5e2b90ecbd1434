"""Games started from a scenario on the command line, and action files applied to them."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import yaml
from typer.testing import CliRunner

from pbem.cli.main import app

runner = CliRunner()

# Blue: Cao Cao (main), Liu Bei, Sun Wu. White: Yuan Shao (main), Yuan Shu, Gongsun Zan.
DT_KINGDOMS = {
    "cao-cao": {"owner": "blue", "main": True}, "liu-bei": {"owner": "blue"},
    "sun-wu": {"owner": "blue"}, "yuan-shao": {"owner": "white", "main": True},
    "yuan-shu": {"owner": "white"}, "gongsun-zan": {"owner": "white"},
}


def dt_pieces(**changes: Any) -> dict[str, Any]:
    """Every kingdom on its home ground; ``changes`` replace areas (None: empty)."""
    out: dict[str, Any] = {
        "yanzhou": {"armies": {"cao-cao": 10}, "characters": ["cao-cao", "xiahou-dun"]},
        "pingyuan": {"armies": {"liu-bei": 10}, "characters": ["liu-bei"]},
        "changsha": {"armies": {"sun-wu": 10}, "characters": ["sun-jian"]},
        "bohai": {"armies": {"yuan-shao": 10}, "characters": ["yuan-shao", "wen-chou"]},
        "shouchun": {"armies": {"yuan-shu": 5}, "characters": ["yuan-shu"]},
        "youzhou": {"armies": {"gongsun-zan": 10}, "characters": ["gongsun-zan"]},
        "xiangyang": {"armies": {"liu-biao": 10}, "characters": ["liu-biao"]},
        "liangzhou": {"armies": {"ma-teng": 10}, "characters": ["ma-teng"]},
        "changan": {"armies": {"dong-zhuo": 5}, "characters": ["dong-zhuo"]},
    }
    out.update(changes)
    return {k: v for k, v in out.items() if v is not None}


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
