"""Feat cards and Swag during the Encounter (seed §4 "Perform a Feat", "Use Equipment";
reference §5.4, §7, §14.3-§14.4).

Card effects are data (``engines.att.content``); this module says in which window each
operation may be used, which dice it may target, and carries it out. Swaps belong to the
pre-roll window only; adding dice is allowed before and after the initial roll.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations, repeat
from typing import Literal

from engines.att import dice as pool
from engines.att.actions import (
    ExhaustSwag,
    LuckStart,
    PlayFeat,
    exhaust_swag_move,
    luck_start_move,
    play_feat_move,
)
from engines.att.content import (
    AddDie,
    Bump,
    CardReroll,
    Effect,
    ExtraReroll,
    Flip,
    Gain,
    SwapDie,
    catalog,
    effect_text,
)
from engines.att.feats import discard_from_hand
from engines.att.stash import gain, pay
from engines.att.state import AttState, die
from engines.core.context import Ctx

Window = Literal["pre_roll", "rolling"]
# What a Permanent Luck start does to the pool (reference §14.4).
LUCK_SWAP = SwapDie(die="luck")
# Which window each operation belongs to (ruling feat_windows="encounter_only").
OP_WINDOWS: dict[str, frozenset[Window]] = {
    "bump": frozenset({"rolling"}),
    "flip": frozenset({"rolling"}),
    "add_die": frozenset({"pre_roll", "rolling"}),
    "swap_die": frozenset({"pre_roll"}),
    "extra_reroll": frozenset({"rolling"}),
    "card_reroll": frozenset({"rolling"}),
    "gain": frozenset({"rolling"}),
}


def window(s: AttState) -> Window | None:
    """The card window open now: before the initial roll, or the rolling step. Once the
    first combination is spent, cards are closed unless the table allows them
    (ruling cards_after_first_spend)."""
    d = s.dice
    if d is None:
        return None
    if not d.rolled:
        return "pre_roll"
    if d.spending and not s.options.cards_after_first_spend:
        return None
    return "rolling"


def targets(s: AttState, effect: Effect) -> list[tuple[int, ...]]:
    """The ways ``effect`` can take effect now; empty when it would do nothing."""
    d = pool.dice_of(s)
    match effect:
        case Bump(dice=n):
            # Clamp rule: no die goes above 6, so a 6 is never a useful target.
            raisable = [i for i in pool.live(d) if (d.pool[i].value or 6) < 6]
            return list(combinations(raisable, min(n, len(raisable)))) if raisable else []
        case Flip():
            return [(i,) for i in pool.live(d)]
        case AddDie(die=kind):
            return [()] if pool.available(s, kind) else []
        case SwapDie(die=kind):
            has_basic = any(x.kind == "basic" for x in d.pool)
            return [()] if has_basic and not d.rolled and pool.available(s, kind) else []
        case ExtraReroll():
            return [()] if not d.spending else []
        case CardReroll(max=most):
            if s.options.card_reroll_uses_track and s.players[d.owner].rerolls_left < 1:
                return []
            rerollable = [i for i in pool.live(d) if d.pool[i].kind != "panic"]
            return [
                pick
                for size in range(1, min(most, len(rerollable)) + 1)
                for pick in combinations(rerollable, size)
            ]
        case Gain():
            return [()]
    raise AssertionError(effect)


def feat_plays(s: AttState) -> list[PlayFeat]:
    """Every Feat card play open to the active player now. A card whose effect cannot be
    carried out may still be played for no effect (ruling allow_no_effect_plays)."""
    d = pool.dice_of(s)
    player = s.players[d.owner]
    if not player.hand:
        return []
    now = window(s)
    if now is None:
        return []
    feat = player.tokens["feat"]
    plays: list[PlayFeat] = []
    for card_id in player.hand:
        windows, cost, effect = _feat_gate(card_id)
        if now not in windows or feat < cost:
            continue
        ways = targets(s, effect)
        if ways:
            plays += map(play_feat_move, repeat(card_id), ways)
        elif s.options.allow_no_effect_plays:
            plays.append(play_feat_move(card_id, None))
    return plays


@cache
def _feat_gate(card_id: str) -> tuple[frozenset[Window], int, Effect]:
    """What a Feat card needs before its targets are worked out: its effect's windows, its
    cost in Feat tokens, and the effect."""
    card = catalog().feats[card_id]
    return OP_WINDOWS[card.effect.op], card.cost, card.effect


def swag_uses(s: AttState) -> list[LuckStart | ExhaustSwag]:
    """Permanent Luck starts and Swag exhausts open now; Swag is never used for no effect."""
    d = pool.dice_of(s)
    player = s.players[d.owner]
    if not player.swag:
        return []
    now = window(s)
    if now is None:
        return []
    cards = catalog().swag
    uses: list[LuckStart | ExhaustSwag] = []
    for card_id in player.swag:
        card = cards[card_id]
        if (
            card.luck_start
            and now == "pre_roll"
            and card_id not in d.luck_start_used
            and targets(s, LUCK_SWAP)
        ):
            uses.append(luck_start_move(card_id))
        if card.exhaust is None or card_id in player.exhausted:
            continue
        if now not in OP_WINDOWS[card.exhaust.op]:
            continue
        if any(player.tokens[t] < n for t, n in card.exhaust_cost.items()):
            continue
        uses.extend(exhaust_swag_move(card_id, way) for way in targets(s, card.exhaust))
    return uses


def carry_out(s: AttState, ctx: Ctx, effect: Effect, dice: tuple[int, ...]) -> None:
    """Apply ``effect`` to the chosen dice; an effect that cannot happen does nothing."""
    d = pool.dice_of(s)
    who = s.name(d.owner)
    if not targets(s, effect):
        ctx.say("It has no effect.")
        return
    match effect:
        case Bump(amount=amount):
            for i in dice:
                old = d.pool[i]
                d.pool[i] = die(old.kind, min(6, (old.value or 0) + amount), old.spent)
            shows = "shows" if len(dice) == 1 else "show"
            ctx.say(f"{pool.numbered(dice)} now {shows} {pool.values_text(d, dice)}.")
        case Flip():
            for i in dice:
                old = d.pool[i]
                d.pool[i] = die(old.kind, 7 - (old.value or 0), old.spent)
            ctx.say(f"The die now shows {pool.values_text(d, dice)}.")
        case AddDie(die=kind):
            pool.add_die(s, ctx, kind)
        case SwapDie(die=kind):
            pool.swap_basic(s, ctx, kind)
        case ExtraReroll(n=n):
            s.players[d.owner].rerolls_left += n
            ctx.say(f"{who} gains {n} extra re-roll{'s' if n > 1 else ''}.")
        case CardReroll():
            if s.options.card_reroll_uses_track:
                s.players[d.owner].rerolls_left -= 1
            pool.roll_dice(
                s, ctx, list(dice), f"{who} re-rolls {pool.dice_count(len(dice))} by card"
            )
        case Gain(token=token, n=n):
            got = gain(s, d.owner, token, n)
            ctx.say(f"{who} gains {got} {token.capitalize()}.")


def play_feat(s: AttState, ctx: Ctx, a: PlayFeat) -> None:
    d = pool.dice_of(s)
    card = catalog().feats[a.card]
    pay(s, d.owner, "feat", card.cost)
    discard_from_hand(s, d.owner, a.card)
    ctx.say(f"{s.name(d.owner)} plays {card.name} ({effect_text(card.effect)}).")
    carry_out(s, ctx, card.effect, a.dice)


def exhaust_swag(s: AttState, ctx: Ctx, a: ExhaustSwag) -> None:
    d = pool.dice_of(s)
    card = catalog().swag[a.card]
    assert card.exhaust is not None
    for token, n in card.exhaust_cost.items():
        pay(s, d.owner, token, n)
    player = s.players[d.owner]
    player.exhausted = (*player.exhausted, a.card)
    ctx.say(f"{s.name(d.owner)} exhausts {card.name}.")
    carry_out(s, ctx, card.exhaust, a.dice)


def luck_start(s: AttState, ctx: Ctx, a: LuckStart) -> None:
    d = pool.dice_of(s)
    d.luck_start_used.append(a.card)
    pool.swap_basic(s, ctx, "luck")
