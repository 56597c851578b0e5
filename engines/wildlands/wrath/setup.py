"""Setup with the Ancients as a faction (wildlands.md §4, §11 "Setup").

The base setup for 2-4 players, one of whom plays the Ancients: no colour, bases or shards
for them. They are dealt ten map cards, assign five as start cards and pass five to the
right like everyone else, but remove the five received from their left without placing
shards. Every Ancient is worth two points to the player who knocks it out (Infamous
Adversaries).
"""

from __future__ import annotations

from collections.abc import Sequence

from engines.core.context import Ctx
from engines.core.errors import BadOptions
from engines.core.protocol import Seat
from engines.wildlands.actions import PlaceStart
from engines.wildlands.cards import CHARACTERS_PER_FACTION
from engines.wildlands.setup import new_game as base_new_game
from engines.wildlands.state import Shard, State
from engines.wildlands.turns import begin_turn
from engines.wildlands.wrath.options import ANCIENTS, WrathOptions, seat_factions
from engines.wildlands.wrath.state import SPECIAL_OF, WrathState

INFAMOUS_POINTS = 2


def as_wrath(s: State, options: WrathOptions, ancients: int | None) -> WrathState:
    """The base setup's state as a Wrath state with the table's own options."""
    fields = {name: getattr(s, name) for name in State.model_fields if name != "options"}
    w = WrathState(**fields, options=options, ancients=ancients)
    for fid in SPECIAL_OF:
        if fid in w.figures:
            w.update_figure(fid, ko_points=INFAMOUS_POINTS)
    return w


def with_factions(options: WrathOptions, chosen: list[str]) -> WrathOptions:
    """The options the base setup reads, naming every seat's faction (the box's included).
    Only setup sees them; the state keeps the table's own."""
    return options.model_copy(update={"factions": chosen})


def new_game(seats: Sequence[Seat], options: WrathOptions, seed: int) -> WrathState:
    n = len(seats)
    ancients = n - 1 if options.ancients_seat is None else options.ancients_seat
    if ancients >= n:
        raise BadOptions(f"`ancients_seat` must be 0 to {n - 1} (seats count from 0).")
    try:
        chosen = seat_factions(options.factions, {ancients: ANCIENTS}, n)
    except ValueError as exc:
        raise BadOptions(f"Wrath of the Ancients: {exc}.") from None
    s = base_new_game(seats, with_factions(options, chosen), seed)
    return as_wrath(s, options, ancients)


def place_start(s: WrathState, seat: int, a: PlaceStart, ctx: Ctx) -> None:
    """As the base game's, with the Ancients' shard cards removed unplaced."""
    player = s.seats[seat]
    dealt = list(player.dealt)
    dealt.remove(a.space)
    starts = {**player.hidden_starts, a.figure: a.space}
    s.update_seat(seat, dealt=tuple(dealt), hidden_starts=starts)
    ctx.reveal()
    ctx.say(f"{player.name} places a start card.")
    ctx.say(f"{s.figures[a.figure].name} will start in space {a.space}.", to=seat)
    if all(len(p.hidden_starts) == CHARACTERS_PER_FACTION for p in s.seats):
        _pass_shard_cards(s, ctx)


def _pass_shard_cards(s: WrathState, ctx: Ctx) -> None:
    n = len(s.seats)
    for i, player in enumerate(s.seats):
        if i == s.ancients:
            continue  # their five received cards leave the game, no shards placed
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
        f"The shards are placed; the Ancients remove the map cards they received. "
        f"{s.seats[s.first_player].name} has the shard on the lowest space ({lowest.space}) "
        "and goes first."
    )
    if s.options.pregame_reveal:
        s.phase = "pregame"
        s.active = s.first_player
    else:
        begin_turn(s, s.first_player, ctx)
