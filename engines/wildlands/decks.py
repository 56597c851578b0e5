"""Hands, action decks and discard piles (wildlands.md §3 "Hands and piles", §5 step 4,
§9 "Empty action deck").

Played cards go face up to their owner's discard pile. Drawing from an empty deck first
shuffles the discard pile into a new deck (reshuffle_on_empty); with both empty, drawing
stops. Every shuffle works on an id-sorted list with the state's own generator (§0).
"""

from __future__ import annotations

from typing import TypeVar

from engines.core.context import Ctx
from engines.wildlands.cards import card_label
from engines.wildlands.state import SeatState, State

HAND_LIMIT = 7
END_OF_TURN_DRAW = 3
# Card ids and map-card numbers: sorted before a shuffle so the order never depends on history.
Sortable = TypeVar("Sortable", bound=str | int)


def shuffle(s: State, items: list[Sortable], ctx: Ctx) -> None:
    """Shuffle ``items`` in place from its sorted order with the state's generator."""
    items.sort()
    with ctx.rng(s) as rng:
        rng.shuffle(items)


def play_card(s: State, seat: SeatState, card_id: str) -> None:
    """Move a card from the hand to the face-up discard pile."""
    seat.hand.remove(card_id)
    seat.discard.append(card_id)


def draw(s: State, seat: SeatState, count: int, ctx: Ctx) -> int:
    """Draw up to ``count`` cards, never above the hand limit; returns how many were drawn."""
    drawn: list[str] = []
    for _ in range(max(0, min(count, HAND_LIMIT - len(seat.hand)))):
        if not seat.deck:
            if not seat.discard or not s.options.reshuffle_on_empty:
                break
            seat.deck = seat.discard
            seat.discard = []
            shuffle(s, seat.deck, ctx)
            ctx.say(f"{seat.name} shuffles their discard pile into a new action deck.")
        drawn.append(seat.deck.pop())
    if drawn:
        seat.hand.extend(drawn)
        ctx.reveal()
        ctx.say(f"{seat.name} draws {len(drawn)} card{'s' if len(drawn) != 1 else ''}.")
        ctx.say("You draw " + ", ".join(card_label(c) for c in drawn) + ".", to=seat.seat)
    return len(drawn)
