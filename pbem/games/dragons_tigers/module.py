"""Dragons & Tigers of the Three Kingdoms as a pbem game module (2 to 4 players)."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from pathlib import Path
from typing import Any

from pbem import standing_orders
from pbem.dice import Dice
from pbem.engine import GameModule, Log, Prompt, State
from pbem.errors import UsageError
from pbem.games.dragons_tigers import (
    describe,
    flow,
    news,
    rules,
    scenario,
    summaries,
    view,
    wording,
)
from pbem.games.dragons_tigers.catalog import FACTION_IDS, data_files, load_catalog
from pbem.games.dragons_tigers.orders import ORDERS
from pbem.games.dragons_tigers.orders import update as update_orders
from pbem.games.dragons_tigers.rules import absent_seats, s03_setup
from pbem.games.dragons_tigers.table import Table

del rules  # imported to register the step handlers


class DragonsTigers(GameModule):
    kind = "dragons-tigers"
    title = "Dragons & Tigers of the Three Kingdoms"
    version = "1"
    min_players = 2
    max_players = 4
    sealed_answers = True  # the draft's rankings (rules notes 71)

    def roles(self, options: Mapping[str, Any]) -> list[str]:
        return list(FACTION_IDS[: int(options["players"])])

    def role_label(self, role: str) -> str:
        faction = load_catalog().factions.get(role)
        return f"{faction.name} {faction.zh}" if faction else role

    def options(self, players: int, given: Mapping[str, Any] | None = None) -> dict[str, Any]:
        given = dict(given or {})
        if given.pop("players", players) != players:
            raise UsageError("the number of players does not match the options")
        if not self.min_players <= players <= self.max_players:
            raise UsageError("Dragons & Tigers takes 2 to 4 players")
        checked: dict[str, Any] = {"players": players}
        agreed = given.pop("kingdoms", None)
        if given:
            raise UsageError(f"unknown option {sorted(given)[0]!r} (known: kingdoms)")
        if agreed is not None:
            checked["kingdoms"] = self._agreed(players, agreed)
        return checked

    def builtin_data_files(self, options: Mapping[str, Any]) -> tuple[Path, ...]:
        return data_files()

    def _agreed(self, players: int, agreed: Any) -> dict[str, list[str]]:
        """Kingdoms agreed at creation: role -> [main, allies...] (3.1(A), 12.2)."""
        cat = load_catalog()
        roles = self.roles({"players": players})
        if isinstance(agreed, list):  # --option kingdoms=a,b,c,d,e,f : in draft order
            each = s03_setup.picks_per_player(players)
            if len(agreed) != each * players:
                raise UsageError(f"give {each * players} kingdoms, {each} per player")
            agreed = {r: agreed[i * each:(i + 1) * each] for i, r in enumerate(roles)}
        if not isinstance(agreed, dict) or set(agreed) != set(roles):
            raise UsageError(f"kingdoms must give a list for each of {', '.join(roles)}")
        out: dict[str, list[str]] = {}
        seen: set[str] = set()
        each = s03_setup.picks_per_player(players)
        for role in roles:
            names = agreed[role]
            if not isinstance(names, list) or len(names) != each:
                raise UsageError(f"{role} takes {each} kingdoms, the main kingdom first")
            ids = []
            for name in names:
                try:
                    kid = cat.kingdom(str(name)).id
                except KeyError as exc:
                    raise UsageError(str(exc.args[0])) from None
                if not cat.kingdoms[kid].is_player:
                    raise UsageError(f"{kid} is a Traitorous kingdom and cannot be chosen (3.1(A))")
                if kid in seen:
                    raise UsageError(f"{kid} is given twice")
                seen.add(kid)
                ids.append(kid)
            out[role] = ids
        return out

    def setup(self, options: Mapping[str, Any], scene: Mapping[str, Any] | None) -> State:
        state = s03_setup.opening_state(self.roles(options))
        if "kingdoms" in options:
            s03_setup.assign(state, options["kingdoms"])
        if scene:
            scenario.apply(state, scene)
        return state

    def start(self, state: State, dice: Dice, log: Log) -> None:
        flow.advance(Table(state, dice, log))

    def prompt(self, state: State) -> Prompt | None:
        return flow.current_prompt(Table(state))

    def apply(self, state: State, role: str, action: dict[str, Any], dice: Dice,
              log: Log) -> None:
        t = Table(state, dice, log)
        if action.get("do") == "orders":
            standing_orders.change(state, role, action, update_orders, t.rname(role), log)
            flow.advance(t)
            return
        flow.act(t, role, action)
        flow.advance(t)

    absent_defaults = absent_seats.DEFAULTS

    def seat_absent(self, state: State, role: str, log: Log) -> None:
        absent_seats.seat_absent(state, role, log, self.role_label(role))

    def argument_ids(self) -> Mapping[str, tuple[str, Collection[str]]]:
        """The areas, kingdoms and characters the actions' arguments name."""
        cat = load_catalog()
        areas = ("area", tuple(cat.areas))
        kingdoms = ("kingdom", tuple(cat.kingdoms))
        characters = ("character", tuple(cat.characters))
        out = {name: areas for name in ("area", "to", "from")}
        out.update({name: kingdoms for name in ("kingdom", "target", "main", "control",
                                                 "armies", "drop", "losses", *s03_setup.SLOTS)})
        out.update({name: characters for name in ("character", "characters", "leave")})
        return out

    def dice_context(self, state: State) -> str:
        """Open-mode dice are keyed by the round and the kingdom turn they belong to, and
        inside a combat (its aftermath too) by that combat's area, sides and kind, so the
        order in which the active player fights its combats cannot move a die between
        them."""
        turns = state.get("turns") or {}
        context = f"round {state.get('round')}, turn {turns.get('total')}"
        fight = _current_combat(state.get("stack") or [])
        if fight is not None:
            context += (f", {fight['kind']} in {fight['area']}: {fight['att']} against "
                        f"{fight['def']}")
        return context

    def view(self, state: State, role: str | None) -> dict[str, Any]:
        return view.view(state, role)

    def board(self) -> dict[str, Any]:
        return view.board()

    def rules_help(self, rule: str | None) -> str:
        return summaries.lookup(rule)

    def outcome(self, state: State) -> dict[str, Any] | None:
        return state.get("result")

    def standing_orders(self) -> dict[str, tuple[tuple[str, ...], str, str]]:
        return dict(ORDERS)

    def describe(self, state: State, role: str | None = None) -> str:
        return describe.position(state)

    def key_results(self, log: list[str]) -> list[str]:
        return news.key_results(log)

    def tell(self, line: str) -> str:
        return wording.tell(line)

    def describe_action(self, action: dict[str, Any]) -> str:
        args = ", ".join(f"{k}: {v}" for k, v in action.items() if k not in ("do", "dice"))
        return f"{action.get('do')} {args}".strip()


def _current_combat(stack: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The innermost combat under way (or whose aftermath is under way), if any."""
    for step in reversed(stack):
        if step.get("step") == "combat":
            return step
        if step.get("step") == "combat-result":
            fight = step.get("combat")
            return fight if isinstance(fight, dict) else None
    return None
