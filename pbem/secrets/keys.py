"""A player's per-game secrets, derived from their identity key and the game's anchor.

Nothing is stored: one Ed25519 signature (deterministic) over the game anchor and role in
the ``pbem-secrets@pbem`` namespace is hashed into a root, and every per-game secret comes
from the root with its own label:

* the ElGamal secret scalar ``x`` and public ``Y = x·G``, published with a Schnorr proof
  of knowledge bound to the anchor, the role and the other published keys (no rogue-key
  attack on the joint key, and no field of the record can change unnoticed);
* an X25519 key pair for envelopes (data encrypted to this player alone);
* a second X25519 key pair for notes between players, which is never opened, so a note
  stays readable by its recipient alone after the audit;
* master seeds for shuffles, private decks and nonces, from which each use derives its
  own seed with a label.

At the audit a player opens :class:`Opening` (``x``, the shuffle and private-deck masters
and the envelope key); anyone checks it against the :class:`PublicKeys` published at the
start. The nonce master and the note key are never opened: sealed choices open their
nonces one by one, and notes are not part of what the audit checks.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey

from pbem.secrets import group, proofs, records
from pbem.secrets.errors import SecretsError
from pbem.secrets.group import Point, Scalar
from pbem.secrets.proofs import Proof
from pbem.signing import NS_SECRETS, PrivateKey

KEY_PROOF = "pbem-key-proof"
_RAW = serialization.Encoding.Raw


Anchors = bytes | Mapping[str, bytes]


def anchor_of(anchors: Anchors, role: str) -> bytes:
    """The anchor of ``role``: one for the whole game, or each player's own (their keys
    derived from the game and a salt of their choosing)."""
    return anchors if isinstance(anchors, bytes) else anchors[role]


def derive_seed(master: bytes, label: str) -> bytes:
    """The 32-byte seed of one use (a shuffle, a private deck, a nonce) from a master."""
    return hmac.new(master, group.frame("pbem-seed", label), hashlib.sha256).digest()


def seeds_commitment(anchor: bytes, role: str, shuffle_master: bytes,
                     deck_master: bytes) -> bytes:
    """The commitment, published at the start, to the masters opened at the audit."""
    return group.digest("pbem-seeds-commit", anchor, role, shuffle_master, deck_master)


def envelope_public(private: bytes) -> bytes:
    """The raw X25519 public key of a raw private key."""
    key = X25519PrivateKey.from_private_bytes(private)
    return key.public_key().public_bytes(_RAW, serialization.PublicFormat.Raw)


@dataclass(frozen=True)
class PublicKeys:
    """What a player publishes when the game starts."""

    role: str
    elgamal: Point
    proof: Proof
    envelope: bytes
    seeds: bytes
    note: bytes

    def record(self) -> dict[str, Any]:
        return {"elgamal": self.elgamal.hex(), "proof": self.proof.record(),
                "envelope": self.envelope.hex(), "seeds": self.seeds.hex(),
                "note": self.note.hex()}

    @classmethod
    def from_record(cls, record: Any, role: str) -> PublicKeys:
        """Read a player's published keys (their role comes from who signed them)."""
        proof = Proof.from_record(records.entry(record, "proof", "keys", role),
                                  "key proof", role)
        return cls(role, records.point(record, "elgamal", "keys", role), proof,
                   records.raw(record, "envelope", "keys", role, 32),
                   records.raw(record, "seeds", "keys", role, 32),
                   records.raw(record, "note", "keys", role, 32))

    def check(self, anchor: bytes) -> None:
        """Refuse keys whose proof of knowledge fails for this game and role."""
        group.point(self.elgamal, "elgamal key", self.role)
        pairs = [(group.GENERATOR, self.elgamal)]
        if not proofs.check(self.proof, pairs, KEY_PROOF, anchor, self.role, self.envelope,
                            self.seeds, self.note):
            raise SecretsError("the proof of knowledge of the key does not hold",
                               "elgamal key", self.role)


def joint_key(publics: Iterable[PublicKeys], anchor: Anchors) -> Point:
    """``Y = Σ Y_i`` over every player's key, each proof checked first."""
    keys = list(publics)
    for public in keys:
        public.check(anchor_of(anchor, public.role))
    joint = group.total([public.elgamal for public in keys])
    if not group.is_point(joint):
        raise SecretsError("the players' keys cancel out", "joint key")  # pragma: no cover
    return joint


@dataclass(frozen=True)
class Opening:
    """A player's per-game secrets as opened at the audit."""

    role: str
    x: Scalar
    shuffle_master: bytes
    deck_master: bytes
    envelope_private: bytes

    def shuffle_seed(self, label: str) -> bytes:
        return derive_seed(self.shuffle_master, label)

    def private_deck_seed(self, label: str) -> bytes:
        return derive_seed(self.deck_master, label)

    def record(self) -> dict[str, str]:
        return {"x": self.x.hex(), "shuffle": self.shuffle_master.hex(),
                "decks": self.deck_master.hex(), "envelope": self.envelope_private.hex()}

    @classmethod
    def from_record(cls, record: Mapping[str, Any], role: str) -> Opening:
        return cls(role, records.scalar(record, "x", "opening", role),
                   records.raw(record, "shuffle", "opening", role, 32),
                   records.raw(record, "decks", "opening", role, 32),
                   records.raw(record, "envelope", "opening", role, 32))

    def check(self, public: PublicKeys, anchor: bytes) -> None:
        """Refuse an opening that does not match what the player published at the start."""
        if not any(self.x) or group.base_mul(self.x) != public.elgamal:
            raise SecretsError("x does not match the published key", "opening", self.role)
        if envelope_public(self.envelope_private) != public.envelope:
            raise SecretsError("the envelope key does not match the published one",
                               "opening", self.role)
        expected = seeds_commitment(anchor, self.role, self.shuffle_master, self.deck_master)
        if not hmac.compare_digest(expected, public.seeds):
            raise SecretsError("the seeds do not match their commitment", "opening", self.role)


class GameKeys:
    """One player's secrets for one game; derive them with :meth:`derive`."""

    def __init__(self, role: str, anchor: bytes, root: bytes) -> None:
        self.role = role
        self.anchor = anchor
        self.root = root  # handed, sealed, to whoever takes over the seat
        self.x = _secret_scalar(root)
        self.elgamal = group.base_mul(self.x)
        self._shuffle_master = _sub(root, "shuffle")
        self._deck_master = _sub(root, "private-deck")
        self._nonce_master = _sub(root, "nonce")
        self.envelope_private = _sub(root, "envelope")
        self.envelope_public = envelope_public(self.envelope_private)
        self.note_private = _sub(root, "note")
        self.note_public = envelope_public(self.note_private)

    @classmethod
    def derive(cls, identity: PrivateKey, anchor: bytes, role: str) -> GameKeys:
        """The same keys every time for this identity, game anchor and role."""
        signature = identity.sign(group.frame("pbem-game-secrets", anchor, role), NS_SECRETS)
        root = hashlib.sha512(group.frame("pbem-secrets-root", signature.sig_blob)).digest()
        return cls(role, anchor, root)

    def public(self) -> PublicKeys:
        """The keys to publish at the start, with the proof of knowledge of ``x``."""
        seeds = seeds_commitment(self.anchor, self.role, self._shuffle_master,
                                 self._deck_master)
        proof = proofs.prove(self.x, [(group.GENERATOR, self.elgamal)], KEY_PROOF,
                             self.anchor, self.role, self.envelope_public, seeds,
                             self.note_public)
        return PublicKeys(self.role, self.elgamal, proof, self.envelope_public, seeds,
                          self.note_public)

    def opening(self) -> Opening:
        """What this player opens at the audit."""
        return Opening(self.role, self.x, self._shuffle_master, self._deck_master,
                       self.envelope_private)

    def shuffle_seed(self, label: str) -> bytes:
        """The seed of one shuffle step (its permutation and masks)."""
        return derive_seed(self._shuffle_master, label)

    def private_deck_seed(self, label: str) -> bytes:
        """The seed of one of this player's private decks."""
        return derive_seed(self._deck_master, label)

    def nonce_seed(self, label: str) -> bytes:
        """A seed for nonces (sealed choices, envelopes); never opened wholesale."""
        return derive_seed(self._nonce_master, label)


def _sub(root: bytes, label: str) -> bytes:
    return hmac.new(root, group.frame("pbem-secrets-sub", label), hashlib.sha256).digest()


def _secret_scalar(root: bytes) -> Scalar:
    wide = hmac.new(root, group.frame("pbem-secrets-sub", "elgamal"), hashlib.sha512).digest()
    return group.hash_to_scalar("pbem-elgamal-secret", wide)
