"""The players who founded a game: what every player's anchor is derived from, so a seat
handed to a new key later (:mod:`pbem.seats`) changes nobody's anchor."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

KEY = "absent"  # where the position records absent seats and the keys that held a seat


def founders(doc: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The players who founded the game of ``doc`` (a save's document or a stub with its
    position): the players' list with each seat handed over back to its first key."""
    state = doc.get("state") or {}
    data = state.get(KEY) if isinstance(state, Mapping) else None
    held = data.get("held", {}) if isinstance(data, Mapping) else {}
    return [{**p, "key": held[p["role"]][0]} if held.get(p["role"]) else dict(p)
            for p in doc["players"]]
