"""`pbem play` and `pbem review` draw the position at once and check the chain behind it."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.tui.chains import random_chain
from tui.launch import make_app

SAVES = 60


def test_review_checks_the_chain_after_the_first_paint(tmp_path: Path) -> None:
    last = random_chain(tmp_path, SAVES)[-1]
    app = make_app(last, review=True, defer=True)
    seen: dict[str, str] = {}

    async def run() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            seen["first"] = str(app.query_one("#verdict").render())
            while not app.opened.checked or app.history is None:
                await pilot.pause(0.02)
            await pilot.pause()
            seen["after"] = str(app.query_one("#verdict").render())
            app.exit()

    asyncio.run(run())
    assert "Checking" in seen["first"] and app.first_paint_at is not None
    assert seen["after"].startswith("✔ OK: dragons-tigers")
    assert app.opened.ok and len(app.history.saves) == SAVES


def test_a_tampered_save_shows_the_banner_after_the_check(tmp_path: Path) -> None:
    files = random_chain(tmp_path, SAVES)
    files[5].unlink()  # a hole in the chain: it cannot be re-checked from the first save
    app = make_app(files[-1], review=True, defer=True)
    banner: list[bool] = []

    async def run() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            for _ in range(1000):  # the check runs in a worker; its verdict is then painted
                if app.opened.checked and app.query_one("#verdict").has_class("bad"):
                    break
                await pilot.pause(0.02)
            banner.append(app.query_one("#verdict").has_class("bad"))
            app.exit()

    asyncio.run(run())
    assert not app.opened.ok
    assert "NOT FULLY VERIFIED" in app.opened.verdict[0]
    assert banner == [True]
