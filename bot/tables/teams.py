"""Teams in the lobby (issue 11; wildlands.md §12): players of a game played in teams pick
their team as they sit down (``/game join team:<n>``, ``/game addbot team:<n>``), and the
game starts only with the teams its rules allow.

A game plays in teams when its engine has the ``TeamGame`` members below (War for the
Crystals). The lobby keeps each seat's team in the table option ``team_of`` (team numbers
from 1, in seat order), the option the engine reads at the deal. The list may be longer than
the seats while the lobby fills: the creator's ``team_of=[...]`` (or ``teams=[[...], ...]``)
in ``/game new`` is then the plan for the seats still empty, which a player without a team
choice follows; a choice overrides it. A seat without a choice or a plan joins the emptiest
team that still has room. A team has room while the seats taken could still make a team
line-up the rules allow at some seat count the table may reach.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import permutations
from typing import Any, Protocol, runtime_checkable

from bot.store import GameRow
from engines import registry
from engines.core.errors import GameError

TEAM_OF = "team_of"


@runtime_checkable
class TeamGame(Protocol):
    """An engine whose seats play in teams, numbered 1 to ``team_count``."""

    title: str
    min_seats: int
    max_seats: int
    team_count: int

    def team_sizes(self, seats: int) -> tuple[int, ...]:
        """The team sizes the rules allow for ``seats`` players, in any team order."""
        ...

    def team_rule(self, seats: int) -> str:
        """The rule behind those sizes, as a sentence without its full stop."""
        ...


def team_game(game: str) -> TeamGame | None:
    engine = registry.get(game)
    return engine if isinstance(engine, TeamGame) else None


def plan_of(engine: TeamGame, options: Mapping[str, Any]) -> dict[str, Any]:
    """``/game new``'s options with any team plan as ``team_of`` and the creator's team set."""
    out = dict(options)
    teams = out.pop("teams", None)
    plan = list(out.get(TEAM_OF) or [])
    if teams is not None:
        if plan:
            raise GameError("Give the teams either as `teams` or as `team_of`, not both.")
        by_seat = {seat: k + 1 for k, team in enumerate(teams) for seat in team}
        plan = [by_seat.get(seat, 0) for seat in range(max(by_seat, default=-1) + 1)]
    for team in plan:
        _check_number(engine, team)
    out[TEAM_OF] = plan or [1]
    return out


def seated_teams(row: GameRow) -> list[int]:
    """Each seat's team, in seat order."""
    return list(row.options.get(TEAM_OF) or [])[: len(row.seats)]


def choose_team(engine: TeamGame, row: GameRow, seat: int, team: int | None) -> int:
    """The team of ``seat`` (a new seat, or a seated player switching): the one asked for
    if it has room, else the plan's or the emptiest team with room."""
    taken = [t for s, t in enumerate(seated_teams(row)) if s != seat]
    counts = [taken.count(k) for k in range(1, engine.team_count + 1)]
    seats = len(row.seats) if seat < len(row.seats) else len(row.seats) + 1
    reachable = _reachable(engine, row, seats)
    if team is not None:
        _check_number(engine, team)
        if not _has_room(engine, counts, team, reachable):
            raise GameError(_full(engine, team, counts, reachable))
        return team
    plan = list(row.options.get(TEAM_OF) or [])
    order = sorted(range(1, engine.team_count + 1), key=lambda k: counts[k - 1])
    if seat < len(plan) and 1 <= plan[seat] <= engine.team_count:
        order.insert(0, plan[seat])
    for k in order:
        if _has_room(engine, counts, k, reachable):
            return k
    raise GameError("Every team is full.")


def with_team(options: Mapping[str, Any], seat: int, team: int) -> dict[str, Any]:
    teams = list(options.get(TEAM_OF) or [])
    teams += [0] * (seat + 1 - len(teams))
    teams[seat] = team
    return {**options, TEAM_OF: teams}


def without_seat(options: Mapping[str, Any], seat: int) -> dict[str, Any]:
    teams = list(options.get(TEAM_OF) or [])
    return {**options, TEAM_OF: teams[:seat] + teams[seat + 1 :]}


def start_teams(engine: TeamGame, row: GameRow, options: Mapping[str, Any]) -> dict[str, Any]:
    """The options the game starts with (the plan beyond the seats dropped), or a refusal
    saying why the teams do not fit the rules."""
    teams = seated_teams(row)
    n = len(row.seats)
    counts = [teams.count(k) for k in range(1, engine.team_count + 1)]
    if sorted(counts) != sorted(engine.team_sizes(n)):
        raise GameError(
            f"The teams are unbalanced: {engine.team_rule(n)}, and {_counts(row, counts)}. "
            "Switch team with `/game join team:<n>`, or seat more players."
        )
    return {**options, TEAM_OF: teams}


def team_lines(row: GameRow) -> list[tuple[int, str]]:
    """Each team of a game played in teams with who sits in it, e.g. (1, "Team 1: Ann,
    AI 1"); nothing for another game."""
    engine = team_game(row.game)
    if engine is None:
        return []
    teams = seated_teams(row)
    lines = []
    for k in range(1, engine.team_count + 1):
        names = [s.name for s, t in zip(row.seats, teams, strict=True) if t == k]
        lines.append((k, f"Team {k}: {', '.join(names) or 'nobody yet'}"))
    return lines


def teams_text(row: GameRow) -> str:
    """The lobby's seats, by team in a game played in teams."""
    lines = team_lines(row)
    if not lines:
        return "Seats: " + ", ".join(s.name for s in row.seats)
    return " · ".join(line for _, line in lines)


def _check_number(engine: TeamGame, team: object) -> None:
    if not isinstance(team, int) or not 1 <= team <= engine.team_count:
        raise GameError(
            f"{engine.title} has teams 1 to {engine.team_count}, so there is no team {team}. "
            "Pick one of those, e.g. `/game join team:1`."
        )


def _reachable(engine: TeamGame, row: GameRow, seats: int) -> list[int]:
    """The seat counts the table may still start with, once ``seats`` are taken."""
    wanted = row.settings.seats_wanted
    if wanted is not None:
        return [wanted]
    return list(range(max(seats, engine.min_seats), engine.max_seats + 1))


def _has_room(engine: TeamGame, counts: Sequence[int], team: int, reachable: list[int]) -> bool:
    after = [c + (k == team) for k, c in enumerate(counts, start=1)]
    return any(
        all(c <= size for c, size in zip(after, order, strict=True))
        for n in reachable
        for order in permutations(engine.team_sizes(n))
    )


def _full(engine: TeamGame, team: int, counts: Sequence[int], reachable: list[int]) -> str:
    n = reachable[-1]
    others = [
        k
        for k in range(1, engine.team_count + 1)
        if k != team and _has_room(engine, counts, k, reachable)
    ]
    instead = f" Team {others[0]} has room." if others else ""
    return f"Team {team} is full ({counts[team - 1]} seated): {engine.team_rule(n)}.{instead}"


def _counts(row: GameRow, counts: Sequence[int]) -> str:
    teams = seated_teams(row)
    parts = []
    for k, c in enumerate(counts, start=1):
        names = ", ".join(s.name for s, t in zip(row.seats, teams, strict=True) if t == k)
        parts.append(f"team {k} has {c}" + (f" ({names})" if names else ""))
    return " and ".join(parts)
