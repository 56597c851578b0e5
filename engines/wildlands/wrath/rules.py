"""Who decides and what each decision does with the Ancients in play (wildlands.md §11).

The base game's rules (``engines.wildlands.rules``) with four additions: the Ancients claim by
Arcane Guardians instead of the base claim (then choose the carrier when several Ancients stand in
the space), they may spend a carried shard wherever they could play a card, a special action in
progress takes every decision until it ends, and ending a turn first offers Desperate Measures.
After each decision knocked-out carriers drop their shards.
"""

from __future__ import annotations

from typing import Any

from engines.core.context import Ctx
from engines.wildlands import rules as base
from engines.wildlands.actions import (
    Area,
    Attack,
    Claim,
    Climb,
    Done,
    DrawCards,
    EndTurn,
    Move,
    PlaceStart,
    Rally,
    Reveal,
)
from engines.wildlands.board import load_board
from engines.wildlands.effects import settle
from engines.wildlands.turns import end_turn
from engines.wildlands.wrath.actions import (
    Carry,
    Discard,
    SpecialAttack,
    SpecialMove,
    SpecialPick,
    SpecialSkip,
    SpecialSpace,
    SpecialX,
    Spend,
)
from engines.wildlands.wrath.guardians import (
    arcane_claim,
    arcane_claims,
    carry,
    carry_options,
    drop_shards,
    spend_options,
)
from engines.wildlands.wrath.measures import (
    discard,
    discard_options,
    start_discarding,
    stop_discarding,
)
from engines.wildlands.wrath.setup import place_start
from engines.wildlands.wrath.specials import special_options, special_step, start_special
from engines.wildlands.wrath.state import WrathState


def legal_actions(s: WrathState, seat: int) -> list[Any]:
    return s.memo(("wrath-legal", seat), list_legal_actions, s, seat)


def list_legal_actions(s: WrathState, seat: int) -> list[Any]:
    """The list itself, worked out again (War extends it from its own remembered list)."""
    if seat not in s.asked_now():
        return []
    if s.phase == "turn" and s.pending is None:
        if s.special is not None:
            return special_options(s, load_board(s.board), s.options.magus_count)
        if s.carrying is not None:
            return carry_options(s)
        if seat in s.discarding:
            return discard_options(s, seat)
    out = base.list_legal_actions(s, seat)
    if seat != s.ancients or not out or not isinstance(out[0], EndTurn | Done):
        return out
    # A turn of the Ancients player: their claims follow Arcane Guardians, and a carried
    # shard may be spent wherever a card could be played.
    plays = [a for a in out[1:] if not isinstance(a, Claim)]
    return [out[0], *spend_options(s), *plays, *arcane_claims(s, seat)]


# Card plays Wrath leaves to the base rules as they are (a claim and a reveal it does not).
_BASE_PLAYS = frozenset({Move, Climb, Attack, Area, Rally, DrawCards})


def resolve(s: WrathState, seat: int, a: Any, ctx: Ctx) -> None:
    if a.__class__ in _BASE_PLAYS:
        # The commonest decisions, sent on without trying every Wrath kind first.
        base.resolve(s, seat, a, ctx)
        after_decision(s, ctx)
        return
    board = load_board(s.board)
    match a:
        case PlaceStart():
            place_start(s, seat, a, ctx)
        case Spend(shard=shard):
            _begin_action(s)
            start_special(s, seat, shard, board, ctx)
            settle(s, ctx)
        case SpecialPick() | SpecialSpace() | SpecialX() | SpecialMove() | SpecialAttack():
            special_step(s, seat, a, board, ctx)
            settle(s, ctx)
        case SpecialSkip():
            special_step(s, seat, a, board, ctx)
            settle(s, ctx)
        case Carry():
            carry(s, a, ctx)
            settle(s, ctx)
        case Discard(card=card_id):
            discard(s, seat, card_id, ctx)
        case EndTurn() if s.discarding:
            if stop_discarding(s, seat):
                end_turn(s, ctx)
        case EndTurn() if start_discarding(s, [s.active]):
            ctx.say(f"{s.seats[s.active].name} may discard before drawing (Desperate Measures).")
        case Claim() if seat == s.ancients:
            _begin_action(s)
            arcane_claim(s, seat, a, ctx)
            settle(s, ctx)
        case Reveal(figure=fid):
            s.revealed_on[fid] = s.turn_number
            base.resolve(s, seat, a, ctx)
        case _:
            base.resolve(s, seat, a, ctx)
    after_decision(s, ctx)


def _begin_action(s: WrathState) -> None:
    """A spend or a claim is one action of the turn (§8.1 window_after)."""
    s.opens_window = s.phase == "turn" and s.interrupter is None
    s.turn_actions += 1


def after_decision(s: WrathState, ctx: Ctx) -> None:
    drop_shards(s, ctx)
    if s.phase == "turn" and s.active == s.ancients and s.interrupter is None:
        s.own_turn = max(s.own_turn, s.turn_number)
