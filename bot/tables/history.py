"""A table's past as players may read it (issue 16 "exports that keep secrets", issue 19 "log
pages readable after the game ended", issue 31 "/game history"): the public log of the
channel's game, open or finished, the export file, and the channel's finished games.

While a game runs, an export holds only what every seat may see: seats, options, the public
log and the board as text; no seed and no moves, since the seed and the moves rebuild every
hand. The full file (seed and every move) is given once the game is over, or to someone who
manages the channel, with a warning that it shows every secret.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.store import GameRow
from bot.tables.core import stored_outcome
from bot.tables.presenter import Result
from bot.tables.service import TableService
from bot.tables.updates import NoGameHere
from engines import registry
from engines.core.errors import GameError
from engines.core.replay import GameRecord, replay_record

# The log a table keeps for reading; older moves stay in the export file.
LOG_LIMIT = 5000
# Finished games ``/game history`` lists, newest first: one export file each, and Discord
# takes at most ten files on a message.
HISTORY_LIMIT = 10

REDACTED_NOTE = (
    "Exported while the game was running, so it keeps every player's secrets: it holds what "
    "every seat may see (seats, options, the public log and the board) but no seed and no "
    "moves. It cannot be replayed or drawn; the full file comes once the game is over."
)


def latest_game(service: TableService, channel_id: int) -> GameRow:
    """The channel's open game, else its latest finished one (logs and exports come late)."""
    row = service.store.open_game(channel_id)
    if row is not None:
        return row
    done = service.store.finished_games(channel_id, limit=1)
    if not done:
        raise NoGameHere("There is no game in this channel, running or finished.")
    return done[0]


def public_log(service: TableService, row: GameRow, limit: int = LOG_LIMIT) -> list[str]:
    """``#seq`` and the public events of each logged move, oldest first."""
    lines: list[str] = []
    for entry in service.store.log(row.id, limit):
        if entry.kind == "undo":
            lines.append(f"#{entry.seq} (undo of #{entry.action.get('undoes')})")
            continue
        public = [e["text"] for e in entry.events if e.get("to") is None]
        lines.append(f"#{entry.seq} " + " ".join(public))
    return lines


def read_log(service: TableService, channel_id: int) -> tuple[GameRow, list[str]]:
    """The channel's game (running or the latest finished) and its public log."""
    row = latest_game(service, channel_id)
    return row, public_log(service, row)


@dataclass(frozen=True)
class Export:
    """The file and what to say with it."""

    data: dict[str, Any]
    note: str

    @property
    def redacted(self) -> bool:
        return bool(self.data.get("redacted"))


def export_table(service: TableService, channel_id: int, is_manager: bool) -> Export:
    """The export a player may have: redacted while the game runs unless ``is_manager``."""
    row = latest_game(service, channel_id)
    full = service.store.export_game(row.id)
    if row.status != "active":
        return Export(full, "The whole game: seed, options, seats and every move.")
    if is_manager:
        return Export(
            full,
            "⚠️ The game is still running and this file holds its seed and every move: "
            "anyone who has it can see every hand. Keep it to yourself until the game ends.",
        )
    return Export(redacted_export(service, row, full), REDACTED_NOTE)


def redacted_export(service: TableService, row: GameRow, full: dict[str, Any]) -> dict[str, Any]:
    _, view = service.public_view(row.channel_id)
    return {
        "format": full["format"],
        "redacted": True,
        "note": REDACTED_NOTE,
        "game": full["game"],
        "seats": full["seats"],
        "options": full["options"],
        "log": public_log(service, row),
        "board": view.text,
        "meta": full["meta"],
    }


def replay_text(data: dict[str, Any], upto: int | None, seat: int | None) -> str:
    """What ``gm replay`` prints: the view after ``upto`` moves of a full export; for a
    redacted one, what it holds and what it cannot show."""
    if data.get("redacted"):
        lines = [REDACTED_NOTE]
        if upto is not None or seat is not None:
            lines.append(
                "So --to and --seat cannot be shown from it; here is the latest public board."
            )
        lines += ["", str(data.get("board", "")), "", "Public log:", *map(str, data.get("log", []))]
        return "\n".join(lines)
    record = GameRecord.from_json(data)
    check_seat(record, seat)
    engine = registry.get(record.game)
    state = replay_record(engine, record, upto)
    return engine.view(state, seat).text


def check_seat(record: GameRecord, seat: int | None) -> None:
    """A sentence for a seat the game does not have (seats are numbered from 0)."""
    ids = [s.id for s in record.seats]
    if seat is not None and seat not in ids:
        raise GameError(
            f"This game has no seat {seat}; its seats are "
            + ", ".join(f"{s.id} ({s.name})" for s in record.seats)
            + "."
        )


@dataclass(frozen=True)
class PastGame:
    """A finished game of the channel as ``/game history`` lists it: when it ended, what was
    played, how it ended in words, and its whole file."""

    game_id: int
    title: str
    ended_at: float
    verdict: str
    export: dict[str, Any]

    @property
    def file_name(self) -> str:
        return f"game-{self.game_id}-{self.export['game']}.json"


def past_games(
    service: TableService, channel_id: int, limit: int = HISTORY_LIMIT
) -> list[PastGame]:
    """The channel's finished games, newest first, each with its export (a game over keeps no
    secret, so the whole file)."""
    games = []
    for row in service.store.finished_games(channel_id, limit):
        outcome = stored_outcome(row)
        names = {s.id: s.name for s in row.seats}
        verdict = Result.of(outcome, names).verdict if outcome else "Closed before the end."
        title = registry.get(row.game).title
        export = service.store.export_game(row.id)
        games.append(PastGame(row.id, title, row.updated_at, verdict, export))
    if not games:
        raise NoGameHere("No game has finished in this channel yet.")
    return games
