"""Arcane Guardians (wildlands.md §11): the Ancients claim any colour, carry what they claim,
spend it for a special action, and drop it when the carrier is knocked out.

The claim follows the normal rule (three cards linked to the claimer, or to one knocked-out
Ancient) for a shard of any colour in the claimer's space; the claimer carries it and it
scores nothing. A carried shard may be spent whenever the Ancients player could play a card,
within the timing limits: the carrier is on the board, it is not the game's first main turn,
the carrier was not revealed this main turn, and the shard was not claimed since the
Ancients' latest own main turn began (it waits for their next one).
"""

from __future__ import annotations

from engines.core.context import Ctx
from engines.wildlands.actions import Claim
from engines.wildlands.claims import paying_sets
from engines.wildlands.decks import play_card
from engines.wildlands.wrath.actions import Spend
from engines.wildlands.wrath.state import WrathState


def arcane_claims(s: WrathState, seat: int) -> list[Claim]:
    out: list[Claim] = []
    for f in s.characters_of(seat):
        if f.space is None or not s.is_ancient(f.id):
            continue
        shards = [sh.id for sh in s.shards if sh.space == f.space]
        if not shards:
            continue
        for trio in paying_sets(s, seat, f.id):
            out += [Claim(cards=trio, figure=f.id, shard=sh) for sh in shards]
    return out


def arcane_claim(s: WrathState, seat: int, a: Claim, ctx: Ctx) -> None:
    player = s.seats[seat]
    for c in a.cards:
        play_card(s, player, c)
    i, shard = next((i, sh) for i, sh in enumerate(s.shards) if sh.id == a.shard)
    carrier = s.figures[a.figure]
    ctx.say(
        f"{carrier.name} claims the shard in space {shard.space} and carries it "
        "(Arcane Guardians: no points)."
    )
    s.shards[i] = shard.model_copy(update={"space": None, "claimed_by": seat})
    s.carried[a.shard] = a.figure
    s.claimed_on[a.shard] = s.turn_number


def spendable(s: WrathState, shard_id: str) -> bool:
    """The timing limits of §11 for spending ``shard_id`` now."""
    carrier = s.figures[s.carried[shard_id]]
    if carrier.space is None or s.turn_number <= 1:
        return False
    if s.revealed_on.get(carrier.id) == s.turn_number:
        return False
    if s.own_turn <= s.claimed_on.get(shard_id, -1):
        return False
    # The Automaton's X must be at least 1 and below its remaining health.
    return not (carrier.id == "ancients.2" and carrier.health - carrier.damage < 2)


def spend_options(s: WrathState) -> list[Spend]:
    return [Spend(shard=sh) for sh in sorted(s.carried) if spendable(s, sh)]


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
