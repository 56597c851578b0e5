"""Moves (root.md §7) and barren-trail activation (§16.3).

A move along a closed barren trail carries its payment: 1 WATER, or one more of the mover's
warriors from the origin, removed before the rule check (activation_rule_check=after_payment).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from engines.core.context import Ctx
from engines.core.words import count
from engines.root.actions import Move, move
from engines.root.board import graph, presence_of, ruler, ruler_of, trail_key
from engines.root.outrage import outrage
from engines.root.removal import name, remove_warriors
from engines.root.state import Player, State


def _rules_after(s: State, p: Player, src: int, dst: int, removed: int) -> bool:
    """Does ``p`` rule ``src`` or ``dst`` once ``removed`` of its warriors leave ``src``?"""
    if ruler(s, dst) == p.faction:
        return True
    if removed == 0:
        return ruler(s, src) == p.faction
    c = s.clearing(src)
    left = dict(c.warriors)
    left[p.faction] -= removed
    return ruler_of(left, c.buildings) == p.faction and presence_of(left, c, p.faction) > 0


def moves(s: State, p: Player, sources: list[int] | None = None, card: str = "") -> Iterator[Move]:
    """Every move ``p`` may make (from ``sources`` only, if given), clearing by clearing as
    they are asked for."""
    g = graph(s)
    # Who rules each clearing, once: a move needs the origin or the destination (L4.2.1).
    mine = [ruler(s, c.id) == p.faction for c in s.clearings]
    for c in s.clearings:
        w = c.warriors.get(p.faction, 0)
        if w == 0 or (sources is not None and c.id not in sources):
            continue
        for dst in g.adj[c.id]:
            closed = g.is_barren(c.id, dst) and trail_key(c.id, dst) not in s.turn.activated
            free = mine[dst - 1] or mine[c.id - 1]  # the rule when no warrior pays
            if not closed:
                if free:
                    yield from _path(c.id, dst, w, "none", card)
                continue
            if p.water > 0 and free:
                yield from _path(c.id, dst, w, "water", card)
            if w >= 2 and _rules_after(s, p, c.id, dst, 1):
                yield from _path(c.id, dst, w - 1, "warrior", card)


@lru_cache(maxsize=8192)
def _path(src: int, dst: int, most: int, pay: str, card: str) -> tuple[Move, ...]:
    """The moves of 1 to ``most`` warriors along one path (made once: moves are frozen)."""
    return tuple(move(src=src, dst=dst, n=n, pay=pay, card=card) for n in range(1, most + 1))


def can_move(s: State, p: Player) -> bool:
    """Whether ``moves`` holds any move: the first way found answers."""
    g = graph(s)
    for c in s.clearings:
        w = c.warriors.get(p.faction, 0)
        if w == 0:
            continue
        for dst in g.adj[c.id]:
            closed = g.is_barren(c.id, dst) and trail_key(c.id, dst) not in s.turn.activated
            if (not closed or p.water > 0) and _rules_after(s, p, c.id, dst, 0):
                return True
            if closed and w >= 2 and _rules_after(s, p, c.id, dst, 1):
                return True
    return False


def do_move(s: State, p: Player, m: Move, ctx: Ctx) -> None:
    if m.pay == "water":
        p.water -= 1
        s.supply_water += 1
        ctx.say(f"{name(p)} pays 1 WATER to open the barren trail {trail_key(m.src, m.dst)}.")
    elif m.pay == "warrior":
        ctx.say(f"{name(p)} gives up a warrior to open the barren trail {trail_key(m.src, m.dst)}.")
        if s.options.activation_triggers_field_hospitals:
            remove_warriors(s, m.src, p, 1, None, ctx, score_it=False)
        else:
            s.edit(m.src).warriors[p.faction] -= 1
    if m.pay != "none" and s.options.barren_activation_scope == "turn":
        s.turn.activated.append(trail_key(m.src, m.dst))
    src, dst = s.edit(m.src), s.edit(m.dst)
    src.warriors[p.faction] -= m.n
    if not src.warriors[p.faction]:
        del src.warriors[p.faction]
    dst.warriors[p.faction] = dst.warriors.get(p.faction, 0) + m.n
    ctx.say(f"{name(p)} moves {count(m.n, 'warrior')} from clearing {m.src} to {m.dst}.")
    if p.faction != "alliance" and "sympathy" in dst.tokens:
        outrage(s, p, m.dst, ctx)
