"""The end of the game, as the AI weighs it (reference §5.5 End A, §5.1 End B, §10, §11).

When an outcome ends the game, only winning counts: such an outcome is worth ``DECIDED``
for a win and ``-DECIDED`` for a loss, whatever the Secrets. Two cases are recognised:
failing with the last Terrible Thing on the track (the game ends at once), and facing the
last Encounter of the game (the deck is empty and no other Location holds one), where the
seat's Treasure can still buy Swag before the end. Only public information is read.
"""

from __future__ import annotations

from itertools import combinations

from engines.att.achievements import type_counts
from engines.att.content import EncounterType, catalog
from engines.att.scoring import score
from engines.att.state import AttState

DECIDED = 20.0
# Among decided outcomes, a wider margin is still a little better (and breaks ties).
MARGIN_WORTH = 0.05


def ranking(s: AttState, seat: int, extra_score: int = 0, extra_tt: int = 0) -> tuple[int, ...]:
    """The final order (reference §11): score, then fewer Terrible Things, then Courage."""
    player = s.players[seat]
    return (
        score(s, seat) + extra_score,
        -(len(player.terrible_things) + extra_tt),
        player.tokens["courage"],
    )


def decided(
    s: AttState, seat: int, gain: int, extra_tt: int = 0, losses: dict[int, int] | None = None
) -> float:
    """Worth of the game ending with the seat ``gain`` points up (and each other seat down by
    ``losses``): a win, a loss or a shared win."""
    losses = losses or {}
    mine = ranking(s, seat, gain, extra_tt)
    best = max(ranking(s, p.seat, -losses.get(p.seat, 0)) for p in s.players if p.seat != seat)
    sign = DECIDED if mine > best else -DECIDED if mine < best else 0.0
    return sign + MARGIN_WORTH * (mine[0] - best[0])


def achievement_swing(
    s: AttState, seat: int, types: list[EncounterType]
) -> tuple[int, dict[int, int]]:
    """The exact score change of adding a card of ``types`` to the seat's pile: the seat's
    gain from claimed or stolen Achievements, and each former holder's loss."""
    mine = type_counts(s, seat)
    gain = 0
    losses: dict[int, int] = {}
    for ach in catalog().achievements.values():
        holder = s.achievements[ach.id]
        count = mine[ach.type] + types.count(ach.type)
        if ach.type not in types or holder == seat or count < ach.claim_at:
            continue
        if holder is None:
            gain += ach.secrets
        elif count > type_counts(s, holder)[ach.type]:
            gain += ach.secrets
            losses[holder] = losses.get(holder, 0) + ach.secrets
    return gain, losses


def shopping(s: AttState, seat: int) -> int:
    """The most Secrets the seat's Treasure buys at the Trading Post as it stands."""
    swag = catalog().swag
    on_show = [c for c in s.swag_slots if c is not None] + s.old_stock[-1:]
    treasure = s.players[seat].tokens["treasure"]
    best = 0
    for size in range(1, len(on_show) + 1):
        for pick in combinations(on_show, size):
            if sum(swag[c].cost for c in pick) <= treasure:
                best = max(best, sum(swag[c].secrets for c in pick))
    return best


def last_encounter(s: AttState, card_id: str) -> bool:
    """Whether ``card_id`` is the game's last Encounter: the deck is empty and no other
    Location holds one, so the game ends after this turn."""
    others = [loc for loc in s.locations if loc.encounter not in (None, card_id)]
    return not s.encounter_deck and not others


def final_stakes(s: AttState, seat: int, card_id: str) -> tuple[float, float]:
    """Worth of overcoming and of failing the game's last Encounter."""
    card = catalog().encounters[card_id]
    gain, losses = achievement_swing(s, seat, list(card.types))
    spree = shopping(s, seat)
    win = decided(s, seat, card.secrets + gain + spree, 0, losses)
    # With the track's last Terrible Thing the game ends before the Trading Post.
    spree_after_failing = spree if len(s.track) > 1 else 0
    lose = decided(s, seat, spree_after_failing - s.track[0], 1)
    return win, lose
