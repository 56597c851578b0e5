"""The Unspeakable Event: final scores and the winner (seed §Unspeakable Event; reference §11)."""

from __future__ import annotations

from engines.att.content import catalog
from engines.att.state import AttState, Result
from engines.core.context import Ctx
from engines.core.words import joined


def secrets(s: AttState, seat: int) -> int:
    """Secrets before penalties: Encounters, Swag, held Achievements and the Map."""
    cards = catalog()
    player = s.players[seat]
    total = sum(cards.encounters[c].secrets for c in player.score_pile)
    total += sum(cards.swag[c].secrets for c in player.swag)
    total += sum(
        cards.achievements[a].secrets for a, holder in s.achievements.items() if holder == seat
    )
    # Nobody holds the Map while characters are being chosen.
    holds_map = s.map_holder == seat and s.phase != "choose_character"
    return total + (1 if holds_map else 0)


def score(s: AttState, seat: int) -> int:
    """Secrets minus Terrible Thing penalties; may be negative."""
    return secrets(s, seat) - sum(s.players[seat].terrible_things)


def ranking_key(s: AttState, seat: int, points: int) -> tuple[int, int, int]:
    """Higher is better: score (``points``), then fewer Terrible Thing tokens (by count),
    then more Courage (ruling tt_tiebreak="count")."""
    player = s.players[seat]
    return (points, -len(player.terrible_things), player.tokens["courage"])


def _each(s: AttState, seats: list[int], values: dict[int, int]) -> str:
    """ "Player 1: 1, AI 1: 2": a colon keeps a number apart from a name ending in one."""
    return ", ".join(f"{s.name(seat)}: {values[seat]}" for seat in seats)


def tie_words(s: AttState, seats: list[int], winners: list[int], points: dict[int, int]) -> str:
    """How a tie on the top score (``points``: each seat's score) was settled (seed
    §Unspeakable Event): by fewer Terrible Thing tokens, then by more Courage, and who shares
    the win when still tied; "" when nobody else has the top score."""
    top = max(points.values())
    tied = [seat for seat in seats if points[seat] == top]
    if len(tied) < 2:
        return ""
    words = [f"{joined([s.name(seat) for seat in tied])} tie on {top}."]
    things = {seat: len(s.players[seat].terrible_things) for seat in tied}
    if len(set(things.values())) > 1:
        words.append(f"Fewer Terrible Thing tokens break the tie ({_each(s, tied, things)}).")
    fewest = [seat for seat in tied if things[seat] == min(things.values())]
    courage = {seat: s.players[seat].tokens["courage"] for seat in fewest}
    if len(fewest) > 1 and len(set(courage.values())) > 1:
        words.append(f"Then more Courage does ({_each(s, fewest, courage)}).")
    if len(winners) > 1:
        words.append(f"Still tied, {joined([s.name(w) for w in winners])} share the win.")
    return " " + " ".join(words)


def finish(s: AttState, ctx: Ctx, why: str) -> None:
    """End the game now: score everyone; players still tied share the win."""
    seats = [p.seat for p in s.players]
    # Each score worked out once: it reads every card a player owns.
    points = {seat: score(s, seat) for seat in seats}
    keys = {seat: ranking_key(s, seat, points[seat]) for seat in seats}
    best = max(keys.values())
    winners = [seat for seat in seats if keys[seat] == best]
    scores = {str(seat): points[seat] for seat in seats}
    names = joined([s.name(w) for w in winners])
    verb = "survive" if len(winners) > 1 else "survives"
    table = _each(s, seats, points)
    tie = tie_words(s, seats, winners, points)
    summary = f"{why} {names} {verb} the Unspeakable Event. Scores: {table}.{tie}"
    s.result = Result(winners=winners, scores=scores, summary=summary)
    s.phase = "over"
    s.active = None
    s.dice = None
    s.turn = None
    ctx.say(summary, kind="outcome")
