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
from engines.core.words import joined
from engines.wildlands.board import load_board
from engines.wildlands.state import BeltOffer, Figure, State


def side_score(s: State, side: int) -> int:
    """The points of one side: a player's own, or a War team's sum (§12)."""
    return sum(p.score for p in s.seats if p.side == side)


def award(s: State, seat: int, points: int, why: str, ctx: Ctx) -> None:
    """Give ``points`` to ``seat``; end the game when its side reaches the target, else offer
    a belt (§13)."""
    player = s.seats[seat]
    player.score += points
    ctx.say(f"{player.name} scores {points} for {why} ({player.score} points).")
    total = side_score(s, player.side)
    if total >= s.options.target_score:
        side = [p.seat for p in s.seats if p.side == player.side]
        names = joined([s.seats[x].name for x in side])
        verb = "reaches" if len(side) == 1 else "reach"
        finish(s, side, f"{names} {verb} {total} points and win{'s' * (len(side) == 1)}.", ctx)
        return
    if load_board(s.board).belts:
        # One activation per scoring event, after the scoring action has finished.
        s.queue.extend(BeltOffer(seat=seat) for _ in range(s.options.belt_per_event))


def knock_out(s: State, f: Figure, scorer: int | None, ctx: Ctx) -> None:
    """Remove ``f`` from the board with its damage cleared (ko_cleanup=v1) and score it."""
    f.ko_space = f.space
    f.space = None
    f.damage = 0
    f.ko = True
    ctx.say(f"{f.name} is knocked out.")
    if scorer is not None and (s.options.friendly_ko_scores or s.seats[scorer].side != f.side):
        award(s, scorer, f.ko_points, f"knocking out {f.name}", ctx)
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
    """The side with the most points wins; a side with an eliminated player cannot win a tie
    (for War teams: the team that lost the faction loses, §12); remaining ties share."""
    sides = sorted({p.side for p in s.seats})
    best = max(side_score(s, side) for side in sides)
    top = [side for side in sides if side_score(s, side) == best]
    standing = [side for side in top if not any(p.eliminated for p in s.seats if p.side == side)]
    winners = [p.seat for p in s.seats if p.side in (standing or top)]
    names = joined([s.seats[w].name for w in winners])
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
