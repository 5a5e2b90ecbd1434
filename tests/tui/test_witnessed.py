"""Witnessed dice at the table: a roll makes the save a request, signed when the player
says so; the other player's pbem answers it (at once when their key is here); the table
says whose answer it awaits and since when, and carries on by itself when the answer
arrives, or when the request is opened again later."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from pbem import chain, keeping, savefile, session, store
from tests.tui.conftest import GAME_ID, TURN_SCENARIO, forget_key, sample_identity
from tests.tui.kit import choose, dialog_text, log_text, offer, screen_text, settle
from tui.app import TableApp
from tui.dialogs import ConfirmScreen
from tui.launch import make_app

SIZE = (100, 30)


def witnessed_game(folder: Path) -> tuple[Path, Any, Any]:
    """Cao Cao's turn from its Mandate roll, with witnessed dice; both keys here."""
    cao = sample_identity("cao", "golden/keys/blue")
    liu = sample_identity("liu", "golden/keys/white")
    first = session.new_game("dragons-tigers", cao, [liu.identity], None, TURN_SCENARIO,
                             dice="witnessed", game_id=GAME_ID, salt="0" * 32)
    # liu's salt is one whose witnessed Mandate roll leads on to diplomacy: a witnessed
    # roll depends on the request's bytes, so a change in what a save holds may call for
    # another salt
    return keeping.write_all([first, session.join(first, liu, "0" * 31 + "7")], folder), cao, liu


def request_dialog(app: TableApp) -> bool:
    return isinstance(app.screen, ConfirmScreen) and \
        "Sign the roll request?" in screen_text(app)


def test_hot_seat_requests_are_answered_at_once(tmp_path: Path) -> None:
    joined, _, _ = witnessed_game(tmp_path)
    app = make_app(joined)
    seen: dict[str, str] = {}

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, lambda: request_dialog(app))  # the opening rolls wait
            seen["request"] = dialog_text(app)
            await pilot.press("enter")                         # sign it: liu answers here
            await settle(pilot, lambda: app.turn is not None and bool(app.offers))
            seen["status"] = screen_text(app).splitlines()[1]
            await pilot.press(*offer(app, "negotiate", character="cao-cao",
                                     target="gongsun-zan"))
            await settle(pilot, lambda: request_dialog(app))  # a die: another request
            await pilot.press("enter")
            await settle(pilot, lambda: app.turn is not None and bool(app.offers)
                         and len(app.written) == 4)
            seen["log"] = log_text(app)

    asyncio.run(run())
    assert "In a game with witnessed dice nobody sees a roll before it counts" in \
        seen["request"] and "Their keys are on this machine" in seen["request"]
    assert "witnessed dice" in seen["status"] and "Playing: cao" in seen["status"]
    saves = [w.save for w in app.written]
    assert [(s.writer, s.due["step"] if s.due else None) for s in saves] == [
        ("blue", "witness"), ("white", "diplomacy"), ("blue", "witness"),
        ("white", "diplomacy")]
    assert saves[0].pending == {"by": "blue", "request": None, "action": {"do": "start"}}
    assert saves[2].pending is not None and saves[2].pending["action"]["do"] == "negotiate"
    assert "Gongsun Zan" in seen["log"]                        # the negotiation's outcome
    verdict = chain.verify(saves[-1], store.candidates(saves[-1], [], app.written[-1].path))
    assert verdict.lines[0].startswith("OK")


def test_taking_a_request_back_writes_nothing(tmp_path: Path) -> None:
    joined, _, _ = witnessed_game(tmp_path)
    app = make_app(joined)

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, lambda: request_dialog(app))
            await pilot.press("enter")
            await settle(pilot, lambda: bool(app.offers))
            before = len(app.written)
            await pilot.press(*offer(app, "negotiate", character="cao-cao",
                                     target="gongsun-zan"))
            await settle(pilot, lambda: request_dialog(app))
            await pilot.press("escape")                        # take it back
            await settle(pilot, lambda: not isinstance(app.screen, ConfirmScreen))
            assert len(app.written) == before and not app.turn.waiting()
            assert "Taken back:" in log_text(app)
            await choose(pilot, "end-diplomacy")               # the turn goes on

    asyncio.run(run())
    assert app.turn is not None and app.turn.prompt().step == "levy"


def answer_as_inbox(request: Path, liu: Any) -> Path:
    """liu's pbem answers the request on liu's machine; the answer arrives here and is
    filed in the local store, as pbem inbox or pbem watch file it."""
    save = savefile.read(request)
    answer = session.witness(save, liu)
    return store.keep(answer)


def test_a_remote_witness_is_awaited_and_the_table_carries_on(tmp_path: Path) -> None:
    joined, _, liu = witnessed_game(tmp_path)
    forget_key("liu")                                          # liu plays on his machine
    app = make_app(joined)
    seen: dict[str, str] = {}

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, lambda: request_dialog(app))
            seen["request"] = dialog_text(app)
            await pilot.press("enter")
            await settle(pilot, lambda: app.waiting is not None)
            seen["waiting"] = screen_text(app)
            assert app.turn is None and not app.offers
            answer_as_inbox(app.written[0].path, liu)
            await settle(pilot, lambda: app.turn is not None and bool(app.offers), 400)
            seen["after"] = screen_text(app)

    asyncio.run(run())
    assert "carries on by itself when they arrive" in seen["request"]
    flat = " ".join(seen["waiting"].split())
    assert "Waiting for liu's pbem (answer cao's request (Mandate of Heaven" in flat
    assert "since 2026-11-22T12:00:00Z" in flat
    assert "Waiting for liu" in seen["waiting"].splitlines()[1]
    assert "Playing: cao" in seen["after"] and "Waiting" not in seen["after"]
    assert app.turn is not None and app.turn.prompt().step == "diplomacy"


def test_a_request_opened_again_carries_on(tmp_path: Path) -> None:
    joined, _, liu = witnessed_game(tmp_path)
    forget_key("liu")
    first = make_app(joined)

    async def sign() -> None:
        async with first.run_test(size=SIZE) as pilot:
            await settle(pilot, lambda: request_dialog(first))
            await pilot.press("enter")
            await settle(pilot, lambda: first.waiting is not None)
            await pilot.press("q")

    asyncio.run(sign())
    request = first.written[0].path
    assert "open " + str(request) + " again to carry on" in (first.return_value or "")
    answer_as_inbox(request, liu)
    again = make_app(request)

    async def reopen() -> None:
        async with again.run_test(size=SIZE) as pilot:
            await settle(pilot, lambda: again.turn is not None and bool(again.offers), 100)

    asyncio.run(reopen())
    assert again.turn is not None and again.turn.role == "blue"
    assert again.turn.prev.sequence == savefile.read(request).sequence + 1


@pytest.mark.parametrize("mode", ["witnessed", "open", "table"])
def test_the_header_names_the_dice(tmp_path: Path, mode: str) -> None:
    cao = sample_identity("cao", "golden/keys/blue")
    liu = sample_identity("liu", "golden/keys/white")
    first = session.new_game("dragons-tigers", cao, [liu.identity], None, TURN_SCENARIO,
                             dice=mode, game_id=GAME_ID)
    app = make_app(keeping.write_all([first, session.join(first, liu)], tmp_path))
    shown: list[str] = []

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, lambda: app.opened.checked)
            await settle(pilot)
            shown.append(screen_text(app).splitlines()[1])

    asyncio.run(run())
    words = {"witnessed": "witnessed dice", "open": "open dice", "table": "TABLE DICE"}
    assert words[mode] in shown[0]


def test_the_save_before_the_request_opened_again_carries_on_too(tmp_path: Path) -> None:
    """The save cao answered with his request: opened again once the witness has
    answered, the table follows the game to cao's turn instead of refusing to fork it."""
    joined, _, liu = witnessed_game(tmp_path)
    forget_key("liu")
    first = make_app(joined)

    async def sign() -> None:
        async with first.run_test(size=SIZE) as pilot:
            await settle(pilot, lambda: request_dialog(first))
            await pilot.press("enter")
            await settle(pilot, lambda: first.waiting is not None)

    asyncio.run(sign())
    answer_as_inbox(first.written[0].path, liu)
    again = make_app(joined)

    async def reopen() -> None:
        async with again.run_test(size=SIZE) as pilot:
            await settle(pilot, lambda: again.turn is not None and bool(again.offers), 100)

    asyncio.run(reopen())
    assert again.turn is not None and again.turn.prev.sequence == 3
    assert again.turn.prompt().step == "diplomacy"


def test_three_players_answers_side_by_side_and_the_table_carries_on(tmp_path: Path) -> None:
    """Three players, the two others on their own machines: the table waits for both
    answers (given side by side), and once the second is filed here it carries cao's
    action on with both answers, ready for his next decision."""
    from pbem import witness_answers

    cao = sample_identity("cao", "golden/keys/blue")
    liu = sample_identity("liu", "golden/keys/white")
    sun = sample_identity("sun", "golden-redux/keys/wu")
    first = session.new_game("dragons-tigers", cao, [liu.identity, sun.identity], None,
                             dice="witnessed", game_id=GAME_ID, salt="0" * 32)
    second = session.join(first, liu, "0" * 31 + "1")
    joined = keeping.write_all([first, second, session.join(second, sun, "0" * 31 + "2")],
                               tmp_path)
    forget_key("liu")
    forget_key("sun")
    app = make_app(joined)
    seen: dict[str, str] = {}

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, lambda: request_dialog(app))
            await pilot.press("enter")
            await settle(pilot, lambda: app.waiting is not None)
            request = savefile.read(app.written[0].path)
            folder = store.game_folder(request.game_id)
            witness_answers.keep(witness_answers.make(request, liu, "white"), folder)
            await pilot.pause(1.5)                              # one answer: still waiting
            seen["one"] = screen_text(app)
            assert app.waiting is not None and len(app.written) == 1
            witness_answers.keep(witness_answers.make(request, sun, "vermilion"), folder)
            await settle(pilot, lambda: app.waiting is None, 100)
            await settle(pilot)

    asyncio.run(run())
    assert "Waiting for" in seen["one"]
    # (with these keys and salts the opening's draft order gives cao the first decision)
    assert app.turn is not None and app.turn.composer.carrying_on
    carried = app.turn.composer
    assert list(carried.actions[0]["answers"]) == ["white", "vermilion"]
    assert carried.actions[0]["dice"] and app.turn.prompt() is not None
    assert [w.save.writer for w in app.written] == ["blue"]   # only the request so far
