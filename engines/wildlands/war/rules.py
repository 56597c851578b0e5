"""Who decides and what each decision does in War for the Crystals (wildlands.md §12).

The Wrath rules (so the Ancients may play) with team turns in place of the base turn: a
member's mandatory start-of-turn reveal, "end turn" meaning "I am done", and every other
action of an active member made by that member as the acting player (its interrupt window
goes to the other team).
"""

from __future__ import annotations

from typing import Any

from engines.core.context import Ctx
from engines.wildlands.actions import EndTurn, PlaceStart, Reveal
from engines.wildlands.effects import settle
from engines.wildlands.rules import reveal_options
from engines.wildlands.turns import reveal
from engines.wildlands.war.setup import next_pregame_group, place_start
from engines.wildlands.war.state import WarState
from engines.wildlands.war.turns import declare_done, done_discarding
from engines.wildlands.wrath import rules as wrath


def _free(s: WarState) -> bool:
    """No pending step, interrupting turn, carrier choice, special action or discard is
    under way."""
    return (
        s.phase == "turn"
        and s.pending is None
        and s.interrupter is None
        and s.special is None
        and s.carrying is None
        and not s.discarding
    )


def legal_actions(s: WarState, seat: int) -> list[Any]:
    return s.memo(("war-legal", seat), _legal_actions, s, seat)


def _legal_actions(s: WarState, seat: int) -> list[Any]:
    if seat not in s.asked_now():
        return []
    if _free(s) and seat in s.to_reveal:
        return list(reveal_options(s, seat))
    return wrath.list_legal_actions(s, seat)


def resolve(s: WarState, seat: int, a: Any, ctx: Ctx) -> None:
    match a:
        case PlaceStart():
            place_start(s, seat, a, ctx)
        case Reveal(figure=fid) if _free(s) and seat in s.to_reveal:
            _mandatory_reveal(s, seat, fid, ctx)
        case EndTurn() if s.discarding:
            done_discarding(s, seat, ctx)
        case EndTurn():
            declare_done(s, seat, ctx)
        case _:
            if _free(s):
                # An active member acts: earlier "done" declarations lapse (§12).
                s.active = seat
                s.done = ()
            wrath.resolve(s, seat, a, ctx)
            return
    wrath.after_decision(s, ctx)


def _mandatory_reveal(s: WarState, seat: int, fid: str, ctx: Ctx) -> None:
    s.active = seat
    s.to_reveal = tuple(x for x in s.to_reveal if x != seat)
    s.revealed_on[fid] = s.turn_number
    reveal(s, seat, fid, ctx)
    # The start-of-turn reveals open one window together, after the last (§8.1).
    s.opens_window = s.stage == "play" and not s.to_reveal
    if s.stage == "play":
        s.turn_actions += 1
    settle(s, ctx)
    if s.stage == "pregame" and not s.to_reveal and s.phase == "turn":
        next_pregame_group(s, ctx)
