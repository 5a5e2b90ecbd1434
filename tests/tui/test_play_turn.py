"""Playing a whole turn through the keyboard, and checking the save it writes."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, OptionList
from typer.testing import CliRunner

from pbem import chain, savefile, store, strict_yaml
from pbem.cli.main import app as cli
from tests.tui.conftest import TURN_SCENARIO, write_game
from tui.app import TableApp
from tui.dialogs import ConfirmScreen
from tui.launch import make_app
from tui.paramdialog import DiceScreen, ParamScreen, TickList

SIZE = (100, 30)


async def roll(pilot: Pilot[Any], *values: int) -> None:
    """Type table dice into the dice dialog: the first for the roll asked, the rest for the
    rolls that follow."""
    if values:
        await pilot.pause()
        assert isinstance(pilot.app.screen, DiceScreen), pilot.app.screen
        keys = [k for v in values for k in (str(v), "space")]
        await pilot.press(*keys[:-1], "enter")
    await pilot.pause()


def offer(app: TableApp, verb: str, **fixed: Any) -> str:
    """The key that chooses the offer of ``verb`` with these fixed arguments."""
    for index, spec in enumerate(app.offers):
        if spec.verb == verb and all(spec.fixed.get(k) == v for k, v in fixed.items()):
            return str(index + 1)
    raise AssertionError(f"{verb} {fixed} not offered: {[s.verb for s in app.offers]}")


async def choose(pilot: Pilot[Any], verb: str, *dice: int, **fixed: Any) -> None:
    app = pilot.app
    assert isinstance(app, TableApp)
    await pilot.press(offer(app, verb, **fixed))
    await roll(pilot, *dice)


async def play_turn(pilot: Pilot[Any]) -> None:
    app = pilot.app
    assert isinstance(app, TableApp)
    await pilot.pause()
    await choose(pilot, "start", 1)                    # Mandate: north, Bountiful Harvest
    assert any("Bountiful Harvest" in line for chunk in app.turn.chunks for line in chunk.lines)
    await choose(pilot, "negotiate", 6, character="cao-cao", target="gongsun-zan")
    await choose(pilot, "end-diplomacy")
    await pilot.press(offer(app, "levy", area="yanzhou"))
    await pilot.pause()
    assert isinstance(app.screen, ParamScreen)
    await pilot.press("enter")                          # the default: every army allowed
    await pilot.pause()
    await choose(pilot, "end-levy")
    # move three characters and 17 armies across the river into Pingyuan
    await pilot.press(offer(app, "move", **{"from": "yanzhou"}))
    await pilot.pause()
    dialog = app.screen
    assert isinstance(dialog, ParamScreen)
    spec = dialog.spec
    who = [o.value for o in spec.params[0].options]
    picks = ["cao-cao", "xiahou-dun", "xiahou-yuan"]
    selection = dialog.query_one("#p0", TickList)
    selection.focus()
    for index in range(len(who)):
        if who[index] in picks:
            await pilot.press("space")
        await pilot.press("down")
    await pilot.press("tab")
    paths = [o.value for o in spec.params[1].options]
    assert dialog.query_one("#p1", OptionList).has_focus
    dialog.query_one("#p1", OptionList).highlighted = 0
    await pilot.press(*["down"] * paths.index(["pingyuan"]), "enter")
    armies = dialog.query_one("#p2", Input)
    assert armies.has_focus
    await pilot.press("end", *["backspace"] * 4, "1", "7", "enter")
    await pilot.pause()
    assert not isinstance(app.screen, ParamScreen), app.screen
    assert any("attrition" in line for chunk in app.turn.chunks for line in chunk.lines)
    await choose(pilot, "end-movement", 4, 2, 5, 3, 6, 1, 4, 2, 5, 3, 6, 1)
    prompt = app.current_prompt()
    assert prompt is not None and prompt.step == "retreat" and prompt.role == "blue"
    await choose(pilot, "retreat", to="yanzhou")
    await choose(pilot, "end-turn", 4, 2)
    await pilot.press("f")
    await pilot.pause()
    assert isinstance(app.screen, ConfirmScreen)
    await pilot.press("enter")
    for _ in range(20):
        await pilot.pause(0.05)
        if app.written:
            break


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
