"""A plan made at the table (docs/plans.md): Ann declares a war at her keyboard, her save
goes to Bo's machine for his war card, and the table asks what her pbem should do when the
game is back: her own war card, the end of her Main Phase, her Ending Phase. Her pbem then
carries it out unattended, and Bo learns nothing of it beforehand."""

from __future__ import annotations

import asyncio
import os
import re
import sys
from pathlib import Path
from typing import Any

from pbem import identity, keeping, plans, responses, savefile, session
from pbem.identity import LocalIdentity
from pbem.savefile import SaveFile
from tests.security.kit import labelled_key
from tests.tui.kit import settle
from tests.tui.terminal import Terminal
from tui.dialogs import ConfirmScreen
from tui.launch import make_app
from tui.paramdialog import ParamScreen

KIND = "three-kingdoms-card-game"
ROOT = Path(__file__).resolve().parents[2]
PBEM = f"{sys.executable} -c 'from pbem.cli.main import run; run()'"
SCENARIO = {
    "turn": {"role": "seat1", "start": "main"},
    "seats": {"seat1": {"lord": "cao-cao", "hand": ["assassin.1"],
                        "characters": [{"card": "guan-yu"}]},
              "seat2": {"lord": "liu-bei", "hand": ["sniped.1"], "lands": ["jizhou"],
                        "orders": {"window": "pass"},
                        "characters": [{"card": "xu-chu", "lands": ["jizhou"]}]}},
}


def _game(folder: Path) -> tuple[Path, LocalIdentity, LocalIdentity]:
    """Ann's keys are on this machine; Bo's are not (his pbem is elsewhere)."""
    ann = identity.keygen("ann")
    bo = LocalIdentity("bo", labelled_key("plan at the table bo"))
    first = session.new_game(KIND, ann, [bo.identity], None, SCENARIO, dice="open",
                             game_id="7a" * 16, salt="a" * 32)
    return keeping.write_all([first, session.join(first, bo, "b" * 32)], folder), ann, bo


def _latest(folder: Path) -> SaveFile:
    found = [savefile.read(p) for p in folder.glob("*.pbem.yaml")]
    return max(found, key=lambda save: save.sequence)


def test_a_plan_made_at_the_table_is_carried_out_when_the_game_is_back(
        tmp_path: Path) -> None:
    path, ann, bo = _game(tmp_path / "game")
    app = make_app(path)
    seen: dict[str, Any] = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot, lambda: app.turn is not None
                         and app.current_prompt() is not None)
            verbs = [spec.verb for spec in app.offers]
            await pilot.press(str(verbs.index("attack") + 1))
            await settle(pilot, lambda: isinstance(app.screen, ParamScreen))
            await pilot.press("ctrl+s")  # the defaults: Guan Yu, the first land, war
            await settle(pilot, lambda: isinstance(app.screen, ConfirmScreen))
            seen["finish"] = app.screen.title_text
            await pilot.press("enter")  # write and sign
            await settle(pilot, lambda: isinstance(app.screen, ConfirmScreen)
                         and app.screen.title_text != seen["finish"])
            seen["offer"] = app.screen.title_text
            seen["offer_lines"] = " ".join(str(line) for line in app.screen.lines)
            await pilot.press("enter")  # plan it
            await settle(pilot, lambda: isinstance(app.screen, ParamScreen))
            seen["war_card"] = app.screen.spec.verb
            await pilot.press("ctrl+s")  # her war card: the first, cavalry
            await settle(pilot, lambda: not isinstance(app.screen, ParamScreen | ConfirmScreen))
            seen["notes"] = " ".join(n.text for n in app.notices)

    asyncio.run(run())
    assert seen["offer"] == "Plan for when the game comes back to you?"
    assert "bo" in seen["offer_lines"] and "End the Main Phase" in seen["offer_lines"]
    assert seen["war_card"] == "war-card"
    assert "Plan kept on this machine only" in seen["notes"]
    plan = plans.load("7a" * 16)
    assert plan is not None
    assert [a["do"] for a in plan["then"]] == ["war-card", "end-main", "done"]
    assert plan["then"][0]["card"] == "cavalry"
    mine = _latest(tmp_path / "game")
    assert b"end-main" not in mine.raw  # (the plan is on Ann's machine only)
    assert mine.due is not None and mine.due["role"] == "seat2"
    answered = responses.answer(mine, bo)  # Bo's pbem: his war card by default
    assert answered is not None and answered.due is not None
    assert answered.due["role"] == "seat1"
    carried = responses.answer(answered, ann)  # Ann's pbem plays her plan
    assert carried is not None
    assert [a["do"] for a in carried.actions] == ["war-card", "end-main", "done"]
    assert carried.due is not None and carried.due["role"] == "seat2"
    assert plans.load("7a" * 16) is None  # a plan serves once


def test_a_plan_made_by_keyboard_in_a_real_terminal(tmp_path: Path, monkeypatch: Any) -> None:
    """The same in tmux: `pbem play` on Ann's save, war declared by number keys, signed,
    and the plan offered and kept before the table stops (Bo's turn is elsewhere)."""
    home = tmp_path / "home"
    config, data = home / "config", home / "data"
    monkeypatch.setenv("PBEM_CONFIG_DIR", str(config))
    monkeypatch.setenv("PBEM_DATA_DIR", str(data))
    path, _, _ = _game(tmp_path / "work")
    env = {"HOME": str(home), "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
           "TERM": "xterm-256color", "LANG": "C.UTF-8", "PYTHONPATH": str(ROOT),
           "PBEM_CONFIG_DIR": str(config), "PBEM_DATA_DIR": str(data)}
    term = Terminal(tmp_path / "work", env, size=(120, 40))
    try:
        term.type(f"pbem() {{ {PBEM} \"$@\"; }}; clear")
        term.type(f"clear; pbem play {path.name}; echo \"rc=$? #play\"")
        table = term.wait_for(lambda s: "Send a character to conquer a land" in s, 90)
        number = re.search(r"(\d+)\. Send a character to conquer a land", table)[1]
        term.keys(*number)
        term.wait_for(lambda s: "Do it" in s)
        term.press("C-s")
        term.wait_for(lambda s: "Finish the turn?" in s)
        term.press("Enter")
        offer = term.wait_for(lambda s: "Plan for when the game comes back to you?" in s)
        assert "End the Main Phase" in offer, offer
        term.press("Enter")
        term.wait_for(lambda s: "Your war card, face down" in s)
        term.press("C-s")
        kept = term.wait_for(lambda s: "your plan plays: war-card, end-main, done" in s)
        assert "Traceback" not in kept and "Send it to bo" in kept.replace("send", "Send")
    finally:
        term.close()
    plan = plans.load("7a" * 16)
    assert plan is not None and [a["do"] for a in plan["then"]] == \
        ["war-card", "end-main", "done"]
