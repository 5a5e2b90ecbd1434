"""Property: the rightful writer mutates a valid save any way at all and signs it again;
pbem refuses it with one of its own errors — never a traceback, never a changed save."""

from __future__ import annotations

import collections
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.security.mutations import Target, forge, judge, targets


@pytest.fixture(scope="module")
def attacked() -> list[Target]:
    return targets()


@pytest.mark.slow
def test_mutated_saves_resigned_by_their_writer_never_pass(attacked: list[Target]) -> None:
    """2,000 mutations with a fixed seed: structure, types, values, keys, spelling,
    line endings — 0 tracebacks, 0 changed saves accepted."""
    verdicts: collections.Counter[str] = collections.Counter()

    @settings(max_examples=2000, derandomize=True, database=None, deadline=None)
    @given(st.randoms(use_true_random=False), st.integers(0, len(attacked) - 1))
    def attack(rng: random.Random, index: int) -> None:
        target = attacked[index]
        verdicts[judge(target, forge(target, rng))] += 1

    attack()
    assert verdicts["refused"] > 1500, verdicts
