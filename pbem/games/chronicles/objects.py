"""The objects in hand, kept secret through :mod:`pbem.hidden` as the action counters are
(:mod:`.counters`).

A realm's ``objects`` lists its objects. In a game the free objects (all but those a
non-human leader in play starts with) are the hidden deck ``objects`` and an entry is a
handle of it (``objects#3``): an object is known to its holder alone until it is turned
face up (named on an action, in an answer, offered in a trade), and ``open_cards`` then
names it for everyone. Used objects go face up on the pile ``objects-used`` and are
shuffled back into the deck at the next draws, in the saves the players write anyway
(rules notes 17). A position built without hidden cards, or by a scenario that says who
holds which objects, holds plain object ids, face up. Action records keep the kinds in
``objects`` and, when they differ, the entries in ``object_entries``.

The rules read only the kind of an object turned face up.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pbem.errors import IllegalAction
from pbem.games.chronicles.board import Board
from pbem.games.chronicles.catalog import ChroniclesData
from pbem.games.chronicles.hand import hidden
from pbem.games.chronicles.held import OPEN, Holding, copies, given_in_trades
from pbem.hidden import SECRETS_KEY

DECK = "objects"
PILE = "objects-used"


OBJECTS = Holding("objects", lambda data: data.objects)


def object_deck(data: ChroniclesData, keepers: Sequence[str]) -> list[str]:
    """The free objects (none a non-human in ``keepers`` starts with), one name each."""
    return copies((obj.id, obj.count) for obj in data.objects.values()
                  if obj.starts_with not in keepers)


def hidden_objects(b: Board) -> bool:
    """Whether this position deals its objects from the hidden deck: not when a scenario
    has said who holds which objects, nor in a game begun before objects were hidden
    (they stay plain ids, face up)."""
    return hidden(b) and not (b.s.get("scenario") or {}).get("objects") \
        and DECK in (b.s[SECRETS_KEY].get("decks") or {})


entries = OBJECTS.entries
face = OBJECTS.face
seen = OBJECTS.seen
turn_up = OBJECTS.turn_up
public = OBJECTS.public
find = OBJECTS.find


def give(b: Board, giver: str, taker: str, entry: str) -> None:
    """An object passes from ``giver`` to ``taker`` (a trade)."""
    OBJECTS.give(b, giver, taker, entry, hidden_objects(b))


def deal(b: Board, role: str, purpose: str, in_order: bool = False) -> str:
    """One free object, face down in a game, to ``role`` (``in_order``: drawn from the
    sorted supply, when it is open)."""
    if hidden_objects(b):
        entry = str(b.secrets.deal(DECK, role, 1)[0])
    else:
        pool = b.s["supply"]["objects"]
        entry = str(b.pick(sorted(pool) if in_order else list(pool), purpose))
        pool.remove(entry)
    entries(b, role).append(entry)
    return entry


def left(b: Board) -> int:
    """Free objects still to draw."""
    if hidden_objects(b):
        return int(b.secrets.remaining(DECK))
    return len(b.s["supply"]["objects"])


def steal(b: Board, thief: str, victim: str) -> str:
    """One of ``victim``'s objects, at random, to ``thief`` (notes 62); its entry."""
    held = entries(b, victim)
    if hidden_objects(b) and any(e not in b.data.objects for e in held):
        taken = str(b.secrets.take_random(list(held), thief))
    else:
        taken = str(b.pick(list(held), f"object stolen from {b.name(victim)}"))
    held.remove(taken)
    entries(b, thief).append(taken)
    return taken


def placed(record: Mapping[str, Any]) -> list[str]:
    """The entries of the objects an action record or answer holds."""
    return list(record.get("object_entries") or record.get("objects") or [])


def to_used(b: Board, entry_list: Sequence[str]) -> None:
    """Objects used this round go face up on the used pile."""
    b.s["supply"]["used"].extend(entry_list)
    if hidden_objects(b):
        deck = [e for e in entry_list if e not in b.data.objects]
        if deck:
            b.secrets.discard(deck, PILE)


def return_used(b: Board) -> int:
    """The used pile goes back into the free objects (in a game, shuffled into the deck
    for the next draws, each seat's step riding in its next save); how many."""
    supply = b.s["supply"]
    used = list(supply.get("used", []))
    if not used:
        return 0
    supply["used"] = []
    if not hidden_objects(b):
        supply["objects"].extend(used)
        return len(used)
    opened = b.s.get(OPEN, {})
    for entry in used:
        opened.pop(entry, None)
    supply["objects"].extend(e for e in used if e in b.data.objects)
    if b.secrets.remaining(PILE):
        b.secrets.reshuffle(PILE, DECK, later=True)
    return len(used)


def take(b: Board, role: str, names: Any, held: Any, rule: str) -> list[str]:
    """The entries an order's objects name, each taken from ``held`` (a Counter of
    entries): an entry of ``role``'s, or the kind of a face-up one; refused otherwise."""
    if not isinstance(names, list):
        raise IllegalAction("objects is a list of objects (an entry such as objects#3, or "
                            "the kind of a face-up one)", rule)
    out = []
    for name in names:
        if isinstance(name, str) and held[name] > 0:
            found: str | None = name
        else:
            found = next((e for e, n in held.items() if n > 0 and face(b, e) == name), None)
        if found is None:
            raise IllegalAction(f"{b.name(role)} holds no object {name!r} left for this "
                                "(name one of yours by its entry, e.g. objects#3)", rule)
        held[found] -= 1
        out.append(found)
    return out


def kinds(b: Board, entry_list: Sequence[str]) -> list[str | None]:
    """The kinds of objects (``None`` for one still face down)."""
    return [face(b, e) for e in entry_list]


def record(b: Board, entry_list: Sequence[str]) -> dict[str, Any]:
    """The objects of an action record: the kinds, and the entries when they differ."""
    shown = [face(b, e) or e for e in entry_list]
    return {"objects": shown, **({"object_entries": list(entry_list)}
                                 if list(entry_list) != shown else {})}


def view(b: Board, role: str, viewer: str | None,
         known: Mapping[str, str]) -> list[dict[str, Any]]:
    """``role``'s objects as ``viewer`` may see them: each entry, and its kind when she
    may read it (``None``: face down)."""
    return OBJECTS.listed(b, role, viewer, known, "object")


def named(b: Board, role: str, order: Mapping[str, Any]) -> list[str]:
    """The face-down objects of ``role``'s that an order names (on its actions and guards,
    in its answers, offered by its trades): they turn face up when it is opened (notes
    3)."""
    found: list[Any] = []
    for key in ("actions", "answers"):
        items = order.get(key)
        for item in items if isinstance(items, list) else []:
            objs = item.get("objects") if isinstance(item, Mapping) else None
            found += objs if isinstance(objs, list) else []
    guards = order.get("guards")
    for guard in guards if isinstance(guards, list) else []:
        found.append(guard.get("object") if isinstance(guard, Mapping) else None)
    return OBJECTS.face_down_among(b, role, [*found, *given_in_trades(order, "objects")])
