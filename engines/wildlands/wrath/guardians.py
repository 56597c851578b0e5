"""Arcane Guardians (wildlands.md §11): the Ancients claim any colour, carry what they claim, spend
it for a special action, and drop it when the carrier is knocked out.

The claim follows the normal rule (three cards linked to the claimer, or to one knocked-out Ancient)
for a shard of any colour in the claimer's space; it scores nothing, and one Ancient in that space
carries it: the only one there, else the one the player chooses (seed WR "Arcane Guardians": "Place
the shard you have claimed on the character card corresponding to one Ancient in the same space"). A
carried shard may be spent whenever the Ancients player could play a card, within the timing limits:
the carrier is on the board, it is not the game's first main turn, the carrier was not revealed this
main turn, and the shard was not claimed since the Ancients' latest own main turn began (it waits
for their next one).
"""

from __future__ import annotations

from engines.core.context import Ctx
from engines.wildlands.actions import Claim
from engines.wildlands.cards import hand_plan
from engines.wildlands.claims import paying_sets
from engines.wildlands.decks import play_card
from engines.wildlands.frozen import shared
from engines.wildlands.wrath.actions import Carry, Spend
from engines.wildlands.wrath.state import SPECIAL_OF, Carrying, WrathState


def arcane_claims(s: WrathState, seat: int) -> list[Claim]:
    out: list[Claim] = []
    # A payment is three cards showing the claimer or one knocked-out character, so only a
    # character the hand shows three times can pay for anyone: mostly none is, and the
    # Ancients are not looked at (issue 33).
    if not hand_plan(s.seats[seat].hand).claimers:
        return out
    for f in s.characters_of(seat):
        if f.space is None or not s.is_ancient(f.id):
            continue
        shards = [sh.id for sh in s.shards if sh.space == f.space]
        if not shards:
            continue
        for trio in paying_sets(s, seat, f.id):
            out += [shared(Claim, cards=trio, figure=f.id, shard=sh) for sh in shards]
    return out


def arcane_claim(s: WrathState, seat: int, a: Claim, ctx: Ctx) -> None:
    """Pay for the claim and take the shard off the board; its carrier is the one Ancient in
    that space, or the one the player picks next (``Carry``) when several stand there."""
    player = s.seats[seat]
    for c in a.cards:
        play_card(s, player.seat, c)
    i, shard = next((i, sh) for i, sh in enumerate(s.shards) if sh.id == a.shard)
    claimer = s.figures[a.figure]
    if len(carriers(s, seat, claimer.space)) > 1:
        ctx.say(
            f"{claimer.name} claims the shard in space {shard.space} "
            "(Arcane Guardians: no points); an Ancient there will carry it."
        )
        assert shard.space is not None
        # It stays in its space, claimed, until it goes on the chosen Ancient's card.
        s.shards[i] = shard.model_copy(update={"claimed_by": seat})
        s.carrying = Carrying(shard=a.shard, space=shard.space)
        s.opens_window = False  # the claim is done once its carrier is chosen
        return
    ctx.say(
        f"{claimer.name} claims the shard in space {shard.space} and carries it "
        "(Arcane Guardians: no points)."
    )
    _carry(s, a.shard, a.figure)


def carriers(s: WrathState, seat: int, space: int | None) -> list[str]:
    """The Ancients of ``seat`` standing in ``space``: any of them may carry its shard."""
    return [
        f.id
        for f in s.characters_of(seat)
        if s.is_ancient(f.id) and f.space is not None and f.space == space
    ]


def carry_options(s: WrathState) -> list[Carry]:
    assert s.carrying is not None and s.ancients is not None
    return [shared(Carry, figure=fid) for fid in carriers(s, s.ancients, s.carrying.space)]


def carry(s: WrathState, a: Carry, ctx: Ctx) -> None:
    assert s.carrying is not None
    ctx.say(f"{s.figures[a.figure].name} carries the shard.")
    _carry(s, s.carrying.shard, a.figure)
    s.carrying = None
    s.opens_window = s.phase == "turn" and s.interrupter is None


def _carry(s: WrathState, shard_id: str, figure_id: str) -> None:
    i, shard = next((i, sh) for i, sh in enumerate(s.shards) if sh.id == shard_id)
    s.shards[i] = shard.model_copy(update={"space": None, "claimed_by": s.ancients})
    s.carried[shard_id] = figure_id
    s.claimed_on[shard_id] = s.turn_number


def spendable(s: WrathState, shard_id: str) -> bool:
    """The timing limits of §11 for spending ``shard_id`` now."""
    carrier = s.figures[s.carried[shard_id]]
    if carrier.space is None or s.turn_number <= 1:
        return False
    if s.revealed_on.get(carrier.id) == s.turn_number:
        return False
    if s.own_turn <= s.claimed_on.get(shard_id, -1):
        return False
    if SPECIAL_OF.get(carrier.id) == "tyrant":
        # The Tyrant drives the other Ancients on the board: with none, its special would
        # do nothing and the shard would be thrown away.
        return any(fid != carrier.id and s.figures[fid].space is not None for fid in SPECIAL_OF)
    # The Automaton's X must be at least 1 and below its remaining health.
    return not (carrier.id == "ancients.2" and carrier.health - carrier.damage < 2)


def spend_options(s: WrathState) -> list[Spend]:
    return [shared(Spend, shard=sh) for sh in sorted(s.carried) if spendable(s, sh)]


def drop_shards(s: WrathState, ctx: Ctx) -> None:
    """Knocked-out carriers drop their shards on the space they were in; a 5-player War
    Ancient's starting shards go back to the box instead (§12)."""
    for shard_id, fid in sorted(s.carried.items()):
        f = s.figures[fid]
        if not f.ko:
            continue
        del s.carried[shard_id]
        s.claimed_on.pop(shard_id, None)
        i = next(i for i, sh in enumerate(s.shards) if sh.id == shard_id)
        if shard_id in s.spare:
            ctx.say(f"{f.name}'s starting shard goes back to the box.")
            s.shards[i] = s.shards[i].model_copy(update={"claimed_by": None})
            continue
        ctx.say(f"{f.name} drops a shard in space {f.ko_space}.")
        s.shards[i] = s.shards[i].model_copy(update={"space": f.ko_space, "claimed_by": None})
