"""The Marquise's race as the Vagabond's plan sees it (issue 32; root.md §12, L6.4-L6.5.4).

A Marquise who builds every turn for the VP it scores at once reaches 30 VP by round 7 or 8
when nobody stops her (bench: 10 games against an idle Vagabond, 7.5 rounds on average),
faster than the Vagabond scores. What she can build next is what he can take from her: the
wood she will hold, the clearings she rules with an open slot, and the rule that carries the
wood there. ``next_builds`` counts the VP of her next Daylight's builds, taken the obvious
way, so that his plan values a battle that kills the lone warrior holding a clearing she
would build in, the wood it removes and the sawmill that would bring more, by what it takes
from her next turn.
"""

from __future__ import annotations

from engines.root.board import count_on_map, graph, ruler
from engines.root.marquise import BUILD_VP, BUILDINGS, WOOD, WOOD_COST
from engines.root.state import Player, State

ACTIONS = 3  # her Daylight actions (L6.5); bird cards add more, left out: her hand is hidden


def next_builds(s: State, marquise: Player) -> int:
    """The VP her next Daylight's builds score: in each group of ruled clearings connected
    through ruled clearings (L6.5.4), the group's wood pays for buildings in its open slots,
    the one scoring most first (the cheapest among equals), one per action."""
    g = graph(s)
    ruled = [c.id for c in s.clearings if ruler(s, c.id) == "marquise"]
    wood = {c.id: c.tokens.count("wood") for c in s.clearings}
    if not wood_placed(s, marquise):
        # Her Birdsong places a wood at every sawmill while the supply lasts (L6.4).
        free = WOOD - sum(wood.values())
        for c in s.clearings:
            for _ in range(c.buildings.count("sawmill")):
                if free > 0:
                    wood[c.id] += 1
                    free -= 1
    groups: list[list[int]] = []  # [wood, open slots] of each group of ruled clearings
    seen: set[int] = set()
    for cid in ruled:
        if cid in seen:
            continue
        group = [cid]
        for cur in group:
            group += [x for x in g.adj[cur] if x in ruled and x not in group]
        seen.update(group)
        slots = sum(max(0, g.slots[x] - len(s.clearing(x).buildings)) for x in group)
        groups.append([sum(wood[x] for x in group), slots])
    placed = {kind: count_on_map(s, kind) for kind in BUILDINGS}
    vp = 0
    for _ in range(ACTIONS):
        best: tuple[int, int, int, str] | None = None
        for i, (w, slots) in enumerate(groups):
            if slots <= 0:
                continue
            for kind, n in placed.items():
                if n < len(WOOD_COST) and WOOD_COST[n] <= w:
                    option = (BUILD_VP[kind][n], -WOOD_COST[n], i, kind)
                    best = option if best is None or option > best else best
        if best is None:
            break
        score, cost, i, kind = best
        vp += score
        groups[i][0] += cost
        groups[i][1] -= 1
        placed[kind] += 1
    return vp


def wood_placed(s: State, marquise: Player) -> bool:
    """Whether this turn's Birdsong wood is already on the map: her own turn, once past the
    start-of-turn WATER take (a roll-out that ends his turn stops at her first decision)."""
    t = s.turn
    return t.active == marquise.seat and not (t.phase == "birdsong" and t.step == "water_take")
