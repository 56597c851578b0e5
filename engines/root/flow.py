"""Turn flow (root.md §4, §5): running the game between decisions.

``advance`` runs the automatic parts of the game until someone owes a decision: the head of
the pending queue, a battle stage, or the active player's current step. ``options_for``
(engines.root.choices) lists a seat's legal decisions and ``resolve`` carries one out.

A decision with a single answer is no decision (issue 29 "Fewer taps"): ``advance`` takes it
for the seat and says so in the log, except the timed windows (an ambush, a counter-ambush,
a card after the roll, Field Hospitals) and Outrage, where asking no one would tell the
table what the seat holds. A game recorded before this replays only up to its first such
move: its record holds the move, which the game now takes by itself.
"""

from __future__ import annotations

from engines.core.context import Ctx
from engines.root import battle, eyrie
from engines.root.actions import AnyAction
from engines.root.cards import draw
from engines.root.choices import first_options
from engines.root.describe import describe_action
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
from engines.root.water import can_use_water
from engines.root.words import player_label

# The timed windows, and Outrage (which card of the suit to give): a prompt here is never
# skipped, since passing it at once would tell the table what the seat holds.
SECRET = frozenset({"ambush", "counter", "effect", "hospital", "outrage"})


def advance(s: State, ctx: Ctx) -> None:
    """Run automatic steps until a real decision is owed or the game is over: a decision
    with a single answer is taken for its seat and said in words."""
    for _ in range(1_000):
        run_steps(s, ctx)
        if (only := _only_answer(s)) is None:
            return
        seat, a = only
        ctx.say(f"{player_label(s.players[seat])}: {describe_action(a, s)} (the only move).")
        take(s, seat, a, ctx)


def _only_answer(s: State) -> tuple[int, AnyAction] | None:
    """The seat owing a decision and its single legal answer, if it has only one."""
    if s.winners or (s.pending and s.pending[0].kind in SECRET):
        return None
    seat = s.pending[0].seat if s.pending else s.turn.active
    answers = first_options(s, seat, 2)
    return (seat, answers[0]) if len(answers) == 1 else None


def run_steps(s: State, ctx: Ctx) -> None:
    """Run automatic steps until a decision is owed or the game is over."""
    for _ in range(10_000):
        if s.winners:
            s.pending = []
            s.battle = None
            return
        if s.pending:
            if first_options(s, s.pending[0].seat, 1):
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
        elif t.step == "birdsong_cards" and not birdsong_cards(s, p) and not can_use_water(s, p):
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
            if not t.advance and not eyrie.can_resolve(s, p):
                eyrie.turmoil(s, p, ctx)
                to_evening(s, p)
                continue
            return
        elif t.step == "march" and t.march_left == 0:
            t.step = "m_main"
        elif t.step == "evening" and not t.advance and not can_use_water(s, p):
            evening_draw(s, p, ctx)
        elif t.step == "end_turn":
            end_turn(s, ctx)
        else:
            return


def resolve(s: State, seat: int, a: AnyAction, ctx: Ctx) -> None:
    take(s, seat, a, ctx)
    advance(s, ctx)


def take(s: State, seat: int, a: AnyAction, ctx: Ctx) -> None:
    p = s.players[seat]
    if s.pending:
        pd = s.pending.pop(0)
        resolve_pending(s, p, pd, a, ctx)
    else:
        resolve_turn(s, p, a, ctx)
