"""Three Kingdoms Redux as a pbem game module (exactly 3 players: Wei, Wu and Shu).

Hidden information goes through :mod:`pbem.hidden`: the two enhancement decks are shared
hidden decks, each state's generals (lords excluded) its own hidden deck. Options:
``data`` (the hash of a registered data set, default the built-in one) and ``tutorial``
(the Beginners' Tutorial).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from pathlib import Path
from typing import Any

from pbem import standing_orders
from pbem.data_sets import ReplaceableData
from pbem.engine import GameModule, Log, Prompt, State
from pbem.errors import UsageError
from pbem.games.three_kingdoms_redux import (
    dataset,
    describe,
    flow,
    news,
    rules,
    scenario,
    summaries,
    wording,
)
from pbem.games.three_kingdoms_redux import view as views
from pbem.games.three_kingdoms_redux.catalog import ROLES, load_catalog
from pbem.games.three_kingdoms_redux.orders import ORDERS
from pbem.games.three_kingdoms_redux.orders import update as update_orders
from pbem.games.three_kingdoms_redux.rules import absent_seats, register_all
from pbem.games.three_kingdoms_redux.table import Table

register_all()
del rules

load_data = dataset.load_data
register_data = dataset.register


def data_notice(options: Mapping[str, Any]) -> str | None:
    """A line for front ends when the game's data set holds reconstructed values."""
    data = dataset.get(options.get("data"))
    counts = data.reconstructed_counts()
    if not any(counts.values()):
        return None
    return (f"This game uses reconstructed data: {counts['generals']} of {len(data.generals)} "
            f"generals, {counts['cards']} of {len(data.cards)} enhancement cards and "
            f"{counts['locations']} of {len(data.locations)} border locations have values the "
            "rulebook does not print (see docs/redux-data.md; play with a transcription of "
            "your own cards with --data).")


class ThreeKingdomsRedux(ReplaceableData, GameModule):
    registry = dataset
    kind = "three-kingdoms-redux"
    title = "Three Kingdoms Redux"
    version = "1"
    min_players = 3
    max_players = 3
    uses_secrets = True

    def roles(self, options: Mapping[str, Any]) -> list[str]:
        return list(ROLES)

    def role_label(self, role: str) -> str:
        info = load_catalog().states.get(role)
        return f"{info.name} {info.zh}" if info else role

    def options(self, players: int, given: Mapping[str, Any] | None = None) -> dict[str, Any]:
        given = dict(given or {})
        if given.pop("players", players) != players:
            raise UsageError("the number of players does not match the options")
        if players != 3:
            raise UsageError("Three Kingdoms Redux takes exactly 3 players")
        checked: dict[str, Any] = {"players": players}
        digest = given.pop("data", None)
        if digest is not None:
            if not isinstance(digest, str):
                raise UsageError("option data is the hash of a data set")
            data = dataset.get(digest)
            checked["data"] = digest
        else:
            data = dataset.builtin()
        tutorial = given.pop("tutorial", False)
        if tutorial in ("yes", "true", True):
            missing = [g for table in load_catalog().tutorial.values()
                       for ids in table.values() for g in ids if g not in data.generals]
            if missing:
                raise UsageError(f"the data set lacks the tutorial's general {missing[0]!r}")
            checked["tutorial"] = True
        elif tutorial not in (False, "no", "false"):
            raise UsageError("option tutorial is yes or no")
        if given:
            raise UsageError(f"unknown option {sorted(given)[0]!r} (known: data, tutorial)")
        return checked

    # ------------------------------------------------------------------ hidden cards

    def shared_decks(self, options: Mapping[str, Any]) -> dict[str, list[str]]:
        data = dataset.get(options.get("data"))
        return {deck: data.deck(deck) for deck in dataset.DECKS}

    def private_decks(self, options: Mapping[str, Any]) -> dict[str, dict[str, list[str]]]:
        if options.get("tutorial"):
            return {}
        data = dataset.get(options.get("data"))
        return {role: {"generals": data.pool(role)} for role in ROLES}

    def may_note(self, state: State, sender: str, recipient: str) -> bool:
        if sender == recipient or state.get("result"):
            return False
        allies = Table(state).allies()
        return sender in allies and recipient in allies

    # ------------------------------------------------------------------ play

    def setup(self, options: Mapping[str, Any], scene: Mapping[str, Any] | None) -> State:
        from pbem.games.three_kingdoms_redux.rules.setup import opening_state

        state = opening_state(options)
        if scene:
            scenario.apply(state, scene, self.shared_decks(options),
                           self.private_decks(options))
        return state

    def start(self, state: State, dice: Any, log: Log, secrets: Any = None) -> None:
        flow.advance(Table(state, dice, log, secrets))

    def prompt(self, state: State, known: Mapping[str, str] | None = None) -> Prompt | None:
        return flow.current_prompt(Table(state, known=known))

    def apply(self, state: State, role: str, action: dict[str, Any], dice: Any, log: Log,
              secrets: Any = None) -> None:
        t = Table(state, dice, log, secrets)
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
        """The action spaces and unit types the actions' arguments name."""
        cat = load_catalog()
        return {"space": ("action space", tuple(cat.spaces)),
                "unit": ("unit type", tuple(cat.unit_types))}

    def view(self, state: State, role: str | None,
             known: Mapping[str, str] | None = None) -> dict[str, Any]:
        return views.view(state, role, known or {})

    def board(self) -> dict[str, Any] | None:
        return None

    def rules_help(self, rule: str | None) -> str:
        return summaries.lookup(rule)

    def outcome(self, state: State) -> dict[str, Any] | None:
        return state.get("result")

    def standing_orders(self) -> dict[str, tuple[tuple[str, ...], str, str]]:
        return dict(ORDERS)

    def describe(self, state: State, role: str | None = None,
                 known: Mapping[str, str] | None = None) -> str:
        return describe.position(state, role, known or {})

    def key_results(self, log: list[str]) -> list[str]:
        return news.key_results(log)

    def tell(self, line: str) -> str:
        return wording.tell(line)

    def describe_action(self, action: dict[str, Any]) -> str:
        args = ", ".join(f"{k}: {v}" for k, v in action.items() if k not in ("do", "dice"))
        return f"{action.get('do')} {args}".strip()

    def builtin_data_files(self, options: Mapping[str, Any]) -> tuple[Path, ...]:
        return dataset.builtin_files(replaced=self.data_hash(options) is not None)

    def data_notice(self, options: Mapping[str, Any]) -> str | None:
        return data_notice(options)
