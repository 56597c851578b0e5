"""Per-user records: what belongs to a player rather than a channel (Arcadia chronicle
characters, notification preferences, away status), one JSON value per ``(user, key)``."""

from __future__ import annotations

from typing import Any

from bot.store.base import StoreBase
from bot.store.records import decode, encode


class UserRecords(StoreBase):
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
