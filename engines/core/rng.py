"""The seeded random generator every engine keeps inside its state (DESIGN.md "Determinism").

SplitMix64: tiny, fast, and its whole state is one integer, so it serializes with the game
state and a replay from the same seed draws exactly the same numbers. Nothing here reads the
clock or the ``random`` module.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1


class Rng:
    """A SplitMix64 stream. ``state`` is the whole generator; store it, restore it."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    def next_u64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n). Rejection sampling keeps it unbiased."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def randint(self, lo: int, hi: int) -> int:
        """A uniform integer in [lo, hi], both ends included (a die is ``randint(1, 6)``)."""
        return lo + self.below(hi - lo + 1)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        out = list(items)
        self.shuffle(out)
        return out

    def fork(self) -> Rng:
        """An independent stream derived from this one (advances this one by one draw)."""
        return Rng(self.next_u64())


def seed_from(*parts: int | str) -> int:
    """Mix several values (a game seed, a seat, a counter) into one 64-bit seed."""
    acc = 0x243F6A8885A308D3
    for part in parts:
        value = part if isinstance(part, int) else int.from_bytes(part.encode(), "little")
        acc = Rng(acc ^ (value & _MASK)).next_u64()
    return acc
