"""The ``games`` table: opening a table in a channel, finding it again, lobby changes."""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping, Sequence
from typing import Any

from sqlite_utils import Database

from bot.store.base import StoreBase
from bot.store.errors import GameClosed, NoSuchGame, StaleSequence, TableBusy
from bot.store.outbox import owe
from bot.store.records import OPEN_STATUSES, STATUSES, GameRow, SeatRecord, TableRecord, encode

# Columns ``update_game`` may change, and whether each holds a JSON document.
UPDATABLE = {
    "seats": True,
    "options": True,
    "settings": True,
    "state": True,
    "result": True,
    "status": False,
    "seed": False,
    "board_message_id": False,
}

STALE_MESSAGE = (
    "The board moved on before your move arrived; nothing was changed. Look at the latest board."
)

_OPEN = "status IN ('lobby', 'active')"


def check_status(status: str) -> None:
    if status not in STATUSES:
        raise ValueError(f"unknown game status {status!r}; expected one of {STATUSES}")


class GameTables(StoreBase):
    def create_game(
        self,
        *,
        channel_id: int,
        guild_id: int | None,
        game: str,
        seed: int,
        options: Mapping[str, Any],
        seats: Sequence[SeatRecord],
        state: Mapping[str, Any],
        created_by: int,
        now: float,
        status: str = "lobby",
        settings: TableRecord | None = None,
    ) -> GameRow:
        """Open a table in ``channel_id``; raises ``TableBusy`` if one is already open."""
        with self._write() as db:
            return self._insert_game(
                db,
                channel_id=channel_id,
                guild_id=guild_id,
                game=game,
                seed=seed,
                options=options,
                seats=seats,
                state=state,
                created_by=created_by,
                now=now,
                status=status,
                settings=settings or TableRecord(),
            )

    def _insert_game(
        self,
        db: Database,
        *,
        channel_id: int,
        guild_id: int | None,
        game: str,
        seed: int,
        options: Mapping[str, Any],
        seats: Sequence[SeatRecord],
        state: Mapping[str, Any],
        created_by: int,
        now: float,
        status: str,
        settings: TableRecord,
        seq: int = 0,
    ) -> GameRow:
        """Insert a game row whose log already holds ``seq`` standing actions, and its
        checkpoint at that position. Runs inside the caller's write transaction."""
        check_status(status)
        if status in OPEN_STATUSES:
            self._refuse_second_open(db, channel_id)
        row = db.execute(
            """INSERT INTO games (channel_id, guild_id, game, status, seed, options, seats,
                   settings, seq, effective, state, created_by, created_at, updated_at)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *""",
            (
                channel_id,
                guild_id,
                game,
                status,
                seed,
                encode(options),
                encode(list(seats)),
                encode(settings),
                seq,
                seq,
                encode(state),
                created_by,
                now,
                now,
            ),
        ).fetchone()
        put_snapshot(db, row["id"], n=seq, seq=seq, state=row["state"])
        return GameRow.from_row(row)

    @staticmethod
    def _game(db: Database, game_id: int) -> sqlite3.Row:
        row: sqlite3.Row | None = db.execute(
            "SELECT * FROM games WHERE id = ?", (game_id,)
        ).fetchone()
        if row is None:
            raise NoSuchGame(f"There is no game number {game_id}.")
        return row

    @staticmethod
    def _refuse_second_open(db: Database, channel_id: int, except_id: int | None = None) -> None:
        other = db.execute(
            f"SELECT id, game FROM games WHERE channel_id = ? AND {_OPEN}", (channel_id,)
        ).fetchone()
        if other is not None and other["id"] != except_id:
            raise TableBusy(other["game"])

    def open_game(self, channel_id: int) -> GameRow | None:
        """The channel's lobby or running game, if any."""
        with self._read() as db:
            row = db.execute(
                f"SELECT * FROM games WHERE channel_id = ? AND {_OPEN}", (channel_id,)
            ).fetchone()
        return None if row is None else GameRow.from_row(row)

    def get_game(self, game_id: int) -> GameRow:
        with self._read() as db:
            return GameRow.from_row(self._game(db, game_id))

    def update_game(
        self,
        game_id: int,
        *,
        expected_seq: int,
        now: float,
        post: Mapping[str, Any] | None = None,
        **fields: Any,
    ) -> GameRow:
        """Change table columns (lobby seats, options, settings, status, seed, state, result,
        board message) if the log is still at ``expected_seq``. A new ``state`` replaces the
        checkpoint at the current position, so rewinding finds it. With ``post``, the board
        post the change owes goes into the outbox in the same transaction (a concession that
        ends the game; ``bot.store.outbox``)."""
        unknown = fields.keys() - UPDATABLE.keys()
        if unknown:
            raise TypeError(f"update_game cannot change {sorted(unknown)}")
        if "status" in fields:
            check_status(fields["status"])
        with self._write() as db:
            game = self._game(db, game_id)
            check_seq(game, expected_seq)
            if fields.get("status") in OPEN_STATUSES:
                self._refuse_second_open(db, game["channel_id"], except_id=game_id)
            values = {
                name: encode(_plain_seq(value)) if UPDATABLE[name] else value
                for name, value in fields.items()
            }
            assignments = "".join(f"{name} = :{name}, " for name in values)
            row = db.execute(
                f"UPDATE games SET {assignments}updated_at = :now WHERE id = :id RETURNING *",
                {**values, "now": now, "id": game_id},
            ).fetchone()
            if "state" in fields:
                put_snapshot(db, game_id, n=row["effective"], seq=row["seq"], state=row["state"])
            if post is not None:
                owe(
                    db,
                    game_id=game_id,
                    channel_id=game["channel_id"],
                    seq=row["seq"],
                    payload=post,
                    now=now,
                )
        return GameRow.from_row(row)

    def open_games(self, guild_id: int | None = None, user_id: int | None = None) -> list[GameRow]:
        """Every lobby and running game, optionally only in one guild or only those where
        ``user_id`` holds a seat (for "/game mine" and the scheduler)."""
        ids = f"SELECT id FROM games WHERE {_OPEN}"
        params: tuple[int, ...] = ()
        if guild_id is not None:
            ids += " AND guild_id = ?"
            params = (guild_id,)
        # Ids first, then rows in rowid order: sorting whole rows would copy every state
        # through a temporary b-tree (2.5x slower with 900 open games).
        query = f"SELECT * FROM games WHERE id IN ({ids}) ORDER BY id"
        with self._read() as db:
            rows = [GameRow.from_row(r) for r in db.execute(query, params)]
        if user_id is None:
            return rows
        return [r for r in rows if r.seat_of(user_id) is not None]

    def finished_games(self, channel_id: int, limit: int = 10) -> list[GameRow]:
        """The channel's finished and ended games, newest first."""
        with self._read() as db:
            rows = db.execute(
                f"""SELECT * FROM games WHERE channel_id = ? AND NOT {_OPEN}
                    ORDER BY id DESC LIMIT ?""",
                (channel_id, limit),
            ).fetchall()
        return [GameRow.from_row(r) for r in rows]


def _plain_seq(value: Any) -> Any:
    """Seats arrive as a tuple or list of records; JSON writes both as a list."""
    return list(value) if isinstance(value, tuple) else value


def check_seq(game: sqlite3.Row, expected_seq: int) -> None:
    if game["seq"] != expected_seq:
        raise StaleSequence(STALE_MESSAGE)


def check_playable(game: sqlite3.Row, expected_seq: int) -> None:
    """Moves and undos need a game that is still open and a current sequence number."""
    if game["status"] not in OPEN_STATUSES:
        raise GameClosed("This game is already over, so no more moves can be made.")
    check_seq(game, expected_seq)


def put_snapshot(db: Database, game_id: int, *, n: int, seq: int, state: str) -> None:
    """Store the (already encoded) state after ``n`` effective actions."""
    db.execute(
        """INSERT INTO snapshots (game_id, n, seq, state) VALUES (?, ?, ?, ?)
           ON CONFLICT (game_id, n) DO UPDATE SET seq = excluded.seq, state = excluded.state""",
        (game_id, n, seq, state),
    )
