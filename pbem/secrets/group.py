"""The prime-order group under every protocol: edwards25519's main subgroup, via libsodium.

All arithmetic is libsodium's (through PyNaCl's ``crypto_core_ed25519_*`` and
``crypto_scalarmult_ed25519_*_noclamp``); nothing here does curve arithmetic by hand.
A :data:`Point` is a 32-byte canonical encoding of an element of the subgroup of prime
order :data:`ORDER` (never the identity, never of small order); a :data:`Scalar` is a
32-byte little-endian integer below :data:`ORDER`. Bytes that come from outside become a
point only through :func:`point`, which refuses anything outside that subgroup.
docs/secrets-crypto.md says why this gives the guarantees Ristretto255 would.
"""

from __future__ import annotations

import hashlib
import struct
from typing import NewType

from nacl import bindings as _na
from nacl.exceptions import CryptoError

from pbem.secrets.errors import SecretsError

Point = NewType("Point", bytes)
Scalar = NewType("Scalar", bytes)
Part = bytes | str | int

ORDER = 2**252 + 27742317777372353535851937790883648493
POINT_BYTES = 32
SCALAR_BYTES = 32
_DOMAIN = b"pbem-secrets/1"
IDENTITY = Point((1).to_bytes(POINT_BYTES, "little"))  # a result only, never a valid input


def frame(label: str, *parts: Part) -> bytes:
    """An unambiguous byte string of a label and parts (each typed and length-prefixed)."""
    out = [_DOMAIN, _item(label)]
    out.extend(_item(part) for part in parts)
    return b"".join(out)


def _item(part: Part) -> bytes:
    if isinstance(part, bool):
        raise TypeError("a hashed part is bytes, text or an integer, not a bool")
    if isinstance(part, bytes):
        return b"b" + struct.pack(">I", len(part)) + part
    if isinstance(part, str):
        data = part.encode("utf-8")
        return b"s" + struct.pack(">I", len(data)) + data
    if isinstance(part, int):
        if not 0 <= part < 2**64:
            raise ValueError("a hashed integer must fit in 64 bits, unsigned")
        return b"i" + struct.pack(">Q", part)
    raise TypeError(f"cannot hash a {type(part).__name__}")


def digest(label: str, *parts: Part) -> bytes:
    """SHA-256 of the framed label and parts (commitments, fingerprints)."""
    return hashlib.sha256(frame(label, *parts)).digest()


# ------------------------------------------------------------------ scalars

def scalar_from_int(value: int) -> Scalar:
    """The scalar ``value mod ORDER``."""
    return Scalar((value % ORDER).to_bytes(SCALAR_BYTES, "little"))


def scalar_to_int(value: Scalar) -> int:
    return int.from_bytes(value, "little")


def reduce(wide: bytes) -> Scalar:
    """A 64-byte string reduced modulo :data:`ORDER` (near-uniform when the input is)."""
    return Scalar(_na.crypto_core_ed25519_scalar_reduce(wide))


def hash_to_scalar(label: str, *parts: Part) -> Scalar:
    """A non-zero scalar from a hash of the label and parts (a random oracle to the field)."""
    counter = 0
    while True:
        wide = hashlib.sha512(frame(label, *parts, counter)).digest()
        value = reduce(wide)
        if any(value):
            return value
        counter += 1  # pragma: no cover - probability 2**-252


def scalar_add(a: Scalar, b: Scalar) -> Scalar:
    return Scalar(_na.crypto_core_ed25519_scalar_add(a, b))


def scalar_sub(a: Scalar, b: Scalar) -> Scalar:
    return Scalar(_na.crypto_core_ed25519_scalar_sub(a, b))


def scalar_mul(a: Scalar, b: Scalar) -> Scalar:
    return Scalar(_na.crypto_core_ed25519_scalar_mul(a, b))


def scalar_neg(a: Scalar) -> Scalar:
    return Scalar(_na.crypto_core_ed25519_scalar_negate(a))


def scalar_inv(a: Scalar) -> Scalar:
    """The inverse of a non-zero scalar modulo :data:`ORDER`."""
    if not any(a):
        raise ValueError("zero has no inverse")
    return Scalar(_na.crypto_core_ed25519_scalar_invert(a))


def scalar(data: bytes, field: str, player: str | None = None) -> Scalar:
    """Bytes from outside as a scalar: exactly 32 bytes, canonical (below the order)."""
    if not isinstance(data, bytes) or len(data) != SCALAR_BYTES:
        raise SecretsError(f"a scalar must be {SCALAR_BYTES} bytes", field, player)
    if int.from_bytes(data, "little") >= ORDER:
        raise SecretsError("the scalar is not reduced below the group order", field, player)
    return Scalar(data)


# ------------------------------------------------------------------ points

def base_mul(k: Scalar) -> Point:
    """``k·G`` for the standard base point ``G`` (:data:`IDENTITY` when ``k`` is zero)."""
    if not any(k):
        return IDENTITY
    return Point(_na.crypto_scalarmult_ed25519_base_noclamp(k))


def mul(k: Scalar, p: Point) -> Point:
    """``k·P`` for a validated point ``P`` (:data:`IDENTITY` when ``k`` is zero)."""
    if not any(k):
        return IDENTITY
    return Point(_na.crypto_scalarmult_ed25519_noclamp(k, p))


def add(p: Point, q: Point) -> Point:
    """``P + Q`` (callers keep to sums that cannot be the identity, or check with
    :func:`is_point`)."""
    return Point(_na.crypto_core_ed25519_add(p, q))


def sub(p: Point, q: Point) -> Point:
    """``P - Q``."""
    return Point(_na.crypto_core_ed25519_sub(p, q))


def total(points: list[Point]) -> Point:
    """The sum of one or more points."""
    if not points:
        raise ValueError("a sum needs at least one point")
    result = points[0]
    for p in points[1:]:
        result = add(result, p)
    return result


def is_point(data: bytes) -> bool:
    """True for the canonical encoding of a main-subgroup element other than the identity."""
    if not isinstance(data, bytes) or len(data) != POINT_BYTES:
        return False
    try:
        return bool(_na.crypto_core_ed25519_is_valid_point(data))
    except CryptoError:  # pragma: no cover - length checked above
        return False


def point(data: bytes, field: str, player: str | None = None) -> Point:
    """Bytes from outside as a point, or a :class:`SecretsError` naming field and player.

    libsodium refuses non-canonical encodings, points off the curve, points of small
    order (the identity among them) and points outside the prime-order subgroup.
    """
    if not isinstance(data, bytes) or len(data) != POINT_BYTES:
        raise SecretsError(f"a group element must be {POINT_BYTES} bytes", field, player)
    if not is_point(data):
        raise SecretsError("not an element of the prime-order group", field, player)
    return Point(data)


def hash_to_point(label: str, *parts: Part) -> Point:
    """A point nobody knows the discrete log of, from a hash of the label and parts.

    Two halves of a SHA-512 digest each go through libsodium's Elligator 2 map (which
    also clears the cofactor) and are added: the random-oracle shape of RFC 9380.
    """
    counter = 0
    while True:
        wide = hashlib.sha512(frame(label, *parts, counter)).digest()
        first = _na.crypto_core_ed25519_from_uniform(wide[:32])
        second = _na.crypto_core_ed25519_from_uniform(wide[32:])
        result = _na.crypto_core_ed25519_add(first, second)
        if is_point(result):
            return Point(result)
        counter += 1  # pragma: no cover - identity, probability about 2**-252


GENERATOR = base_mul(scalar_from_int(1))
