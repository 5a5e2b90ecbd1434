"""Measuring the table: time from opening a save to the first painted screen."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from tui.launch import make_app


def tui_first_paint_ms(save: Path | str, size: tuple[int, int] = (100, 30),
                       review: bool = False) -> float:
    """Milliseconds from opening ``save`` to the first frame drawn (headless, at ``size``),
    as ``pbem play`` and ``pbem review`` open it: the position is shown at once while the
    chain is checked in the background."""
    start = time.perf_counter()
    app = make_app(Path(save), review=review, defer=True)
    painted: list[float] = []

    async def run() -> None:
        async with app.run_test(size=size) as pilot:
            while app.first_paint_at is None:
                await pilot.pause(0.005)
            painted.append(app.first_paint_at)
            app.exit()

    asyncio.run(run())
    return (painted[0] - start) * 1000.0
