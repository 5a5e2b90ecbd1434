"""What a realm holds face down, read the same way for the red cards, the action counters
and the objects (:mod:`.hand`, :mod:`.counters`, :mod:`.objects`).

A realm's list (``cards``, ``counters``, ``objects``) holds *entries*. In a game an entry
is a handle of a hidden deck (``red#3``): known to its holder alone until it is turned face
up, and ``open_cards`` (handle -> card) then names it for everyone. A position built
without hidden cards holds plain ids, which are face up. A card printed several times is
one unique name per copy in its deck (``fire-trap:2``); :func:`kind` gives back its id.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from pbem.games.chronicles.board import Board
from pbem.games.chronicles.catalog import ChroniclesData

OPEN = "open_cards"
COPY = ":"


def kind(card: str) -> str:
    """The id a deck card (or a plain id) is."""
    return card.split(COPY)[0]


def copies(ids: Iterable[tuple[str, int]]) -> list[str]:
    """One unique deck name per printed copy of each (id, count)."""
    out = []
    for name, count in ids:
        out += [name] if count == 1 else [f"{name}{COPY}{n}" for n in range(1, count + 1)]
    return out


@dataclass(frozen=True)
class Holding:
    """One kind of thing a realm holds: the realm's list ``key``, and the data's ids of
    that kind (``ids``), which stand face up as plain entries."""

    key: str
    ids: Callable[[ChroniclesData], Mapping[str, Any]]

    def entries(self, b: Board, role: str) -> list[str]:
        return b.realm(role)[self.key]  # type: ignore[no-any-return]

    def face(self, b: Board, entry: str) -> str | None:
        """The id of an entry everyone may read (``None``: face down)."""
        shown = b.s.get(OPEN, {}).get(entry)
        if shown is not None:
            return kind(shown)
        return entry if entry in self.ids(b.data) else None

    def seen(self, b: Board, entry: str, known: Mapping[str, str]) -> str | None:
        """The id of an entry as a viewer who knows ``known`` may read it."""
        shown = self.face(b, entry)
        if shown is None and entry in known:
            return kind(known[entry])
        return shown

    def turn_up(self, b: Board, role: str, entry: str) -> str:
        """Turn ``role``'s entry face up (its holder shows it) and return its id."""
        shown = self.face(b, entry)
        if shown is not None:
            return shown
        card = str(b.secrets.reveal(entry))
        b.s.setdefault(OPEN, {})[entry] = card
        return kind(card)

    def give(self, b: Board, giver: str, taker: str, entry: str, dealt: bool) -> None:
        """An entry passes from ``giver`` to ``taker`` (a trade, a theft); ``dealt``: the
        position deals them from a hidden deck, whose record of the holder follows."""
        self.entries(b, giver).remove(entry)
        if dealt and entry not in self.ids(b.data):
            b.secrets.move([entry], taker)
        self.entries(b, taker).append(entry)

    def public(self, b: Board, role: str) -> list[str]:
        """The ids of ``role``'s entries everyone may read, oldest first."""
        return [c for c in (self.face(b, e) for e in self.entries(b, role)) if c is not None]

    def find(self, b: Board, role: str, name: str, taken: Any = ()) -> str | None:
        """The oldest face-up entry of ``role``'s that is ``name`` (not in ``taken``)."""
        return next((e for e in self.entries(b, role)
                     if self.face(b, e) == name and e not in taken), None)

    def listed(self, b: Board, role: str, viewer: str | None, known: Mapping[str, str],
               word: str) -> list[dict[str, Any]]:
        """``role``'s entries as ``viewer`` may see them: each entry, and under ``word``
        its id when he may read it (``None``: face down)."""
        return [{"entry": e, word: self.seen(b, e, known) if role == viewer
                 else self.face(b, e)} for e in self.entries(b, role)]

    def face_down_among(self, b: Board, role: str, found: Iterable[Any]) -> list[str]:
        """Of the names an order gives (``found``), the face-down entries ``role`` holds,
        each once, in order: they turn face up when the order is opened (notes 3)."""
        held = self.entries(b, role)
        out: list[str] = []
        for entry in found:
            if isinstance(entry, str) and entry in held and self.face(b, entry) is None \
                    and entry not in out:
                out.append(entry)
        return out


def given_in_trades(order: Mapping[str, Any], part: str) -> list[Any]:
    """What the trades of an order offer under ``part`` (``cards``, ``counters``...)."""
    found: list[Any] = []
    trades = order.get("trades")
    for trade in trades if isinstance(trades, list) else []:
        give = trade.get("give") if isinstance(trade, Mapping) else None
        items = give.get(part) if isinstance(give, Mapping) else None
        found += items if isinstance(items, list) else []
    return found
