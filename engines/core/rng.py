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
# ``below(n)`` keeps a draw under the largest multiple of ``n`` at most 2**64 (unbiased). For
# any ``n`` up to 2**32 that bound is at least ``_SURE``, so a draw under ``_SURE`` is kept
# without working the bound out (two operations on 64-bit integers, 5% of a draw).
_SURE = (1 << 64) - (1 << 32)


class Rng:
    """A SplitMix64 stream. ``state`` is the whole generator; store it, restore it.

    ``below`` and ``shuffle`` take their steps inline rather than through ``next_u64``: each
    step is a dozen operations on 64-bit integers, and the call around it cost 6% more
    (issue 33: every game draws a few times a move, the AI many more)."""

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
        s = self.state
        while True:  # ``next_u64``'s step
            s = (s + 0x9E3779B97F4A7C15) & _MASK
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            z ^= z >> 31
            if (z < _SURE and n <= 1 << 32) or z < (1 << 64) - ((1 << 64) % n):
                self.state = s
                return z % n

    def randint(self, lo: int, hi: int) -> int:
        """A uniform integer in [lo, hi], both ends included (a die is ``randint(1, 6)``)."""
        return lo + self.below(hi - lo + 1)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates in place, each swap drawn as ``below(i + 1)`` draws it."""
        s = self.state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            while True:
                s = (s + 0x9E3779B97F4A7C15) & _MASK
                z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                z ^= z >> 31
                if (z < _SURE and n <= 1 << 32) or z < (1 << 64) - ((1 << 64) % n):
                    break
            j = z % n
            items[i], items[j] = items[j], items[i]
        self.state = s

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
