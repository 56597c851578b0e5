"""Ratings (issue 31): who took part in a finished game, in what place, and how each rating
changes, per server and per game, with openskill's Weng-Lin Plackett-Luce model (free-for-all,
teams and ties in one model).

Who takes part:

- a person, for a seat they played themselves for at least half of its moves; a seat an AI
  stand-in played for most of the game is not rated for its person;
- a person who conceded, always, in last place: a concession is a loss;
- an AI seat, as its policy at its difficulty ("AI (normal)"), so players see where they
  stand against the bots;
- in a game the players play together against the game itself (The Awoken), that opponent at
  the table's difficulty ("the Ancients (normal)", the registry entry's ``opponent``).

Places: a team game (``team_of``) ranks teams, a co-operative game the players against their
opponent, any other game each seat: winners first (a shared win ties them), then the rest by
score, equal scores tied; with no winner and no opponent, a draw. A game is rated when at
least two participants are rated and the table was not opened with ``rated=false``; a game
ended with ``/game end`` has no result and is never rated. Every finished game's results are
kept all the same (``/stats`` counts them).

``rate_game`` runs inside the transaction of the game's last move, so a result and its ratings
are stored together or not at all, and once (``Store.record_results``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from openskill.models import PlackettLuce

from bot.store import GameRow, GameStore, Rating, Result
from bot.tables.teams import TEAM_OF, team_game
from engines import registry

MODEL = PlackettLuce()
# Fewer rated games than this and a rating is shown as provisional.
PROVISIONAL = 5


@dataclass(frozen=True)
class Taker:
    """One participant of a finished game: its rating key, name, person (if any), the seats
    it played, whether it is rated, the side it played on (itself, its team, or the players
    together in a co-operative game) and that side's place (1 is first)."""

    key: str
    name: str
    user_id: int | None
    seats: tuple[int, ...]
    rated: bool
    side: str = ""
    place: int = 0


def user_key(user_id: int) -> str:
    return f"user:{user_id}"


def ai_key(policy: str | None, difficulty: str) -> tuple[str, str]:
    """An AI policy at a difficulty as a rated participant: its key and name."""
    policy = policy or "ai"
    name = "AI" if policy == "ai" else f"AI {policy}"
    return f"ai:{policy}:{difficulty}", f"{name} ({difficulty})"


def guild_of(row: GameRow) -> int:
    """The server a game's ratings belong to (0 outside a server: the terminal, a DM)."""
    return row.guild_id or 0


def _moves(store: GameStore, row: GameRow) -> dict[int, Counter[int | None]]:
    """Per seat, how many of its standing moves each person made (None: an AI or a stand-in
    moved for the seat)."""
    out: dict[int, Counter[int | None]] = {}
    for act in store.effective_actions(row.id):
        if act.seat is not None:
            out.setdefault(act.seat, Counter())[act.user_id] += 1
    return out


def takers(store: GameStore, row: GameRow) -> list[Taker]:
    """Every participant of a finished game, before places (``placed``)."""
    moves = _moves(store, row)
    conceded = {int(seat): user for seat, user in row.settings.conceded.items()}
    out: list[Taker] = []
    for seat in row.seats:
        made = moves.get(seat.id, Counter())
        if seat.id in conceded:
            user = conceded[seat.id]
            name = next((s.name for s in row.seats if s.id == seat.id), f"Seat {seat.id + 1}")
            out.append(Taker(user_key(user), name, user, (seat.id,), True))
            continue
        people = Counter({u: n for u, n in made.items() if u is not None})
        if seat.kind == "human" and seat.user_id is not None:
            people[seat.user_id] += 0
        if people:
            user, own = people.most_common(1)[0]
            others = sum(made.values()) - own
            out.append(Taker(user_key(user), seat.name, user, (seat.id,), own >= others))
            continue
        key, name = ai_key(seat.policy, seat.difficulty)
        out.append(Taker(key, name, None, (seat.id,), True))
    return _merged(out)


def _merged(found: list[Taker]) -> list[Taker]:
    """One participant per key: a person who played two seats (a hot-seat game), or two AI
    seats of one policy, are one participant (placed by its best seat), rated only if every
    seat of it is."""
    by_key: dict[str, Taker] = {}
    for t in found:
        seen = by_key.get(t.key)
        if seen is None:
            by_key[t.key] = t
        else:
            by_key[t.key] = Taker(
                t.key, seen.name, t.user_id, (*seen.seats, *t.seats), seen.rated and t.rated
            )
    return list(by_key.values())


def _places(groups: Sequence[tuple[bool, float | None]]) -> list[int]:
    """Places (1 first, ties shared) for groups given as (won, score): winners first, then
    by score, highest first; groups with no score after those with one."""

    def rank(g: tuple[bool, float | None]) -> tuple[int, float]:
        won, score = g
        return (0 if won else 1, -(score if score is not None else float("-inf")))

    order = sorted(set(map(rank, groups)))
    return [order.index(rank(g)) + 1 for g in groups]


def placed(row: GameRow, found: list[Taker]) -> list[Taker]:
    """The participants on their sides with their places; in a co-operative game the
    players' opponent too."""
    result = row.result or {}
    winners = {int(w) for w in result.get("winners") or []}
    scores = {int(k): float(v) for k, v in (result.get("scores") or {}).items()}
    conceded = {int(s) for s in row.settings.conceded}
    opponent_of = registry.entry(row.game).opponent
    if opponent_of is not None:
        key, name = opponent_of(row.options)
        won = bool(winners)
        house = Taker(key, name, None, (), True, key, 2 if won else 1)
        return [replace(t, side="players", place=1 if won else 2) for t in found] + [house]
    teams = {seat: f"team {team}" for seat, team in enumerate(row.options.get(TEAM_OF) or [])}
    if team_game(row.game) is None:
        teams = {}
    # A participant whose seats sit on two teams (AI seats of one policy) has no side to
    # rate: it keeps its first seat's team for the record.
    sides = [
        replace(
            t,
            side=teams.get(t.seats[0], t.key),
            rated=t.rated and len({teams.get(s, t.key) for s in t.seats}) == 1,
        )
        for t in found
    ]
    # Each side: whether it won (a conceding seat never does) and its best score.
    standing: dict[str, tuple[bool, float | None]] = {}
    for t in sides:
        members = [s for s in row_seats(row) if teams.get(s) == t.side] or list(t.seats)
        given = [scores[s] for s in members if s in scores]
        won = any(s in winners for s in members) and not any(s in conceded for s in t.seats)
        standing[t.side] = (won, max(given) if given else None)
    if not winners and all(score is None for _, score in standing.values()):
        places = dict.fromkeys(standing, 1)  # a draw: nobody won, nothing scored
    else:
        places = dict(zip(standing, _places(list(standing.values())), strict=True))
    last = max(places.values(), default=0) + 1
    return [
        replace(t, place=last if any(s in conceded for s in t.seats) else places[t.side])
        for t in sides
    ]


def row_seats(row: GameRow) -> list[int]:
    return [s.id for s in row.seats]


def rate_game(store: GameStore, row: GameRow, now: float) -> list[Result]:
    """Store a finished game's results and, where it is rated, the new ratings; the rows
    written (nothing when the game's results are stored already)."""
    if row.status != "finished" or row.result is None or store.game_results(row.id):
        return []
    everyone = placed(row, takers(store, row))
    rated = [t for t in everyone if t.rated]
    rate = row.settings.rated and len({t.side for t in rated}) >= 2
    guild = guild_of(row)
    before = store.ratings(guild, row.game, [t.key for t in rated]) if rate else {}
    after = _new_ratings(rated, before) if rate else {}
    draw = len({t.place for t in everyone}) == 1
    results = []
    for t in everyone:
        was = before.get(t.key)
        new = after.get(t.key)
        results.append(
            Result(
                game_id=row.id,
                participant=t.key,
                guild_id=guild,
                game=row.game,
                user_id=t.user_id,
                name=t.name,
                place=t.place,
                won=t.place == 1 and not draw,
                rated=new is not None,
                mu_before=None if new is None else (was.mu if was else MODEL.rating().mu),
                sigma_before=None if new is None else (was.sigma if was else MODEL.rating().sigma),
                mu_after=None if new is None else new[0],
                sigma_after=None if new is None else new[1],
                finished_at=now,
            )
        )
    store.record_results(results, now)
    return results


def _new_ratings(
    rated: Sequence[Taker], before: Mapping[str, Rating]
) -> dict[str, tuple[float, float]]:
    """(mu, sigma) after the game for every rated participant, each side one openskill
    team ranked by its place."""
    sides: dict[str, list[Taker]] = {}
    for t in rated:
        sides.setdefault(t.side, []).append(t)
    groups = list(sides.values())
    teams = [
        [
            MODEL.rating(mu=was.mu, sigma=was.sigma)
            if (was := before.get(t.key))
            else MODEL.rating()
            for t in group
        ]
        for group in groups
    ]
    new = MODEL.rate(teams, ranks=[group[0].place for group in groups])
    return {
        t.key: (r.mu, r.sigma)
        for group, team in zip(groups, new, strict=True)
        for t, r in zip(group, team, strict=True)
    }


def provisional(rating: Rating) -> bool:
    """A rating from too few games to say much yet."""
    return rating.games < PROVISIONAL


def change_lines(results: Sequence[Result]) -> list[str]:
    """What a finished game did to the ratings, a line per participant ("Ann: 27.9 (+2.9)"),
    or the one line that says it changed none."""
    if not any(r.rated for r in results):
        return ["This game changes no rating."] if results else []
    out = []
    for r in results:
        if r.mu_after is None or r.mu_before is None:
            out.append(f"{r.name}: not rated")
        else:
            out.append(f"{r.name}: {r.mu_after:.1f} ({r.mu_after - r.mu_before:+.1f})")
    return out
