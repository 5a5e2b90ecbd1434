"""Scenario tests of Dragons & Tigers rules (see kit.py)."""

from __future__ import annotations

from typing import Any

import pytest

from pbem.games.dragons_tigers.catalog import CounterType
from pbem.games.dragons_tigers.table import Table

# A tight army counter mix, as an owner might transcribe a printed game's counters into
# data/counters.yaml: 8 counters showing 1|2 and 5 showing 5|10 per kingdom (66 at most).
TIGHT_MIX = (CounterType(id="small", sides=(1, 2), count=8),
             CounterType(id="large", sides=(5, 10), count=5))


@pytest.fixture
def tight_counters(monkeypatch: pytest.MonkeyPatch) -> tuple[CounterType, ...]:
    """Every kingdom has only the tight mix, so the counter limits (2.2(B), 4.4(F),
    5.4(C)) can be shown with small positions; the project's default is generous."""

    def mix(self: Table, kid: str) -> Any:
        return TIGHT_MIX

    monkeypatch.setattr(Table, "counter_mix", mix)
    return TIGHT_MIX
