"""``pbem apply`` of a lone pass by a player a reaction window asks after another: a signed
pass file, no save (pbem/passes_ahead.py); the player asked next folds the passes in with
her own ``pbem apply``. At one keyboard holding every key, a pass is a save as ever."""

from __future__ import annotations

from pathlib import Path

import pytest

from pbem import passes_ahead, savefile
from tests.cli.test_commands import pbem
from tests.tui.conftest import forget_key
from tests.tui.test_pass_ahead_at_table import window_at


def run(*args: object) -> str:
    return pbem(*(str(a) for a in args))[1]


def test_a_pass_ahead_is_a_file_and_the_next_apply_takes_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    path, request, _ = window_at(tmp_path / "game")
    forget_key("ann")  # nobody here holds every key: the players live apart
    turn = tmp_path / "pass.yaml"
    turn.write_text("- {do: pass}\n")
    out = run("apply", path, turn, "--as", "cy")
    written = path.parent / passes_ahead.file_name(request.game_id, request.sequence, "seat3")
    assert f"wrote {written}" in out
    assert passes_ahead.read(written).role == "seat3"
    assert sorted(path.parent.glob(f"*-{request.sequence + 1:04d}-*")) == []  # no save
    run("apply", path, turn, "--as", "bo")
    run("apply", path, turn, "--as", "di")
    shown = run("show", path, "--as", "di", "--json")
    assert '"ahead"' in shown
    end = tmp_path / "end.yaml"
    end.write_text("- {do: end-main}\n")
    code, out = pbem("apply", str(path), str(end), "--as", "di", ok=False)
    assert code != 0 and "Wrote" not in out  # not hers: ann is asked after the passes


def test_at_one_keyboard_a_pass_is_a_save(tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    path, request, _ = window_at(tmp_path / "game")
    turn = tmp_path / "pass.yaml"
    turn.write_text("- {do: pass}\n")
    run("apply", path, turn)
    saves = sorted(path.parent.glob(f"*-{request.sequence + 1:04d}-*.pbem.yaml"))
    assert len(saves) == 1 and savefile.read(saves[0]).actions == [{"do": "pass"}]
    assert not list(path.parent.glob("*.pbem-ahead.yaml"))
