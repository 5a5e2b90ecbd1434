"""What a player's pbem owes the others at the end of every save it writes, and the
check that it gave exactly that.

In a fixed order: their keys (their first save); their step of every deck's joint shuffle
(once every key is known); their decryption share of every face-down card another player
holds (unless they held it once: then only in envelopes); the envelopes of cards that
left their hands; their shares of cards they hold or held that were shown to a viewer,
encrypted to her with a proof; the commitments of their private decks' seeds and orders;
the commitments of choices they sealed in this save; and, at the audit, their opened
secrets.
The writer's pbem makes them (:func:`fulfil`); every verifier checks them one by one and
applies them (:func:`check`), so both reach the same position. Nothing else is accepted.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from pbem.errors import ChainError
from pbem.hidden_cards import audit, knowledge, model, notes, sealing
from pbem.hidden_cards.seating import Seat
from pbem.one_form import same_form
from pbem.secrets import audit as crypto_audit
from pbem.secrets import elgamal, handover, private_deck, records, showing, shuffle
from pbem.secrets.elgamal import Ciphertext, Share
from pbem.secrets.envelope import Envelope
from pbem.secrets.errors import SecretsError
from pbem.secrets.keys import Opening, PublicKeys, anchor_of
from pbem.secrets.shuffle_proof import ShuffleProof

ORDER = ("keys", "shuffles", "shares", "passes", "shows", "commitments", "sealed", "opening")


def _shuffle_label(deck: dict[str, Any], name: str) -> str:
    return f"{name}/{deck.get('round', 0)}"


def owed(data: dict[str, Any], role: str, roles: list[str], category: str,
         auditing: bool) -> list[Any]:
    """What ``role`` owes now in one category (handles, deck names, indices...)."""
    if category == "keys":
        return [] if role in data["keys"] else [role]
    if category == "shuffles":
        if not model.ready(data, roles):
            return []
        return [name for name, deck in data["decks"].items() if role not in deck["shuffled"]]
    if category == "shares":
        return [h for h, e in data["cards"].items()
                if e["holder"] not in (None, role) and e["face"] is None
                and role not in e["barred"] and role not in e["shares"]]
    if category == "passes":
        out, open_cards = [], set()
        for index, item in enumerate(data["passes"]):
            if item["envelope"] is None:
                if item["by"] == role and item["card"] not in open_cards:
                    out.append(index)
                open_cards.add(item["card"])
        return out
    if category == "shows":
        return [i for i, item in enumerate(model.shows(data)) if item["box"] is None
                and item["by"] == role and item["card"] in data["cards"]
                and data["cards"][item["card"]]["face"] is None]
    if category == "commitments":
        out = []
        for key, deck in data["private"].items():
            if key.split("/")[0] == role and deck["seed"] is None:
                out.append(key)
        return out
    if category == "sealed":
        return [h for h, e in data["sealed"].items() if e["by"] == role
                and e["commitment"] is None]
    if category == "opening":
        return [role] if auditing and role not in data["openings"] else []
    raise ValueError(category)


def urgent_shuffles(data: dict[str, Any], role: str, roles: list[str]) -> list[str]:
    """The decks ``role`` still has to shuffle before the game can go on: not those the
    game reshuffled for later (their steps ride at the end of the saves to come)."""
    return [name for name in owed(data, role, roles, "shuffles", False)
            if not data["decks"][name].get("later")]


def owing_to_holder(data: dict[str, Any], holder: str, roles: list[str],
                    absent: Collection[str] = ()) -> str | None:
    """The first player, in seat order, who still owes ``holder`` a share or an envelope
    of a face-down card in their hand, or their part of a card shown to her (``None``: the
    holder can read every card). A card shown waits for no ``absent`` player: it is a
    courtesy of the game, and an absent seat's part never comes."""
    shown = {item["card"] for item in model.shows(data) if item["to"] == holder}
    for role in roles:
        if role == holder:
            continue
        shares = owed(data, role, roles, "shares", False)
        if any(data["cards"][h]["holder"] == holder for h in shares):
            return role
        if any(data["passes"][i]["to"] == holder for i in owed(data, role, roles, "passes",
                                                                False)):
            return role
        if role in absent:
            continue
        if any(h in shown for h in shares) or any(
                data["shows"][i]["to"] == holder for i in owed(data, role, roles, "shows",
                                                               False)):
            return role
    return None


def fulfil(data: dict[str, Any], seat: Seat, auditing: bool = False) -> dict[str, Any] | None:
    """Make and apply everything the acting player owes; return the record of it."""
    assert seat.keys is not None
    made: dict[str, Any] = {}
    for category in ORDER:
        items = owed(data, seat.role, seat.roles, category, auditing)
        if items:
            made[category] = _make(data, seat, category, items)
            _apply(data, seat, category, items, made[category], own=True)
        if category == "keys":
            model.ensure_stacks(data, seat.anchors, seat.roles)
    _check_private_reveals(data)
    return made or None


def check(data: dict[str, Any], given: Any, seat: Seat, where: str,
          auditing: bool = False, may_note: Any = None) -> None:
    """Check that ``given`` is exactly what the writer owed, each item valid; apply it
    (notes, which nobody owes, are checked for who may write to whom)."""
    if given is not None and not isinstance(given, dict):
        raise ChainError("field contributions: must be a mapping", where)
    given = given or {}
    if "notes" in given:
        notes.check(data, given["notes"], seat, may_note or (lambda a, b: False), where)
    unknown = [k for k in given if k not in (*ORDER, "notes")]
    if unknown:
        raise ChainError(f"field contributions.{unknown[0]}: is not a known field", where)
    if list(given) != [k for k in (*ORDER, "notes") if k in given]:
        raise ChainError(f"field contributions: not in its order ({', '.join(ORDER)}, "
                         f"notes)", where)
    for category in ORDER:
        items = owed(data, seat.role, seat.roles, category, auditing)
        value = given.get(category)
        if not items and value is None:
            if category == "keys":
                model.ensure_stacks(data, seat.anchors, seat.roles)
            continue
        if not items or value is None:
            raise ChainError(f"contributions.{category}: {seat.role} "
                             f"{'owed' if items else 'did not owe'} them", where)
        _shape(category, value, items, where)
        _apply(data, seat, category, items, value)
        if category == "keys":
            model.ensure_stacks(data, seat.anchors, seat.roles)
    _check_private_reveals(data)


def _shape(category: str, value: Any, items: list[Any], where: str) -> None:
    keyed = category in ("shuffles", "shares", "commitments", "sealed")
    if keyed and (not isinstance(value, dict) or list(value) != items):
        raise ChainError(f"contributions.{category}: must give exactly {items}", where)
    if category == "passes" and (not isinstance(value, list) or len(value) != len(items)):
        raise ChainError(f"contributions.passes: must give {len(items)} envelopes", where)
    if category == "shows" and (not isinstance(value, list) or len(value) != len(items)):
        raise ChainError(f"contributions.shows: must give {len(items)} shown shares", where)


def _make(data: dict[str, Any], seat: Seat, category: str, items: list[Any]) -> Any:
    keys = seat.keys
    assert keys is not None
    if category == "keys":
        return keys.public().record()
    if category == "shuffles":
        joint = model.joint(data, seat.anchors)
        out = {}
        for name in items:
            deck = data["decks"][name]
            before = [Ciphertext.from_record(c, f"deck {name}") for c in deck["stack"]]
            out[name] = shuffle.shuffle_step(keys, _shuffle_label(deck, name), before,
                                             joint, len(deck["shuffled"])).record()
        return out
    if category == "shares":
        return {h: elgamal.make_share(keys, model.ciphertext(data["cards"][h], h)).record()
                for h in items}
    if category == "passes":
        publics = model.publics(data)
        out_list = []
        for index in items:
            item = data["passes"][index]
            ct = model.ciphertext(data["cards"][item["card"]], item["card"])
            held = knowledge.passed_shares(data, seat, item["card"])
            out_list.append(handover.give(keys, publics[item["to"]], ct, held).record())
        return out_list
    if category == "shows":
        publics = model.publics(data)
        return [showing.give(keys, publics[data["shows"][i]["to"]],
                             model.ciphertext(data["cards"][data["shows"][i]["card"]],
                                              data["shows"][i]["card"])).record()
                for i in items]
    if category == "commitments":
        out = {}
        for key in items:
            deck = data["private"][key]
            made = private_deck.PrivateDeck(seat.role, model.label(key), len(deck["cards"]),
                                            keys.private_deck_seed(model.label(key)))
            committed, proof = made.order_commitments()
            out[key] = {"seed": made.commitment.hex(),
                        "order": [c.hex() for c in committed], "proof": proof}
        return out
    if category == "sealed":
        return {h: sealing.contribution(data, seat, h) for h in items}
    if category == "opening":
        return keys.opening().record()
    raise ValueError(category)


def _apply(data: dict[str, Any], seat: Seat, category: str, items: list[Any],
           value: Any, own: bool = False) -> None:
    """Check one category's contributions (as any verifier would) and apply them; the
    writer's own shuffle steps, just made here, skip only the proof check (every reader
    makes it)."""
    role = seat.role
    anchor = anchor_of(seat.anchors, role)
    if category == "keys":
        public = PublicKeys.from_record(value, role)
        public.check(anchor)
        _exact(value, public.record(), "keys", role)
        data["keys"][role] = public.record()
    elif category == "shuffles":
        joint = model.joint(data, seat.anchors)
        for name in items:
            deck = data["decks"][name]
            before = [Ciphertext.from_record(c, f"deck {name}") for c in deck["stack"]]
            step = shuffle.ShuffleStep.from_record(value[name], role,
                                                   _shuffle_label(deck, name))
            _exact(value[name], step.record(), f"shuffles.{name}", role)
            if own:
                shuffle.check_step_form(step, before)
            else:
                shuffle.check_step(step, before, joint, anchor, len(deck["shuffled"]))
            audit.note(crypto_audit.ShuffleEntry(tuple(before), step))
            deck["stack"] = [ct.record() for ct in step.output]
            deck["shuffled"].append(role)
    elif category == "shares":
        public = PublicKeys.from_record(data["keys"][role], role)
        for handle in items:
            entry = data["cards"][handle]
            share = Share.from_record(value[handle], role)
            _exact(value[handle], share.record(), f"shares.{handle}", role)
            ct = model.ciphertext(entry, handle)
            elgamal.check_share(share, public, ct, anchor)
            audit.note(crypto_audit.ShareEntry(ct, share))
            entry["shares"][role] = share.record()
            entry["shares"] = dict(sorted(entry["shares"].items()))
    elif category == "passes":
        for index, record in zip(items, value, strict=True):
            item = data["passes"][index]
            sealed = Envelope.from_record(record, role)
            _exact(record, sealed.record(), "passes", role)
            item["envelope"] = sealed.record()
            ct = model.ciphertext(data["cards"][item["card"]], item["card"])
            audit.note(crypto_audit.PassEntry(role, item["to"], ct, sealed))
    elif category == "shows":
        publics = model.publics(data)
        for index, record in zip(items, value, strict=True):
            item = data["shows"][index]
            shown = showing.ShownShare.from_record(record, role, item["to"])
            _exact(record, shown.record(), "shows", role)
            ct = model.ciphertext(data["cards"][item["card"]], item["card"])
            showing.check(shown, publics[role], publics[item["to"]], ct, anchor)
            audit.note(crypto_audit.ShowEntry(ct, shown))
            item["box"] = shown.record()
    elif category == "commitments":
        _apply_commitments(data, role, items, value)
    elif category == "sealed":
        for handle in items:
            entry = data["sealed"][handle]
            given = value[handle]
            if not isinstance(given, dict) or set(given) != {"commitment", "envelope"}:
                raise ChainError(f"contributions.sealed.{handle}: commitment and envelope",
                                 role)
            entry["commitment"] = records.raw(given, "commitment", "sealed", role, 32).hex()
            entry["envelope"] = Envelope.from_record(given["envelope"], role).record()
            _exact(given, {"commitment": entry["commitment"], "envelope": entry["envelope"]},
                   f"sealed.{handle}", role)
    elif category == "opening":
        opening = Opening.from_record(value, role)
        opening.check(PublicKeys.from_record(data["keys"][role], role), anchor)
        _exact(value, opening.record(), "opening", role)
        data["openings"][role] = opening.record()


def _exact(given: Any, canonical: Any, field: str, role: str) -> None:
    """Refuse a contribution that reads right but is not written exactly as pbem writes
    it (a field too many, hex spelt another way): a save has one form."""
    if not same_form(given, canonical):
        raise ChainError(f"contributions.{field}: not in the one form pbem writes "
                         f"(a field too many, or a value spelt another way)", role)


def _apply_commitments(data: dict[str, Any], role: str, items: list[str], value: Any) -> None:
    """A private deck's seed commitment and one commitment per position, given once, with
    the proof that the positions hold every card of the deck once (checked at once)."""
    for key in items:
        deck = data["private"][key]
        given = value[key]
        if not isinstance(given, dict) or set(given) != {"seed", "order", "proof"}:
            raise ChainError(f"contributions.commitments.{key}: a seed, an order and its "
                             f"proof", role)
        seed = records.raw(given, "seed", key, role, 32).hex()
        listed = given["order"]
        if not isinstance(listed, list) or len(listed) != len(deck["cards"]):
            raise ChainError(f"contributions.commitments.{key}: the order has one commitment "
                             f"for each of the {len(deck['cards'])} cards", role)
        order = [records.raw({"c": c}, "c", key, role, 64) for c in listed]
        private_deck.check_order(role, model.label(key), order, given["proof"])
        proof = ShuffleProof.from_record(given["proof"], len(order), key, role)
        _exact(given, {"seed": seed, "order": [c.hex() for c in order],
                       "proof": proof.record()}, f"commitments.{key}", role)
        deck["order"] = [private_deck.kept(c).hex() for c in order]
        deck["seed"] = seed


def _check_private_reveals(data: dict[str, Any]) -> None:
    """A card shown from a private deck opens the commitment of the position its draw
    took (fixed by the draw's outside input, which anyone can follow), and no card is
    shown from two positions of one deck."""
    for key, deck in data["private"].items():
        if not deck["reveals"]:
            continue
        owner = key.split("/")[0]
        label = model.label(key)
        if deck["order"] is None:
            raise SecretsError("a card is shown before the deck's order was committed",
                               f"private deck {label}", owner)
        positions = private_deck.Positions(owner, label, len(deck["cards"])).replay(
            model.private_events(deck)).taken
        shown: dict[tuple[int, int], str] = {}
        for handle, record in deck["reveals"].items():
            slot = deck["held"].get(handle)
            if slot is None:
                continue
            where = (int(slot[0]), int(slot[1]))
            card = deck["cards"].index(record["card"])
            private_deck.check_reveal(bytes.fromhex(deck["order"][positions[where]]), owner,
                                      label, positions[where], card,
                                      bytes.fromhex(str(record["salt"])))
            shown[where] = str(record["card"])
        private_deck.check_not_shown_twice(shown, positions, owner, label)
