"""Riverboat phase: dealing Encounters to empty Locations (seed §1; reference §5.1)."""

from __future__ import annotations

from engines.att.content import TYPE_TOKEN, catalog
from engines.att.stash import from_supply
from engines.att.state import AttState
from engines.core.context import Ctx
from engines.core.trusted import replaced


def active_slots(s: AttState) -> list[int]:
    """Indices (0..5) of Locations holding an Encounter card."""
    return [i for i, loc in enumerate(s.locations) if loc.encounter is not None]


def refill(s: AttState, ctx: Ctx) -> None:
    """Deal the deck's top cards face up into slots 1..6 in order, each with one supply
    token per type icon. A short deck leaves the higher slots empty
    (ruling partial_refill="fill_low_slots")."""
    cards = catalog().encounters
    ctx.reveals = True
    for i, loc in enumerate(s.locations):
        if not s.encounter_deck:
            break
        card = cards[s.encounter_deck.pop()]
        tokens = loc.tokens.copy()
        for kind in card.types:
            token = TYPE_TOKEN[kind]
            tokens[token] += from_supply(s, token, 1)
        s.locations[i] = replaced(loc, encounter=card.id, tokens=tokens)
        place = catalog().locations[loc.id].name
        types = "/".join(t.capitalize() for t in card.types)
        ctx.say(f"{card.name} ({types}) appears at {place}.")
