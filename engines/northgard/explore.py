"""Exploring: drawing and placing a map tile, closing fame, lairs and the follow-up move
(northgard.md §5.2, §3 step L)."""

from __future__ import annotations

from functools import lru_cache

from engines.core.context import Ctx
from engines.core.words import count
from engines.northgard.board import (
    answer,
    ask,
    controlled,
    gain_fame,
    gmap,
    handler,
    hostile_at,
    place,
    push,
    shares,
    task,
    units_in,
    who,
)
from engines.northgard.content import content
from engines.northgard.geometry import merge_groups, rotations, touching
from engines.northgard.names import tile_name
from engines.northgard.state import Beast, Placed, State, Task

# What a territory next to a free cell holds, as far as placing a tile there goes: the seats
# with units in it, and whether a non-sharing creature stands there.
Holds = tuple[frozenset[int], bool]
_SOMEONE, _NOBODY = frozenset({0}), frozenset[int]()


def placements(s: State, seat: int, tile: str, setup: bool = False) -> list[tuple[str, str]]:
    """Legal (cell, rotation) choices for a drawn tile (§5.2 steps 1-2)."""
    m = gmap(s)
    mine = set(controlled(s, seat))
    anchored: list[tuple[str, str]] = []
    anywhere: list[tuple[str, str]] = []
    name = tile_name(tile)
    rots = rotations(tile)
    fights = not setup and s.options.merge_conflict == "combat_explorer_attacks"
    # Who has units where, and where a non-sharing creature stands, read once for all cells.
    owners = {terr: frozenset(here) for terr in s.units if (here := units_in(s, terr))}
    hostile = {b.at for b in s.beasts if not shares(s, b.card)}
    held = owners.keys()
    for (x, y), (joins, joined, near) in m.free_cells().items():
        # A conflict needs two territories joined, and two players' units among them or
        # units and a non-sharing creature; at setup a piece must join no territory with
        # units. On most cells no turn of the tile can break either rule, so the turns are
        # not looked at.
        peopled = joined & held if joined else joined
        check = False
        if not fights and len(joined) > 1 and peopled:
            seats = frozenset().union(*(owners[t] for t in peopled))
            check = len(seats) > 1 or not hostile.isdisjoint(joined)
        opts = _placements_at(name, x, y, rots)
        if check or (setup and peopled):
            # The turns depend on which segments face the same territory and on what each
            # holds, not on the territories' ids: asked once per such pattern.
            label: dict[str, int] = {}
            pattern = tuple(None if t is None else label.setdefault(t, len(label)) for t in joins)
            if check:
                holds = tuple((owners.get(t, frozenset()), t in hostile) for t in label)
            else:
                # At setup with no conflict to look for, only whether a territory holds
                # units counts: one answer for all the seats that may hold them.
                holds = tuple((_SOMEONE if t in owners else _NOBODY, False) for t in label)
            kept = _fitting_turns(tile, pattern, holds, check, setup)
            opts = tuple(opt for opt, fits in zip(opts, kept, strict=True) if fits)
        anywhere += opts
        if not near.isdisjoint(mine):
            anchored += opts
    if setup or s.options.explore_anchor == "any":
        return anywhere
    return anchored or anywhere


@lru_cache(maxsize=8192)
def _fitting_turns(
    tile: str,
    pattern: tuple[int | None, ...],
    holds: tuple[Holds, ...],
    check: bool,
    setup: bool,
) -> tuple[bool, ...]:
    """Per turn of the tile, whether it may go on a cell whose segments face the territories
    numbered in ``pattern`` (None: nothing to join), holding ``holds``: with ``check``, no
    merge may put two players, or units and a non-sharing creature, together; at setup, a
    piece must join no territory with units."""
    fits = []
    for rot in rotations(tile):
        touched = touching(tile, rot, pattern)
        ok = True
        if check:
            for g in merge_groups(touched):
                seats = frozenset().union(*(holds[t][0] for t in g))
                if len(seats) > 1 or (seats and any(holds[t][1] for t in g)):
                    ok = False
        if setup and all(any(holds[t][0] for t in j) for j in touched.values()):
            ok = False
        fits.append(ok)
    return tuple(fits)


@lru_cache(maxsize=4096)
def _placements_at(name: str, x: int, y: int, rots: tuple[int, ...]) -> tuple[tuple[str, str], ...]:
    """The options placing the tile named ``name`` on a cell, one per turn (the same words
    every time they are offered)."""
    return tuple(
        (f"at:{x},{y},{rot}", f"place {name} at ({x},{y}) turned {rot * 90}°") for rot in rots
    )


def _rekey(s: State) -> None:
    """Territory ids change when territories merge: move everything to the new ids (what
    stands where no id changed is left as it is)."""
    root = gmap(s).root
    if any(root[terr] != terr for terr in s.units):
        units: dict[str, dict[str, int]] = {}
        for terr, here in s.units.items():
            dest = units.setdefault(root[terr], {})
            for k, v in here.items():
                dest[k] = dest.get(k, 0) + v
        s.units = units
    if any(root[terr] != terr for terr in s.buildings):
        builds: dict[str, list[str]] = {}
        for terr, bl in s.buildings.items():
            builds.setdefault(root[terr], []).extend(bl)
        s.buildings = {terr: tuple(bl) for terr, bl in builds.items()}
    if any(root[b.at] != b.at for b in s.beasts):
        s.beasts = [
            b if root[b.at] == b.at else Beast(card=b.card, at=root[b.at]) for b in s.beasts
        ]
    if s.kaija and root[s.kaija] != s.kaija:
        s.kaija = root[s.kaija]
    if s.scorched and root[s.scorched] != s.scorched:
        s.scorched = root[s.scorched]


def close_fame(s: State, size: int) -> int:
    if s.options.close_fame == "1_1_2":
        return 1 if size <= 2 else 2
    return min(size, 3)


def place_tile(s: State, seat: int, tile: str, code: str, ctx: Ctx, setup: bool = False) -> int:
    """Put the tile down, merge, pay closing fame; returns its placement index."""
    x, y, rot = (int(v) for v in code.split(":")[1].split(","))
    before = gmap(s)
    s.tiles.append(Placed(tile=tile, x=x, y=y, rot=rot))
    idx = len(s.tiles) - 1
    _rekey(s)
    m = gmap(s)
    ctx.say(f"{who(s, seat)} places {tile_name(tile)} at ({x},{y}), turned {rot * 90}°.")
    if setup:
        return idx
    for terr in m.order():
        t = m.territories[terr]
        if not t.closed:
            continue
        fresh = idx in t.tiles
        was_open = terr in before.territories and not before.territories[terr].closed
        if fresh or was_open:
            size = count(t.size, "tile")
            why = f"closing {place(s, terr)}, {size}"
            gain_fame(s, seat, close_fame(s, t.size), why, ctx)
    return idx


@handler("explore")
def _explore(s: State, t: Task, ctx: Ctx) -> None:
    if not s.map_pile:
        ctx.say("The map pile is empty: nothing to explore.")
        return
    ctx.reveal()
    if s.players[t.seat].clan == "RAVEN" and len(s.map_pile) >= 2:
        # Far sight: look at 2, place 1, the other goes under the pile.
        two, s.map_pile = list(s.map_pile[:2]), s.map_pile[2:]
        ask(
            s,
            "raven_pick",
            [t.seat],
            [(f"tile:{k}", f"keep {tile_name(k)} to place") for k in two],
            tiles=two,
        )
        return
    tile, s.map_pile = s.map_pile[0], s.map_pile[1:]
    _offer(s, t.seat, tile, ctx)


@answer("raven_pick")
def _raven(s: State, seat: int, code: str, ctx: Ctx) -> None:
    assert s.pending is not None
    two = [str(k) for k in s.pending.data["tiles"]]
    s.pending = None
    keep = code.split(":")[1]
    s.map_pile = (*s.map_pile, next(k for k in two if k != keep))
    _offer(s, seat, keep, ctx)


def _offer(s: State, seat: int, tile: str, ctx: Ctx) -> None:
    opts = placements(s, seat, tile)
    if not opts:
        s.map_pile = (*s.map_pile, tile)
        ctx.say(f"{who(s, seat)} cannot place {tile_name(tile)}; it goes under the pile.")
        return
    ask(s, "place", [seat], opts, tile=tile)


@answer("place")
def _place(s: State, seat: int, code: str, ctx: Ctx) -> None:
    assert s.pending is not None
    tile = str(s.pending.data["tile"])
    s.pending = None
    idx = place_tile(s, seat, tile, code, ctx)
    m = gmap(s)
    follow = (
        [task("follow_up", seat, tile=idx)] if s.options.explore_follow_up == "one_step" else []
    )
    spawns = []
    for terr in m.tile_territories(idx):
        for pid in m.territories[terr].pieces:
            i, letter = int(pid[:-1]), pid[-1]
            if i != idx:
                continue
            p = content().pieces[(tile, letter)]
            spawns += [task("spawn", seat, at=terr) for _ in range(p.lairs)]
            if "den" in p.features:
                spawns.append(task("wyvern_emerges", seat, at=terr))
    push(s, task("merge_fights", seat, tile=idx), *spawns, *follow)


@handler("merge_fights")
def _merge_fights(s: State, t: Task, ctx: Ctx) -> None:
    """merge_conflict=combat_explorer_attacks: a merge that brought two players, or units
    and a non-sharing creature, together starts a fight, the explorer attacking (the first
    player in turn order when the explorer has no units there); one fight at a time."""
    from engines.northgard.board import order
    from engines.northgard.movement import start_group

    m = gmap(s)
    for terr in m.tile_territories(int(t.data["tile"])):
        here = units_in(s, terr)
        if len(here) < 2 and not (here and hostile_at(s, terr)):
            continue
        attacker = t.seat if t.seat in here else next(k for k in order(s) if k in here)
        g = start_group(s, attacker, terr, here[attacker], steps=0, bonus=0, flags={})
        ctx.say(f"The new tile joins rivals in {place(s, terr)}: {who(s, attacker)} attacks.")
        push(s, task("combat", attacker, terr=terr, attacker=attacker, group=g), t)
        return


@handler("follow_up")
def _follow_up(s: State, t: Task, ctx: Ctx) -> None:
    from engines.northgard.movement import can_enter

    m = gmap(s)
    idx = int(t.data["tile"])
    targets = m.tile_territories(idx)
    opts: list[tuple[str, str]] = []
    for src in controlled(s, t.seat):
        n = units_in(s, src).get(t.seat, 0)
        for dst in targets:
            if dst == src or dst not in m.territories[src].adjacent:
                continue
            if not can_enter(s, t.seat, src, dst, steps_left_after=0):
                continue
            opts += [
                (
                    f"follow:{src}>{dst}:{k}",
                    f"move {count(k, 'unit')} from {place(s, src)} to {place(s, dst)}",
                )
                for k in range(1, n + 1)
            ]
    if opts:
        ask(s, "follow_up", [t.seat], [("follow:none", "stay put"), *opts])


@answer("follow_up")
def _followed(s: State, seat: int, code: str, ctx: Ctx) -> None:
    from engines.northgard.movement import start_group, step_into

    s.pending = None
    if code == "follow:none":
        return
    path, k = code.split(":")[1], int(code.split(":")[2])
    src, dst = path.split(">")
    g = start_group(s, seat, src, k, steps=1, bonus=0, flags={})
    step_into(s, g, dst, ctx)
