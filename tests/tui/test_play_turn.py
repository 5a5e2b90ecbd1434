"""Playing a whole turn through the keyboard, and checking the save it writes."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from typer.testing import CliRunner

from pbem import chain, savefile, store, strict_yaml
from pbem.cli.main import app as cli
from tests.tui.conftest import TURN_SCENARIO, write_game
from tests.tui.kit import battle, finish_turn, move_across_the_river, settle, to_movement
from tui.app import TableApp
from tui.dialogs import HandOverScreen
from tui.launch import make_app

SIZE = (100, 30)


async def play_turn(pilot: Pilot[Any]) -> None:
    app = pilot.app
    assert isinstance(app, TableApp)
    await to_movement(pilot)
    assert any("Bountiful Harvest" in line for chunk in app.turn.chunks for line in chunk.lines)
    await move_across_the_river(pilot)
    assert any("attrition" in line for chunk in app.turn.chunks for line in chunk.lines)
    await battle(pilot)
    prompt = app.current_prompt()
    assert prompt is not None and prompt.step == "retreat" and prompt.role == "blue"
    await finish_turn(pilot)
    await settle(pilot, lambda: isinstance(app.screen, HandOverScreen))
    await pilot.press("enter")                           # liu takes the keyboard
    await settle(pilot, lambda: app.turn is not None and app.turn.role == "white")


def test_a_whole_turn_matches_pbem_apply(tmp_path: Path, players: Any,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    table = tmp_path / "table"
    joined = write_game(table, players, TURN_SCENARIO, table_dice=True)
    batch = tmp_path / "batch"
    batch.mkdir()
    for path in table.glob("*.pbem.yaml"):
        shutil.copy(path, batch / path.name)
    app = make_app(joined)

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await play_turn(pilot)

    asyncio.run(run())
    assert app.written, app.notes
    written = app.written[0]
    assert app.turn is not None and app.turn.prev.sha256 == written.save.sha256
    assert written.path.exists()
    assert not (joined.parent / (joined.name + ".draft.yaml")).exists()
    save = savefile.read(written.path)
    verdict = chain.verify(save, store.candidates(save, [], written.path))
    assert verdict.lines[0].startswith("OK")
    steps = [a["do"] for a in save.actions]
    assert steps == ["start", "negotiate", "end-diplomacy", "levy", "end-levy", "move",
                     "end-movement", "retreat", "end-turn"]
    # the same actions through pbem apply, with a fresh ledger, give the same bytes
    actions = [{**{k: v for k, v in a.items() if k != "dice"},
                **({"dice": [r["d"] for r in a["dice"]]} if a.get("dice") else {})}
               for a in save.actions]
    actions_file = tmp_path / "turn.yaml"
    actions_file.write_text(strict_yaml.dump(actions), encoding="utf-8")
    monkeypatch.setenv("PBEM_DATA_DIR", str(tmp_path / "other-data"))
    result = CliRunner().invoke(cli, ["apply", str(batch / joined.name), str(actions_file)])
    assert result.exit_code == 0, result.output
    assert (batch / written.path.name).read_bytes() == written.path.read_bytes()
