"""Facts that must hold in every Dragons & Tigers position, checked after every action."""

from __future__ import annotations

from typing import Any

from pbem.games.dragons_tigers.catalog import load_catalog
from pbem.games.dragons_tigers.table import OFF_MAP, Table


def check(state: dict[str, Any]) -> None:
    t = Table(state)
    cat = load_catalog()
    # armies: positive where listed, never beyond the counters (2.2(B), 4.4(F))
    for area, stack in state["armies"].items():
        assert area in cat.areas, area
        for kid, n in stack.items():
            assert isinstance(n, int) and n > 0, (area, kid, n)
    for kid in cat.kingdoms:
        assert t.representable(kid), f"{kid} has more armies than counters: {t.stacks(kid)}"
    # every character in exactly one place, one side of each counter at a time
    for cid, entry in state["chars"].items():
        character = cat.characters[cid]
        assert entry["at"] in OFF_MAP or entry["at"] in cat.areas, (cid, entry)
        if entry["at"] not in OFF_MAP:
            assert entry["kingdom"] is not None, cid
        if character.flip and character.flip in state["chars"]:
            raise AssertionError(f"both sides of {cid}/{character.flip} are in play")
    # control (6): the sole occupant controls; a controller is always present
    for area in cat.areas:
        present = t.kingdoms_in(area)
        holder = state["control"].get(area)
        if not present:
            assert holder is None, (area, holder)
        else:
            assert holder in present, (area, holder, present)
            if len(present) == 1:
                assert holder == present[0], (area, holder, present)
    # the Mandate marker is on the display; the game never goes past Round 8
    q, r = state["mandate"]
    assert cat.mandate.contains(q, r), state["mandate"]
    assert 1 <= state["round"] <= 8
    if state["emperor"] is not None:
        assert state["emperor"] in cat.areas
