"""A claim from the table: once another player's deadline and its grace have passed (by
the clock the test sets), the table says so and ``c`` claims, after a confirmation; the
claim is written as ``pbem claim`` writes it, the late seat is shown absent and the game
goes on. Before then, and for the player who owes the answer, ``c`` does nothing."""

from __future__ import annotations

import asyncio
import datetime as dt
import shutil
from pathlib import Path
from typing import Any

import pytest

from pbem import absence, chain, deadlines, identity, keeping, savefile, saving, session, store
from pbem.savefile import SaveFile
from tests.tui.conftest import WHEN, forget_key
from tests.tui.kit import dialog_text, region_text, screen_text, settle
from tests.tui.playing import WITH_TINY_GAMES, play, quit_table
from tui import claiming
from tui.app import TableApp
from tui.dialogs import ConfirmScreen
from tui.help import help_text
from tui.launch import make_app

SIZE = (110, 32)
DEADLINE = {"answer": "1h", "grace": "30m"}
ASKED = deadlines.parse_stamp(WHEN)
TOO_EARLY = ASKED + dt.timedelta(minutes=89)        # late, but inside the grace
CLAIMABLE = ASKED + dt.timedelta(minutes=91)


def race_waiting_on_bob(folder: Path, deadline: dict[str, str] | None = DEADLINE,
                        keep: str = "carol", names: tuple[str, ...] = ("alice", "bob", "carol")
                        ) -> tuple[Path, SaveFile]:
    """A race of three (alice, bob, carol; of two without carol), every runner resting,
    played until bob must run; only ``keep``'s key stays on this machine."""
    people = {name: identity.keygen(name) for name in names}
    kind = "tiny-race-3" if len(names) == 3 else "tiny-race"
    first = session.new_game(kind, people[names[0]], [people[n].identity for n in names[1:]],
                             {"target": 20}, deadline=deadline)
    saves = [first]
    for name in names[1:]:
        saves.append(session.join(saves[-1], people[name]))
    by_role = {p["role"]: people[p["name"]] for p in first.players}
    bob = next(p["role"] for p in first.players if p["name"] == "bob")
    while saves[-1].due is None or saves[-1].due["role"] != bob \
            or saves[-1].due["step"] != "run":
        current = saves[-1]
        assert current.due is not None and len(saves) < 12
        composer = session.Composer(current, by_role[current.due["role"]])
        while composer.my_move():
            composer.act({"do": "rest"})
        saves.append(composer.finish())
    path = keeping.write_all(saves, folder)
    for name in people:
        if name != keep:
            forget_key(name)
    return path, saves[-1]


class Clock:
    """The time both the table (deadlines.now) and the signing (saving.now_utc) see."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, moment: dt.datetime) -> None:
        self.moment = moment
        monkeypatch.setattr(deadlines, "now", lambda: self.moment)
        monkeypatch.setattr(saving, "now_utc", lambda: deadlines.stamp_of(self.moment))


def footer(app: TableApp) -> str:
    return region_text(app, app.query_one("Footer"))


def test_carol_claims_when_bob_is_late(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    path, late = race_waiting_on_bob(tmp_path / "game")
    clock = Clock(monkeypatch, TOO_EARLY)
    monkeypatch.setattr(claiming, "CLAIM_SECONDS", 0.1)   # the table looks again soon
    app = make_app(path, as_name="carol", defer=True)
    seen: dict[str, Any] = {}

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, lambda: app.opened.checked)
            await settle(pilot)
            seen["early"] = screen_text(app)
            seen["early footer"] = footer(app)
            await pilot.press("c")                            # too early: nothing
            await settle(pilot)
            seen["early dialog"] = isinstance(app.screen, ConfirmScreen)
            clock.moment = CLAIMABLE
            await settle(pilot, lambda: app.claim is not None)
            await settle(pilot, lambda: "Claim" in footer(app))
            seen["late"] = screen_text(app)
            await pilot.press("c")
            await settle(pilot, lambda: isinstance(app.screen, ConfirmScreen))
            seen["confirm"] = dialog_text(app)
            await pilot.press("enter")                        # claim
            await settle(pilot, lambda: isinstance(app.screen, ConfirmScreen)
                         and "Claim written" in screen_text(app))
            seen["written"] = dialog_text(app)
            await pilot.press("enter")
            await settle(pilot, lambda: app.turn is not None and bool(app.offers))
            seen["after"] = screen_text(app)
            seen["after footer"] = footer(app)

    asyncio.run(run())
    assert "late since" not in seen["early"] and "Claim" not in seen["early footer"]
    assert not seen["early dialog"]
    flat = " ".join(seen["late"].split())
    assert "bob is late since 2026-11-22 13:00 UTC: press c to claim the deadline passed" \
        in flat, flat
    confirm = " ".join(seen["confirm"].split())
    assert "seat absent" in confirm and "defaults decide for it" in confirm, confirm
    written = " ".join(seen["written"].split())
    assert late.due is not None
    assert f"{late.due['role']} did not answer by the deadline" in written
    assert "Next: carol" in written

    claim_path = path.parent / savefile.file_name(late.game_id, late.sequence + 1,
                                                  app.turn.role if app.turn else "?")
    assert claim_path.exists()
    claim = savefile.read(claim_path)
    assert claim.actions[0]["do"] == "claim" and claim.writer != late.due["role"]
    assert absence.absent(claim.state) == [late.due["role"]]
    verdict = chain.verify(claim, store.candidates(claim, [], claim_path))
    assert verdict.lines[0].startswith("OK"), verdict.lines
    assert app.turn is not None and app.turn.prev.sha256 == claim.sha256
    assert "Playing: carol" in seen["after"] and "absent: bob" in seen["after"]
    assert "Claim" not in seen["after footer"]


def test_a_refused_claim_says_why_and_writes_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The table's clock says a claim is possible, but the claim would be signed with an
    earlier time: pbem refuses it, the table says why in one line, and nothing is written."""
    monkeypatch.chdir(tmp_path)
    path, _ = race_waiting_on_bob(tmp_path / "game")
    Clock(monkeypatch, CLAIMABLE)
    monkeypatch.setattr(saving, "now_utc", lambda: deadlines.stamp_of(TOO_EARLY))
    before = sorted(path.parent.iterdir())
    app = make_app(path, as_name="carol")
    seen: dict[str, Any] = {}

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, lambda: app.claim is not None)
            await pilot.press("c")
            await settle(pilot, lambda: isinstance(app.screen, ConfirmScreen))
            await pilot.press("enter")
            await settle(pilot, lambda: "Not claimed" in screen_text(app))
            seen["screen"] = screen_text(app)

    asyncio.run(run())
    flat = " ".join(seen["screen"].split())
    assert "Not claimed: too early" in flat, flat
    assert sorted(path.parent.iterdir()) == before and not app.written
    assert app.turn is None and app.opened.path == path


def test_a_claim_that_ends_the_game_says_why(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """Of two runners, a claim ends the race by absence: the table says so, in Chinese
    too, and so does the ended save opened again."""
    monkeypatch.chdir(tmp_path)
    path, late = race_waiting_on_bob(tmp_path / "game", keep="alice", names=("alice", "bob"))
    Clock(monkeypatch, CLAIMABLE)
    app = make_app(path, lang="zh")
    seen: dict[str, Any] = {}

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, lambda: app.claim is not None)
            seen["zh"] = screen_text(app)
            await pilot.press("l")                            # in English from here
            await pilot.press("c")
            await settle(pilot, lambda: isinstance(app.screen, ConfirmScreen))
            await pilot.press("enter")
            await settle(pilot, lambda: "Claim written" in screen_text(app))
            seen["written"] = dialog_text(app)
            await pilot.press("enter")
            await settle(pilot, lambda: not isinstance(app.screen, ConfirmScreen)
                         and app.sent is not None)
            seen["after"] = screen_text(app)

    asyncio.run(run())
    assert "bob自2026-11-2213:00UTC起逾期：按c宣告期限已過" in "".join(seen["zh"].split()), \
        seen["zh"]
    gone = late.due["role"] if late.due else "?"
    reason = f"The game ended: absence: {gone} stopped answering."
    assert "The game is over." in seen["written"] and reason in " ".join(seen["written"].split())
    assert reason in " ".join(seen["after"].split()), seen["after"]
    ended = app.written[-1].path
    again = make_app(ended)
    shown: list[str] = []

    async def reopen() -> None:
        async with again.run_test(size=SIZE) as pilot:
            await settle(pilot, lambda: again.opened.checked)
            await settle(pilot)
            shown.append(screen_text(again))

    asyncio.run(reopen())
    flat = " ".join(shown[0].split())
    assert "The game is over" in flat and reason in flat and again.claim is None, flat


@pytest.mark.parametrize(("deadline", "keep", "player"), [
    (DEADLINE, "bob", "bob"), (None, "carol", "carol")])
def test_no_claim_for_the_late_player_nor_without_deadline(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, deadline: dict[str, str] | None,
        keep: str, player: str) -> None:
    """bob, who owes the answer, is offered no claim; in a race without a deadline carol
    is told nothing of it and offered no ``c``, however late."""
    monkeypatch.chdir(tmp_path)
    path, _ = race_waiting_on_bob(tmp_path / "game", deadline, keep)
    Clock(monkeypatch, CLAIMABLE + dt.timedelta(days=30))
    app = make_app(path, as_name=player)
    seen: dict[str, Any] = {}

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, lambda: app.opened.checked)
            await settle(pilot)
            seen["screen"] = screen_text(app)
            seen["footer"] = footer(app)
            await pilot.press("c")
            await settle(pilot)
            seen["dialog"] = isinstance(app.screen, ConfirmScreen)

    asyncio.run(run())
    assert app.claim is None and not seen["dialog"]
    assert "late since" not in seen["screen"] and "Claim" not in seen["footer"], seen
    assert ("Playing: bob" in seen["screen"]) == (player == "bob")


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_claim_in_a_terminal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The real ``pbem play`` by keyboard, with this machine's own clock: bob's answer was
    asked two hours ago; carol presses c, confirms, and plays on."""
    asked = deadlines.now() - dt.timedelta(hours=2)
    monkeypatch.setattr(saving, "now_utc", lambda: deadlines.stamp_of(asked))
    path, late = race_waiting_on_bob(tmp_path / "game")
    term = play(path, tmp_path, size=(120, 32), ready="press c to claim",
                pbem=WITH_TINY_GAMES)
    try:
        term.wait_for(lambda s: "Claim" in s.splitlines()[-1])
        term.press("c")
        confirm = term.wait_for(lambda s: "Claim the deadline passed?" in s)
        assert "seat absent" in " ".join(confirm.split()), confirm
        term.press("Enter")
        written = term.wait_for(lambda s: "Claim written" in s)
        assert "Next: carol" in written, written
        term.press("Enter")
        after = term.wait_for(lambda s: "Playing: carol" in s)
        assert "absent: bob" in after and "Traceback" not in after, after
        quit_table(term)
    finally:
        term.close()
    claims = sorted(path.parent.glob(f"{late.game_id[:8]}-{late.sequence + 1:04d}-*"))
    assert len(claims) == 1
    claim = savefile.read(claims[0])
    assert claim.actions[0]["do"] == "claim" and absence.absent(claim.state) == [
        late.due["role"] if late.due else "?"]


def test_the_help_names_c_only_in_a_game_with_a_deadline() -> None:
    assert "claim that a late player's deadline passed" in help_text(False, deadline=True)
    assert "claim" not in help_text(False) and "claim" not in help_text(True)
    assert "宣告逾期玩家的期限已過" in help_text(False, "zh", deadline=True)
