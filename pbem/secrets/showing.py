"""A face-down card shown to one other player without changing hands.

The viewer V reads card ``ct = (c1, c2)`` once she has every other player's decryption
share ``d_i = x_i·c1``. The players who never held the card have published theirs already
(with their Chaum–Pedersen proofs); those who hold or held it (the card's *barred*
players, the holder among them) must not publish theirs, so each gives V theirs
*encrypted to V's ElGamal key* with a proof that every reader checks at once::

    E1 = r·G,   E2 = d_i + r·Y_V,   d_i = x_i·c1

and a proof of knowledge of ``(x_i, r)`` with ``Y_i = x_i·G``, ``E1 = r·G`` and
``E2 = x_i·c1 + r·Y_V`` (a Schnorr-type proof with two secrets, Fiat–Shamir, the challenge
binding the game, the giver, the viewer, both keys, the card and the commitments). By its
soundness ``E2 - x_V·E1`` is exactly ``d_i``: V's pbem needs to check nothing more, and a
giver who sends V anything else (a garbled point, the share of another card, a share
encrypted to somebody else) is refused on arrival by every pbem, naming her. ElGamal under
DDH keeps ``d_i`` from everyone without ``x_V``; the proof is zero-knowledge (honest
verifier, made non-interactive). The randomness ``r`` and the prover's nonces are derived
from the giver's secret and the statement, so the same statement always gets the same
record and no randomness is needed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pbem.secrets import group, records
from pbem.secrets.elgamal import Ciphertext
from pbem.secrets.errors import SecretsError
from pbem.secrets.group import Point, Scalar
from pbem.secrets.keys import GameKeys, PublicKeys

PROOF = "pbem-shown-share"
FIELD = "shown share"


@dataclass(frozen=True)
class ShownShare:
    """``giver``'s share of one card, encrypted to ``viewer``, with its proof."""

    giver: str
    viewer: str
    e1: Point
    e2: Point
    challenge: Scalar
    s_key: Scalar
    s_mask: Scalar

    def record(self) -> dict[str, Any]:
        return {"e1": self.e1.hex(), "e2": self.e2.hex(),
                "proof": {"c": self.challenge.hex(), "s1": self.s_key.hex(),
                          "s2": self.s_mask.hex()}}

    @classmethod
    def from_record(cls, record: Any, giver: str, viewer: str) -> ShownShare:
        proof = records.entry(record, "proof", FIELD, giver)
        if not isinstance(record, Mapping) or set(record) != {"e1", "e2", "proof"}:
            raise SecretsError("must hold e1, e2 and proof only", FIELD, giver)
        if not isinstance(proof, Mapping) or set(proof) != {"c", "s1", "s2"}:
            raise SecretsError("its proof must hold c, s1 and s2 only", FIELD, giver)
        return cls(giver, viewer, records.point(record, "e1", FIELD, giver),
                   records.point(record, "e2", FIELD, giver),
                   records.scalar(proof, "c", FIELD, giver),
                   records.scalar(proof, "s1", FIELD, giver),
                   records.scalar(proof, "s2", FIELD, giver))


def _challenge(anchor: bytes, giver: PublicKeys | GameKeys, viewer: PublicKeys,
               ct: Ciphertext, e1: Point, e2: Point, *commitments: Point) -> Scalar:
    giver_key = giver.elgamal
    return group.hash_to_scalar(PROOF, anchor, giver.role, viewer.role, giver_key,
                                viewer.elgamal, ct.c1, ct.c2, e1, e2, *commitments)


def give(keys: GameKeys, viewer: PublicKeys, ct: Ciphertext) -> ShownShare:
    """This player's share of ``ct``, encrypted to ``viewer``, with its proof."""
    if viewer.role == keys.role:
        raise SecretsError("a card is shown to another player", FIELD, keys.role)
    statement = (keys.anchor, keys.role, viewer.role, viewer.elgamal, ct.c1, ct.c2)
    r = group.hash_to_scalar(PROOF + "/mask", keys.x, *statement)
    e1 = group.base_mul(r)
    e2 = group.add(group.mul(keys.x, ct.c1), group.mul(r, viewer.elgamal))
    a = group.hash_to_scalar(PROOF + "/nonce-key", keys.x, r, *statement)
    b = group.hash_to_scalar(PROOF + "/nonce-mask", keys.x, r, *statement)
    t1 = group.base_mul(a)
    t2 = group.base_mul(b)
    t3 = group.add(group.mul(a, ct.c1), group.mul(b, viewer.elgamal))
    c = _challenge(keys.anchor, keys, viewer, ct, e1, e2, t1, t2, t3)
    return ShownShare(keys.role, viewer.role, e1, e2, c,
                      group.scalar_add(a, group.scalar_mul(c, keys.x)),
                      group.scalar_add(b, group.scalar_mul(c, r)))


def check(shown: ShownShare, giver: PublicKeys, viewer: PublicKeys, ct: Ciphertext,
          anchor: bytes) -> None:
    """Refuse a shown share whose proof fails (for this card, giver and viewer), naming
    the giver. Every reader checks it; none can open it but the viewer."""
    if shown.giver != giver.role or shown.viewer != viewer.role or giver.role == viewer.role:
        raise SecretsError("it is checked against its giver's and viewer's keys", FIELD,
                           shown.giver)
    c, s1, s2 = shown.challenge, shown.s_key, shown.s_mask
    t1 = group.sub(group.base_mul(s1), group.mul(c, giver.elgamal))
    t2 = group.sub(group.base_mul(s2), group.mul(c, shown.e1))
    t3 = group.sub(group.add(group.mul(s1, ct.c1), group.mul(s2, viewer.elgamal)),
                   group.mul(c, shown.e2))
    if _challenge(anchor, giver, viewer, ct, shown.e1, shown.e2, t1, t2, t3) != c:
        raise SecretsError(f"the proof does not hold: it is not {giver.role}'s share of this "
                           f"card for {viewer.role}", FIELD, giver.role)


def open_share(keys: GameKeys | Scalar, shown: ShownShare) -> Point:
    """The giver's share ``d = E2 - x_V·E1``, for the viewer (or, at the audit, with her
    opened ``x``); the proof, checked first, makes it the right one."""
    x = keys.x if isinstance(keys, GameKeys) else keys
    return group.sub(shown.e2, group.mul(x, shown.e1))
