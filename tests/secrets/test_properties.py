"""Properties over random games and random tampering (fixed-seed hypothesis profile).

* No player's view (the public log and their own store) contains another player's secret.
* An honest history, whatever its operations, passes the audit.
* Any tampering with a published key, share, envelope, sealed reveal or private card is
  caught at once naming the player; with a shuffle step or a private draw, at the audit.
"""

from __future__ import annotations

import hashlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pbem.secrets import audit, elgamal, envelope, private_deck, sealed, shuffle
from pbem.secrets.elgamal import Share
from pbem.secrets.envelope import Envelope
from pbem.secrets.errors import SecretsError
from pbem.secrets.keys import PublicKeys
from tests.secrets.sim import ANCHOR, DECK_SIZE, PROFILE, Table

OPS = st.sampled_from(["draw", "draw", "reveal", "pass", "take", "discard", "reshuffle",
                       "sealed", "private-draw", "private-back"])


def run(table: Table, ops: list[str], picks: list[int]) -> None:
    """Play ``ops`` in order, skipping any that the position does not allow."""
    table.deck = table.joint_shuffle(table.deck)
    owner = table.roles[0]
    table.make_private_deck(owner, "generals", 7)
    for n, op in enumerate(ops):
        pick = picks[n % len(picks)] if picks else n
        role = table.roles[pick % len(table.roles)]
        other = table.roles[(pick + 1) % len(table.roles)]
        hand = table.hands[role]
        deck = table.players[owner].decks["generals"]
        if op == "draw" and table.deck:
            table.draw(role)
        elif op == "reveal" and hand:
            table.reveal(role, hand[pick % len(hand)])
        elif op == "pass" and hand:
            table.pass_card(role, other, hand[pick % len(hand)])
        elif op == "take" and hand:
            table.take_random(role, other, pick)
        elif op == "discard" and hand:
            table.discard(role, hand[pick % len(hand)])
        elif op == "reshuffle" and table.pile:
            table.reshuffle()
        elif op == "sealed":
            table.sealed_choices({r: str(pick) for r in table.roles}, f"pick {n}")
        elif op == "private-draw" and deck.pool:
            table.private_draw(owner, "generals", 1 + pick % len(deck.pool),
                               hashlib.sha256(bytes([n])).digest())
        elif op == "private-back" and deck.held:
            table.private_give_back(owner, "generals", sorted(deck.held)[: 1 + pick % 2])


def secrets_of(table: Table, role: str) -> list[bytes]:
    """What only ``role`` may hold: its opened and unopened per-game secrets, every seed it
    used, and its own share of every card it drew and still holds unrevealed and unpassed."""
    player = table.players[role]
    opening = player.keys.opening()
    values = [opening.x, opening.shuffle_master, opening.deck_master,
              opening.envelope_private, player.keys.nonce_seed("sealed-choice")]
    values += [player.keys.shuffle_seed(entry.step.label) for entry in table.entries
               if isinstance(entry, audit.ShuffleEntry) and entry.step.role == role]
    values += [deck.seed for deck in player.decks.values()]
    passed = {entry.ct for entry in table.entries if isinstance(entry, audit.PassEntry)}
    for ct in table.hands[role]:
        if ct not in passed and ct.record() not in table.face_up:
            values.append(elgamal.make_share(player.keys, ct).d)
    return values


@PROFILE
@given(count=st.integers(2, 6), ops=st.lists(OPS, min_size=3, max_size=14),
       picks=st.lists(st.integers(0, 50), max_size=6))
def test_no_view_holds_another_players_secret_and_an_honest_game_passes_the_audit(
        count: int, ops: list[str], picks: list[int]) -> None:
    table = Table(count)
    run(table, ops, picks)
    views = {role: table.view(role) for role in table.roles}
    for owner in table.roles:
        assert table.players[owner].keys.x.hex().encode() in views[owner]  # the scan can see
        for secret in secrets_of(table, owner):
            for viewer, view in views.items():
                if viewer != owner:
                    assert secret not in view and secret.hex().encode() not in view, \
                        f"{owner}'s secret is in {viewer}'s view"
    report = table.audit()
    assert report.ok, [f.line() for f in report.findings]


def _flip_hex(text: str, index: int) -> str:
    index %= len(text)
    nibble = int(text[index], 16) ^ (1 + index % 15)
    return text[:index] + f"{nibble:x}" + text[index + 1:]


def _flip(data: bytes, index: int) -> bytes:
    index %= len(data)
    return data[:index] + bytes([data[index] ^ (1 << index % 8)]) + data[index + 1:]


@PROFILE
@given(count=st.integers(2, 6), who=st.integers(0, 5), index=st.integers(0, 500),
       target=st.sampled_from(["keys", "share", "envelope", "sealed", "private-card"]))
def test_tampering_with_a_published_value_is_caught_at_once_naming_the_player(
        count: int, who: int, index: int, target: str) -> None:
    table = Table(count)
    role = table.roles[who % count]
    other = table.roles[(who + 1) % count]
    keys_ = table.players[role].keys
    with pytest.raises(SecretsError) as caught:
        if target == "keys":
            record = keys_.public().record()
            name = ["elgamal", "envelope", "seeds"][index % 3]
            record[name] = _flip_hex(record[name], index)
            PublicKeys.from_record(record, role).check(ANCHOR)
        elif target == "share":
            ct = table.deck[index % DECK_SIZE]
            record = elgamal.make_share(keys_, ct).record()
            if index % 2:
                record["d"] = _flip_hex(record["d"], index)
            else:
                name = "cs"[index // 2 % 2]
                record["proof"][name] = _flip_hex(record["proof"][name], index)
            elgamal.check_share(Share.from_record(record, role), table.publics[role], ct, ANCHOR)
        elif target == "envelope":
            aad = envelope.envelope_aad(ANCHOR, "hand", other)
            sealed_env = envelope.seal(table.publics[other].envelope, b"a share", aad,
                                       seed=keys_.nonce_seed("e"))
            name = ["ephemeral", "box", "commitment"][index % 3]
            fields = {"ephemeral": sealed_env.ephemeral, "box": sealed_env.box,
                      "commitment": sealed_env.commitment}
            fields[name] = _flip(fields[name], index)
            envelope.open(table.players[other].keys.envelope_private, Envelope(**fields), aad,
                          sender=role)
        elif target == "sealed":
            commitment, reveal = sealed.seal(keys_, "bid", ANCHOR, "3")
            changed = sealed.Reveal("4", reveal.nonce) if index % 2 else \
                sealed.Reveal("3", _flip(reveal.nonce, index))
            sealed.check(commitment, "bid", ANCHOR, role, changed)
        else:
            deck = private_deck.PrivateDeck(role, "g", 6, keys_.private_deck_seed("g"))
            deck.draw(2, b"outside")
            shown = deck.reveal((0, index % 2))
            card, salt = (shown.card + 1 + index % 4) % 6, shown.salt
            if index % 3 == 0:
                card, salt = shown.card, _flip(shown.salt, index)
            private_deck.check_reveal(private_deck.kept(
                deck.order_commitments()[0][shown.position]), role, "g",
                                      shown.position, card, salt)
    assert caught.value.player == role
    assert "\n" not in caught.value.line()


@PROFILE
@given(count=st.integers(2, 6), who=st.integers(0, 5), index=st.integers(0, 500),
       how=st.sampled_from(["swap", "remask", "replace", "commitment", "private-draw"]))
def test_tampering_with_a_shuffle_or_private_draw_is_named_at_the_audit(
        count: int, who: int, index: int, how: str) -> None:
    table = Table(count)
    role = table.roles[who % count]
    table.deck = table.joint_shuffle(table.deck)
    table.make_private_deck(role, "g", 6)
    table.private_draw(role, "g", 3, b"outside")
    entries = list(table.entries)
    if how == "private-draw":
        key = (role, "g")
        order = table.deck_orders[key]
        order[index % 6] = _flip(order[index % 6], index)
    else:
        n = next(i for i, e in enumerate(entries)
                 if isinstance(e, audit.ShuffleEntry) and e.step.role == role)
        step = entries[n].step
        cards = list(step.output)
        i, j = index % DECK_SIZE, (index + 1 + index // DECK_SIZE % 11) % DECK_SIZE
        commitment = step.commitment
        if how == "swap":
            cards[i], cards[j] = cards[j], cards[i]
        elif how == "remask":
            cards[i] = elgamal.remask(cards[i], table.joint, elgamal.group.hash_to_scalar("r"))
        elif how == "replace":
            cards[i] = cards[j]
        else:
            commitment = _flip(commitment, index)
        forged = shuffle.ShuffleStep(role, step.label, tuple(cards), commitment, step.proof)
        shuffle.check_step_form(forged, entries[n].before)  # the form passes; the audit
        # re-derives the step from its opened seed and names the player all the same
        entries[n] = audit.ShuffleEntry(entries[n].before, forged)
        table.entries = entries
    report = table.audit()
    assert report.players == [role]
    assert len(report.findings) == 1
