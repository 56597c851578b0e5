"""Team turns (wildlands.md §12 "Team turns", team_turn_end=all_done_no_intervening).

At the start of a team's turn every member with an unrevealed character reveals one before
anyone acts; those reveals together open one interrupt window after the last of them. Then
members act in any order. A member who declares done is asked again if a teammate acts
afterwards; the turn ends when every member has declared done with no action in between.
Then, with the Ancients in the game, each member may discard (Desperate Measures), and each
draws min(3, 7 - hand). The other team's turn follows.
"""

from __future__ import annotations

from engines.core.context import Ctx
from engines.core.words import joined
from engines.wildlands.decks import END_OF_TURN_DRAW, draw
from engines.wildlands.scoring import end_by_stalemate
from engines.wildlands.war.state import WarState
from engines.wildlands.wrath.measures import start_discarding, stop_discarding


def begin_team_turn(s: WarState, team: int, ctx: Ctx, first_turn: bool = False) -> None:
    s.phase = "turn"
    s.active_team = team
    s.interrupter = None
    s.turn_number += 1
    s.turn_actions = 0
    s.done = ()
    s.reset_moves()
    members = s.teams[team]
    s.active = members[0]
    s.to_reveal = tuple(x for x in members if s.seats[x].hidden_starts)
    if s.ancients in members:
        s.own_turn = s.turn_number
    names = joined([s.seats[x].name for x in members])
    ctx.say(f"Turn {s.turn_number}: team {team + 1} ({names}).")


def declare_done(s: WarState, seat: int, ctx: Ctx) -> None:
    s.done = (*s.done, seat)
    ctx.say(f"{s.seats[seat].name} is done for this turn.")
    members = s.teams[s.active_team]
    if set(s.done) < set(members):
        return
    if start_discarding(s, members):
        names = joined([s.seats[x].name for x in s.discarding])
        ctx.say(f"{names} may discard before drawing (Desperate Measures).")
    else:
        finish_team_turn(s, ctx)


def done_discarding(s: WarState, seat: int, ctx: Ctx) -> None:
    if stop_discarding(s, seat):
        finish_team_turn(s, ctx)


def finish_team_turn(s: WarState, ctx: Ctx) -> None:
    for x in s.teams[s.active_team]:
        draw(s, x, END_OF_TURN_DRAW, ctx)
    for other in s.seats:
        if other.auto_pass == "turn":
            s.update_seat(other.seat, auto_pass="off")
    s.idle_turns = 0 if s.turn_actions else s.idle_turns + 1
    if s.idle_turns >= s.options.stalemate_rounds * len(s.teams):
        end_by_stalemate(s, ctx)
        return
    begin_team_turn(s, 1 - s.active_team, ctx)
