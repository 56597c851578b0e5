"""Per-user records: what belongs to a player rather than a channel (Arcadia chronicle
characters, notification preferences, away status), one JSON value per ``(user, key)``."""

from __future__ import annotations

from contextlib import AbstractContextManager
from typing import Any

from bot.store.base import StoreBase
from bot.store.records import decode, encode


class UserRecords(StoreBase):
    def atomic(self) -> AbstractContextManager[object]:
        """One write transaction that every store call of this thread inside it joins: a
        chronicle character and the end of its build, or a game's last move and the XP its
        characters earn (Arcadia §13.1), are stored together or not at all."""
        return self._write()

    def get_user(self, user_id: int, key: str, default: Any = None) -> Any:
        with self._read() as db:
            row = db.execute(
                "SELECT value FROM user_records WHERE user_id = ? AND key = ?", (user_id, key)
            ).fetchone()
        if row is None:
            return default
        return decode(row["value"], f"Your saved {key!r} record", object, "please report it")

    def set_user(self, user_id: int, key: str, value: Any, now: float) -> None:
        with self._write() as db:
            db.execute(
                """INSERT INTO user_records (user_id, key, value, updated_at) VALUES (?, ?, ?, ?)
                   ON CONFLICT (user_id, key)
                   DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at""",
                (user_id, key, encode(value), now),
            )
