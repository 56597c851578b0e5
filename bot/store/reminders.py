"""Reminders and deadlines the scheduler fires: who to nudge, when, and whether it went out.

``next_due`` is one seek on the ``(fired_at, due_at)`` index; ``mark_fired`` is a
compare-and-set, so with two bot processes a reminder still goes out once. The scheduler's
own queries stay plain SQL: sqlite-utils' table methods read the schema on every call, which
halved the firing rate and put ``next_due``'s p99 over its 2 ms budget
(``bench/scheduler_bench.py --tables 500 --fire 200``: 250-280 against 470-520 items/s).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.store.base import StoreBase
from bot.store.records import Reminder, encode


class Reminders(StoreBase):
    def add_reminder(
        self,
        *,
        game_id: int,
        channel_id: int,
        user_id: int | None,
        kind: str,
        due_at: float,
        payload: Mapping[str, Any],
    ) -> int:
        with self._write() as db:
            row = db.execute(
                """INSERT INTO reminders (game_id, channel_id, user_id, kind, due_at, payload)
                   VALUES (?, ?, ?, ?, ?, ?) RETURNING id""",
                (game_id, channel_id, user_id, kind, due_at, encode(payload)),
            ).fetchone()
        reminder_id: int = row["id"]
        return reminder_id

    def next_due(self) -> Reminder | None:
        """The earliest reminder not yet fired, due or not (the scheduler sleeps until it)."""
        with self._read() as db:
            row = db.execute(
                "SELECT * FROM reminders WHERE fired_at IS NULL ORDER BY due_at, id LIMIT 1"
            ).fetchone()
        return None if row is None else Reminder.from_row(row)

    def due(self, now: float, limit: int = 100) -> list[Reminder]:
        """Unfired reminders due at or before ``now``, earliest first."""
        with self._read() as db:
            rows = db.execute(
                """SELECT * FROM reminders WHERE fired_at IS NULL AND due_at <= ?
                   ORDER BY due_at, id LIMIT ?""",
                (now, limit),
            ).fetchall()
        return [Reminder.from_row(r) for r in rows]

    def mark_fired(self, reminder_id: int, now: float) -> bool:
        """Claim a reminder; True only for the first caller, so it is sent once."""
        with self._write() as db:
            cursor = db.execute(
                "UPDATE reminders SET fired_at = ? WHERE id = ? AND fired_at IS NULL",
                (now, reminder_id),
            )
        return cursor.rowcount == 1

    def release_fired(self, reminder_id: int, fired_at: float) -> bool:
        """Hand back a claim made at ``fired_at`` whose item could not be handled, so it
        fires again; True if it was still that claim."""
        with self._write() as db:
            cursor = db.execute(
                "UPDATE reminders SET fired_at = NULL WHERE id = ? AND fired_at = ?",
                (reminder_id, fired_at),
            )
        return cursor.rowcount == 1

    def prune_fired(self, before: float) -> int:
        """Delete reminders that fired before ``before``; return how many. A fired row is
        only needed to refuse firing it twice, which a day's margin covers."""
        with self._write() as db:
            return db.execute(
                "DELETE FROM reminders WHERE fired_at IS NOT NULL AND fired_at < ?", [before]
            ).rowcount

    def reminders_for(self, game_id: int, kind: str | None = None) -> list[Reminder]:
        """A game's unfired reminders, earliest first (optionally of one kind)."""
        where = "game_id = ? AND fired_at IS NULL"
        params: list[Any] = [game_id]
        if kind is not None:
            where += " AND kind = ?"
            params.append(kind)
        with self._read() as db:
            rows = db.execute(
                f"SELECT * FROM reminders WHERE {where} ORDER BY due_at, id", params
            ).fetchall()
        return [Reminder.from_row(r) for r in rows]

    def cancel_reminders(
        self, game_id: int, kind: str | None = None, user_id: int | None = None
    ) -> int:
        """Delete a game's unfired reminders, narrowed by kind and user; return how many."""
        query = "DELETE FROM reminders WHERE game_id = ? AND fired_at IS NULL"
        params: list[Any] = [game_id]
        if kind is not None:
            query += " AND kind = ?"
            params.append(kind)
        if user_id is not None:
            query += " AND user_id = ?"
            params.append(user_id)
        with self._write() as db:
            return db.execute(query, params).rowcount
