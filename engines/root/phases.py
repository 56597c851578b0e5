"""Turn skeleton and setup (root.md §4, §5): Birdsong, Daylight and Evening in order.

Each phase change sets the active faction's first step of that phase; cards used "at start
of" a phase (Command Warren, Cobbler) park the step in ``resume`` until used or declined.
"""

from __future__ import annotations

from engines.core.context import Ctx
from engines.core.words import joined
from engines.root import alliance, eyrie, marquise, vagabond
from engines.root.actions import AnyAction, pick
from engines.root.board import count_on_map, graph
from engines.root.cards import HAND_LIMIT, dominance_met, draw
from engines.root.coalition import declare_win, in_coalition_as_vagabond
from engines.root.content import card
from engines.root.outrage import bases_on_map
from engines.root.removal import name, score
from engines.root.state import FACTION_NAMES, Pending, Player, State, Turn
from engines.root.water import take_water
from engines.root.words import item, player_label


def start_turn(s: State, seat: int, ctx: Ctx) -> None:
    rnd = s.turn.round
    s.turn = Turn(active=seat, round=rnd, phase="birdsong", step="birdsong")
    p = s.players[seat]
    p.used = []
    who = f"{p.name} ({FACTION_NAMES[p.faction]}, {p.vp} VP)" if p.name else name(p)
    ctx.say(f"— {who} begins their turn (round {rnd}). —")
    if s.options.economy and s.supply_water > 0:
        if s.options.water_take == "auto":
            take_water(s, p, ctx)
        else:
            s.turn.step = "water_take"


def birdsong(s: State, p: Player, ctx: Ctx) -> None:
    """Start of Birdsong: the dominance check (L3.3.1), then the faction's Birdsong."""
    if dominance_met(s, p):
        declare_win(s, p.seat, f"{player_label(p)} wins by dominance")
        ctx.say(s.ended)
        return
    if has_persistent(p, "better_burrow_bank"):
        s.pending.append(Pending(seat=p.seat, kind="burrow_bank"))
    if p.faction == "marquise":
        short = marquise.place_wood(s, ctx)
        free = marquise.WOOD - count_on_map(s, "wood")
        if short:
            s.pending.append(
                Pending(seat=p.seat, kind="wood", count=free, pieces=[str(x) for x in short])
            )
        s.turn.step = "birdsong_cards"
    elif p.faction == "alliance":
        s.turn.step = "a_birdsong"
    elif p.faction == "vagabond":
        n = vagabond.refresh_count(s)
        v = vagabond.vb(s)
        tired = [it for it in v.items if it.exhausted]
        if n and n == len(tired):
            # He may refresh them all: nothing to choose, so it is done for him (issue 29).
            for i, it in enumerate(v.items):
                if it.exhausted:
                    v.set_item(i, exhausted=False)
            vagabond.settle_tracks(v)
            what = joined([item(it.kind) for it in tired])
            ctx.say(f"{player_label(p)} refreshes every exhausted item: {what}.")
        elif n:
            s.pending.append(Pending(seat=p.seat, kind="v_refresh", count=n))
        s.turn.step = "v_slip"
    else:
        s.turn.step = "emergency_orders"  # after the start-of-Birdsong cards (L7.4)


def to_daylight(s: State, p: Player) -> None:
    s.turn.phase = "daylight"
    if p.faction == "marquise":
        s.turn.step = "m_craft"
        s.turn.actions_left = 3
    elif p.faction == "alliance":
        s.turn.step = "a_daylight"
    elif p.faction == "vagabond":
        s.turn.step = "v_daylight"
    else:
        s.turn.step = "e_craft"
    if has_persistent(p, "command_warren"):  # start of Daylight: one battle may be started (C)
        s.turn.resume = s.turn.step
        s.turn.step = "command_warren"


def to_evening(s: State, p: Player) -> None:
    t = s.turn
    t.phase = "evening"
    t.step = "evening"
    if p.faction == "alliance":
        t.step = "a_ops"
        t.ops_left = alliance.board(s).officers
    if has_persistent(p, "cobbler"):  # start of Evening: one move may be taken (C)
        t.resume = t.step
        t.step = "cobbler"


def birdsong_cards(s: State, p: Player) -> list[AnyAction]:
    """Royal Claim and Stand and Deliver!, usable in Birdsong (C)."""
    out: list[AnyAction] = []
    if has_persistent(p, "royal_claim"):
        out.append(pick(what="royal_claim"))
    if has_persistent(p, "stand_and_deliver") and "stand_and_deliver" not in p.used:
        out += [
            pick(what="stand_and_deliver", n=o.seat)
            for o in s.players
            if o.seat != p.seat and o.hand
        ]
    return out


def evening_draw(s: State, p: Player, ctx: Ctx) -> None:
    s.turn.phase = "evening"
    if p.faction == "eyrie":
        n = eyrie.roosts(s)
        score(s, p, eyrie.ROOST_VP[n], ctx, "roosts")
        bonus = eyrie.ROOST_DRAW[n]
    elif p.faction == "alliance":
        bonus = len(bases_on_map(s))
    elif p.faction == "vagabond":
        bonus = vagabond.evening(s, p, ctx)
    else:
        bonus = marquise.draw_bonus(s)
    draw(s, p, 1 + bonus, ctx)
    if len(p.hand) > HAND_LIMIT:
        s.pending.append(Pending(seat=p.seat, kind="discard", count=len(p.hand) - HAND_LIMIT))
    if p.faction == "vagabond" and vagabond.over_limit(s):
        s.pending.append(Pending(seat=p.seat, kind="v_drop", count=vagabond.over_limit(s)))
    s.turn.step = "end_turn"


def end_turn(s: State, ctx: Ctx) -> None:
    i = s.order.index(s.turn.active)
    if i == len(s.order) - 1:
        if s.turn.round >= s.options.round_limit:
            # A Vagabond in a coalition has no score of his own: he wins with his partner.
            scored = [x for x in s.order if not in_coalition_as_vagabond(s, s.players[x])]
            best = max(s.players[x].vp for x in scored)
            tied = [x for x in scored if s.players[x].vp == best]
            win = tied[0]
            why = f"Round limit: {player_label(s.players[win])} leads with {best} VP"
            if len(tied) > 1:
                others = joined([player_label(s.players[x]) for x in tied[1:]])
                why += f", tied with {others}; the tie goes to the first in turn order"
            declare_win(s, win, why)
            ctx.say(s.ended)
            return
        s.turn.round += 1
    start_turn(s, s.order[(i + 1) % len(s.order)], ctx)


def has_persistent(p: Player, key: str) -> bool:
    # Most players have no persistent card: no generator made for them (asked every listing).
    return bool(p.persistent) and any(card(x).key == key for x in p.persistent)


# -- setup ------------------------------------------------------------------------------


def setup_eyrie(s: State, ctx: Ctx) -> None:
    e = s.player("eyrie")
    if e is not None:
        g = graph(s)
        corner = g.opposite[s.keep] if s.keep else g.corners[0]
        eyrie.place_roost(s, corner, 6, ctx)
        s.pending.append(Pending(seat=e.seat, kind="leader"))
    v = s.player("vagabond")
    if v is not None:
        s.pending.append(Pending(seat=v.seat, kind="character"))
    s.turn.step = "setup_done"
