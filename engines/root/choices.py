"""Legal decisions (root.md §5, §12–§16): what a seat may choose right now.

The head of the pending queue (setup picks, battle windows, forced faction choices) comes
first; otherwise the active player's options follow the current step of their turn.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import islice

from engines.root import alliance, eyrie, marquise, vagabond
from engines.root.actions import AnyAction, Pick, fight, pick
from engines.root.battle import after_roll_options, ambush_cards, battles
from engines.root.board import graph, pieces_of
from engines.root.cards import craftable, matches, suit
from engines.root.coalition import coalition_options
from engines.root.content import card, characters
from engines.root.movement import moves
from engines.root.phases import birdsong_cards, has_persistent
from engines.root.state import Pending, Player, State
from engines.root.water import can_use_water, water_options


def options_for(s: State, seat: int) -> list[AnyAction]:
    return list(_options(s, seat))


def first_options(s: State, seat: int, n: int) -> list[AnyAction]:
    """The first ``n`` of ``options_for``, without listing the rest where it can."""
    return list(islice(_options(s, seat), n))


def _options(s: State, seat: int) -> Iterable[AnyAction]:
    if s.winners:
        return ()
    if s.pending:
        pd = s.pending[0]
        return _pending_options(s, pd) if pd.seat == seat else ()
    if s.battle is not None or seat != s.turn.active:
        return ()
    return _turn_options(s, s.players[seat])


def _pending_options(s: State, pd: Pending) -> Sequence[AnyAction]:
    p = s.players[pd.seat]
    k = pd.kind
    g = graph(s)
    if k == "keep":
        return [pick(what="keep", clearing=c) for c in g.corners]
    if k == "setup_build":
        return [pick(what="setup_build", clearing=c, card=pd.card) for c in marquise.setup_spots(s)]
    if k == "leader":
        e = s.eyrie
        assert e is not None
        return [pick(what="leader", card=x) for x in eyrie.LEADERS if x not in e.spent_leaders]
    if k == "hospital":
        cards = [x for x in p.hand if matches(x, g.suit[pd.clearing])] if s.keep else []
        return [pick(what="no_hospital"), *[pick(what="hospital", card=x) for x in cards]]
    if k == "surrender":
        owner = s.players[pd.other]
        return [pick(what="surrender_vp")] + (
            [pick(what="surrender_water")] if owner.water > 0 else []
        )
    if k == "seize":
        return [pick(what="no_seize")] + (
            [pick(what="seize")] if s.players[pd.other].water > 0 else []
        )
    if k == "hit":
        kinds = sorted(set(pieces_of(s.clearing(pd.clearing), p.faction)))
        return [pick(what="hit", clearing=pd.clearing, card=x) for x in kinds]
    if k == "ambush":
        return [pick(what="no_ambush")] + [
            pick(what="ambush", card=x) for x in ambush_cards(s, p, pd.clearing)
        ]
    if k == "counter":
        return [pick(what="no_counter")] + [
            pick(what="counter", card=x) for x in ambush_cards(s, p, pd.clearing)
        ]
    if k == "effect":
        b = s.battle
        if b is None:
            return []
        keys = after_roll_options(s, p, p.seat == b.attacker)
        return [pick(what="no_effect")] + [pick(what="effect", card=x) for x in keys]
    if k == "discard":
        return [pick(what="discard", card=x) for x in sorted(set(p.hand))]
    if k == "wood":
        return [pick(what="wood", clearing=int(x)) for x in sorted(set(pd.pieces))]
    if k == "new_roost":
        return [pick(what="new_roost", clearing=c) for c in eyrie.new_roost_spots(s)]
    if k in ("v_damage", "v_refresh", "v_drop", "v_repair"):
        v = vagabond.vb(s)
        test = {
            "v_damage": lambda it: not it.damaged,
            "v_refresh": lambda it: it.exhausted,
            "v_drop": lambda it: not it.track,
            "v_repair": lambda it: it.damaged,
        }[k]
        fits = [i for i, it in enumerate(v.items) if test(it)]
        b = s.battle
        ally = (
            k == "v_damage"
            and b is not None
            and b.ally
            and b.attacker == p.seat
            and s.clearing(b.clearing).warriors.get(b.ally, 0)
        )
        # The Slip that follows a Refresh, where it opens no trail, in the same decision.
        slips = k == "v_refresh" and len(s.pending) == 1 and s.turn.step == "v_slip"
        if (pd.count > 1 or slips) and not ally:
            # Several items at once, in one decision (issue 29 "Fewer taps"): nothing
            # happens between them, so their order changes nothing.
            ways = [tuple(map(str, c)) for c in vagabond.sets(v, fits, pd.count)]
            out = [pick(what=k, picks=w) for w in ways]
            if slips:
                then = ["stay"] + [
                    f"slip:{m.card}"
                    for m in vagabond.move_options(s, p, slip=True)
                    if m.card2 == "none"
                ]
                out += [pick(what=k, picks=(*w, x)) for w in ways for x in then]
            return out
        out: list[AnyAction] = [pick(what=k, n=i) for i in vagabond.distinct(v, fits)]
        if ally and b is not None:
            out.append(pick(what=k, ally=b.ally))
        return out
    if k == "burrow_bank":
        return [pick(what="burrow_bank", n=o.seat) for o in s.players if o.seat != p.seat]
    if k == "character":
        return [pick(what="character", card=x) for x in characters()]
    if k == "forest":
        return [pick(what="forest", card=f) for f in g.rec.forests]
    if k == "outrage":
        need = g.suit[pd.clearing]
        cards = [x for x in p.hand if matches(x, need)]
        nxt = s.pending[1] if len(s.pending) > 1 else None
        if nxt is not None and nxt.kind == "surrender" and nxt.seat == pd.seat:
            # The sympathy token removed also surrenders: both answers for it in one
            # decision (issue 29 "Fewer taps"); nothing happens between them.
            return [
                pick(what="outrage", card=x, card2=o.what)
                for x in cards
                for o in _pending_options(s, nxt)
                if isinstance(o, Pick)
            ]
        return [pick(what="outrage", card=x) for x in cards]
    if k == "ddd":
        return [pick(what="ddd", card=a, card2=b) for a in pd.pieces for b in pd.pieces if a != b]
    return []


def _daylight_extras(s: State, p: Player) -> list[AnyAction]:
    """Dominance, once-per-turn Daylight cards and the water actions."""
    out: list[AnyAction] = []
    if p.faction == "vagabond":  # his dominance card only forms a coalition (L9.2.8)
        out += coalition_options(s, p)
    elif not p.dominance and p.vp >= 10:
        out += [pick(what="dominance", card=x) for x in p.hand if card(x).type == "dominance"]
    for dom in s.available:
        need = suit(dom)
        out += [
            pick(what="take_dominance", card=dom, card2=x)
            for x in p.hand
            if (suit(x) == "bird" if need == "bird" else matches(x, need))
        ]
    return out + _once_per_turn(s, p) + water_options(s, p)


def _once_per_turn(s: State, p: Player) -> list[AnyAction]:
    out: list[AnyAction] = []
    if has_persistent(p, "tax_collector") and "tax_collector" not in p.used:
        out += [
            pick(what="tax", clearing=c.id) for c in s.clearings if c.warriors.get(p.faction, 0)
        ]
    if has_persistent(p, "codebreakers") and "codebreakers" not in p.used:
        out += [pick(what="codebreakers", n=o.seat) for o in s.players if o.seat != p.seat]
    return out


def _turn_options(s: State, p: Player) -> Iterator[AnyAction]:
    """The active player's options in order, each part listed only when reached: asking
    whether there are two answers stops at the second (``first_options``)."""
    t = s.turn
    if t.advance == "move":
        yield pick(what="advance_skip")
        if p.faction == "vagabond":
            yield from vagabond.move_options(s, p, slip=False)
        else:
            yield from moves(s, p)
        return
    if t.advance == "battle":
        yield pick(what="advance_done")
        if p.faction == "vagabond":
            only = s.options.advance_battle_clearing == "destination"
            yield from (f for f in vagabond.fights(s, p) if not only or f.clearing == t.advance_dst)
        else:
            yield from _advance_fights(s, p)
        return
    st = t.step
    if st == "water_take":
        yield from (pick(what="no_water"), pick(what="take_water"))
    elif st == "birdsong_cards":
        yield pick(what="end_birdsong")
        yield from birdsong_cards(s, p)
        yield from water_options(s, p)
    elif st == "decree_add":
        if t.decree_added or not p.hand:
            yield pick(what="end_decree")
        yield from eyrie.decree_add_options(s, p)
        yield from birdsong_cards(s, p)
        yield from water_options(s, p)
    elif st == "command_warren":
        yield pick(what="no_warren")
        yield from vagabond.fights(s, p) if p.faction == "vagabond" else _all_fights(s, p)
    elif st == "cobbler":
        yield pick(what="no_cobbler")
        if p.faction == "vagabond":
            yield from vagabond.move_options(s, p, slip=False)
        else:
            yield from moves(s, p)
    elif st in ("m_craft", "m_main"):
        yield from _end_turn(s, p)
        yield pick(what="end_daylight")
        yield from marquise.daylight_actions(s, p)
        yield from _daylight_extras(s, p)
    elif st == "march":
        yield pick(what="end_march")
        yield from moves(s, p)
    elif st == "e_craft":
        # The Decree's first card may be carried out at once, which starts the Decree
        # (issue 29 "Fewer taps"). Resolve the Decree is offered only for a Decree that
        # begins in Turmoil: otherwise it leads to nothing its first card does not (after
        # it, the first card's column and the water actions, all on offer here too).
        first = eyrie.decree_options(s, p, eyrie.first_column(s))
        head = next(first, None)
        if head is None:
            yield pick(what="start_decree")
        yield from (pick(what="craft", card=c) for c in craftable(s, p))
        yield from _daylight_extras(s, p)
        if head is not None:
            yield head
            yield from first
    elif st == "decree":
        yield from eyrie.decree_options(s, p)
        yield from water_options(s, p)
    elif st == "v_slip":
        yield pick(what="no_slip")
        yield from vagabond.move_options(s, p, slip=True)
        yield from birdsong_cards(s, p)
        yield from water_options(s, p)
    elif st == "v_daylight":
        yield from _end_turn(s, p)
        yield pick(what="end_daylight")
        yield from vagabond.daylight_options(s, p)
        yield from _daylight_extras(s, p)
    elif st == "a_birdsong":
        yield from alliance.birdsong_options(s, p)
        yield from birdsong_cards(s, p)
        yield from water_options(s, p)
    elif st == "a_daylight":
        yield pick(what="end_daylight")
        yield from (pick(what="craft", card=c) for c in craftable(s, p))
        yield from alliance.daylight_options(s, p)
        yield from _daylight_extras(s, p)
    elif st == "a_ops":
        yield pick(what="end_ops")
        yield from alliance.ops_options(s, p)
        yield from water_options(s, p)
    elif st == "e_after":
        yield from _end_turn(s, p)
        yield pick(what="end_daylight")
        yield from _daylight_extras(s, p)
    elif st == "evening":
        yield pick(what="end_turn")
        yield from water_options(s, p)


def _end_turn(s: State, p: Player) -> list[AnyAction]:
    """End Daylight and go straight to the Evening draw, where the Evening would only ask
    whether to spend WATER first (issue 29 "Fewer taps"); End Daylight keeps that window.
    The Alliance's Evening holds its operations, and Cobbler moves at its start."""
    if p.faction == "alliance" or has_persistent(p, "cobbler") or not can_use_water(s, p):
        return []
    return [pick(what="end_turn")]


def _all_fights(s: State, p: Player) -> list[AnyAction]:
    return [fight(clearing=cid, defender=e.seat) for cid, e in battles(s, p)]


def _advance_fights(s: State, p: Player) -> list[AnyAction]:
    """W.4.2's battle: anywhere, or only where the advance moved (advance_battle_clearing)."""
    only = s.options.advance_battle_clearing == "destination"
    return [
        fight(clearing=cid, defender=e.seat)
        for cid, e in battles(s, p)
        if not only or cid == s.turn.advance_dst
    ]
