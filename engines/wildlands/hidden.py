"""Hidden information: what only one seat knows, and re-dealing it for AI search
(DESIGN.md "AI seats are policies"; wildlands.md §4 hidden start spaces, §8.1 window secrecy).

A seat knows its own hand and the map cards of its own unrevealed characters. It does not
know other hands, any deck order (its own included), other players' unrevealed start spaces
or other players' answers to an open interrupt window. ``determinize`` re-deals exactly those:
other hands and decks from their combined unseen cards, every deck order, and other players'
start spaces (and, during setup, their dealt map cards) from the map cards this seat has
never seen (not its own deal, not a shard's card, not a revealed start). Other players'
window answers become unanswered again.
"""

from __future__ import annotations

from engines.core.clone import clone
from engines.core.rng import Rng, seed_from
from engines.wildlands.state import State
from engines.wildlands.view import map_card_id

MAP_CARDS = 42


def private_items(s: State, seat: int) -> frozenset[str]:
    player = s.seats[seat]
    maps = [*player.hidden_starts.values(), *player.dealt]
    return frozenset(player.hand) | frozenset(map_card_id(space) for space in maps)


def determinize(s: State, seat: int, rng_seed: int) -> State:
    world = clone(s)
    rng = Rng(seed_from(rng_seed, "determinize", seat))
    for other in world.seats:
        if other.seat == seat:
            world.update_seat(seat, deck=tuple(rng.shuffled(sorted(other.deck))))
            continue
        unseen = sorted(other.hand + other.deck)
        rng.shuffle(unseen)
        held = len(other.hand)
        world.update_seat(other.seat, hand=tuple(unseen[:held]), deck=tuple(unseen[held:]))

    known = _seen_map_cards(world, seat)
    pool = [m for m in range(1, MAP_CARDS + 1) if m not in known]
    rng.shuffle(pool)
    for other in world.seats:
        if other.seat == seat:
            continue
        starts = {fid: other.hidden_starts[fid] for fid in other.hidden_starts}
        for fid in sorted(starts):
            starts[fid] = pool.pop()
        dealt = tuple(sorted(pool.pop() for _ in other.dealt))
        world.update_seat(other.seat, hidden_starts=starts, dealt=dealt)

    pending = world.pending
    if pending is not None and pending.kind == "window":
        # Other players' answers are secret until the window closes: ask them again,
        # unless a public standing order answered for them.
        kept = {
            x: answer
            for x, answer in pending.answers.items()
            if x == seat or world.seats[x].auto_pass != "off"
        }
        waiting = tuple(x for x in sorted({*pending.seats, *pending.answers}) if x not in kept)
        world.pending = pending.model_copy(update={"answers": kept, "seats": waiting})
    # A fresh generator, so searching never replays the real game's future shuffles.
    world.rng = rng.next_u64()
    return world


def _seen_map_cards(s: State, seat: int) -> set[int]:
    """Map cards whose place ``seat`` knows: its own deal during setup, its own starts
    (revealed or not), every shard's card (its own passed cards are the right neighbour's
    shards) and revealed starts."""
    seen = {sh.origin for sh in s.shards}
    seen |= set(s.seats[seat].hidden_starts.values()) | set(s.seats[seat].dealt)
    seen |= {f.start for f in s.figures.values() if f.start is not None}
    return seen
