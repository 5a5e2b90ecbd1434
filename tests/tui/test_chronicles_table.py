"""Chronicles at one keyboard: the table opens a hot-seat game, shows the position the
game describes (realms and territories) and asks the seat due its season orders."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from pbem import identity, keeping, session
from tests.tui.kit import screen_text, settle
from tui.dialogs import ConfirmScreen, HandOverScreen
from tui.launch import make_app

KIND = "chronicles-of-the-three-kingdoms"


def chronicles(folder: Path) -> Path:
    people = [identity.keygen(f"p{n}", hotseat=True) for n in range(1, 4)]
    saves = [session.new_game(KIND, people[0], [p.identity for p in people[1:]],
                              {"players": 3}, None, game_id="7" * 32, salt="0" * 32)]
    for n, person in enumerate(people[1:], start=1):
        saves.append(session.join(saves[-1], person, f"{n:032x}"))
    return keeping.write_all(saves, folder)


async def _to_the_first_question(app: Any, pilot: Any) -> None:
    """Past the hand-overs and confirmations to the first question put to a seat."""
    for _ in range(12):
        if not isinstance(app.screen, HandOverScreen | ConfirmScreen):
            break
        await pilot.press("enter")
        await settle(pilot)
    await settle(pilot, lambda: app.turn is not None and app.current_prompt() is not None)


def test_the_table_shows_the_realms_and_asks_for_season_orders(tmp_path: Path) -> None:
    """At 120 by 40 the first seat sees the season, its realm's treasury and the rule
    summary of the question it is asked."""
    app = make_app(chronicles(tmp_path))
    seen: dict[str, Any] = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await _to_the_first_question(app, pilot)
            seen["screen"] = screen_text(app)
            seen["prompt"] = app.current_prompt()

    asyncio.run(run())
    prompt = seen["prompt"]
    assert prompt is not None and prompt.step == "season"
    assert "Spring 196" in seen["screen"]
    assert "Cao Cao" in seen["screen"] and "gold" in seen["screen"]
    assert "Round 1/100" in seen["screen"]
    assert "No rule summary" not in seen["screen"] and "sealed" in seen["screen"]


def test_lang_zh_names_the_realms_and_places_in_chinese(tmp_path: Path) -> None:
    """With --lang zh the table names leaders and places in Chinese characters, the areas
    of the territories included (the log may name any of them)."""
    from pbem import games

    named = {entry["id"]: entry["zh"]
             for entry in games.get(KIND).named({"players": 3})}
    assert named["cao-cao"] == "曹操" and named["lo-yang"] == "洛陽"
    app = make_app(chronicles(tmp_path), lang="zh")
    seen: dict[str, Any] = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await _to_the_first_question(app, pilot)
            seen["screen"] = screen_text(app)

    asyncio.run(run())
    assert "曹操" in seen["screen"]
