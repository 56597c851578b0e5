"""Main turns and character reveals (wildlands.md §4 step 6, §5).

A main turn starts with the mandatory reveal while the player has unrevealed characters;
the player then plays cards and reveals more characters freely (free_reveals), and ends the
turn by drawing min(3, 7 - hand) cards. The marker passes to the left (the next seat). The
pre-game round has each player reveal one character, starting with the first player.
"""

from __future__ import annotations

from engines.core.context import Ctx
from engines.wildlands.cards import faction
from engines.wildlands.decks import END_OF_TURN_DRAW, draw
from engines.wildlands.frozen import shared
from engines.wildlands.scoring import end_by_stalemate
from engines.wildlands.state import Enter, State


def begin_turn(s: State, seat: int, ctx: Ctx) -> None:
    s.phase = "turn"
    s.active = seat
    s.interrupter = None
    s.turn_number += 1
    s.turn_actions = 0
    s.reset_moves()
    s.must_reveal = bool(s.seats[seat].hidden_starts)
    ctx.say(f"Turn {s.turn_number}: {s.seats[seat].name} ({_faction_name(s, seat)}).")


def reveal(s: State, seat: int, figure_id: str, ctx: Ctx) -> None:
    """Place a hidden character on its start space; the placement is an entry (§13)."""
    player = s.seats[seat]
    starts = dict(player.hidden_starts)
    space = starts.pop(figure_id)
    s.update_seat(seat, hidden_starts=starts)
    f = s.update_figure(figure_id, space=space, start=space, revealed=True)
    ctx.reveal()
    ctx.say(f"{player.name} reveals {f.name} in space {space}.")
    s.queue.append(shared(Enter, figure=figure_id, counted=False, trigger=seat))


def end_turn(s: State, ctx: Ctx) -> None:
    player = s.seats[s.active]
    draw(s, player.seat, END_OF_TURN_DRAW, ctx)
    for other in s.seats:
        if other.auto_pass == "turn":
            s.update_seat(other.seat, auto_pass="off")
    s.idle_turns = 0 if s.turn_actions else s.idle_turns + 1
    if s.idle_turns >= s.options.stalemate_rounds * len(s.seats):
        end_by_stalemate(s, ctx)
        return
    begin_turn(s, (s.active + 1) % len(s.seats), ctx)


def next_pregame_reveal(s: State, ctx: Ctx) -> None:
    """After a pre-game reveal: the next player to the left, or the first real turn."""
    following = (s.active + 1) % len(s.seats)
    if following == s.first_player:
        begin_turn(s, s.first_player, ctx)
    else:
        s.active = following


def _faction_name(s: State, seat: int) -> str:
    return faction(s.seats[seat].faction).name
