"""Where a save ends: "finish" before a hand-over says why not; the finish dialog puts the
key results first (when the game gives them) and then the whole log, uncut; the table and
``pbem apply`` carry on each other's drafts."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Static
from typer.testing import CliRunner

from pbem import drafts, games, savefile, strict_yaml
from pbem.cli.main import app as cli
from pbem.engine import GameModule
from tests.tui.kit import (
    battle,
    choose,
    log_text,
    move_across_the_river,
    screen_text,
    settle,
    start_table_turn,
    table_game,
    to_movement,
)
from tui.dialogs import ConfirmScreen
from tui.launch import make_app

SIZE = (100, 30)


def test_finish_before_the_hand_over_says_why_not(tmp_path: Path, players: Any) -> None:
    app = make_app(table_game(tmp_path, players))
    dialogs: list[bool] = []

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await start_table_turn(pilot)
            await pilot.press("f")
            await settle(pilot)
            dialogs.append(isinstance(app.screen, ConfirmScreen))
            last.append(log_text(app).splitlines()[-1])

    last: list[str] = []
    asyncio.run(run())
    assert dialogs == [False] and not app.written
    assert last[0] == (
        "Not yet: your turn goes on: a save ends where another player must act (negotiate, "
        "or end diplomacy).")


def _body(app: Any) -> str:
    content = app.screen.query_one("#body Static", Static).content
    return str(getattr(content, "plain", content))


def test_the_finish_dialog_shows_key_results_first_then_the_whole_log(
        tmp_path: Path, players: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    module = type(games.get("dragons-tigers"))

    def key_results(self: Any, log: list[str]) -> list[str]:
        return [line.strip() for line in log if "controls" in line]

    monkeypatch.setattr(module, "key_results", key_results)
    app = make_app(table_game(tmp_path, players))
    seen: dict[str, Any] = {}

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await to_movement(pilot)
            await move_across_the_river(pilot)
            await battle(pilot)
            await choose(pilot, "retreat", to="yanzhou")
            await choose(pilot, "end-turn", 3, 2)          # White Tiger is next
            await settle(pilot, lambda: isinstance(app.screen, ConfirmScreen))
            seen["lines"] = app.turn.log_lines()
            seen["body"] = _body(app)
            seen["top"] = screen_text(app)
            for _ in range(12):
                await pilot.press("pagedown")
            await settle(pilot)
            seen["bottom"] = screen_text(app)

    asyncio.run(run())
    body = seen["body"].splitlines()
    assert body[0] == "Key results:"
    assert body[1] == "  Liu Bei 劉備 controls Pingyuan 平原 (6(B))"
    assert body[2].startswith("Next: liu (White Tiger 白虎):")
    assert body[3] == f"The whole log of this turn, {len(seen['lines'])} lines (↑ ↓ PgUp PgDn " \
                      "scroll through it all):"
    assert body[4:] == seen["lines"], "the log is cut or changed"
    assert len(seen["lines"]) > 20                         # longer than the dialog
    assert "Key results:" in seen["top"]
    last = seen["lines"][-1].split()[-3:]
    assert " ".join(last) in " ".join(seen["bottom"].split()), "the end is out of reach"


def test_without_a_summary_the_dialog_shows_the_whole_log(
        tmp_path: Path, players: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(type(games.get("dragons-tigers")), "key_results", GameModule.key_results)
    app = make_app(table_game(tmp_path, players))
    seen: dict[str, str] = {}

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await start_table_turn(pilot)
            for verb in ("end-diplomacy", "end-levy", "end-movement"):
                await choose(pilot, verb)
            await choose(pilot, "end-turn", 3, 2)
            await settle(pilot, lambda: isinstance(app.screen, ConfirmScreen))
            seen["body"] = _body(app)

    asyncio.run(run())
    body = seen["body"].splitlines()
    assert body[0].startswith("Next: liu") and "Key results" not in seen["body"]
    assert body[1].startswith("The whole log of this turn, ")
    assert body[2:] == app.turn.log_lines()


def _actions_file(path: Path, actions: list[dict[str, Any]]) -> Path:
    path.write_text(strict_yaml.dump(actions), encoding="utf-8")
    return path


def test_pbem_apply_carries_on_the_tables_draft(tmp_path: Path, players: Any) -> None:
    save = table_game(tmp_path / "game", players)
    app = make_app(save)

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await start_table_turn(pilot)
            await choose(pilot, "negotiate", 6, character="cao-cao", target="gongsun-zan")
            await pilot.press("q")

    asyncio.run(run())
    draft = drafts.load(drafts.draft_path(save), savefile.read(save).sha256, "blue")
    assert draft is not None and [a["do"] for a in draft.actions] == ["start", "negotiate"]
    rest = _actions_file(tmp_path / "rest.yaml", [
        {"do": "end-diplomacy"}, {"do": "end-levy"}, {"do": "end-movement"},
        {"do": "end-turn", "dice": [3, 2]}])
    result = CliRunner().invoke(cli, ["apply", str(save), str(rest)])
    assert result.exit_code == 0, result.output
    written = savefile.read(next(save.parent.glob("77777777-0002-blue.pbem.yaml")))
    assert [a["do"] for a in written.actions] == ["start", "negotiate", "end-diplomacy",
                                                  "end-levy", "end-movement", "end-turn"]
    assert written.actions[1]["dice"][0]["d"] == 6          # the die typed at the table
    assert not drafts.draft_path(save).exists()


def test_the_table_carries_on_the_draft_of_pbem_apply(tmp_path: Path, players: Any) -> None:
    save = table_game(tmp_path / "game", players)
    part = _actions_file(tmp_path / "part.yaml", [
        {"do": "start", "dice": [1]},
        {"do": "negotiate", "character": "cao-cao", "target": "gongsun-zan", "dice": [6]}])
    result = CliRunner().invoke(cli, ["apply", str(save), str(part)])
    assert result.exit_code == 0, result.output
    assert "Your turn goes on" in result.output and drafts.draft_path(save).exists()
    app = make_app(save)

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, lambda: isinstance(app.screen, ConfirmScreen))
            assert "A turn was being composed on this save" in screen_text(app)
            await pilot.press("enter")                     # resume
            await settle(pilot, lambda: not isinstance(app.screen, ConfirmScreen))
            assert "Resumed 2 actions from the draft." in log_text(app)
            for verb in ("end-diplomacy", "end-levy", "end-movement"):
                await choose(pilot, verb)
            await choose(pilot, "end-turn", 3, 2)
            await settle(pilot, lambda: isinstance(app.screen, ConfirmScreen))
            await pilot.press("enter")
            await settle(pilot, lambda: bool(app.written))

    asyncio.run(run())
    signed = app.written[0].save
    assert [a["do"] for a in signed.actions][:2] == ["start", "negotiate"]
    assert signed.actions[1]["dice"][0]["d"] == 6
