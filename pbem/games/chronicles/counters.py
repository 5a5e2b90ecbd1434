"""The action counters in hand, kept secret through :mod:`pbem.hidden` as the red cards are
(:mod:`.hand`).

A realm's ``counters`` lists its action counters. In a game they are handles of one of two
hidden decks, ``actions-odd`` for the odd rounds and ``actions-even`` for the even ones
(``actions-odd#4``): a counter is known to its holder alone until it is turned face up
(placed on an action, offered in a trade), and ``open_cards`` then names it for everyone.
Unused counters are never shown. A full set is drawn every round, and a deck, once its
round is over, is gathered and shuffled again during the next round, in the saves the
players write anyway, for the round after (rules notes 17; docs/chronicles-play-by-mail.md,
"Hidden cards"). A position built without hidden cards holds plain action ids, face up.

Every counter printed several times is a unique name in the deck (``land:1``, ``land:2``);
:func:`kind` gives its action. The rules never branch on a counter they have not turned
face up.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbem.errors import IllegalAction
from pbem.games.chronicles.board import Board
from pbem.games.chronicles.catalog import ChroniclesData
from pbem.games.chronicles.hand import hidden
from pbem.games.chronicles.held import OPEN, Holding, copies, given_in_trades

DECKS = ("actions-odd", "actions-even")
DEALT = "dealt"  # supply.dealt: the handles dealt from this round's deck, in a game


COUNTERS = Holding("counters", lambda data: data.actions)


def action_deck(data: ChroniclesData) -> list[str]:
    """Every action counter of the data set, one unique name per copy."""
    return copies((action.id, action.count) for action in data.actions.values())


def deck_of(round_number: int) -> str:
    """The hidden deck the counters of round ``round_number`` are drawn from."""
    return DECKS[0] if round_number % 2 else DECKS[1]


entries = COUNTERS.entries
face = COUNTERS.face
seen = COUNTERS.seen
turn_up = COUNTERS.turn_up
public = COUNTERS.public
find = COUNTERS.find


def give(b: Board, giver: str, taker: str, entry: str) -> None:
    """A (face-up) counter passes from ``giver`` to ``taker`` (a trade)."""
    COUNTERS.give(b, giver, taker, entry, hidden(b))


def deal(b: Board, role: str) -> str:
    """One action counter of this round's deck, face down, to ``role``."""
    entry = str(b.secrets.deal(deck_of(b.round), role, 1)[0])
    b.s["supply"].setdefault(DEALT, []).append(entry)
    entries(b, role).append(entry)
    return entry


def left(b: Board) -> int:
    """Action counters still to draw this round."""
    if hidden(b):
        return int(b.secrets.remaining(deck_of(b.round)))
    return len(b.s["supply"]["actions"])


def gather(b: Board) -> None:
    """Last round's deck, every counter of it wherever it lies, shuffled again for the
    round after next (each seat's pbem gives its step in its next save)."""
    supply = b.s["supply"]
    dealt = list(supply.get(DEALT, []))
    if not dealt:
        return
    deck = deck_of(b.round - 1)
    for role in b.seats:
        realm = b.realm(role)
        realm["counters"] = [e for e in realm["counters"] if e not in dealt]
    opened = b.s.get(OPEN, {})
    for entry in dealt:
        opened.pop(entry, None)
    b.secrets.discard(dealt, f"{deck}-pile")
    b.secrets.reshuffle(f"{deck}-pile", deck, later=True)
    supply[DEALT] = []


def check_entry(b: Board, role: str, entry: Any, rule: str) -> None:
    """Refuse an order naming a counter ``role`` does not hold."""
    if not isinstance(entry, str) or entry not in entries(b, role):
        raise IllegalAction(f"{b.name(role)} holds no action counter {entry!r} (name one "
                            "of yours by its entry, e.g. actions-odd#4)", rule)


def view(b: Board, role: str, viewer: str | None,
         known: Mapping[str, str]) -> list[dict[str, Any]]:
    """``role``'s counters as ``viewer`` may see them: each entry, and its action when he
    may read it (``None``: face down)."""
    return COUNTERS.listed(b, role, viewer, known, "action")


def named(b: Board, role: str, order: Mapping[str, Any]) -> list[str]:
    """The face-down counters of ``role``'s that an order names (its actions' entries,
    the counters its trades offer): they turn face up when it is opened (notes 3)."""
    found: list[Any] = []
    acts = order.get("actions")
    for act in acts if isinstance(acts, list) else []:
        found.append(act.get("entry") if isinstance(act, Mapping) else None)
    return COUNTERS.face_down_among(b, role, [*found, *given_in_trades(order, "counters")])
