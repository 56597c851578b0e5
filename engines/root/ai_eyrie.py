"""Eyrie Dynasties plan (root.md §13): a Decree the Eyrie can always carry out.

Turmoil costs a VP per bird and the leader, so each card added to the Decree is tried on a
re-dealt world by playing the whole Daylight through (every Decree card resolved by a
narrow greedy step): the addition whose Decree ends with the best position, and never in
Turmoil when an addition that avoids it exists, is the one taken.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engines.core.protocol import Engine, SeatId
from engines.core.rng import Rng
from engines.root.actions import AnyAction, Fight, Move, Pick
from engines.root.ai_search import Budget, base_value, best_by_rollout, greedy, sample
from engines.root.board import count_on_map, graph, has_piece, open_slots, ruler, warriors_on_map
from engines.root.eyrie import COLUMNS, card_suit, executes, executions
from engines.root.state import SUPPLY, Player, State

TURMOIL = 40.0  # on top of the VP it costs: the leader and the Decree are lost with it
DECREE_WIDTH = 5
EXECUTION_TRIES = 16
TRIES, SAMPLES = 60, 3  # the greedy step's, as for every other decision (engines.root.ai)


def value(s: State, seat: SeatId) -> float:
    v = base_value(s, seat)
    me = s.players[seat]
    if s.winners or s.eyrie is None:
        return v
    v += 7.0 * count_on_map(s, "roost") + 0.3 * warriors_on_map(s, "eyrie")
    g = graph(s)
    # Warriors and roosts in many suits keep future Decree cards possible.
    v += 2.0 * len({g.suit[c.id] for c in s.clearings if c.warriors.get("eyrie", 0)})
    v += 4.0 * len({g.suit[c.id] for c in s.clearings if "roost" in c.buildings})
    v -= TURMOIL * (not s.eyrie.leader)
    return v + decree_outlook(s, me)


def decree_outlook(s: State, me: Player) -> float:
    """Each Decree card still to resolve is worth something if it can be carried out, and
    threatens Turmoil if it cannot. Cards of the column being resolved are checked exactly;
    later columns by a quick plan: moves open the clearings next to where they start, and
    each build needs its own clearing."""
    e = s.eyrie
    assert e is not None
    g = graph(s)
    resolving = s.turn.active == me.seat and s.turn.step == "decree"
    first = s.turn.decree_col if resolving else 0
    done = set(s.turn.decree_done) if resolving else set()
    out = -1.5 * max(0, sum(len(c) for c in e.decree.values()) - 5)
    held = {c.id for c in s.clearings if c.warriors.get("eyrie", 0)}
    reach = set(held)
    roost_suits = {g.suit[c.id] for c in s.clearings if "roost" in c.buildings}
    supply = SUPPLY["eyrie"] - warriors_on_map(s, "eyrie")
    per_recruit = 2 if e.leader == "charismatic" else 1
    for i, col in enumerate(COLUMNS[first:], start=first):
        cards = [x for x in e.decree[col] if x not in done]
        if resolving and i == first:
            out += sum(3.0 if executions(s, me, col, x) else -12.0 for x in cards)
            continue
        taken: set[int] = set()
        for x in sorted(cards, key=lambda x: card_suit(x) == "bird"):
            su = card_suit(x)
            fits = [c for c in g.suit if su == "bird" or g.suit[c] == su]
            if col == "recruit":
                ok = ((su == "bird" and bool(roost_suits)) or su in roost_suits) and (
                    supply >= per_recruit
                )
                supply -= per_recruit if ok else 0
            elif col == "move":
                starts = [c for c in fits if c in held]
                ok = bool(starts)
                for c in starts:
                    reach |= set(g.adj[c])
            elif col == "battle":
                ok = any(c in reach and _enemy_in(s, me, c) for c in fits)
            else:
                spots = [
                    c
                    for c in fits
                    if c in reach
                    and c not in taken
                    and (ruler(s, c) == "eyrie" or (c not in held and not _enemy_in(s, me, c)))
                    and c != s.keep
                    and "roost" not in s.clearing(c).buildings
                    and open_slots(s, c) > 0
                ]
                ok = bool(spots)
                if spots:
                    taken.add(spots[0])
            out += 3.0 if ok else -12.0
    return out


def _enemy_in(s: State, me: Player, cid: int) -> bool:
    c = s.clearing(cid)
    return any(p.seat != me.seat and has_piece(c, p.faction) for p in s.players)


def pick(
    engine: Engine[Any, Any],
    s: State,
    seat: SeatId,
    legal: Sequence[AnyAction],
    rng: Rng,
    budget: Budget,
) -> AnyAction | None:
    if s.pending or s.turn.advance:
        return None
    if s.turn.step == "decree_add":
        return choose_addition(engine, s, seat, legal, rng, budget)
    if s.turn.step == "decree":
        return choose_execution(engine, s, seat, legal, rng, budget)
    if s.turn.step == "e_craft":
        return open_decree(engine, s, seat, legal, rng, budget)
    return None


# Resolve the Decree: legal only where it begins in Turmoil, else started by its first card.
START = Pick(what="start_decree")


def open_decree(
    engine: Engine[Any, Any],
    s: State,
    seat: SeatId,
    legal: Sequence[AnyAction],
    rng: Rng,
    budget: Budget,
) -> AnyAction | None:
    """Crafting and the rest by the greedy step, the Decree's start among them, as ever;
    where the Decree's first card can be carried out, that card starts it (issue 29 "Fewer
    taps"): it is chosen as inside the Decree, in the same decision."""
    starts = [a for a in legal if executes(a)]
    rest = [a for a in legal if not executes(a)]
    if starts:  # the Decree starts by its first card: weighed here as its start
        rest.append(START)
    a = rest[0] if len(rest) == 1 else greedy(engine, s, seat, rest, rng, value, TRIES, SAMPLES)
    if a != START:
        return a
    if starts:
        return choose_execution(engine, s, seat, starts, rng, budget) or starts[0]
    return a  # a Decree that begins in Turmoil


def choose_execution(
    engine: Engine[Any, Any],
    s: State,
    seat: SeatId,
    legal: Sequence[AnyAction],
    rng: Rng,
    budget: Budget,
) -> AnyAction | None:
    """Carry out the Decree card whose execution leaves the rest of the Decree possible:
    each way is played on to the end of the Daylight on one re-dealt world (on
    ``budget.worlds`` of them, the same for every way)."""
    tries = [a for a in legal if not (isinstance(a, Pick) and a.what.startswith("water_"))]
    tries = sample(rng, [a for a in tries if _plain(a, tries)], budget.more(EXECUTION_TRIES))
    if len(tries) <= 1:
        return tries[0] if tries else None
    world = engine.determinize(s, seat, rng.next_u64())
    best = _best_by_rollout(engine, world, seat, tries, rng, budget)
    if not (isinstance(best, Pick) and best.what == "d_recruit" and not best.picks):
        return best
    # Every Recruit card at once where one way starts with this one (issue 29 "Fewer taps").
    first = (card_suit(best.card), str(best.clearing))
    plans: list[AnyAction] = [
        a
        for a in legal
        if isinstance(a, Pick)
        and a.what == "d_recruit"
        and any((card_suit(x.split("@")[0]), x.split("@")[1]) == first for x in a.picks)
    ]
    if not plans:
        return best
    plans = sample(rng, plans, budget.more(EXECUTION_TRIES))
    return _best_by_rollout(engine, world, seat, plans, rng, budget)


def _plain(a: AnyAction, legal: Sequence[AnyAction]) -> bool:
    """Of the moves along one path, only one warrior, all of them, or all but one."""
    if not isinstance(a, Move):
        return True
    most = max(
        b.n for b in legal if isinstance(b, Move) and (b.src, b.dst, b.pay) == (a.src, a.dst, a.pay)
    )
    return a.n in (1, most, most - 1)


def _best_by_rollout(
    engine: Engine[Any, Any],
    world: State,
    seat: SeatId,
    tries: list[AnyAction],
    rng: Rng,
    budget: Budget,
) -> AnyAction:
    me = world.players[seat]
    return best_by_rollout(
        engine,
        world,
        seat,
        tries,
        rng,
        value,
        stop=lambda t: _daylight_over(t, me),
        choose=_daylight_choice,
        width=DECREE_WIDTH,
        budget=budget,
    )


def choose_addition(
    engine: Engine[Any, Any],
    s: State,
    seat: SeatId,
    legal: Sequence[AnyAction],
    rng: Rng,
    budget: Budget,
) -> AnyAction | None:
    """Try each single Decree addition (one card per suit, each column), then each second
    card beside the best of them, by playing the Daylight through on one re-dealt world
    (``budget.worlds``); keep the best that avoids Turmoil."""
    adds = [a for a in legal if isinstance(a, Pick) and a.what == "decree"]
    if not adds:
        return None  # Birdsong cards and water actions are left to the greedy step
    world = engine.determinize(s, seat, rng.next_u64())
    best = _best_by_rollout(engine, world, seat, _one_per_suit(adds, 1), rng, budget)
    first = best.picks[0] if isinstance(best, Pick) else ""
    pairs = _one_per_suit([a for a in adds if len(a.picks) == 2 and first in a.picks], 2)
    if not pairs:
        return best
    return _best_by_rollout(engine, world, seat, [best, *pairs], rng, budget)


def _one_per_suit(adds: list[Pick], size: int) -> list[AnyAction]:
    """The additions of ``size`` cards, one per set of suits and columns: cards of one suit
    do the same in the Decree."""
    seen: set[tuple[tuple[str, str], ...]] = set()
    out: list[AnyAction] = []
    for a in adds:
        if len(a.picks) != size:
            continue
        key = tuple(sorted((card_suit(x.split("@")[0]), x.split("@")[1]) for x in a.picks))
        if key not in seen:
            seen.add(key)
            out.append(a)
    return out


def _daylight_over(t: State, me: Player) -> bool:
    return (
        t.turn.active != me.seat
        or t.turn.step in ("e_after", "evening", "end_turn")
        or (t.eyrie is not None and not t.eyrie.leader)
    )


def _daylight_choice(t: State, legal: Sequence[AnyAction]) -> AnyAction | None:
    """Inside the roll-out: stop adding to the Decree, skip crafting, and when only battles
    are left, fight the first (dice decide more than the choice)."""
    for a in legal:
        if isinstance(a, Pick) and a.what in ("end_decree", "start_decree"):
            return a
    if t.turn.step == "decree":
        only = [a for a in legal if not (isinstance(a, Pick) and a.what.startswith("water_"))]
        if len(only) == 1:
            return only[0]
        if only and all(isinstance(a, Fight) for a in only):
            return only[0]
    return None
