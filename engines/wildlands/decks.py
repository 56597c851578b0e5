"""Hands, action decks and discard piles (wildlands.md §3 "Hands and piles", §5 step 4,
§9 "Empty action deck").

Played cards go face up to their owner's discard pile. Drawing from an empty deck first
shuffles the discard pile into a new deck (reshuffle_on_empty); with both empty, drawing
stops. Every shuffle works on an id-sorted list with the state's own generator (§0).
"""

from __future__ import annotations

from typing import TypeVar

from engines.core.context import Ctx
from engines.wildlands.cards import card_label, deck_of
from engines.wildlands.state import State

HAND_LIMIT = 7
END_OF_TURN_DRAW = 3
# Card ids and map-card numbers: sorted before a shuffle so the order never depends on history.
Sortable = TypeVar("Sortable", bound=str | int)


def shuffle(s: State, items: list[Sortable], ctx: Ctx) -> None:
    """Shuffle ``items`` in place from its sorted order with the state's generator."""
    items.sort()
    with ctx.rng(s) as rng:
        rng.shuffle(items)


def shuffled_deck(s: State, faction_id: str, ctx: Ctx) -> tuple[str, ...]:
    """A faction's action deck, shuffled from its sorted order (setup)."""
    deck = list(deck_of(faction_id))
    shuffle(s, deck, ctx)
    return tuple(deck)


def play_card(s: State, seat: int, card_id: str) -> None:
    """Move a card from the hand to the face-up discard pile."""
    player = s.seats[seat]
    hand = list(player.hand)
    hand.remove(card_id)
    s.update_seat(seat, hand=tuple(hand), discard=(*player.discard, card_id))


def draw(s: State, seat: int, count: int, ctx: Ctx) -> int:
    """Draw up to ``count`` cards, never above the hand limit; returns how many were drawn."""
    player = s.seats[seat]
    wanted = max(0, min(count, HAND_LIMIT - len(player.hand)))
    if wanted and len(player.deck) >= wanted:
        # The deck holds enough (nearly always): the cards come off its end, last first.
        drawn = list(player.deck[: -wanted - 1 : -1])
        s.update_seat(seat, hand=(*player.hand, *drawn), deck=player.deck[:-wanted])
        _tell_drawn(player.name, seat, drawn, ctx)
        return wanted
    deck, discard = list(player.deck), list(player.discard)
    drawn = []
    reshuffled = False
    for _ in range(wanted):
        if not deck:
            if not discard or not s.options.reshuffle_on_empty:
                break
            deck, discard, reshuffled = discard, [], True
            shuffle(s, deck, ctx)
            ctx.say(f"{player.name} shuffles their discard pile into a new action deck.")
        drawn.append(deck.pop())
    if drawn or reshuffled:
        s.update_seat(seat, hand=(*player.hand, *drawn), deck=tuple(deck), discard=tuple(discard))
    if drawn:
        _tell_drawn(player.name, seat, drawn, ctx)
    return len(drawn)


def _tell_drawn(name: str, seat: int, drawn: list[str], ctx: Ctx) -> None:
    ctx.reveal()
    ctx.say(f"{name} draws {len(drawn)} card{'s' if len(drawn) != 1 else ''}.")
    ctx.say("You draw " + ", ".join(card_label(c) for c in drawn) + ".", to=seat)
