"""Base game setup for 2-4 players (wildlands.md §4).

Factions and colours, shuffled action decks, hands of seven and ten map cards dealt to each
player. Then every player at once chooses, in secret, the map card of each character (its
hidden start space), character 1 to 5 in turn; the five cards left are passed to the player
on the right, who places their shards on them. The owner of the shard on the lowest space
goes first, and the pre-game reveal round follows (pregame_reveal).
"""

from __future__ import annotations

from collections.abc import Sequence

from engines.core.context import Ctx
from engines.core.errors import BadOptions
from engines.core.protocol import Seat
from engines.core.rng import seed_from
from engines.wildlands.actions import PlaceStart
from engines.wildlands.board import load_board
from engines.wildlands.cards import CHARACTERS_PER_FACTION, faction, factions
from engines.wildlands.combat import prepare_attacks
from engines.wildlands.decks import HAND_LIMIT, draw, shuffle, shuffled_deck
from engines.wildlands.movement import prepare_moves
from engines.wildlands.options import WildlandsOptions
from engines.wildlands.state import Figure, SeatState, Shard, State
from engines.wildlands.turns import begin_turn

MAP_CARDS = 42
DEALT_PER_SEAT = 10


def new_game(seats: Sequence[Seat], options: WildlandsOptions, seed: int) -> State:
    # Setup returns only a state: the narration of its shuffles and draws has no reader.
    ctx = Ctx()
    if [seat.id for seat in seats] != list(range(len(seats))):
        raise BadOptions("Wildlands seats must be numbered 0, 1, 2... in table order.")
    chosen = list(options.factions or list(factions())[: len(seats)])
    if len(chosen) != len(seats):
        raise BadOptions(
            f"Name one faction per player: {len(seats)} players, {len(chosen)} factions."
        )
    if len(set(chosen)) != len(chosen):
        raise BadOptions("Each player needs a different faction.")
    # The moves the chosen factions' cards give on this board, worked out once (issue 33).
    prepare_moves(load_board(options.board), chosen)

    s = State(options=options, board=options.board, seats=[], figures={}, shards=[])
    s.rng = seed_from(seed, "wildlands")
    figures: list[Figure] = []
    for seat, faction_id in zip(seats, chosen, strict=True):
        record = faction(faction_id)
        player = SeatState(
            seat=seat.id,
            name=seat.name,
            faction=faction_id,
            side=seat.id,
            colour=seat.id,
            deck=shuffled_deck(s, faction_id, ctx),
            auto_pass=options.auto_pass,
            auto_defend=options.auto_defend,
        )
        s.seats.append(player)
        figures += [
            Figure(
                id=record.character_id(c.number),
                name=c.name,
                owner=seat.id,
                side=seat.id,
                faction=faction_id,
                health=c.health,
            )
            for c in record.characters
        ]
    s.figures = {f.id: f for f in sorted(figures, key=lambda f: f.id)}
    # And the attacks they can make on each other (issue 33).
    prepare_attacks(load_board(options.board), s)

    map_cards = list(range(1, MAP_CARDS + 1))
    shuffle(s, map_cards, ctx)
    for i in range(len(s.seats)):
        dealt = map_cards[i * DEALT_PER_SEAT : (i + 1) * DEALT_PER_SEAT]
        s.update_seat(i, dealt=tuple(sorted(dealt)))
        draw(s, i, HAND_LIMIT, ctx)
    s.phase = "placing"
    return s


def start_options(s: State, seat: int) -> list[PlaceStart]:
    """The next character without a start card, on each dealt card, lowest space first."""
    player = s.seats[seat]
    waiting = [f.id for f in s.characters_of(seat) if f.id not in player.hidden_starts]
    return [PlaceStart(figure=waiting[0], space=sp) for sp in player.dealt] if waiting else []


def place_start(s: State, seat: int, a: PlaceStart, ctx: Ctx) -> None:
    player = s.seats[seat]
    dealt = list(player.dealt)
    dealt.remove(a.space)
    starts = {**player.hidden_starts, a.figure: a.space}
    s.update_seat(seat, dealt=tuple(dealt), hidden_starts=starts)
    ctx.reveal()  # uses the secret deal, so it can never be taken back in public
    ctx.say(f"{player.name} places a start card.")
    ctx.say(f"{s.figures[a.figure].name} will start in space {a.space}.", to=seat)
    if all(len(p.hidden_starts) == CHARACTERS_PER_FACTION for p in s.seats):
        _pass_shard_cards(s, ctx)


def _pass_shard_cards(s: State, ctx: Ctx) -> None:
    """Every player passes the five cards left to the right and places the five received
    from the left as their shards; then the first player is known."""
    n = len(s.seats)
    for i, player in enumerate(s.seats):
        received = s.seats[(i + 1) % n].dealt
        s.shards += [
            Shard(
                id=f"shard.{i}.{k + 1}", side=player.side, colour=player.colour, origin=sp, space=sp
            )
            for k, sp in enumerate(received)
        ]
    for player in s.seats:
        s.update_seat(player.seat, dealt=())
    lowest = min(s.shards, key=lambda sh: sh.space or 0)
    s.first_player = lowest.side
    ctx.say(
        f"The shards are placed. {s.seats[s.first_player].name} has the shard on the lowest "
        f"space ({lowest.space}) and goes first."
    )
    if s.options.pregame_reveal:
        s.phase = "pregame"
        s.active = s.first_player
    else:
        begin_turn(s, s.first_player, ctx)
