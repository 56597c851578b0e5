"""Turn structure and every decision (root.md §4, §5): setup, Birdsong, Daylight, Evening.

``advance`` runs the automatic parts of the game until someone owes a decision: the head of
the pending queue, a battle stage, or the active player's current step. ``options_for``
lists a seat's legal decisions and ``resolve`` carries one out.
"""

from __future__ import annotations

from collections.abc import Sequence

from engines.core.context import Ctx
from engines.root import alliance, battle, eyrie, marquise, vagabond
from engines.root.actions import Fight, Move, Pick
from engines.root.battle import after_roll_options, ambush_cards, can_battle
from engines.root.board import count_on_map, graph, pieces_of, rules
from engines.root.cards import (
    HAND_LIMIT,
    craftable,
    discard,
    dominance_met,
    draw,
    mark_crafted,
    matches,
    spend,
    suit,
)
from engines.root.content import card, characters
from engines.root.movement import do_move, moves
from engines.root.outrage import bases_on_map, gain_supporter
from engines.root.removal import (
    count_casualty,
    full_removal,
    name,
    remove_piece,
    remove_warriors,
    score,
    settle_seizure,
)
from engines.root.state import FACTION_NAMES, Pending, Player, State, Turn
from engines.root.water import resolve_water, take_water, water_options

AnyAction = Pick | Move | Fight


# -- turn skeleton ------------------------------------------------------------------------


def start_turn(s: State, seat: int, ctx: Ctx) -> None:
    rnd = s.turn.round
    s.turn = Turn(active=seat, round=rnd, phase="birdsong", step="birdsong")
    p = s.players[seat]
    p.used = []
    ctx.say(f"— {FACTION_NAMES[p.faction]} ({p.vp} VP) begins their turn (round {rnd}). —")
    if s.options.economy and s.supply_water > 0:
        if s.options.water_take == "auto":
            take_water(s, p, ctx)
        else:
            s.turn.step = "water_take"


def _birdsong(s: State, p: Player, ctx: Ctx) -> None:
    """Start of Birdsong: the dominance check (L3.3.1), then the faction's Birdsong."""
    if dominance_met(s, p):
        s.winners = [p.seat]
        s.ended = f"{name(p)} wins by dominance."
        ctx.say(s.ended)
        return
    if _has(p, "better_burrow_bank"):
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
        if n:
            s.pending.append(Pending(seat=p.seat, kind="v_refresh", count=n))
        s.turn.step = "v_slip"
    else:
        s.turn.step = "emergency_orders"  # after the start-of-Birdsong cards (L7.4)


def _to_daylight(s: State, p: Player) -> None:
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
    if _has(p, "command_warren"):  # start of Daylight: one battle may be started (C)
        s.turn.resume = s.turn.step
        s.turn.step = "command_warren"


def _to_evening(s: State, p: Player) -> None:
    t = s.turn
    t.phase = "evening"
    t.step = "evening"
    if p.faction == "alliance":
        t.step = "a_ops"
        t.ops_left = alliance.board(s).officers
    if _has(p, "cobbler"):  # start of Evening: one move may be taken (C)
        t.resume = t.step
        t.step = "cobbler"


def _birdsong_cards(s: State, p: Player) -> list[AnyAction]:
    """Royal Claim and Stand and Deliver!, usable in Birdsong (C)."""
    out: list[AnyAction] = []
    if _has(p, "royal_claim"):
        out.append(Pick(what="royal_claim"))
    if _has(p, "stand_and_deliver") and "stand_and_deliver" not in p.used:
        out += [
            Pick(what="stand_and_deliver", n=o.seat)
            for o in s.players
            if o.seat != p.seat and o.hand
        ]
    return out


def _evening_draw(s: State, p: Player, ctx: Ctx) -> None:
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


def _end_turn(s: State, ctx: Ctx) -> None:
    i = s.order.index(s.turn.active)
    if i == len(s.order) - 1:
        if s.turn.round >= s.options.round_limit:
            best = max(p.vp for p in s.players)
            win = next(x for x in s.order if s.players[x].vp == best)
            s.winners = [win]
            s.ended = f"Round limit: {name(s.players[win])} leads with {best} VP."
            ctx.say(s.ended)
            return
        s.turn.round += 1
    start_turn(s, s.order[(i + 1) % len(s.order)], ctx)


def advance(s: State, ctx: Ctx) -> None:
    """Run automatic steps until a decision is owed or the game is over."""
    for _ in range(10_000):
        if s.winners:
            s.pending = []
            s.battle = None
            return
        if s.pending:
            if options_for(s, s.pending[0].seat):
                return
            s.pending.pop(0)  # nothing left to decide (e.g. no slot for a setup building)
            continue
        if s.battle is not None:
            if not battle.step(s, ctx):
                s.battle = None
            continue
        t = s.turn
        p = s.players[t.active]
        if t.step == "setup_e":
            _setup_eyrie(s, ctx)
        elif t.step == "setup_done":
            start_turn(s, s.order[0], ctx)
        elif t.step == "birdsong":
            _birdsong(s, p, ctx)
        elif t.step == "emergency_orders":
            if not p.hand:
                ctx.say("The Eyrie issue Emergency Orders and draw a card.")
                draw(s, p, 1, ctx)
            t.step = "decree_add"
        elif t.step == "birdsong_cards" and not _birdsong_cards(s, p):
            _to_daylight(s, p)
        elif t.step == "new_roost":
            spots = eyrie.new_roost_spots(s) if eyrie.roosts(s) == 0 else []
            if spots:
                s.pending.append(Pending(seat=p.seat, kind="new_roost"))
            _to_daylight(s, p)
        elif t.step == "decree":
            if not eyrie.pending_cards(s):
                t.decree_col += 1
                if t.decree_col >= len(eyrie.COLUMNS):
                    t.step = "e_after"
                continue
            if not t.advance and not eyrie.decree_options(s, p):
                eyrie.turmoil(s, p, ctx)
                _to_evening(s, p)
                continue
            return
        elif t.step == "march" and t.march_left == 0:
            t.step = "m_main"
        elif t.step == "evening" and not t.advance and not water_options(s, p):
            _evening_draw(s, p, ctx)
        elif t.step == "end_turn":
            _end_turn(s, ctx)
        else:
            return


def _has(p: Player, key: str) -> bool:
    return any(card(x).key == key for x in p.persistent)


# -- setup --------------------------------------------------------------------------------


def _setup_eyrie(s: State, ctx: Ctx) -> None:
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


# -- legal decisions ----------------------------------------------------------------------


def options_for(s: State, seat: int) -> list[AnyAction]:
    if s.winners:
        return []
    if s.pending:
        pd = s.pending[0]
        return list(_pending_options(s, pd)) if pd.seat == seat else []
    if s.battle is not None or seat != s.turn.active:
        return []
    return _turn_options(s, s.players[seat])


def _pending_options(s: State, pd: Pending) -> Sequence[AnyAction]:
    p = s.players[pd.seat]
    k = pd.kind
    g = graph(s)
    if k == "keep":
        return [Pick(what="keep", clearing=c) for c in g.corners]
    if k == "setup_build":
        return [Pick(what="setup_build", clearing=c, card=pd.card) for c in marquise.setup_spots(s)]
    if k == "leader":
        e = s.eyrie
        assert e is not None
        return [Pick(what="leader", card=x) for x in eyrie.LEADERS if x not in e.spent_leaders]
    if k == "hospital":
        cards = [x for x in p.hand if matches(x, g.suit[pd.clearing])] if s.keep else []
        return [Pick(what="no_hospital"), *[Pick(what="hospital", card=x) for x in cards]]
    if k == "surrender":
        owner = s.players[pd.other]
        return [Pick(what="surrender_vp")] + (
            [Pick(what="surrender_water")] if owner.water > 0 else []
        )
    if k == "seize":
        return [Pick(what="no_seize")] + (
            [Pick(what="seize")] if s.players[pd.other].water > 0 else []
        )
    if k == "hit":
        kinds = sorted(set(pieces_of(s.clearing(pd.clearing), p.faction)))
        return [Pick(what="hit", clearing=pd.clearing, card=x) for x in kinds]
    if k == "ambush":
        return [Pick(what="no_ambush")] + [
            Pick(what="ambush", card=x) for x in ambush_cards(s, p, pd.clearing)
        ]
    if k == "counter":
        return [Pick(what="no_counter")] + [
            Pick(what="counter", card=x) for x in ambush_cards(s, p, pd.clearing)
        ]
    if k == "effect":
        b = s.battle
        if b is None:
            return []
        keys = after_roll_options(s, p, p.seat == b.attacker)
        return [Pick(what="no_effect")] + [Pick(what="effect", card=x) for x in keys]
    if k == "discard":
        return [Pick(what="discard", card=x) for x in sorted(set(p.hand))]
    if k == "wood":
        return [Pick(what="wood", clearing=int(x)) for x in sorted(set(pd.pieces))]
    if k == "new_roost":
        return [Pick(what="new_roost", clearing=c) for c in eyrie.new_roost_spots(s)]
    if k in ("v_damage", "v_refresh", "v_drop", "v_repair"):
        v = vagabond.vb(s)
        test = {
            "v_damage": lambda it: not it.damaged,
            "v_refresh": lambda it: it.exhausted,
            "v_drop": lambda it: not it.track,
            "v_repair": lambda it: it.damaged,
        }[k]
        idxs = vagabond.distinct(v, [i for i, it in enumerate(v.items) if test(it)])
        out: list[AnyAction] = [Pick(what=k, n=i) for i in idxs]
        b = s.battle
        if (
            k == "v_damage"
            and b is not None
            and b.ally
            and b.attacker == p.seat
            and s.clearing(b.clearing).warriors.get(b.ally, 0)
        ):
            out.append(Pick(what=k, ally=b.ally))
        return out
    if k == "burrow_bank":
        return [Pick(what="burrow_bank", n=o.seat) for o in s.players if o.seat != p.seat]
    if k == "character":
        return [Pick(what="character", card=x) for x in characters()]
    if k == "forest":
        return [Pick(what="forest", card=f) for f in g.rec.forests]
    if k == "outrage":
        need = g.suit[pd.clearing]
        return [Pick(what="outrage", card=x) for x in p.hand if matches(x, need)]
    if k == "ddd":
        return [Pick(what="ddd", card=a, card2=b) for a in pd.pieces for b in pd.pieces if a != b]
    return []


def _daylight_extras(s: State, p: Player) -> list[AnyAction]:
    """Dominance, once-per-turn Daylight cards and the water actions."""
    out: list[AnyAction] = []
    if p.faction == "vagabond":  # he cannot use dominance (coalitions=false)
        return out + _once_per_turn(s, p) + water_options(s, p)
    if not p.dominance and p.vp >= 10:
        out += [Pick(what="dominance", card=x) for x in p.hand if card(x).type == "dominance"]
    for dom in s.available:
        need = suit(dom)
        out += [
            Pick(what="take_dominance", card=dom, card2=x)
            for x in p.hand
            if (suit(x) == "bird" if need == "bird" else matches(x, need))
        ]
    return out + _once_per_turn(s, p) + water_options(s, p)


def _once_per_turn(s: State, p: Player) -> list[AnyAction]:
    out: list[AnyAction] = []
    if _has(p, "tax_collector") and "tax_collector" not in p.used:
        out += [
            Pick(what="tax", clearing=c.id) for c in s.clearings if c.warriors.get(p.faction, 0)
        ]
    if _has(p, "codebreakers") and "codebreakers" not in p.used:
        out += [Pick(what="codebreakers", n=o.seat) for o in s.players if o.seat != p.seat]
    return out


def _turn_options(s: State, p: Player) -> list[AnyAction]:
    t = s.turn
    if t.advance == "move":
        if p.faction == "vagabond":
            return [Pick(what="advance_skip"), *vagabond.move_options(s, p, slip=False)]
        return [Pick(what="advance_skip"), *moves(s, p)]
    if t.advance == "battle":
        if p.faction == "vagabond":
            only = s.options.advance_battle_clearing == "destination"
            fights = [f for f in vagabond.fights(s, p) if not only or f.clearing == t.advance_dst]
            return [Pick(what="advance_done"), *fights]
        return [Pick(what="advance_done"), *_advance_fights(s, p)]
    st = t.step
    if st == "water_take":
        return [Pick(what="no_water"), Pick(what="take_water")]
    if st == "birdsong_cards":
        return [Pick(what="end_birdsong"), *_birdsong_cards(s, p), *water_options(s, p)]
    if st == "decree_add":
        done = [Pick(what="end_decree")] if t.decree_added or not p.hand else []
        return done + eyrie.decree_add_options(s, p) + _birdsong_cards(s, p) + water_options(s, p)
    if st == "command_warren":
        warren: list[AnyAction] = (
            [*vagabond.fights(s, p)] if p.faction == "vagabond" else _all_fights(s, p)
        )
        return [Pick(what="no_warren"), *warren]
    if st == "cobbler":
        if p.faction == "vagabond":
            return [Pick(what="no_cobbler"), *vagabond.move_options(s, p, slip=False)]
        return [Pick(what="no_cobbler"), *moves(s, p)]
    if st in ("m_craft", "m_main"):
        return [
            Pick(what="end_daylight"),
            *marquise.daylight_actions(s, p),
            *_daylight_extras(s, p),
        ]
    if st == "march":
        return [Pick(what="end_march"), *moves(s, p)]
    if st == "e_craft":
        crafts: list[AnyAction] = [Pick(what="craft", card=c) for c in craftable(s, p)]
        return [Pick(what="start_decree"), *crafts, *_daylight_extras(s, p)]
    if st == "decree":
        return eyrie.decree_options(s, p) + water_options(s, p)
    if st == "v_slip":
        return [
            Pick(what="no_slip"),
            *vagabond.move_options(s, p, slip=True),
            *_birdsong_cards(s, p),
        ]
    if st == "v_daylight":
        return [
            Pick(what="end_daylight"),
            *vagabond.daylight_options(s, p),
            *_daylight_extras(s, p),
        ]
    if st == "a_birdsong":
        return alliance.birdsong_options(s, p) + _birdsong_cards(s, p) + water_options(s, p)
    if st == "a_daylight":
        crafts = [Pick(what="craft", card=c) for c in craftable(s, p)]
        extras = alliance.daylight_options(s, p) + _daylight_extras(s, p)
        return [Pick(what="end_daylight"), *crafts, *extras]
    if st == "a_ops":
        return [Pick(what="end_ops"), *alliance.ops_options(s, p), *water_options(s, p)]
    if st == "e_after":
        return [Pick(what="end_daylight"), *_daylight_extras(s, p)]
    if st == "evening":
        return [Pick(what="end_turn"), *water_options(s, p)]
    return []


def _all_fights(s: State, p: Player) -> list[AnyAction]:
    return [
        Fight(clearing=c.id, defender=e.seat) for c in s.clearings for e in can_battle(s, p, c.id)
    ]


def _advance_fights(s: State, p: Player) -> list[AnyAction]:
    """W.4.2's battle: anywhere, or only where the advance moved (advance_battle_clearing)."""
    only = s.options.advance_battle_clearing == "destination"
    return [
        Fight(clearing=c.id, defender=e.seat)
        for c in s.clearings
        if not only or c.id == s.turn.advance_dst
        for e in can_battle(s, p, c.id)
    ]


# -- resolving ----------------------------------------------------------------------------


def resolve(s: State, seat: int, a: AnyAction, ctx: Ctx) -> None:
    p = s.players[seat]
    if s.pending:
        pd = s.pending.pop(0)
        _resolve_pending(s, p, pd, a, ctx)
    else:
        _resolve_turn(s, p, a, ctx)
    advance(s, ctx)


def _resolve_pending(s: State, p: Player, pd: Pending, a: AnyAction, ctx: Ctx) -> None:
    assert isinstance(a, Pick)
    w = a.what
    if w == "keep":
        s.keep = a.clearing
        marquise.garrison(s)
        ctx.say(f"The Marquise build the keep in clearing {a.clearing}.")
        for kind in marquise.BUILDINGS:
            s.pending.append(Pending(seat=p.seat, kind="setup_build", card=kind))
    elif w == "setup_build":
        s.clearing(a.clearing).buildings.append(a.card)
        ctx.say(f"The Marquise start with a {a.card} in clearing {a.clearing}.")
    elif w == "leader":
        e = s.eyrie
        assert e is not None
        eyrie.set_leader(e, a.card)
        ctx.say(f"The Eyrie follow a new leader: the {a.card.capitalize()}.")
    elif w == "hospital":
        spend(s, p, a.card)
        c = s.clearing(s.keep)
        c.warriors["marquise"] = c.warriors.get("marquise", 0) + pd.count
        ctx.say(f"Field Hospitals: {pd.count} warrior(s) return to the keep.")
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
        s.clearing(a.clearing).tokens.append("wood")
        left = list(pd.pieces)
        left.remove(str(a.clearing))
        if pd.count > 1 and left:
            s.pending.insert(0, pd.model_copy(update={"count": pd.count - 1, "pieces": left}))
    elif w == "new_roost":
        eyrie.place_roost(s, a.clearing, 3, ctx)
    elif w in ("v_damage", "v_refresh", "v_drop", "v_repair"):
        v = vagabond.vb(s)
        b = s.battle
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
            v.items[a.n].exhausted = False
        elif w == "v_drop":
            vagabond.lose_item(s, a.n)
        else:
            v.items[a.n].damaged = False
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
    elif w == "ddd":
        keep = next(x for x in pd.pieces if x not in (a.card, a.card2))
        discard(s, a.card)
        s.box.append(a.card2)
        p.hand.append(keep)
        ctx.say(f"{name(p)} discards {card(a.card).name} and destroys a card.")


def _resolve_turn(s: State, p: Player, a: AnyAction, ctx: Ctx) -> None:
    t = s.turn
    if isinstance(a, Move):
        do_move(s, p, a, ctx)
        if t.advance == "move":
            t.advance = "battle"
            t.advance_dst = a.dst
        elif t.step == "a_ops":
            t.ops_left -= 1
        elif t.step == "cobbler":
            t.step = t.resume
        elif t.step == "march":
            t.march_left -= 1
        elif a.card:
            t.decree_done.append(a.card)
        return
    if isinstance(a, Fight):
        origin = "action"
        if t.advance == "battle":
            t.advance = ""
            origin = "advance"
        elif a.card:
            t.decree_done.append(a.card)
            origin = "decree"
        elif t.step == "a_ops":
            t.ops_left -= 1
        elif t.step == "command_warren":
            t.step = t.resume
            origin = "card"
        elif p.faction == "marquise":
            _marquise_act(t)
        battle.start(s, p, a.clearing, s.players[a.defender], origin, ctx, a.ally)
        return
    w = a.what
    if w in ("slip", "v_move"):
        vagabond.do_move(s, p, a, ctx)
        if t.advance == "move":
            t.advance = "battle"
            t.advance_dst = int(a.card) if a.card.isdigit() else 0
        elif t.step == "cobbler":
            t.step = t.resume
        elif w == "slip":
            _to_daylight(s, p)
    elif w == "no_slip":
        _to_daylight(s, p)
    elif w.startswith("water_"):
        resolve_water(s, p, a, ctx)
    elif w == "advance_skip":
        t.advance = "battle"
    elif w == "advance_done":
        t.advance = ""
    elif w in ("take_water", "no_water"):
        if w == "take_water":
            take_water(s, p, ctx)
        t.step = "birdsong"
    elif w == "end_birdsong":
        _to_daylight(s, p)
    elif w == "royal_claim":
        cid = next(x for x in p.persistent if card(x).key == "royal_claim")
        p.persistent.remove(cid)
        discard(s, cid)
        n = sum(1 for c in s.clearings if rules(s, p.faction, c.id))
        score(s, p, n, ctx, "Royal Claim")
    elif w == "decree":
        e = s.eyrie
        assert e is not None
        p.hand.remove(a.card)
        e.decree[a.card2].append(a.card)
        t.decree_added.append(a.card)
        ctx.say(f"The Eyrie add a {suit(a.card)} card to the {a.card2} column of the Decree.")
    elif w == "end_decree":
        t.step = "new_roost"
    elif w == "start_decree":
        t.step = "decree"
        t.decree_col = 0
    elif w == "d_recruit":
        e = s.eyrie
        assert e is not None
        n = 2 if e.leader == "charismatic" else 1
        c = s.clearing(a.clearing)
        c.warriors["eyrie"] = c.warriors.get("eyrie", 0) + n
        t.decree_done.append(a.card)
        ctx.say(f"The Eyrie recruit {n} in clearing {a.clearing}.")
    elif w == "d_build":
        eyrie.place_roost(s, a.clearing, 0, ctx)
        t.decree_done.append(a.card)
    elif w == "craft":
        _craft(s, p, a.card, ctx)
    elif w == "end_daylight":
        _to_evening(s, p)
    elif w in ("no_warren", "no_cobbler"):
        t.step = t.resume
    elif w == "stand_and_deliver":
        p.used.append("stand_and_deliver")
        victim = s.players[a.n]
        with ctx.rng(s) as rng:
            x = victim.hand.pop(rng.below(len(victim.hand)))
        p.hand.append(x)
        ctx.say(f"Stand and Deliver! {name(p)} takes a card from {name(victim)}.")
        ctx.say(f"You take {card(x).name} ({suit(x)}).", to=p.seat)
        score(s, victim, 1, ctx, "Stand and Deliver!")
    elif w == "end_ops":
        t.step = "evening"
    elif w == "revolt":
        alliance.revolt(s, p, a.clearing, a.n, ctx)
    elif w == "spread":
        alliance.spread(s, p, a.clearing, a.n, ctx)
    elif w == "mobilize":
        p.hand.remove(a.card)
        gain_supporter(s, a.card, ctx)
        ctx.say("The Alliance mobilize a supporter.")
    elif w == "train":
        spend(s, p, a.card)
        alliance.board(s).officers += 1
        ctx.say("The Alliance train an officer.")
    elif w == "a_recruit":
        t.ops_left -= 1
        c = s.clearing(a.clearing)
        c.warriors["alliance"] = c.warriors.get("alliance", 0) + 1
        ctx.say(f"The Alliance recruit in clearing {a.clearing}.")
    elif w == "organize":
        t.ops_left -= 1
        alliance.organize(s, p, a.clearing, ctx)
    elif w == "end_turn":
        _evening_draw(s, p, ctx)
    elif w == "end_march":
        t.march_left = 0
    elif w == "march":
        _marquise_act(t)
        t.step = "march"
        t.march_left = 2
    elif w == "recruit":
        _marquise_act(t)
        t.recruited = True
        marquise.recruit(s, ctx)
    elif w == "build":
        _marquise_act(t)
        marquise.build(s, p, a.clearing, a.card, ctx)
    elif w == "overwork":
        _marquise_act(t)
        spend(s, p, a.card)
        s.clearing(a.clearing).tokens.append("wood")
        ctx.say(f"The Marquise overwork the sawmill in clearing {a.clearing}.")
    elif w == "bird_action":
        spend(s, p, a.card)
        t.actions_left += 1
        ctx.say("The Marquise spend a bird card for an extra action.")
    elif w == "dominance":
        p.hand.remove(a.card)
        p.dominance = a.card
        ctx.say(f"{name(p)} activate a {suit(a.card)} dominance card and stop scoring.")
    elif w == "take_dominance":
        spend(s, p, a.card2)
        s.available.remove(a.card)
        p.hand.append(a.card)
        ctx.say(f"{name(p)} take the available {suit(a.card)} dominance card.")
    elif w == "explore":
        vagabond.explore(s, p, ctx)
    elif w == "aid":
        vagabond.aid(s, p, a, ctx)
    elif w == "quest":
        vagabond.quest(s, p, a, ctx)
    elif w == "strike":
        _strike(s, p, a, ctx)
    elif w == "repair":
        v = vagabond.vb(s)
        vagabond.exhaust(v, "hammer")
        v.items[a.n].damaged = False
        ctx.say(f"The Vagabond repairs a {v.items[a.n].kind}.")
    elif w == "steal":
        vagabond.steal(s, p, s.players[a.clearing], ctx)
    elif w == "day_labor":
        vagabond.exhaust(vagabond.vb(s), "torch")
        s.discard.remove(a.card)
        p.hand.append(a.card)
        ctx.say(f"The Tinker takes {card(a.card).name} from the discard pile.")
    elif w == "hideout":
        v = vagabond.vb(s)
        vagabond.exhaust(v, "torch")
        n = min(3, sum(1 for it in v.items if it.damaged))
        s.pending.append(Pending(seat=p.seat, kind="v_repair", count=n))
        _to_evening(s, p)
    elif w == "tax":
        p.used.append("tax_collector")
        remove_warriors(s, a.clearing, p, 1, None, ctx, score_it=False)
        draw(s, p, 1, ctx)
    elif w == "codebreakers":
        p.used.append("codebreakers")
        other = s.players[a.n]
        names = ", ".join(card(x).name for x in other.hand) or "nothing"
        ctx.say(f"Codebreakers: {name(other)} holds {names}.", to=p.seat)


def _marquise_act(t: Turn) -> None:
    t.actions_left -= 1
    if t.step == "m_craft":
        t.step = "m_main"


def _strike(s: State, p: Player, a: Pick, ctx: Ctx) -> None:
    """Strike (L9.5.6): a warrior, or another piece if that enemy has none there."""
    vagabond.exhaust(vagabond.vb(s), "crossbow")
    cid = vagabond.at(s)
    assert cid is not None
    o = s.players[a.clearing]
    if a.card == "warrior":
        remove_warriors(s, cid, o, 1, p, ctx, score_it=True)
    else:
        remove_piece(s, cid, a.card, p, ctx)
    settle_seizure(s, ctx)


def _craft(s: State, p: Player, cid: str, ctx: Ctx) -> None:
    """Craft a card (L4.1.2): items score, favors resolve, persistent cards stay in play."""
    if p.faction == "vagabond":
        vagabond.exhaust(vagabond.vb(s), "hammer", len(card(cid).cost))
    else:
        mark_crafted(s, p, cid)
    p.hand.remove(cid)
    rec = card(cid)
    ctx.say(f"{name(p)} craft {rec.name}.")
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
    for c in s.clearings:
        if g.suit[c.id] != favor_suit:
            continue
        for o in s.players:
            if o.seat == p.seat:
                continue
            remove_warriors(s, c.id, o, c.warriors.get(o.faction, 0), p, ctx, score_it=True)
            for kind in pieces_of(c, o.faction):
                remove_piece(s, c.id, kind, p, ctx)
        full_removal(s, p, c.id)
    settle_seizure(s, ctx)
