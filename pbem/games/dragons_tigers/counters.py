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
``stacks[:i]``; as a set, each state is expanded once (that is the memoisation).

Complexity, with T counter types, S = prod(count_i + 1) count vectors (54 for 8 + 5 counters)
and n stacks:

* per mix, once (cached): the sums each count vector can show, O(S * S) at worst;
* per distinct stack strength (cached): its minimal count vectors, O(S * S * T);
* :func:`can_represent`: O(n * S * S * T);
* :func:`largest_representable` and :func:`max_total_addable`: one DP over the other stacks
  plus O(V * S * S * T) for the V candidate strengths scanned (V <= the mix's capacity).
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pbem.games.dragons_tigers.catalog import CounterType

__all__ = ["can_represent", "capacity", "largest_representable", "max_total_addable"]

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
    for value in range(current, -1, -1):
        if _fits(value, left, key):
            return value
    raise AssertionError("strength 0 always fits when the other stacks do")


def max_total_addable(stacks: Sequence[int], index: int, mix: Sequence[CounterType]) -> int:
    """The largest k >= 0 such that ``stacks[index] + k`` keeps every stack representable.

    This bounds a levy into that stack (4.4(F)). Representable strengths need not form an
    interval (with all 1|2 counters in use only multiples of 5 remain), so every strength up
    to the mix's capacity is tried. Raises ValueError if no k works at all.
    """
    key, current, left = _split(stacks, index, mix)
    best: int | None = None
    for value in range(current, capacity(mix) + 1):
        if _fits(value, left, key):
            best = value - current
    if best is None:
        raise ValueError(
            f"stack {index} cannot be represented at strength {current} or more "
            "alongside the other stacks"
        )
    return best


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
def _sums(mix: _Mix) -> dict[_Vector, frozenset[int]]:
    """For every count vector, the totals those counters can show (each on either side)."""
    table: dict[_Vector, frozenset[int]] = {}
    for vector in itertools.product(*(range(count + 1) for _, _, count in mix)):
        totals = {0}
        for (a, b, _), used in zip(mix, vector, strict=True):
            # `used` counters of this type, j of them on side b: used*a + j*(b - a).
            shown = {used * a + j * (b - a) for j in range(used + 1)}
            totals = {t + s for t in totals for s in shown}
        table[vector] = frozenset(totals)
    return table


@functools.lru_cache(maxsize=4096)
def _usages(value: int, mix: _Mix) -> tuple[_Vector, ...]:
    """Minimal count vectors able to show ``value`` (no other one uses fewer of every type)."""
    able = [vector for vector, totals in _sums(mix).items() if value in totals]
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


def _fits(value: int, left: frozenset[_Vector], mix: _Mix) -> bool:
    """Whether ``value`` can be shown with the counters of some leftover vector."""
    if value == 0:
        return True
    usages = _usages(value, mix)
    return any(
        all(u <= r for u, r in zip(usage, remaining, strict=True))
        for remaining in left
        for usage in usages
    )
