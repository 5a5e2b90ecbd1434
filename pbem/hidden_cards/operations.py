"""The hidden-card contract (:class:`pbem.hidden.Secrets`) with cards nobody can read
without the others: ElGamal-masked shared decks, private decks seeded by their owners.

One object serves the player composing a turn (``seat.keys`` set: their pbem can read
their own cards and make the records only they can make) and every verifier (no keys: the
records are read back from the save and checked). Either way ``apply`` gives the same
position in every pbem. When something needs another player first — a shuffle, a share —
:class:`~pbem.errors.NeedContribution` makes the action wait for them; when only the
acting player can do it, :class:`~pbem.errors.NeedActor` hands it back to them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pbem.errors import ChainError, IllegalAction, NeedActor, NeedContribution
from pbem.hidden_cards import audit, knowledge, model, sealing
from pbem.hidden_cards.seating import Seat
from pbem.one_form import same_form
from pbem.secrets import audit as crypto_audit
from pbem.secrets import elgamal, private_deck
from pbem.secrets import records as secret_records
from pbem.secrets.elgamal import CardTable, Share

OUTSIDE_DRAWS = 3  # dice of a million sides: the outside input of a private draw
OUTSIDE_SIDES = 1_000_000


class SealedSecrets:
    """The :class:`pbem.hidden.Secrets` contract over ``state["secrets"]`` (sealed)."""

    def __init__(self, state: dict[str, Any], dice: Any, seat: Seat) -> None:
        data = model.of(state)
        if data is None:
            raise IllegalAction("this game has no sealed cards")
        self.data = data
        self.dice = dice
        self.seat = seat

    # ------------------------------------------------------------ shared decks

    def deal(self, deck: str, to: str, count: int) -> list[str]:
        entry = self.data["decks"].get(deck)
        if entry is None:
            raise IllegalAction(f"there is no deck called {deck}")
        waiting = [role for role in self.seat.roles if role not in entry["shuffled"]]
        if waiting:
            raise NeedContribution(f"every player shuffles the {deck} deck ({waiting[0]} has "
                                   f"not yet)")
        if count > len(entry["stack"]):
            raise IllegalAction(f"the {deck} deck holds only {len(entry['stack'])} cards, "
                                f"not {count}")
        handles = []
        for _ in range(count):
            handle = model.new_handle(self.data, deck)
            self.data["cards"][handle] = {"deck": deck, "ct": entry["stack"].pop(0),
                                          "holder": to, "shares": {}, "barred": [to],
                                          "face": None}
            handles.append(handle)
        return handles

    def remaining(self, deck: str) -> int:
        if deck in self.data["piles"]:
            return len(self.data["piles"][deck])
        entry = self.data["decks"].get(deck)
        if entry is None:
            raise IllegalAction(f"there is no deck called {deck}")
        return len(entry["stack"])

    def holder(self, handle: str) -> str | None:
        if handle in self.data["cards"]:
            return model.card(self.data, handle)["holder"]
        owner_deck = handle.split("#")[0]
        if owner_deck in self.data["private"]:
            return owner_deck.split("/")[0]
        raise IllegalAction(f"no card {handle} is in play")

    def reveal(self, handle: str) -> str:
        if handle in self.data["sealed"]:
            return self._unseal(handle)
        if handle.split("#")[0] in self.data["private"]:
            return self._reveal_private(handle)
        entry = model.card(self.data, handle)
        if entry["face"] is not None:
            return str(entry["face"])
        holder = entry["holder"]
        if holder != self.seat.role:
            raise IllegalAction(f"only the player holding {handle} can turn it face up")
        unsent = [p["by"] for p in self.data["passes"]
                  if p["card"] == handle and p["envelope"] is None]
        if unsent:
            raise NeedContribution(f"{unsent[0]} hands over a card taken from them")
        others = [r for r in self.seat.roles if r not in entry["barred"]]
        missing = [r for r in others if r not in entry["shares"]]
        if missing:
            raise NeedContribution(f"{missing[0]}'s share of a card in {holder}'s hand")
        shares = self._reveal_shares(handle, entry)
        ct = model.ciphertext(entry, handle)
        table = CardTable(entry["deck"], model.deck_size(self.data, entry["deck"]))
        publics = model.publics(self.data)
        known = {**entry["shares"], **shares}
        read = [Share.from_record(record, role) for role, record in known.items()]
        for share in read:
            if share.role in shares:
                audit.note(crypto_audit.ShareEntry(ct, share))
        index = elgamal.open_public(ct, read, publics, self.seat.anchors, table)
        face = self.data["decks"][entry["deck"]]["cards"][index]
        if any(other["face"] == face and other["deck"] == entry["deck"]
               for other in self.data["cards"].values()):
            raise ChainError(f"{face} turned up twice: a shuffle of the {entry['deck']} deck "
                             f"was stacked; run pbem verify --audit to name its player")
        entry["shares"] = dict(sorted(known.items()))
        entry["face"] = face
        return str(face)

    def _reveal_shares(self, handle: str, entry: dict[str, Any]) -> dict[str, Any]:
        """The shares only the holder can give: their own, and those passed to them."""
        if self.seat.keys is not None:
            ct = model.ciphertext(entry, handle)
            shares = {self.seat.role: elgamal.make_share(self.seat.keys, ct).record()}
            for share in knowledge.passed_shares(self.data, self.seat, handle):
                shares[share.role] = share.record()
            self.seat.records[handle] = dict(sorted(shares.items()))
            return shares
        recorded = self.seat.records.get(handle)
        if recorded is None:
            raise NeedActor(f"{entry['holder']} turns a card face up")
        self.seat.used.add(handle)
        if not isinstance(recorded, dict) or list(recorded) != sorted(entry["barred"]):
            raise IllegalAction(f"the shares shown for {handle} are not those of the players "
                                f"who held it")
        for role, record in recorded.items():
            if not same_form(Share.from_record(record, role).record(), record):
                raise IllegalAction(f"{role}'s share shown for {handle} is not in the one form "
                                    f"pbem writes")
        return dict(recorded)

    def pass_to(self, handle: str, to: str) -> None:
        entry = model.card(self.data, handle)
        if entry["holder"] != self.seat.role:
            raise IllegalAction(f"only the player holding {handle} can pass it on")
        self._move(handle, entry, to)

    def take_random(self, handles: Sequence[str], to: str) -> str:
        if not handles:
            raise IllegalAction("there is no card to take")
        holders = {model.card(self.data, h)["holder"] for h in handles}
        if len(holders) != 1 or None in holders:
            raise IllegalAction("a random card is taken from one player's hand")
        index = 0 if len(handles) == 1 else self.dice.draw(len(handles),
                                                           f"a random card for {to}") - 1
        chosen = handles[index]
        self._move(chosen, model.card(self.data, chosen), to)
        return chosen

    def move(self, handles: Sequence[str], to: str) -> None:
        entries = [model.card(self.data, h) for h in handles]
        holders = {entry["holder"] for entry in entries}
        if len(holders) > 1 or None in holders:
            raise IllegalAction("the cards moved are held by one player")
        for handle, entry in zip(handles, entries, strict=True):
            self._move(handle, entry, to)

    def _move(self, handle: str, entry: dict[str, Any], to: str) -> None:
        """A face-down card changes hands: its former holder owes the new one a pass."""
        if entry["face"] is None:
            self.data["passes"].append({"card": handle, "by": entry["holder"], "to": to,
                                        "envelope": None})
            if to not in entry["barred"]:
                entry["barred"].append(to)
        entry["holder"] = to

    def show_to(self, handles: Sequence[str], viewer: str) -> None:
        """Face-down cards of one player's hand are shown to ``viewer`` alone and stay
        where they are: each player who holds or held one (its barred roles) but the
        viewer owes her their share of it, encrypted to her, at the end of their next
        save (``shows``; :mod:`pbem.secrets.showing`)."""
        entries = [model.card(self.data, h) for h in handles]
        holders = {entry["holder"] for entry in entries}
        if len(holders) > 1 or None in holders:
            raise IllegalAction("the cards shown are held by one player")
        if viewer not in self.data["keys"]:
            raise IllegalAction(f"{viewer} is not a player of this game")
        if not entries:
            return
        shows = self.data.setdefault("shows", [])
        given = {(s["card"], s["by"], s["to"]) for s in shows}
        for handle, entry in zip(handles, entries, strict=True):
            if entry["face"] is not None or entry["holder"] == viewer:
                continue  # face up, or her own: nothing to show
            for role in entry["barred"]:
                if role != viewer and (handle, role, viewer) not in given:
                    shows.append({"card": handle, "by": role, "to": viewer, "box": None})
                    given.add((handle, role, viewer))

    def discard(self, handles: Sequence[str], pile: str) -> None:
        piles = self.data["piles"].setdefault(pile, [])
        for handle in handles:
            entry = model.card(self.data, handle)
            entry["holder"] = None
            piles.append(handle)

    def reshuffle(self, pile: str, into: str, later: bool = False) -> None:
        handles = self.data["piles"].pop(pile, [])
        deck = self.data["decks"].get(into)
        if deck is None:
            raise IllegalAction(f"there is no deck called {into}")
        for handle in handles:
            entry = self.data["cards"].pop(handle)
            if entry["deck"] != into:
                raise IllegalAction(f"{handle} is not a card of the {into} deck")
            deck["stack"].append(entry["ct"])
        deck["shuffled"] = []
        deck["round"] = int(deck.get("round", 0)) + 1  # each shuffle under a label of its own
        if later:  # the steps are owed in the saves to come, none asked for them
            deck["later"] = True
        else:
            deck.pop("later", None)
        self.data["passes"] = [p for p in self.data["passes"] if p["card"] not in handles]
        if "shows" in self.data:
            self.data["shows"] = [s for s in self.data["shows"] if s["card"] not in handles]

    # ------------------------------------------------------------ private decks

    def draw_private(self, owner: str, deck: str, count: int) -> list[str]:
        key = f"{owner}/{deck}"
        entry = model.private_deck_of(self.data, key)
        if entry["seed"] is None:
            raise NeedContribution(f"{owner} commits to the {deck} deck's seed")
        left = private_deck.remaining(len(entry["cards"]), model.private_events(entry))
        if count > left:
            raise IllegalAction(f"{owner}'s {deck} deck holds only {left} cards")
        outside = b"".join(
            self.dice.draw(OUTSIDE_SIDES, f"{owner} draws from their {deck} deck "
                                          f"(outside input {n + 1} of {OUTSIDE_DRAWS})"
                           ).to_bytes(4, "big") for n in range(OUTSIDE_DRAWS))
        number = sum(1 for e in entry["events"] if "back" not in e)
        entry["events"].append({"count": count, "outside": outside.hex()})
        handles = []
        for j in range(count):
            handle = model.new_handle(self.data, key)
            entry["held"][handle] = [number, j]
            handles.append(handle)
        return handles

    def return_private(self, handles: Sequence[str]) -> None:
        by_deck: dict[str, list[list[int]]] = {}
        for handle in handles:
            key = handle.split("#")[0]
            entry = model.private_deck_of(self.data, key)
            if key.split("/")[0] != self.seat.role:
                raise IllegalAction("only a deck's owner puts cards back into it")
            slot = entry["held"].pop(handle, None)
            if slot is None or handle in entry["reveals"]:
                raise IllegalAction(f"{handle} is not a hidden card of {key}")
            by_deck.setdefault(key, []).append(slot)
        for key, slots in by_deck.items():
            self.data["private"][key]["events"].append({"back": slots})

    def _reveal_private(self, handle: str) -> str:
        key = handle.split("#")[0]
        entry = model.private_deck_of(self.data, key)
        owner = key.split("/")[0]
        if handle in entry["reveals"]:
            return str(entry["reveals"][handle]["card"])
        if owner != self.seat.role:
            raise IllegalAction(f"only {owner} can show {handle}")
        slot = entry["held"].get(handle)
        if slot is None:
            raise IllegalAction(f"{handle} is not held")
        if self.seat.keys is not None:
            shown = knowledge.private_reveal(self.data, self.seat, key, tuple(slot))
            record = {"card": entry["cards"][shown.card], "salt": shown.salt.hex()}
            self.seat.records[handle] = record
        else:
            record = self.seat.records.get(handle)
            if record is None:
                raise NeedActor(f"{owner} shows a card of their {key.split('/')[1]} deck")
            self.seat.used.add(handle)
        if not isinstance(record, dict) or list(record) != ["card", "salt"] \
                or record["card"] not in entry["cards"]:
            raise IllegalAction(f"the card shown for {handle} is not a card of {key} with "
                                f"its salt")
        secret_records.raw(record, "salt", f"the salt shown for {handle}", owner)
        entry["reveals"][handle] = dict(record)
        return str(record["card"])

    # ------------------------------------------------------------ sealed choices

    def _unseal(self, handle: str) -> str:
        return sealing.unseal(self.data, self.seat, handle)
