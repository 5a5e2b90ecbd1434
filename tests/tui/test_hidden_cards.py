"""Hidden cards at the table (Card Market, the test game that uses every hidden-card
operation): each player sees their own cards by name and the others' as counts, read
with their own key; the hot-seat hand-over hides the table; a sealed choice is typed
without showing it and never written in clear, not even in the draft."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from pbem import keeping, savefile, session, strict_yaml
from tests.tui.conftest import sample_identity
from tests.tui.kit import (
    at_the_keyboard,
    dialog_text,
    log_text,
    offer,
    region_text,
    screen_text,
    settle,
)
from tui.app import TableApp
from tui.dialogs import ConfirmScreen, HandOverScreen, SecretScreen
from tui.launch import make_app
from tui.paramdialog import ParamScreen, SecretInput

SIZE = (100, 30)
GAME = "4" * 32
NORTH_CARDS = ("m01", "m02", "m11")  # what the sample keys deal: the same on every run
EAST_CARDS = ("m07", "m14")


def card_market(folder: Path) -> Path:
    """ann (north) and ben (east) at one keyboard."""
    ann = sample_identity("ann", "golden/keys/blue")
    ben = sample_identity("ben", "golden/keys/white")
    first = session.new_game("card-market", ann, [ben.identity], None, None, dice="open",
                             game_id=GAME, salt="0" * 32)
    return keeping.write_all([first, session.join(first, ben, "1" * 32)], folder)


async def end_turn_and_hand_over(pilot: Any) -> str:
    """End the turn, sign, and return what the hand-over screen shows; pass the keyboard."""
    app = pilot.app
    await pilot.press(offer(app, "end"))
    await settle(pilot, lambda: isinstance(app.screen, ConfirmScreen))
    await pilot.press("enter")
    await settle(pilot, lambda: isinstance(app.screen, HandOverScreen))
    shown = screen_text(app)
    await pilot.press("enter")
    await settle(pilot, lambda: not isinstance(app.screen, HandOverScreen))
    return shown


def test_each_player_sees_their_own_cards_only(tmp_path: Path) -> None:
    app = make_app(card_market(tmp_path))
    seen: dict[str, str] = {}

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await at_the_keyboard(pilot)
            await settle(pilot, lambda: app.turn is not None and bool(app.offers), 100)
            await pilot.press(offer(app, "draw"))
            await settle(pilot)
            seen["hand-over 1"] = await end_turn_and_hand_over(pilot)
            seen["east"] = screen_text(app)
            await pilot.press(offer(app, "draw"))
            await settle(pilot)
            seen["hand-over 2"] = await end_turn_and_hand_over(pilot)
            seen["north"] = screen_text(app)

    asyncio.run(run())
    assert all(card in seen["east"] for card in EAST_CARDS)
    assert not any(card in seen["east"] for card in NORTH_CARDS)
    assert all(card in seen["north"] for card in NORTH_CARDS)
    assert not any(card in seen["north"] for card in EAST_CARDS)
    assert "Cards in hand: north 3, east 3" in seen["north"]  # theirs: a count
    for key in ("hand-over 1", "hand-over 2"):
        assert "Pass the keyboard to" in seen[key]
        assert not any(card in seen[key] for card in NORTH_CARDS + EAST_CARDS)
        assert "hand" not in seen[key]


def draft_of(app: TableApp) -> dict[str, Any]:
    assert app.turn is not None
    return strict_yaml.load(app.turn.draft.read_bytes(), "draft")


def test_a_sealed_bid_is_typed_unseen_and_never_written_in_clear(tmp_path: Path) -> None:
    joined = card_market(tmp_path)
    app = make_app(joined)
    seen: dict[str, Any] = {}

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await at_the_keyboard(pilot)
            await settle(pilot, lambda: app.turn is not None and bool(app.offers), 100)
            await pilot.press(offer(app, "bid"))
            await settle(pilot, lambda: isinstance(app.screen, ParamScreen))
            field = app.screen.query_one(SecretInput)
            assert field.has_focus
            await pilot.press("3")
            await settle(pilot)
            seen["typed"] = region_text(app, field)
            seen["dialog"] = dialog_text(app)
            await pilot.press("enter")
            await settle(pilot, lambda: not isinstance(app.screen, ParamScreen))
            seen["log"] = log_text(app)
            seen["draft"] = draft_of(app)
            await pilot.press("q")

    asyncio.run(run())
    assert "•" in seen["typed"] and "3" not in seen["typed"]
    assert "never written in clear" in seen["dialog"]
    assert "north seals a bid" in seen["log"]
    bid = seen["draft"]["actions"][-1]
    assert bid["do"] == "bid" and str(bid["amount"]).startswith("sealed/north#")

    # opened again: the draft is resumed; its sealed choice is typed again, unseen
    again = make_app(joined)

    async def resume() -> None:
        async with again.run_test(size=SIZE) as pilot:
            await at_the_keyboard(pilot)
            await settle(pilot, lambda: isinstance(again.screen, ConfirmScreen), 100)
            await pilot.press("enter")                             # resume
            await settle(pilot, lambda: isinstance(again.screen, SecretScreen))
            seen["ask"] = dialog_text(again)
            await pilot.press("3", "enter")
            await settle(pilot, lambda: again.turn is not None and bool(again.offers))
            assert "Resumed 1 action from the draft." in log_text(again)
            await end_turn_and_hand_over(pilot)                    # ann signs; ben's turn
            await end_turn_and_hand_over(pilot)                    # ben ends; ann again
            await pilot.press(offer(again, "open-bid"))
            await settle(pilot)
            seen["opened"] = log_text(again)

    asyncio.run(resume())
    assert "type it again" in seen["ask"] and "sealed" in seen["ask"]
    assert "north reveals a bid of 3" in seen["opened"]
    signed = next(w.save for w in again.written if w.save.writer == "north")
    bid = next(a for a in signed.actions if a["do"] == "bid")
    assert str(bid["amount"]).startswith("sealed/north#")
    raw = savefile.read(next(w.path for w in again.written if w.save is signed)).raw
    assert b"amount: 3" not in raw


def test_a_card_waiting_for_the_others_share_is_answered_here(tmp_path: Path) -> None:
    """North draws a card and plays it at once: it needs east's share first, so the save
    becomes a request, which east's pbem answers here (hot-seat); north carries on."""
    app = make_app(card_market(tmp_path))
    seen: dict[str, Any] = {}

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await at_the_keyboard(pilot)
            await settle(pilot, lambda: app.turn is not None and bool(app.offers), 100)
            await pilot.press(offer(app, "draw"))
            await settle(pilot)
            await pilot.press(offer(app, "play"))
            await settle(pilot, lambda: isinstance(app.screen, ParamScreen))
            await pilot.press("3")                                 # the card just drawn
            await settle(pilot, lambda: isinstance(app.screen, ConfirmScreen))
            seen["request"] = dialog_text(app)
            before = len(app.written)                              # the opening's shuffles
            await pilot.press("enter")
            await settle(pilot, lambda: app.turn is not None and bool(app.offers)
                         and len(app.written) == before + 2, 100)
            seen["new"] = app.written[before:]
            seen["log"] = log_text(app)
            seen["screen"] = screen_text(app)

    asyncio.run(run())
    assert seen["request"].startswith("Sign the request?")
    assert "east's share of a card in north's hand" in seen["request"]
    assert [w.save.writer for w in seen["new"]] == ["north", "east"]
    assert seen["new"][0].save.pending["action"] == {"do": "play", "card": "market#5"}
    assert "north plays m11, worth 5" in seen["log"]
    assert "The other players' pbem answered it here (1 save)." in " ".join(
        seen["log"].split())
    assert "Played: m11;" in seen["screen"]
