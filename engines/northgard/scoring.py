"""The end of the game (northgard.md §7): sudden death, achievements, Unrest, final fame and
the tie-breaks."""

from __future__ import annotations

from engines.core.context import Ctx
from engines.core.words import count, joined, win
from engines.northgard.board import controlled, gmap, units_in, who
from engines.northgard.content import content
from engines.northgard.state import State


def sudden_death(s: State) -> list[int]:
    """Three closed territories each with a large building (§7): Spectrals don't cancel."""
    if s.options.years == 10:
        return []
    m = gmap(s)
    c = content()
    # Closed territories with a large building, counted for each player with units there.
    held = [0] * s.n()
    for terr, built in s.buildings.items():
        if terr not in m.rank or not m.territories[terr].closed:
            continue
        if any(c.buildings[b].size == "L" for b in built):
            for k, v in s.units.get(terr, {}).items():
                if v > 0:
                    held[int(k)] += 1
    return [seat for seat in range(s.n()) if held[seat] >= 3]


def achievement_points(s: State, seat: int, ach: str) -> int:
    m = gmap(s)
    c = content()
    p = s.players[seat]
    mine = controlled(s, seat)
    kind = c.achievements[ach].scoring
    if kind == "per_territory":
        return len(mine)
    if kind == "per_large_building_x2":
        return 2 * sum(
            1 for x in mine for b in s.buildings.get(x, []) if c.buildings[b].size == "L"
        )
    if kind == "per_2_units":
        return sum(units_in(s, x).get(seat, 0) for x in mine) // 2
    if kind == "per_3_resources":
        return p.resources() // 3
    if kind == "per_creature_x2":
        return 2 * p.slain
    if kind == "per_closed_x2":
        return 2 * sum(1 for x in mine if m.territories[x].closed)
    cards = (*p.hand, *p.deck, *p.discard, *p.active)
    return sum(1 for x in cards if c.card_of(x).kind in ("early", "advanced"))


def unrest_count(s: State, seat: int) -> int:
    p = s.players[seat]
    return sum(1 for x in (*p.hand, *p.deck, *p.discard, *p.active) if x.startswith("UN1"))


def score(s: State, seat: int) -> int:
    p = s.players[seat]
    ach = sum(achievement_points(s, seat, a) for a in p.achievements)
    return p.fame + ach - 5 * unrest_count(s, seat)


def end_game(s: State, ctx: Ctx, sudden: bool) -> None:
    """Final scores and the winners: the most fame, then closed territories, then units
    (§7); a sudden death names its winners before this."""
    s.final_scores = tuple(score(s, k) for k in range(s.n()))
    if not sudden:
        m = gmap(s)

        def key(k: int) -> tuple[int, int, int]:
            mine = controlled(s, k)
            closed = sum(1 for x in mine if m.territories[x].closed)
            units = sum(units_in(s, x).get(k, 0) for x in mine)
            return (s.final_scores[k], closed, units)

        best = max(key(k) for k in range(s.n()))
        s.winners = tuple(k for k in range(s.n()) if key(k) == best)
    s.over = True
    s.phase = "over"
    s.tasks = []
    s.pending = None
    scores = ", ".join(f"{who(s, k)} with {fame}" for k, fame in enumerate(s.final_scores))
    tie = "" if sudden else tie_break(s)
    said = f"The game is over: {win([who(s, k) for k in s.winners])}. Final scores: {scores}."
    ctx.say(f"{said} {tie}" if tie else said)


def tie_break(s: State) -> str:
    """How a tie on final fame was broken (§7): closed territories, then units; "" when the
    fame alone decided."""
    top = max(s.final_scores)
    tied = [k for k in range(s.n()) if s.final_scores[k] == top]
    if len(tied) < 2 or not set(s.winners) <= set(tied):
        return ""
    m = gmap(s)
    closed = {k: sum(1 for x in controlled(s, k) if m.territories[x].closed) for k in tied}
    units = {k: sum(units_in(s, x).get(k, 0) for x in controlled(s, k)) for k in tied}
    names = joined([who(s, k) for k in tied])
    said = "; ".join(
        f"{who(s, k)} rules {count(closed[k], 'closed territory')} with {count(units[k], 'unit')}"
        for k in tied
    )
    best = max(closed.values())
    by = "closed territories" if sum(v == best for v in closed.values()) == 1 else "units"
    if len(s.winners) > 1:
        by = "closed territories and units"
        return f"{names} tie on {top} fame, and on {by} too ({said}): they share the win."
    return f"{names} tie on {top} fame; the tie-break on {by} decides it ({said})."
