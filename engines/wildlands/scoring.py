"""Knock-outs, points, elimination and the end of the game (wildlands.md §7 "Knock-out",
"Scoring", §9 "Base/Wrath elimination", §13 conveyor-belt trigger).

The first player to reach the target score wins at once, even in the middle of an action.
A knock-out scores for the player whose action (or whose entering or pushing character)
dealt the damage, never for knocking out one's own side (friendly_ko_scores). When a
player's last character is knocked out the game ends: the highest score wins, an
eliminated player cannot win a tie, and remaining ties share the win.
"""

from __future__ import annotations

from engines.core.context import Ctx
from engines.wildlands.board import load_board
from engines.wildlands.state import BeltOffer, Figure, State


def award(s: State, seat: int, points: int, why: str, ctx: Ctx) -> None:
    """Give ``points`` to ``seat``; end the game at the target, else offer a belt (§13)."""
    player = s.seats[seat]
    player.score += points
    ctx.say(f"{player.name} scores {points} for {why} ({player.score} points).")
    if player.score >= s.options.target_score:
        finish(s, [seat], f"{player.name} reaches {player.score} points and wins.", ctx)
        return
    if load_board(s.board).belts:
        # One activation per scoring event, after the scoring action has finished.
        s.queue.extend(BeltOffer(seat=seat) for _ in range(s.options.belt_per_event))


def knock_out(s: State, f: Figure, scorer: int | None, ctx: Ctx) -> None:
    """Remove ``f`` from the board with its damage cleared (ko_cleanup=v1) and score it."""
    f.space = None
    f.damage = 0
    f.ko = True
    ctx.say(f"{f.name} is knocked out.")
    if scorer is not None and (s.options.friendly_ko_scores or s.seats[scorer].side != f.side):
        award(s, scorer, 1, f"knocking out {f.name}", ctx)
        if s.phase == "over":
            return
    if f.owner is not None and all(c.ko for c in s.characters_of(f.owner)):
        s.seats[f.owner].eliminated = True
        ctx.say(f"{s.seats[f.owner].name} has no characters left.")
        end_by_elimination(s, ctx)


def end_by_elimination(s: State, ctx: Ctx) -> None:
    _highest_score_wins(s, "A player was eliminated", ctx)


def end_by_stalemate(s: State, ctx: Ctx) -> None:
    """stalemate_rounds: nobody has revealed or played a card for that many rounds."""
    _highest_score_wins(s, f"Nobody acted for {s.options.stalemate_rounds} rounds", ctx)


def _highest_score_wins(s: State, reason: str, ctx: Ctx) -> None:
    best = max(p.score for p in s.seats)
    top = [p.seat for p in s.seats if p.score == best]
    standing = [seat for seat in top if not s.seats[seat].eliminated]
    winners = standing or top
    names = " and ".join(s.seats[w].name for w in winners)
    verb = "wins" if len(winners) == 1 else "share the win"
    finish(s, winners, f"{reason}; {names} {verb} with {best} points.", ctx)


def finish(s: State, winners: list[int], summary: str, ctx: Ctx) -> None:
    s.phase = "over"
    s.winners = sorted(winners)
    s.summary = summary
    s.pending = None
    s.queue = []
    s.interrupter = None
    s.must_reveal = False
    ctx.say(summary)
