"""Woodland Alliance (root.md §14): supporters, sympathy, Revolt, Outrage, officers.

Supporters are spent only for their suit (birds wild). Which supporters pay is a choice of how
many birds to use; cards of the same suit are interchangeable for every later rule, so that
number is the whole decision (n = birds spent).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from itertools import combinations

from engines.core.context import Ctx
from engines.root.actions import Fight, Move, Pick, fight, pick
from engines.root.battle import battles
from engines.root.board import count_on_map, graph, pieces_of, warriors_on_map
from engines.root.cards import discard, matches, suit
from engines.root.coalition import is_enemy
from engines.root.movement import moves
from engines.root.outrage import BASES, bases_on_map, board
from engines.root.removal import (
    full_removal,
    remove_piece,
    remove_warriors,
    score,
    settle_seizure,
)
from engines.root.state import SUPPLY, Player, State

SYMPATHY_COST = (1, 1, 1, 2, 2, 2, 3, 3, 3, 3)
SYMPATHY_VP = (0, 1, 1, 1, 2, 2, 3, 4, 4, 4)


def sympathetic(s: State) -> list[int]:
    return [c.id for c in s.clearings if "sympathy" in c.tokens]


def pay_ways(s: State, need_suit: str, n: int) -> list[int]:
    """How many birds may pay ``n`` supporters of ``need_suit``: each feasible bird count."""
    plain, birds = _supporter_suits(s)
    return list(_bird_counts(plain.get(need_suit, 0), birds, n))


def _supporter_suits(s: State) -> tuple[dict[str, int], int]:
    """The supporters by suit (birds aside) and the birds among them."""
    count: dict[str, int] = {}
    for x in board(s).supporters:
        su = suit(x)
        count[su] = count.get(su, 0) + 1
    return count, count.get("bird", 0)


@lru_cache(maxsize=1024)
def _bird_counts(plain: int, birds: int, n: int) -> tuple[int, ...]:
    """Each number of birds that pays ``n`` supporters with ``plain`` of the suit at hand."""
    return tuple(b for b in range(0, n + 1) if b <= birds and n - b <= plain)


def pay(s: State, need_suit: str, n: int, birds: int) -> None:
    sup = board(s).supporters
    for want, k in ((need_suit, n - birds), ("bird", birds)):
        for _ in range(k):
            cid = next(x for x in sup if suit(x) == want)
            sup.remove(cid)
            discard(s, cid)


def spread_cost(s: State, cid: int) -> int:
    return _spread_cost(s, cid, count_on_map(s, "sympathy"))


def _spread_cost(s: State, cid: int, placed: int) -> int:
    """``spread_cost`` with the sympathy tokens on the map counted already."""
    if placed >= len(SYMPATHY_COST):
        return 99
    martial = any(n >= 3 for f, n in s.clearing(cid).warriors.items() if f != "alliance")
    return SYMPATHY_COST[placed] + int(martial)


# The most clearings one decision spreads to (a longer Birdsong takes another decision).
SPREAD_AT_ONCE = 3


def spread_plans(s: State) -> list[Pick]:
    """Spreading to several clearings in one decision (issue 29 "Fewer taps"): each set of
    2 or 3 clearings the Alliance can spread to one after another, in the first order (by
    clearing) that works, each paid with as few birds as it can. A shortcut for those
    single spreads, which stay on offer with every way to pay."""
    g = graph(s)
    sup = [suit(x) for x in board(s).supporters]
    placed = count_on_map(s, "sympathy")
    martial = {
        c.id: int(any(n >= 3 for f, n in c.warriors.items() if f != "alliance"))
        for c in s.clearings
    }
    open_ = [c.id for c in s.clearings if "sympathy" not in c.tokens and c.id != s.keep]
    first: dict[frozenset[int], tuple[int, ...]] = {}

    def walk(run: tuple[int, ...], have: set[int], plain: dict[str, int], birds: int) -> None:
        """Every run of spreads that can follow ``run``, each next to sympathy (anywhere
        while there is none), paid with as few birds as it can."""
        if len(run) >= 2:
            key = frozenset(run)
            if key not in first or run < first[key]:
                first[key] = run
        if len(run) == SPREAD_AT_ONCE or placed + len(run) >= len(SYMPATHY_COST):
            return
        for cid in open_:
            if cid in run or (have and have.isdisjoint(g.adj[cid])):
                continue
            cost = SYMPATHY_COST[placed + len(run)] + martial[cid]
            su = g.suit[cid]
            from_birds = max(0, cost - plain[su])
            if from_birds <= birds:
                left = {**plain, su: plain[su] - (cost - from_birds)}
                walk((*run, cid), have | {cid}, left, birds - from_birds)

    plain = {su: sup.count(su) for su in ("fox", "rabbit", "mouse")}
    walk((), set(sympathetic(s)), plain, sup.count("bird"))
    # In the order of the sets: by size, then by their clearings.
    ordered = sorted(first, key=lambda k: (len(k), sorted(k)))
    return [pick(what="spread", picks=tuple(map(str, first[k]))) for k in ordered]


def spread_targets(s: State) -> list[int]:
    g = graph(s)
    have = sympathetic(s)
    out = []
    for c in s.clearings:
        if "sympathy" in c.tokens or c.id == s.keep:
            continue
        if not have or any(n in have for n in g.adj[c.id]):
            out.append(c.id)
    return out


def revolt_targets(s: State) -> list[int]:
    g = graph(s)
    on_map = bases_on_map(s)
    out = []
    for cid in sympathetic(s):
        c = s.clearing(cid)
        base = f"base_{g.suit[cid]}"
        if base in on_map or any(b in BASES for b in c.buildings):
            continue
        enemy_buildings = sum(1 for b in c.buildings if b != "ruin")
        if g.slots[cid] - len(c.buildings) + enemy_buildings <= 0:
            continue
        out.append(cid)
    return out


def birdsong_options(s: State, p: Player) -> Iterator[Pick]:
    """Revolts, then spreads (L8.4), part by part as they are asked for; the supporters
    and the sympathy on the map are counted once for them all (issue 33)."""
    g = graph(s)
    yield pick(what="end_birdsong")
    plain, birds = _supporter_suits(s)
    if not s.turn.spreading:
        for cid in revolt_targets(s):
            for b in _bird_counts(plain.get(g.suit[cid], 0), birds, 2):
                yield pick(what="revolt", clearing=cid, n=b)
    placed = count_on_map(s, "sympathy")
    spreads = False
    for cid in spread_targets(s):
        cost = _spread_cost(s, cid, placed)
        for b in _bird_counts(plain.get(g.suit[cid], 0), birds, cost):
            spreads = True
            yield pick(what="spread", clearing=cid, n=b)
    if spreads:  # a run of spreads begins with a spread on offer alone
        yield from spread_plans(s)


def revolt(s: State, p: Player, cid: int, birds: int, ctx: Ctx) -> None:
    g = graph(s)
    su = g.suit[cid]
    pay(s, su, 2, birds)
    ctx.say(f"The Alliance revolts in clearing {cid}!")
    c = s.edit(cid)  # held through the removals, which change it
    for o in s.players:
        if not is_enemy(s, p, o):
            continue  # a coalition partner's pieces are not enemy pieces
        remove_warriors(s, cid, o, c.warriors.get(o.faction, 0), p, ctx, score_it=True)
        for kind in pieces_of(c, o.faction):
            remove_piece(s, cid, kind, p, ctx)
    full_removal(s, p, cid)
    c.buildings.append(f"base_{su}")
    free = SUPPLY["alliance"] - warriors_on_map(s, "alliance") - board(s).officers
    n = min(free, sum(1 for x in sympathetic(s) if g.suit[x] == su))
    if n:
        c.warriors["alliance"] = c.warriors.get("alliance", 0) + n
    if free - n > 0:
        board(s).officers += 1
    settle_seizure(s, ctx)


def spread_all(s: State, p: Player, cids: list[int], ctx: Ctx) -> None:
    """Spread to each clearing in turn, with as few birds as pay for it."""
    for cid in cids:
        spread(s, p, cid, pay_ways(s, graph(s).suit[cid], spread_cost(s, cid))[0], ctx)


def spread(s: State, p: Player, cid: int, birds: int, ctx: Ctx) -> None:
    placed = count_on_map(s, "sympathy")
    pay(s, graph(s).suit[cid], spread_cost(s, cid), birds)
    s.edit(cid).tokens.append("sympathy")
    s.turn.spreading = True
    ctx.say(f"The Alliance spreads sympathy to clearing {cid}.")
    score(s, p, SYMPATHY_VP[placed], ctx, "sympathy")


def daylight_options(s: State, p: Player) -> list[Pick]:
    out = mobilize_options(p)
    free = SUPPLY["alliance"] - warriors_on_map(s, "alliance") - board(s).officers
    if free > 0:
        g = graph(s)
        base_suits = {g.suit[c.id] for c in s.clearings for b in c.buildings if b in BASES}
        out += [
            pick(what="train", card=x) for x in p.hand if any(matches(x, su) for su in base_suits)
        ]
    return out


def mobilize_options(p: Player) -> list[Pick]:
    """Mobilize any set of hand cards in one decision (issue 29 "Fewer taps"), one card
    first, in hand order; copies of one card are offered once. A single card at a time
    keeps every order open (it matters only when a sixth supporter is discarded, L8.2.3)."""
    return list(_mobilizations(tuple(p.hand)))


@lru_cache(maxsize=4096)
def _mobilizations(hand: tuple[str, ...]) -> tuple[Pick, ...]:
    """``mobilize_options`` for a hand, built once per hand (the actions are frozen)."""
    out, seen = [], set()
    for k in range(1, len(hand) + 1):
        for cards in combinations(hand, k):
            key = tuple(sorted(x.split(".")[0] for x in cards))
            if key not in seen:
                seen.add(key)
                out.append(pick(what="mobilize", picks=cards))
    return tuple(out)


def ops_options(s: State, p: Player) -> Iterator[Pick | Move | Fight]:
    """Military Operations, one per officer (L8.6), part by part as they are asked for."""
    if s.turn.ops_left <= 0:
        return
    yield from moves(s, p)
    yield from (fight(clearing=cid, defender=e.seat) for cid, e in battles(s, p))
    free = SUPPLY["alliance"] - warriors_on_map(s, "alliance") - board(s).officers
    if free > 0:
        for c in s.clearings:
            if any(b in BASES for b in c.buildings):
                yield pick(what="a_recruit", clearing=c.id)
    if count_on_map(s, "sympathy") < len(SYMPATHY_COST):
        for c in s.clearings:
            if c.warriors.get("alliance", 0) and "sympathy" not in c.tokens and c.id != s.keep:
                yield pick(what="organize", clearing=c.id)


def organize(s: State, p: Player, cid: int, ctx: Ctx) -> None:
    placed = count_on_map(s, "sympathy")
    c = s.edit(cid)
    c.warriors["alliance"] -= 1
    if not c.warriors["alliance"]:
        del c.warriors["alliance"]
    c.tokens.append("sympathy")
    ctx.say(f"The Alliance organizes in clearing {cid}.")
    score(s, p, SYMPATHY_VP[placed], ctx, "sympathy")
