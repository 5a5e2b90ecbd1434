"""A lapse claimed from the table (Chronicles): once a seat's season orders are past the
deadline and its grace, ``c`` says that the answer lapses and the seat stays at the table,
and the claim written is the lapse, as ``pbem claim`` writes it."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from pbem import absence, deadlines, savefile
from tests.games.chronicles.late_seats import claimable
from tests.tui.kit import dialog_text, settle
from tests.tui.test_claim_at_table import Clock
from tui import claiming
from tui.dialogs import ConfirmScreen
from tui.launch import make_app

SIZE = (120, 36)


def test_a_late_season_order_is_claimed_as_a_lapse(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    at = claimable(tmp_path)
    monkeypatch.chdir(tmp_path)
    Clock(monkeypatch, deadlines.parse_stamp(at.claimed.written))
    monkeypatch.setattr(claiming, "CLAIM_SECONDS", 0.1)
    app = make_app(at.path, key=str(at.key), defer=True)
    seen: dict[str, Any] = {}

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, lambda: app.opened.checked, tries=400)
            await settle(pilot, lambda: app.claim is not None, tries=400)
            await pilot.press("c")
            await settle(pilot, lambda: isinstance(app.screen, ConfirmScreen))
            seen["confirm"] = dialog_text(app)
            await pilot.press("enter")
            await settle(pilot, lambda: isinstance(app.screen, ConfirmScreen)
                         and "Claim written" in dialog_text(app), tries=400)
            seen["written"] = dialog_text(app)

    asyncio.run(run())
    confirm = " ".join(seen["confirm"].split())
    assert "Their answer lapses" in confirm and "stays at the table" in confirm, confirm
    assert "seat absent" not in confirm
    written = " ".join(seen["written"].split())
    assert "the answer lapses" in written and "By default for the lapsed answer" in written
    made = savefile.read(at.path.parent / savefile.file_name(at.prev.game_id,
                                                             at.claimed.sequence, at.claimer))
    assert made.actions[0]["lapse"] is True and absence.absent(made.state) == []
    assert absence.lapses(made.state) == {at.late: 1}
