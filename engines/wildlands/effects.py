"""Resolving an action to the end (wildlands.md §6 "An action resolves completely", §7
hit order, §8 pending_model=single, §8.1 window_after=completed_action).

An action leaves a queue of effects: hits, entries into spaces, rally steps, push and belt
offers. ``settle`` works through it in order and stops at the first effect that hands a
choice to a player. When the queue is empty the action is complete: a pre-game reveal
passes to the next player, and an action of the active side in its main turn opens an
interrupt window.
"""

from __future__ import annotations

from engines.core.context import Ctx
from engines.wildlands.board import load_board
from engines.wildlands.combat import offer_hit
from engines.wildlands.interrupts import open_window
from engines.wildlands.state import BeltOffer, Enter, Hit, Relocate, Slip, State
from engines.wildlands.terrain import enter, offer_belt, offer_push, relocate
from engines.wildlands.turns import next_pregame_reveal


def settle(s: State, ctx: Ctx) -> None:
    board = load_board(s.board)
    while s.queue and s.phase != "over":
        match s.queue.pop(0):
            case Hit() as hit:
                waiting = offer_hit(s, hit, ctx)
            case Enter() as entry:
                enter(s, board, entry, ctx)
                waiting = False
            case Relocate() as move:
                relocate(s, move)
                waiting = False
            case Slip() as slip:
                waiting = offer_push(s, slip)
            case BeltOffer(seat=seat):
                waiting = offer_belt(s, board, seat)
        if waiting:
            return
    if s.phase == "over" or s.pending is not None:
        return
    if s.phase == "pregame":
        next_pregame_reveal(s, ctx)
    elif s.opens_window:
        s.opens_window = False
        open_window(s, ctx)
