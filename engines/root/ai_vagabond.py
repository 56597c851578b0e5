"""Vagabond plan (root.md §15): explore ruins, quest, aid to build relationships, craft
items that score, and strike or battle pieces that cannot hit back.
"""

from __future__ import annotations

from engines.core.protocol import SeatId
from engines.root.ai_search import base_value
from engines.root.board import graph, has_piece
from engines.root.cards import matches
from engines.root.content import quests
from engines.root.state import State


def value(s: State, seat: SeatId) -> float:
    v = base_value(s, seat)
    if s.winners or s.vagabond is None:
        return v
    return v + outlook(s, seat)


def outlook(s: State, seat: SeatId) -> float:
    """Items, relationships (Hostility costs future Aid points), and a clearing where his
    items can score: a ruin to explore, a quest, someone to aid."""
    vg = s.vagabond
    assert vg is not None
    me = s.players[seat]
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
