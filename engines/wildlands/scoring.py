"""Knock-outs, points, elimination and the end of the game (wildlands.md §7 "Knock-out",
"Scoring", §9 "Base/Wrath elimination", §13 conveyor-belt trigger).

The first player to reach the target score wins at once, even in the middle of an action.
A knock-out scores for the player whose action (or whose entering or pushing character)
dealt the damage, never for knocking out one's own side (friendly_ko_scores). When a
player's last character is knocked out the game ends: the highest score wins, an
eliminated player cannot win a tie, and remaining ties share the win.
"""

from __future__ import annotations

from engines.wildlands.board import load_board
from engines.wildlands.state import BeltOffer, Figure, State


def award(s: State, seat: int, points: int, why: str) -> None:
    """Give ``points`` to ``seat``; end the game at the target, else offer a belt (§13)."""
    player = s.seats[seat]
    player.score += points
    s.say(f"{player.name} scores {points} for {why} ({player.score} points).")
    if player.score >= s.options.target_score:
        finish(s, [seat], f"{player.name} reaches {player.score} points and wins.")
        return
    if load_board(s.board).belts:
        # One activation per scoring event, after the scoring action has finished.
        s.queue.extend(BeltOffer(seat=seat) for _ in range(s.options.belt_per_event))


def knock_out(s: State, f: Figure, scorer: int | None) -> None:
    """Remove ``f`` from the board with its damage cleared (ko_cleanup=v1) and score it."""
    f.space = None
    f.damage = 0
    f.ko = True
    s.say(f"{f.name} is knocked out.")
    if scorer is not None and (s.options.friendly_ko_scores or s.seats[scorer].side != f.side):
        award(s, scorer, 1, f"knocking out {f.name}")
        if s.phase == "over":
            return
    if f.owner is not None and all(c.ko for c in s.characters_of(f.owner)):
        s.seats[f.owner].eliminated = True
        s.say(f"{s.seats[f.owner].name} has no characters left.")
        end_by_elimination(s)


def end_by_elimination(s: State) -> None:
    _highest_score_wins(s, "A player was eliminated")


def end_by_stalemate(s: State) -> None:
    """stalemate_rounds: nobody has revealed or played a card for that many rounds."""
    _highest_score_wins(s, f"Nobody acted for {s.options.stalemate_rounds} rounds")


def _highest_score_wins(s: State, reason: str) -> None:
    best = max(p.score for p in s.seats)
    top = [p.seat for p in s.seats if p.score == best]
    standing = [seat for seat in top if not s.seats[seat].eliminated]
    winners = standing or top
    names = " and ".join(s.seats[w].name for w in winners)
    verb = "wins" if len(winners) == 1 else "share the win"
    finish(s, winners, f"{reason}; {names} {verb} with {best} points.")


def finish(s: State, winners: list[int], summary: str) -> None:
    s.phase = "over"
    s.winners = sorted(winners)
    s.summary = summary
    s.pending = None
    s.queue = []
    s.interrupter = None
    s.must_reveal = False
    s.say(summary)
