"""The red (stratagem) cards in hand, kept secret through :mod:`pbem.hidden`.

A realm's ``cards`` lists its *hand entries*, oldest first. In a game the red cards are the
shared deck ``red`` and an entry is a handle of it (``red#3``): the card is known to its
holder alone until it is turned face up (played, named in an opened battle plan, offered
in a trade), and ``open_cards`` (handle -> card) then names it for everyone. A position
built without hidden cards (the rules tests) may hold plain card ids, which are face up.

Deck cards are unique names: a stratagem printed several times is ``fire-trap:1``,
``fire-trap:2`` ...; :func:`kind` gives back its stratagem. ``apply`` never branches on a
card it has not turned face up (docs/secrets.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbem.errors import IllegalAction
from pbem.games.chronicles.board import Board
from pbem.games.chronicles.catalog import ChroniclesData
from pbem.games.chronicles.held import COPY as COPY
from pbem.games.chronicles.held import OPEN, Holding, copies, given_in_trades
from pbem.games.chronicles.held import kind as kind

DECK = "red"
PILE = "red-discard"
CARDS = Holding("cards", lambda data: data.stratagems)


def red_deck(data: ChroniclesData) -> list[str]:
    """Every red card of the data set, one unique name per copy."""
    return copies((card.id, card.copies) for card in data.stratagems.values())


def hidden(b: Board) -> bool:
    """Whether this position keeps its red cards in the hidden deck."""
    return "secrets" in b.s


entries = CARDS.entries
face = CARDS.face
seen = CARDS.seen
turn_up = CARDS.turn_up
public = CARDS.public
find = CARDS.find


def _drop(b: Board, role: str, entry: str) -> None:
    entries(b, role).remove(entry)
    b.s.get(OPEN, {}).pop(entry, None)


def to_discard(b: Board, role: str, entry: str) -> None:
    """An entry leaves the hand for the discard pile: face up if it was shown, else face
    down (its card stays unknown to all but its holders)."""
    card = face(b, entry)
    _drop(b, role, entry)
    pile = b.s["pile"]
    if hidden(b):
        b.secrets.discard([entry], PILE)
        pile["red_pile"] = int(pile.get("red_pile", 0)) + 1
        if card is None:
            pile["red_down"] = int(pile.get("red_down", 0)) + 1
            return
    if card is not None:
        pile["discard"].append(card)


def give(b: Board, giver: str, taker: str, entry: str) -> None:
    """A (face-up) entry passes from ``giver`` to ``taker`` (a trade)."""
    card = b.s.get(OPEN, {}).get(entry)
    _drop(b, giver, entry)
    if hidden(b):
        b.secrets.move([entry], taker)
    if card is not None:
        b.s.setdefault(OPEN, {})[entry] = card
    entries(b, taker).append(entry)


def steal(b: Board, thief: str, victim: str) -> None:
    """One card of ``victim``'s hand, at random, to ``thief`` alone (s8.7.4)."""
    held = entries(b, victim)
    if hidden(b):
        taken = str(b.secrets.take_random(list(held), thief))
        card = b.s.get(OPEN, {}).get(taken)
        _drop(b, victim, taken)
        if card is not None:
            b.s.setdefault(OPEN, {})[taken] = card
        entries(b, thief).append(taken)
        return
    card = b.pick(list(held), f"card stolen from {b.name(victim)}")
    held.remove(card)
    entries(b, thief).append(card)


def shown_plan(b: Board, role: str, plan: Mapping[str, Any]) -> dict[str, Any]:
    """A battle plan as it is opened: every card it names that ``role`` still holds is
    turned face up and named by its stratagem (``entry``: the hand entry, when it
    differs); an entry naming no card of his stays as it was, and plays nothing."""
    cards = []
    for item in plan.get("cards") or []:
        named = item.get("card") if isinstance(item, Mapping) else None
        if not isinstance(named, str) or named not in entries(b, role):
            cards.append(item)
            continue
        card = turn_up(b, role, named)
        cards.append({**item, "card": card, **({"entry": named} if named != card else {})})
    return {**plan, "cards": cards} if plan.get("cards") else dict(plan)


def red_left(b: Board) -> int:
    """Red cards still to draw."""
    if hidden(b):
        return int(b.secrets.remaining(DECK))
    return sum(1 for c in b.s["pile"]["draw"] if c in b.data.stratagems)


def deal(b: Board, role: str) -> None:
    """One red card from the draw pile to ``role``, face down."""
    if hidden(b):
        entries(b, role).extend(b.secrets.deal(DECK, role, 1))
        return
    red = [c for c in b.s["pile"]["draw"] if c in b.data.stratagems]
    card = str(b.pick(red, f"red card of {b.name(role)}"))
    b.s["pile"]["draw"].remove(card)
    entries(b, role).append(card)


def refill(b: Board, red: bool = True, later: bool = False) -> int:
    """The discard pile joins the draw pile (its red cards shuffled back into the red
    deck, with those still in it; ``red=False``: they stay in the discard pile; ``later``:
    every player shuffles at the end of a save she writes anyway, notes 17); how many
    cards the draw pile then holds."""
    pile = b.s["pile"]
    if not hidden(b):
        pile["draw"], pile["discard"] = [*pile["draw"], *pile["discard"]], []
        return len(pile["draw"])
    black = [c for c in pile["discard"] if c not in b.data.stratagems]
    shown_red = [c for c in pile["discard"] if c in b.data.stratagems]
    back = int(pile.get("red_pile", 0)) if red else 0
    if back:
        b.secrets.reshuffle(PILE, DECK, later=later)
    pile["draw"] = [*pile["draw"], *black]
    if red:
        pile.update(discard=[], red_pile=0, red_down=0)
    else:
        pile["discard"] = shown_red
    return len(pile["draw"]) + red_left(b)


def discard_size(b: Board) -> int:
    pile = b.s["pile"]
    if hidden(b):
        black = [c for c in pile["discard"] if c not in b.data.stratagems]
        return len(black) + int(pile.get("red_pile", 0))
    return len(pile["discard"])


def check_entry(b: Board, role: str, entry: Any, rule: str) -> None:
    """Refuse an order naming a card ``role`` does not hold (cards are named by their
    hand entry)."""
    if not isinstance(entry, str) or entry not in entries(b, role):
        raise IllegalAction(f"{b.name(role)} holds no card {entry!r} (name a card of "
                            "your hand by its entry, e.g. red#3)", rule)


def view(b: Board, role: str | None, viewer: str | None,
         known: Mapping[str, str]) -> dict[str, Any]:
    """``role``'s hand as ``viewer`` may see it: its size, and each entry he may read."""
    held = entries(b, role) if role else []
    shown = []
    for entry in held:
        card = face(b, entry) if role != viewer else seen(b, entry, known)
        shown.append({"entry": entry, "card": card})
    return {"count": len(held), "cards": shown}


def labels(b: Board, role: str, known: Mapping[str, str]) -> list[str]:
    """``role``'s hand entries as he reads them (``red#3 fire-trap``)."""
    out = []
    for entry in entries(b, role):
        card = seen(b, entry, known)
        out.append(entry if card is None or card == entry else f"{entry} {card}")
    return out


def named(b: Board, role: str, order: Mapping[str, Any]) -> list[str]:
    """The face-down entries of ``role``'s hand that an order names (its plans' cards, the
    cards its trades offer): they turn face up when it is opened (notes 3)."""
    found: list[Any] = []
    for plan in order.get("plans") or [] if isinstance(order.get("plans"), list) else []:
        cards = plan.get("cards") if isinstance(plan, Mapping) else None
        for item in cards if isinstance(cards, list) else []:
            found.append(item.get("card") if isinstance(item, Mapping) else None)
    return CARDS.face_down_among(b, role, [*found, *given_in_trades(order, "cards")])
