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
from pbem.games.chronicles.hand import COPY, OPEN, hidden, kind

DECKS = ("actions-odd", "actions-even")
DEALT = "dealt"  # supply.dealt: the handles dealt from this round's deck, in a game


def action_deck(data: ChroniclesData) -> list[str]:
    """Every action counter of the data set, one unique name per copy."""
    out = []
    for action in data.actions.values():
        out += [action.id] if action.count == 1 else \
            [f"{action.id}{COPY}{n}" for n in range(1, action.count + 1)]
    return out


def deck_of(round_number: int) -> str:
    """The hidden deck the counters of round ``round_number`` are drawn from."""
    return DECKS[0] if round_number % 2 else DECKS[1]


def entries(b: Board, role: str) -> list[str]:
    return b.realm(role)["counters"]  # type: ignore[no-any-return]


def face(b: Board, entry: str) -> str | None:
    """The action of a counter everyone may read (``None``: face down)."""
    counter = b.s.get(OPEN, {}).get(entry)
    if counter is not None:
        return kind(counter)
    return entry if entry in b.data.actions else None


def seen(b: Board, entry: str, known: Mapping[str, str]) -> str | None:
    """The action of a counter as a viewer who knows ``known`` may read it."""
    counter = face(b, entry)
    if counter is None and entry in known:
        return kind(known[entry])
    return counter


def turn_up(b: Board, role: str, entry: str) -> str:
    """Turn ``role``'s counter face up (he shows it) and return its action."""
    counter = face(b, entry)
    if counter is not None:
        return counter
    shown = str(b.secrets.reveal(entry))
    b.s.setdefault(OPEN, {})[entry] = shown
    return kind(shown)


def public(b: Board, role: str) -> list[str]:
    """The actions of ``role``'s counters everyone may read."""
    return [c for c in (face(b, e) for e in entries(b, role)) if c is not None]


def find(b: Board, role: str, action: str, taken: Any = ()) -> str | None:
    """The oldest face-up counter of ``role``'s that is ``action`` (not in ``taken``)."""
    return next((e for e in entries(b, role) if face(b, e) == action and e not in taken),
                None)


def give(b: Board, giver: str, taker: str, entry: str) -> None:
    """A (face-up) counter passes from ``giver`` to ``taker`` (a trade)."""
    entries(b, giver).remove(entry)
    if hidden(b) and entry not in b.data.actions:
        b.secrets.move([entry], taker)
    entries(b, taker).append(entry)


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
    return [{"entry": e, "action": seen(b, e, known) if role == viewer else face(b, e)}
            for e in entries(b, role)]


def named(b: Board, role: str, order: Mapping[str, Any]) -> list[str]:
    """The face-down counters of ``role``'s that an order names (its actions' entries,
    the counters its trades offer): they turn face up when it is opened (notes 3)."""
    found: list[Any] = []
    acts = order.get("actions")
    for act in acts if isinstance(acts, list) else []:
        found.append(act.get("entry") if isinstance(act, Mapping) else None)
    trades = order.get("trades")
    for trade in trades if isinstance(trades, list) else []:
        part = trade.get("give") if isinstance(trade, Mapping) else None
        items = part.get("counters") if isinstance(part, Mapping) else None
        found += items if isinstance(items, list) else []
    held = entries(b, role)
    out: list[str] = []
    for entry in found:
        if isinstance(entry, str) and entry in held and face(b, entry) is None \
                and entry not in out:
            out.append(entry)
    return out
