"""Envelopes: data encrypted to one player, bound by a commitment in the public state.

``seal`` makes an ephemeral X25519 key, agrees a key with the recipient's envelope key,
derives the AEAD key with HKDF-SHA256 and encrypts ``salt || plaintext`` with
ChaCha20-Poly1305. The associated data binds the caller's ``aad`` (build it with
:func:`envelope_aad`: game anchor, purpose, recipient), both public keys and the
commitment ``H(aad, salt, plaintext)``, which goes into the public state so that a later
opening of the plaintext (with its salt) can be checked by anyone. Changing any byte of an
envelope makes :func:`open` refuse it.

With a ``seed`` (derive one with :meth:`GameKeys.nonce_seed`) sealing is deterministic:
the ephemeral key and the salt are derived from the seed, the recipient, the ``aad`` and
the plaintext, so reusing a seed for different contents never reuses a key.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
from dataclasses import dataclass
from typing import Any

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey, X25519PublicKey
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from pbem.secrets import group, records
from pbem.secrets.errors import SecretsError

KEY_BYTES = 32
_NONCE = bytes(12)  # every envelope has its own key, used once
_RAW = serialization.Encoding.Raw


def envelope_aad(anchor: bytes, purpose: str, recipient: str) -> bytes:
    """The associated data of an envelope: which game, what for, and for whom."""
    return group.frame("pbem-envelope-aad", anchor, purpose, recipient)


def commitment(aad: bytes, salt: bytes, plaintext: bytes) -> bytes:
    """The public commitment to an envelope's contents."""
    return group.digest("pbem-envelope-commit", aad, salt, plaintext)


def check_commitment(value: bytes, aad: bytes, salt: bytes, plaintext: bytes,
                     player: str | None = None) -> None:
    """Refuse an opening (salt and plaintext) that does not match its commitment."""
    if not hmac.compare_digest(commitment(aad, salt, plaintext), value):
        raise SecretsError("the opened contents do not match the commitment", "envelope",
                           player)


@dataclass(frozen=True)
class Envelope:
    """A sealed envelope: ephemeral public key, AEAD box and commitment."""

    ephemeral: bytes
    box: bytes
    commitment: bytes

    def record(self) -> dict[str, str]:
        return {"ephemeral": self.ephemeral.hex(), "box": self.box.hex(),
                "commitment": self.commitment.hex()}

    @classmethod
    def from_record(cls, record: Any, player: str | None = None) -> Envelope:
        return cls(records.raw(record, "ephemeral", "envelope", player, KEY_BYTES),
                   records.raw(record, "box", "envelope", player),
                   records.raw(record, "commitment", "envelope", player, 32))


@dataclass(frozen=True)
class Opened:
    """An envelope's contents and the salt that opens its commitment."""

    plaintext: bytes
    salt: bytes


def _public_bytes(key: X25519PrivateKey) -> bytes:
    return key.public_key().public_bytes(_RAW, serialization.PublicFormat.Raw)


def _key(shared: bytes, ephemeral: bytes, recipient: bytes, aad: bytes) -> bytes:
    hkdf = HKDF(algorithm=hashes.SHA256(), length=32, salt=ephemeral + recipient,
                info=b"pbem-envelope/1" + hashlib.sha256(aad).digest())
    return hkdf.derive(shared)


def _associated(aad: bytes, ephemeral: bytes, recipient: bytes, commit: bytes) -> bytes:
    return group.frame("pbem-envelope", aad, ephemeral, recipient, commit)


def _exchange(private: X25519PrivateKey, public: bytes, field: str,
              player: str | None) -> bytes:
    if len(public) != KEY_BYTES:
        raise SecretsError(f"an X25519 key is {KEY_BYTES} bytes", field, player)
    try:
        return private.exchange(X25519PublicKey.from_public_bytes(public))
    except ValueError:  # a small-order key gives an all-zero secret
        raise SecretsError("not a usable X25519 key", field, player) from None


def padded(payload: dict[str, str], multiple: int) -> bytes:
    """``payload`` as JSON with a ``pad`` of spaces that brings its length to a multiple
    of ``multiple`` bytes, so that an envelope's length tells little of what it holds (the
    reader ignores ``pad``)."""
    raw = json.dumps(payload, separators=(",", ":")).encode()
    room = -(len(raw) + len(',"pad":""')) % multiple
    return json.dumps({**payload, "pad": " " * room}, separators=(",", ":")).encode()


def seal(recipient_public: bytes, plaintext: bytes, aad: bytes, *,
         seed: bytes | None = None) -> Envelope:
    """Encrypt ``plaintext`` to the holder of ``recipient_public`` (raw X25519)."""
    base = os.urandom(32) if seed is None else seed
    material = group.frame("pbem-envelope-material", recipient_public, aad,
                           hashlib.sha256(plaintext).digest())
    wide = hmac.new(base, material, hashlib.sha512).digest()
    ephemeral_key = X25519PrivateKey.from_private_bytes(wide[:32])
    salt = wide[32:]
    ephemeral = _public_bytes(ephemeral_key)
    shared = _exchange(ephemeral_key, recipient_public, "recipient key", None)
    commit = commitment(aad, salt, plaintext)
    key = _key(shared, ephemeral, recipient_public, aad)
    box = ChaCha20Poly1305(key).encrypt(
        _NONCE, salt + plaintext, _associated(aad, ephemeral, recipient_public, commit))
    return Envelope(ephemeral, box, commit)


def open(private: bytes, envelope: Envelope, aad: bytes, *,
         sender: str | None = None) -> Opened:
    """Decrypt an envelope with the recipient's raw X25519 private key; a changed byte
    anywhere, or the wrong ``aad`` or key, is refused naming ``sender``."""
    key = X25519PrivateKey.from_private_bytes(private)
    recipient = _public_bytes(key)
    shared = _exchange(key, envelope.ephemeral, "envelope", sender)
    aead_key = _key(shared, envelope.ephemeral, recipient, aad)
    try:
        data = ChaCha20Poly1305(aead_key).decrypt(
            _NONCE, envelope.box, _associated(aad, envelope.ephemeral, recipient,
                                              envelope.commitment))
    except InvalidTag:
        raise SecretsError("it does not open (altered, or not for this player or purpose)",
                           "envelope", sender) from None
    opened = Opened(data[32:], data[:32])
    check_commitment(envelope.commitment, aad, opened.salt, opened.plaintext, sender)
    return opened
