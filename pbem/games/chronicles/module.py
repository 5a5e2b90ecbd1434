"""Chronicles of the Three Kingdoms as a pbem game module (3 to 7 players; a role is the
id of the leader a player plays).

Every phase a player decides is one sealed exchange answered side by side
(:mod:`.flow`); everything else is computed. Options: ``players``, ``leaders`` (the
leaders played, in seat order; default the line-up advised for that many players, 17.0)
and ``data`` (the hash of a registered data set, default the built-in one).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from pbem import inner_seals, standing_orders
from pbem.data_sets import ReplaceableData
from pbem.engine import GameModule, Log, Prompt, State
from pbem.errors import UsageError
from pbem.games.chronicles import (
    counters,
    dataset,
    describe,
    flow,
    hand,
    objects,
    picture_board,
    random_orders,
    scenario,
)
from pbem.games.chronicles import responses as standing_responses
from pbem.games.chronicles.board import Board
from pbem.games.chronicles.catalog import DATA_DIR
from pbem.games.chronicles.orders import ORDERS
from pbem.games.chronicles.orders import update as update_orders
from pbem.games.chronicles.rules import sealed_forces
from pbem.games.chronicles.rules.setup import (
    active_non_humans,
    check_leaders,
    line_up,
    opening_state,
)

SUMMARIES = {
    "season": "Season orders (4.0-9.0): everything you decide this season, given at once and "
              "sealed: trades and loans, actions with a general on each counter, guards and "
              "gold for or against others' actions, and the first placements for battle "
              "with their plans. Nobody sees them before every seat has given its own; a "
              "part you leave out places nothing.",
    "muster": "Muster (9.0): a further round of placements for the battles now pending, "
              "sealed like the season orders: more generals, units or gold for a side, a "
              "new plan, leave to pass through your land. What you send stays face down "
              "until the last muster opens it. Giving nothing passes.",
    "s4.0.simultaneous": "Every phase is played by all at once (4.0): pbem seals each "
                         "seat's orders until all are in.",
    "s9.0.incremental": "Forces for battle may be placed in three rounds (9.0, rules "
                        "notes 5); each round shows who placed where, for which side and "
                        "how many generals. What they send, and the battle plans, stay face "
                        "down until the last muster opens them.",
}
REPLACEABLE = ("map.yaml", "territory_cards.yaml", "cards.yaml", "generals.yaml",
               "counters.yaml", "leaders.yaml", "non_human.yaml", "tables.yaml")


class Chronicles(ReplaceableData, GameModule):
    registry = dataset
    kind = "chronicles-of-the-three-kingdoms"
    title = "Chronicles of the Three Kingdoms"
    version = "1"
    min_players = 3
    max_players = 7
    sealed_answers = True
    uses_secrets = True  # the red cards, action counters and objects in hand (hand.py,
    # counters.py, objects.py)

    def roles(self, options: Mapping[str, Any]) -> list[str]:
        return list(options["leaders"])

    def role_label(self, role: str) -> str:
        record = dataset.builtin().leaders.get(role)
        return record.name if record is not None else role

    def options(self, players: int, given: Mapping[str, Any] | None = None) -> dict[str, Any]:
        given = dict(given or {})
        checked = self.checked_options(players, given)
        data = dataset.get(checked.get("data"))
        leaders = given.pop("leaders", None)
        if leaders is None:
            leaders = line_up(data, players)
        elif isinstance(leaders, str):
            leaders = [name.strip() for name in leaders.split(",") if name.strip()]
        if not isinstance(leaders, list):
            raise UsageError("option leaders is a list of leaders (cao-cao, sun-ce, ...)")
        checked["leaders"] = check_leaders(data, players, leaders)
        if "forces" in given:  # absent in games begun before forces were face down
            forces = given.pop("forces")
            if forces not in sealed_forces.OPTIONS:
                raise UsageError("option forces is one of "
                                 f"{', '.join(sealed_forces.OPTIONS)}, not {forces!r}")
            checked["forces"] = forces
        if given:
            raise UsageError(f"unknown option {sorted(given)[0]!r} (known: leaders, forces, "
                             "data)")
        return checked

    def new_game_options(self, given: Mapping[str, Any]) -> dict[str, Any]:
        return {"forces": sealed_forces.FACE_DOWN, **given}

    def shared_decks(self, options: Mapping[str, Any]) -> dict[str, list[str]]:
        data = dataset.get(options.get("data"))
        actions = counters.action_deck(data)
        free = objects.object_deck(data, active_non_humans(data, self.roles(options)))
        return {hand.DECK: hand.red_deck(data), **{deck: actions for deck in counters.DECKS},
                objects.DECK: free}

    def setup(self, options: Mapping[str, Any], scene: Mapping[str, Any] | None) -> State:
        state = opening_state(options, self.roles(options))
        if scene:
            scenario.apply(state, scene, self.shared_decks(options))
        data = dataset.get(options.get("data"))
        state["pile"]["draw"] = [c for c in state["pile"]["draw"] if c not in data.stratagems]
        state["pile"].update(red_pile=0, red_down=0)
        state.setdefault(hand.OPEN, {})
        if options.get("forces") == sealed_forces.FACE_DOWN:
            state[sealed_forces.FLAG] = True
        return state

    seals_inside = True  # forces and plans stay face down until the last muster

    def inner_shape(self, state: State, role: str, values: Mapping[str, Any],
                    earlier: Sequence[Mapping[str, Any]] = ()) -> dict[str, Any]:
        return sealed_forces.inner_shape(Board(state), role, values, earlier)

    def named_cards(self, state: State, role: str, answer: Mapping[str, Any]) -> list[str]:
        b = Board(state)
        opened = [hand.named(b, role, value) for value in inner_seals.values_in(answer)]
        return hand.named(b, role, answer) + [h for found in opened for h in found] + \
            counters.named(b, role, answer) + objects.named(b, role, answer)

    def start(self, state: State, dice: Any, log: Log, secrets: Any = None) -> None:
        flow.start(Board(state, dice, log, secrets))

    def prompt(self, state: State, known: Mapping[str, str] | None = None) -> Prompt | None:
        return flow.current_prompt(Board(state, known=known))

    def bare_prompt(self, state: State) -> Prompt | None:
        return flow.current_prompt(Board(state), bare=True)

    def apply(self, state: State, role: str, action: dict[str, Any], dice: Any,
              log: Log, secrets: Any = None) -> None:
        b = Board(state, dice, log, secrets)
        if action.get("do") == "orders":
            standing_orders.change(state, role, action, update_orders, b.name(role), log)
            return
        flow.answer(b, role, dict(action))

    absent_defaults: Mapping[str, tuple[str, ...]] = {"season": ("season",),
                                                      "muster": ("muster",)}

    def view(self, state: State, role: str | None,
             known: Mapping[str, str] | None = None) -> dict[str, Any]:
        """The position as ``role`` may see it: every realm's red cards are hand entries
        (``{entry, card}``; ``card`` is null for one the viewer may not read), its action
        counters likewise (``{entry, action}``), its objects likewise (``{entry, object}``).
        ``round`` is the round's number (front ends read it so), ``rounds`` the last
        round's, ``this_round`` the round's facts."""
        return describe.view(state, role, known or {})

    random_reads_hand = (flow.SEASON,)  # self-play hands random_actions what she reads

    def random_actions(self, state: State, prompt: Prompt, rng: Any,
                       known: Mapping[str, str] | None = None) -> list[dict[str, Any]]:
        """Random orders of a player who reads her own counters (``known``; by default
        what the state tells her, as in a game played in memory)."""
        if prompt.step == flow.SEASON:
            if known is None:
                from pbem.gameplay import knowledge
                known = knowledge(state, prompt.role)
            return random_orders.season_orders(state, prompt.role, rng, known)
        if prompt.step == flow.MUSTER:
            return random_orders.muster_orders(state, prompt.role, rng)
        return []

    def board(self) -> dict[str, Any] | None:
        return picture_board.board()

    def describe(self, state: State, role: str | None = None,
                 known: Mapping[str, str] | None = None) -> str:
        return describe.position(state, role, known or {})

    def rules_help(self, rule: str | None) -> str:
        return SUMMARIES.get(rule or "", "")

    def outcome(self, state: State) -> dict[str, Any] | None:
        return state.get("result")

    def standing_orders(self) -> dict[str, tuple[tuple[str, ...], str, str]]:
        return dict(ORDERS)

    def respond(self, state: State, prompt: Prompt, known: Mapping[str, str],
                rule: Any, pick: Any = None) -> dict[str, Any] | None:
        return standing_responses.respond(prompt.step, rule)

    def check_responses(self, given: Mapping[str, Any], where: str,
                        options: Mapping[str, Any]) -> None:
        standing_responses.check(given, where)

    def dice_context(self, state: State) -> str:
        calendar = state["calendar"]
        ex = state.get("exchange") or {}
        return f"{calendar['season']} {calendar['year']} exchange {ex.get('number', 0)}"

    def named(self, options: Mapping[str, Any]) -> list[dict[str, Any]]:
        data = dataset.get(options.get("data"))
        out = []
        for section in ("leaders", "generals", "territories", "events", "disasters",
                        "stratagems", "objects", "actions", "armies"):
            for record in getattr(data, section).values():
                if getattr(record, "zh", ""):
                    out.append({"id": record.id, "name": record.name, "zh": record.zh})
        for territory in data.territories.values():
            out += [{"id": a.id, "name": a.name, "zh": a.zh} for a in territory.areas if a.zh]
        return out

    def describe_action(self, action: dict[str, Any]) -> str:
        verb = action.get("do")
        if verb == "seal":
            return "a sealed answer"
        if verb == "unseal":
            return "opens a sealed answer" if len(action) > 1 else "nothing opened"
        parts = [k for k in action if k != "do" and action[k]]
        return f"{action.get('do')} orders" + (f" ({', '.join(parts)})" if parts else
                                               " (nothing placed)")

    # ------------------------------------------------------------------ data

    def builtin_data_files(self, options: Mapping[str, Any]) -> tuple[Path, ...]:
        if self.data_hash(options) is not None:
            return ()
        return tuple(DATA_DIR / name for name in REPLACEABLE)

    def data_notice(self, options: Mapping[str, Any]) -> str | None:
        advice = "play your own transcription with --data" if options.get("data") is None \
            else "your transcription leaves them as they were built in"
        return ("This game uses reconstructed data (the map, the territory cards and most "
                "counts are not in the rulebook text; marked *; see "
                f"docs/chronicles-data.md; {advice}).")
