"""The Vagabond (root.md §15): items, forests, Slip, the Daylight actions, relationships.

Item choices name an item by its index in the Vagabond's item list; only one index per
distinct item state (kind, face, damage, track) is offered, since identical items are
interchangeable.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from engines.core.context import Ctx
from engines.core.words import count
from engines.root.actions import Fight, Pick, fight, pick
from engines.root.board import graph, has_piece, trail_key
from engines.root.cards import draw, matches, suit
from engines.root.coalition import is_enemy
from engines.root.content import COST_SUIT, card, characters, quests
from engines.root.removal import name, score
from engines.root.state import OWNER, Item, Pending, Player, State, Vagabond

TRACK_KINDS = ("tea", "coin", "sack")
TRACK_SPACES = 3  # each track holds three items of its kind (L9.2.5)
STEP_NEXT = {"indifferent": "1", "1": "2", "2": "allied"}
STEP_AIDS = {"indifferent": 1, "1": 2, "2": 3}
STEP_VP = {"indifferent": 1, "1": 2, "2": 2}
ITEM_LIMIT = 6


def vb(s: State) -> Vagabond:
    assert s.vagabond is not None
    return s.vagabond


def at(s: State) -> int | None:
    """The clearing the pawn stands in, or None in a forest."""
    where = vb(s).where
    return int(where) if where.isdigit() else None


def usable(v: Vagabond, kind: str) -> list[int]:
    return [
        i for i, it in enumerate(v.items) if it.kind == kind and not it.exhausted and not it.damaged
    ]


def distinct(v: Vagabond, idxs: list[int]) -> list[int]:
    seen: set[tuple[str, bool, bool, bool]] = set()
    out = []
    for i in idxs:
        key = _state(v.items[i])
        if key not in seen:
            seen.add(key)
            out.append(i)
    return out


def sets(v: Vagabond, idxs: list[int], k: int) -> list[tuple[int, ...]]:
    """The ways to take ``k`` of the items ``idxs`` (all of them if fewer), one per multiset
    of item states: identical items are interchangeable. Each way takes the first items of
    each state, so a menu can name them "boot", "boot (2nd)"."""
    seen: set[tuple[tuple[str, bool, bool, bool], ...]] = set()
    out = []
    for combo in combinations(idxs, min(k, len(idxs))):
        key = tuple(sorted(_state(v.items[i]) for i in combo))
        if key not in seen:
            seen.add(key)
            out.append(combo)
    return out


def _state(it: Item) -> tuple[str, bool, bool, bool]:
    return (it.kind, it.exhausted, it.damaged, it.track)


def exhaust(v: Vagabond, kind: str, n: int = 1) -> None:
    for i in usable(v, kind)[:n]:
        v.set_item(i, exhausted=True, track=False)


def damage(v: Vagabond, i: int) -> None:
    v.set_item(i, damaged=True, track=False)


def gain(v: Vagabond, kind: str) -> None:
    v.items.append(Item(kind=kind))
    settle_tracks(v)


def settle_tracks(v: Vagabond) -> None:
    """L9.2.5 Item Tracks: a face-up undamaged tea, coin or sack in the Satchel goes onto its
    track while the track has room, so one refreshed or repaired there counts again."""
    for i, it in enumerate(v.items):
        if (
            it.kind in TRACK_KINDS
            and not (it.track or it.exhausted or it.damaged)
            and on_track(v, it.kind) < TRACK_SPACES
        ):
            v.set_item(i, track=True)


def on_track(v: Vagabond, kind: str) -> int:
    return sum(1 for it in v.items if it.kind == kind and it.track)


def setup(s: State, p: Player, character: str, ctx: Ctx) -> None:
    v = vb(s)
    v.character = character
    for kind in characters()[character].items:
        gain(v, kind)
    ctx.say(f"The Vagabond is the {characters()[character].name}.")
    s.pending.append(Pending(seat=p.seat, kind="forest"))


# -- movement ------------------------------------------------------------------------------


def hostile_warriors(s: State, cid: int) -> bool:
    v = vb(s)
    c = s.clearing(cid)
    return any(v.relations.get(f) == "hostile" and n > 0 for f, n in c.warriors.items())


def destinations(s: State, slip: bool) -> list[tuple[str, bool]]:
    """(destination, closed barren trail) pairs; forests only by Slip (L9.2.10, L9.4.2)."""
    g = graph(s)
    rec = g.rec
    v = vb(s)
    here = at(s)
    out: list[tuple[str, bool]] = []
    if here is not None:
        for n in g.adj[here]:
            closed = g.is_barren(here, n) and trail_key(here, n) not in s.turn.activated
            out.append((str(n), closed))
        if slip:
            out += [(f, False) for f, cl in rec.forests.items() if here in cl]
    else:
        out += [(str(c), False) for c in rec.forests[v.where]]
        if slip:
            for a, b in rec.forest_adjacency:
                if v.where in (a, b):
                    out.append((b if a == v.where else a, False))
    return out


def move_options(s: State, p: Player, slip: bool) -> Iterator[Pick]:
    """His moves (or Slips), destination by destination as they are asked for."""
    v = vb(s)
    what = "slip" if slip else "v_move"
    boots = len(usable(v, "boot"))
    for dest, closed in destinations(s, slip):
        need = 0 if slip else 1 + int(dest.isdigit() and hostile_warriors(s, int(dest)))
        if boots < need:
            continue
        pays: list[Pick] = []
        if not closed:
            pays.append(pick(what=what, card=dest, card2="none"))
        else:
            if p.water > 0:
                pays.append(pick(what=what, card=dest, card2="water"))
            for i in distinct(v, [i for i, it in enumerate(v.items) if not it.damaged]):
                it = v.items[i]
                spends_boot = it.kind == "boot" and not it.exhausted
                if boots - int(spends_boot) >= need:
                    pays.append(pick(what=what, card=dest, card2="item", n=i))
        yield from pays
        if not slip and dest.isdigit():
            for f, w in allied_here(s).items():
                for k in range(1, w + 1):
                    for pay in pays:
                        yield pick(what=what, card=dest, card2=pay.card2, n=pay.n, ally=f, escort=k)


def allied_here(s: State) -> dict[str, int]:
    """Warriors of Allied factions in his clearing, which may move or fight with him."""
    v = vb(s)
    cid = at(s)
    if cid is None:
        return {}
    c = s.clearing(cid)
    return {f: n for f, n in sorted(c.warriors.items()) if n > 0 and v.relations.get(f) == "allied"}


def do_move(s: State, p: Player, a: Pick, ctx: Ctx) -> None:
    v = vb(s)
    here = at(s)
    if a.card2 == "water":
        p.water -= 1
        s.supply_water += 1
    elif a.card2 == "item":
        ctx.say(f"The Vagabond damages a {v.items[a.n].kind} to open the barren trail.")
        damage(v, a.n)
    if a.card2 != "none" and here is not None and s.options.barren_activation_scope == "turn":
        s.turn.activated.append(trail_key(here, int(a.card)))
    if a.what == "v_move":
        need = 1 + int(a.card.isdigit() and hostile_warriors(s, int(a.card)))
        exhaust(v, "boot", need)
    if a.ally and here is not None:  # forced along: no Outrage, his activation (L1.5.5)
        src, dst = s.edit(here), s.edit(int(a.card))
        src.warriors[a.ally] -= a.escort
        if not src.warriors[a.ally]:
            del src.warriors[a.ally]
        dst.warriors[a.ally] = dst.warriors.get(a.ally, 0) + a.escort
        ctx.say(f"The Vagabond takes {count(a.escort, 'Allied warrior')} along.")
    v.where = a.card
    place = f"clearing {a.card}" if a.card.isdigit() else f"forest {a.card}"
    ctx.say(f"The Vagabond {'slips' if a.what == 'slip' else 'moves'} to {place}.")


# -- Daylight ------------------------------------------------------------------------------


def fights(s: State, p: Player) -> list[Fight]:
    cid = at(s)
    if cid is None or not usable(vb(s), "sword"):
        return []
    c = s.clearing(cid)
    allies = allied_here(s)
    out = []
    for o in s.players:
        if not is_enemy(s, p, o) or not has_piece(c, o.faction):
            continue  # never his coalition partner (L4.3; FAQ)
        out.append(fight(clearing=cid, defender=o.seat))
        out += [fight(clearing=cid, defender=o.seat, ally=f) for f in allies if f != o.faction]
    return out


def daylight_options(s: State, p: Player) -> Iterator[Pick | Fight]:
    """His Daylight actions (L9.5), part by part as they are asked for."""
    v = vb(s)
    yield from move_options(s, p, slip=False)
    yield from fights(s, p)
    cid = at(s)
    if cid is None:
        return
    su = graph(s).suit[cid]
    c = s.clearing(cid)
    torch = bool(usable(v, "torch"))
    if torch and "ruin" in c.buildings and str(cid) in s.ruin_items:
        yield pick(what="explore")
    ready = distinct(v, [i for i, it in enumerate(v.items) if not it.exhausted and not it.damaged])
    cards = sorted({x for x in p.hand if matches(x, su)})
    for o in s.players:
        if o.seat == p.seat or not has_piece(c, o.faction):
            continue
        takes = ["", *sorted(set(o.items))]
        yield from (
            pick(what="aid", clearing=o.seat, card=x, card2=take, n=i)
            for x in cards
            for i in ready
            for take in takes
        )
    for q in v.quests:
        key, qsuit = q.split(".")
        need = quests()[key].items
        if qsuit == su and all(len(usable(v, k)) >= need.count(k) for k in set(need)):
            yield from (pick(what="quest", card=q, n=0), pick(what="quest", card=q, n=1))
    if usable(v, "crossbow"):
        for o in s.players:
            if not is_enemy(s, p, o):
                continue  # Strike removes an enemy's piece (L9.5.6)
            if c.warriors.get(o.faction, 0):
                yield pick(what="strike", clearing=o.seat, card="warrior")
            elif has_piece(c, o.faction):
                from_board = [x for x in [*c.buildings, *c.tokens] if x != "ruin"]
                kinds = sorted({x for x in from_board if _owner_is(x, o)})
                yield from (pick(what="strike", clearing=o.seat, card=k) for k in kinds)
    hammers = len(usable(v, "hammer"))
    if hammers:
        yield from (
            pick(what="repair", n=i)
            for i in distinct(v, [i for i, it in enumerate(v.items) if it.damaged])
        )
        yield from (pick(what="craft", card=x) for x in v_craftable(s, p, su, hammers))
    if torch:
        yield from _special(s, p, cid)


def _owner_is(kind: str, o: Player) -> bool:
    return OWNER.get(kind) == o.faction


def v_craftable(s: State, p: Player, su: str, hammers: int) -> list[str]:
    out = []
    for x in p.hand:
        rec = card(x)
        if not rec.cost or rec.type in ("ambush", "dominance") or len(rec.cost) > hammers:
            continue
        if any(COST_SUIT[ch] not in (su, "any") for ch in rec.cost):
            continue
        if rec.type == "item" and s.supply_items.get(rec.item, 0) <= 0:
            continue
        if rec.type == "persistent" and any(card(y).key == rec.key for y in p.persistent):
            continue
        out.append(x)
    return out


def _special(s: State, p: Player, cid: int) -> list[Pick]:
    v = vb(s)
    c = s.clearing(cid)
    if v.character == "thief":
        return [
            pick(what="steal", clearing=o.seat)
            for o in s.players
            if o.seat != p.seat and has_piece(c, o.faction) and o.hand
        ]
    if v.character == "tinker":
        su = graph(s).suit[cid]
        return [
            pick(what="day_labor", card=x)
            for x in sorted(set(s.discard))
            if suit(x) in (su, "bird")
        ]
    if any(it.damaged for it in v.items):
        return [pick(what="hideout")]
    return []


def aid(s: State, p: Player, a: Pick, ctx: Ctx) -> None:
    v = vb(s)
    o = s.players[a.clearing]
    v.set_item(a.n, exhausted=True, track=False)
    p.hand.remove(a.card)
    o.hand.append(a.card)
    ctx.say(f"The Vagabond aids {name(o)} with a card.")
    if a.card2:
        o.items.remove(a.card2)
        gain(v, a.card2)
        ctx.say(f"The Vagabond takes a {a.card2} from {name(o)}.")
    rel = v.relations.get(o.faction, "indifferent")
    if rel == "allied":
        score(s, p, 2, ctx, "aiding an ally")
    elif rel in STEP_NEXT:
        v.aids[o.faction] = v.aids.get(o.faction, 0) + 1
        if v.aids[o.faction] >= STEP_AIDS[rel]:
            v.relations[o.faction] = STEP_NEXT[rel]
            v.aids[o.faction] = 0
            ctx.say(f"The Vagabond's relationship with {name(o)} improves.")
            score(s, p, STEP_VP[rel], ctx, "relationship")


def quest(s: State, p: Player, a: Pick, ctx: Ctx) -> None:
    v = vb(s)
    key, qsuit = a.card.split(".")
    for k in quests()[key].items:
        exhaust(v, k)
    v.quests.remove(a.card)
    v.done_quests.append(a.card)
    ctx.say(f"The Vagabond completes the quest {quests()[key].name} ({qsuit}).")
    if a.n == 0:
        done = sum(1 for q in v.done_quests if q.endswith("." + qsuit))
        score(s, p, done, ctx, "quest")
    else:
        draw(s, p, 2, ctx)
    if v.quest_deck:
        v.quests.append(v.quest_deck.pop())


def explore(s: State, p: Player, ctx: Ctx) -> None:
    v = vb(s)
    cid = at(s)
    assert cid is not None
    exhaust(v, "torch")
    kind = s.ruin_items.pop(str(cid))
    gain(v, kind)
    s.edit(cid).buildings.remove("ruin")
    ctx.say(f"The Vagabond explores the ruin in clearing {cid} and finds a {kind}.")
    score(s, p, 1, ctx, "exploring")


def steal(s: State, p: Player, victim: Player, ctx: Ctx) -> None:
    exhaust(vb(s), "torch")
    with ctx.rng(s) as rng:
        x = victim.hand.pop(rng.below(len(victim.hand)))
    p.hand.append(x)
    ctx.say(f"The Vagabond steals a card from {name(victim)}.")
    ctx.say(f"You steal {card(x).name} ({suit(x)}).", to=p.seat)


def evening(s: State, p: Player, ctx: Ctx) -> int:
    """Rest in a forest, then the Evening draw bonus: coins on the track (L9.6)."""
    v = vb(s)
    if at(s) is None:
        for i, it in enumerate(v.items):
            if it.damaged:  # back to the Satchel face up (L9.6)
                v.set_item(i, damaged=False, exhausted=False)
        settle_tracks(v)
        ctx.say("The Vagabond rests in the forest and repairs every item.")
    v.aids = {}
    return on_track(v, "coin")


def over_limit(s: State) -> int:
    v = vb(s)
    held = sum(1 for it in v.items if not it.track)
    return max(0, held - ITEM_LIMIT - 2 * on_track(v, "sack"))


def refresh_count(s: State) -> int:
    v = vb(s)
    n = 3 + 2 * on_track(v, "tea")
    return min(n, sum(1 for it in v.items if it.exhausted))


def lose_item(s: State, i: int) -> None:
    del vb(s).items[i]
