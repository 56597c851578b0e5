"""Claiming shards (wildlands.md §6 "Claim shard", "Which shards you may claim").

A claim is one action: the claimer stands in the space of a shard of its own colour
(claim_colour) and plays three cards that are all linked to it, or three cards that all show
one and the same knocked-out character of its player (claim_with_ko_cards); the two kinds
are never mixed. The shard leaves the board and scores one point.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from engines.core.context import Ctx
from engines.core.trusted import replaced
from engines.wildlands.actions import Claim
from engines.wildlands.cards import CLAIM_COST, HandPlan, card
from engines.wildlands.decks import play_card
from engines.wildlands.frozen import shared
from engines.wildlands.scoring import award
from engines.wildlands.state import State


def paying_sets(s: State, seat: int, figure_id: str) -> tuple[tuple[str, str, str], ...]:
    """Every three-card payment for a claim by ``figure_id``, in sorted order."""
    knocked_out = (
        tuple(f.id for f in s.characters_of(seat) if f.ko) if s.options.claim_with_ko_cards else ()
    )
    return _payments(s.seats[seat].hand, figure_id, knocked_out)


# The payments depend on the hand and the characters only: the same hand and claimer come
# back decision after decision while a character stands on a shard.
@lru_cache(maxsize=4096)
def _payments(
    hand: tuple[str, ...], figure_id: str, knocked_out: tuple[str, ...]
) -> tuple[tuple[str, str, str], ...]:
    # A payment is three cards all showing the claimer, or all showing one knocked-out
    # character: the trios of each character's cards, merged in sorted order. Mostly no
    # character shows on three cards, and then nothing is merged.
    showing = [
        sorted(c for c in hand if shown in card(c).links()) for shown in (figure_id, *knocked_out)
    ]
    enough = [cards for cards in showing if len(cards) >= CLAIM_COST]
    if len(enough) <= 1:
        return tuple(combinations(enough[0], CLAIM_COST)) if enough else ()
    trios: set[tuple[str, str, str]] = set()
    for cards in enough:
        trios.update(combinations(cards, CLAIM_COST))
    return tuple(sorted(trios))


def claim_options(s: State, seat: int, plan: HandPlan) -> list[Claim]:
    out: list[Claim] = []
    # Only a character shown on three cards in hand can be paid for, or any claimer when
    # such a character is knocked out: mostly nobody is.
    claimers = plan.claimers
    if not claimers:
        return out
    figures = s.figures
    anyone = s.options.claim_with_ko_cards and any(
        figures[c].ko for c in claimers if c in figures and figures[c].owner == seat
    )
    # Where a claimer of the seat stands (any of its characters when a knocked-out one
    # pays): the claimable shards are looked for there only.
    if anyone:
        stands = {f.space for f in figures.values() if f.owner == seat and f.kind == "character"}
    else:
        stands = {f.space for f in map(figures.get, claimers) if f is not None and f.owner == seat}
    stands.discard(None)
    if not stands:
        return out
    # The claimable shards by space (claimable_shards): most of the time none lies under
    # a claimer.
    player = s.seats[seat]
    own = s.options.claim_colour == "own"
    here: dict[int, list[str]] = {}
    for sh in s.shards:
        space = sh.space
        if (
            space in stands
            and space is not None
            and sh.side == player.side
            and (not own or sh.colour == player.colour)
        ):
            here.setdefault(space, []).append(sh.id)
    if not here:
        return out
    for f in figures.values():
        if f.space not in here or f.owner != seat or f.kind != "character":
            continue
        if not anyone and f.id not in claimers:
            continue
        shards = here[f.space]
        for trio in paying_sets(s, seat, f.id):
            out += [shared(Claim, cards=trio, figure=f.id, shard=sh) for sh in shards]
    return out


def claim(s: State, seat: int, a: Claim, ctx: Ctx) -> None:
    player = s.seats[seat]
    for c in a.cards:
        play_card(s, player.seat, c)
    i, shard = next((i, sh) for i, sh in enumerate(s.shards) if sh.id == a.shard)
    ctx.say(f"{s.figures[a.figure].name} claims the shard in space {shard.space}.")
    s.shards[i] = replaced(shard, space=None, claimed_by=seat)
    award(s, seat, 1, "a shard", ctx)
