"""War for the Crystals setup (wildlands.md §12 "Setup, in order" and "5 players").

Four or six players in two equal teams, or five in teams of two and three where the team of
two includes the Ancients. Six players add the sixth faction (six_player_factions). Each
player gets one map card per character and assigns them face down; then each team's shards
(its chosen colour) go on five map cards drawn from the deck, team 1 first
(shard_place_order). With five players the Ancient character cards each carry one shard of
an unused colour. The pre-game reveals follow: the team with the lowest shard reveals one
character per player, then the other team; with five players only the team of three
reveals and the team of two goes first.
"""

from __future__ import annotations

from collections.abc import Sequence

from engines.core.context import Ctx
from engines.core.errors import BadOptions
from engines.core.protocol import Seat
from engines.wildlands.actions import PlaceStart
from engines.wildlands.cards import CHARACTERS_PER_FACTION
from engines.wildlands.decks import shuffle
from engines.wildlands.scoring import side_name
from engines.wildlands.setup import new_game as base_new_game
from engines.wildlands.state import Shard
from engines.wildlands.war.options import WarOptions
from engines.wildlands.war.state import WarState
from engines.wildlands.war.teams import team_rule, team_sizes
from engines.wildlands.war.turns import begin_team_turn
from engines.wildlands.wrath.options import ANCIENTS, WAYFARERS, seat_factions
from engines.wildlands.wrath.setup import INFAMOUS_POINTS, with_factions
from engines.wildlands.wrath.state import SPECIAL_OF

MAP_CARDS = 42
SHARDS_PER_TEAM = 5
# The colours of the box: 4 base + 2 from War (§1); the five-player spare shards use one
# colour no seat plays.
COLOURS = 6


def default_teams(n: int) -> list[list[int]]:
    if n == 4:
        return [[0, 1], [2, 3]]
    return [[0, 1, 2], [3, 4]] if n == 5 else [[0, 1, 2], [3, 4, 5]]


def chosen_teams(options: WarOptions, n: int) -> list[list[int]]:
    if options.teams is not None and options.team_of is not None:
        raise BadOptions("Give the teams either as `teams` or as `team_of`, not both.")
    if options.team_of is not None:
        if len(options.team_of) != n or not set(options.team_of) <= {1, 2}:
            raise BadOptions(f"`team_of` names team 1 or 2 for each of the {n} seats.")
        return [[x for x, t in enumerate(options.team_of) if t == k] for k in (1, 2)]
    return [list(t) for t in options.teams] if options.teams else default_teams(n)


def _check_teams(teams: list[list[int]], n: int) -> None:
    seats = sorted(x for team in teams for x in team)
    if len(teams) != 2 or seats != list(range(n)):
        raise BadOptions("War needs two teams that together hold every seat once.")
    if tuple(sorted(len(t) for t in teams)) != team_sizes(n):
        raise BadOptions(f"{team_rule(n)}.")


def _special_seats(options: WarOptions, teams: list[list[int]], n: int) -> dict[int, str]:
    """The seats of the Ancients and of the sixth faction."""
    special: dict[int, str] = {}
    if n == 4 and not options.ancients and options.ancients_seat is None:
        return special
    pair = next((t for t in teams if len(t) == 2), None) if n == 5 else None
    ancients = options.ancients_seat
    if ancients is None:
        ancients = (pair or teams[1])[-1]
    if pair is not None and ancients not in pair:
        raise BadOptions("With five players the Ancients play on the team of two.")
    if ancients >= n:
        raise BadOptions(f"`ancients_seat` must be 0 to {n - 1} (seats count from 0).")
    special[ancients] = ANCIENTS
    if n == 6:
        special[next(x for x in reversed(teams[0]) if x != ancients)] = WAYFARERS
    return special


def new_game(seats: Sequence[Seat], options: WarOptions, seed: int) -> WarState:
    ctx = Ctx()
    n = len(seats)
    teams = chosen_teams(options, n)
    _check_teams(teams, n)
    special = _special_seats(options, teams, n)
    try:
        chosen = seat_factions(options.factions, special, n)
    except ValueError as exc:
        raise BadOptions(f"War for the Crystals: {exc}.") from None
    base = base_new_game(seats, with_factions(options, chosen), seed)
    ancients = next((x for x, f in special.items() if f == ANCIENTS), None)
    fields = {name: getattr(base, name) for name in type(base).model_fields if name != "options"}
    s = WarState(**fields, options=options, ancients=ancients, teams=teams)
    team_of = {x: i for i, team in enumerate(teams) for x in team}
    for player in s.seats:
        s.update_seat(player.seat, side=team_of[player.seat])
    for f in list(s.figures.values()):
        assert f.owner is not None
        f = s.update_figure(f.id, side=team_of[f.owner])
        if f.id in SPECIAL_OF:
            s.update_figure(f.id, ko_points=INFAMOUS_POINTS)
    # One map card per character (§12 step 2); the rest stay in the deck for the shards.
    deck = list(range(1, MAP_CARDS + 1))
    shuffle(s, deck, ctx)
    for player in s.seats:
        s.update_seat(player.seat, dealt=tuple(sorted(deck[:CHARACTERS_PER_FACTION])))
        del deck[:CHARACTERS_PER_FACTION]
    s.map_deck = deck
    return s


def team_colour(s: WarState, team: int) -> int:
    chosen = s.options.team_colours
    if chosen is not None:
        seat = chosen[team]
        if seat not in s.teams[team] or seat == s.ancients:
            raise BadOptions("A team's shard colour is one of its own non-Ancients factions'.")
        return s.seats[seat].colour
    return next(s.seats[x].colour for x in s.teams[team] if x != s.ancients)


def place_start(s: WarState, seat: int, a: PlaceStart, ctx: Ctx) -> None:
    player = s.seats[seat]
    dealt = list(player.dealt)
    dealt.remove(a.space)
    starts = {**player.hidden_starts, a.figure: a.space}
    s.update_seat(seat, dealt=tuple(dealt), hidden_starts=starts)
    ctx.reveal()
    ctx.say(f"{player.name} places a start card.")
    ctx.say(f"{s.figures[a.figure].name} will start in space {a.space}.", to=seat)
    if all(len(p.hidden_starts) == CHARACTERS_PER_FACTION for p in s.seats):
        _place_shards(s, ctx)


def _place_shards(s: WarState, ctx: Ctx) -> None:
    for team in range(len(s.teams)):  # team 1 first (shard_place_order)
        colour = team_colour(s, team)
        spaces = s.map_deck[:SHARDS_PER_TEAM]
        del s.map_deck[:SHARDS_PER_TEAM]
        s.shards += [
            Shard(id=f"shard.t{team}.{k + 1}", side=team, colour=colour, origin=sp, space=sp)
            for k, sp in enumerate(spaces)
        ]
    n = len(s.seats)
    if n == 5 and s.ancients is not None:
        _spare_shards(s, s.ancients)
        pair = next(i for i, t in enumerate(s.teams) if len(t) == 2)
        first, groups = pair, [s.teams[1 - pair]]
        why = "the team of two starts"
    else:
        lowest = min(s.shards, key=lambda sh: sh.space or 0)
        first = lowest.side
        groups = [s.teams[first], s.teams[1 - first]]
        why = f"its shard is on the lowest space, {lowest.space}"
    s.active_team = first
    team = side_name(s, first)
    ctx.say(f"The shards are placed. {team[:1].upper()}{team[1:]} goes first ({why}).")
    s.phase = "turn"
    if s.options.pregame_reveal:
        s.stage = "pregame"
        s.pregame_groups = [list(g) for g in groups]
        next_pregame_group(s, ctx)
    else:
        s.stage = "play"
        begin_team_turn(s, first, ctx, first_turn=True)


def _spare_shards(s: WarState, ancients: int) -> None:
    used = {p.colour for p in s.seats}
    spare = min(c for c in range(COLOURS) if c not in used)
    side = s.seats[ancients].side
    for fid in SPECIAL_OF:
        shard_id = f"spare.{fid}"
        s.shards.append(
            Shard(id=shard_id, side=side, colour=spare, origin=0, space=None, claimed_by=ancients)
        )
        s.carried[shard_id] = fid
        s.spare.append(shard_id)


def next_pregame_group(s: WarState, ctx: Ctx) -> None:
    """The next group of pre-game reveals, or the first team turn when all are done."""
    while s.pregame_groups:
        group = s.pregame_groups.pop(0)
        s.to_reveal = tuple(x for x in group if s.seats[x].hidden_starts)
        if s.to_reveal:
            return
    s.stage = "play"
    begin_team_turn(s, s.active_team, ctx, first_turn=True)
