"""Re-dealing what one seat cannot see, for AI search (reference §0 "Hidden information").

Hidden: other players' Feat hands, the order of the Feat, Swag and Encounter decks, the
boxed Encounters (only their back colour is known: a card of the deck can be swapped only
with an unseen card of the same colour) and the boxed Terrible Thing tokens. Future dice
are hidden too, so the generator is re-seeded.
"""

from __future__ import annotations

from engines.att.content import BACKS, catalog
from engines.att.state import AttState
from engines.core.clone import clone
from engines.core.rng import Rng, seed_from


def determinize(s: AttState, seat: int, rng_seed: int) -> AttState:
    t = clone(s)
    rng = Rng(seed_from(rng_seed, "att-determinize", seat))
    others = [p for p in t.players if p.seat != seat]
    # Sorted before every shuffle: the re-deal must not depend on where the hidden cards
    # really are, only on which cards are unseen.
    unseen_feats = sorted(t.feat_deck + [card for p in others for card in p.hand])
    rng.shuffle(unseen_feats)
    for p in others:
        p.hand = [unseen_feats.pop() for _ in p.hand]
    t.feat_deck = unseen_feats

    backs = {card.id: card.back for card in catalog().encounters.values()}
    box: list[str] = []
    for back in BACKS:
        places = [i for i, card in enumerate(t.encounter_deck) if backs[card] == back]
        unseen = [t.encounter_deck[i] for i in places]
        unseen += [card for card in t.encounter_box if backs[card] == back]
        unseen.sort()
        rng.shuffle(unseen)
        for i in places:
            t.encounter_deck[i] = unseen.pop()
        box.extend(unseen)
    t.encounter_box = tuple(box)

    t.swag_deck = rng.shuffled(sorted(t.swag_deck))
    t.tt_box = tuple(rng.shuffled(sorted(t.tt_box)))
    t.rng = rng.next_u64()
    return t
