"""Dice arithmetic for the Ancient Terrible Things AI (reference §7 re-rolls, §8 spending).

The order of dice never matters to a combination, so a roll is a *multiset*: a sorted tuple
of values. This module builds, once per pool size, the tables the AI's expectimax needs:

- every multiset of ``n`` dice and the chance of rolling it;
- for every kept multiset ``K``, the multisets reachable by re-rolling the other dice, with
  their chances;
- for every multiset ``M``, the distinct sub-multisets it may keep.

Tables are plain tuples cached per size, so a pool of five dice costs a few thousand entries
and the expectimax in ``reroll`` is a handful of list look-ups per state.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations_with_replacement, product
from math import factorial

Hand = tuple[int, ...]
FACES = (1, 2, 3, 4, 5, 6)
# Larger pools are possible (11 physical dice) but their tables grow too fast to be worth it;
# the AI treats re-rollable dice beyond this many as fixed.
MAX_TABLE_DICE = 7


def merge(a: Hand, b: Hand) -> Hand:
    return tuple(sorted(a + b))


def remove(hand: Hand, gone: Hand) -> Hand:
    """``hand`` without one copy of each value in ``gone``."""
    rest = list(hand)
    for v in gone:
        rest.remove(v)
    return tuple(rest)


@cache
def hands(n: int) -> tuple[Hand, ...]:
    """Every multiset of ``n`` die values, in a fixed order."""
    return tuple(combinations_with_replacement(FACES, n))


@cache
def hand_index(n: int) -> dict[Hand, int]:
    return {h: i for i, h in enumerate(hands(n))}


@cache
def roll_odds(n: int) -> tuple[tuple[Hand, float], ...]:
    """Each multiset of ``n`` fair dice with the chance of rolling it."""
    total = 6**n
    out = []
    for h in hands(n):
        ways = factorial(n)
        for face in FACES:
            ways //= factorial(h.count(face))
        out.append((h, ways / total))
    return tuple(out)


@cache
def kept_sets(n: int) -> tuple[Hand, ...]:
    """Every multiset of at most ``n`` values: what a re-roll may keep from ``n`` dice."""
    return tuple(h for size in range(n + 1) for h in hands(size))


@cache
def kept_index(n: int) -> dict[Hand, int]:
    return {h: i for i, h in enumerate(kept_sets(n))}


@cache
def reroll_table(n: int) -> tuple[tuple[tuple[int, ...], tuple[float, ...]], ...]:
    """For each kept multiset (by ``kept_index``), the reachable ``n``-dice multisets (by
    ``hand_index``) and, alongside, their chances when the other dice are re-rolled."""
    index = hand_index(n)
    table = []
    for kept in kept_sets(n):
        odds = roll_odds(n - len(kept))
        reached = tuple(index[merge(kept, new)] for new, _ in odds)
        table.append((reached, tuple(p for _, p in odds)))
    return tuple(table)


@cache
def keep_choices(n: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """For each ``n``-dice multiset (by ``hand_index``), its distinct non-empty proper
    sub-multisets as (kept index, number of dice re-rolled)."""
    kidx = kept_index(n)
    out = []
    for h in hands(n):
        counts = [h.count(face) for face in FACES]
        subs = set()
        for take in product(*(range(c + 1) for c in counts)):
            kept = tuple(face for face, k in zip(FACES, take, strict=True) for _ in range(k))
            if 0 < len(kept) < n:
                subs.add(kept)
        ordered = sorted(subs, key=lambda k: (len(k), k))
        out.append(tuple((kidx[k], n - len(k)) for k in ordered))
    return tuple(out)
