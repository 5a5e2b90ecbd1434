"""A zero-knowledge proof that a shuffle step permutes and re-masks its input deck.

The proof is Terelius and Wikström's proof of a shuffle, as laid out in the pseudo-code
of Haenni, Locher, Koenig and Dubuis, "Pseudo-code algorithms for verifiable re-encryption
mix-nets" (``GenShuffleProof`` and ``CheckShuffleProof``), written additively for the
group of :mod:`group`. In short: the shuffler commits to the permutation with Pedersen
commitments ``c_j = r_j·G + h_i`` (``j`` the input card that output card ``i`` came from);
hashed challenges ``u_j`` weight the input cards; a chain of commitments ``ĉ_i`` shows the
committed weights are the ``u_j`` in a permuted order; and one Schnorr-style response set
shows that the weighted sum of the output cards is the weighted sum of the input cards plus
a re-masking under the joint key. The generators ``h, h_1..h_N`` are hashed into the group,
so nobody knows a discrete log between any two of them.

The challenges are scalars from SHA-512 over a framed transcript: the caller's context
(game anchor, deck label, step index, shuffler), the joint key, every input and output
ciphertext and the prover's commitments. The prover's nonces come from the step's secret
seed and that transcript, never from a random source. docs/secrets-crypto.md states the
proof's soundness.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from nacl.exceptions import CryptoError

from pbem.secrets import group, records
from pbem.secrets.elgamal import Ciphertext
from pbem.secrets.errors import SecretsError
from pbem.secrets.group import Part, Point, Scalar
from pbem.secrets.stream import RandomStream

LABEL = "pbem-shuffle-proof"
KEYS = ("commit", "chain", "c", "s", "s_hat", "s_prime")
ONE = group.scalar_from_int(1)


@functools.cache
def base_h() -> Point:
    """The generator ``h`` that starts the commitment chain."""
    return group.hash_to_point(LABEL + "/h")


@functools.cache
def h(index: int) -> Point:
    """The generator ``h_i`` of output place ``index``."""
    return group.hash_to_point(LABEL + "/h_i", index)


@dataclass(frozen=True)
class ShuffleProof:
    """The proof: permutation commitments, commitment chain, challenge and responses."""

    commit: tuple[Point, ...]
    chain: tuple[Point, ...]
    challenge: Scalar
    s: tuple[Scalar, Scalar, Scalar, Scalar]
    s_hat: tuple[Scalar, ...]
    s_prime: tuple[Scalar, ...]

    def record(self) -> dict[str, Any]:
        return {"commit": [p.hex() for p in self.commit],
                "chain": [p.hex() for p in self.chain],
                "c": self.challenge.hex(),
                "s": [v.hex() for v in self.s],
                "s_hat": [v.hex() for v in self.s_hat],
                "s_prime": [v.hex() for v in self.s_prime]}

    @classmethod
    def from_record(cls, record: Any, size: int, field: str,
                    player: str | None = None) -> ShuffleProof:
        """Read a proof for a deck of ``size`` cards; anything malformed is one line."""
        if not isinstance(record, dict) or set(record) != set(KEYS):
            raise SecretsError(f"the proof must have exactly {', '.join(KEYS)}", field,
                               player)
        lengths = {"commit": size, "chain": size, "s": 4, "s_hat": size, "s_prime": size}
        lists = {key: _hexes(record, key, count, field, player)
                 for key, count in lengths.items()}
        points = {key: tuple(group.point(v, f"{field} {key} {n}", player)
                             for n, v in enumerate(lists[key]))
                  for key in ("commit", "chain")}
        scalars = {key: tuple(group.scalar(v, f"{field} {key} {n}", player)
                              for n, v in enumerate(lists[key]))
                   for key in ("s", "s_hat", "s_prime")}
        s = scalars["s"]
        return cls(points["commit"], points["chain"],
                   records.scalar(record, "c", field, player), (s[0], s[1], s[2], s[3]),
                   scalars["s_hat"], scalars["s_prime"])


def _hexes(record: dict[str, Any], key: str, count: int, field: str,
           player: str | None) -> list[bytes]:
    """``count`` 32-byte values in hex under ``key``; a bad one is named by its place."""
    values = records.items(record, key, field, player)
    if len(values) != count:
        raise SecretsError(f"{key!r} must have {count} entries", field, player)
    out = []
    for n, value in enumerate(values):
        where = f"{field} {key} {n}"
        if not isinstance(value, str):
            raise SecretsError("is not text", where, player)
        try:
            data = bytes.fromhex(value)
        except ValueError:
            raise SecretsError("is not hex", where, player) from None
        if len(data) != 32:
            raise SecretsError("must be 32 bytes", where, player)
        out.append(data)
    return out


def statement_digest(before: Sequence[Ciphertext], after: Sequence[Ciphertext],
                     joint: Point, context: Sequence[Part]) -> bytes:
    """The hash of everything the proof is about: context, key, input and output deck."""
    cards: list[Part] = []
    for ct in (*before, *after):
        cards += [ct.c1, ct.c2]
    return group.digest(LABEL + "/statement", *context, joint, len(before), len(after),
                        *cards)


def _weights(statement: bytes, commit: Sequence[Point]) -> list[Scalar]:
    """The challenges ``u_j``, one per input card, from the statement and commitments."""
    bound = group.digest(LABEL + "/commit", statement, *commit)
    return [group.hash_to_scalar(LABEL + "/u", bound, j) for j in range(len(commit))]


def _challenge(statement: bytes, commit: Sequence[Point], chain: Sequence[Point],
               t: Sequence[Point]) -> Scalar:
    return group.hash_to_scalar(LABEL + "/c", statement, *commit, *chain, *t)


def _combine(terms: Sequence[tuple[Scalar, Point]]) -> Point:
    """``Σ k·P`` over the terms (a base-point term uses the fast base multiplication)."""
    out: Point | None = None
    for k, p in terms:
        term = group.base_mul(k) if p == group.GENERATOR else group.mul(k, p)
        out = term if out is None else group.add(out, term)
    assert out is not None
    return out


def _pairs(scalars: Sequence[Scalar], points: Sequence[Point]
           ) -> list[tuple[Scalar, Point]]:
    return list(zip(scalars, points, strict=True))


def _dot(a: Sequence[Scalar], b: Sequence[Scalar]) -> Scalar:
    out = group.scalar_from_int(0)
    for x, y in zip(a, b, strict=True):
        out = group.scalar_add(out, group.scalar_mul(x, y))
    return out


def prove(before: Sequence[Ciphertext], after: Sequence[Ciphertext], joint: Point,
          order: Sequence[int], masks: Sequence[Scalar], seed: bytes,
          context: Sequence[Part]) -> ShuffleProof:
    """Prove that ``after[i]`` is ``before[order[i]]`` re-masked with ``masks[i]``."""
    size = len(before)
    statement = statement_digest(before, after, joint, context)
    if size == 0:
        return ShuffleProof((), (), _challenge(statement, (), (), ()),
                            (ONE, ONE, ONE, ONE), (), ())
    stream = RandomStream(seed, LABEL + "/nonces", statement)
    r = [stream.scalar() for _ in range(size)]
    r_hat = [stream.scalar() for _ in range(size)]
    w1, w2, w3, w4 = (stream.scalar() for _ in range(4))
    w_hat = [stream.scalar() for _ in range(size)]
    w_prime = [stream.scalar() for _ in range(size)]
    g = group.GENERATOR
    commit: list[Point] = [g] * size
    for i, source in enumerate(order):
        commit[source] = group.add(group.base_mul(r[source]), h(i))
    u = _weights(statement, commit)
    u_prime = [u[source] for source in order]
    chain, previous, t_hat = [], base_h(), []
    for i in range(size):
        t_hat.append(_combine([(w_hat[i], g), (w_prime[i], previous)]))
        previous = _combine([(r_hat[i], g), (u_prime[i], previous)])
        chain.append(previous)
    v = [ONE] * size
    for i in range(size - 2, -1, -1):
        v[i] = group.scalar_mul(u_prime[i + 1], v[i + 1])
    hs = [h(i) for i in range(size)]
    t = [group.base_mul(w1), group.base_mul(w2),
         _combine([(w3, g), *_pairs(w_prime, hs)]),
         _combine([(group.scalar_neg(w4), joint), *_pairs(w_prime, [ct.c2 for ct in after])]),
         _combine([(group.scalar_neg(w4), g), *_pairs(w_prime, [ct.c1 for ct in after])]),
         *t_hat]
    c = _challenge(statement, commit, chain, t)

    def answer(nonce: Scalar, secret: Scalar) -> Scalar:
        return group.scalar_add(nonce, group.scalar_mul(c, secret))

    r_bar = _dot(r, [ONE] * size)
    s = (answer(w1, r_bar), answer(w2, _dot(r_hat, v)), answer(w3, _dot(r, u)),
         answer(w4, _dot(list(masks), u_prime)))
    return ShuffleProof(tuple(commit), tuple(chain), c, s,
                        tuple(answer(w_hat[i], r_hat[i]) for i in range(size)),
                        tuple(answer(w_prime[i], u_prime[i]) for i in range(size)))


def check(proof: ShuffleProof, before: Sequence[Ciphertext], after: Sequence[Ciphertext],
          joint: Point, context: Sequence[Part]) -> bool:
    """True when ``proof`` shows ``after`` is a permutation and re-masking of ``before``
    under ``joint``, for this context. Every point must already be validated."""
    size = len(before)
    if len(after) != size or not (len(proof.commit) == len(proof.chain) == len(proof.s_hat)
                                  == len(proof.s_prime) == size):
        return False
    statement = statement_digest(before, after, joint, context)
    if size == 0:
        return proof.challenge == _challenge(statement, (), (), ())
    try:
        t = _recompute(proof, before, after, joint, statement)
    except CryptoError:  # an intermediate sum was the identity: no honest proof does that
        return False
    return _challenge(statement, proof.commit, proof.chain, t) == proof.challenge


def _recompute(proof: ShuffleProof, before: Sequence[Ciphertext],
               after: Sequence[Ciphertext], joint: Point, statement: bytes) -> list[Point]:
    """The prover's commitments ``t`` as the responses and the challenge re-create them."""
    size, g, c = len(before), group.GENERATOR, proof.challenge
    minus_c = group.scalar_neg(c)
    s1, s2, s3, s4 = proof.s
    u = _weights(statement, proof.commit)
    hs = [h(i) for i in range(size)]
    c_bar = group.sub(group.total(list(proof.commit)), group.total(hs))
    u_all = ONE
    for value in u:
        u_all = group.scalar_mul(u_all, value)
    c_hat = group.sub(proof.chain[-1], group.mul(u_all, base_h()))
    c_tilde = _combine(_pairs(u, proof.commit))
    a2 = _combine(_pairs(u, [ct.c2 for ct in before]))
    a1 = _combine(_pairs(u, [ct.c1 for ct in before]))
    minus_s4 = group.scalar_neg(s4)
    s_prime = proof.s_prime
    t = [_combine([(s1, g), (minus_c, c_bar)]),
         _combine([(s2, g), (minus_c, c_hat)]),
         _combine([(s3, g), *_pairs(s_prime, hs), (minus_c, c_tilde)]),
         _combine([(minus_s4, joint), *_pairs(s_prime, [ct.c2 for ct in after]),
                   (minus_c, a2)]),
         _combine([(minus_s4, g), *_pairs(s_prime, [ct.c1 for ct in after]),
                   (minus_c, a1)])]
    previous = base_h()
    for i in range(size):
        t.append(_combine([(proof.s_hat[i], g), (proof.s_prime[i], previous),
                           (minus_c, proof.chain[i])]))
        previous = proof.chain[i]
    return t
