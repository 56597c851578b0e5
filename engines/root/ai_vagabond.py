"""Vagabond plan (root.md §15): explore ruins, quest, aid to build relationships, craft
items that score, and strike or battle pieces that cannot hit back.

His Daylight is a chain of small actions whose worth shows only together (three Aids in
one turn make an ally, a move opens a ruin), so each Slip and Daylight action is tried by
playing the rest of his turn through on a re-dealt world, Evening included: the rest in a
forest, the draw and the item limit (L9.6) show in the result. The value counts the items
he keeps ready (tea, coin and sack score only while on their tracks) and relationships,
never half-built ones: the Aid counter resets at the end of his turn (L9.2.9.1).

Against the Marquise he races her builds (``ai_vagabond_race``): what she can build next
weighs on his plan, and with her his only rival her Hostility is a gain (Despot Infamy).

Against her alone, where his turn leaves him counts for the next one (``next_daylight``):
the ruins and quests his next Birdsong's Slip puts in reach of the items he keeps undamaged.

With one rival he never aids (``worth_trying``): the card he gives is hers to build, craft
and recruit with, and she is his whole race. Bench, 200 games against a random Marquise on
the Wastelands (bench/root_bench.py): 148 wins aiding, 160 not.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engines.core.protocol import Engine, SeatId
from engines.core.rng import Rng
from engines.root.actions import AnyAction, Pick
from engines.root.ai_search import (
    Budget,
    base_value,
    best_by_rollout,
    bias,
    greedy,
    sample,
    simulate,
)
from engines.root.ai_vagabond_race import next_builds, wood_placed
from engines.root.board import count_on_map, graph, has_piece
from engines.root.cards import matches
from engines.root.content import quests
from engines.root.marquise import BUILDINGS
from engines.root.marquise import WOOD as WOOD_SUPPLY
from engines.root.state import Player, State, Vagabond
from engines.root.vagabond import over_limit

# The greedy step's sizes for a pending choice, as engines.root.ai gives the Vagabond's.
TRIES_PENDING, SAMPLES, SECOND = 60, 3, 12
# A rival's VP weighs twice his own: holding her back is most of his race (he scores
# slowly). Against the greedy Marquise: 11 of 30 seeded games won at 1x, 15 at 2x.
RIVAL = 20.0
TRIES = 18
WIDTH = 8
# Inside a roll-out a sample of this many Daylight actions is judged, each with the best of
# a sample of THEN actions after it.
PAIRS = 6
THEN = 4
# An ally is a stream of Aids at 2 VP each (L9.2.9); Hostility closes it but opens Despot
# Infamy (W.11.1), so it is only a small loss.
RELATION = {"hostile": -5.0, "indifferent": 0.0, "1": 6.0, "2": 14.0, "allied": 25.0}
ALLIED_CARD = 5.0
# Torches explore and quest, boots move, swords battle (L9.5): the items he acts with.
# Every undamaged sword raises his rolled-hit cap (L9.2.6) and each battle on a Hostile
# faction scores Despot Infamy (W.11.1), so a sword weighs most.
ITEM = {"torch": 4.0, "boot": 3.0, "sword": 7.0, "hammer": 2.5, "crossbow": 2.5}
TRACK = {"tea": 2.5, "coin": 2.5, "sack": 1.0}  # refreshes, draws, item limit (L9.4.1, L9.6)
# The Marquise's buildings are her score (L6.5.4): in measured games she wins by filling
# her tracks, so each one on the map weighs more than a VP of his (bench: 61% -> 65% at
# 100 games vs a random Marquise); her sawmills and wood are her next buildings (L6.4).
BUILDING = 12.0
SAWMILL = 3.0
WOOD = 1.0
# Her next Daylight's builds (``ai_vagabond_race``), each VP of them as one of his: what a
# battle takes from her race beyond the pieces it removes (a clearing's rule, her wood).
RACE = 10.0
# With the Marquise his only rival he never aids her, so her Hostility closes nothing, and it
# makes every battle that removes a piece of hers score Despot Infamy (W.11.1): the sooner
# the better, her lone warriors are the rule her builds need. With RACE, against the greedy
# Marquise: 100 of 200 games won (seeds 1000-1039, 2000-2039, 3000-3059, 5000-5059), 85
# before.
HOSTILE_RIVAL = 10.0
# A ruin he can explore or a quest he can complete next Daylight (issue 32's plan over more
# than one turn): his roll-outs end with his turn, where his items are mostly exhausted and
# his next Birdsong both refreshes them (L9.4.1) and Slips him free into a neighbouring
# clearing (L9.4.2). Against the greedy Marquise, seeds 30000-30299: 180 of 300 games won
# counting what his undamaged items reach from there, 159 counting only his own clearing
# and his ready items (58/45, 61/58, 61/56 per hundred); on seeds 30000-30199 a boot's move
# further counted as half (1.5) won 112 of 200, this 119.
NEXT = 3.0


def value(s: State, seat: SeatId) -> float:
    v = base_value(s, seat, RIVAL)
    if s.winners or s.vagabond is None:
        return v
    marquise = s.player("marquise")
    if marquise is not None:
        v -= SAWMILL * count_on_map(s, "sawmill") + WOOD * wood_to_come(s, marquise)
        v -= BUILDING * sum(count_on_map(s, b) for b in BUILDINGS)
        v -= RACE * next_builds(s, marquise)
    return v + outlook(s, s.players[seat])


def wood_to_come(s: State, marquise: Player) -> int:
    """The wood she will build with in her next Daylight: what is on the map, and her
    Birdsong's wood at every sawmill (L6.4) unless it is already placed. A roll-out that
    ends his turn stops at her first decision, which is before that placement when the
    supply offers her WATER and after it when not: counted either way alike, spending
    WATER does not look like taking her wood away."""
    placed = wood_placed(s, marquise)
    wood = count_on_map(s, "wood") + (0 if placed else count_on_map(s, "sawmill"))
    return min(wood, WOOD_SUPPLY)


def outlook(s: State, me: Player) -> float:
    """Items, relationships and a clearing where his ready items can score next: a ruin to
    explore, a quest, someone to aid."""
    vg = s.vagabond
    assert vg is not None
    # In a forest he rests this Evening or may next (L9.6): damaged items come back.
    resting = not vg.where.isdigit()
    v = sum(
        ITEM.get(it.kind, 2.0) - (0.2 if resting else 1.2) * it.damaged - 0.3 * it.exhausted
        for it in vg.items
    )
    v += sum(TRACK.get(it.kind, 0.0) for it in vg.items if it.track)
    # Items beyond the limit are removed in the Evening (L9.6): exhausting a sack costs two.
    # Those on their tracks do not count toward it.
    v -= 4.0 * over_limit(s)
    v += sum(relation(s, f, r) for f, r in vg.relations.items())
    if "allied" in vg.relations.values():
        v += ALLIED_CARD * min(len(me.hand), 5)  # each card is an Aid worth 2 VP (L9.2.9.2)
    if s.turn.active == me.seat and s.turn.phase != "evening":
        v += 1.5 * sum(vg.aids.values())  # worth something only if finished this turn
    v += 1.0 * len(vg.done_quests)
    # Measured against the Marquise alone; against the greedy Eyrie and Alliance (48 games
    # each, seeds 30000-30047) it won 45 and 43 where his own clearing alone won 48 and 44.
    ahead = s.turn.active != me.seat and len(s.players) == 2 and s.player("marquise") is not None
    if ahead:
        v += next_daylight(s, vg)
    here = vg.where
    if not here.isdigit():
        return v
    cid = int(here)
    ready = [it.kind for it in vg.items if not it.exhausted and not it.damaged]
    su = graph(s).suit[cid]
    if not ahead:  # what his ready items can take where he stands
        if "ruin" in s.clearing(cid).buildings and "torch" in ready:
            v += 3.0
        v += 3.0 * sum(1 for q in vg.quests if q.split(".")[1] == su and _fits(q, ready))
    # Someone to aid. Kept with two seats, where he never aids: it also draws him to rival
    # pieces, and without it he won 186 of the bench's 200 games against a random Alliance
    # (196 with it).
    rivals = [p for p in s.players if p.seat != me.seat and has_piece(s.clearing(cid), p.faction)]
    if rivals and vg.relations.get(rivals[0].faction) != "hostile":
        v += 1.0 * min(len(ready), sum(1 for x in me.hand if matches(x, su)))
    return v


def next_daylight(s: State, vg: Vagabond) -> float:
    """The ruins and quests his next Daylight can take (``NEXT`` each): in his clearing or
    one his Birdsong Slips him into (a neighbour, or from a forest a clearing it borders;
    L9.4.2), with his undamaged items, which that Birdsong refreshes (L9.4.1)."""
    g = graph(s)
    fit = [it.kind for it in vg.items if not it.damaged]
    if vg.where.isdigit():
        reach = {int(vg.where), *g.adj[int(vg.where)]}
    else:
        reach = set(g.rec.forests[vg.where])
    v = 0.0
    if "torch" in fit and any("ruin" in s.clearing(c).buildings for c in reach):
        v += NEXT
    suits = {g.suit[c] for c in reach}
    v += NEXT * sum(1 for q in vg.quests if q.split(".")[1] in suits and _fits(q, fit))
    return v


def _fits(q: str, kinds: list[str]) -> bool:
    """Whether ``kinds`` hold the items quest ``q`` exhausts (L9.5.5)."""
    need = quests()[q.split(".")[0]].items
    return all(kinds.count(k) >= need.count(k) for k in set(need))


def relation(s: State, faction: str, r: str) -> float:
    """A relationship's worth: a Hostile Marquise as his only rival is a gain
    (``HOSTILE_RIVAL``)."""
    if r == "hostile" and faction == "marquise" and len(s.players) == 2:
        return HOSTILE_RIVAL
    return RELATION[r]


def pick(
    engine: Engine[Any, Any],
    s: State,
    seat: SeatId,
    legal: Sequence[AnyAction],
    rng: Rng,
    budget: Budget,
) -> AnyAction | None:
    if s.pending and s.pending[0].kind == "v_refresh" and s.pending[0].seat == seat:
        return refresh(engine, s, seat, legal, rng, budget)
    if s.pending or s.turn.advance or s.turn.step not in ("v_slip", "v_daylight"):
        return None
    legal = worth_trying(s, legal)
    ends = [
        a
        for a in legal
        if isinstance(a, Pick) and a.what in ("end_turn", "end_daylight", "no_slip")
    ]
    tries = ends + sample(rng, [a for a in legal if a not in ends], budget.more(TRIES))
    world = engine.determinize(s, seat, rng.next_u64())
    # Pairs of actions are judged where they were measured: against the Marquise alone.
    pairs = len(s.players) == 2 and s.player("marquise") is not None
    return best_by_rollout(
        engine,
        world,
        seat,
        tries,
        rng,
        value,
        stop=lambda t: t.turn.active != seat,
        choose=lambda t, xs: _rollout_choice(engine, t, seat, xs, rng, pairs),
        width=WIDTH,
        samples=3,
        plain=2,
        prune=worth_trying,
        budget=budget,
    )


def refresh(
    engine: Engine[Any, Any],
    s: State,
    seat: SeatId,
    legal: Sequence[AnyAction],
    rng: Rng,
    budget: Budget,
) -> AnyAction:
    """The items refreshed by the greedy step, as every pending choice is; then the Slip
    this plan takes after them, in the same decision where one is on offer (issue 29
    "Fewer taps")."""
    only = [a for a in legal if isinstance(a, Pick) and all(x.isdigit() for x in a.picks)]
    r = greedy(engine, s, seat, only, rng, value, TRIES_PENDING, SAMPLES, SECOND)
    t = simulate(engine, s, seat, r)
    if t.pending or t.turn.active != seat or t.turn.step != "v_slip" or len(only) == len(legal):
        return r
    slip = pick(engine, t, seat, engine.legal_actions(t, seat), rng, budget)
    if isinstance(slip, Pick) and slip.what == "no_slip":
        then = "stay"
    elif isinstance(slip, Pick) and slip.what == "slip" and slip.card2 == "none":
        then = f"slip:{slip.card}"
    else:
        return r
    both = r.model_copy(update={"picks": (*r.picks, then)}) if isinstance(r, Pick) else r
    return both if both in legal else r


def worth_trying(s: State, legal: Sequence[AnyAction]) -> Sequence[AnyAction]:
    """His actions worth trying: all but Aid when the one he would aid is his only rival
    (a two-seat game)."""
    if len(s.players) > 2:
        return legal
    kept = [a for a in legal if not (isinstance(a, Pick) and a.what == "aid")]
    return kept or legal


def _rollout_choice(
    engine: Engine[Any, Any],
    t: State,
    seat: SeatId,
    legal: Sequence[AnyAction],
    rng: Rng,
    pairs: bool,
) -> AnyAction | None:
    """Inside the roll-out the Slip is skipped. With ``pairs`` each Daylight action of a
    sample is judged with the best of a sample of actions after it, so that a pair whose
    worth shows only together is found: a Battle that kills the warrior guarding her
    building, then the Strike that removes it (L9.5.6), over a quest that takes his sword.
    Against the greedy Marquise, 60 games (seeds 8000-8059): 39 won with pairs, 28 without.
    Other choices: the roll-out's own greedy step, one action at a time."""
    if t.turn.step == "v_slip" and not t.pending:
        return next((a for a in legal if isinstance(a, Pick) and a.what == "no_slip"), None)
    if not pairs or t.pending or t.turn.step != "v_daylight":
        return None
    best, best_v = None, float("-inf")
    for a in sample(rng, legal, PAIRS):
        u = simulate(engine, t, seat, a)
        v = value(u, seat)
        if not (u.winners or u.pending) and u.turn.active == seat and u.turn.step == "v_daylight":
            after = sample(rng, worth_trying(u, engine.legal_actions(u, seat)), THEN)
            v = max([v, *(value(simulate(engine, u, seat, b), seat) for b in after)])
        v += bias(a)
        if v > best_v:
            best, best_v = a, v
    return best
