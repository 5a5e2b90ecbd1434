"""Envelopes: only the recipient reads them, any changed byte is caught, contents are bound."""

from __future__ import annotations

import json

import pytest

from pbem.secrets import envelope
from pbem.secrets.envelope import Envelope
from pbem.secrets.errors import SecretsError
from pbem.secrets.keys import GameKeys
from tests.secrets.sim import ANCHOR, identity

WU = GameKeys.derive(identity("wu"), ANCHOR, "wu")
JIN = GameKeys.derive(identity("jin"), ANCHOR, "jin")
AAD = envelope.envelope_aad(ANCHOR, "hand", "wu")
SEED = JIN.nonce_seed("envelopes")


def test_the_recipient_opens_it_and_its_commitment_binds_the_contents() -> None:
    sealed = envelope.seal(WU.envelope_public, b"card 7", AAD, seed=SEED)
    read = Envelope.from_record(json.loads(json.dumps(sealed.record())), "jin")
    opened = envelope.open(WU.envelope_private, read, AAD, sender="jin")
    assert opened.plaintext == b"card 7"
    envelope.check_commitment(sealed.commitment, AAD, opened.salt, b"card 7", "wu")
    with pytest.raises(SecretsError, match="wu's envelope: the opened contents do not match"):
        envelope.check_commitment(sealed.commitment, AAD, opened.salt, b"card 8", "wu")
    with pytest.raises(SecretsError, match="do not match"):
        envelope.check_commitment(sealed.commitment, AAD, bytes(32), b"card 7", "wu")


def test_nothing_in_the_envelope_shows_the_contents() -> None:
    sealed = envelope.seal(WU.envelope_public, b"the secret general", AAD, seed=SEED)
    text = json.dumps(sealed.record()).encode()
    assert b"the secret general" not in text
    assert b"the secret general".hex().encode() not in text


def test_sealing_with_a_seed_is_repeatable_and_never_reuses_a_key() -> None:
    one = envelope.seal(WU.envelope_public, b"a", AAD, seed=SEED)
    assert envelope.seal(WU.envelope_public, b"a", AAD, seed=SEED) == one
    assert envelope.seal(WU.envelope_public, b"b", AAD, seed=SEED).ephemeral != one.ephemeral
    assert envelope.seal(WU.envelope_public, b"a", AAD).ephemeral != one.ephemeral


def test_every_changed_byte_is_caught_in_one_line() -> None:
    sealed = envelope.seal(WU.envelope_public, b"shares", AAD, seed=SEED)
    for name in ("ephemeral", "box", "commitment"):
        data = getattr(sealed, name)
        for index in range(len(data)):
            changed = data[:index] + bytes([data[index] ^ 0x01]) + data[index + 1:]
            fields = {"ephemeral": sealed.ephemeral, "box": sealed.box,
                      "commitment": sealed.commitment, name: changed}
            with pytest.raises(SecretsError) as caught:
                envelope.open(WU.envelope_private, Envelope(**fields), AAD, sender="jin")
            assert caught.value.line().startswith("jin's envelope: ")
            assert "\n" not in caught.value.line()


def test_wrong_recipient_purpose_game_or_truncation_is_refused() -> None:
    sealed = envelope.seal(WU.envelope_public, b"x", AAD, seed=SEED)
    with pytest.raises(SecretsError, match="does not open"):
        envelope.open(JIN.envelope_private, sealed, AAD, sender="jin")
    for aad in (envelope.envelope_aad(ANCHOR, "bid", "wu"),
                envelope.envelope_aad(ANCHOR, "hand", "jin"),
                envelope.envelope_aad(b"other", "hand", "wu")):
        with pytest.raises(SecretsError, match="does not open"):
            envelope.open(WU.envelope_private, sealed, aad, sender="jin")
    with pytest.raises(SecretsError, match="does not open"):
        envelope.open(WU.envelope_private, Envelope(sealed.ephemeral, b"", sealed.commitment),
                      AAD, sender="jin")
    with pytest.raises(SecretsError, match="not a usable X25519 key"):
        envelope.open(WU.envelope_private, Envelope(bytes(32), sealed.box, sealed.commitment),
                      AAD, sender="jin")
    with pytest.raises(SecretsError, match="ephemeral' must be 32 bytes"):
        Envelope.from_record({**sealed.record(), "ephemeral": "00"}, "jin")
