"""The active player's actions (root.md §12–§16): moves, battles and every faction's
Birdsong, Daylight and Evening actions, with the step bookkeeping each one implies.
"""

from __future__ import annotations

from engines.core.context import Ctx
from engines.core.words import count
from engines.root import alliance, battle, eyrie, marquise, vagabond
from engines.root.actions import AnyAction, Fight, Move, Pick
from engines.root.board import rules
from engines.root.cards import discard, draw, spend, suit
from engines.root.coalition import form
from engines.root.content import card
from engines.root.crafting import craft
from engines.root.movement import do_move
from engines.root.outrage import gain_supporter
from engines.root.phases import evening_draw, to_daylight, to_evening
from engines.root.removal import name, remove_piece, remove_warriors, score, settle_seizure
from engines.root.state import Pending, Player, State, Turn
from engines.root.water import resolve_water, take_water


def resolve_turn(s: State, p: Player, a: AnyAction, ctx: Ctx) -> None:
    t = s.turn
    if t.step == "e_craft" and eyrie.executes(a):  # the Decree's first card starts it
        t.step, t.decree_col = "decree", eyrie.first_column(s)
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
            to_daylight(s, p)
    elif w == "no_slip":
        to_daylight(s, p)
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
        to_daylight(s, p)
    elif w == "royal_claim":
        cid = next(x for x in p.persistent if card(x).key == "royal_claim")
        p.persistent.remove(cid)
        discard(s, cid)
        n = sum(1 for c in s.clearings if rules(s, p.faction, c.id))
        score(s, p, n, ctx, "Royal Claim")
    elif w == "decree":
        e = s.eyrie
        assert e is not None
        for x, col in (pair.split("@") for pair in a.picks):
            p.hand.remove(x)
            e.decree[col].append(x)
            t.decree_added.append(x)
            ctx.say(f"The Eyrie add a {suit(x)} card to the {col} column of the Decree.")
        t.step = "new_roost"  # one decision adds every card of this Birdsong (L7.4)
    elif w == "end_decree":
        t.step = "new_roost"
    elif w == "start_decree":
        t.step = "decree"
        t.decree_col = 0
    elif w == "d_recruit":
        e = s.eyrie
        assert e is not None
        n = 2 if e.leader == "charismatic" else 1
        for x, cid in [(a.card, a.clearing)] if not a.picks else _recruits(a):
            c = s.edit(cid)
            c.warriors["eyrie"] = c.warriors.get("eyrie", 0) + n
            t.decree_done.append(x)
            ctx.say(f"The Eyrie recruit {n} in clearing {cid}.")
    elif w == "d_build":
        eyrie.place_roost(s, a.clearing, 0, ctx)
        t.decree_done.append(a.card)
    elif w == "craft":
        craft(s, p, a.card, ctx)
    elif w == "end_daylight":
        to_evening(s, p)
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
    elif w == "spread" and a.picks:
        alliance.spread_all(s, p, [int(x) for x in a.picks], ctx)
    elif w == "spread":
        alliance.spread(s, p, a.clearing, a.n, ctx)
    elif w == "mobilize":
        for x in a.picks:
            p.hand.remove(x)
            gain_supporter(s, x, ctx)
        ctx.say(f"The Alliance mobilizes {count(len(a.picks), 'supporter')}.")
    elif w == "train":
        spend(s, p, a.card)
        alliance.board(s).officers += 1
        ctx.say("The Alliance trains an officer.")
    elif w == "a_recruit":
        t.ops_left -= 1
        c = s.edit(a.clearing)
        c.warriors["alliance"] = c.warriors.get("alliance", 0) + 1
        ctx.say(f"The Alliance recruits in clearing {a.clearing}.")
    elif w == "organize":
        t.ops_left -= 1
        alliance.organize(s, p, a.clearing, ctx)
    elif w == "end_turn":
        evening_draw(s, p, ctx)
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
        s.edit(a.clearing).tokens.append("wood")
        ctx.say(f"The Marquise overworks the sawmill in clearing {a.clearing}.")
    elif w == "bird_action":
        spend(s, p, a.card)
        t.actions_left += 1
        ctx.say("The Marquise spends a bird card for an extra action.")
    elif w == "dominance":
        p.hand.remove(a.card)
        p.dominance = a.card
        ctx.say(f"{name(p)} activates a {suit(a.card)} dominance card and stops scoring.")
    elif w == "coalition":
        form(s, p, a.card, a.n, ctx)
    elif w == "take_dominance":
        spend(s, p, a.card2)
        s.available.remove(a.card)
        p.hand.append(a.card)
        ctx.say(f"{name(p)} takes the available {suit(a.card)} dominance card.")
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
        v.set_item(a.n, damaged=False)
        ctx.say(f"The Vagabond repairs a {v.items[a.n].kind}.")
        vagabond.settle_tracks(v)
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
        to_evening(s, p)
    elif w == "tax":
        p.used.append("tax_collector")
        remove_warriors(s, a.clearing, p, 1, None, ctx, score_it=False)
        draw(s, p, 1, ctx)
    elif w == "codebreakers":
        p.used.append("codebreakers")
        other = s.players[a.n]
        names = ", ".join(card(x).name for x in other.hand) or "nothing"
        ctx.say(f"Codebreakers: {name(other)} holds {names}.", to=p.seat)


def _recruits(a: Pick) -> list[tuple[str, int]]:
    """The Decree cards a Recruit decision resolves, each with its clearing."""
    return [(x, int(c)) for x, c in (pair.split("@") for pair in a.picks)]


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
