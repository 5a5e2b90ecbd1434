"""Scenarios: a YAML description of a Card Game position to start a game from
(docs/cardgame-scenarios.md). A scenario game holds its cards in clear (open secrets), as
rules questions and tutorials need; everything not given keeps the standard setup, except
that nothing is dealt and no lord is drawn: the position is exactly what it says.

    turn: {role: seat2, number: 4, start: begin}   # begin (opening draw) or main
    deck: [assassin.1, zhang-fei]                  # the top of the Main Deck, in order
    seats:
      seat1:
        lord: cao-cao
        hand: [sniped.2, red-hare]
        lands: [sili]
        characters:
          - {card: xu-chu, lands: [sili], artifacts: [the-art-of-war], rotated: false}
        orders: {window: ask}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pbem.errors import UsageError
from pbem.games.three_kingdoms_card_game.catalog import CardData
from pbem.games.three_kingdoms_card_game.orders import update as update_orders
from pbem.games.three_kingdoms_card_game.records import Artifact, Character
from pbem.games.three_kingdoms_card_game.table import MAIN, Table
from pbem.hidden import SECRETS_KEY, OpenSecrets

KEYS = ("turn", "deck", "seats")
SEAT_KEYS = ("lord", "hand", "lands", "characters", "orders", "lord_lost")
CHARACTER_KEYS = ("card", "lands", "artifacts", "rotated")
STARTS = ("begin", "main")


def _fail(field: str, message: str) -> UsageError:
    return UsageError(f"scenario field {field}: {message}")


def _list(value: Any, field: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise _fail(field, "must be a list of names")
    return list(value)


def _mapping(value: Any, field: str, keys: Sequence[str]) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise _fail(field, "must be a mapping")
    unknown = [k for k in value if k not in keys]
    if unknown:
        raise _fail(f"{field}.{unknown[0]}", f"not a field here (fields: {', '.join(keys)})")
    return value


class _Cards:
    """The Main Deck's cards, each taken at most once, into the open-secrets state."""

    def __init__(self, state: dict[str, Any], data: CardData) -> None:
        self.data = data
        self.secrets = state[SECRETS_KEY]
        self.pool = list(self.secrets["decks"][MAIN])
        self.lords = data.lords()

    def take(self, card: str, holder: str | None, field: str) -> str:
        if card not in self.pool:
            raise _fail(field, f"{card!r} is not a card of the Main Deck, or is given twice")
        self.pool.remove(card)
        count = self.secrets["count"]
        count[MAIN] = count.get(MAIN, 0) + 1
        handle = f"{MAIN}#{count[MAIN]}"
        self.secrets["cards"][handle] = {"card": card, "holder": holder,
                                         "revealed": holder is None}
        return handle


def apply(state: dict[str, Any], scene: Mapping[str, Any], deck: Sequence[str]) -> None:
    """Change the opening ``state`` as ``scene`` describes."""
    scene = _mapping(scene, "scenario", KEYS)
    OpenSecrets.create(state, {MAIN: deck}, {})
    t = Table(state)
    cards = _Cards(state, t.data)
    seats = _mapping(scene.get("seats", {}), "seats", t.seats)
    for role, info in seats.items():
        _seat(t, cards, role, _mapping(info, f"seats.{role}", SEAT_KEYS), f"seats.{role}")
    top = _list(scene.get("deck", []), "deck")
    for i, card in enumerate(top):
        if card not in cards.pool:
            raise _fail(f"deck[{i}]", f"{card!r} is not a card of the Main Deck, or is "
                                      "given twice")
    rest = [c for c in cards.pool if c not in top]
    state[SECRETS_KEY]["decks"][MAIN] = top + rest
    state[SECRETS_KEY]["shuffled"] = True
    state["deck"]["left"] = len(top) + len(rest)
    state["aside"] = [lord for lord in t.data.lords() if lord not in state["lords"].values()]
    turn = _mapping(scene.get("turn", {}), "turn", ("role", "number", "start"))
    role = turn.get("role", t.seats[0])
    if role not in t.seats:
        raise _fail("turn.role", f"must be one of {', '.join(t.seats)}")
    number = turn.get("number", 1)
    if not isinstance(number, int) or isinstance(number, bool) or number < 1:
        raise _fail("turn.number", "must be a whole number from 1")
    start = turn.get("start", "begin")
    if start not in STARTS:
        raise _fail("turn.start", f"must be one of {', '.join(STARTS)}")
    state["turn"] = {"role": role, "number": number - 1}
    state["stack"] = [{"step": "turn", "role": role, "phase": "begin",
                       **({"skip_draw": True} if start == "main" else {})}]


def _seat(t: Table, cards: _Cards, role: str, info: Mapping[str, Any], field: str) -> None:
    s = t.s
    lord = info.get("lord")
    if lord is not None:
        if lord not in cards.lords or lord in s["lords"].values():
            raise _fail(f"{field}.lord", f"{lord!r} is not a lord still free")
        t.place_character(role, lord, None, None)
        s["lords"][role] = lord
    lost = info.get("lord_lost", False)
    if not isinstance(lost, bool):
        raise _fail(f"{field}.lord_lost", "must be true or false")
    s["lord_lost"][role] = lost
    for i, land in enumerate(_list(info.get("lands", []), f"{field}.lands")):
        if land not in s["lands"] or s["lands"][land]["owner"] is not None:
            raise _fail(f"{field}.lands[{i}]", f"{land!r} is not a land still public")
        t.gain_land(role, land)
    for i, card in enumerate(_list(info.get("hand", []), f"{field}.hand")):
        s["hands"][role].append(cards.take(card, role, f"{field}.hand[{i}]"))
    raw = info.get("characters", [])
    if not isinstance(raw, list):
        raise _fail(f"{field}.characters", "must be a list")
    for i, item in enumerate(raw):
        where = f"{field}.characters[{i}]"
        item = _mapping(item, where, CHARACTER_KEYS)
        card = item.get("card")
        if not isinstance(card, str) or card not in t.data.characters:
            raise _fail(f"{where}.card", f"{card!r} is not a character")
        if lord is not None and card == lord:
            raise _fail(f"{where}.card", "the lord is given as lord, not again")
        handle = None if isinstance(t.data.characters[card], Character) and \
            t.data.characters[card].lord else cards.take(card, None, f"{where}.card")
        if handle is None and card in s["lords"].values():
            raise _fail(f"{where}.card", f"{card!r} is another seat's lord")
        t.place_character(role, card, handle, None)
        lands = _list(item.get("lands", []), f"{where}.lands")
        for land in lands:
            if land not in t.lands_of(role):
                raise _fail(f"{where}.lands", f"{land!r} is not one of the seat's lands")
        t.char(card)["lands"] = lands
        rotated = item.get("rotated", False)
        if not isinstance(rotated, bool):
            raise _fail(f"{where}.rotated", "must be true or false")
        t.char(card)["rotated"] = rotated
        for j, aid in enumerate(_list(item.get("artifacts", []), f"{where}.artifacts")):
            if not isinstance(t.data.artifacts.get(aid), Artifact):
                raise _fail(f"{where}.artifacts[{j}]", f"{aid!r} is not an artifact")
            art = cards.take(aid, None, f"{where}.artifacts[{j}]")
            s["artifacts"][aid] = {"bearer": card, "handle": art}
            t.char(card)["artifacts"].append(aid)
    if "orders" in info:
        try:
            s["orders"][role] = update_orders(s["orders"][role], info["orders"])
        except Exception as exc:  # an IllegalAction naming the order
            raise _fail(f"{field}.orders", str(getattr(exc, "message", exc))) from None
