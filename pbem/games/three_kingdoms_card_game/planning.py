"""What a player may plan, in the Card Game, for when the game comes back to her in her own
Main Phase (pbem/plans.py, docs/plans.md): her own war card for a war she has declared
(the defender's comes first), then the end of her Main Phase, and her Ending Phase with
her cards left as they stand. The table offers these when her save hands the game to
another player."""

from __future__ import annotations

from typing import Any

from pbem.engine import ActionSpec
from pbem.games.three_kingdoms_card_game.rules.battle import Battle
from pbem.games.three_kingdoms_card_game.table import Table
from pbem.stepmachine import button


def offers(state: dict[str, Any], role: str) -> list[ActionSpec]:
    """The actions ``role`` may plan now, in the order she will be asked them."""
    stack = state.get("stack") or []
    if state["turn"]["role"] != role or not any(s.get("step") == "main" for s in stack):
        return []
    t = Table(state)
    out: list[ActionSpec] = []
    war = _own_war(state, role)
    if war is not None:
        out.append(Battle().pick_prompt(t, war, role).actions[0])
    out.append(button("end-main", "End the Main Phase", "turn.phases"))
    out.append(button("done", "Finish rearranging", "ending.stages"))
    return out


def _own_war(state: dict[str, Any], role: str) -> dict[str, Any] | None:
    """The war ``role`` has declared whose card she has not laid yet: under way, or still
    on the chain waiting for its window to close."""
    for step in reversed(state.get("stack") or []):
        if step.get("step") == "battle" and step.get("role") == role \
                and step.get("mode") == "war" and role not in step.get("picks", {}):
            return step
    for entry in reversed(state.get("chain") or []):
        args = entry.get("args") or {}
        if entry.get("kind") == "battle" and entry.get("role") == role \
                and args.get("mode") == "war" and not entry.get("cancelled"):
            return {"role": role, "attacker": entry["card"], "land": args["land"]}
    return None
