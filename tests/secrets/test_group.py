"""The group layer: libsodium's main subgroup, with every outside point validated."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from nacl import bindings

from pbem.secrets import group
from pbem.secrets.errors import SecretsError
from tests.secrets.sim import PROFILE

P = 2**255 - 19
# an element of order 8 (the torsion part of edwards25519)
TORSION = bytes.fromhex("26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05")
scalars = st.integers(min_value=1, max_value=group.ORDER - 1)


def test_the_generator_and_hashed_points_are_in_the_group() -> None:
    assert group.is_point(group.GENERATOR)
    point = group.hash_to_point("test", "a", 1)
    assert group.is_point(point)
    assert group.hash_to_point("test", "a", 1) == point
    assert group.hash_to_point("test", "a", 2) != point
    assert group.mul(group.scalar_from_int(group.ORDER - 1), point) == group.sub(
        group.IDENTITY, point)


@pytest.mark.parametrize(("data", "problem"), [
    (b"", "must be 32 bytes"),
    (bytes(31), "must be 32 bytes"),
    (bytes(33), "must be 32 bytes"),
    (group.IDENTITY, "not an element"),  # the identity: small order
    (TORSION, "not an element"),  # small order
    ((P + 1).to_bytes(32, "little"), "not an element"),  # y = 1 written non-canonically
    ((2).to_bytes(32, "little"), "not an element"),  # y = 2 is on no point of the curve
])
def test_bad_points_from_outside_are_refused_naming_field_and_player(data: bytes,
                                                                    problem: str) -> None:
    with pytest.raises(SecretsError, match=problem) as caught:
        group.point(data, "share", "shu")
    assert caught.value.line().startswith("shu's share: ")
    assert caught.value.exit_code == 5


def test_a_point_outside_the_prime_order_subgroup_is_refused() -> None:
    mixed = bindings.crypto_core_ed25519_add(group.hash_to_point("t"), TORSION)
    assert bindings.crypto_core_ed25519_add(mixed, group.GENERATOR)  # on the curve
    with pytest.raises(SecretsError, match="not an element of the prime-order group"):
        group.point(mixed, "card", "wu")


def test_the_sign_bit_of_a_point_matters() -> None:
    flipped = group.GENERATOR[:31] + bytes([group.GENERATOR[31] ^ 0x80])
    assert flipped != group.GENERATOR
    assert group.point(flipped, "x") == group.sub(group.IDENTITY, group.GENERATOR)


def test_scalars_from_outside_must_be_reduced() -> None:
    assert group.scalar(group.scalar_from_int(5), "s") == group.scalar_from_int(5)
    with pytest.raises(SecretsError, match="not reduced"):
        group.scalar(group.ORDER.to_bytes(32, "little"), "proof s", "wei")
    with pytest.raises(SecretsError, match="32 bytes"):
        group.scalar(bytes(31), "proof s", "wei")


def test_framing_is_unambiguous() -> None:
    assert group.frame("l", "ab", "c") != group.frame("l", "a", "bc")
    assert group.frame("l", b"1") != group.frame("l", "1") != group.frame("l", 0x31)
    assert group.frame("l", "a") != group.frame("la")
    with pytest.raises(TypeError):
        group.frame("l", True)
    with pytest.raises(ValueError):
        group.frame("l", -1)


def test_zero_scalars_give_the_identity_never_an_error() -> None:
    zero = group.scalar_from_int(0)
    assert group.base_mul(zero) == group.IDENTITY
    assert group.mul(zero, group.GENERATOR) == group.IDENTITY
    with pytest.raises(ValueError):
        group.scalar_inv(zero)


@PROFILE
@given(a=scalars, b=scalars)
def test_scalar_and_point_arithmetic_agree_with_integers(a: int, b: int) -> None:
    sa, sb = group.scalar_from_int(a), group.scalar_from_int(b)
    assert group.scalar_to_int(group.scalar_add(sa, sb)) == (a + b) % group.ORDER
    assert group.scalar_to_int(group.scalar_sub(sa, sb)) == (a - b) % group.ORDER
    assert group.scalar_to_int(group.scalar_mul(sa, sb)) == (a * b) % group.ORDER
    assert group.scalar_to_int(group.scalar_neg(sa)) == (-a) % group.ORDER
    assert group.scalar_to_int(group.scalar_mul(sa, group.scalar_inv(sa))) == 1
    left = group.add(group.base_mul(sa), group.base_mul(sb))
    if (a + b) % group.ORDER:
        assert left == group.base_mul(group.scalar_add(sa, sb))
    point = group.hash_to_point("h", a)
    assert group.mul(sb, group.mul(sa, point)) == group.mul(group.scalar_mul(sa, sb), point)


@PROFILE
@given(parts=st.lists(st.one_of(st.binary(max_size=8), st.text(max_size=4),
                                st.integers(0, 2**64 - 1)), max_size=3))
def test_hashes_to_scalars_and_points_are_valid_and_label_bound(parts: list) -> None:
    s = group.hash_to_scalar("one", *parts)
    assert 0 < group.scalar_to_int(s) < group.ORDER
    assert s != group.hash_to_scalar("two", *parts)
    assert group.is_point(group.hash_to_point("one", *parts))
