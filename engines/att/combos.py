"""Dice combinations: matching and enumeration (seed §Dice Combinations; reference §8).

A combination names the *minimum* dice that meet it: a block printed 4-4-4 is met by three
or more 4s, 5s or 6s, and a run printed 4-5-6 ends on 6 so it reads as "three dice showing 4
or higher" (``highset``). Die values are never added or split, and each die serves at most
one combination.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, product
from operator import itemgetter

from engines.att.content import Combo

# (die index, value) of the dice still available to spend.
Dice = Sequence[tuple[int, int]]
_VALUE = itemgetter(1)


def effective(combo: Combo, run_to_six_is_highset: bool) -> Combo:
    """The combination the engine checks: a run whose minimum sequence ends on 6 is a
    highset of the same length and minimum (reference §8, ruling run_to_six_is_highset)."""
    if run_to_six_is_highset and combo.kind == "run" and combo.min + combo.count - 1 == 6:
        return Combo(kind="highset", count=combo.count, min=combo.min)
    return combo


def satisfies(combo: Combo, values: Sequence[int], highset_exact: bool = True) -> bool:
    """Whether exactly these die values meet ``combo``."""
    n = len(values)
    if n == 0 or min(values) < combo.min:
        return False
    if combo.kind == "high":
        return n == 1
    if combo.kind == "pair":
        return n == 2 and values[0] == values[1]
    if combo.kind == "block":
        return n >= combo.count and len(set(values)) == 1
    if combo.kind == "run":
        ordered = sorted(values)
        return n >= combo.count and ordered == list(range(ordered[0], ordered[0] + n))
    return n == combo.count or (not highset_exact and n > combo.count)


def spends(combo: Combo, dice: Dice, highset_exact: bool = True) -> list[tuple[int, ...]]:
    """Every set of die indices that meets ``combo``, each as a sorted tuple, in a stable
    order (ruling spend_enumeration="all_subsets")."""
    return grouped_spends(combo, dice, by_value(dice), highset_exact)


def by_value(dice: Dice) -> dict[int, list[int]]:
    """The dice's indices grouped by value, in ascending value order, each group in index
    order: worked out once per pool and shared by every combination checked against it."""
    groups: dict[int, list[int]] = {}
    for i, v in sorted(dice, key=_VALUE):
        if v in groups:
            groups[v].append(i)
        else:
            groups[v] = [i]
    return groups


def grouped_spends(
    combo: Combo, dice: Dice, groups: dict[int, list[int]], highset_exact: bool = True
) -> list[tuple[int, ...]]:
    """``spends`` given the dice's ``by_value`` groups."""
    kind, count, low = combo.kind, combo.count, combo.min
    if kind == "high":
        return [(i,) for i, v in dice if v >= low]
    out: list[tuple[int, ...]] = []
    if kind == "highset":
        indices = [i for i, v in dice if v >= low]
        top = count if highset_exact else len(indices)
        for size in range(count, top + 1):
            out.extend(combinations(indices, size))
        return out
    if kind == "pair":
        for v, group in groups.items():
            if v >= low:
                out.extend(combinations(group, 2))
    elif kind == "block":
        for v, group in groups.items():
            if v >= low:
                for size in range(count, len(group) + 1):
                    out.extend(combinations(group, size))
    else:  # run: every stretch of consecutive values at least ``count`` long
        for start in range(low, 8 - count):
            if start not in groups:
                continue
            end = start + 1
            while end in groups:
                end += 1
            for stop in range(start + count, end + 1):
                runs = [groups[v] for v in range(start, stop)]
                if len(runs) == sum(map(len, runs)):  # one die of each value
                    out.append(tuple(sorted([g[0] for g in runs])))
                else:
                    out.extend(tuple(sorted(pick)) for pick in product(*runs))
    return out


def combo_label(combo: Combo) -> str:
    """A short name for menus and pictures, e.g. "Run of 3 from 3+"."""
    if combo.kind == "high":
        return f"High {combo.min}+"
    if combo.kind == "pair":
        return f"Pair {combo.min}+"
    if combo.kind == "block":
        return f"Block of {combo.count}" + (f", {combo.min}s or higher" if combo.min > 1 else "")
    if combo.kind == "run":
        return f"Run of {combo.count}" + (f" from {combo.min}+" if combo.min > 1 else "")
    return f"{combo.count} dice {combo.min}+"


def kind_name(combo: Combo) -> str:
    """The combination family as a player says it ("Pair", "Run")."""
    return _KIND_NAMES[combo.kind]


_KIND_NAMES = {"high": "High", "pair": "Pair", "block": "Block", "run": "Run", "highset": "Set"}
