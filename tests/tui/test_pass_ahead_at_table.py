"""Passing ahead of one's turn at the table (tui/passing.py): a player asked in a reaction
window after another sees so, presses ``a``, confirms, and her signed pass is written; the
mover, once every pass is beside the save, plays on at the table."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from pbem import identity, keeping, passes_ahead, session
from pbem.savefile import SaveFile
from tests.engine.test_passes_ahead import KIND, SCENARIO
from tests.tui.conftest import forget_key
from tests.tui.kit import dialog_text, region_text, screen_text, settle
from tui.dialogs import ConfirmScreen
from tui.launch import make_app

SIZE = (120, 36)
NAMES = ("ann", "bo", "cy", "di")


def window_at(folder: Path) -> tuple[Path, SaveFile, dict[str, identity.LocalIdentity]]:
    """Ann plays Borrowed Arrows; bo, cy and di are asked in that order."""
    people = {name: identity.keygen(name) for name in NAMES}
    saves = [session.new_game(KIND, people["ann"], [people[n].identity for n in NAMES[1:]],
                              None, SCENARIO, dice="open")]
    for name in NAMES[1:]:
        saves.append(session.join(saves[-1], people[name]))
    made = session.Composer(saves[-1], people["ann"])
    made.act({"do": "play-event", "card": saves[-1].state["hands"]["seat1"][0]})
    saves.append(made.finish())
    return keeping.write_all(saves, folder), saves[-1], people


def test_cy_passes_ahead_of_her_turn_with_a(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    path, request, _ = window_at(tmp_path / "game")
    for name in ("ann", "bo", "di"):
        forget_key(name)
    app = make_app(path, as_name="cy", defer=True)
    seen: dict[str, Any] = {}

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, lambda: app.opened.checked)
            await settle(pilot, lambda: app.ahead is not None)
            seen["before"] = screen_text(app)
            seen["footer"] = region_text(app, app.query_one("Footer"))
            await pilot.press("a")
            await settle(pilot, lambda: isinstance(app.screen, ConfirmScreen))
            seen["confirm"] = dialog_text(app)
            await pilot.press("enter")
            await settle(pilot, lambda: app.ahead is not None and app.ahead.passed)
            seen["after"] = screen_text(app)

    asyncio.run(run())
    before = " ".join(seen["before"].split())
    assert "You are asked after bo: press a to let it go now" in before, before
    assert "Pass now" in seen["footer"]
    assert "final" in " ".join(seen["confirm"].split())
    written = path.parent / passes_ahead.file_name(request.game_id, request.sequence, "seat3")
    given = passes_ahead.read(written)
    passes_ahead.check(app.module, given, request, str(written))
    assert "You let it go ahead of your turn" in " ".join(seen["after"].split())


def test_the_mover_plays_on_once_every_pass_is_beside_the_save(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    path, request, people = window_at(tmp_path / "game")
    for name in ("bo", "cy", "di"):
        given = session.Composer(request, people[name], passes={}).give_pass()
        assert given is not None
        passes_ahead.keep(given, path.parent)
    for name in ("bo", "cy", "di"):
        forget_key(name)
    app = make_app(path, as_name="ann", defer=True)
    seen: dict[str, Any] = {}

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, lambda: app.opened.checked)
            await settle(pilot, lambda: app.turn is not None and bool(app.offers))
            seen["screen"] = screen_text(app)
            seen["actions"] = [a["do"] for a in app.turn.composer.actions] if app.turn \
                else []

    asyncio.run(run())
    assert seen["actions"] == ["passed", "passed", "passed"]
    assert "Playing: ann" in seen["screen"], seen["screen"]


def test_the_help_names_a_only_where_a_pass_ahead_is_offered() -> None:
    """The help tells the `a` key where this player may pass ahead, in both languages."""
    from tui.help import help_text

    assert "let it go now" in help_text(False, passing=True)
    assert "let it go now" not in help_text(False)
    assert "現在就放過" in help_text(False, "zh", passing=True)


def test_the_player_due_lets_it_go_side_by_side_without_a_save(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Bo, asked first, chooses to let it take effect: between homes her table signs a pass
    like the others' (no save), so the passes of cy and di given ahead are not spent."""
    monkeypatch.chdir(tmp_path)
    path, request, _ = window_at(tmp_path / "game")
    for name in ("ann", "cy", "di"):
        forget_key(name)
    app = make_app(path, as_name="bo", defer=True)
    seen: dict[str, Any] = {}

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, lambda: app.turn is not None and bool(app.offers))
            index = next(i for i, spec in enumerate(app.offers) if spec.verb == "pass")
            await pilot.press(str(index + 1))
            await settle(pilot, lambda: isinstance(app.screen, ConfirmScreen))
            await pilot.press("enter")
            await settle(pilot, lambda: app.turn is None and app.passed_here is not None)
            seen["after"] = screen_text(app)

    asyncio.run(run())
    written = path.parent / passes_ahead.file_name(request.game_id, request.sequence, "seat2")
    passes_ahead.check(app.module, passes_ahead.read(written), request, str(written))
    assert not list(path.parent.glob(f"*-{request.sequence + 1:04d}-*.pbem.yaml"))
    assert "You let it go: wrote" in " ".join(seen["after"].split())
