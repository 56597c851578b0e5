"""Achievements: claiming and stealing (seed §Card Types—Achievement; reference §10, §14.6)."""

from __future__ import annotations

from engines.att.content import ENCOUNTER_TYPES, EncounterType, catalog
from engines.att.state import AttState
from engines.core.context import Ctx


def type_counts(s: AttState, seat: int) -> dict[EncounterType, int]:
    """Overcome Encounters of each type plus Swag that counts as that type. A dual-typed
    card counts for both types (ruling dual_type_counts_both), else for its first only."""
    cards = catalog()
    counts: dict[EncounterType, int] = dict.fromkeys(ENCOUNTER_TYPES, 0)
    player = s.players[seat]
    for card_id in player.score_pile:
        types = cards.encounters[card_id].types
        for kind in types if s.options.dual_type_counts_both else types[:1]:
            counts[kind] += 1
    for card_id in player.swag:
        kind = cards.swag[card_id].counts_as
        if kind is not None:
            counts[kind] += 1
    return counts


def check(s: AttState, ctx: Ctx, seat: int) -> None:
    """Claim unheld Achievements the player qualifies for; steal held ones from players
    with a strictly smaller count."""
    mine = type_counts(s, seat)
    for ach in catalog().achievements.values():
        holder = s.achievements[ach.id]
        if holder == seat or mine[ach.type] < ach.claim_at:
            continue
        if holder is None:
            s.achievements[ach.id] = seat
            ctx.say(f"{s.name(seat)} claims {ach.name} (+{ach.secrets} Secrets).")
        elif mine[ach.type] > type_counts(s, holder)[ach.type]:
            s.achievements[ach.id] = seat
            ctx.say(f"{s.name(seat)} steals {ach.name} from {s.name(holder)}.")
