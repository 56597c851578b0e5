"""Trading Post phase: replacing, buying and refreshing Swag (seed §6; reference §5.6).

Order of play: one optional free replacement (ruling free_replacements=1), then the buying
step (buy slot cards or the top of Old Stock; pay 2 Treasure to refresh up to 3 slots), and
last, empty slots are dealt (ruling slot_refill_timing="end_of_buying").
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from engines.att.achievements import check as check_achievements
from engines.att.actions import (
    LEAVE_TRADING_POST,
    Action,
    BuySwag,
    RefreshSwag,
    ReplaceSwag,
    buy_swag_move,
    refresh_swag_move,
    replace_swag_move,
)
from engines.att.content import catalog
from engines.att.stash import pay
from engines.att.state import TRADING_POST, AttState
from engines.core.context import Ctx

REFRESH_COST = 2
REFRESH_MOST = 3


def swag_name(card: str) -> str:
    return catalog().swag[card].name


def deal_swag(s: AttState, ctx: Ctx) -> str | None:
    """The top card of the Swag deck. An empty deck is rebuilt from Old Stock below its
    top card (ruling swag_deck_empty); None when nothing can be dealt."""
    if not s.swag_deck and s.options.swag_deck_empty == "reshuffle_old_stock_below_top":
        below = s.old_stock[:-1]
        if below:
            with ctx.rng(s) as rng:
                s.swag_deck = rng.shuffled(below)
            s.old_stock = s.old_stock[-1:]
            ctx.say("Old Stock (all but its top card) is shuffled to form a new Swag deck.")
    if not s.swag_deck:
        return None
    ctx.reveals = True
    return s.swag_deck.pop()


def _fill(s: AttState, ctx: Ctx, index: int) -> None:
    card = deal_swag(s, ctx)
    s.swag_slots[index] = card
    if card is not None:
        ctx.say(f"{swag_name(card)} is dealt to Trading Post slot {index + 1}.")


def _to_old_stock(s: AttState, slots: list[int]) -> None:
    """Cards go to Old Stock in ascending slot order, so the highest slot's card ends on top
    (ruling old_stock_order="slot_ascending")."""
    for index in sorted(slots):
        card = s.swag_slots[index]
        assert card is not None
        s.old_stock.append(card)
        s.swag_slots[index] = None


def enter(s: AttState, ctx: Ctx) -> None:
    assert s.active is not None and s.turn is not None
    s.phase = "trading_post"
    s.players[s.active].pawn = TRADING_POST
    s.turn.free_replacements_left = s.options.free_replacements
    ctx.say(f"{s.name(s.active)} moves to the Trading Post.")


def options(s: AttState) -> list[Action]:
    return list(_options(s))


def only_leaving(s: AttState) -> bool:
    """Whether leaving is the only choice left; works out only the first move on offer."""
    return next(_options(s)) is LEAVE_TRADING_POST


def _options(s: AttState) -> Iterator[Action]:
    """The moves on offer in menu order, leaving last."""
    assert s.active is not None and s.turn is not None
    treasure = s.players[s.active].tokens["treasure"]
    cards = catalog().swag
    occupied = [(i, c) for i, c in enumerate(s.swag_slots) if c is not None]
    if s.turn.free_replacements_left > 0 and not s.turn.buying_started:
        for i, c in occupied:
            yield replace_swag_move(i + 1, c)
    for i, c in occupied:
        if cards[c].cost <= treasure:
            yield buy_swag_move(c, i + 1)
    if s.old_stock and cards[s.old_stock[-1]].cost <= treasure:
        yield buy_swag_move(s.old_stock[-1], None)
    limit = s.options.paid_refresh_limit
    if treasure >= REFRESH_COST and (limit is None or s.turn.paid_refreshes < limit):
        slots = [i + 1 for i, _ in occupied]
        for size in range(1, min(REFRESH_MOST, len(slots)) + 1):
            yield from map(refresh_swag_move, combinations(slots, size))
    yield LEAVE_TRADING_POST


def apply(s: AttState, ctx: Ctx, a: Action) -> None:
    """Carry out one Trading Post choice (leaving is handled by ``leave``)."""
    assert s.active is not None and s.turn is not None
    seat = s.active
    who = s.name(seat)
    match a:
        case ReplaceSwag(slot=slot, card=card):
            s.turn.free_replacements_left -= 1
            _to_old_stock(s, [slot - 1])
            ctx.say(f"{who} moves {swag_name(card)} to Old Stock.")
            _fill(s, ctx, slot - 1)
        case BuySwag(card=card, slot=slot):
            s.turn.buying_started = True
            if slot is None:
                s.old_stock.pop()
            else:
                s.swag_slots[slot - 1] = None
            pay(s, seat, "treasure", catalog().swag[card].cost)
            player = s.players[seat]
            player.swag = (*player.swag, card)
            if not s.options.bought_swag_ready:
                player.exhausted = (*player.exhausted, card)
            ctx.say(f"{who} buys {swag_name(card)} for {catalog().swag[card].cost} Treasure.")
            if s.options.achievement_check == "immediate_active_player":
                check_achievements(s, ctx, seat)
        case RefreshSwag(slots=slots):
            s.turn.buying_started = True
            s.turn.paid_refreshes += 1
            pay(s, seat, "treasure", REFRESH_COST)
            _to_old_stock(s, [i - 1 for i in slots])
            cards = "a Swag card" if len(slots) == 1 else f"{len(slots)} Swag cards"
            ctx.say(f"{who} pays {REFRESH_COST} Treasure to refresh {cards}.")
            for i in sorted(slots):
                _fill(s, ctx, i - 1)
        case _:
            raise AssertionError(a)


def leave(s: AttState, ctx: Ctx) -> None:
    """End of buying: deal Swag into every empty slot."""
    for index, card in enumerate(s.swag_slots):
        if card is None:
            _fill(s, ctx, index)
