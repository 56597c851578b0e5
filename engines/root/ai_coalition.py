"""The AI Vagabond's coalition decision (root.md §15.6; Law L9.2.8).

Joining trades his own race for his partner's: he scores no more and wins only if they win.
The AI takes that trade when a runaway leader is ahead of both of them: his own race looks
lost (the leader is at least ``GAP`` VP ahead of him), the partner is nearly as far along as
he is (at most ``CLOSE`` VP behind him, so little of his own standing is given up), and the
game still has rounds enough for a partner to climb. Among tied lowest players he joins the
one with the most on the map (buildings and tokens, then warriors), whose engine will score
most. A dominance card of a plain suit is activated
before a bird one, which stays wild in hand. Everything it reads is public, or his own hand.

``coalition_filter`` settles the choice before the greedy search: it leaves only the chosen
coalition action, or takes every coalition action away.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engines.root.actions import Pick
from engines.root.board import pieces_of
from engines.root.cards import suit
from engines.root.state import State

GAP = 6  # VP behind the leader at which his own race counts as lost
CLOSE = 4  # at most this many VP between him and the partner
ROUNDS_LEFT = 2  # fewer rounds than this before the round limit: a partner cannot climb


def coalition_filter(s: State, seat: int, legal: Sequence[Any]) -> list[Any]:
    """``legal`` with the coalition decided: only the chosen one kept, or none."""
    offers = [a for a in legal if isinstance(a, Pick) and a.what == "coalition"]
    if not offers:
        return list(legal)
    choice = _choose(s, seat, offers)
    if choice is not None:
        return [choice]
    return [a for a in legal if a not in offers]


def _choose(s: State, seat: int, offers: list[Pick]) -> Pick | None:
    me = s.players[seat]
    leader = max(p.vp for p in s.players if p.seat != seat)
    low = min(s.players[a.n].vp for a in offers)
    if leader - me.vp < GAP or me.vp - low > CLOSE:
        return None
    if s.options.round_limit - s.turn.round + 1 < ROUNDS_LEFT:
        return None
    partner = max({a.n for a in offers}, key=lambda x: (_presence(s, x), -x))
    mine = [a for a in offers if a.n == partner]
    return min(mine, key=lambda a: (suit(a.card) == "bird", a.card))


def _presence(s: State, seat: int) -> tuple[int, int]:
    """(buildings and tokens, warriors) a player has on the map."""
    faction = s.players[seat].faction
    built = sum(len(pieces_of(c, faction)) for c in s.clearings)
    return built, sum(c.warriors.get(faction, 0) for c in s.clearings)
