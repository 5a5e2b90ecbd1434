"""What must hold in every Chronicles position, whatever the players ordered."""

from __future__ import annotations

from typing import Any

from pbem.games.chronicles import dataset
from pbem.games.chronicles.records import FREE

STATUSES = {"ready", "undiscovered", "free", "captive", "injured", "dead", "removed"}


def check(state: dict[str, Any]) -> None:
    data = dataset.get(state.get("data"))
    seats = state["seats"]
    holders = set(seats) | set(state["non_human"]) | {None}
    for area, facts in state["areas"].items():
        assert facts["holder"] in holders, f"{area} is held by {facts['holder']!r}"
        assert facts["defence"] >= 0, f"{area} has a negative defensive value"
    for tid, land in state["lands"].items():
        assert land["land_value"] >= 0, f"{tid} has a negative land value"
    low, high = data.rule("relation-range")
    for holder, table in state["relations"].items():
        for other, level in table.items():
            assert low <= level <= high, f"{holder} toward {other} at {level}"
    for role, realm in state["realms"].items():
        assert realm["gold"] >= 0, f"{role} has {realm['gold']} gold"
        for kind, units in realm["units"].items():
            assert units >= 0, f"{role} has {units} {kind}"
        for card in realm["cards"]:
            assert card in data.stratagems, f"{role} holds {card!r}, not a stratagem"
        for obj in realm["objects"]:
            assert obj in data.objects, f"{role} holds {obj!r}, not an object"
    employers = set(seats) | set(data.non_human) | set(data.leaders) | {FREE}
    tasks: dict[str, str] = {}
    for gid, facts in state["generals"].items():
        assert facts["status"] in STATUSES, f"{gid} is {facts['status']!r}"
        assert facts["employer"] in employers, f"{gid} serves {facts['employer']!r}"
        if facts.get("task"):
            tasks[gid] = facts["task"]
    ex = state.get("exchange")
    if state.get("result") is None:
        assert ex is not None, "the game waits for no one"
        assert set(ex["given"]) <= set(ex["asked"]) <= set(seats)
