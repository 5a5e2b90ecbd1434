"""A tiny two-player dice race used to test the engine without any real game's rules.

Each turn the player due may ``roll`` one or two dice and advance, or ``rest``. A roll
that lands on the other runner's square asks *the other player* to decide (``yield``:
they step back one; ``hold``: the mover steps back one) — a decision addressed to the
player who is not moving. The first to reach the target wins.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbem.engine import ActionSpec, GameModule, Log, Param, Prompt, State
from pbem.errors import IllegalAction, UsageError

ROLES = ["red", "green"]


class TinyRace(GameModule):
    kind = "tiny-race"
    title = "Tiny Race"
    version = "1"
    seats: tuple[str, ...] = tuple(ROLES)
    absent_defaults: Mapping[str, tuple[str, ...]] = {"run": ("rest",), "bump": ("yield",)}

    def roles(self, options: Mapping[str, Any]) -> list[str]:
        return list(self.seats)

    def options(self, players: int, given: Mapping[str, Any] | None = None) -> dict[str, Any]:
        given = dict(given or {})
        if given.pop("players", players) != players:
            raise UsageError("the number of players does not match")
        target = given.pop("target", 12)
        if given:
            raise UsageError(f"unknown option {sorted(given)[0]!r}")
        if not isinstance(target, int) or not 3 <= target <= 100:
            raise UsageError("target must be a whole number from 3 to 100")
        return {"players": players, "target": target}

    def setup(self, options: Mapping[str, Any], scenario: Mapping[str, Any] | None) -> State:
        pos = dict.fromkeys(self.seats, 0)
        if scenario:
            pos.update(scenario.get("positions", {}))
        return {"pos": pos, "turn": None, "target": options["target"], "bump": None,
                "winner": None, "stretched": False}

    def start(self, state: State, dice: Any, log: Log) -> None:
        first = self.seats[dice.draw(len(self.seats), "who runs first") - 1]
        state["turn"] = first
        log.add(f"{first} runs first")

    def prompt(self, state: State) -> Prompt | None:
        if state["winner"]:
            return None
        if state["bump"]:
            other = state["bump"]
            return Prompt(other, "bump", "you were caught: yield or hold?", (
                ActionSpec("yield", "Step back one square"),
                ActionSpec("hold", "Make the runner step back one square")), rule="R2")
        return Prompt(state["turn"], "run", "roll or rest", (
            ActionSpec("roll", "Roll and advance", "R1", params=(
                Param("times", "int", "How many dice", minimum=1, maximum=2, default=1),)),
            ActionSpec("rest", "Rest this turn", "R1"),
            *(() if state["stretched"] else (ActionSpec("stretch", "Stretch first", "R4"),))),
            rule="R1")

    def apply(self, state: State, role: str, action: dict[str, Any], dice: Any,
              log: Log) -> None:
        prompt = self.prompt(state)
        if prompt is None:
            raise IllegalAction("the race is over")
        if role != prompt.role:
            raise IllegalAction(f"{prompt.role} must act now", "R0")
        verb = action.get("do")
        offered = {spec.verb for spec in prompt.actions}
        if verb not in offered:
            raise IllegalAction(f"'{verb}' is not offered now (offered: "
                                f"{', '.join(sorted(offered))})", prompt.rule)
        other = self.seats[(self.seats.index(role) + 1) % len(self.seats)]
        if verb == "stretch":
            state["stretched"] = True
            log.add(f"{role} stretches", "R4")
            return
        state["stretched"] = False
        if verb in ("yield", "hold"):
            mover = state["turn"]
            if verb == "yield":
                state["pos"][role] = max(0, state["pos"][role] - 1)
                log.add(f"{role} yields and steps back to {state['pos'][role]}", "R2")
            else:
                state["pos"][mover] = max(0, state["pos"][mover] - 1)
                log.add(f"{role} holds; {mover} steps back to {state['pos'][mover]}", "R2")
            state["bump"] = None
            state["turn"] = role
            return
        if verb == "rest":
            log.heading(f"{role} rests", "R1")
            state["turn"] = other
            return
        times = action.get("times", 1)
        if not isinstance(times, int) or isinstance(times, bool) or not 1 <= times <= 2:
            raise IllegalAction("times must be 1 or 2", "R1")
        if set(action) - {"do", "times"}:
            raise IllegalAction(f"unknown argument {sorted(set(action) - {'do', 'times'})[0]}")
        total = sum(dice.roll(f"{role} runs (die {i + 1} of {times})") for i in range(times))
        state["pos"][role] += total
        log.heading(f"{role} rolls {total} and reaches {state['pos'][role]}", "R1")
        if state["pos"][role] >= state["target"]:
            state["winner"] = role
            log.add(f"{role} wins the race", "R3")
        elif caught := [r for r in self.seats if r != role
                        and state["pos"][r] == state["pos"][role]]:
            state["bump"] = caught[0]
        else:
            state["turn"] = other

    def outcome(self, state: State) -> dict[str, Any] | None:
        return {"winner": state["winner"]} if state["winner"] else None

    def describe(self, state: State, role: str | None = None) -> str:
        return " ".join(f"{r}:{state['pos'][r]}" for r in self.seats)


class TinyRaceOfThree(TinyRace):
    """The same race for three runners."""

    kind = "tiny-race-3"
    title = "Tiny Race of Three"
    min_players = 3
    max_players = 3
    seats = ("red", "green", "blue")
