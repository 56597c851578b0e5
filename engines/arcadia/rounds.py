"""Rounds of Days (reference §5, D0): whose Day it is, skipped Days, the round limit."""

from __future__ import annotations

from engines.arcadia import goals
from engines.arcadia.state import ArcadiaState, DayState
from engines.core.context import Ctx


def start_days(s: ArcadiaState, ctx: Ctx) -> None:
    s.phase = "day"
    s.round = 1
    s.turn = 0
    for p in s.players:
        p.pos = p.base
        p.came_from = None
    if s.solo:
        with ctx.rng(s) as rng:
            s.pile = rng.shuffled(s.players[0].hand)
        s.players[0].hand = ()
    ctx.say("Every character stands in its base camp. The Days begin.")
    begin_day(s, ctx)


def begin_day(s: ArcadiaState, ctx: Ctx) -> None:
    while not s.over:
        seat = s.order[s.turn]
        p = s.players[seat]
        p.days += 1
        if p.skip_next_day:
            p.skip_next_day = False
            ctx.say(f"{p.character.name} loses this Day.")
            if not _next_turn(s, ctx):
                return
            continue
        s.day = DayState(seat=seat)
        ctx.say(f"Round {s.round}: {p.character.name}'s Day.")
        return


def _next_turn(s: ArcadiaState, ctx: Ctx) -> bool:
    s.day = None
    s.turn += 1
    if s.turn >= len(s.order):
        s.turn = 0
        s.round += 1
        if s.round > s.options.max_rounds:
            s.over = True
            ctx.say(f"{s.options.max_rounds} rounds have passed with no winner: the game ends.")
            return False
    return True


def end_day(s: ArcadiaState, ctx: Ctx) -> None:
    d = s.day
    assert d is not None
    p = s.players[d.seat]
    p.last_defeat = d.defeated_here
    goals.check(s, ctx)
    if s.over:
        s.day = None
        return
    if _next_turn(s, ctx):
        begin_day(s, ctx)
