"""The public part of hidden cards, as it lies in a save's state (``state["secrets"]``).

Everything here is public: ciphertexts, decryption shares with their proofs, envelopes,
commitments. What a card *is* stays hidden until the players whose shares or seeds are
missing provide them. Layout::

    secrets:
      mode: sealed
      keys: {ROLE: published keys}              # each player's, from their first save
      decks: {NAME: {cards: [ids], stack: [ciphertext], shuffled: [ROLE...],
                     round: n, later: true}}   # round, later: once reshuffled for later
      cards: {HANDLE: {deck, ct, holder, shares: {ROLE: share}, barred: [ROLE...],
                       face: null | card id}}
      passes: [{card: HANDLE, by: ROLE, to: ROLE, envelope: null | ...}]
      shows: [{card: HANDLE, by: ROLE, to: ROLE, box: null | ...}]   # once a card is shown
      private: {OWNER/DECK: {cards: [ids], seed: hex, order: [hex per position],
                             events: [{count, outside} | {back: [[d, j]...]}],
                             held: {HANDLE: [d, j]}, reveals: {HANDLE: {card, salt}}}}
      sealed: {HANDLE: {by: ROLE, commitment: hex | null, envelope: ..., value: null | v}}
      piles: {PILE: [HANDLE...]}
      count: {PREFIX: n}
      openings: {ROLE: opening}                 # at the audit

A card's ``barred`` roles are those who held it: their shares must never be public (the
others' shares plus theirs would open it to everyone), so they pass them in envelopes.
A card *shown* to a player (``shows``: it stays where it is) has each barred role but the
viewer owe her their share, encrypted to her with a proof every reader checks
(:mod:`pbem.secrets.showing`). ``shows`` is absent until a game first shows a card.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pbem.errors import IllegalAction
from pbem.hidden import SECRETS_KEY
from pbem.secrets import elgamal, keys, private_deck
from pbem.secrets.elgamal import Ciphertext
from pbem.secrets.group import Point
from pbem.secrets.keys import PublicKeys

SEALED = "sealed"


def create(shared: Mapping[str, Sequence[str]],
           private: Mapping[str, Mapping[str, Sequence[str]]]) -> dict[str, Any]:
    """The secrets of a new game, before any player published keys."""
    return {
        "mode": SEALED,
        "keys": {},
        "decks": {name: {"cards": list(cards), "stack": [], "shuffled": []}
                  for name, cards in shared.items()},
        "cards": {},
        "passes": [],
        "private": {f"{owner}/{name}": {"cards": list(cards), "seed": None, "order": None,
                                        "events": [], "held": {}, "reveals": {}}
                    for owner, decks in private.items() for name, cards in decks.items()},
        "sealed": {},
        "piles": {},
        "count": {},
        "openings": {},
    }


def of(state: Mapping[str, Any]) -> dict[str, Any] | None:
    """The sealed secrets of a state, or ``None`` (no hidden cards, or open ones)."""
    data = state.get(SECRETS_KEY)
    if isinstance(data, dict) and data.get("mode") == SEALED:
        return data
    return None


def publics(data: Mapping[str, Any]) -> dict[str, PublicKeys]:
    return {role: PublicKeys.from_record(record, role) for role, record in data["keys"].items()}


def joint(data: Mapping[str, Any], anchors: Mapping[str, bytes]) -> Point:
    return keys.joint_key(publics(data).values(), anchors)


def ready(data: Mapping[str, Any], roles: Sequence[str]) -> bool:
    """Every player has published keys (the joint key exists)."""
    return all(role in data["keys"] for role in roles)


def deck_size(data: Mapping[str, Any], name: str) -> int:
    return len(data["decks"][name]["cards"])


def ensure_stacks(data: dict[str, Any], anchors: Mapping[str, bytes],
                  roles: Sequence[str]) -> None:
    """Once every key is known, each deck starts as its public encryption (card order)."""
    if not ready(data, roles):
        return
    joint_key: Point | None = None
    for name, deck in data["decks"].items():
        if deck["stack"] or deck["shuffled"]:
            continue
        joint_key = joint_key or joint(data, anchors)
        deck["stack"] = [ct.record() for ct in elgamal.initial_deck(name, len(deck["cards"]),
                                                                  joint_key)]


def unshuffled_by(data: Mapping[str, Any], role: str) -> list[str]:
    """The decks ``role`` still has to shuffle (every player shuffles each deck)."""
    return [name for name, deck in data["decks"].items() if role not in deck["shuffled"]]


def new_handle(data: dict[str, Any], prefix: str) -> str:
    count = data["count"]
    count[prefix] = count.get(prefix, 0) + 1
    return f"{prefix}#{count[prefix]}"


def card(data: Mapping[str, Any], handle: str) -> dict[str, Any]:
    entry = data["cards"].get(handle)
    if entry is None:
        raise IllegalAction(f"no card {handle} is in play")
    return entry


def ciphertext(entry: Mapping[str, Any], handle: str) -> Ciphertext:
    return Ciphertext.from_record(entry["ct"], f"card {handle}")


def shows(data: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The shares owed or given to viewers of cards shown to them (none before the first)."""
    return list(data.get("shows", ()))


def private_deck_of(data: Mapping[str, Any], key: str) -> dict[str, Any]:
    deck = data["private"].get(key)
    if deck is None:
        raise IllegalAction(f"there is no private deck {key}")
    return deck


def private_events(deck: Mapping[str, Any]) -> list[private_deck.Event]:
    """A private deck's public history in the library's terms."""
    out: list[private_deck.Event] = []
    for event in deck["events"]:
        if "back" in event:
            out.append(private_deck.GiveBack(tuple((int(d), int(j)) for d, j in event["back"])))
        else:
            out.append(private_deck.Draw(int(event["count"]), bytes.fromhex(event["outside"])))
    return out


def label(owner_deck: str) -> str:
    """The library's label of a private deck (``OWNER/DECK``)."""
    return owner_deck
