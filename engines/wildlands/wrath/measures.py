"""Desperate Measures (wildlands.md §11): right before the end-of-turn draw, the active player
(in War each active player) may discard any number of cards, in every game that includes the
Ancients faction (desperate_measures=when_ancients_in_play).

Ending the turn first asks each player with cards in hand to discard; they discard one card
at a time and end the turn again to draw. A player with an empty hand is not asked. The step
reads as its own decision ("Discard before drawing?" beside "Draw without discarding"), so
ending the turn never looks as if the click did not register (issue 35).
"""

from __future__ import annotations

from typing import Any

from engines.core.context import Ctx
from engines.wildlands.actions import EndTurn
from engines.wildlands.cards import card_label
from engines.wildlands.decks import play_card
from engines.wildlands.frozen import shared
from engines.wildlands.wrath.actions import Discard
from engines.wildlands.wrath.state import WrathState


def start_discarding(s: WrathState, seats: list[int]) -> bool:
    """Ask ``seats`` to discard; False when nobody has a card (the turn ends at once)."""
    if s.ancients is None:
        return False
    s.discarding = tuple(seat for seat in seats if s.seats[seat].hand)
    s.discarded = ()
    return bool(s.discarding)


def discard_options(s: WrathState, seat: int) -> list[Any]:
    return [shared(EndTurn), *(shared(Discard, card=c) for c in sorted(s.seats[seat].hand))]


def discard(s: WrathState, seat: int, card_id: str, ctx: Ctx) -> None:
    player = s.seats[seat]
    play_card(s, player.seat, card_id)
    if seat not in s.discarded:
        s.discarded = (*s.discarded, seat)
    ctx.say(f"Desperate Measures: {player.name} discards {card_label(card_id)}.")


def stop_discarding(s: WrathState, seat: int) -> bool:
    """``seat`` is done discarding; True when nobody is still discarding."""
    s.discarding = tuple(x for x in s.discarding if x != seat)
    s.discarded = tuple(x for x in s.discarded if x != seat)
    return not s.discarding


def discard_heading(s: WrathState) -> str:
    """The menu of cards to discard: a question, then "another" once one is gone."""
    if s.discarded and set(s.discarded) >= set(s.discarding):
        return "Discard another card before drawing?"
    return "Discard before drawing?"


def draw_label(s: WrathState) -> str:
    """Ending the discard step: nothing discarded yet, or done discarding."""
    if s.discarded and set(s.discarded) >= set(s.discarding):
        return "Done discarding: draw"
    return "Draw without discarding"
