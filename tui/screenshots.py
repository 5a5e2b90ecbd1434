"""Export SVG screenshots of the table's main screens: ``python -m tui.screenshots DIR``.

Uses throw-away identities and a table-dice game set up from a small scenario, so the
pictures are the same on every run.
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


def _game(folder: Path) -> Path:
    from pbem import identity, keeping, session

    cao, liu = identity.keygen("cao"), identity.keygen("liu")
    first = session.new_game("dragons-tigers", cao, [liu.identity], None, SCENARIO, True,
                             game_id="7" * 32)
    return keeping.write_all([first, session.join(first, liu)], folder)


async def _keys(pilot: Any, *keys: str) -> None:
    for key in keys:
        await pilot.press(key)
        await pilot.pause()


def _shoot(save: Path, out: Path, name: str, steps: Steps, size: tuple[int, int],
           review: bool = False, lang: str = "en") -> None:
    from tui.launch import make_app

    app = make_app(save, review=review, lang=lang)

    async def run() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await steps(pilot)
            await pilot.pause(0.2)
            app.save_screenshot(filename=f"{name}.svg", path=str(out))

    asyncio.run(run())


def export(out: Path) -> list[Path]:
    """Write the screenshots into ``out``; return their paths."""
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as home:
        os.environ["PBEM_CONFIG_DIR"] = str(Path(home) / "config")
        os.environ["PBEM_DATA_DIR"] = str(Path(home) / "data")
        save = _game(Path(home) / "game")

        async def nothing(pilot: Any) -> None:
            return None

        async def started(pilot: Any) -> None:
            await _keys(pilot, "1", "1", "enter")
            pilot.app.post_message(pilot.app.query_one("#map").Selected("yanzhou"))

        async def moving(pilot: Any) -> None:
            await _keys(pilot, "1", "1", "enter", "1", "6", "enter")
            await _keys(pilot, str(len(pilot.app.offers) or 1))  # end diplomacy
            await _keys(pilot, "1", "enter")   # levy all the manpower
            await _keys(pilot, "1")            # end the levy
            await _keys(pilot, "1")            # move from Yanzhou: the dialog

        async def dice(pilot: Any) -> None:
            await _keys(pilot, "1")

        async def help_screen(pilot: Any) -> None:
            await _keys(pilot, "f1")

        async def rules(pilot: Any) -> None:
            await _keys(pilot, "1", "1", "enter")
            pilot.app.query_one("#side").active = "tab-rules"

        shots = [("play", nothing, (100, 30), False, "en"),
                 ("play-area", started, (120, 36), False, "en"),
                 ("move-dialog", moving, (120, 36), False, "en"),
                 ("table-dice", dice, (100, 30), False, "en"),
                 ("rules-pane", rules, (120, 36), False, "en"),
                 ("help", help_screen, (100, 30), False, "en"),
                 ("review-zh", nothing, (150, 46), True, "zh")]
        for name, steps, size, review, lang in shots:
            _shoot(save, out, name, steps, size, review, lang)
    return sorted(out.glob("*.svg"))


if __name__ == "__main__":
    for written in export(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots")):
        print(written)
