"""Measuring the table: time from opening a save to the first painted screen."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from tui.launch import make_app


def tui_first_paint_ms(save: Path | str, size: tuple[int, int] = (100, 30),
                       review: bool = False) -> float:
    """Milliseconds from reading and verifying ``save`` to the first frame drawn
    (headless, at ``size``)."""
    start = time.perf_counter()
    app = make_app(Path(save), review=review)
    painted: list[float] = []

    async def run() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            painted.append(time.perf_counter())
            app.exit()

    asyncio.run(run())
    return (painted[0] - start) * 1000.0
