"""The store as the table service sees it (docs/architecture.md "Storage").

``GameStore`` is the one interface both stores satisfy: ``bot.store.sqlite.Store`` (one
SQLite file, the default) and ``bot.store.postgres.PostgresStore`` (a PostgreSQL server
shared by several bot processes). ``bot.tables`` is typed against it alone.

Every write is guarded by the store, never by a lock in the caller's process: a move
commits only if the game's ``seq`` is still the ``expected_seq`` the caller read
(``StaleSequence`` otherwise), and ``mark_fired`` claims a reminder for exactly one caller.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from contextlib import AbstractContextManager
from typing import Any, Protocol

from bot.store.base import PostBox
from bot.store.records import GameRow, LogEntry, LogRow, Reminder, SeatRecord, TableRecord
from bot.store.standings import Rating, Result


class GameStore(PostBox, Protocol):
    """Every store method the bot uses; the outbox's come from ``PostBox``."""

    # ------------------------------------------------------------------ games
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
    ) -> GameRow: ...

    def open_game(self, channel_id: int) -> GameRow | None: ...

    def get_game(self, game_id: int) -> GameRow: ...

    def update_game(
        self,
        game_id: int,
        *,
        expected_seq: int,
        now: float,
        post: Mapping[str, Any] | None = None,
        **fields: Any,
    ) -> GameRow: ...

    def open_games(
        self, guild_id: int | None = None, user_id: int | None = None
    ) -> list[GameRow]: ...

    def finished_games(self, channel_id: int, limit: int = 10) -> list[GameRow]: ...

    # ------------------------------------------------------------------ the log
    def append(
        self,
        game_id: int,
        *,
        expected_seq: int,
        entries: Sequence[LogEntry],
        state: Mapping[str, Any],
        now: float,
        status: str | None = None,
        result: Mapping[str, Any] | None = None,
        post: Mapping[str, Any] | None = None,
    ) -> GameRow: ...

    def undo(
        self,
        game_id: int,
        *,
        expected_seq: int,
        undone_seq: int,
        state: Mapping[str, Any],
        user_id: int | None,
        now: float,
        post: Mapping[str, Any] | None = None,
    ) -> GameRow: ...

    def effective_actions(self, game_id: int, after: int = 0) -> list[LogRow]: ...

    def log(self, game_id: int, limit: int = 20) -> list[LogRow]: ...

    def checkpoint(self, game_id: int, upto: int) -> tuple[int, dict[str, Any]]: ...

    def export_game(self, game_id: int) -> dict[str, Any]: ...

    def import_game(
        self,
        data: Mapping[str, Any],
        *,
        channel_id: int,
        guild_id: int | None,
        created_by: int,
        state: Mapping[str, Any],
        now: float,
        initial_state: Mapping[str, Any] | None = None,
    ) -> GameRow: ...

    # ------------------------------------------------------------------ reminders
    def add_reminder(
        self,
        *,
        game_id: int,
        channel_id: int,
        user_id: int | None,
        kind: str,
        due_at: float,
        payload: Mapping[str, Any],
    ) -> int: ...

    def next_due(self) -> Reminder | None: ...

    def due(self, now: float, limit: int = 100) -> list[Reminder]: ...

    def mark_fired(self, reminder_id: int, now: float) -> bool: ...

    def release_fired(self, reminder_id: int, fired_at: float) -> bool: ...

    def prune_fired(self, before: float) -> int: ...

    def reminders_for(self, game_id: int, kind: str | None = None) -> list[Reminder]: ...

    def cancel_reminders(
        self, game_id: int, kind: str | None = None, user_id: int | None = None
    ) -> int: ...

    # ------------------------------------------------------------------ users
    def get_user(self, user_id: int, key: str, default: Any = None) -> Any: ...

    def set_user(self, user_id: int, key: str, value: Any, now: float) -> None: ...

    def atomic(self) -> AbstractContextManager[object]: ...

    # ------------------------------------------------------------------ standings
    def ratings(
        self, guild_id: int, game: str, participants: Sequence[str]
    ) -> dict[str, Rating]: ...

    def record_results(self, results: Sequence[Result], now: float) -> bool: ...

    def game_results(self, game_id: int) -> list[Result]: ...

    def results_of(self, guild_id: int, participant: str, limit: int = 5) -> list[Result]: ...

    def record_of(self, guild_id: int, participant: str) -> tuple[int, int]: ...

    def ratings_of(self, guild_id: int, participant: str) -> list[Rating]: ...

    def leaderboard(self, guild_id: int, game: str, limit: int = 10) -> list[Rating]: ...

    def close(self) -> None: ...
