"""Army counter arithmetic (2.2(B), 4.4(F), 5.4(C)): with a tight mix, where the limits
bite, and with the project's generous default."""

from __future__ import annotations

import functools
import random

import pytest

from pbem.games.dragons_tigers.catalog import CounterType, load_catalog
from pbem.games.dragons_tigers.counters import (
    can_represent,
    capacity,
    largest_representable,
    max_addable,
    max_total_addable,
)
from tests.games.dragons_tigers.conftest import TIGHT_MIX

# A tight mix: 8 counters showing 1|2 and 5 counters showing 5|10.
MIX = TIGHT_MIX
DEFAULT = load_catalog().counter_mix("cao-cao")


def test_default_mix_is_forty_small_and_forty_large() -> None:
    expected = (
        CounterType(id="small", sides=(1, 2), count=40),
        CounterType(id="large", sides=(5, 10), count=40),
    )
    assert load_catalog().counter_mix("sun-wu") == expected == DEFAULT
    assert capacity(MIX) == 66 and capacity(DEFAULT) == 480


def test_default_mix_shows_any_twenty_stacks_of_three_hundred_armies() -> None:
    """The default never decides a game the rulebook would not: any kingdom spread over at
    most 20 areas with at most 300 armies can be shown, whatever the split (the worst
    cases included: twenty stacks of 3 or 4, which take two 1|2 counters each)."""
    assert can_represent([3] * 20, DEFAULT) and can_represent([4] * 19 + [224], DEFAULT)
    assert can_represent([19] * 15 + [15], DEFAULT)
    rng = random.Random(20261123)
    for _ in range(300):
        count = rng.randint(1, 20)
        total = rng.randint(count, 300)
        cuts = sorted(rng.sample(range(1, total), count - 1)) if count > 1 else []
        stacks = [b - a for a, b in zip([0, *cuts], [*cuts, total], strict=True)]
        assert can_represent(stacks, DEFAULT), stacks
    assert not can_represent([481], DEFAULT) and not can_represent([3] * 21, DEFAULT)


def test_max_addable_within_a_limit() -> None:
    """How many armies a levy may add to one stack, up to the manpower it has (4.4(F))."""
    assert max_addable([64], 0, MIX, 5) == 2
    assert max_addable([0], 0, MIX, 5) == 5
    assert max_addable([1] * 8 + [0], 8, MIX, 4) == 0
    assert max_addable([1] * 8 + [0], 8, MIX, 7) == 5
    assert max_addable([67, 0], 1, MIX, 3) == 0
    assert max_addable([0], 0, DEFAULT, 500) == 480


@pytest.mark.parametrize(
    ("stacks", "expected"),
    [
        ([], True),
        ([0], True),
        ([0, 0, 0], True),
        ([66], True),
        ([67], False),
        ([65], True),
        ([1], True),
        # Every strength from 0 to 66 fits in one stack.
        *[([n], True) for n in range(67)],
        # A stack of 3 cannot use 5|10 counters, so it takes two 1|2 counters (1 + 2).
        ([3] * 4, True),
        ([3] * 5, False),
        ([3] * 8, False),
        ([2] * 8, True),
        ([2] * 9, False),
        ([2] * 8 + [5] * 5, True),
        ([2] * 8 + [5] * 6, False),
        # With the eight 1|2 counters used, only multiples of 5 up to 50 remain.
        ([1] * 8 + [50], True),
        ([1] * 8 + [51], False),
        ([1] * 8 + [3], False),
        # 15 needs two 5|10 counters, 35 needs four: six are too many.
        ([1] * 8 + [15, 35], False),
        ([1] * 8 + [15, 30], True),
        ([10, 56], True),
        ([10, 57], False),
    ],
)
def test_can_represent(stacks: list[int], expected: bool) -> None:
    assert can_represent(stacks, MIX) is expected


def test_largest_representable() -> None:
    assert largest_representable([66], 0, MIX) == 66
    assert largest_representable([70], 0, MIX) == 66
    assert largest_representable([1] * 8 + [7], 8, MIX) == 5
    assert largest_representable([1] * 8 + [3], 8, MIX) == 0
    assert largest_representable([10, 57], 1, MIX) == 56
    # Four 3s take all eight 1|2 counters; a fifth 3 can only drop to 0.
    assert largest_representable([3, 3, 3, 3, 3], 4, MIX) == 0
    assert largest_representable([3, 3, 3, 4], 3, MIX) == 4
    # One 1|2 counter left: 4 drops to 2, and 9 drops to 7 (5 + 2).
    assert largest_representable([1] * 7 + [4], 7, MIX) == 2
    assert largest_representable([1] * 7 + [9], 7, MIX) == 7
    assert largest_representable([0, 4], 1, MIX) == 4


def test_max_total_addable() -> None:
    assert max_total_addable([0], 0, MIX) == 66
    assert max_total_addable([66], 0, MIX) == 0
    assert max_total_addable([10, 10], 0, MIX) == 46
    # Not monotone: with the small counters all in use, +3 is impossible but +50 works.
    assert max_total_addable([1] * 8 + [0], 8, MIX) == 50
    assert not can_represent([1] * 8 + [3], MIX)
    assert max_total_addable([3] * 4 + [0], 4, MIX) == 50


def test_max_total_addable_from_an_unrepresentable_strength() -> None:
    # 3 cannot be shown next to eight 1s, but adding 2 (to 5) can.
    assert max_total_addable([1] * 8 + [3], 8, MIX) == 47


def test_errors() -> None:
    with pytest.raises(ValueError, match="non-negative"):
        can_represent([-1], MIX)
    with pytest.raises(IndexError):
        largest_representable([1, 2], 2, MIX)
    with pytest.raises(ValueError, match="other stacks"):
        largest_representable([67, 0], 1, MIX)
    with pytest.raises(ValueError, match="other stacks"):
        max_total_addable([67, 0], 1, MIX)
    only_large = (CounterType(id="large", sides=(5, 10), count=1),)
    with pytest.raises(ValueError, match="cannot be represented at strength 11"):
        max_total_addable([11], 0, only_large)


def test_custom_mix() -> None:
    twos_and_threes = (CounterType(id="odd", sides=(3, 2), count=2),)
    shown = [n for n in range(8) if can_represent([n], twos_and_threes)]
    assert shown == [0, 2, 3, 4, 5, 6]
    assert largest_representable([1], 0, twos_and_threes) == 0
    assert max_total_addable([0], 0, twos_and_threes) == 6
    assert can_represent([2, 3], twos_and_threes)
    assert not can_represent([2, 2, 2], twos_and_threes)


def _reference(stacks: list[int]) -> bool:
    """Plain search for the default mix: per stack, how many 10s, 5s, 2s and 1s."""

    @functools.cache
    def go(i: int, small: int, large: int) -> bool:
        if i == len(stacks):
            return True
        for tens in range(large + 1):
            for fives in range(large - tens + 1):
                rest = stacks[i] - 10 * tens - 5 * fives
                for twos in range(small + 1):
                    ones = rest - 2 * twos
                    if (
                        ones >= 0
                        and twos + ones <= small
                        and go(i + 1, small - twos - ones, large - tens - fives)
                    ):
                        return True
        return False

    return go(0, 8, 5)


def test_against_reference_search() -> None:
    rng = random.Random(20261122)
    for _ in range(400):
        stacks = [rng.randint(0, 30) for _ in range(rng.randint(1, 5))]
        assert can_represent(stacks, MIX) is _reference(stacks), stacks
        index = rng.randrange(len(stacks))
        if not _reference(stacks[:index] + stacks[index + 1 :]):
            continue
        before, after = stacks[:index], stacks[index + 1 :]
        down = max(v for v in range(stacks[index] + 1) if _reference([*before, v, *after]))
        assert largest_representable(stacks, index, MIX) == down, stacks
        ups = [k for k in range(67) if _reference([*before, stacks[index] + k, *after])]
        if ups:
            assert max_total_addable(stacks, index, MIX) == max(ups), stacks
