"""Resolving queued decisions (root.md §4, §8, §12–§16): setup picks, battle windows, forced
discards and faction choices owed by a seat other than (or before) the active turn.
"""

from __future__ import annotations

from engines.core.context import Ctx
from engines.core.words import count
from engines.root import battle, eyrie, marquise, vagabond
from engines.root.actions import AnyAction, Pick
from engines.root.board import pieces_of
from engines.root.cards import discard, draw, spend
from engines.root.describe import cname
from engines.root.outrage import gain_supporter
from engines.root.phases import to_daylight
from engines.root.removal import count_casualty, name, remove_piece, remove_warriors, score
from engines.root.state import Pending, Player, State


def resolve_pending(s: State, p: Player, pd: Pending, a: AnyAction, ctx: Ctx) -> None:
    assert isinstance(a, Pick)
    w = a.what
    if w == "keep":
        s.keep = a.clearing
        marquise.garrison(s)
        ctx.say(f"The Marquise builds the keep in clearing {a.clearing}.")
        for kind in marquise.BUILDINGS:
            s.pending.append(Pending(seat=p.seat, kind="setup_build", card=kind))
    elif w == "setup_build":
        s.edit(a.clearing).buildings.append(a.card)
        ctx.say(f"The Marquise starts with a {a.card} in clearing {a.clearing}.")
    elif w == "leader":
        e = s.eyrie
        assert e is not None
        eyrie.set_leader(e, a.card)
        ctx.say(f"The Eyrie follow a new leader: the {a.card.capitalize()}.")
    elif w == "hospital":
        spend(s, p, a.card)
        c = s.edit(s.keep)
        c.warriors["marquise"] = c.warriors.get("marquise", 0) + pd.count
        ctx.say(f"Field Hospitals bring {count(pd.count, 'warrior')} back to the keep.")
    elif w == "surrender_water":
        owner = s.players[pd.other]
        owner.water -= 1
        p.water += 1
        ctx.say(f"{name(owner)} surrenders 1 WATER to {name(p)}.")
    elif w == "surrender_vp":
        score(s, p, 1, ctx, "piece removed")
    elif w == "seize":
        owner = s.players[pd.other]
        owner.water -= 1
        p.water += 1
        ctx.say(f"{name(p)} seizes 1 WATER from {name(owner)}.")
    elif w == "hit":
        remove_piece(s, pd.clearing, a.card, s.players[pd.other], ctx)
        if pd.count > 1:
            rest = pieces_of(s.clearing(pd.clearing), p.faction)
            if rest:
                s.pending.insert(0, pd.model_copy(update={"count": pd.count - 1}))
    elif w == "ambush":
        battle.play_ambush(s, a.card, ctx)
    elif w == "counter":
        battle.counter_ambush(s, a.card, ctx)
    elif w == "no_counter" and s.battle is not None:
        s.battle.stage = "ambush_hits"
    elif w == "no_ambush" and s.battle is not None:
        s.battle.stage = "roll"
    elif w == "effect":
        battle.use_effect(s, p, a.card, ctx)
    elif w == "discard":
        spend(s, p, a.card)
        if pd.count > 1:
            s.pending.insert(0, pd.model_copy(update={"count": pd.count - 1}))
    elif w == "wood":
        s.edit(a.clearing).tokens.append("wood")
        left = list(pd.pieces)
        left.remove(str(a.clearing))
        if pd.count > 1 and left:
            s.pending.insert(0, pd.model_copy(update={"count": pd.count - 1, "pieces": left}))
    elif w == "new_roost":
        eyrie.place_roost(s, a.clearing, 3, ctx)
    elif w in ("v_damage", "v_refresh", "v_drop", "v_repair") and a.picks:
        # Several items in one decision: each as its own pick would be, the removed ones
        # last to first so that the indices still name them.
        items = [int(x) for x in a.picks if x.isdigit()]
        for i in sorted(items, reverse=w == "v_drop"):
            _item(s, p, pd, a.model_copy(update={"n": i, "picks": ()}), ctx)
        for then in (x for x in a.picks if not x.isdigit()):  # the Slip after a Refresh
            if then.startswith("slip:"):
                slip = Pick(what="slip", card=then.removeprefix("slip:"), card2="none")
                vagabond.do_move(s, p, slip, ctx)
            to_daylight(s, p)
    elif w in ("v_damage", "v_refresh", "v_drop", "v_repair"):
        _item(s, p, pd, a, ctx)
        if pd.count > 1:
            s.pending.insert(0, pd.model_copy(update={"count": pd.count - 1}))
    elif w == "burrow_bank":
        draw(s, p, 1, ctx)
        draw(s, s.players[a.n], 1, ctx)
        ctx.say(f"Better Burrow Bank: {name(p)} and {name(s.players[a.n])} each draw a card.")
    elif w == "character":
        vagabond.setup(s, p, a.card, ctx)
    elif w == "forest":
        vagabond.vb(s).where = a.card
        ctx.say(f"The Vagabond starts in forest {a.card}.")
    elif w == "outrage":
        p.hand.remove(a.card)
        gain_supporter(s, a.card, ctx)
        ctx.say(f"Outrage: {name(p)} gives a card to the Alliance's supporters.")
        if a.card2:  # the Surrender owed for the same token, answered with it
            owed = s.pending.pop(0)
            assert owed.kind == "surrender" and owed.seat == p.seat
            resolve_pending(s, p, owed, Pick(what=a.card2), ctx)
    elif w == "ddd":
        keep = next(x for x in pd.pieces if x not in (a.card, a.card2))
        discard(s, a.card)
        s.box.append(a.card2)
        p.hand.append(keep)
        ctx.say(f"{name(p)} discards {cname(a.card)} and destroys a card.")


def _item(s: State, p: Player, pd: Pending, a: Pick, ctx: Ctx) -> None:
    """One of the Vagabond's items damaged, refreshed, removed or repaired (or an Allied
    warrior lost in place of a damage, L9.2.9.2)."""
    v = vagabond.vb(s)
    b = s.battle
    w = a.what
    if w == "v_damage" and a.ally and b is not None:
        ally = s.player(a.ally)
        assert ally is not None
        hitter = s.players[pd.other] if pd.other >= 0 else None
        remove_warriors(s, b.clearing, ally, 1, hitter, ctx, score_it=True)
        b.ally_hits += 1
    elif w == "v_damage":
        vagabond.damage(v, a.n)
        if b is not None:
            b.item_hits += 1
        if pd.other >= 0:
            count_casualty(s, s.players[pd.other], p)
    elif w == "v_refresh":
        v.set_item(a.n, exhausted=False)
        vagabond.settle_tracks(v)
    elif w == "v_drop":
        vagabond.lose_item(s, a.n)
    else:
        v.set_item(a.n, damaged=False)
        vagabond.settle_tracks(v)
