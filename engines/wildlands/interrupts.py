"""Interrupt windows, interrupting turns and standing orders (wildlands.md §8.1).

After each completed action of the active side a window opens to every player not on that
side at once; who is asked never depends on hands (window_ignores_hands), so an open window
leaks nothing. Each asked player answers pass or interrupt with a card showing the interrupt
icon; answers stay hidden until the window closes, which happens when all have answered.
If several interrupt, the first in seat order from the active player's left takes an
interrupting turn (interrupt_priority) and the others keep their cards; a mode whose state
answers ``interrupt_priority()`` orders them itself (War: lowest team-member index, §12).
An interrupting turn is unlimited card plays with no reveal and no draw, ends on "done", and
allows no further interrupt (nested_interrupts=false): the next window opens only after the
active side's next action.

Standing orders answer for a player at once: auto_pass ``window`` (the next window it is
asked in), ``turn`` (until the end of the current main turn) or ``always``; auto_defend
``ask``, ``best`` (fewest icons, then lowest card id) or ``never``.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from engines.core.context import Ctx
from engines.core.trusted import replaced
from engines.wildlands.actions import Interrupt, Orders, Pass
from engines.wildlands.cards import card_label, hand_plan
from engines.wildlands.decks import play_card
from engines.wildlands.frozen import shared
from engines.wildlands.state import Pending, State

# Every window is this one with its seats and answers filled in (one opens after nearly
# every action, so it is copied rather than validated again).
_WINDOW = Pending(kind="window", seats=())


def from_left(s: State, seat: int) -> tuple[int, ...]:
    """Every other seat, in order from ``seat``'s left (the next seat first)."""
    return _from_left(len(s.seats), seat)


@cache
def _from_left(n: int, seat: int) -> tuple[int, ...]:
    return tuple((seat + k) % n for k in range(1, n))


def open_window(s: State, ctx: Ctx) -> None:
    # One pass over the other seats from the active player's left (a window opens after
    # nearly every action): who may interrupt, and who of them already passes by order.
    seats, active = s.seats, s.active
    active_side = seats[active].side
    eligible: list[int] = []
    answers: dict[int, str] = {}
    waiting: list[int] = []
    for seat in from_left(s, active):
        player = seats[seat]
        if player.side == active_side or player.eliminated:
            continue
        eligible.append(seat)
        if player.auto_pass != "off":
            answers[seat] = ""
        else:
            waiting.append(seat)
    if waiting:
        s.pending = replaced(_WINDOW, seats=tuple(waiting), answers=answers)
    else:
        close_window(s, eligible, answers, ctx)


def window_options(s: State, seat: int) -> list[Pass | Interrupt]:
    plays = [shared(Interrupt, card=c) for c in hand_plan(s.seats[seat].hand).interrupts]
    return [PASS, *plays]


def answer(s: State, seat: int, card_id: str, ctx: Ctx) -> None:
    """Record ``seat``'s answer ("" = pass); close the window once everyone has answered."""
    assert s.pending is not None and s.pending.kind == "window"
    answers = {**s.pending.answers, seat: card_id}
    waiting = tuple(x for x in s.pending.seats if x != seat)
    if waiting:
        s.pending = replaced(s.pending, seats=waiting, answers=answers)
    else:
        # Closing shows everyone's answers, so this step can never be taken back.
        ctx.reveal()
        close_window(s, sorted(answers), answers, ctx)


def close_window(s: State, asked: list[int], answers: dict[int, str], ctx: Ctx) -> None:
    s.pending = None
    for seat in asked:
        if s.seats[seat].auto_pass == "window":
            s.update_seat(seat, auto_pass="off")
    if not any(answers.values()):
        return  # everyone passed (most windows): nobody interrupts
    # A mode may order the interrupters itself (War's team-member order); the base order
    # is from the active player's left.
    mode_order = s.interrupt_priority()
    order: Sequence[int] = mode_order if mode_order is not None else from_left(s, s.active)
    winner = next((seat for seat in order if answers.get(seat)), None)
    if winner is None:
        return
    player = s.seats[winner]
    play_card(s, player.seat, answers[winner])
    s.interrupter = winner
    ctx.say(f"{player.name} interrupts with {card_label(answers[winner])}.")


def end_interrupt(s: State, ctx: Ctx) -> None:
    assert s.interrupter is not None
    ctx.say(f"{s.seats[s.interrupter].name} ends the interrupting turn.")
    s.interrupter = None


# The standing orders offered in every window and every defence, made once.
WINDOW_ORDERS = (shared(Orders, auto_pass="turn"), shared(Orders, auto_pass="always"))
DEFENCE_ORDERS = (shared(Orders, auto_defend="best"), shared(Orders, auto_defend="never"))
# Cancelling a standing order in one's own turn (offered at every turn while one is set).
CANCEL_PASS = shared(Orders, auto_pass="off")
CANCEL_DEFEND = shared(Orders, auto_defend="ask")
PASS = shared(Pass)


def order_options(s: State, seat: int) -> list[Orders]:
    """Standing orders offered to ``seat`` now, only where they matter so menus stay short.

    In a window: pass for the rest of the turn, or always (a plain pass covers one window).
    In a defence: defend with the best card, or never defend. In one's own main turn:
    cancel an order that is set.
    """
    player = s.seats[seat]
    p = s.pending
    if p is not None and p.kind == "window":
        return list(WINDOW_ORDERS)
    if p is not None and p.kind == "defence":
        return list(DEFENCE_ORDERS)
    if p is not None or s.phase != "turn" or s.interrupter is not None or s.must_reveal:
        return []
    out = []
    if player.auto_pass != "off":
        out.append(CANCEL_PASS)
    if player.auto_defend != "ask":
        out.append(CANCEL_DEFEND)
    return out


def set_orders(s: State, seat: int, a: Orders, ctx: Ctx) -> None:
    """Change a standing order; an auto-pass answers the window this seat is asked in.

    A changed auto_defend that now answers a pending defence is resolved by the caller,
    which owns the hit resolution."""
    player = s.seats[seat]
    if a.auto_pass is not None:
        player = s.update_seat(seat, auto_pass=a.auto_pass)
        ctx.say(f"{player.name} sets auto-pass to {a.auto_pass}.")
    if a.auto_defend is not None:
        player = s.update_seat(seat, auto_defend=a.auto_defend)
        ctx.say(f"{player.name} sets auto-defend to {a.auto_defend}.")
    pending = s.pending
    if pending and pending.kind == "window" and seat in pending.seats and player.auto_pass != "off":
        answer(s, seat, "", ctx)
