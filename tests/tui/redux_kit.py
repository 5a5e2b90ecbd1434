"""Three Kingdoms Redux at one keyboard for the table's tests: cao (Wei), sun (Wu) and liu
(Shu) with the published sample keys of saves/golden-redux/keys, a fixed id and salts, so
every deal and draw is the same on every run; and keys pressed as a player would."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from pbem import keeping, session
from tests.tui.conftest import sample_identity
from tests.tui.kit import at_the_keyboard, settle
from tui.app import TableApp
from tui.dialogs import ConfirmScreen, HandOverScreen
from tui.paramdialog import NumberedOptions, ParamScreen, TickList

GAME = "3" * 32
PLAYERS = (("cao", "wei"), ("sun", "wu"), ("liu", "shu"))
# offers that close a step, taken when a player has nothing else to do
CLOSERS = ("pass", "decline-rest", "decline", "end-benefits", "end", "stay-hidden")


def redux_game(folder: Path, dice: str = "open") -> Path:
    """A new hot-seat game for three, every player joined; the last save's path."""
    locals_ = [sample_identity(name, f"golden-redux/keys/{role}") for name, role in PLAYERS]
    first = session.new_game("three-kingdoms-redux", locals_[0],
                             [p.identity for p in locals_[1:]], None, None, dice=dice,
                             game_id=GAME, salt="0" * 32)
    saves = [first]
    for local, salt in zip(locals_[1:], ("1" * 32, "2" * 32), strict=True):
        saves.append(session.join(saves[-1], local, salt))
    return keeping.write_all(saves, folder)


def digits(number: int, total: int) -> list[str]:
    """The keys that take entry ``number`` of ``total`` (Enter when it could go on)."""
    keys = list(str(number))
    return [*keys, "enter"] if number * 10 <= total else keys


async def press(pilot: Pilot[Any], *keys: str) -> None:
    await pilot.press(*keys)
    await settle(pilot)


async def fill_in(pilot: Pilot[Any], dialog: ParamScreen) -> None:
    """Answer the field in focus: the fewest ticks by number, the first option by number,
    or the defaults (Ctrl+S)."""
    field = dialog.focused
    if isinstance(field, TickList):
        param = dialog.spec.params[dialog._widgets().index(field)]
        await press(pilot, *[str(i + 1) for i in range(param.minimum)], "enter")
    elif isinstance(field, NumberedOptions):
        await press(pilot, *digits(1, field.option_count))
    else:
        await press(pilot, "ctrl+s")


def space_of(app: TableApp, spec: Any) -> dict[str, Any]:
    return next(s for s in app.current_view()["spaces"] if s["id"] == spec.fixed["space"])


async def play_one(pilot: Pilot[Any], bids_each: int, placed: dict[str, int]) -> str:
    """One step as a careful player: sign and hand over, fill in dialogs, bid on an empty
    space with the first general ``bids_each`` times, then close each step. Returns what
    was on screen ("hand-over", "finish", "dialog" or the step)."""
    app = pilot.app
    assert isinstance(app, TableApp)
    if isinstance(app.screen, HandOverScreen):
        await press(pilot, "enter")
        return "hand-over"
    if isinstance(app.screen, ConfirmScreen):
        await press(pilot, "enter")
        return "finish"
    if isinstance(app.screen, ParamScreen):
        await fill_in(pilot, app.screen)
        return "dialog"
    prompt = app.current_prompt()
    assert prompt is not None and app.turn is not None, "nothing to do"
    offers = app.offers
    role = app.turn.role
    if prompt.step == "bidding" and placed.get(role, 0) < bids_each:
        for number, spec in enumerate(offers, start=1):
            if spec.verb == "bid" and not space_of(app, spec)["bids"]:
                placed[role] = placed.get(role, 0) + 1
                await press(pilot, *digits(number, len(offers)))
                return prompt.step
    for verb in CLOSERS:
        for number, spec in enumerate(offers, start=1):
            if spec.verb == verb:
                await press(pilot, *digits(number, len(offers)))
                return prompt.step
    await press(pilot, *digits(1, len(offers)))
    return prompt.step


async def to_bidding(pilot: Pilot[Any]) -> None:
    """From the opening to Wei's first bid: each state keeps its generals, Shu places the
    alliance token."""
    app = pilot.app
    assert isinstance(app, TableApp)
    await at_the_keyboard(pilot)
    await settle(pilot, lambda: app.turn is not None, 100)
    placed: dict[str, int] = {}
    for _ in range(40):
        prompt = app.current_prompt()
        if isinstance(app.screen, ParamScreen) or prompt is None or \
                prompt.step != "bidding" or not app.offers:
            await play_one(pilot, 0, placed)
            continue
        return
    raise AssertionError("the bidding never came")
