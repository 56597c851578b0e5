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
from engines.core.words import count, joined
from engines.wildlands.board import load_board
from engines.wildlands.frozen import shared
from engines.wildlands.state import BeltOffer, Figure, State


def side_score(s: State, side: int) -> int:
    """The points of one side: a player's own, or a War team's sum (§12)."""
    return sum(p.score for p in s.seats if p.side == side)


def side_name(s: State, side: int, members: bool = True) -> str:
    """A side as a player reads it: a player by name, a War team with its members
    ("team 1 (Ann and Bo)"), or without them where a nearby line names them ("team 1")."""
    names = [p.name for p in s.seats if p.side == side]
    if len(names) == 1:
        return names[0]
    return f"team {side + 1} ({joined(names)})" if members else f"team {side + 1}"


def final_scores(s: State) -> str:
    """ "Final scores: Ann: 3, Bo: 1." — every side, in seat (team) order."""
    sides = sorted({p.side for p in s.seats})
    scores = ", ".join(f"{side_name(s, side)}: {side_score(s, side)}" for side in sides)
    return f"Final scores: {scores}."


def headline(s: State) -> str:
    """A finished game in a few words, for a title: "Team 2 wins", "Ann and Bo share the
    win", "A draw"; the summary tells the rest."""
    won = sorted({s.seats[w].side for w in s.winners})
    names = joined([side_name(s, side, members=False) for side in won])
    if not won:
        return "Nobody wins"
    if len(won) == 1:
        return _capital(f"{names} wins")
    if len(won) == len({p.side for p in s.seats}) and not any(p.score for p in s.seats):
        return "A draw"
    return _capital(f"{names} share the win")


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def award(s: State, seat: int, points: int, why: str, ctx: Ctx) -> None:
    """Give ``points`` to ``seat``; end the game when its side reaches the target, else offer
    a belt (§13)."""
    player = s.update_seat(seat, score=s.seats[seat].score + points)
    ctx.say(
        f"{player.name} scores {count(points, 'point')} for {why} "
        f"(now {count(player.score, 'point')})."
    )
    total = side_score(s, player.side)
    if total >= s.options.target_score:
        side = [p.seat for p in s.seats if p.side == player.side]
        winner = _capital(side_name(s, player.side, members=False))
        summary = f"{winner} reaches {count(total, 'point')} and wins. {final_scores(s)}"
        finish(s, side, summary, ctx)
        return
    if load_board(s.board).belts:
        # One activation per scoring event, after the scoring action has finished.
        s.queue.extend(shared(BeltOffer, seat=seat) for _ in range(s.options.belt_per_event))


def knock_out(s: State, f: Figure, scorer: int | None, ctx: Ctx) -> None:
    """Remove ``f`` from the board with its damage cleared (ko_cleanup=v1) and score it."""
    f = s.update_figure(f.id, ko_space=f.space, space=None, damage=0, ko=True)
    ctx.say(f"{f.name} is knocked out.")
    if scorer is not None and (s.options.friendly_ko_scores or s.seats[scorer].side != f.side):
        award(s, scorer, f.ko_points, f"knocking out {f.name}", ctx)
        if s.phase == "over":
            return
    if f.owner is not None and all(c.ko for c in s.characters_of(f.owner)):
        s.update_seat(f.owner, eliminated=True)
        ctx.say(f"{s.seats[f.owner].name} has no characters left.")
        end_by_elimination(s, ctx)


def end_by_elimination(s: State, ctx: Ctx) -> None:
    out = joined([p.name for p in s.seats if p.eliminated])
    _highest_score_wins(s, f"{out} has lost every character, so the game ends", ctx)


def end_by_stalemate(s: State, ctx: Ctx) -> None:
    """stalemate_rounds: nobody has revealed or played a card for that many rounds."""
    rounds = count(s.options.stalemate_rounds, "round")
    _highest_score_wins(s, f"Nobody revealed or played a card for {rounds}, so the game ends", ctx)


def _highest_score_wins(s: State, reason: str, ctx: Ctx) -> None:
    """The side with the most points wins; a side with an eliminated player cannot win a tie
    (for War teams: the team that lost the faction loses, §12); remaining ties share. The
    summary names the tie-break when one decided it."""
    sides = sorted({p.side for p in s.seats})
    best = max(side_score(s, side) for side in sides)
    top = [side for side in sides if side_score(s, side) == best]
    standing = [side for side in top if not any(p.eliminated for p in s.seats if p.side == side)]
    won = standing or top
    winners = [p.seat for p in s.seats if p.side in won]
    # The verdict names teams short; the final scores name their members.
    names = joined([side_name(s, side, members=False) for side in won])
    points = count(best, "point")
    if len(top) == 1:
        verdict = f"{_capital(names)} wins with {points}, the highest score."
    elif best == 0 and len(won) == len(sides):
        verdict = "Nobody scored, so the game is a draw."
    else:
        tied = joined([side_name(s, side, members=False) for side in top])
        tied = _capital(f"{tied} tie on {points}")
        out = [side for side in top if side not in won]
        if not out:
            verdict = f"{tied} and share the win."
        else:
            team = sum(1 for p in s.seats if p.side == out[0]) > 1
            lost = "lost a faction" if team else "lost every character"
            losers = joined([side_name(s, side, members=False) for side in out])
            share = "wins the tie" if len(won) == 1 else "share the win"
            verdict = f"{tied}; {losers} {lost}, so {names} {share}."
    finish(s, winners, f"{reason}. {verdict} {final_scores(s)}", ctx)


def finish(s: State, winners: list[int], summary: str, ctx: Ctx) -> None:
    s.phase = "over"
    s.winners = sorted(winners)
    s.summary = summary
    s.pending = None
    s.queue = []
    s.interrupter = None
    s.must_reveal = False
    ctx.say(summary)
