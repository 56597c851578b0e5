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


def ranking_key(s: AttState, seat: int) -> tuple[int, int, int]:
    """Higher is better: score, then fewer Terrible Thing tokens (by count), then more
    Courage (ruling tt_tiebreak="count")."""
    player = s.players[seat]
    return (score(s, seat), -len(player.terrible_things), player.tokens["courage"])


def finish(s: AttState, ctx: Ctx, why: str) -> None:
    """End the game now: score everyone; players still tied share the win."""
    seats = [p.seat for p in s.players]
    best = max(ranking_key(s, seat) for seat in seats)
    winners = [seat for seat in seats if ranking_key(s, seat) == best]
    scores = {str(seat): score(s, seat) for seat in seats}
    names = joined([s.name(w) for w in winners])
    verb = "survive" if len(winners) > 1 else "survives"
    table = ", ".join(f"{s.name(seat)} {scores[str(seat)]}" for seat in seats)
    summary = f"{why} {names} {verb} the Unspeakable Event. Scores: {table}."
    s.result = Result(winners=winners, scores=scores, summary=summary)
    s.phase = "over"
    s.active = None
    s.dice = None
    s.turn = None
    ctx.say(summary, kind="outcome")
