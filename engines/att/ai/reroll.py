"""Push-your-luck arithmetic: the expectimax over re-rolls (reference §5.4 rolling step, §7).

A ``Plan`` fixes everything the rest of one Encounter phase depends on: how rolls are scored,
the dice that can never be re-rolled (Panic), the late die-changing tools, and the re-rolls
still to come in the order the AI would use them (``Stage``): the re-roll track first, then
extra re-rolls from cards or Swag, then card re-rolls of one or two dice. Each stage may be
used or passed; using a track stage lets the player keep dice back for Focus (a Focused
re-roll) or throw them all for free (an Unfocused re-roll).

``Reroller`` computes, exactly and lazily, the value of every multiset of re-rollable dice at
every stage and Focus level. Luck and Feat dice count as Basic dice here (the caller charges
the true Focus price of the move it is choosing).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from operator import mul
from typing import Literal

from engines.att.ai.dice import (
    Hand,
    hand_index,
    hands,
    keep_choices,
    kept_index,
    merge,
    reroll_table,
)
from engines.att.ai.spend import Scoring, Tool, finisher


@dataclass(frozen=True)
class Stage:
    """One re-roll still available. ``track``: a re-roll from the track (or an extra one),
    Focused or Unfocused; ``card``: up to ``most`` dice re-rolled for free."""

    kind: Literal["track", "card"]
    cost: float = 0.0
    most: int = 0


@dataclass(frozen=True)
class Plan:
    scoring: Scoring
    size: int  # re-rollable dice
    fixed: Hand = ()
    tools: tuple[Tool, ...] = ()
    stages: tuple[Stage, ...] = ()
    focus_value: float = 0.3


class Reroller:
    """Lazily filled value tables for one Plan; build it with ``reroller``."""

    def __init__(self, plan: Plan) -> None:
        self.plan = plan
        n = plan.size
        self.index = hand_index(n)
        self.kept = kept_index(n)
        self.table = reroll_table(n)
        self.choices = keep_choices(n)
        fin = finisher(plan.scoring)
        self.finish = [fin.tooled(merge(h, plan.fixed), plan.tools) for h in hands(n)]
        self._values: dict[tuple[int, int], list[float]] = {}
        self._expect: dict[tuple[int, int], list[float | None]] = {}
        # Focus beyond what the remaining track stages could ever spend changes nothing.
        self._track_after = [
            sum(s.kind == "track" for s in plan.stages[j:]) for j in range(len(plan.stages) + 1)
        ]

    def _cap(self, stage: int, focus: int) -> int:
        return max(0, min(focus, self.plan.size * self._track_after[stage]))

    def values(self, stage: int, focus: int) -> list[float]:
        """Value of each multiset (by ``hand_index``) at ``stage`` with ``focus`` Focus."""
        focus = self._cap(stage, focus)
        key = (stage, focus)
        out = self._values.get(key)
        if out is None:
            out = self.finish if stage >= len(self.plan.stages) else self._stage(stage, focus)
            self._values[key] = out
        return out

    def _row(self, stage: int, focus: int) -> tuple[list[float | None], list[float]]:
        """The expectation cache and the value table at ``stage`` for ``focus``."""
        focus = self._cap(stage, focus)
        row = self._expect.get((stage, focus))
        if row is None:
            row = self._expect[(stage, focus)] = [None] * len(self.table)
        return row, self.values(stage, focus)

    def _stage(self, stage: int, focus: int) -> list[float]:
        st = self.plan.stages[stage]
        nxt = stage + 1
        passing = self.values(nxt, focus)
        table = self.table
        if st.kind == "track":
            fv = self.plan.focus_value
            # For each number of dice a Focused re-roll throws: the tables it lands in.
            most = min(focus, self.plan.size)
            levels = [(*self._row(nxt, focus - c), fv * c) for c in range(most + 1)]
            fresh = self.expect(nxt, 0, focus)  # Unfocused: throw everything
        else:
            levels = [(*self._row(nxt, focus), 0.0)] * (self.plan.size + 1)
            fresh = self.expect(nxt, 0, focus) if st.most >= self.plan.size else float("-inf")
            most = st.most
        out = []
        for m, options in enumerate(self.choices):
            use = fresh
            for kid, dice in options:
                if dice > most:
                    continue
                row, vals, price = levels[dice]
                e = row[kid]
                if e is None:
                    reached, odds = table[kid]
                    e = row[kid] = sum(map(mul, odds, map(vals.__getitem__, reached)))
                if e - price > use:
                    use = e - price
            use -= st.cost
            out.append(use if use > passing[m] else passing[m])
        return out

    def expect(self, stage: int, kid: int, focus: int) -> float:
        """Expected value at ``stage`` after keeping multiset ``kid`` (by ``kept_index``) and
        re-rolling the other dice."""
        row, vals = self._row(stage, focus)
        e = row[kid]
        if e is None:
            reached, odds = self.table[kid]
            e = row[kid] = sum(map(mul, odds, map(vals.__getitem__, reached)))
        return e

    def expect_kept(self, stage: int, kept: Hand, focus: int) -> float:
        return self.expect(stage, self.kept[kept], focus)

    def value(self, stage: int, hand: Hand, focus: int) -> float:
        return self.values(stage, focus)[self.index[hand]]

    def before_roll(self, focus: int) -> float:
        """Expected value of the whole phase before the initial roll."""
        return self.expect(0, 0, focus)


@lru_cache(maxsize=128)
def reroller(plan: Plan) -> Reroller:
    return Reroller(plan)
