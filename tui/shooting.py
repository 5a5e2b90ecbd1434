"""Keys pressed as a player would, for :mod:`tui.screenshots`: settle, take an offer by its
number, end a turn, reach the first bid of a game of action spaces, sign a roll request
and wait for its answer."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

Steps = Callable[[Any], Awaitable[None]]


async def settle(pilot: Any) -> None:
    """Let the table finish drawing: dialogs up, the log's newest lines in view."""
    for _ in range(40):
        await pilot.pause(0.05)
        if all(pane.placed for pane in pilot.app.query("#log")):
            return


async def keys(pilot: Any, *pressed: str) -> None:
    for key in pressed:
        await pilot.press(key)
        await settle(pilot)


async def wait_for(pilot: Any, ready: Callable[[Any], bool], tries: int = 200) -> None:
    for _ in range(tries):
        if ready(pilot.app):
            await settle(pilot)
            return
        await pilot.pause(0.05)
    raise RuntimeError("the table never got there")


def digits(at: int, total: int) -> list[str]:
    """The keys that take entry ``at`` of ``total`` (Enter when a longer number could
    follow)."""
    return [*str(at), "enter"] if at * 10 <= total else list(str(at))


def number(pilot: Any, verb: str, **fixed: Any) -> list[str]:
    """The keys that take the offer of ``verb`` with these fixed arguments."""
    offers = pilot.app.offers
    for index, spec in enumerate(offers):
        if spec.verb == verb and all(spec.fixed.get(k) == v for k, v in fixed.items()):
            return digits(index + 1, len(offers))
    raise LookupError(f"{verb} is not offered")


async def turn_over(pilot: Any) -> None:
    """End each step of the table game's turn; White Tiger's chit comes up (3), the
    Mandate die is 2; the finish dialog opens."""
    for verb in ("end-diplomacy", "end-levy", "end-movement"):
        await keys(pilot, *number(pilot, verb))
    await keys(pilot, *number(pilot, "end-turn"), "3", "space", "2", "enter")
    await wait_for(pilot, lambda app: type(app.screen).__name__ == "ConfirmScreen")


async def _fill_in(pilot: Any, dialog: Any) -> None:
    field = dialog.focused
    kind = type(field).__name__
    if kind == "TickList":
        param = dialog.spec.params[dialog._widgets().index(field)]
        await keys(pilot, *[str(i + 1) for i in range(param.minimum)], "enter")
    elif kind == "NumberedOptions":
        await keys(pilot, *digits(1, field.option_count))
    else:
        await keys(pilot, "ctrl+s")


async def to_bidding(pilot: Any) -> None:
    """From a Redux game's opening (its hand-over first) to the first bid: keep generals,
    place the alliance."""
    app = pilot.app
    await wait_for(pilot, lambda app: type(app.screen).__name__ == "HandOverScreen")
    await keys(pilot, "enter")
    await wait_for(pilot, lambda app: app.turn is not None)
    for _ in range(60):
        screen = type(app.screen).__name__
        prompt = app.current_prompt()
        if screen in ("HandOverScreen", "ConfirmScreen"):
            await keys(pilot, "enter")
        elif screen == "ParamScreen":
            await _fill_in(pilot, app.screen)
        elif prompt is not None and prompt.step == "bidding" and app.offers:
            return
        else:
            await keys(pilot, *digits(1, len(app.offers)))
    raise RuntimeError("the bidding never came")


async def to_waiting(pilot: Any) -> None:
    """Sign the opening's roll request; the table waits for the witness."""
    await wait_for(pilot, lambda app: type(app.screen).__name__ == "ConfirmScreen")
    await keys(pilot, "enter")
    await wait_for(pilot, lambda app: app.waiting is not None)
