"""Crafting (root.md §9): items score, favors resolve, persistent cards stay in play."""

from __future__ import annotations

from engines.core.context import Ctx
from engines.root import vagabond
from engines.root.board import graph, pieces_of
from engines.root.cards import discard, mark_crafted
from engines.root.coalition import is_enemy
from engines.root.content import card
from engines.root.removal import (
    full_removal,
    name,
    remove_piece,
    remove_warriors,
    score,
    settle_seizure,
)
from engines.root.state import Player, State


def craft(s: State, p: Player, cid: str, ctx: Ctx) -> None:
    """Craft a card (L4.1.2): items score, favors resolve, persistent cards stay in play."""
    if p.faction == "vagabond":
        vagabond.exhaust(vagabond.vb(s), "hammer", len(card(cid).cost))
    else:
        mark_crafted(s, p, cid)
    p.hand.remove(cid)
    rec = card(cid)
    ctx.say(f"{name(p)} crafts {rec.name}.")
    if rec.type == "item":
        s.supply_items[rec.item] -= 1
        if p.faction == "vagabond":
            vagabond.gain(vagabond.vb(s), rec.item)
        else:
            p.items.append(rec.item)
        e = s.eyrie
        builder = e is not None and e.leader == "builder"
        vp = 1 if p.faction == "eyrie" and not builder else rec.vp
        score(s, p, vp, ctx, f"crafted {rec.item}")
        discard(s, cid)
    elif rec.type == "immediate":
        _favor(s, p, rec.suit, ctx)
        discard(s, cid)
    else:
        p.persistent.append(cid)


def _favor(s: State, p: Player, favor_suit: str, ctx: Ctx) -> None:
    """Remove every enemy piece in the clearings of the suit (C; FAQ)."""
    g = graph(s)
    for cid, su in g.suit.items():
        if su != favor_suit:
            continue
        c = s.edit(cid)  # held through the removals, which change it
        for o in s.players:
            if not is_enemy(s, p, o):
                continue  # a coalition partner's pieces are not enemy pieces
            remove_warriors(s, cid, o, c.warriors.get(o.faction, 0), p, ctx, score_it=True)
            for kind in pieces_of(c, o.faction):
                remove_piece(s, cid, kind, p, ctx)
        full_removal(s, p, c.id)
    settle_seizure(s, ctx)
