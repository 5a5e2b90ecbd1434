"""What one player's pbem can read of the hidden cards, with that player's key.

Their own cards of a shared deck (once every other player's share is in, publicly or in
an envelope passed to them), the cards shown to them (once every other player's share is
in, publicly or encrypted to them), every card turned face up, the cards of their own
private decks (replayed from their seed), and their own sealed choices. Nothing here is written
anywhere: it is worked out again each time from the public state and the key.
"""

from __future__ import annotations

import contextlib
from typing import Any

from pbem.errors import PbemError
from pbem.hidden_cards import model, sealing
from pbem.hidden_cards.seating import Seat
from pbem.secrets import elgamal, group, handover, private_deck, showing
from pbem.secrets.elgamal import CardTable, Share
from pbem.secrets.envelope import Envelope
from pbem.secrets.keys import anchor_of


def passed_shares(data: dict[str, Any], seat: Seat, handle: str) -> list[Share]:
    """The shares handed to this player in envelopes for ``handle`` (the latest pass)."""
    assert seat.keys is not None
    entry = model.card(data, handle)
    ct = model.ciphertext(entry, handle)
    publics = model.publics(data)
    found: list[Share] = []
    for item in data["passes"]:
        if item["card"] != handle or item["to"] != seat.role or item["envelope"] is None:
            continue
        sealed = Envelope.from_record(item["envelope"], item["by"])
        found = handover.shares_in(seat.keys.envelope_private, sealed, seat.anchors,
                                   seat.role, item["by"], ct, publics)
    return found


def _own_card(data: dict[str, Any], seat: Seat, handle: str) -> str | None:
    entry = data["cards"][handle]
    if entry["face"] is not None:
        return str(entry["face"])
    if entry["holder"] != seat.role or seat.keys is None:
        return None
    others = [r for r in seat.roles if r != seat.role]
    shares = {role: Share.from_record(rec, role) for role, rec in entry["shares"].items()}
    for share in passed_shares(data, seat, handle):
        shares[share.role] = share
    if any(role not in shares for role in others):
        return None
    table = CardTable(entry["deck"], model.deck_size(data, entry["deck"]))
    index = elgamal.open_private(model.ciphertext(entry, handle),
                                 [shares[r] for r in others], model.publics(data),
                                 seat.keys, table, seat.anchors)
    return str(data["decks"][entry["deck"]]["cards"][index])


def _shown_card(data: dict[str, Any], seat: Seat, handle: str,
                shown: list[dict[str, Any]]) -> str | None:
    """A card another player holds that was shown to this one: the public shares, those
    shown to her (``shown``: each proof checked again) and her own."""
    keys = seat.keys
    if keys is None or not shown:
        return None
    entry = data["cards"][handle]
    ct = model.ciphertext(entry, handle)
    publics = model.publics(data)
    points = {role: Share.from_record(record, role).d
              for role, record in entry["shares"].items()}
    for item in shown:
        share = showing.ShownShare.from_record(item["box"], item["by"], seat.role)
        showing.check(share, publics[item["by"]], publics[seat.role], ct,
                      anchor_of(seat.anchors, item["by"]))
        points[item["by"]] = showing.open_share(keys, share)
    others = [r for r in seat.roles if r != seat.role]
    if any(role not in points for role in others):
        return None
    ds = [points[role] for role in others] + [group.mul(keys.x, ct.c1)]
    table = CardTable(entry["deck"], model.deck_size(data, entry["deck"]))
    return str(data["decks"][entry["deck"]]["cards"][table.decode(elgamal.unmask(ct, ds))])


def replay_private(data: dict[str, Any], seat: Seat, key: str) -> private_deck.PrivateDeck:
    """The owner's private deck rebuilt from their seed and the public events."""
    assert seat.keys is not None
    entry = model.private_deck_of(data, key)
    deck = private_deck.PrivateDeck(seat.role, model.label(key), len(entry["cards"]),
                                    seat.keys.private_deck_seed(model.label(key)))
    deck.replay(model.private_events(entry))
    return deck


def private_reveal(data: dict[str, Any], seat: Seat, key: str,
                   slot: tuple[int, int]) -> private_deck.CardReveal:
    return replay_private(data, seat, key).reveal(slot)


def known(data: dict[str, Any] | None, seat: Seat) -> dict[str, str]:
    """Handle -> card for everything this player may read."""
    if data is None:
        return {}
    out: dict[str, str] = {}
    shown: dict[str, list[dict[str, Any]]] = {}
    for item in model.shows(data):
        if item["to"] == seat.role and item["box"] is not None:
            shown.setdefault(item["card"], []).append(item)
    for handle in data["cards"]:
        with contextlib.suppress(PbemError, ValueError):
            card = _own_card(data, seat, handle) or _shown_card(data, seat, handle,
                                                                 shown.get(handle, []))
            if card is not None:
                out[handle] = card
    for key, entry in data["private"].items():
        for handle, reveal in entry["reveals"].items():
            out[handle] = str(reveal["card"])
        if key.split("/")[0] != seat.role or seat.keys is None or entry["seed"] is None:
            continue
        with contextlib.suppress(PbemError, ValueError):
            deck = replay_private(data, seat, key)
            for handle, slot in entry["held"].items():
                index = deck.held.get((int(slot[0]), int(slot[1])))
                if index is not None:
                    out[handle] = str(entry["cards"][index])
    out.update(sealing.known(data, seat))
    return out
