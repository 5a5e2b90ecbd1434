"""Helpers for driving the table by keyboard in Textual's pilot."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.cells import cell_len
from textual.pilot import Pilot
from textual.widgets import Input, OptionList

from pbem import identity
from pbem.engine import Prompt
from tests.tui.conftest import TURN_SCENARIO, write_game
from tui.app import TableApp
from tui.dialogs import ConfirmScreen, HandOverScreen
from tui.logpane import LogPane
from tui.paramdialog import DiceScreen, ParamScreen, TickList

# Cao Cao's diplomacy with three diplomats at court: fifteen offers and "End diplomacy".
DIPLOMATS: dict[str, Any] = {
    **TURN_SCENARIO,
    "characters": {"xun-yu": {"at": "yanzhou", "kingdom": "cao-cao", "recruited": True},
                   "jia-xu": {"at": "yanzhou", "kingdom": "cao-cao", "recruited": True}},
    "turn": {"kingdom": "cao-cao", "phase": "diplomacy"},
}

Players = tuple[identity.LocalIdentity, identity.LocalIdentity]


def table_game(folder: Path, players: Players) -> Path:
    """Cao Cao's turn from its Mandate roll, with dice typed at the table."""
    return write_game(folder, players, TURN_SCENARIO, table_dice=True)


def diplomats_game(folder: Path, players: Players) -> Path:
    return write_game(folder, players, DIPLOMATS)


async def settle(pilot: Pilot[Any], until: Callable[[], bool] | None = None,
                 tries: int = 40) -> None:
    """Let the app work until ``until`` holds (or a little while when none is given)."""
    await pilot.pause()
    for _ in range(tries if until else 2):
        if until is not None and until():
            break
        await pilot.pause(0.05)
    if until is not None:
        assert until(), "the app did not get there"
    panes = pilot.app.query("#log")
    for _ in range(tries):  # the log has brought its newest lines into view
        if all(pane.placed for pane in panes):
            return
        await pilot.pause(0.02)


async def steady_screen(pilot: Pilot[Any], tries: int = 40) -> str:
    """The screen once it has stopped moving (a tab's underline slides for a moment when
    the labels change width)."""
    await settle(pilot)
    shown = screen_text(pilot.app)
    for _ in range(tries):
        await pilot.pause(0.05)
        now = screen_text(pilot.app)
        if now == shown:
            return now
        shown = now
    raise AssertionError("the screen did not stop moving")


async def at_the_keyboard(pilot: Pilot[Any]) -> str:
    """A hot-seat game with hidden cards opens on the hand-over screen: what it shows, then
    Enter (the player is at the keyboard)."""
    app = pilot.app
    await settle(pilot, lambda: isinstance(app.screen, HandOverScreen), 100)
    shown = screen_text(app)
    await pilot.press("enter")
    await settle(pilot, lambda: not isinstance(app.screen, HandOverScreen))
    return shown


async def roll(pilot: Pilot[Any], *values: int) -> None:
    """Type table dice into the dice dialog: the first for the roll asked, the rest for the
    rolls that follow."""
    if values:
        await pilot.pause()
        assert isinstance(pilot.app.screen, DiceScreen), pilot.app.screen
        keys = [k for v in values for k in (str(v), "space")]
        await pilot.press(*keys[:-1], "enter")
    await settle(pilot)


def offer(app: TableApp, verb: str, **fixed: Any) -> str:
    """The digits that choose the offer of ``verb`` with these fixed arguments."""
    for index, spec in enumerate(app.offers):
        if spec.verb == verb and all(spec.fixed.get(k) == v for k, v in fixed.items()):
            return str(index + 1)
    raise AssertionError(f"{verb} {fixed} not offered: {[s.verb for s in app.offers]}")


async def choose(pilot: Pilot[Any], verb: str, *dice: int, **fixed: Any) -> None:
    app = pilot.app
    assert isinstance(app, TableApp)
    await pilot.press(*offer(app, verb, **fixed))
    await roll(pilot, *dice)


async def start_table_turn(pilot: Pilot[Any]) -> None:
    """The opening die of the table game: the Mandate moves north (Bountiful Harvest)."""
    await settle(pilot)
    await choose(pilot, "start", 1)


async def to_movement(pilot: Pilot[Any]) -> None:
    """The table game up to its movement: the Mandate, one negotiation, the levy."""
    app = pilot.app
    assert isinstance(app, TableApp)
    await start_table_turn(pilot)                         # Mandate: north, Bountiful Harvest
    await choose(pilot, "negotiate", 6, character="cao-cao", target="gongsun-zan")
    await choose(pilot, "end-diplomacy")
    await pilot.press(*offer(app, "levy", area="yanzhou"))
    await settle(pilot, lambda: isinstance(app.screen, ParamScreen))
    await pilot.press("enter")                           # the default: every army allowed
    await settle(pilot, lambda: not isinstance(app.screen, ParamScreen))
    await choose(pilot, "end-levy")


async def move_across_the_river(pilot: Pilot[Any]) -> None:
    """Cao Cao, Xiahou Dun and Xiahou Yuan take 17 armies from Yanzhou into Pingyuan."""
    app = pilot.app
    assert isinstance(app, TableApp)
    await pilot.press(*offer(app, "move", **{"from": "yanzhou"}))
    await settle(pilot, lambda: isinstance(app.screen, ParamScreen))
    dialog = app.screen
    assert isinstance(dialog, ParamScreen)
    who = [o.value for o in dialog.spec.params[0].options]
    assert dialog.query_one("#p0", TickList).has_focus
    for value in who:
        if value in ("cao-cao", "xiahou-dun", "xiahou-yuan"):
            await pilot.press("space")
        await pilot.press("down")
    await pilot.press("tab")
    paths = [o.value for o in dialog.spec.params[1].options]
    assert dialog.query_one("#p1", OptionList).has_focus
    await pilot.press("home", *["down"] * paths.index(["pingyuan"]), "tab")
    assert dialog.query_one("#p2", Input).has_focus
    await pilot.press("end", *["backspace"] * 4, "1", "7", "enter")
    await settle(pilot, lambda: not isinstance(app.screen, ParamScreen))


async def battle(pilot: Pilot[Any]) -> None:
    """End the movement: the battle in Pingyuan, twelve dice typed at once."""
    await choose(pilot, "end-movement", 4, 2, 5, 3, 6, 1, 4, 2, 5, 3, 6, 1)


async def finish_turn(pilot: Pilot[Any]) -> None:
    """Retreat, end the turn (White Tiger's chit: a hand-over), confirm the save."""
    app = pilot.app
    assert isinstance(app, TableApp)
    await choose(pilot, "retreat", to="yanzhou")
    await choose(pilot, "end-turn", 3, 2)
    await settle(pilot, lambda: isinstance(app.screen, ConfirmScreen))
    await pilot.press("enter")
    await settle(pilot, lambda: bool(app.written))


def log_text(app: TableApp) -> str:
    return app.query_one("#log", LogPane).text()


def screen_text(app: Any) -> str:
    """The whole screen as plain text, line by line, as a person would read it (what
    Textual's own screenshots render)."""
    update = app.screen._compositor.render_update(full=True,
                                                  screen_stack=app._background_screens)
    return "\n".join("".join(segment.text for strip in line for segment in strip)
                     for line in update.strips)


def region_text(app: Any, widget: Any) -> str:
    """The part of the screen a widget covers, as plain text (wide characters count
    twice, as on the terminal)."""
    region = widget.region
    out = []
    for line in screen_text(app).split("\n")[region.y:region.y + region.height]:
        cells = "".join(ch + ("\0" if cell_len(ch) == 2 else "") for ch in line)
        out.append(cells[region.x:region.x + region.width].replace("\0", ""))
    return "\n".join(out)


def dialog_text(app: Any) -> str:
    """The dialog on screen as one line of words (its border and line breaks taken out)."""
    box = region_text(app, app.screen.query_one(".box"))
    lines = [" ".join(line[1:-1].strip("▔▁").split()) for line in box.splitlines()]
    return " ".join(line for line in lines if line)


def prompt_texts(prompt: Prompt) -> set[str]:
    """Every text a prompt shows: its step and question, each offer's label, each
    parameter's label and options."""
    texts = {prompt.step, prompt.text}
    for spec in prompt.actions:
        texts.add(spec.label)
        for param in spec.params:
            texts |= {param.label, *(o.label for o in param.options)}
    return texts
