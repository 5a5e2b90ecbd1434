"""Phase 2, preparation (4.1 phase 2, 6.0; notes 7 and 17).

:func:`prepare`: maintenance of units in battles carried over (:mod:`.tax`); one player
card per seat in the round seat order, its colour by the dice in the proportion of black
and red cards left, then a black card by the dice or the top of the hidden red deck
(:mod:`..hand`); the black cards resolved once all have
drawn, every disaster before every event, each in draw order; then three counters per
seat, object or action counter by the dice in the proportion of what is left. Objects used
last round go back to the supply after the draws (notes 17: drawable a round later than
at the table). The hand limit is the completion phase's.
"""

from __future__ import annotations

from pbem.games.chronicles import counters, hand, objects
from pbem.games.chronicles.board import Board
from pbem.games.chronicles.rules import disasters, events, tax
from pbem.games.chronicles.wording import counted

RED = "red"


def is_black(b: Board, card: str) -> bool:
    return card in b.data.events or card in b.data.disasters



def _choose(b: Board, first: int, second: int, purpose: str) -> bool:
    """True for the first of two heaps, by one draw weighted by their sizes."""
    if second == 0:
        return True
    if first == 0:
        return False
    return int(b.pick(list(range(first + second)), purpose)) < first


def draw_card(b: Board, role: str) -> str | None:
    """One player card for ``role`` from the draw pile (notes 17); when it is empty the
    discard pile becomes the draw pile (s4.1.2.reshuffle). Returns the black card drawn,
    ``RED`` for a red card (dealt face down to ``role``), None when no card is left."""
    pile = b.s["pile"]
    black = [c for c in pile["draw"] if is_black(b, c)]
    if not black and not hand.red_left(b):
        if not hand.discard_size(b):
            b.note(f"No player card is left for {b.name(role)}", "s4.1.2.reshuffle")
            return None
        size = hand.refill(b, red=not hand.hidden(b))
        if not size:  # only red cards were discarded: they wait for the next refill
            b.note(f"No player card is left for {b.name(role)}", "s4.1.2.reshuffle")
            return None
        b.note(f"The draw pile is empty: the {size} discarded cards become the "
               "new draw pile", "s4.1.2.reshuffle")
        black = [c for c in pile["draw"] if is_black(b, c)]
    red = hand.red_left(b)
    colour_black = _choose(b, len(black), red,
                           f"colour of {b.name(role)}'s card ({len(black)} black, "
                           f"{red} red left)")
    if not colour_black:
        hand.deal(b, role)
        return RED
    card = str(b.pick(black, f"black card of {b.name(role)}"))
    pile["draw"].remove(card)
    return card


def draw_cards(b: Board) -> None:
    """Points 2-5 of phase 2: every seat draws; red cards are kept, black ones resolved
    after all have drawn, disasters first (s4.1.2.disasters-first, notes 7)."""
    black: list[tuple[str, str]] = []
    per_seat = int(b.data.rule("cards-per-round"))
    for role in b.round_order():
        for _ in range(per_seat):
            card = draw_card(b, role)
            if card is None:
                continue
            if card != RED:
                black.append((card, role))
                b.note(f"{b.name(role)} draws a black card", "s4.1.2.card-order")
            else:
                b.note(f"{b.name(role)} draws a red card and keeps it", "s2.2.2.red")
    for card, role in black:
        if card in b.data.disasters:
            disasters.resolve(b, card, role)
    for card, role in black:
        if card in b.data.events:
            events.resolve(b, card, role)


def fresh_actions(b: Board) -> list[str]:
    """A full set of action counters for this round (none is kept, 2.3.3)."""
    return [a.id for a in b.data.actions.values() for _ in range(a.count)]


def draw_counters(b: Board) -> None:
    """Point 6: each seat draws three counters in the round seat order, each an object or
    an action counter by the dice in the proportion left (notes 17). In a game the action
    counters are this round's hidden deck (:mod:`..counters`) and the objects the hidden
    deck of objects (:mod:`..objects`): whether a draw is an object or an action is
    public, which action or object it is only its drawer reads."""
    supply = b.s["supply"]
    if hand.hidden(b):
        counters.gather(b)
        supply["actions"] = []
    else:
        supply["actions"] = fresh_actions(b)
    per_seat = int(b.data.rule("counters-per-round"))
    for role in b.round_order():
        got = {"action": 0, "object": 0}
        realm = b.realm(role)
        for n in range(1, per_seat + 1):
            free, actions = objects.left(b), counters.left(b)
            if not free and not actions:
                break
            if _choose(b, free, actions,
                       f"counter {n} of {b.name(role)}: object or action "
                       f"({counted(free, 'object')}, {counted(actions, 'action')} left)"):
                objects.deal(b, role, f"object for {b.name(role)}")
                got["object"] += 1
            else:
                if hand.hidden(b):
                    counters.deal(b, role)
                else:
                    item = str(b.pick(list(supply["actions"]),
                                      f"action counter for {b.name(role)}"))
                    supply["actions"].remove(item)
                    realm["counters"].append(item)
                got["action"] += 1
        b.note(f"{b.name(role)} draws {counted(got['action'], 'action counter')} and "
               f"{counted(got['object'], 'object')}", "s2.3.3.draw")


def return_used_objects(b: Board) -> None:
    """Objects used last round go back to the supply once this round's counters are
    drawn: used in round r, drawable from round r + 2 (notes 17)."""
    used = objects.return_used(b)
    if used:
        b.note(f"{counted(used, 'object')} used last round "
               f"{'goes' if used == 1 else 'go'} back to the supply", "s2.3.4.reuse")


def refill_ahead(b: Board) -> None:
    """With the red cards in a hidden deck: when the draw pile holds fewer cards than the
    next round's draws take, the discard pile joins it now, its red cards shuffled back
    into the red deck by every player at the end of a save she writes anyway, so that no
    red card is dealt before every shuffle step is in (notes 17)."""
    if not hand.hidden(b) or not hand.discard_size(b):
        return
    pile = b.s["pile"]
    left = sum(1 for c in pile["draw"] if is_black(b, c)) + hand.red_left(b)
    if left >= int(b.data.rule("cards-per-round")) * len(b.round_order()):
        return
    size = hand.refill(b, later=True)
    b.note(f"The draw pile cannot supply the next round's draws: the discarded cards join "
           f"it, {counted(size, 'card')} in all", "s4.1.2.reshuffle")


def prepare(b: Board) -> None:
    """Phase 2 in the book's order (s4.1.2.sequence)."""
    tax.engaged_maintenance(b)
    draw_cards(b)
    refill_ahead(b)
    draw_counters(b)
    return_used_objects(b)
