"""Game Setup (setup.A to setup.M): the opening position and the opening deal.

The board (A-J, M) is laid out by :func:`opening_state`; chance at the start (the
criterion markers, C), the enhancement cards dealt face down (K) and the initial
recruitment (L) happen in the ``deal`` step once the seed is known. Armies and weapons
start in the general supply, which never runs out (setup.supply, tokens.unlimited).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbem.games.three_kingdoms_redux.catalog import RESOURCES, ROLES, load_catalog
from pbem.games.three_kingdoms_redux.dataset import get as get_data
from pbem.games.three_kingdoms_redux.flow import Handler, Step, handler
from pbem.games.three_kingdoms_redux.orders import default_orders
from pbem.games.three_kingdoms_redux.table import Table, fresh_flags

GENERAL_DECK = "generals"


def general_entry(card: str | None, recruited: int) -> dict[str, Any]:
    """A general in a state's supply; ``card`` is null while hidden."""
    return {"card": card, "at": "supply", "recruited": recruited, "placed": None}


def state_board(role: str) -> dict[str, Any]:
    """One state's board at the start (setup.E, F, G, J, M, setup.supply)."""
    cat = load_catalog()
    start = cat.start[role]
    board: dict[str, Any] = dict.fromkeys(RESOURCES, 0)
    board.update(gold=start.gold, rice=start.rice, support=start.support)
    board.update({
        "deficit": 0,
        "farm": {"level": 0, "space": 0, "granary": 0, "removed": 0},
        "market": {"level": 0, "space": 0, "treasury": 0, "removed": 0},
        "tribal": start.tribal, "rank": 0, "military": 0,
        "bid_tokens": cat.n("bid_tokens"),
        "generals": {cat.states[role].lord: general_entry(cat.states[role].lord, 1)},
        "hand": [], "built": [], "stationed": [], "border_tokens": [],
    })
    return board


def opening_state(options: Mapping[str, Any]) -> dict[str, Any]:
    cat = load_catalog()
    data = get_data(options.get("data"))
    seats = sorted(ROLES, key=lambda r: cat.start[r].seat)  # setup.B
    return {
        "data": options.get("data"),
        "tutorial": bool(options.get("tutorial", False)),
        "round": 1,                                           # setup.A
        "bid_order": seats, "next_bid_order": list(seats), "action_order": [],
        "criterion": dict.fromkeys(cat.marker_spaces),
        "alliance": {"space": None, "previous": None,
                     "holder": cat.n("alliance_holder"), "joined": []},   # setup.H
        "han": {"holder": None, "used": False, "winner": None},          # setup.I
        "face_down": None,
        "bids": {}, "seq": 0, "won": {},
        "states": {role: state_board(role) for role in ROLES},
        "locations": dict.fromkeys(data.locations),               # setup.D: all 0 VP side up
        "decks": {deck: len(data.deck(deck)) for deck in ("unification", "separation")},
        "round_flags": {role: fresh_flags() for role in ROLES},
        "stack": [{"step": "round", "stage": 0}, {"step": "deal"}],
        "orders": {role: default_orders() for role in ROLES},
        "result": None,
    }


@handler
class Deal(Handler):
    """The opening once the seed is known: criterion markers, cards, initial recruitment."""

    name = "deal"

    def run(self, t: Table, step: Step) -> None:
        t.s["stack"].pop()
        t.heading("Setting up the game", "setup.C")
        first, second = t.cat.marker_spaces
        if not step.get("skip_criterion"):
            side = ("administration", "combat")[
                t.draw(2, f"criterion side for {t.sname(first)}") - 1]
            other = "combat" if side == "administration" else "administration"
            t.s["criterion"] = {first: side, second: other}
        t.say(f"{t.sname(first)} bids on {t.s['criterion'][first]} this round; "
              f"{t.sname(second)} on {t.s['criterion'][second]}", "setup.C")
        for role in ROLES:
            if role in step.get("skip_hands", ()):
                continue
            start = t.cat.start[role]
            hand = t.st(role)["hand"]
            hand.extend(t.deal("separation", role, start.separation))
            hand.extend(t.deal("unification", role, start.unification))
            t.say(f"{t.rname(role)} is dealt {start.separation} Separation and "
                  f"{start.unification} Unification cards, face down", "setup.K")
        if t.s["tutorial"]:
            t.s["stack"].append({"step": "tutorial-recruits"})
            return
        for role in reversed(t.s["bid_order"]):
            if role in step.get("skip_generals", ()):
                continue
            start = t.cat.start[role]
            drawn = t.secrets.draw_private(role, GENERAL_DECK, start.draw)
            t.s["stack"].append({"step": "keep-generals", "role": role, "drawn": drawn,
                                 "keep": start.keep, "rule": "setup.L"})
        t.say("Each state draws 6 general cards to choose its first recruits in secret",
              "setup.L")
