"""The seeded generator (engines/core/rng.py): ``below`` and ``shuffle`` take SplitMix64's
steps inline and skip working out the rejection bound for small ``n``; they must draw
exactly what the plain definition draws from ``next_u64``, or every recorded game changes."""

from __future__ import annotations

import pytest

from engines.core.rng import Rng

SEEDS = [0, 1, 12345, (1 << 64) - 1, 0x9E3779B97F4A7C15, 2**63 + 11]
# Small bounds, the edge of the shortcut (2**32), and bounds that reject about half the draws.
BOUNDS = [1, 2, 6, 7, 52, 2**31, 2**32 - 1, 2**32, 2**32 + 1, 2**40 + 3, 2**63 + 1, 2**64]


def plain_below(rng: Rng, n: int) -> int:
    """``below`` as defined: reject draws at or over the largest multiple of ``n``."""
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        x = rng.next_u64()
        if x < limit:
            return x % n


@pytest.mark.parametrize("seed", SEEDS)
def test_below_draws_what_the_plain_definition_draws(seed: int) -> None:
    fast, plain = Rng(seed), Rng(seed)
    for n in BOUNDS:
        assert [fast.below(n) for _ in range(40)] == [plain_below(plain, n) for _ in range(40)]
        assert fast.state == plain.state


@pytest.mark.parametrize("seed", SEEDS)
def test_shuffle_swaps_as_below_draws(seed: int) -> None:
    fast, plain = Rng(seed), Rng(seed)
    for size in (0, 1, 2, 5, 60):
        items, expected = list(range(size)), list(range(size))
        fast.shuffle(items)
        for i in range(size - 1, 0, -1):
            j = plain_below(plain, i + 1)
            expected[i], expected[j] = expected[j], expected[i]
        assert items == expected and fast.state == plain.state


def test_below_refuses_an_empty_range() -> None:
    with pytest.raises(ValueError):
        Rng(1).below(0)
