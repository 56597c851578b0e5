"""Setting up The Awoken (wildlands.md §10.1; seed AW › Setup).

One scenario per player (player 1 owns the lower number, coop_player_order), A sides for
two players and B solo. Only the lowest-numbered scenario's objects are used; they are
shuffled face down and placed by map card. Then every character, each scenario's starting
minions (random counters) and each Ancient (not an Awakening one) are placed by map card;
every map card drawn goes to the map discard pile. Each player draws seven cards; with the
easy variant each player then gives a treasure to a character of their choice.
"""

from __future__ import annotations

from collections.abc import Sequence

from engines.core.context import Ctx
from engines.core.errors import BadOptions
from engines.core.protocol import Seat
from engines.core.rng import seed_from
from engines.wildlands.awoken import treasures
from engines.wildlands.awoken.content import (
    deck_ids,
    difficulties,
    minion_types,
    scenarios,
)
from engines.wildlands.awoken.content import (
    treasures as treasure_cards,
)
from engines.wildlands.awoken.options import AwokenOptions
from engines.wildlands.awoken.state import (
    MONSTER_SIDE,
    PLAYERS_SIDE,
    AwokenState,
    Choice,
    ObjectCounter,
)
from engines.wildlands.awoken.summon import draw_map_card, summon
from engines.wildlands.board import load_board
from engines.wildlands.cards import factions
from engines.wildlands.combat import prepare_attacks
from engines.wildlands.decks import HAND_LIMIT, draw, shuffle, shuffled_deck
from engines.wildlands.movement import prepare_moves
from engines.wildlands.state import Figure, SeatState

MAP_CARDS = 42


def new_game(seats: Sequence[Seat], options: AwokenOptions, seed: int) -> AwokenState:
    # Setup returns only a state: the narration of its shuffles and draws has no reader.
    ctx = Ctx()
    n_players = len(seats)
    if [seat.id for seat in seats] != list(range(n_players)):
        raise BadOptions("Awoken seats must be numbered 0 and 1 in table order.")
    chosen = options.scenarios or [1, 2][:n_players]
    if len(chosen) != n_players:
        raise BadOptions(f"Choose one scenario per player: {n_players} players, {len(chosen)}.")
    board = load_board(options.board)
    if not board.awoken_allowed:
        raise BadOptions(f"{board.name} cannot be used for The Awoken.")
    picked = list(options.factions or list(factions())[:n_players])
    if len(picked) != n_players or len(set(picked)) != n_players:
        raise BadOptions("Each player needs a different faction.")
    # The moves the chosen factions' cards give on this board, worked out once (issue 33).
    prepare_moves(board, picked)
    side = options.side or ("A" if n_players == 2 else "B")
    # The difficulty level changes stand-in values only (starting minions, minion and
    # Ancient health, starting treasures); the rules and the track's length stay the same.
    level = difficulties()[options.difficulty]

    s = AwokenState(options=options, board=options.board, seats=[], figures={}, shards=[])
    s.rng = seed_from(seed, "awoken")
    s.side_letter = side
    s.scenarios = sorted(chosen)
    s.phase = "turn"
    s.turn_number = 1
    figures: list[Figure] = []
    for seat, faction_id in zip(seats, picked, strict=True):
        faction = factions()[faction_id]
        own = s.scenarios[seat.id]  # player 1 owns the lower-numbered scenario (§10.1)
        player = SeatState(
            seat=seat.id,
            name=seat.name,
            faction=faction_id,
            side=PLAYERS_SIDE,
            colour=seat.id,
            deck=shuffled_deck(s, faction_id, ctx),
            auto_pass=options.auto_pass,
            auto_defend=options.auto_defend,
        )
        s.seats.append(player)
        figures += [
            Figure(
                id=faction.character_id(c.number),
                name=c.name,
                owner=seat.id,
                side=PLAYERS_SIDE,
                faction=faction_id,
                health=max(1, c.health + level.character_health.get(own, 0)),
                revealed=True,
            )
            for c in faction.characters
        ]
    # Hit order (§7 hit_order): characters, then minions, then Ancients, each by id.
    figures.sort(key=lambda f: f.id)
    minions: list[Figure] = []
    for n in s.scenarios:
        sheet = scenarios()[n]
        for t in sheet.minion_types:
            minions += [
                Figure(
                    id=f"minion.{t}.{k + 1:02d}",
                    kind="minion",
                    name=minion_types()[t].name,
                    owner=None,
                    side=MONSTER_SIDE,
                    faction=t,
                    health=max(1, h + level.minion_health.get(n, 0)),
                    revealed=True,
                )
                for k, h in enumerate(minion_types()[t].healths)
            ]
    figures += sorted(minions, key=lambda f: f.id)
    for n in s.scenarios:
        sheet = scenarios()[n]
        figures.append(
            Figure(
                id=s.ancient_id(n),
                kind="ancient",
                name=sheet.ancient_name,
                owner=None,
                side=MONSTER_SIDE,
                faction=sheet.ancient,
                health=sheet.health(side)
                + (level.ancient_health.get(n, 0) if sheet.knockable else 0),
                revealed=True,
            )
        )
    s.figures = {f.id: f for f in figures}
    # The attacks the characters can make on the figures, made once (issue 33).
    prepare_attacks(board, s)
    for n in s.scenarios:
        s.tracks[n] = 0  # the shard on the track's start space (§10.1 step 3)
        minion_deck, ancient_deck = deck_ids("minion", n), deck_ids("ancient", n)
        shuffle(s, minion_deck, ctx)
        shuffle(s, ancient_deck, ctx)
        s.minion_decks[n], s.ancient_decks[n] = tuple(minion_deck), tuple(ancient_deck)
        s.minion_discards[n], s.ancient_discards[n] = (), ()
    s.treasure_deck = sorted(treasure_cards())
    shuffle(s, s.treasure_deck, ctx)
    s.map_deck = list(range(1, MAP_CARDS + 1))
    shuffle(s, s.map_deck, ctx)
    _place_objects(s, ctx)
    # Player 1 (seat 0, the lower scenario) places first, each player's characters in id
    # order (§10.1 step 7, coop_player_order=scenario_number).
    characters = [f for f in s.figures.values() if f.kind == "character"]
    for f in sorted(characters, key=lambda f: (f.owner or 0, f.id)):
        s.update_figure(f.id, space=draw_map_card(s, ctx))
    for n in s.scenarios:
        sheet = scenarios()[n]
        for t, count in sheet.start(side).items():
            for _ in range(max(0, count + level.start_minions.get(n, 0))):
                summon(s, t, ctx)
    for n in s.scenarios:
        sheet = scenarios()[n]
        if "awakening" not in sheet.special_rules:
            s.update_figure(s.ancient_id(n), space=draw_map_card(s, ctx))
    for player in s.seats:
        draw(s, player.seat, HAND_LIMIT, ctx)
    if starting_treasures(options):
        next_easy_treasure(s, 0, ctx)
    return s


def _place_objects(s: AwokenState, ctx: Ctx) -> None:
    """The lowest-numbered scenario's objects, face down, each on a map card's space; ids
    are given after shuffling so an id never tells what a counter is."""
    sheet = scenarios()[s.scenarios[0]]
    kinds = sorted(k for kind, count in sheet.objects.items() for k in [kind] * count)
    shuffle(s, kinds, ctx)
    s.objects = [
        ObjectCounter(id=f"object.{i + 1:02d}", kind=kind, space=draw_map_card(s, ctx))  # type: ignore[arg-type]
        for i, kind in enumerate(kinds)
    ]


def starting_treasures(options: AwokenOptions) -> int:
    """Treasures each player starts with: the difficulty's, at least one with the easy
    variant (easy_treasure)."""
    return max(difficulties()[options.difficulty].treasures, int(options.easy_treasure))


def next_easy_treasure(s: AwokenState, seat: int, ctx: Ctx) -> None:
    """Easy variant: ``seat`` draws a treasure and gives it to one of its characters; the
    players take turns until each has its starting treasures (nobody holds any other
    treasure before the first turn)."""
    if seat >= len(s.seats):
        held = sum(len(ts) for ts in s.treasures.values())
        if held >= starting_treasures(s.options) * len(s.seats):
            return
        seat = 0
    tid = treasures.draw_treasure(s, ctx)
    if tid is None:
        return
    name = treasure_cards()[tid].name
    s.choice = Choice(
        kind="holder",
        seat=seat,
        options=tuple(f.id for f in s.characters_of(seat)),
        treasure=tid,
        prompt=f"Easy start: choose the character who takes the {name}",
    )
