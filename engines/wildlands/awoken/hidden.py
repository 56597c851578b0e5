"""Hidden information in The Awoken and re-dealing it for AI search (DESIGN.md "AI seats
are policies"; wildlands.md §10.1 objects face down).

A seat knows its own hand. Nobody knows deck orders (action, minion, Ancient, treasure,
map) or what a face-down object is. ``determinize`` re-deals exactly those: the partner's
hand from the partner's unseen cards, every deck order, and the kinds of the face-down
objects among themselves.
"""

from __future__ import annotations

from engines.core.clone import clone
from engines.core.rng import Rng, seed_from
from engines.wildlands.awoken.state import AwokenState


def private_items(s: AwokenState, seat: int) -> frozenset[str]:
    return frozenset(s.seats[seat].hand)


def determinize(s: AwokenState, seat: int, rng_seed: int) -> AwokenState:
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
    for decks in (world.minion_decks, world.ancient_decks):
        for n in sorted(decks):
            decks[n] = tuple(rng.shuffled(sorted(decks[n])))
    world.treasure_deck = rng.shuffled(sorted(world.treasure_deck))
    world.map_deck = rng.shuffled(sorted(world.map_deck))
    hidden = [o for o in world.objects if not o.face_up]
    kinds = rng.shuffled(sorted(o.kind for o in hidden))
    for o, kind in zip(hidden, kinds, strict=True):
        world.update_object(o.id, kind=kind)
    # A fresh generator, so searching never replays the real game's future shuffles.
    world.rng = rng.next_u64()
    return world
