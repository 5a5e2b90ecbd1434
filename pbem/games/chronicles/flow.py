"""The round of Chronicles as pbem plays it (docs/chronicles-engine.md, "The round"):
which sealed exchange is open, whom it asks, and the order the rules run in once every
answer of an exchange is in."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbem import inner_seals
from pbem.engine import Prompt
from pbem.errors import IllegalAction
from pbem.games.chronicles import counters, hand, objects, order_form
from pbem.games.chronicles.board import Board
from pbem.games.chronicles.rules import (
    actions,
    battle,
    completion,
    deals,
    draws,
    exile,
    muster,
    resolution,
    sealed_forces,
    setup,
    supplies,
    tax,
    trades,
)
from pbem.offers import ActionSpec

SEASON = "season"
MUSTER = "muster"
SEASON_PARTS = ("loans", "trades", "deals", "welcome", "actions", "guards", "answers",
                "muster", "plans", "let_through", "exile")
MUSTER_PARTS = ("muster", "plans", "let_through")
EXCHANGE_NAMES = {1: "season orders", 2: "second muster", 3: "last muster"}
RULES = {1: "s4.0.simultaneous", 2: "s9.0.incremental", 3: "s9.0.incremental"}


# ------------------------------------------------------------------ questions


def open_exchange(b: Board, number: int) -> bool:
    """Ask exchange ``number`` (1: the season orders; 2, 3: the musters) of the seats it
    concerns; False when it asks nobody."""
    asked = b.round_order() if number == 1 else muster.asked(b, number)
    order = [r for r in b.round_order() if r in asked and not exile.is_out(b, r)]
    if not order:
        b.s["exchange"] = None
        return False
    b.s["exchange"] = {"kind": SEASON if number == 1 else MUSTER, "number": number,
                       "asked": order, "given": {}}
    b.log.heading(f"{b.when()}: the {EXCHANGE_NAMES[number]} "
                  f"{'are' if number == 1 else 'is'} asked of "
                  + ", ".join(b.name(r) for r in order), RULES[number])
    return True


def waiting(b: Board) -> list[str]:
    ex = b.s.get("exchange")
    if not ex:
        return []
    return [r for r in ex["asked"] if r not in ex["given"]]


def current_prompt(b: Board, bare: bool = False) -> Prompt | None:
    """The open exchange's question, to the first seat still to answer; every seat asked
    answers it sealed, side by side (``bare``: its offer without the form's parameters)."""
    if b.s.get("result") is not None:
        return None
    left = waiting(b)
    if not left:
        return None
    ex = b.s["exchange"]
    number = int(ex["number"])
    parts = SEASON_PARTS if number == 1 else MUSTER_PARTS
    spec = ActionSpec(ex["kind"], EXCHANGE_NAMES[number].capitalize(), RULES[number],
                      params=() if bare else order_form.params(b, left[0], number),
                      extra=parts)
    text = (f"{b.when()}: give your {EXCHANGE_NAMES[number]} (every part may be empty; "
            "nobody sees them before all are in)")
    face_down = sealed_forces.active(b)
    return Prompt(left[0], ex["kind"], text, (spec,), rule=RULES[number],
                  sealed=tuple(left), ahead=tuple(left[1:]),
                  inner=sealed_forces.INNER if face_down and number < 3 else (),
                  opens_inner=face_down and number == 3, lapses=True)


# ------------------------------------------------------------------ answers


def check_answer(b: Board, role: str, order: Mapping[str, Any]) -> None:
    """Refuse an answer the rules refuse, as the position stands (nothing changes)."""
    ex = b.s["exchange"]
    parts = SEASON_PARTS if ex["number"] == 1 else MUSTER_PARTS
    unknown = sorted(set(order) - {"do", "inner", *parts})
    if unknown:
        raise IllegalAction(f"the {EXCHANGE_NAMES[ex['number']]} "
                            f"{'have' if ex['number'] == 1 else 'has'} no part "
                            f"{unknown[0]!r} (parts: {', '.join(parts)})", RULES[ex["number"]])
    if ex["number"] == 1:
        trades.check_trades(b, role, order)
        deals.check_deals(b, role, order)
        actions.check_actions(b, role, order)
        exile.check_exile(b, role, order)
    if sealed_forces.active(b) and ex["number"] < 3:
        sealed_forces.check_shapes(b, role, order)
    else:
        muster.check_muster(b, role, order, sealed_forces.opened_placements(b, role))


def answer(b: Board, role: str, order: dict[str, Any]) -> None:
    """Take ``role``'s answer to the open exchange; the last one carries the round on."""
    left = waiting(b)
    ex = b.s.get("exchange")
    if not left or ex is None:
        raise IllegalAction("no orders are asked for now")
    if role != left[0]:
        raise IllegalAction(f"{b.name(left[0])} answers now", RULES[ex["number"]])
    if order.get("do") != ex["kind"]:
        raise IllegalAction(f"the answer now is {ex['kind']} orders", RULES[ex["number"]])
    check_answer(b, role, order)
    ex["given"][role] = order
    if len(left) == 1:
        _take(b)


def _take(b: Board) -> None:
    ex = b.s["exchange"]
    number, given = int(ex["number"]), dict(ex["given"])
    b.log.heading(f"{b.when()}: the {EXCHANGE_NAMES[number]} "
                  f"{'are' if number == 1 else 'is'} opened", RULES[number])
    for role, order in given.items():  # what the opened answers name is shown (notes 3)
        for entry in hand.named(b, role, order):
            hand.turn_up(b, role, entry)
        for entry in counters.named(b, role, order):
            counters.turn_up(b, role, entry)
        for entry in objects.named(b, role, order):
            objects.turn_up(b, role, entry)
    if number == 1:
        b.s["round"]["orders"] = given
        trades.take_all(b, given)
        exile.take_exile(b, given)
        actions.place_all(b, given)
    if not sealed_forces.active(b):
        muster.place_all(b, given, number)
    elif number < 3:
        sealed_forces.place_shapes(b, given, number)
    else:
        sealed_forces.reveal(b, given)
    b.s["exchange"] = None
    if number < 3 and muster.pending(b) and open_exchange(b, number + 1):
        return
    finish_round(b)


def finish_round(b: Board) -> None:
    """Battles, resolution and completion; then the next round's first phases and its
    season orders (unless the game is over)."""
    sealed_forces.drop_unopened(b)
    supplies.close(b)
    battle.fight_all(b)
    resolution.run(b)
    completion.run(b)
    inner_seals.forget(b.s)
    if b.s.get("result") is not None:
        b.s["exchange"] = None
        return
    begin_round(b)


def begin_round(b: Board) -> None:
    """Phases 1 and 2, then exchange A."""
    b.log.heading(f"{b.when()} begins")
    if b.season == "spring" and b.round > 1:
        tax.collect(b)
    draws.prepare(b)
    if b.s.get("result") is None:
        open_exchange(b, 1)


def start(b: Board) -> None:
    """The first draws of 3.0, then Spring 196."""
    setup.first_draws(b)
    begin_round(b)
