"""The steps of a game's chain of saves, and who must write the next save.

A save ends where another player must act: at a hand-over, at the end of the game, or at a
*request* (an action waiting for dice or for other players' contributions, kept in
``pending``) that every other player answers in turn with a *witness* save; machine steps
(a joint shuffle, a player's part of another's hidden cards they must read first, the
audit of hidden cards) need no decision. :func:`compute_due` says who
must write next, and on what.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any, TypeVar

from pbem import absence, gameplay, sealed_orders
from pbem import dice as dicemod
from pbem.engine import Action, GameModule, Log, Prompt, State, copy_state
from pbem.errors import ChainError, IllegalAction, NeedWitness, PbemError
from pbem.hidden_cards import model as hidden_model
from pbem.hidden_cards import obligations, seating
from pbem.savefile import SaveFile
from pbem.witness_answers import side_by_side

JOIN = "join"
START = "start"
WITNESS = "witness"
SHUFFLE = "shuffle"
AUDIT = "audit"
SHARE = "share"
CARRY_ON = "carry-on"
ANSWERS = "answers"  # a request answered side by side; then its actor's pbem carries on
CLAIM = gameplay.CLAIM  # another player's save: the due one did not answer by the deadline
DEFAULTS = gameplay.DEFAULTS  # the decisions of absent seats, taken by the game's defaults
SEAL = sealed_orders.SEAL  # an answer sealed until every player asked has answered
UNSEAL = sealed_orders.UNSEAL  # once all have answered, each sealed answer is opened
PASSED = "passed"  # a pass given ahead of its player's turn (pbem/passes_ahead.py)
GIVEN = "given"  # a sealed answer, or its opening, given ahead (pbem/passes_ahead.py)
FOLDED = (PASSED, GIVEN)
ENGINE_VERBS = (JOIN, START, WITNESS, SHUFFLE, AUDIT, SHARE, CLAIM, DEFAULTS, SEAL, UNSEAL,
                PASSED, GIVEN)
# steps a player's pbem answers unattended: nobody decides anything in them
UNATTENDED_STEPS = (WITNESS, SHUFFLE, AUDIT, SHARE, UNSEAL)
# saves that may leave their writer due
MACHINE_STEPS = (JOIN, *UNATTENDED_STEPS)
T = TypeVar("T")


def roles_of(save: SaveFile) -> list[str]:
    return [str(p["role"]) for p in save.players]


def witnesses(roles: list[str], actor: str, absent: Collection[str] = ()) -> list[str]:
    """Who answers ``actor``'s request, in order: every other player who is not absent, in
    seat order from the one after the actor (so no coalition short of all of them can
    foresee a roll)."""
    index = roles.index(actor)
    return [r for r in roles[index + 1:] + roles[:index] if r not in absent]


def guard(where: str, what: str, call: Callable[..., T], *args: Any) -> T:
    """Run game code on data from a save: a crash becomes a one-line refusal."""
    try:
        return call(*args)
    except (PbemError, NeedWitness):
        raise
    except Exception as exc:
        raise ChainError(f"{what} failed on this save ({type(exc).__name__}); it cannot be "
                         f"played", where) from None


def compute_due(module: GameModule, players: list[dict[str, Any]], dice_state: dict[str, Any],
                state: State, pending: dict[str, Any] | None = None,
                writer: str | None = None) -> dict[str, Any] | None:
    """Who must write the next save, and on what."""
    for player in players:
        if player["role"] not in dice_state["links"]:
            return {"role": player["role"], "step": JOIN,
                    "text": f"{player['name']} joins the game (pbem join)"}
    names = {p["role"]: p["name"] for p in players}
    roles = [p["role"] for p in players]
    gone = absence.absent(state)
    if pending is not None:  # a request: every other player answers it, then its actor
        order = witnesses(roles, pending["by"], gone)
        if writer == pending["by"] and side_by_side(players, state):
            who = _names_list([names[r] for r in order])
            return {"role": pending["by"], "step": ANSWERS,
                    "text": f"{who} answer {names[pending['by']]}'s request "
                            f"({first_roll(module, state, pending)}); then "
                            f"{names[pending['by']]}'s pbem carries on"}
        if writer == order[-1]:
            return {"role": pending["by"], "step": CARRY_ON,
                    "text": f"{names[pending['by']]} carries on with their action, now that "
                            f"the others have answered"}
        answered = order.index(writer) + 1 if writer in order else 0
        role = order[answered]
        return {"role": role, "step": WITNESS,
                "text": f"answer {names[pending['by']]}'s request "
                        f"({first_roll(module, state, pending)})"}
    hidden = hidden_model.of(state)
    if hidden is not None:
        for role in roles:
            if obligations.urgent_shuffles(hidden, role, roles):
                return {"role": role, "step": SHUFFLE,
                        "text": f"{names[role]}'s pbem shuffles the hidden decks"}
    if dice_state["seed"] is None:
        creator = players[0]
        return {"role": creator["role"], "step": START,
                "text": f"{creator['name']} starts the game"}
    prompt = gameplay.prompt(module, state)
    owing = hand_waits(state, prompt, roles)
    if owing is not None:
        assert prompt is not None
        return {"role": owing, "step": SHARE,
                "text": f"{names[owing]}'s pbem gives its part of {names[prompt.role]}'s "
                        f"hidden cards"}
    if prompt is None:
        if hidden is not None and not gone:  # an absent seat opens nothing: no audit
            for role in roles:
                if role not in hidden["openings"]:
                    return {"role": role, "step": AUDIT,
                            "text": f"{names[role]}'s pbem opens their secrets for the audit"}
        return None
    return {"role": prompt.role, "step": prompt.step, "text": prompt.text}


def _names_list(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def hand_waits(state: State, prompt: Prompt | None, roles: list[str]) -> str | None:
    """Who must first give their part of the prompted player's hidden cards, when the
    prompt asks that player to read them before deciding (``None``: nobody)."""
    hidden = hidden_model.of(state)
    if prompt is None or not prompt.needs_hand or hidden is None \
            or prompt.role in absence.absent(state):
        return None
    return obligations.owing_to_holder(hidden, prompt.role, roles, absence.absent(state))


def first_roll(module: GameModule, state: State, pending: dict[str, Any]) -> str:
    """The purpose of the first roll a pending action makes."""
    try:
        try_pending(module, state, pending)
    except NeedWitness as exc:
        return exc.purpose
    except Exception:
        return "a roll"
    return "a roll"


@dataclass
class Replay:
    """The result of re-applying one save's actions."""

    state: State
    log: list[str]
    records: list[list[dict[str, Any]]]
    due: dict[str, Any] | None = None


def verifier_seat(doc: dict[str, Any], role: str, state: State,
                   action: Action | None = None) -> Any:
    """A verifier's seat for ``role`` in a game with sealed cards (else ``None``)."""
    if hidden_model.of(state) is None:
        return None
    records = action.get("reveals", {}) if action else {}
    if not isinstance(records, dict):
        raise ChainError("field reveals: must be a mapping", "")
    return seating.seat(doc, role, None, records)


def offered_to(module: GameModule, state: State, writer: str) -> Prompt:
    prompt = gameplay.prompt(module, state)
    if prompt is None:
        raise IllegalAction("the game is over")
    if prompt.role != writer:
        raise IllegalAction(f"{writer} acted but {prompt.role} was due ({prompt.text})")
    return prompt


def require(condition: bool, message: str, where: str) -> None:
    if not condition:
        raise ChainError(message, where)


def same(a: Any, b: Any) -> bool:
    """Equal, key order included (a save has one byte form)."""
    if type(a) is not type(b):
        return False
    if type(a) is dict:
        return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
    if type(a) is list:
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def witnessed_dice(doc: dict[str, Any], pending: dict[str, Any]) -> dicemod.ChainDice:
    """The dice of a pending action: from the request and its witnesses' links."""
    roles = [p["role"] for p in doc["players"]]
    order = witnesses(roles, pending["by"], absence.absent(doc["state"]))
    links = doc["dice"]["links"]
    key = dicemod.witness_key(doc["dice"]["seed"], pending["request"],
                              links[pending["by"]]["link"],
                              {r: links[r]["link"] for r in order}, order)
    return dicemod.ChainDice(key)


def open_dice(module: GameModule, save_doc: dict[str, Any], roles: list[str],
              state_of: Callable[[], State]) -> dicemod.OpenDice:
    """The dice of an open-mode save, keyed by its links and each roll's context."""
    links = {role: save_doc["dice"]["links"][role]["link"] for role in roles}
    key = dicemod.open_key(save_doc["dice"]["seed"], links, roles)
    return dicemod.OpenDice(key, lambda: module.dice_context(state_of()))


def try_pending(module: GameModule, state: State, pending: dict[str, Any],
         seat: Any = None) -> None:
    scratch = copy_state(state)
    if seat is None and hidden_model.of(state) is not None:
        seat = seating.Seat(pending["by"], [], {})
    if pending["action"]["do"] == START:
        gameplay.start(module, scratch, dicemod.WitnessDice(), Log(), seat)
    else:
        gameplay.apply(module, scratch, pending["by"], pending["action"], dicemod.WitnessDice(),
                       Log(), seat)
