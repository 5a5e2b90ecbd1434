"""An in-memory table of 2 to 6 players running every secrets protocol end to end.

Each player keeps only what their pbem would keep (their keys, the cards they know, the
shares they were given privately, their private decks); everything else goes through the
public log as plain records, read back with ``from_record`` the way a save would be. A
player may be told to cheat in one way, so tests can check who gets caught, and when.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from hypothesis import settings

from pbem.secrets import (
    audit,
    elgamal,
    group,
    handover,
    keys,
    private_deck,
    sealed,
    shuffle,
)
from pbem.secrets.elgamal import CardTable, Ciphertext, Share
from pbem.secrets.envelope import Envelope
from pbem.secrets.keys import GameKeys, PublicKeys
from pbem.signing import PrivateKey

settings.register_profile("pbem-secrets", derandomize=True, database=None, deadline=None,
                          max_examples=20, print_blob=False)
PROFILE = settings.get_profile("pbem-secrets")

ROLES = ("wei", "shu", "wu", "jin", "yue", "qin")
ANCHOR = hashlib.sha256(b"the first save of a test game").digest()
DECK = "enhancements"
DECK_SIZE = 12


def identity(role: str) -> PrivateKey:
    """A fixed identity key per role, so every run is the same."""
    raw = hashlib.sha256(b"test identity " + role.encode()).digest()
    return PrivateKey(Ed25519PrivateKey.from_private_bytes(raw))


@dataclass
class Player:
    """What one player's pbem holds."""

    keys: GameKeys
    cheat: str | None = None
    known: dict[str, int] = field(default_factory=dict)  # ciphertext record -> card
    private_shares: dict[str, list[Share]] = field(default_factory=dict)
    decks: dict[str, private_deck.PrivateDeck] = field(default_factory=dict)
    private_cards: dict[tuple[str, private_deck.Slot], int] = field(default_factory=dict)

    @property
    def role(self) -> str:
        return self.keys.role

    def store(self) -> dict[str, Any]:
        """Everything this pbem keeps, as it would write it (own secrets included)."""
        return {
            "opening": self.keys.opening().record(),
            "nonces": self.keys.nonce_seed("sealed-choice").hex(),
            "known": self.known,
            "shares": {ct: [s.record() for s in shares]
                       for ct, shares in self.private_shares.items()},
            "decks": {label: {"seed": deck.seed.hex(), "held": sorted(deck.held.items())}
                      for label, deck in self.decks.items()},
        }


class Table:
    """A game's public state and its players."""

    def __init__(self, count: int, cheats: dict[str, str] | None = None) -> None:
        cheats = cheats or {}
        self.roles = list(ROLES[:count])
        self.players = {role: Player(GameKeys.derive(identity(role), ANCHOR, role),
                                     cheats.get(role)) for role in self.roles}
        self.log: list[Any] = []  # every public record, in order
        self.entries: list[audit.Entry] = []
        self.publics: dict[str, PublicKeys] = {}
        for role, player in self.players.items():
            record = self.publish({"keys": player.keys.public().record(), "by": role})
            self.publics[role] = PublicKeys.from_record(record["keys"], role)
        self.joint = keys.joint_key(self.publics.values(), ANCHOR)
        self.table = CardTable(DECK, DECK_SIZE)
        self.deck = elgamal.initial_deck(DECK, DECK_SIZE, self.joint)
        self.hands: dict[str, list[Ciphertext]] = {role: [] for role in self.roles}
        self.shares: dict[str, dict[str, Share]] = {}  # ct record -> public shares
        self.pile: list[Ciphertext] = []
        self.face_up: dict[str, int] = {}
        self.shuffles = 0
        self.deck_events: dict[tuple[str, str], list[private_deck.Event]] = {}
        self.deck_commitments: dict[tuple[str, str], bytes] = {}
        self.deck_orders: dict[tuple[str, str], list[bytes]] = {}
        self.deck_sizes: dict[tuple[str, str], int] = {}

    def publish(self, record: Any) -> Any:
        """Put a record in the public log and read it back as every player would."""
        text = json.dumps(record, sort_keys=True)
        self.log.append(text)
        return json.loads(text)

    # ------------------------------------------------------------ shared deck

    def joint_shuffle(self, cards: list[Ciphertext]) -> list[Ciphertext]:
        """Every player in turn shuffles ``cards``; each step and its proof are checked at
        once."""
        self.shuffles += 1
        for index, role in enumerate(self.roles):
            player = self.players[role]
            label = f"{DECK} shuffle {self.shuffles}"
            step = shuffle.shuffle_step(player.keys, label, cards, self.joint, index)
            if player.cheat == "shuffle":
                step = shuffle.ShuffleStep(role, label, tuple(_stack(step.output, self.joint)),
                                           step.commitment, step.proof)
            record = self.publish({"shuffle": step.record(), "by": role})
            read = shuffle.ShuffleStep.from_record(record["shuffle"], role, label)
            shuffle.check_step(read, cards, self.joint, ANCHOR, index)
            self.entries.append(audit.ShuffleEntry(tuple(cards), read))
            cards = list(read.output)
        return cards

    def release(self, role: str, ct: Ciphertext) -> Share:
        """``role`` publishes its share of ``ct``; everyone checks it at once."""
        share = elgamal.make_share(self.players[role].keys, ct)
        if self.players[role].cheat == "share":
            share = Share(role, group.add(share.d, group.GENERATOR), share.proof)
        record = self.publish({"share": share.record(), "by": role, "card": ct.record()})
        read = Share.from_record(record["share"], role)
        elgamal.check_share(read, self.publics[role], ct, ANCHOR)
        self.shares.setdefault(ct.record(), {})[role] = read
        self.entries.append(audit.ShareEntry(ct, read))
        return read

    def draw(self, to: str) -> Ciphertext:
        """The top card goes face down to ``to``: the others release shares, ``to`` reads it."""
        ct = self.deck.pop(0)
        for role in self.roles:
            if role != to:
                self.release(role, ct)
        player = self.players[to]
        card = elgamal.open_private(ct, self.shares[ct.record()].values(), self.publics,
                                    player.keys, self.table)
        player.known[ct.record()] = card
        self.hands[to].append(ct)
        return ct

    def reveal(self, holder: str, ct: Ciphertext) -> int:
        """``holder`` turns a held card face up: its share and any private ones go public."""
        self.release(holder, ct)
        for share in self.players[holder].private_shares.get(ct.record(), []):
            self.publish({"share": share.record(), "by": holder, "card": ct.record()})
            self.shares[ct.record()][share.role] = share
        shares = [s for role, s in self.shares[ct.record()].items() if role in self.roles]
        card = elgamal.open_public(ct, shares, self.publics, ANCHOR, self.table)
        self.face_up[ct.record()] = card
        for player in self.players.values():
            player.known[ct.record()] = card
        return card

    def pass_card(self, giver: str, recipient: str, ct: Ciphertext) -> int:
        """``giver`` hands a face-down card to ``recipient`` through an envelope."""
        sender = self.players[giver]
        held = sender.private_shares.get(ct.record(), [])
        sealed_env = handover.give(sender.keys, self.publics[recipient], ct, held)
        if sender.cheat == "envelope":
            sealed_env = Envelope(sealed_env.ephemeral, _flip(sealed_env.box, 40),
                                  sealed_env.commitment)
        record = self.publish({"pass": sealed_env.record(), "by": giver, "to": recipient,
                               "card": ct.record()})
        read = Envelope.from_record(record["pass"], giver)
        self.entries.append(audit.PassEntry(giver, recipient, ct, read))
        taker = self.players[recipient]
        public = [s for role, s in self.shares.get(ct.record(), {}).items()
                  if role != giver]
        card, private = handover.receive(taker.keys, read, giver, ct, public, self.publics,
                                         self.table)
        taker.known[ct.record()] = card
        taker.private_shares[ct.record()] = private
        self.hands[giver].remove(ct)
        self.hands[recipient].append(ct)
        return card

    def take_random(self, holder: str, taker: str, outside: int) -> int:
        """``taker`` takes the card at index ``outside`` (chosen by outside randomness)."""
        hand = self.hands[holder]
        return self.pass_card(holder, taker, hand[outside % len(hand)])

    def discard(self, holder: str, ct: Ciphertext) -> None:
        self.hands[holder].remove(ct)
        self.pile.append(ct)

    def reshuffle(self) -> None:
        """The discard pile is shuffled back into the deck by every player."""
        self.deck = self.joint_shuffle(self.deck + self.pile)
        self.pile = []

    # ------------------------------------------------------------ sealed choices

    def sealed_choices(self, values: dict[str, str], purpose: str) -> dict[str, str]:
        context = ANCHOR + purpose.encode()
        commits = {}
        for role, value in values.items():
            commitment, _ = sealed.seal(self.players[role].keys, purpose, context, value)
            commits[role] = bytes.fromhex(self.publish({"sealed": commitment.hex()})["sealed"])
        opened = {}
        for role, value in values.items():
            _, reveal = sealed.seal(self.players[role].keys, purpose, context, value)
            if self.players[role].cheat == "sealed":
                reveal = sealed.Reveal(value + "!", reveal.nonce)
            self.publish({"reveal": reveal.value, "nonce": reveal.nonce.hex(), "by": role})
            opened[role] = sealed.check(commits[role], purpose, context, role, reveal)
        return opened

    # ------------------------------------------------------------ private decks

    def make_private_deck(self, owner: str, label: str, size: int) -> None:
        player = self.players[owner]
        deck = private_deck.PrivateDeck(owner, label, size,
                                        player.keys.private_deck_seed(label))
        player.decks[label] = deck
        order = [private_deck.kept(c) for c in deck.order_commitments()[0]]
        self.publish({"private-deck": label, "size": size, "seed": deck.commitment.hex(),
                      "order": [c.hex() for c in order]})
        self.deck_commitments[(owner, label)] = deck.commitment
        self.deck_orders[(owner, label)] = order
        self.deck_sizes[(owner, label)] = size
        self.deck_events[(owner, label)] = []

    def private_draw(self, owner: str, label: str, count: int, outside: bytes) -> list[int]:
        player = self.players[owner]
        event, cards = player.decks[label].draw(count, outside)
        if player.cheat == "private-deck":  # had committed something else for the last card
            last = player.decks[label].positions.taken[(event_number(cards), count - 1)]
            orders = self.deck_orders[(owner, label)]
            orders[last] = orders[(last + 1) % len(orders)]  # another position's card
        self.publish({"draw": count, "outside": outside.hex()})
        self.deck_events[(owner, label)].append(event)
        for slot, card in cards.items():
            player.private_cards[(label, slot)] = card
        return [cards[slot] for slot in sorted(cards)]

    def private_give_back(self, owner: str, label: str,
                          slots: list[private_deck.Slot]) -> None:
        event = self.players[owner].decks[label].give_back(slots)
        self.publish({"give-back": [list(s) for s in event.slots]})
        self.deck_events[(owner, label)].append(event)

    def private_reveal(self, owner: str, label: str, slot: private_deck.Slot) -> int:
        shown = self.players[owner].decks[label].reveal(slot)
        self.publish({"shown": shown.card, "salt": shown.salt.hex()})
        key = (owner, label)
        where = private_deck.Positions(owner, label, self.deck_sizes[key]).replay(
            self.deck_events[key]).taken[slot]
        private_deck.check_reveal(self.deck_orders[key][where], owner, label, where,
                                  shown.card, shown.salt)
        return shown.card

    # ------------------------------------------------------------ audit

    def audit(self, openings: dict[str, keys.Opening] | None = None) -> audit.AuditReport:
        if openings is None:
            openings = {role: p.keys.opening() for role, p in self.players.items()}
        entries = list(self.entries)
        for (owner, label), events in self.deck_events.items():
            entries.append(audit.PrivateDeckEntry(owner, label, self.deck_sizes[(owner, label)],
                                                  self.deck_commitments[(owner, label)],
                                                  tuple(self.deck_orders[(owner, label)]),
                                                  tuple(events)))
        return audit.audit(ANCHOR, self.publics, openings, entries)

    def view(self, role: str) -> bytes:
        """Every byte ``role``'s pbem holds: the public log and its own store."""
        store = json.dumps(self.players[role].store(), sort_keys=True, default=str)
        return ("\n".join(self.log) + "\n" + store).encode()


def _stack(cards: tuple[Ciphertext, ...], joint: group.Point) -> list[Ciphertext]:
    """A cheat: the first card replaced by a fresh encryption of card 0 (a known card)."""
    known = elgamal.encrypt_public(elgamal.card_point(DECK, 0), joint)
    return [elgamal.remask(known, joint, group.scalar_from_int(7)), *cards[1:]]


def _flip(data: bytes, index: int) -> bytes:
    index %= len(data)
    return data[:index] + bytes([data[index] ^ 1]) + data[index + 1:]


def event_number(cards: dict[private_deck.Slot, int]) -> int:
    """The draw number of a draw's slots."""
    return next(iter(cards))[0]
