"""Who decides, what they may do, and what each decision does (wildlands.md §5, §6, §8).

``legal_actions`` is the single definition of legality: ``apply`` accepts exactly what it
lists and explains anything else in a sentence (``explain``). Lists come in canonical order
with the rules' timeout answer first: end turn, done, pass, decline a push or a belt, the
lowest character to reveal.
"""

from __future__ import annotations

from typing import Any

from engines.core.context import Ctx
from engines.wildlands.actions import (
    Area,
    Attack,
    Belt,
    Claim,
    Climb,
    Defend,
    Done,
    DrawCards,
    EndTurn,
    Interrupt,
    Move,
    Orders,
    Pass,
    PlaceStart,
    Push,
    Rally,
    Reveal,
)
from engines.wildlands.board import Board, load_board
from engines.wildlands.cards import HandPlan, card_label, hand_plan
from engines.wildlands.claims import claim, claim_options
from engines.wildlands.combat import (
    answer_hit,
    area_attack,
    attack,
    attack_options,
    best_defence,
    defence_cards,
)
from engines.wildlands.decks import draw, play_card
from engines.wildlands.effects import settle
from engines.wildlands.frozen import shared
from engines.wildlands.interrupts import (
    answer,
    end_interrupt,
    order_options,
    set_orders,
    window_options,
)
from engines.wildlands.movement import move, move_options, rally, rally_options
from engines.wildlands.setup import place_start, start_options
from engines.wildlands.state import State
from engines.wildlands.terrain import belt_options, push, push_options, run_belt
from engines.wildlands.turns import end_turn, reveal


def reveal_options(s: State, seat: int) -> list[Reveal]:
    """Lowest start space first (the timeout's choice, §8.1), then the lowest id."""
    starts = s.seats[seat].hidden_starts
    if not starts:
        return []  # everyone revealed: most of a game
    order = sorted(starts, key=lambda fid: (starts[fid], fid))
    return [shared(Reveal, figure=fid) for fid in order]


def draw_options(plan: HandPlan) -> list[DrawCards]:
    return [shared(DrawCards, card=c) for c in plan.draws]


def card_plays(s: State, board: Board, seat: int) -> list[Any]:
    """Every card play open to ``seat`` in its (main or interrupting) turn, from its hand's
    plan, looked up once."""
    plan = hand_plan(s.seats[seat].hand)
    return [
        *move_options(s, board, seat, plan),
        *attack_options(s, board, seat, plan),
        *rally_options(s, board, seat, plan),
        *claim_options(s, seat, plan),
        *draw_options(plan),
    ]


def legal_actions(s: State, seat: int) -> list[Any]:
    return s.memo(("legal", seat), list_legal_actions, s, seat)


def list_legal_actions(s: State, seat: int) -> list[Any]:
    """The list itself, worked out again: a mode extending it calls this from its own
    remembered list, so one state keeps one list per seat."""
    if seat not in s.asked_now():
        return []
    if s.phase == "placing":
        return start_options(s, seat)
    board = load_board(s.board)
    orders = order_options(s, seat)
    p = s.pending
    if p is not None:
        if p.kind == "window":
            return [*window_options(s, seat), *orders]
        if p.kind == "defence":
            assert p.hit is not None
            defences = [shared(Defend, card=c) for c in defence_cards(s, p.hit)]
            return [shared(Defend, card=None), *defences, *orders]
        if p.kind == "push":
            return [*push_options(s, board), *orders]
        return [*belt_options(s, board), *orders]
    if s.phase == "pregame" or s.must_reveal:
        return [*reveal_options(s, seat), *orders]
    plays = card_plays(s, board, seat)
    if s.interrupter is not None:
        return [shared(Done), *plays, *orders]
    reveals = reveal_options(s, seat) if s.options.free_reveals else []
    return [shared(EndTurn), *reveals, *plays, *orders]


# Card plays and reveals: each is one whole action (``_take_action``).
_ACTIONS = frozenset({Reveal, Move, Climb, Attack, Area, Rally, Claim, DrawCards})


def resolve(s: State, seat: int, a: Any, ctx: Ctx) -> None:
    """Carry out a legal decision on ``s`` (the engine's private copy)."""
    if a.__class__ in _ACTIONS:
        # The commonest decisions, sent on without trying every other kind first.
        _take_action(s, seat, a, ctx)
        return
    board = load_board(s.board)
    pending = s.pending
    match a:
        case Orders():
            set_orders(s, seat, a, ctx)
            order = s.seats[seat].auto_defend
            if pending and pending.kind == "defence" and pending.hit and order != "ask":
                s.pending = None
                hit = pending.hit
                answer_hit(s, hit, best_defence(s, hit) if order == "best" else None, ctx)
                settle(s, ctx)
        case Pass():
            answer(s, seat, "", ctx)
        case Interrupt(card=card_id):
            answer(s, seat, card_id, ctx)
        case Defend(card=card_id):
            assert pending is not None and pending.hit is not None
            s.pending = None
            answer_hit(s, pending.hit, card_id, ctx)
            settle(s, ctx)
        case Push():
            push(s, seat, a, ctx)
            settle(s, ctx)
        case Belt():
            run_belt(s, board, seat, a, ctx)
            settle(s, ctx)
        case EndTurn():
            end_turn(s, ctx)
        case Done():
            end_interrupt(s, ctx)
        case PlaceStart():
            place_start(s, seat, a, ctx)
        case _:
            _take_action(s, seat, a, ctx)


def _take_action(s: State, seat: int, a: Any, ctx: Ctx) -> None:
    """A reveal or a card play: one whole action, then its window (§8.1)."""
    s.opens_window = s.phase == "turn" and s.interrupter is None
    s.turn_actions += 1
    match a:
        case Move() | Climb():
            move(s, seat, a, ctx)
        case Reveal(figure=figure_id):
            reveal(s, seat, figure_id, ctx)
            s.must_reveal = False
        case Attack():
            attack(s, seat, a, ctx)
        case Area():
            area_attack(s, seat, a, ctx)
        case Rally():
            rally(s, seat, a, ctx)
        case Claim():
            claim(s, seat, a, ctx)
        case DrawCards(card=card_id):
            player = s.seats[seat]
            play_card(s, player.seat, card_id)
            ctx.say(f"{player.name} plays {card_label(card_id)} to draw.")
            draw(s, player.seat, s.options.draw_icon_amount, ctx)
    settle(s, ctx)
