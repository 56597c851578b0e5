"""The Encounter phase: build the pool, roll, re-roll, play cards, spend (seed §4;
reference §5.4, §7, §8)."""

from __future__ import annotations

from collections.abc import Iterator

from engines.att import dice as pool
from engines.att.actions import (
    END_ENCOUNTER,
    ROLL,
    UNFOCUSED_REROLL,
    Action,
    BumpFeatDie,
    ExhaustSwag,
    FocusedReroll,
    LuckStart,
    PlayFeat,
    Roll,
    Spend,
    UnfocusedReroll,
    bump_feat_die_move,
)
from engines.att.effects import exhaust_swag, feat_plays, luck_start, play_feat, swag_uses
from engines.att.spending import legal_spends, spend
from engines.att.state import AttState
from engines.core.context import Ctx


def start(s: AttState, ctx: Ctx) -> None:
    """Enter the Encounter phase with the five Basic dice."""
    assert s.active is not None and s.turn is not None
    s.phase = "encounter"
    s.dice = pool.new_pool(s.active, desperate=s.turn.overcome)
    if s.turn.overcome:
        ctx.say(f"{s.name(s.active)} rolls for resources only.")


def legal(s: AttState) -> list[Action]:
    return list(_moves(s))


def _moves(s: AttState) -> Iterator[Action]:
    """The moves on offer in menu order; after the roll, stopping comes last."""
    d = pool.dice_of(s)
    if not d.rolled:
        yield ROLL
        yield from swag_uses(s)
        yield from feat_plays(s)
        return
    if pool.can_reroll(s):
        if pool.unfocused_throws_any(s):
            yield UNFOCUSED_REROLL
        yield from pool.focused_rerolls(s)
    yield from map(bump_feat_die_move, pool.feat_die_bumps(s))
    yield from feat_plays(s)
    yield from swag_uses(s)
    yield from legal_spends(s)
    yield END_ENCOUNTER


def apply(s: AttState, ctx: Ctx, a: Action) -> None:
    """Carry out one Encounter action (``EndEncounter`` is handled by the turn flow)."""
    match a:
        case Roll():
            pool.initial_roll(s, ctx)
        case UnfocusedReroll():
            pool.unfocused_reroll(s, ctx)
        case FocusedReroll(dice=pick):
            pool.focused_reroll(s, ctx, pick)
        case BumpFeatDie(die=index):
            pool.bump_feat_die(s, ctx, index)
        case PlayFeat():
            play_feat(s, ctx, a)
        case ExhaustSwag():
            exhaust_swag(s, ctx, a)
        case LuckStart():
            luck_start(s, ctx, a)
        case Spend():
            spend(s, ctx, a)
        case _:
            raise AssertionError(a)


def finished(s: AttState) -> bool:
    """The phase ends by itself once nothing but stopping is left (after the roll): when
    the first move on offer is the last one, stopping. Only that first move is worked out."""
    d = s.dice
    if d is None or not d.rolled:
        return False
    return next(_moves(s)) is END_ENCOUNTER
