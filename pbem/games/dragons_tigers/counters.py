"""Army counter arithmetic: can a kingdom's stacks be shown with the counters it has?

Army counters are printed on both sides and can be split or merged like money (2.2(B)), but a
kingdom only has so many (4.4(F), 5.4(C)). Each counter shows one of its two values, and a
counter can be in one stack only. A stack of strength 0 needs no counter.

The mix is a sequence of :class:`~pbem.games.dragons_tigers.catalog.CounterType` (``sides``
and ``count``), e.g. ``catalog.counter_mix("cao-cao")``.

Method: a dynamic programme over (stack index, remaining counts). A *count vector* says how
many counters of each type are used (or left). For a stack strength ``v`` we list the minimal
count vectors able to show ``v`` (using more counters than a minimal vector never helps).
Layer ``i`` of the programme is the set of remaining-count vectors reachable after showing
``stacks[:i]``; as a set, each state is expanded once (that is the memoisation). The
strengths a leftover vector can still show (with some of its counters) are kept as one
bitmask per vector, so asking which strengths one more stack may take costs one pass over
the leftovers, not one per strength.

Complexity, with T counter types, S = prod(count_i + 1) count vectors and n stacks:

* per mix, once (cached): the strengths each count vector can show, O(S * T) bitmask work;
* per distinct stack strength (cached): its minimal count vectors, O(S * A * T) for the A
  vectors able to show it;
* :func:`can_represent`: O(n * S * U * T) for U minimal vectors per strength;
* :func:`largest_representable`, :func:`max_total_addable` and :func:`max_addable`: one DP
  over the other stacks plus one bitmask OR per leftover vector.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pbem.games.dragons_tigers.catalog import CounterType

__all__ = ["can_represent", "capacity", "largest_representable", "max_addable",
           "max_total_addable"]

# One counter type as plain numbers: (side one, side two, number of counters).
_Mix = tuple[tuple[int, int, int], ...]
_Vector = tuple[int, ...]


def capacity(mix: Sequence[CounterType]) -> int:
    """The most armies the mix can show at once (every counter on its larger side)."""
    return sum(max(t.sides) * t.count for t in mix)


def can_represent(stacks: Sequence[int], mix: Sequence[CounterType]) -> bool:
    """Whether all ``stacks`` (strengths of one kingdom's stacks) can be shown at once."""
    _check_stacks(stacks)
    key = _key(mix)
    return bool(_leftovers(tuple(stacks), key))


def largest_representable(stacks: Sequence[int], index: int, mix: Sequence[CounterType]) -> int:
    """The greatest strength <= ``stacks[index]`` that keeps every stack representable.

    This is how far a stack must go down when change cannot be made (5.4(C)). Raises
    ValueError if the other stacks cannot be represented even with this stack at 0.
    """
    key, current, left = _split(stacks, index, mix)
    shown = _shown(left, key)
    for value in range(current, -1, -1):
        if shown >> value & 1:
            return value
    raise AssertionError("strength 0 always fits when the other stacks do")


def max_total_addable(stacks: Sequence[int], index: int, mix: Sequence[CounterType]) -> int:
    """The largest k >= 0 such that ``stacks[index] + k`` keeps every stack representable.

    This bounds a levy into that stack (4.4(F)). Representable strengths need not form an
    interval (with all 1|2 counters in use only multiples of 5 remain), so every strength up
    to the mix's capacity counts. Raises ValueError if no k works at all.
    """
    key, current, left = _split(stacks, index, mix)
    shown = _shown(left, key) >> current
    if not shown:
        raise ValueError(
            f"stack {index} cannot be represented at strength {current} or more "
            "alongside the other stacks"
        )
    return shown.bit_length() - 1


def max_addable(stacks: Sequence[int], index: int, mix: Sequence[CounterType],
                limit: int) -> int:
    """The largest k, 0 <= k <= ``limit``, such that ``stacks[index] + k`` keeps every
    stack representable (0 when none but 0 does, or the others cannot be shown)."""
    _check_stacks(stacks)
    key = _key(mix)
    others = tuple(stacks[:index]) + tuple(stacks[index + 1 :])
    left = _leftovers(others, key)
    if not left:
        return 0
    shown = _shown(left, key) >> stacks[index]
    for extra in range(max(0, limit), 0, -1):
        if shown >> extra & 1:
            return extra
    return 0


# --------------------------------------------------------------------------------------------


def _check_stacks(stacks: Sequence[int]) -> None:
    for i, value in enumerate(stacks):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValueError(f"stack {i}: strength must be a non-negative integer, not {value!r}")


def _key(mix: Sequence[CounterType]) -> _Mix:
    key = tuple((t.sides[0], t.sides[1], t.count) for t in mix)
    for a, b, count in key:
        if a < 1 or b < 1 or count < 0:
            raise ValueError(f"bad counter type: sides ({a}, {b}), count {count}")
    return key


def _split(
    stacks: Sequence[int], index: int, mix: Sequence[CounterType]
) -> tuple[_Mix, int, frozenset[_Vector]]:
    """Validate, then return the mix key, the stack's strength and the others' leftovers."""
    _check_stacks(stacks)
    if not 0 <= index < len(stacks):
        raise IndexError(f"stack index {index} out of range for {len(stacks)} stacks")
    key = _key(mix)
    others = tuple(stacks[:index]) + tuple(stacks[index + 1 :])
    left = _leftovers(others, key)
    if not left:
        raise ValueError("the other stacks cannot be represented with this mix")
    return key, stacks[index], left


@functools.lru_cache(maxsize=64)
def _sums(mix: _Mix) -> dict[_Vector, int]:
    """For every count vector, the totals those counters can show, each on either side, as
    a bitmask (bit v set: total v)."""
    per_type = []
    for a, b, count in mix:
        # `used` counters of this type, j of them on side b: used*a + j*(b - a).
        per_type.append([sum(1 << (used * a + j * (b - a)) for j in range(used + 1))
                         for used in range(count + 1)])
    table: dict[_Vector, int] = {}
    for vector in itertools.product(*(range(count + 1) for _, _, count in mix)):
        totals = 1
        for masks, used in zip(per_type, vector, strict=True):
            totals = _add(totals, masks[used])
        table[vector] = totals
    return table


def _add(left: int, right: int) -> int:
    """The sums of a total from ``left`` and one from ``right`` (bitmasks)."""
    out = 0
    while right:
        low = right & -right
        out |= left << (low.bit_length() - 1)
        right ^= low
    return out


@functools.lru_cache(maxsize=64)
def _within(mix: _Mix) -> dict[_Vector, int]:
    """For every count vector, the totals some of its counters can show (bitmask)."""
    sums = _sums(mix)
    table: dict[_Vector, int] = {}
    for vector in sums:  # in product order: every smaller vector comes first
        mask = sums[vector]
        for i, used in enumerate(vector):
            if used:
                mask |= table[(*vector[:i], used - 1, *vector[i + 1 :])]
        table[vector] = mask
    return table


@functools.lru_cache(maxsize=4096)
def _usages(value: int, mix: _Mix) -> tuple[_Vector, ...]:
    """Minimal count vectors able to show ``value`` (no other one uses fewer of every type)."""
    able = [vector for vector, totals in _sums(mix).items() if totals >> value & 1]
    return tuple(
        v
        for v in able
        if not any(w != v and all(wi <= vi for wi, vi in zip(w, v, strict=True)) for w in able)
    )


@functools.lru_cache(maxsize=4096)
def _leftovers(stacks: tuple[int, ...], mix: _Mix) -> frozenset[_Vector]:
    """Remaining-count vectors reachable after showing every stack; empty if impossible."""
    layer: set[_Vector] = {tuple(count for _, _, count in mix)}
    for value in stacks:
        if value == 0:
            continue
        usages = _usages(value, mix)
        layer = {
            tuple(r - u for r, u in zip(remaining, usage, strict=True))
            for remaining in layer
            for usage in usages
            if all(u <= r for u, r in zip(usage, remaining, strict=True))
        }
        if not layer:
            break
    return frozenset(layer)


def _shown(left: frozenset[_Vector], mix: _Mix) -> int:
    """The strengths one more stack may take with the counters of some leftover vector."""
    within = _within(mix)
    shown = 0
    for remaining in left:
        shown |= within[remaining]
    return shown
