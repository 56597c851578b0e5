"""Root AI seats (issue 13 "AI seats"): one greedy policy with a value per faction.

The policy never reads the true state: it re-deals everything its seat cannot see
(``engine.determinize``: other hands, supporters, the deck, the quest deck and the future
dice), tries every legal action on that world, lets the automatic steps run, and keeps the
action whose result its faction values most. Battles are tried on a few re-dealt dice.
"""

from __future__ import annotations

from typing import Any

from engines.core.protocol import Engine, SeatId
from engines.core.rng import Rng
from engines.root.actions import Fight, Pick
from engines.root.ai_coalition import coalition_filter
from engines.root.board import (
    count_on_map,
    graph,
    has_piece,
    open_slots,
    ruler,
    warriors_on_map,
)
from engines.root.cards import matches
from engines.root.content import quests
from engines.root.eyrie import COLUMNS, card_suit, executions
from engines.root.state import OWNER, SUPPLY, Player, State

BATTLE_SAMPLES = 3
MAX_TRIES = 60  # beyond this many actions, a sample of them is tried (moves fan out)
SECOND_TRIES = 12  # the same for the look one decision further


def value(s: State, seat: SeatId) -> float:
    """How good ``s`` looks to ``seat``: its score against the best rival's, plus what its
    faction's engine will score later."""
    me = s.players[seat]
    if s.winners:
        return 1e6 if seat in s.winners else -1e6
    rival = max((p.vp for p in s.players if p.seat != seat), default=0)
    ruled = sum(1 for c in s.clearings if ruler(s, c.id) == me.faction)
    v = 10.0 * me.vp - 3.0 * rival + 1.2 * ruled + 1.5 * me.water + 0.8 * min(len(me.hand), 5)
    # Rivals' scoring engines on the map: buildings and sympathy they will score from.
    v -= 1.5 * sum(
        1
        for c in s.clearings
        for x in [*c.buildings, *c.tokens]
        if x not in ("ruin", "wood") and OWNER.get(x) != me.faction
    )
    f = me.faction
    if f == "marquise":
        v += 4.0 * sum(count_on_map(s, k) for k in ("sawmill", "workshop", "recruiter"))
        v += 0.8 * count_on_map(s, "wood") + 0.4 * warriors_on_map(s, "marquise")
        v += 6.0 * bool(s.keep)
    elif f == "eyrie" and s.eyrie is not None:
        v += 7.0 * count_on_map(s, "roost") + 0.3 * warriors_on_map(s, "eyrie")
        g = graph(s)
        # Warriors and roosts in many suits keep future Decree cards possible.
        v += 2.0 * len({g.suit[c.id] for c in s.clearings if c.warriors.get("eyrie", 0)})
        v += 4.0 * len({g.suit[c.id] for c in s.clearings if "roost" in c.buildings})
        v += decree_outlook(s, me)
    elif f == "alliance" and s.alliance is not None:
        v += 4.0 * count_on_map(s, "sympathy") + 1.2 * len(s.alliance.supporters)
        # Bases open Training and officers: the Alliance's whole Evening (L8.5-8.6).
        v += 16.0 * sum(count_on_map(s, b) for b in ("base_fox", "base_rabbit", "base_mouse"))
        v += 1.5 * s.alliance.officers + 0.4 * warriors_on_map(s, "alliance")
        v += revolt_outlook(s)
    elif f == "vagabond" and s.vagabond is not None:
        v += vagabond_outlook(s, me)
    return v


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


def vagabond_outlook(s: State, me: Player) -> float:
    """Items, relationships (Hostility costs future Aid points), and a clearing where his
    items can score: a ruin to explore, a quest, someone to aid."""
    vg = s.vagabond
    assert vg is not None
    v = sum(2.0 - 1.2 * it.damaged - 0.3 * it.exhausted for it in vg.items)
    steps = {"hostile": -6.0, "indifferent": 0.0, "1": 2.0, "2": 4.0, "allied": 6.0}
    v += sum(steps[r] for r in vg.relations.values()) + 2.5 * sum(vg.aids.values())
    v += 1.0 * len(vg.done_quests)
    here = vg.where
    if here.isdigit():
        cid = int(here)
        ready = [it.kind for it in vg.items if not it.exhausted and not it.damaged]
        if "ruin" in s.clearing(cid).buildings and "torch" in ready:
            v += 3.0
        su = graph(s).suit[cid]
        for q in vg.quests:
            key, qsuit = q.split(".")
            need = quests()[key].items
            if qsuit == su and all(ready.count(k) >= need.count(k) for k in set(need)):
                v += 3.0
        rivals = [
            p for p in s.players if p.seat != me.seat and has_piece(s.clearing(cid), p.faction)
        ]
        if rivals and vg.relations.get(rivals[0].faction) != "hostile":
            aids = min(len(ready), sum(1 for x in me.hand if matches(x, su)))
            v += 2.5 * aids
    return v


class RootAI:
    """Greedy policy on a determinized world (see the module docstring). With ``deep`` it
    looks one decision further when the next decision is its own too (the Vagabond's turn
    is a chain of small actions whose worth shows only together)."""

    def __init__(self, deep: frozenset[str] = frozenset({"vagabond"})) -> None:
        self.deep_factions = deep

    def _look(self, engine: Engine[Any, Any], s: State, seat: SeatId, rng: Rng) -> float:
        if s.winners or engine.to_act(s) != frozenset({seat}):
            return value(s, seat)
        nxt = list(engine.legal_actions(s, seat))
        if len(nxt) > SECOND_TRIES:
            nxt = [nxt[i] for i in sorted(rng.shuffled(range(len(nxt)))[:SECOND_TRIES])]
        return max(value(engine.apply(s, seat, b).state, seat) + _bias(b) for b in nxt)

    def choose(self, engine: Engine[Any, Any], state: State, seat: SeatId, rng: Rng) -> Any:
        legal = coalition_filter(state, seat, engine.legal_actions(state, seat))
        if len(legal) == 1:
            return legal[0]
        deep = state.players[seat].faction in self.deep_factions
        tries = legal
        if len(legal) > MAX_TRIES:
            picks = sorted(rng.shuffled(range(len(legal)))[:MAX_TRIES])
            tries = [legal[i] for i in picks]
        best, best_v = tries[0], float("-inf")
        for a in tries:
            samples = BATTLE_SAMPLES if _risky(a) else 1
            total = 0.0
            for _ in range(samples):
                world = engine.determinize(state, seat, rng.next_u64())
                after = engine.apply(world, seat, a).state
                total += self._look(engine, after, seat, rng) if deep else value(after, seat)
            v = total / samples + _bias(a)
            if v > best_v:
                best, best_v = a, v
        return best


def _risky(a: Any) -> bool:
    return isinstance(a, Fight) or (isinstance(a, Pick) and a.what in ("water_ddd", "steal"))


def _bias(a: Any) -> float:
    """Small tie-breaks: act rather than pass, and never idle into the end of a phase."""
    if isinstance(a, Pick) and (a.what.startswith("end_") or a.what.startswith("no_")):
        return -0.3
    return 0.0
