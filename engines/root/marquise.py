"""Marquise de Cat (root.md §12): setup, wood, the Daylight actions and the building tracks."""

from __future__ import annotations

from collections.abc import Iterator

from engines.core.context import Ctx
from engines.core.words import count
from engines.root.actions import Fight, Move, Pick, fight, pick
from engines.root.battle import battles
from engines.root.board import count_on_map, graph, open_slots, ruler, rules, warriors_on_map
from engines.root.cards import craftable, matches, suit
from engines.root.movement import can_move
from engines.root.removal import score
from engines.root.state import SUPPLY, Player, State

BUILDINGS = ("sawmill", "workshop", "recruiter")
WOOD_COST = (0, 1, 2, 3, 3, 4)
BUILD_VP = {
    "sawmill": (0, 1, 2, 3, 4, 5),
    "workshop": (0, 2, 2, 3, 4, 5),
    "recruiter": (0, 1, 2, 3, 3, 4),
}
WOOD = 8


def draw_bonus(s: State) -> int:
    """The 3rd and 5th recruiter uncover a draw bonus (T)."""
    placed = count_on_map(s, "recruiter")
    return int(placed >= 3) + int(placed >= 5)


def setup_spots(s: State) -> list[int]:
    """Keep clearing and its neighbours (barren trails count, W.3) with an open slot."""
    spots = [s.keep, *graph(s).adj[s.keep]]
    return sorted(c for c in spots if open_slots(s, c) > 0)


def garrison(s: State) -> None:
    far = graph(s).opposite[s.keep]
    for c in s.clearings:
        if c.id != far:
            s.edit(c.id).warriors["marquise"] = 1
    s.edit(s.keep).tokens.append("keep")


def place_wood(s: State, ctx: Ctx) -> list[int]:
    """Birdsong: wood at every sawmill; returns the sawmills left unserved when wood is short."""
    mills = [c.id for c in s.clearings for _ in range(c.buildings.count("sawmill"))]
    free = WOOD - count_on_map(s, "wood")
    if len(mills) <= free:
        for cid in mills:
            s.edit(cid).tokens.append("wood")
        if mills:
            ctx.say(f"The Marquise places wood at {count(len(mills), 'sawmill')}.")
        return []
    return mills if free > 0 else []


def connected_wood(s: State, cid: int) -> list[int]:
    """Clearings whose wood may pay a build at ``cid``: ruled, connected through ruled
    clearings, nearest first (L6.5.4). Wood is taken in this order."""
    seen = [cid]
    queue = [cid]
    g = graph(s)
    while queue:
        cur = queue.pop(0)
        for nxt in g.adj[cur]:
            if nxt not in seen and rules(s, "marquise", nxt):
                seen.append(nxt)
                queue.append(nxt)
    return seen


def build_options(s: State) -> list[Pick]:
    """Every building the Marquise can pay for, by clearing. The wood that pays a build is
    the wood of the ruled clearings connected to it (``connected_wood``): one group of
    clearings shares it, so each group's wood is counted once (issue 33)."""
    g = graph(s)
    ruled = {c.id for c in s.clearings if ruler(s, c.id) == "marquise"}
    prices = {
        kind: WOOD_COST[placed]
        for kind in BUILDINGS
        if (placed := count_on_map(s, kind)) < len(WOOD_COST)
    }
    wood_of: dict[int, int] = {}  # ruled clearing -> the wood of its connected group
    out = []
    for c in s.clearings:
        if c.id not in ruled or g.slots[c.id] - len(c.buildings) <= 0:
            continue
        if c.id not in wood_of:
            group = _group(g.adj, ruled, c.id)
            wood = sum(s.clearings[x - 1].tokens.count("wood") for x in group)
            wood_of.update(dict.fromkeys(group, wood))
        wood = wood_of[c.id]
        out += [
            pick(what="build", clearing=c.id, card=kind)
            for kind, price in prices.items()
            if price <= wood
        ]
    return out


def _group(adj: dict[int, list[int]], ruled: set[int], cid: int) -> list[int]:
    """``cid`` and the ruled clearings connected to it through ruled clearings."""
    seen = [cid]
    for cur in seen:
        seen += [x for x in adj[cur] if x in ruled and x not in seen]
    return seen


def build(s: State, p: Player, cid: int, kind: str, ctx: Ctx) -> None:
    placed = count_on_map(s, kind)
    cost = WOOD_COST[placed]
    for x in connected_wood(s, cid):
        while cost and "wood" in s.clearing(x).tokens:
            s.edit(x).tokens.remove("wood")
            cost -= 1
    s.edit(cid).buildings.append(kind)
    ctx.say(f"The Marquise builds a {kind} in clearing {cid}.")
    score(s, p, BUILD_VP[kind][placed], ctx, f"{kind} built")


def recruit(s: State, ctx: Ctx) -> None:
    """One warrior at each recruiter, as many as the supply allows (clearing order)."""
    free = SUPPLY["marquise"] - warriors_on_map(s, "marquise")
    for c in s.clearings:
        for _ in range(c.buildings.count("recruiter")):
            if free > 0:
                w = s.edit(c.id).warriors
                w["marquise"] = w.get("marquise", 0) + 1
                free -= 1
    ctx.say("The Marquise recruits at her recruiters.")


def daylight_actions(s: State, p: Player) -> Iterator[Pick | Move | Fight]:
    """The main menu: crafting first (before any action), then the actions (L6.5), each
    part listed only when reached."""
    t = s.turn
    if t.step == "m_craft":
        yield from (pick(what="craft", card=c) for c in craftable(s, p))
    if t.actions_left > 0:
        for cid, e in battles(s, p):
            yield fight(clearing=cid, defender=e.seat)
        if can_move(s, p):
            yield pick(what="march")
        if (
            not t.recruited
            and count_on_map(s, "recruiter")
            and (warriors_on_map(s, "marquise") < SUPPLY["marquise"])
        ):
            yield pick(what="recruit")
        yield from build_options(s)
        if count_on_map(s, "wood") < WOOD:
            g = graph(s)
            for c in s.clearings:
                if "sawmill" in c.buildings:
                    yield from (
                        pick(what="overwork", clearing=c.id, card=x)
                        for x in p.hand
                        if matches(x, g.suit[c.id])
                    )
    yield from (pick(what="bird_action", card=x) for x in p.hand if suit(x) == "bird")
