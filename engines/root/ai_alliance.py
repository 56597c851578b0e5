"""Woodland Alliance plan (root.md §14): spread sympathy, keep supporters for a Revolt
where a sympathetic clearing waits, and build the officers' Evening from bases.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engines.core.protocol import Engine, SeatId
from engines.core.rng import Rng
from engines.root.actions import AnyAction, Pick
from engines.root.ai_search import Budget, base_value, phase_plan, simulate
from engines.root.alliance import SPREAD_AT_ONCE
from engines.root.board import count_on_map, graph, warriors_on_map
from engines.root.eyrie import card_suit
from engines.root.marquise import BUILDINGS
from engines.root.state import State

TRIES = 14
WIDTH = 5
# Her buildings score her a VP each when placed and feed her next builds (L6.5.4): against
# the greedy Marquise, who builds every turn and reaches 30 by round 7 or 8, each one on the
# map weighs more than a VP of the Alliance's, so her sawmills, workshops and recruiters are
# worth a battle (against her, 16 of 30 seeded games won without this, 20 with it).
MARQUISE_BUILDING = 16.0


def value(s: State, seat: SeatId) -> float:
    v = base_value(s, seat)
    if s.winners or s.alliance is None:
        return v
    v += 4.0 * count_on_map(s, "sympathy") + 1.2 * len(s.alliance.supporters)
    # Bases open Training and officers: the Alliance's whole Evening (L8.5-8.6).
    v += 16.0 * sum(count_on_map(s, b) for b in ("base_fox", "base_rabbit", "base_mouse"))
    v += 1.5 * s.alliance.officers + 0.4 * warriors_on_map(s, "alliance")
    v -= MARQUISE_BUILDING * sum(count_on_map(s, b) for b in BUILDINGS)
    return v + revolt_outlook(s)


def revolt_outlook(s: State) -> float:
    """Supporters kept for a Revolt: two of a suit whose base is still in the box, where a
    sympathetic clearing of that suit waits."""
    assert s.alliance is not None
    g = graph(s)
    sup = [card_suit(x) for x in s.alliance.supporters]
    birds = sup.count("bird")
    out = 0.0
    for su in ("fox", "rabbit", "mouse"):
        if count_on_map(s, f"base_{su}"):
            continue
        if not any(g.suit[c.id] == su and "sympathy" in c.tokens for c in s.clearings):
            continue
        have = min(2, sup.count(su) + birds)
        out += 3.0 * have + (6.0 if have == 2 else 0.0)
    return out


def pick(
    engine: Engine[Any, Any],
    s: State,
    seat: SeatId,
    legal: Sequence[AnyAction],
    rng: Rng,
    budget: Budget,
) -> AnyAction | None:
    """Revolts and spreading, the Daylight's cards and the officers' operations are each
    tried by playing the rest of that step through."""
    if s.pending or s.turn.advance or s.turn.step not in ("a_birdsong", "a_daylight", "a_ops"):
        return None
    if s.turn.step == "a_daylight":
        return daylight(engine, s, seat, legal, rng, budget)
    if s.turn.step == "a_birdsong":
        return birdsong(engine, s, seat, legal, rng, budget)
    return phase_plan(engine, s, seat, legal, rng, value, TRIES, WIDTH, budget)


def birdsong(
    engine: Engine[Any, Any],
    s: State,
    seat: SeatId,
    legal: Sequence[AnyAction],
    rng: Rng,
    budget: Budget,
) -> AnyAction:
    """Each Revolt and Spread tried one at a time, as it always was; the spreads it would
    make one after another are one decision where a single decision of the Birdsong makes
    exactly them (issue 29 "Fewer taps")."""
    t, options = s, legal
    spreads: list[str] = []
    first: AnyAction | None = None
    while len(spreads) < SPREAD_AT_ONCE:
        a = one_at_a_time(engine, t, seat, options, rng, budget)
        first = first or a
        if not (isinstance(a, Pick) and a.what == "spread"):
            break
        spreads.append(str(a.clearing))
        t = simulate(engine, t, seat, a)
        if t.pending or t.turn.step != "a_birdsong" or t.turn.active != seat:
            break
        options = engine.legal_actions(t, seat)
        if not options:
            break
    assert first is not None
    if len(spreads) < 2:
        return first
    same = set(spreads)
    for b in legal:
        if isinstance(b, Pick) and b.what == "spread" and set(b.picks) == same:
            after = simulate(engine, s, seat, b)
            if engine.encode_state(after) == engine.encode_state(t):
                return b  # the same spreads, paid the same way
    return first


def _several(a: AnyAction) -> bool:
    return isinstance(a, Pick) and len(a.picks) > 1


def one_at_a_time(
    engine: Engine[Any, Any],
    s: State,
    seat: SeatId,
    options: Sequence[AnyAction],
    rng: Rng,
    budget: Budget,
) -> AnyAction:
    """The step's plan among the actions of one card or clearing (never several at once):
    what the Birdsong and the Daylight try, one after another."""
    return phase_plan(
        engine, s, seat, [b for b in options if not _several(b)], rng, value, TRIES, WIDTH, budget
    )


def daylight(
    engine: Engine[Any, Any],
    s: State,
    seat: SeatId,
    legal: Sequence[AnyAction],
    rng: Rng,
    budget: Budget,
) -> AnyAction:
    """Each Daylight action tried one card at a time, as it always was, on through the
    Daylight's crafts and training; the cards it would mobilize along the way are
    mobilized first, in one decision (issue 29 "Fewer taps"): a card mobilized does the
    same before or after another card is crafted or trained with."""
    cards: list[str] = []
    first: AnyAction | None = None
    t, options = s, legal
    while True:
        a = one_at_a_time(engine, t, seat, options, rng, budget)
        first = first or a
        if not (isinstance(a, Pick) and a.what in ("mobilize", "train", "craft")):
            break
        cards += a.picks
        t = simulate(engine, t, seat, a)
        if t.pending or t.turn.step != "a_daylight" or t.turn.active != seat:
            break  # the Daylight ended with the last card (nothing else to do)
        options = engine.legal_actions(t, seat)
        if not options:
            break
    want = sorted(x.split(".")[0] for x in cards)
    return next(
        (
            b
            for b in legal
            if cards
            and isinstance(b, Pick)
            and b.what == "mobilize"
            and sorted(x.split(".")[0] for x in b.picks) == want
        ),
        first,
    )
