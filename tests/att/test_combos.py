"""The combination matcher (seed §Dice Combinations; reference §8)."""

from __future__ import annotations

from engines.att.combos import combo_label, effective, satisfies, spends
from engines.att.content import Combo


def dice(*values: int) -> list[tuple[int, int]]:
    return list(enumerate(values))


def test_high_uses_one_die_at_or_above_the_minimum() -> None:
    high = Combo(kind="high", count=1, min=4)
    assert spends(high, dice(3, 4, 6)) == [(1,), (2,)]
    assert not satisfies(high, [4, 5])


def test_pair_uses_exactly_two_equal_dice() -> None:
    pair = Combo(kind="pair", count=2, min=3)
    assert spends(pair, dice(2, 2, 5, 5, 5)) == [(2, 3), (2, 4), (3, 4)]
    assert satisfies(pair, [3, 3])
    assert not satisfies(pair, [5, 5, 5])
    assert not satisfies(pair, [2, 2])


def test_block_of_three_or_more_of_the_minimum_or_higher() -> None:
    block = Combo(kind="block", count=3, min=4)
    assert satisfies(block, [4, 4, 4]) and satisfies(block, [6, 6, 6, 6])
    assert not satisfies(block, [3, 3, 3])
    options = spends(block, dice(5, 5, 5, 5, 1))
    assert len(options) == 5  # four ways to pick three 5s, one way to take all four
    assert (0, 1, 2, 3) in options


def test_run_may_be_longer_than_printed() -> None:
    run = Combo(kind="run", count=3, min=3)
    assert satisfies(run, [3, 4, 5]) and satisfies(run, [3, 4, 5, 6])
    assert satisfies(run, [6, 4, 5])
    assert not satisfies(run, [2, 3, 4]) and not satisfies(run, [3, 4, 6])
    assert not satisfies(run, [3, 4, 4, 5])
    assert spends(run, dice(3, 3, 4, 5, 6)) == [
        (0, 2, 3), (1, 2, 3), (0, 2, 3, 4), (1, 2, 3, 4), (2, 3, 4),
    ]  # fmt: skip


def test_highset_is_exact_unless_the_table_says_otherwise() -> None:
    highset = Combo(kind="highset", count=3, min=4)
    assert satisfies(highset, [4, 6, 6])
    assert not satisfies(highset, [4, 5, 6, 6])
    assert satisfies(highset, [4, 5, 6, 6], highset_exact=False)
    assert len(spends(highset, dice(4, 5, 6, 6))) == 4
    assert len(spends(highset, dice(4, 5, 6, 6), highset_exact=False)) == 5


def test_only_runs_ending_on_six_become_highsets() -> None:
    assert effective(Combo(kind="run", count=4, min=3), True).kind == "highset"
    assert effective(Combo(kind="run", count=3, min=3), True).kind == "run"
    assert effective(Combo(kind="run", count=4, min=3), False).kind == "run"


def test_labels() -> None:
    assert combo_label(Combo(kind="run", count=3, min=3)) == "Run of 3 from 3+"
    assert combo_label(Combo(kind="high", count=1, min=4)) == "High 4+"
    assert combo_label(Combo(kind="pair", count=2, min=3)) == "Pair 3+"
    assert combo_label(Combo(kind="block", count=4, min=2)) == "Block of 4, 2s or higher"
    assert combo_label(Combo(kind="highset", count=3, min=4)) == "3 dice 4+"
