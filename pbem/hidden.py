"""The contract between a game and hidden information: cards nobody else may see.

A game never handles keys, ciphertexts or group elements. It declares its decks
(:meth:`GameModule.shared_decks`, :meth:`GameModule.private_decks`), keeps opaque
*handles* in its state (``"unification#3"``, ``"wei/generals#5"``), and asks a
:class:`Secrets` object, handed to ``start`` and ``apply``, to deal, draw, pass and reveal
cards. What a player may know of the handles reaches ``prompt`` and ``view`` as a plain
mapping, :data:`Known` (handle -> card id).

Rules a game keeps:

* ``apply`` never branches on what a player privately knows: the same action must give the
  same position in every player's pbem. Only :meth:`Secrets.reveal` turns a handle into a
  card id inside ``apply``, and only for a card the acting player holds (or one already
  public).
* The engine owns the ``secrets`` key of the state; a game neither reads nor copies it
  into a view.

:class:`OpenSecrets` keeps every card in clear in the state. It is what scenario tests and
rules questions use (like table dice); real games between players use the engine's
cryptographic implementation of the same contract.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from pbem.errors import IllegalAction

SECRETS_KEY = "secrets"
Known = Mapping[str, str]


class Secrets(Protocol):
    """What ``start`` and ``apply`` may ask of hidden cards (all by handle)."""

    def deal(self, deck: str, to: str, count: int) -> list[str]:
        """Move the top ``count`` cards of shared ``deck`` face down to ``to``."""
        ...

    def draw_private(self, owner: str, deck: str, count: int) -> list[str]:
        """Draw ``count`` cards at random from ``owner``'s own hidden ``deck``."""
        ...

    def return_private(self, handles: Sequence[str]) -> None:
        """Put drawn private cards back into their owner's deck, unseen by anyone."""
        ...

    def reveal(self, handle: str) -> str:
        """Turn a card face up for everyone and return its id (its holder acts)."""
        ...

    def pass_to(self, handle: str, to: str) -> None:
        """Give a face-down card to another player; only the two may know it."""
        ...

    def take_random(self, handles: Sequence[str], to: str) -> str:
        """Move one of ``handles`` (all held by one player), chosen at random, to ``to``."""
        ...

    def move(self, handles: Sequence[str], to: str) -> None:
        """Move face-down cards, all held by one player, to ``to`` (the game's rules have
        had both agree, e.g. a trade); only the two may know them."""
        ...

    def show_to(self, handles: Sequence[str], viewer: str) -> None:
        """Show face-down cards, all held by one player, to ``viewer`` alone; they stay
        where they are. Everyone else learns only which handles were shown; the viewer
        reads them (in ``known``) once the players who hold or held them have given her
        their part, at the end of their next save."""
        ...

    def discard(self, handles: Sequence[str], pile: str) -> None:
        """Put face-down cards on a face-down pile (its size is public)."""
        ...

    def reshuffle(self, pile: str, into: str, later: bool = False) -> None:
        """Shuffle every card of ``pile`` into shared deck ``into``. ``later``: the game
        deals from it only after every player has written a save anyway (a deck for a
        coming round), so each player's step rides at the end of their next save and
        nobody is asked for a save of its own."""
        ...

    def remaining(self, deck: str) -> int:
        """How many cards a shared deck (or a pile) holds."""
        ...

    def holder(self, handle: str) -> str | None:
        """Who holds a card (``None``: in a deck or pile)."""
        ...


class OpenSecrets:
    """The contract with every card kept in clear in ``state["secrets"]``.

    Shuffles and random draws use the game's dice, each with its purpose, so a game played
    this way is as reproducible as any other. For scenarios and rules questions only.
    """

    def __init__(self, state: dict[str, Any], dice: Any) -> None:
        self.state = state
        self.dice = dice

    # ------------------------------------------------------------ set-up

    @staticmethod
    def create(state: dict[str, Any], shared: Mapping[str, Sequence[str]],
               private: Mapping[str, Mapping[str, Sequence[str]]]) -> None:
        """Record the decks a game declares (unshuffled: shared decks shuffle at start)."""
        state[SECRETS_KEY] = {
            "mode": "open",
            "decks": {name: list(cards) for name, cards in shared.items()},
            "shuffled": False,
            "private": {owner: {name: list(cards) for name, cards in decks.items()}
                        for owner, decks in private.items()},
            "cards": {},
            "piles": {},
            "count": {},
        }

    def shuffle_all(self) -> None:
        """Shuffle every shared deck once, when the game starts."""
        data = self._data
        if data["shuffled"]:
            return
        for name in sorted(data["decks"]):
            self._shuffle(data["decks"][name], f"shuffle the {name} deck")
        data["shuffled"] = True

    # ------------------------------------------------------------ contract

    def deal(self, deck: str, to: str, count: int) -> list[str]:
        cards = self._deck(deck)
        if count > len(cards):
            raise IllegalAction(f"the {deck} deck holds only {len(cards)} cards, not {count}")
        return [self._new_handle(deck, cards.pop(0), to) for _ in range(count)]

    def draw_private(self, owner: str, deck: str, count: int) -> list[str]:
        pool = self._data["private"].get(owner, {}).get(deck)
        if pool is None:
            raise IllegalAction(f"{owner} has no deck called {deck}")
        if count > len(pool):
            raise IllegalAction(f"{owner}'s {deck} deck holds only {len(pool)} cards")
        handles = []
        for _ in range(count):
            index = self._pick(len(pool), f"{owner} draws from their {deck} deck")
            handles.append(self._new_handle(f"{owner}/{deck}", pool.pop(index), owner))
        return handles

    def return_private(self, handles: Sequence[str]) -> None:
        for handle in handles:
            entry = self._card(handle)
            owner, deck = handle.split("#")[0].split("/")
            self._data["private"][owner][deck].append(entry["card"])
            del self._data["cards"][handle]

    def reveal(self, handle: str) -> str:
        entry = self._card(handle)
        entry["revealed"] = True
        return str(entry["card"])

    def pass_to(self, handle: str, to: str) -> None:
        self._card(handle)["holder"] = to

    def take_random(self, handles: Sequence[str], to: str) -> str:
        if not handles:
            raise IllegalAction("there is no card to take")
        holders = {self._card(h)["holder"] for h in handles}
        if len(holders) != 1:
            raise IllegalAction("a random card is taken from one player's cards")
        index = self._pick(len(handles), f"a random card for {to}")
        chosen = handles[index]
        self.pass_to(chosen, to)
        return chosen

    def move(self, handles: Sequence[str], to: str) -> None:
        holders = {self._card(h)["holder"] for h in handles}
        if len(holders) > 1 or None in holders:
            raise IllegalAction("the cards moved are held by one player")
        for handle in handles:
            self.pass_to(handle, to)

    def show_to(self, handles: Sequence[str], viewer: str) -> None:
        holders = {self._card(h)["holder"] for h in handles}
        if len(holders) > 1 or None in holders:
            raise IllegalAction("the cards shown are held by one player")
        for handle in handles:
            entry = self._card(handle)
            if entry["holder"] != viewer and viewer not in entry.setdefault("shown", []):
                entry["shown"].append(viewer)

    def discard(self, handles: Sequence[str], pile: str) -> None:
        piles = self._data["piles"].setdefault(pile, [])
        for handle in handles:
            entry = self._card(handle)
            entry["holder"] = None
            piles.append(handle)

    def reshuffle(self, pile: str, into: str, later: bool = False) -> None:
        handles = self._data["piles"].pop(pile, [])
        cards = self._deck(into)
        for handle in handles:
            cards.append(self._data["cards"].pop(handle)["card"])
        self._shuffle(cards, f"reshuffle {pile} into the {into} deck")

    def remaining(self, deck: str) -> int:
        if deck in self._data["piles"]:
            return len(self._data["piles"][deck])
        return len(self._deck(deck))

    def holder(self, handle: str) -> str | None:
        return self._card(handle)["holder"]

    # ------------------------------------------------------------ inside

    @property
    def _data(self) -> dict[str, Any]:
        data = self.state.get(SECRETS_KEY)
        if not isinstance(data, dict):
            raise IllegalAction("this game has no hidden cards")
        return data

    def _deck(self, name: str) -> list[str]:
        decks = self._data["decks"]
        if name not in decks:
            raise IllegalAction(f"there is no deck called {name}")
        return decks[name]

    def _card(self, handle: str) -> dict[str, Any]:
        entry = self._data["cards"].get(handle)
        if entry is None:
            raise IllegalAction(f"no card {handle} is in play")
        return entry

    def hand_out(self, prefix: str, pool: list[str], card: str, holder: str) -> str:
        """Before the game starts, ``card`` of ``pool`` (a deck or a private deck of the
        state) goes to ``holder``: a scenario's hands. Its handle."""
        pool.remove(card)
        return self._new_handle(prefix, card, holder)

    def _new_handle(self, prefix: str, card: str, holder: str) -> str:
        count = self._data["count"]
        count[prefix] = count.get(prefix, 0) + 1
        handle = f"{prefix}#{count[prefix]}"
        self._data["cards"][handle] = {"card": card, "holder": holder, "revealed": False}
        return handle

    def _pick(self, count: int, purpose: str) -> int:
        """A random index below ``count`` (no die is rolled when there is one choice)."""
        return 0 if count == 1 else self.dice.draw(count, purpose) - 1

    def _shuffle(self, cards: list[str], purpose: str) -> None:
        for top in range(len(cards) - 1, 0, -1):
            other = self.dice.draw(top + 1, purpose) - 1
            cards[top], cards[other] = cards[other], cards[top]


def known_to(state: Mapping[str, Any], role: str | None) -> dict[str, str]:
    """What ``role`` may know of the handles in an open-secrets state: their own cards,
    the cards shown to them and every card turned face up (a spectator, ``None``, knows
    only the latter)."""
    data = state.get(SECRETS_KEY)
    if not isinstance(data, dict):
        return {}
    return {handle: str(entry["card"]) for handle, entry in data["cards"].items()
            if entry["revealed"] or (role is not None and (
                entry["holder"] == role or role in entry.get("shown", ())))}


# The purposes of the draws that hidden cards make (OpenSecrets above, the sealed cards of
# pbem.hidden_cards.operations) and the words a log tells them with: the value of such a
# draw means nothing to a reader, and with open cards it would tell which card was drawn.
DRAW_WORDS = (
    (re.compile(r"(?P<owner>\S+) draws from their (?P<deck>.+) deck"
                r"(?: \(outside input \d+ of \d+\))?"),
     "{owner} draws face down from their {deck} deck"),
    (re.compile(r"shuffle the (?P<deck>.+) deck"), "the {deck} deck is shuffled"),
    (re.compile(r"reshuffle (?P<pile>.+) into the (?P<deck>.+) deck"),
     "{pile} is shuffled into the {deck} deck"),
    (re.compile(r"a random card for (?P<to>\S+)"), "a card is taken at random for {to}"),
)


def draw_words(purpose: str) -> str | None:
    """What a hidden-card draw does, in words (no number), or ``None`` for another die."""
    for pattern, words in DRAW_WORDS:
        found = pattern.fullmatch(purpose)
        if found:
            return words.format(**found.groupdict())
    return None
