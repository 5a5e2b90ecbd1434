"""The Three Kingdoms Card Game as a pbem game module (2 to 6 players, seats ``seat1``...).

Hidden information goes through :mod:`pbem.hidden`: the Main Deck is a shared hidden deck
and the hands are handles into it; the lords are public and drawn with the game's dice.
Options: ``data`` (the hash of a registered card data set, default the built-in one).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pbem import standing_orders
from pbem.data_sets import ReplaceableData
from pbem.engine import ActionSpec, GameModule, Log, Prompt, State
from pbem.errors import UsageError
from pbem.games.three_kingdoms_card_game import (
    dataset,
    describe,
    flow,
    panes,
    planning,
    responses,
    rules,
    scenario,
    summaries,
)
from pbem.games.three_kingdoms_card_game import view as views
from pbem.games.three_kingdoms_card_game.fixed import DATA_DIR
from pbem.games.three_kingdoms_card_game.orders import ORDERS
from pbem.games.three_kingdoms_card_game.orders import update as update_orders
from pbem.games.three_kingdoms_card_game.rules import register_all, windows
from pbem.games.three_kingdoms_card_game.rules.setup import MAIN, main_deck, opening_state
from pbem.games.three_kingdoms_card_game.table import Table, seat_name
from pbem.secrets.private_pick import PrivatePick

register_all()
del rules

SEATS = tuple(f"seat{n}" for n in range(1, 7))
DATA_FILES = ("characters.yaml", "events.yaml", "artifacts.yaml", "lands.yaml")


class ThreeKingdomsCardGame(ReplaceableData, GameModule):
    registry = dataset
    kind = "three-kingdoms-card-game"
    title = "The Three Kingdoms Card Game"
    version = "1"
    min_players = 2
    max_players = 6
    uses_secrets = True
    sealed_answers = True  # war cards and bribery bids

    def roles(self, options: Mapping[str, Any]) -> list[str]:
        return list(SEATS[: int(options["players"])])

    def role_label(self, role: str) -> str:
        return seat_name(role)

    def options(self, players: int, given: Mapping[str, Any] | None = None) -> dict[str, Any]:
        given = dict(given or {})
        checked = self.checked_options(players, given)
        if given:
            raise UsageError(f"unknown option {sorted(given)[0]!r} (known: data)")
        return checked

    def shared_decks(self, options: Mapping[str, Any]) -> dict[str, list[str]]:
        return {MAIN: main_deck(options)}

    def setup(self, options: Mapping[str, Any], scene: Mapping[str, Any] | None) -> State:
        state = opening_state(options, self.roles(options))
        if scene:
            scenario.apply(state, scene, main_deck(options))
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
        refused = windows.out_of_turn(t, action)
        if refused is not None:
            raise refused
        flow.act(t, role, action)
        flow.advance(t)

    absent_defaults: Mapping[str, tuple[str, ...]] = {
        "window": ("pass",), "main": ("end-main",), "rearrange": ("done",),
        "war-card": ("war-card",), "bribe-bid": ("bid",), "trade": ("refuse-trade",)}

    def respond(self, state: State, prompt: Prompt, known: Mapping[str, str],
                rule: Any, pick: PrivatePick | None = None) -> dict[str, Any] | None:
        guesses = any(param.name == "guess" for spec in getattr(prompt, "actions", ())
                      for param in spec.params)
        return responses.respond(state, prompt.step, prompt.role, known, rule, pick, guesses)

    def default_responses(self, options: Mapping[str, Any]) -> dict[str, Any]:
        return dict(responses.DEFAULTS)

    def plan_offers(self, state: State, role: str) -> list[ActionSpec]:
        return planning.offers(state, role)

    def check_responses(self, given: Mapping[str, Any], where: str,
                        options: Mapping[str, Any]) -> None:
        responses.check(given, where, options.get("data"))

    def view(self, state: State, role: str | None,
             known: Mapping[str, str] | None = None) -> dict[str, Any]:
        return views.view(state, role, known or {})

    def describe(self, state: State, role: str | None = None,
                 known: Mapping[str, str] | None = None) -> str:
        return describe.position(state, role, known or {})

    def panes(self, view: Mapping[str, Any]) -> list[tuple[str, str]]:
        return panes.panes(view)

    def named(self, options: Mapping[str, Any]) -> list[dict[str, Any]]:
        data = dataset.get(options.get("data"))
        war = [{"id": w.id, "name": w.name, "zh": w.zh} for w in data.war.types.values()]
        return [{"id": r.id, "name": r.name, "zh": r.zh} for r in data.records() if r.zh] + war

    def rules_help(self, rule: str | None) -> str:
        return summaries.lookup(rule)

    def outcome(self, state: State) -> dict[str, Any] | None:
        return state.get("result")

    def standing_orders(self) -> dict[str, tuple[tuple[str, ...], str, str]]:
        return dict(ORDERS)

    def dice_context(self, state: State) -> str:
        return f"turn {state['turn']['number']}"

    def describe_action(self, action: dict[str, Any]) -> str:
        args = ", ".join(f"{k}: {v}" for k, v in action.items() if k not in ("do", "dice"))
        return f"{action.get('do')} {args}".strip()

    # ------------------------------------------------------------------ data

    def builtin_data_files(self, options: Mapping[str, Any]) -> tuple[Path, ...]:
        fixed = (DATA_DIR / "rules.yaml", DATA_DIR / "war.yaml")
        if self.data_hash(options) is not None:
            return fixed
        return fixed + tuple(DATA_DIR / name for name in DATA_FILES)

    def data_notice(self, options: Mapping[str, Any]) -> str | None:
        data = dataset.get(options.get("data"))
        counts = data.reconstructed_counts()
        if not any(counts.values()):
            return None
        advice = "play your own transcription with --data" if options.get("data") is None \
            else "your transcription leaves them as they were built in"
        return (f"This game uses reconstructed card data ({counts['characters']} characters, "
                f"{counts['events']} events, {counts['artifacts']} artifacts and "
                f"{counts['lands']} lands have values the rulebook does not print, marked *; "
                f"see docs/cardgame-data.md; {advice}).")
