"""What ``/game status`` shows (issue 19 "embeds where Discord users expect them"): the
table's seats, scores and round, whom it waits for and what its clock says, as data; the
Discord layer draws it as an embed.

Scores and the round are read from the public view's data (``bot.tables.scores``,
``bot.tables.updates.view_round``), where every game keeps them under the same few names, so
a new game shows them without a change here.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.tables.absence import away_players
from bot.tables.history import latest_game
from bot.tables.presenter import seat_label
from bot.tables.scores import view_scores
from bot.tables.service import TableService
from bot.tables.teams import seated_teams, team_game
from bot.tables.updates import view_round
from bot.tables.waits import QuickClock, WaitClock, board_clock
from engines import registry


@dataclass(frozen=True)
class SeatLine:
    name: str
    ai: bool
    score: float | None = None


@dataclass(frozen=True)
class Status:
    title: str
    status: str
    seq: int
    round: int | None
    seats: list[SeatLine]
    waiting: list[str]
    away: list[tuple[str, float]] = field(default_factory=list)
    clock: QuickClock | WaitClock | None = None
    summary: str = ""


def table_status(service: TableService, channel_id: int) -> Status:
    """The channel's table now: open, running, or the latest finished one."""
    row = latest_game(service, channel_id)
    title = registry.get(row.game).title
    if row.status == "lobby":
        # A game played in teams shows each seat's pick (issue 11).
        teams = seated_teams(row) if team_game(row.game) else []
        seats = [
            SeatLine(s.name + (f" (team {teams[s.id]})" if teams else ""), s.kind == "ai")
            for s in row.seats
        ]
        return Status(title, row.status, row.seq, None, seats, [])
    if row.status != "active":
        result = row.result or {}
        scores = {int(k): v for k, v in (result.get("scores") or {}).items()}
        # A finished game names each player beside what they played (issue 35).
        sides = {int(k): str(v) for k, v in (result.get("sides") or {}).items()}
        names = {s.id: s.name for s in row.seats}
        seats = [
            SeatLine(seat_label(names, sides, s.id), s.kind == "ai", scores.get(s.id))
            for s in row.seats
        ]
        summary = str(result.get("summary", ""))
        return Status(title, row.status, row.seq, None, seats, [], summary=summary)
    update = service.current_update(channel_id)
    data = update.view.data if update.view is not None else {}
    scores = view_scores(data)
    return Status(
        title=title,
        status=row.status,
        seq=row.seq,
        round=view_round(update.view) if update.view is not None else None,
        seats=[SeatLine(s.name, s.kind == "ai", scores.get(s.id)) for s in row.seats],
        waiting=[w.name for w in update.waiting],
        away=away_players(service, row),
        clock=board_clock(service, update),
    )
