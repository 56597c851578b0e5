"""What a finished roll is worth to the AI (reference §8 "Spending the dice").

``Scoring`` says what overcoming the Encounter, failing it, and each resource token are worth
(in Secrets) for one Encounter phase. ``Finisher`` values a multiset of die values by the best
way to spend it: overcome or not, then the Scenario rows that yield the most, one combination
after another. Late card effects that change die values (``Tool``: +1 to a die, +1 to two
dice, turn a die over) are tried on the finished roll too, so the AI keeps such cards for
after its re-rolls.

What a combination leaves of a roll is cached for the whole process, and the resource side of
a roll (``Rewards``) is shared by every Scoring with the same token worths.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from engines.att.ai.dice import Hand, remove
from engines.att.combos import spends
from engines.att.content import TOKENS, Combo, ScenarioRow

ToolKind = Literal["bump", "bump2", "flip"]


@dataclass(frozen=True)
class Tool:
    """A card or Swag effect that changes die values once, for ``cost`` Secrets' worth."""

    kind: ToolKind
    cost: float


@dataclass(frozen=True)
class Rewards:
    """The Scenario rows and what each token they pay is worth (in ``TOKENS`` order)."""

    rows: tuple[ScenarioRow, ...]
    weights: tuple[float, ...]
    exact: bool = True

    def row_value(self, row: int, dice: int) -> float:
        return self.weights[TOKENS.index(self.rows[row].reward)] * dice


@dataclass(frozen=True)
class Scoring:
    """How one Encounter phase's outcomes are valued. ``combo`` is None when the Encounter
    can no longer be overcome (after a Desperate Act, or once it is overcome); ``lose_ends``
    says failing ends the game at once, so resources gained on the way are worth nothing."""

    combo: Combo | None
    win: float
    lose: float
    rewards: Rewards
    lose_ends: bool = False


def value_spends(combo: Combo, hand: Hand, exact: bool) -> tuple[Hand, ...]:
    """The distinct value multisets in ``hand`` that meet ``combo`` (the engine's own
    matcher, read on values rather than die indices)."""
    found = {tuple(hand[i] for i in pick) for pick in spends(combo, list(enumerate(hand)), exact)}
    return tuple(sorted(found))


@lru_cache(maxsize=1 << 15)
def leftovers(combo: Combo, hand: Hand, exact: bool) -> tuple[Hand, ...]:
    """What can be left of ``hand`` after spending one combination that meets ``combo``."""
    return tuple(sorted({remove(hand, used) for used in value_spends(combo, hand, exact)}))


class Resources:
    """The most the Scenario rows can yield from a multiset, memoized; see ``resources``."""

    def __init__(self, rewards: Rewards) -> None:
        self.rewards = rewards
        self._best: dict[Hand, float] = {}

    def __call__(self, hand: Hand) -> float:
        best = self._best.get(hand)
        if best is not None:
            return best
        best = 0.0
        r = self.rewards
        for row_index, row in enumerate(r.rows):
            for rest in leftovers(row.combo, hand, r.exact):
                got = r.row_value(row_index, len(hand) - len(rest)) + self(rest)
                best = max(best, got)
        self._best[hand] = best
        return best


@lru_cache(maxsize=16)
def resources(rewards: Rewards) -> Resources:
    return Resources(rewards)


def _apply_tool(kind: ToolKind, hand: Hand) -> list[Hand]:
    """Every distinct hand a tool can make from ``hand``."""
    out: set[Hand] = set()
    values = sorted(set(hand))
    if kind == "bump":
        out.update(tuple(sorted((*remove(hand, (v,)), v + 1))) for v in values if v < 6)
    elif kind == "flip":
        out.update(tuple(sorted((*remove(hand, (v,)), 7 - v))) for v in values)
    else:
        for i, a in enumerate(hand):
            for b in hand[i + 1 :]:
                if a < 6 and b < 6:
                    out.add(tuple(sorted((*remove(hand, (a, b)), a + 1, b + 1))))
    return sorted(out)


class Finisher:
    """Values finished rolls under one ``Scoring``; build it with ``finisher``."""

    def __init__(self, scoring: Scoring) -> None:
        self.scoring = scoring
        self.resources = resources(scoring.rewards)
        self._best: dict[Hand, float] = {}
        self._tooled: dict[tuple[Hand, tuple[Tool, ...]], float] = {}

    def best(self, hand: Hand) -> float:
        """The whole spend: overcome (or not) and the resources, whichever is worth most."""
        value = self._best.get(hand)
        if value is not None:
            return value
        s = self.scoring
        value = self.resources(hand)
        if s.combo is not None:
            value = s.lose if s.lose_ends else s.lose + value
            for rest in leftovers(s.combo, hand, s.rewards.exact):
                value = max(value, s.win + self.resources(rest))
        self._best[hand] = value
        return value

    def after_row(self, reward: float, rest: Hand) -> float:
        """Worth of having just spent dice on a Scenario row for ``reward``, ``rest`` left."""
        s = self.scoring
        if s.combo is None or not s.lose_ends:
            return reward + self.best(rest)
        value = s.lose  # the reward is lost with the game
        for left in leftovers(s.combo, rest, s.rewards.exact):
            value = max(value, reward + s.win + self.resources(left))
        return value

    def tooled(self, hand: Hand, tools: tuple[Tool, ...]) -> float:
        """``best`` when the tools may first change die values, each used at most once."""
        if not tools:
            return self.best(hand)
        key = (hand, tools)
        value = self._tooled.get(key)
        if value is not None:
            return value
        value = self.best(hand)
        for i, tool in enumerate(tools):
            if tool in tools[:i]:
                continue  # an identical tool was already tried first
            rest = tools[:i] + tools[i + 1 :]
            for changed in _apply_tool(tool.kind, hand):
                value = max(value, self.tooled(changed, rest) - tool.cost)
        self._tooled[key] = value
        return value


@lru_cache(maxsize=256)
def finisher(scoring: Scoring) -> Finisher:
    """One shared, memoizing evaluator per Scoring."""
    return Finisher(scoring)
