"""The Northgard AI seat: greedy look-ahead on its own decisions in a re-dealt world.

It sees only what its seat sees: every look-ahead runs on ``engine.determinize(state, seat)``
(other hands, decks and piles re-dealt). A card play is judged by playing it out: the seat's
own follow-up decisions (where to move, build, recruit, place a tile) are taken greedily,
one step at a time, by the position value below, until someone else must act. Combat food
and the Actions-phase choices that have no immediate effect (wait, improve, pass) follow
simple rules. Budgets are counts, never seconds.
"""

from __future__ import annotations

import math
from typing import Any

from engines.core.ai import LookAhead
from engines.core.rng import Rng
from engines.northgard.board import building_points, controlled, gmap, units_in
from engines.northgard.content import content
from engines.northgard.engine import Choose, NorthgardEngine
from engines.northgard.scoring import achievement_points, unrest_count
from engines.northgard.state import State

# Market preference when passing: stronger cards first.
MARKET_ORDER = (
    "A12",
    "A5",
    "A1",
    "A4",
    "A8",
    "A7",
    "A11",
    "A2",
    "A9",
    "A6",
    "A3",
    "A10",
    "E8",
    "E6",
    "E1",
    "E7",
    "E2",
    "E3",
    "E4",
    "E5",
)
FOLLOW_DEPTH = 8
# A year of two seats is well under 300 decisions; a line is cut there at the latest.
YEAR_CAP = 300


def value(s: State, seat: int) -> float:
    """How good the position is for ``seat`` (fame first, then what makes fame)."""
    if s.over:
        if seat in s.winners:
            return 1000.0
        return s.final_scores[seat] * 3.0 if s.final_scores else 0.0
    p = s.players[seat]
    m = gmap(s)
    mine = controlled(s, seat)
    units = sum(units_in(s, x).get(seat, 0) for x in mine)
    closed = sum(1 for x in mine if m.territories[x].closed)
    icons = sum(m.territories[x].food + m.territories[x].wood + m.territories[x].lore for x in mine)
    points = sum(building_points(s, x) for x in mine)
    large_closed = sum(
        1
        for x in mine
        if m.territories[x].closed
        and any(content().buildings[b].size == "L" for b in s.buildings.get(x, []))
    )
    need = len(mine) + 1
    food = min(p.food, need) * 1.2 + max(0, p.food - need) * 0.3
    return (
        3.0 * p.fame
        + 2.0 * len(mine)
        + 0.9 * units
        + 1.5 * closed
        + 0.8 * icons
        + 2.0 * points
        + 4.0 * large_closed
        + food
        + 0.5 * p.wood
        + 0.4 * p.lore
        - 15.0 * unrest_count(s, seat)
    )


class NorthgardAI:
    """The registry's ``ai`` policy."""

    def __init__(self, follow_depth: int = FOLLOW_DEPTH) -> None:
        self.follow_depth = follow_depth

    def choose(self, engine: Any, state: State, seat: int, rng: Rng) -> Choose:
        legal: list[Choose] = list(engine.legal_actions(state, seat))
        if len(legal) == 1:
            return legal[0]
        pend = state.pending
        assert pend is not None
        world = engine.determinize(state, seat, rng.next_u64())
        if pend.kind == "commit":
            return self._commit(state, seat, legal)
        if pend.kind == "action":
            return self._action(engine, world, seat, legal)
        return self._greedy(engine, world, seat, legal)

    # -- decisions ------------------------------------------------------------------------

    def _greedy(
        self, engine: NorthgardEngine, world: State, seat: int, legal: list[Choose]
    ) -> Choose:
        best, best_v = legal[0], float("-inf")
        for a in legal:
            v = value(engine.apply(world, seat, a).state, seat)
            if v > best_v:
                best, best_v = a, v
        return best

    def _follow(self, engine: NorthgardEngine, world: State, seat: int) -> State:
        """Play the seat's own follow-up decisions greedily."""
        for _ in range(self.follow_depth):
            if world.over or world.pending is None or engine.to_act(world) != {seat}:
                break
            if world.pending.kind in ("action", "commit"):
                break
            legal = list(engine.legal_actions(world, seat))
            world = engine.apply(world, seat, self._greedy(engine, world, seat, legal)).state
        return world

    def _action(
        self, engine: NorthgardEngine, world: State, seat: int, legal: list[Choose]
    ) -> Choose:
        p = world.players[seat]
        codes = [a.code for a in legal]
        base = value(world, seat)
        # Unrest cards go first when lore allows.
        for c in codes:
            if c.startswith("remove:UN1"):
                return Choose(code=c)
        plays = [c for c in codes if c.startswith("play:")]
        best, best_gain = None, 0.4
        for c in plays:
            after = self._follow(engine, engine.apply(world, seat, Choose(code=c)).state, seat)
            gain = value(after, seat) - base
            if gain > best_gain:
                best, best_gain = c, gain
        if best is not None:
            return Choose(code=best)
        improves = [c for c in codes if c.startswith("improve:")]
        if improves and world.year < world.options.years:
            return Choose(code=improves[0])
        passes = [c for c in codes if c.startswith("pass")]
        if passes:
            return Choose(code=self._market(world, seat, passes))
        waits = [c for c in codes if c.startswith("wait:")]
        del p
        return Choose(code=(waits or codes)[0])

    def _market(self, world: State, seat: int, passes: list[str]) -> str:
        cards = [c.split(":", 1)[1] for c in passes if ":" in c]
        if not cards:
            return passes[0]
        if cards[0].startswith("AC"):
            best = max(cards, key=lambda a: achievement_points(world, seat, a))
            return f"pass:{best}"
        rank = {cid: i for i, cid in enumerate(MARKET_ORDER)}
        best = min(cards, key=lambda c: rank.get(c.split(".")[0], 99))
        return f"pass:{best}"

    def _commit(self, state: State, seat: int, legal: list[Choose]) -> Choose:
        """Spend food only when the fight looks close, and keep winter food."""
        p = state.players[seat]
        spare = max(0, p.food - len(controlled(state, seat)))
        k = min(spare, 2)
        codes = {a.code for a in legal}
        return Choose(code=f"food:{k}") if f"food:{k}" in codes else legal[0]


def greedy_gain(s: State, seat: int) -> float:
    """The greedy baseline's immediate gain (issue 32): fame, then the resources a new
    player counts (food, wood, lore), with no plan behind them."""
    p = s.players[seat]
    return 10.0 * p.fame + p.food + p.wood + p.lore


class NorthgardHard(LookAhead):
    """The hard AI (issue 32): ``NorthgardAI`` with look-ahead at the Actions-phase choice
    (which card to play, or to improve, pass or wait; §5), the decision a year is built on.

    Its own choice and three others are each tried in four re-deals of what the seat cannot
    see (``engine.determinize``) and played on with the normal AI for every seat to the end
    of the year, through Harvest and Winter (§6), where food and Unrest tell. A line is
    judged by ``worth`` (the position value plus the fame the seat's Achievements will
    score, §7) against the best rival's; a line that ends the game, by who won and the final
    lead. The rest (``LookAhead``): the same re-deals and seeds for every choice, and another
    choice only where it leads clearly more. Other decisions are the normal AI's.
    """

    def __init__(self) -> None:
        super().__init__(NorthgardAI(), worth, worlds=4, width=4, scale=10.0, margin=0.1)

    def looks_ahead(self, engine: Any, state: State, seat: int) -> bool:
        """Only the Actions choice gets the look-ahead."""
        return state.pending is not None and state.pending.kind == "action"

    def _line(self, engine: Any, world: State, seat: int, seats: int, move: Any, rng: Rng) -> float:
        year = world.year
        world = engine.apply(world, seat, move).state
        for _ in range(YEAR_CAP):
            if world.over or world.year != year:
                break
            acting = min(engine.to_act(world))
            world = engine.apply(world, acting, self.base.choose(engine, world, acting, rng)).state
        others = [k for k in range(seats) if k != seat]
        if world.over:
            won = 1.0 / len(world.winners) if seat in world.winners else 0.0
            lead = world.final_scores[seat] - max(world.final_scores[k] for k in others)
            return 2.0 * won - 1.0 + 0.25 * math.tanh(lead / 5.0)
        lead = worth(world, seat) - max(worth(world, k) for k in others)
        return math.tanh(lead / self.scale)


def worth(s: State, seat: int) -> float:
    """``value`` with the fame the seat's Achievements will score at the end (§7), which
    ``value`` leaves out (it steers the normal AI only through the market)."""
    held = s.players[seat].achievements
    return value(s, seat) + 3.0 * sum(achievement_points(s, seat, a) for a in held)
