"""Non-interactive proofs of knowledge of a discrete log (Schnorr, Chaum–Pedersen).

One shape serves both: a proof that the prover knows ``x`` with ``P_j = x·B_j`` for every
pair ``(B_j, P_j)`` given. With one pair (the base point and a public key) it is Schnorr's
proof of knowledge; with two (``G, Y_i`` and ``c1, d_i``) it is Chaum–Pedersen's proof that
a decryption share uses the player's own key. The challenge is a hash (Fiat–Shamir) of a
label, the caller's context (game anchor, role, what the proof is for), every base and
public point and the prover's commitments, so a proof made for one purpose, game or player
is refused for any other. The prover's nonce is derived from the secret and the statement
(as in RFC 6979), so the same statement always gets the same proof and no randomness is
needed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pbem.secrets import group, records
from pbem.secrets.group import Part, Point, Scalar

Pairs = Sequence[tuple[Point, Point]]


@dataclass(frozen=True)
class Proof:
    """A Fiat–Shamir proof ``(c, s)``: ``s·B_j - c·P_j`` re-creates each commitment."""

    challenge: Scalar
    response: Scalar

    def record(self) -> dict[str, str]:
        return {"c": self.challenge.hex(), "s": self.response.hex()}

    @classmethod
    def from_record(cls, record: Mapping[str, str], field: str,
                    player: str | None = None) -> Proof:
        return cls(records.scalar(record, "c", field, player),
                   records.scalar(record, "s", field, player))


def _statement(pairs: Pairs) -> list[Part]:
    parts: list[Part] = []
    for base, public in pairs:
        parts += [base, public]
    return parts


def _base_mul(k: Scalar, base: Point) -> Point:
    return group.base_mul(k) if base == group.GENERATOR else group.mul(k, base)


def prove(secret: Scalar, pairs: Pairs, label: str, *context: Part) -> Proof:
    """Prove knowledge of ``secret`` with ``public = secret·base`` for every pair."""
    statement = _statement(pairs)
    nonce = group.hash_to_scalar(label + "/nonce", secret, *context, *statement)
    commitments = [_base_mul(nonce, base) for base, _ in pairs]
    challenge = group.hash_to_scalar(label, *context, *statement, *commitments)
    response = group.scalar_add(nonce, group.scalar_mul(challenge, secret))
    return Proof(challenge, response)


def check(proof: Proof, pairs: Pairs, label: str, *context: Part) -> bool:
    """True when ``proof`` shows one secret behind every pair, for this label and context.

    The points must already be validated (:func:`group.point`).
    """
    commitments = [group.sub(_base_mul(proof.response, base),
                             group.mul(proof.challenge, public))
                   for base, public in pairs]
    expected = group.hash_to_scalar(label, *context, *_statement(pairs), *commitments)
    return expected == proof.challenge
