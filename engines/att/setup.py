"""Setting up the table (seed §Setup the Game; reference §2, §3).

The generator is used in a fixed order: the three Encounter stacks (green, orange, red),
the Terrible Thing tokens, the Feat deck, the Swag deck, then (option character_pick="random")
the characters. Players choose their characters in seat order (seed §Setup—Players); once
every seat has one, the Map is handed out and each player takes tokens, 3 Feat cards in seat
order and the character's extras (``finish_setup``).
"""

from __future__ import annotations

from collections.abc import Sequence

from engines.att.content import BACKS, TOKENS, catalog
from engines.att.feats import draw_feats
from engines.att.options import AttOptions
from engines.att.stash import TOKEN_SUPPLY, gain
from engines.att.state import AttState, LocationState, PlayerState
from engines.att.terrible_things import order_track
from engines.core.context import Ctx
from engines.core.protocol import Seat
from engines.core.rng import Rng, seed_from

# (players, game length) -> (cards per colour stack, Terrible Thing tokens on the track).
SETUP_TABLE: dict[tuple[int, str], tuple[int, int]] = {
    (4, "hourglass"): (8, 9),
    (4, "double_hourglass"): (12, 13),
    (3, "hourglass"): (6, 7),
    (3, "double_hourglass"): (8, 10),
    (2, "hourglass"): (4, 5),
    (2, "double_hourglass"): (6, 7),
}
STARTING_HAND = 3


def characters_for(n: int, options: AttOptions, rng: Rng) -> list[str]:
    """One character per seat when the table fixes them or deals them at random; ``[]``
    when the players choose in seat order."""
    if options.characters is not None:
        if len(options.characters) != n:
            raise ValueError(f"`characters` must name exactly {n} characters, one per seat")
        return list(options.characters)
    if options.character_pick == "random":
        return rng.shuffled(list(catalog().characters))[:n]
    return []


def characters_left(s: AttState) -> list[str]:
    """The characters nobody has taken yet, in catalogue order."""
    taken = {p.character for p in s.players}
    return [c for c in catalog().characters if c not in taken]


def choosing_seat(s: AttState) -> int | None:
    """The first seat (seat order) still without a character."""
    return next((p.seat for p in s.players if not p.character), None)


def finish_setup(s: AttState, ctx: Ctx) -> None:
    """Every seat has a character: the Captain takes the Map, otherwise the last player to
    choose; then tokens, 3 Feat cards each in seat order, and each character's extras."""
    content = catalog()
    captain = [p.seat for p in s.players if content.characters[p.character].takes_map]
    s.map_holder = captain[0] if captain else len(s.players) - 1
    for p in s.players:
        for token in TOKENS:
            gain(s, p.seat, token, 1)
    for p in s.players:
        draw_feats(s, ctx, p.seat, STARTING_HAND)
    for p in s.players:
        character = content.characters[p.character]
        for token, extra in character.extra_tokens.items():
            gain(s, p.seat, token, extra)
        if character.extra_feat_cards:
            draw_feats(s, ctx, p.seat, character.extra_feat_cards)


def build_encounter_deck(
    rng: Rng, per_colour: int, include_promo: bool
) -> tuple[list[str], list[str]]:
    """The deck bottom first (red, then orange, then green on top) and the boxed rest."""
    cards = catalog().encounters.values()
    deck_by_back: dict[str, list[str]] = {}
    box: list[str] = []
    for back in BACKS:
        stack = [c.id for c in cards if c.back == back and (include_promo or not c.promo)]
        rng.shuffle(stack)
        deck_by_back[back] = stack[:per_colour]
        box.extend(stack[per_colour:])
    deck = deck_by_back["red"] + deck_by_back["orange"] + deck_by_back["green"]
    return deck, box


def setup(seats: Sequence[Seat], options: AttOptions, seed: int) -> tuple[AttState, Ctx]:
    n = len(seats)
    if (n, options.game_length) not in SETUP_TABLE:
        raise ValueError("Ancient Terrible Things is played by 2 to 4 players")
    if [seat.id for seat in seats] != list(range(n)):
        raise ValueError("seats must be numbered 0 to n-1 in clockwise order")
    per_colour, tt_count = SETUP_TABLE[(n, options.game_length)]
    content = catalog()
    rng = Rng(seed_from(seed, "att"))
    deck, box = build_encounter_deck(rng, per_colour, options.include_promo)
    tokens = rng.shuffled([t.penalty for t in content.terrible_things])
    feat_deck = rng.shuffled(list(content.feats))
    swag_deck = rng.shuffled(list(content.swag))
    slots = [swag_deck.pop() for _ in range(3)]
    chosen = characters_for(n, options, rng) or [""] * n
    s = AttState(
        options=options,
        rng=rng.state,
        players=[
            PlayerState(seat=seat.id, name=seat.name, character=chosen[i])
            for i, seat in enumerate(seats)
        ],
        locations=[LocationState(id=loc) for loc in options.location_slots()],
        encounter_deck=deck,
        encounter_box=box,
        track=order_track(tokens[:tt_count], options.tt_order),
        track_size=tt_count,
        tt_box=tokens[tt_count:],
        feat_deck=feat_deck,
        swag_deck=swag_deck,
        swag_slots=slots,
        supply=dict(TOKEN_SUPPLY) if options.finite_token_supply else None,
        achievements=dict.fromkeys(content.achievements),
    )
    s.feat_discard.append(s.feat_deck.pop())
    ctx = Ctx()
    if choosing_seat(s) is None:
        finish_setup(s, ctx)
    else:
        s.phase = "choose_character"
    return s, ctx
