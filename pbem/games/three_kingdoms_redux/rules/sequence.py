"""Game Sequence: each round is a Conflict Phase then a Resolution Phase, followed by
Update and Maintenance unless the game ended (sequence.round).

The ``round`` step walks through the stages of a round, pushing one step for each; the
rule modules carry them out. ``round-start`` turns the tracks over to the new round.
"""

from __future__ import annotations

from pbem.games.three_kingdoms_redux.flow import Handler, Step, handler
from pbem.games.three_kingdoms_redux.table import Table, fresh_flags

STAGES = (
    "round-start",       # this module
    "recruit",           # Conflict Phase 1 (recruit.py)
    "choose-alliance",   # Conflict Phase 2 (alliance.py)
    "join-alliance",     # Yu Jin's skill (alliance.py)
    "bidding",           # Conflict Phase 3 (bidding.py)
    "remove-tokens",     # Resolution Phase 1 (resolution.py)
    "turn-order",        # Resolution Phase 2 (resolution.py)
    "take-actions",      # Resolution Phase 3 (resolution.py and the action modules)
    "reduce-tribal",     # Resolution Phase 4 (tribal.py)
    "benefits",          # Resolution Phase 5 (benefits.py)
    "round-end",         # Game End check (scoring.py), else Update and Maintenance (update.py)
)


@handler
class Round(Handler):
    name = "round"

    def run(self, t: Table, step: Step) -> None:
        if t.s["result"]:
            t.s["stack"].pop()
            return
        stage = step["stage"]
        if stage >= len(STAGES):
            step["stage"] = 0
            return
        step["stage"] = stage + 1
        t.s["stack"].append({"step": STAGES[stage]})


@handler
class RoundStart(Handler):
    name = "round-start"

    def run(self, t: Table, step: Step) -> None:
        t.s["stack"].pop()
        s = t.s
        s["bid_order"] = list(s["next_bid_order"])
        s["action_order"] = []
        alliance = s["alliance"]
        alliance["previous"] = alliance["space"]
        alliance["space"] = None
        alliance["joined"] = []
        s["han"]["used"] = False
        s["han"]["winner"] = None
        s["won"] = {}
        s["round_flags"] = {role: fresh_flags() for role in t.roles}
        order = ", ".join(t.rname(r) for r in s["bid_order"])
        t.heading(f"Round {s['round']}: bid order {order}", "sequence.round")
