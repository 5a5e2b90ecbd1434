"""The Three Kingdoms Card Game at the table: panes the game draws from its view as side
tabs (the player's hand, the table, the lands, the chain), a status line naming whose
turn it is, a rules summary for every step, and a layout that still reads at 80×24 with
six players."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from textual.widgets import TabbedContent

from pbem import games
from tests.tui.cardgame_kit import KIND, card_game
from tests.tui.kit import at_the_keyboard, region_text, screen_text, settle
from tui.dialogs import ConfirmScreen, HandOverScreen
from tui.launch import make_app
from tui.layouts import layout_for

STEPS = ("main", "window", "war-card", "bribe-bid", "trade", "rearrange", "discard",
         "battle-defender", "owed-draw")


async def to_the_table(pilot: Any) -> None:
    """Past the hand-over screens and the opening's signatures, to a player's turn."""
    app = pilot.app
    await at_the_keyboard(pilot)
    for _ in range(12):
        if not isinstance(app.screen, HandOverScreen | ConfirmScreen):
            break
        await pilot.press("enter")
        await settle(pilot)
    await settle(pilot, lambda: app.turn is not None and app.current_prompt() is not None)


def test_the_game_gets_side_tabs_not_the_text_fallback() -> None:
    module = games.get(KIND)
    assert [title for title, _ in module.panes({})] == ["Hand", "Table", "Lands", "Chain"]
    assert layout_for({}, {}, module.panes({})).kind == "cards"
    assert layout_for({}, {}, []).kind == "text"


def test_a_player_sees_her_hand_and_whose_turn_it_is(tmp_path: Path) -> None:
    app = make_app(card_game(tmp_path, 3))
    seen: dict[str, Any] = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await to_the_table(pilot)
            seen["status"] = region_text(app, app.query_one("#status"))
            seen["hand"] = region_text(app, app.query_one("#side"))
            seen["view"] = app.current_view()
            seen["role"] = app.turn.role
            side = app.query_one("#side", TabbedContent)
            for tab in ("tab-pane-1", "tab-pane-2", "tab-pane-3", "tab-rules"):
                side.active = tab
                app.refresh_all()
                await settle(pilot)
                seen[tab] = region_text(app, side)

    asyncio.run(run())
    number = seen["role"].removeprefix("seat")
    assert f"Turn 1: Seat {number}" in seen["status"]
    assert "None" not in seen["status"] and "Turn 1: -" not in seen["status"]
    hand = [card["name"] for card in seen["view"]["hand"]]
    assert hand and f"Your hand: {len(hand)} cards" in seen["hand"]
    assert hand[0] in seen["hand"]
    assert f"▶ Seat {number}:" in seen["tab-pane-1"]
    assert "Value/defence, holder:" in seen["tab-pane-2"] and "public" in seen["tab-pane-2"]
    assert "Nothing waits to take effect." in seen["tab-pane-3"]
    assert "No rule summary" not in seen["tab-rules"]
    assert "Main Phase" in seen["tab-rules"]


def test_a_spectators_panes_name_no_hidden_card(tmp_path: Path) -> None:
    """Drawn from a spectator's view, the Hand pane says so and names no card."""
    app = make_app(card_game(tmp_path, 3))
    seen: dict[str, Any] = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await to_the_table(pilot)
            seen["mine"] = app.current_view()["hand"]
            seen["public"] = app.sight().view(app.current_state(), app.view_token())
            seen["state"] = app.current_state()

    asyncio.run(run())
    module = games.get(KIND)
    public = module.view(seen["state"], None, {})
    panes = dict(module.panes(public))
    assert panes["Hand"] == "A spectator sees no hand."
    names = {card["name"] for card in seen["mine"]} - {
        c["name"] for c in public["characters"]}
    assert names and not any(name in text for name in names for text in panes.values())


def test_six_players_at_80_by_24(tmp_path: Path) -> None:
    """On the smallest terminal the side tabs are hidden at first; the main pane shows the
    player's hand near the top, and p brings the tabs back."""
    app = make_app(card_game(tmp_path, 6))
    seen: dict[str, Any] = {}

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await to_the_table(pilot)
            seen["main"] = region_text(app, app.query_one("#board-pane"))
            seen["hand"] = [card["name"] for card in app.current_view()["hand"]]
            await pilot.press("p")
            await settle(pilot)
            seen["side"] = region_text(app, app.query_one("#side"))
            seen["screen"] = screen_text(app)

    asyncio.run(run())
    assert "Your hand:" in seen["main"] and seen["hand"][0] in seen["main"]
    assert "Hand" in seen["side"] and "Table" in seen["side"] and "Chain" in seen["side"]
    assert "Your hand" in seen["side"]
    assert "too small" not in seen["screen"]


def test_every_step_has_a_summary_in_our_own_words() -> None:
    module = games.get(KIND)
    rulebook = Path("/work/shared/rules/three-kingdoms-card-game.en.txt")
    text = " ".join(rulebook.read_text(encoding="utf-8").split()) if rulebook.is_file() else ""
    for step in (*STEPS, "battle.war.pick", "turn.main.stages", "ending.discard",
                 "intervention.instant.answer", "bribery.bid"):
        summary = module.rules_help(step)
        assert summary, step
        words = summary.split()
        for start in range(0, max(1, len(words) - 8)):
            assert " ".join(words[start:start + 9]) not in text, (step, summary)
    assert module.rules_help("battle.war.pick") != module.rules_help("battle.war")
    assert module.rules_help("no-such-step") == ""


def test_the_table_in_chinese(tmp_path: Path) -> None:
    """l switches the tabs, the status line, the step and the panes to Chinese: seats as
    座一..., cards and lands by their Chinese names from the data."""
    app = make_app(card_game(tmp_path, 3))
    seen: dict[str, Any] = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await to_the_table(pilot)
            await pilot.press("l")
            await settle(pilot)
            seen["screen"] = screen_text(app)
            seen["side"] = region_text(app, app.query_one("#side"))
            seen["hand"] = app.current_view()["hand"]

    asyncio.run(run())
    screen = seen["screen"]
    assert "手牌" in screen and "桌面" in screen and "連鎖" in screen
    assert "第1回合" in screen or "回合 1" in screen
    assert "座" in screen and "Seat " not in screen
    assert "主要階段" in screen
    assert "你的手牌" in seen["side"]
    named = [card for card in seen["hand"] if card.get("zh")]
    assert named and named[0]["zh"] in seen["side"]
