"""Part IV, a player's turn: the win checked as it begins (Part II), the Opening Phase's
draw, the Main Phase, the Ending Phase's two stages, and lands lost for lack of Political
Power at its end; then the next player clockwise.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbem.engine import Prompt
from pbem.games.three_kingdoms_card_game.flow import Handler, handler
from pbem.games.three_kingdoms_card_game.table import STAGES, Table
from pbem.stepmachine import Step, ask, button


def fresh_turn(role: str, number: int) -> dict[str, object]:
    return {"role": role, "number": number, "stage": None, "left": [],
            "plays": {"characters": 0, "artifacts": 0, "events": 0},
            "battles": 0, "bribes": 0, "returned": 0}


@handler
class Turn(Handler):
    name = "turn"

    def run(self, t: Table, step: Step) -> None:
        role, phase = step["role"], step["phase"]
        if phase == "begin":
            number = int(t.s["turn"]["number"]) + 1
            t.s["turn"] = fresh_turn(role, number)
            t.heading(f"Turn {number}: {t.rname(role)}", "turn.phases")
            value = t.land_value(role)
            if value >= t.data.rules.win_land_value:
                t.say(f"{t.rname(role)} begins the turn with lands worth {value}",
                      "win.land-value")
                t.s["result"] = {"winners": [role], "winner": role, "reason": "win.land-value",
                                 "land_values": {r: t.land_value(r) for r in t.seats}}
                t.say(f"{t.rname(role)} wins the game", "win.land-value")
                return
            step["phase"] = "main"
            t.s["stack"].append({"step": "main", "role": role})
            if step.pop("skip_draw", False):  # a scenario starting in the Main Phase
                return
            lands = len(t.lands_of(role))
            t.deal(role, max(lands, t.data.rules.opening_draw_min), "turn.opening")
        elif phase == "main":
            step["phase"] = "rearrange"
            t.s["turn"]["stage"] = "ending"
            t.s["turn"]["left"] = list(STAGES)
            t.heading(f"{t.rname(role)}'s Ending Phase", "ending.stages")
            t.s["stack"].append({"step": "rearrange", "role": role})
        elif phase == "rearrange":
            step["phase"] = "end"
            t.s["stack"].append({"step": "discard-down", "role": role})
        else:
            judge_lands(t, role)
            t.s["stack"].pop()
            t.s["stack"].append({"step": "turn", "role": t.left_of(role), "phase": "begin"})


def judge_lands(t: Table, role: str) -> None:
    """Each land of ``role``, oldest first, is kept only if its characters' Political Power
    still covers it (rules notes 11, 13, 24): a lone character spends its power land by
    land; characters sharing a land give it all of theirs and hold no other."""
    budget: dict[str, int] = {}
    shared: set[str] = set()
    for land in sorted(t.lands_of(role), key=lambda lid: (t.s["lands"][lid]["since"], lid)):
        holders = [c for c in t.holders(land) if t.char(c)["controller"] == role]
        value = t.data.lands[land].value
        kept = False
        if len(holders) == 1:
            cid = holders[0]
            left = budget.get(cid, t.political_power(cid))
            if cid not in shared and left >= value:
                budget[cid] = left - value
                kept = True
        elif holders:
            fresh = all(c not in shared and budget.get(c, t.political_power(c)) ==
                        t.political_power(c) for c in holders)
            if fresh and sum(t.political_power(c) for c in holders) >= value:
                for c in holders:
                    budget[c] = 0
                    shared.add(c)
                kept = True
        if not kept:
            why = "nobody controls it" if not holders else \
                "its characters' Political Power does not cover it"
            t.lose_land(land)
            t.say(f"{t.rname(role)} loses {t.lname(land)}: {why}; it becomes a public land",
                  "ending.rearrange.lose-land")


@handler
class OwedDraw(Handler):
    """The rest of a draw, from the new Main Deck once every player has shuffled it (a new
    action, so that the engine can collect the shuffles first)."""

    name = "owed-draw"

    def prompt(self, t: Table, step: Step) -> Prompt | None:
        return ask(step["role"], "owed-draw", f"draw the {step['count']} card(s) still owed "
                   "from the new Main Deck", [button("draw", "Draw them", "win.deck.first")],
                   "win.deck.first")

    def act(self, t: Table, step: Step, role: str, action: Mapping[str, Any]) -> None:
        t.s["stack"].remove(step)
        t.deal(role, int(step["count"]), str(step["rule"]))
