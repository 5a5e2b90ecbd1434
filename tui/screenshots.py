"""Export SVG screenshots of the table's main screens: ``python -m tui.screenshots DIR``.

Uses throw-away identities and a table-dice game set up from a small scenario, so the
pictures are the same on every run; every screen is reached by keys, as a player would.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

SCENARIO: dict[str, Any] = {
    "kingdoms": {"cao-cao": {"owner": "blue", "main": True}, "liu-biao": {"owner": "blue"},
                 "sun-wu": {"owner": "blue"}, "liu-bei": {"owner": "white", "main": True},
                 "yuan-shu": {"owner": "white"}, "yuan-shao": {"owner": "white"}},
    "orders": {"blue": {"retreat": "ask"}},
    "turn": {"kingdom": "cao-cao", "phase": "mandate"},
}
Steps = Callable[[Any], Awaitable[None]]
WHEN = "2026-11-22T12:00:00Z"


def _game(folder: Path) -> Path:
    from pbem import identity, keeping, saving, session

    saving.now_utc = lambda: WHEN  # the pictures show no clock; keep the bytes stable
    cao, liu = identity.keygen("cao"), identity.keygen("liu")
    first = session.new_game("dragons-tigers", cao, [liu.identity], None, SCENARIO, True,
                             game_id="7" * 32)
    return keeping.write_all([first, session.join(first, liu)], folder)


async def _settle(pilot: Any) -> None:
    """Let the table finish drawing: dialogs up, the log's newest lines in view."""
    for _ in range(40):
        await pilot.pause(0.05)
        if all(pane.placed for pane in pilot.app.query("#log")):
            return


async def _keys(pilot: Any, *keys: str) -> None:
    for key in keys:
        await pilot.press(key)
        await _settle(pilot)


def _number(pilot: Any, verb: str, **fixed: Any) -> list[str]:
    """The digits that take the offer of ``verb``."""
    for index, spec in enumerate(pilot.app.offers):
        if spec.verb == verb and all(spec.fixed.get(k) == v for k, v in fixed.items()):
            return list(str(index + 1))
    raise LookupError(f"{verb} is not offered")


async def _started(pilot: Any) -> None:
    """The opening die typed in (1: the Mandate moves north)."""
    await _keys(pilot, *_number(pilot, "start"), "1", "enter")


def _shoot(save: Path, out: Path, name: str, steps: Steps, size: tuple[int, int],
           review: bool = False, lang: str = "en") -> None:
    from tui.launch import make_app

    for draft in save.parent.glob("*.draft.yaml"):  # each picture starts from the save
        draft.unlink()
    app = make_app(save, review=review, lang=lang)

    async def run() -> None:
        async with app.run_test(size=size) as pilot:
            await _settle(pilot)
            await steps(pilot)
            await _settle(pilot)
            app.save_screenshot(filename=f"{name}.svg", path=str(out))

    asyncio.run(run())


def export(out: Path) -> list[Path]:
    """Write the screenshots into ``out``; return their paths."""
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as home:
        os.environ["PBEM_CONFIG_DIR"] = str(Path(home) / "config")
        os.environ["PBEM_DATA_DIR"] = str(Path(home) / "data")
        save = _game(Path(home) / "game")
        os.chdir(Path(home) / "game")  # saves are named as a player in that folder sees them

        async def nothing(pilot: Any) -> None:
            return None

        async def area(pilot: Any) -> None:
            await _started(pilot)
            await _keys(pilot, "g", *"yanzhou", "enter")

        async def moving(pilot: Any) -> None:
            await _started(pilot)
            await _keys(pilot, *_number(pilot, "end-diplomacy"))
            await _keys(pilot, *_number(pilot, "levy", area="yanzhou"), "enter")
            await _keys(pilot, *_number(pilot, "end-levy"))
            await _keys(pilot, *_number(pilot, "move", **{"from": "yanzhou"}))
            await _keys(pilot, "space", "down", "space")  # Cao Cao and one more tick

        async def dice(pilot: Any) -> None:
            await _keys(pilot, *_number(pilot, "start"))

        async def why_not(pilot: Any) -> None:
            await _started(pilot)
            await _keys(pilot, "w", *"do: levy, area: xuchang, armies: 2", "enter")

        async def help_screen(pilot: Any) -> None:
            await _keys(pilot, "f1")

        async def rules(pilot: Any) -> None:
            await _started(pilot)
            side = pilot.app.query_one("#side")
            while not pilot.app.query_one("#side Tabs").has_focus:
                await _keys(pilot, "tab")
            while side.active != "tab-rules":
                await _keys(pilot, "right")

        shots = [("play", nothing, (100, 30), False, "en"),
                 ("play-area", area, (120, 36), False, "en"),
                 ("play-80x24", area, (80, 24), False, "en"),
                 ("move-dialog", moving, (120, 36), False, "en"),
                 ("table-dice", dice, (100, 30), False, "en"),
                 ("why-not", why_not, (100, 30), False, "en"),
                 ("rules-pane", rules, (120, 36), False, "en"),
                 ("help", help_screen, (100, 30), False, "en"),
                 ("play-zh", area, (100, 30), False, "zh"),
                 ("review-zh", nothing, (150, 46), True, "zh")]
        for name, steps, size, review, lang in shots:
            _shoot(save, out, name, steps, size, review, lang)
    return sorted(out.glob("*.svg"))


if __name__ == "__main__":
    for written in export(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots")
                          .resolve()):
        print(written)
