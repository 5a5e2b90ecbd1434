"""A mistyped file or one that is not a save: one line, a non-zero exit, no table."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from pbem.cli.main import _register_extras
from pbem.cli.main import app as cli
from pbem.errors import FormatError
from tui import launch

_register_extras()


@pytest.fixture
def no_table(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """Record any attempt to run the table (none may happen)."""
    opened: list[Path] = []

    def refuse(self: object) -> None:
        opened.append(Path("."))
        raise AssertionError("a table was opened")

    monkeypatch.setattr(launch.TableApp, "run", refuse)
    return opened


@pytest.mark.parametrize("command", ["play", "review"])
def test_a_missing_file(command: str, tmp_path: Path, no_table: list[Path],
                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, [command, "nope.pbem.yaml"])
    assert result.exit_code == 3
    assert result.stdout == ""
    assert result.stderr == "pbem: bad file: nope.pbem.yaml: no such file\n"
    assert no_table == []


@pytest.mark.parametrize("content", [b"just some text\n", b"", "ä".encode("latin-1")])
def test_a_file_that_is_not_a_save(content: bytes, tmp_path: Path,
                                   no_table: list[Path]) -> None:
    path = tmp_path / "turn.pbem.yaml"
    path.write_bytes(content)
    result = CliRunner().invoke(cli, ["play", str(path)])
    assert result.exit_code == 3, result.output
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"pbem: bad file: {path}: ")
    assert "Traceback" not in result.output
    assert no_table == []


def test_a_folder(tmp_path: Path, no_table: list[Path]) -> None:
    result = CliRunner().invoke(cli, ["play", str(tmp_path)])
    assert result.exit_code == 3
    assert result.output.count("\n") == 1 and "bad file" in result.output


def test_make_app_refuses_before_any_table(tmp_path: Path) -> None:
    with pytest.raises(FormatError):
        launch.make_app(tmp_path / "missing.pbem.yaml")
