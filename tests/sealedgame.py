"""A tiny three-player game of orders placed at once, to test the engine's sealed questions
answered side by side without any real game's rules.

Each of three rounds, every player bids 0 to 3 at the same time (one sealed question,
answered side by side: :attr:`Prompt.ahead` lists the roles after the first). A bid nobody
else made scores its value; after the third round the highest score wins (ties: nobody).
Between rounds the first player may ``rest`` (so that a person is asked between them).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbem.engine import ActionSpec, GameModule, Log, Param, Prompt, State
from pbem.errors import IllegalAction, UsageError

ROLES = ("red", "green", "blue")
ROUNDS = 3


class TinyBids(GameModule):
    kind = "tiny-bids"
    title = "Tiny Bids"
    version = "1"
    min_players = 3
    max_players = 3
    seats: tuple[str, ...] = ROLES
    sealed_answers = True
    absent_defaults: Mapping[str, tuple[str, ...]] = {"bid": ("bid",), "rest": ("rest",)}

    def roles(self, options: Mapping[str, Any]) -> list[str]:
        return list(self.seats)

    def options(self, players: int, given: Mapping[str, Any] | None = None) -> dict[str, Any]:
        given = dict(given or {})
        if given.pop("players", players) != players or players != 3:
            raise UsageError("Tiny Bids is for three players")
        if given:
            raise UsageError(f"unknown option {sorted(given)[0]!r}")
        return {"players": players}

    def setup(self, options: Mapping[str, Any], scenario: Mapping[str, Any] | None) -> State:
        return {"round": 1, "bids": {}, "scores": dict.fromkeys(ROLES, 0), "resting": True,
                "over": False}

    def start(self, state: State, dice: Any, log: Log) -> None:
        log.add("the bidding begins")

    def prompt(self, state: State) -> Prompt | None:
        if state["over"]:
            return None
        if state["resting"]:
            return Prompt(ROLES[0], "rest", f"rest before round {state['round']}",
                          (ActionSpec("rest", "Rest", "B1"),), rule="B1")
        waiting = tuple(r for r in ROLES if r not in state["bids"])
        spec = ActionSpec("bid", "Bid", "B2", params=(
            Param("amount", "int", "Your bid", minimum=0, maximum=3, default=0),))
        return Prompt(waiting[0], "bid", f"bid 0 to 3 in round {state['round']}", (spec,),
                      rule="B2", sealed=waiting, ahead=waiting[1:])

    def apply(self, state: State, role: str, action: dict[str, Any], dice: Any,
              log: Log) -> None:
        prompt = self.prompt(state)
        if prompt is None:
            raise IllegalAction("the game is over")
        if role != prompt.role or action.get("do") != prompt.actions[0].verb:
            raise IllegalAction(f"{prompt.role} must {prompt.step} now", prompt.rule)
        if prompt.step == "rest":
            state["resting"] = False
            log.add(f"{role} rests", "B1")
            return
        amount = action.get("amount", 0)
        if type(amount) is not int or not 0 <= amount <= 3 or set(action) - {"do", "amount"}:
            raise IllegalAction("a bid is a whole number from 0 to 3", "B2")
        state["bids"][role] = amount
        if len(state["bids"]) < len(ROLES):
            return
        bids = state["bids"]
        for who, value in bids.items():
            unique = list(bids.values()).count(value) == 1
            state["scores"][who] += value if unique else 0
            log.add(f"{who} bid {value}" + (", alone: scores it" if unique else ""), "B3")
        state["bids"], state["round"], state["resting"] = {}, state["round"] + 1, True
        if state["round"] > ROUNDS:
            state["over"] = True

    def outcome(self, state: State) -> dict[str, Any] | None:
        if not state["over"]:
            return None
        best = max(state["scores"].values())
        winners = [r for r, v in state["scores"].items() if v == best]
        return {"winner": winners[0] if len(winners) == 1 else None}

    def describe(self, state: State, role: str | None = None) -> str:
        return " ".join(f"{r}:{state['scores'][r]}" for r in ROLES)
