"""Turn flow (root.md §4, §5): running the game between decisions.

``advance`` runs the automatic parts of the game until someone owes a decision: the head of
the pending queue, a battle stage, or the active player's current step. ``options_for``
(engines.root.choices) lists a seat's legal decisions and ``resolve`` carries one out.
"""

from __future__ import annotations

from engines.core.context import Ctx
from engines.root import battle, eyrie
from engines.root.actions import AnyAction
from engines.root.cards import draw
from engines.root.choices import options_for
from engines.root.pending import resolve_pending
from engines.root.phases import (
    birdsong,
    birdsong_cards,
    end_turn,
    evening_draw,
    setup_eyrie,
    start_turn,
    to_daylight,
    to_evening,
)
from engines.root.state import Pending, State
from engines.root.turn_actions import resolve_turn
from engines.root.water import water_options


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
            setup_eyrie(s, ctx)
        elif t.step == "setup_done":
            start_turn(s, s.order[0], ctx)
        elif t.step == "birdsong":
            birdsong(s, p, ctx)
        elif t.step == "emergency_orders":
            if not p.hand:
                ctx.say("The Eyrie issue Emergency Orders and draw a card.")
                draw(s, p, 1, ctx)
            t.step = "decree_add"
        elif t.step == "birdsong_cards" and not birdsong_cards(s, p) and not water_options(s, p):
            # Nothing to do in Birdsong: no card and no water action (§16.5's window).
            to_daylight(s, p)
        elif t.step == "new_roost":
            spots = eyrie.new_roost_spots(s) if eyrie.roosts(s) == 0 else []
            if spots:
                s.pending.append(Pending(seat=p.seat, kind="new_roost"))
            to_daylight(s, p)
        elif t.step == "decree":
            if not eyrie.pending_cards(s):
                t.decree_col += 1
                if t.decree_col >= len(eyrie.COLUMNS):
                    t.step = "e_after"
                continue
            if not t.advance and not eyrie.decree_options(s, p):
                eyrie.turmoil(s, p, ctx)
                to_evening(s, p)
                continue
            return
        elif t.step == "march" and t.march_left == 0:
            t.step = "m_main"
        elif t.step == "evening" and not t.advance and not water_options(s, p):
            evening_draw(s, p, ctx)
        elif t.step == "end_turn":
            end_turn(s, ctx)
        else:
            return


def resolve(s: State, seat: int, a: AnyAction, ctx: Ctx) -> None:
    p = s.players[seat]
    if s.pending:
        pd = s.pending.pop(0)
        resolve_pending(s, p, pd, a, ctx)
    else:
        resolve_turn(s, p, a, ctx)
    advance(s, ctx)
