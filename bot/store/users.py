"""Per-user records: what belongs to a player rather than a channel (Arcadia chronicle
characters, notification preferences, away status), one JSON value per ``(user, key)``."""

from __future__ import annotations

from typing import Any

from bot.store.base import StoreBase
from bot.store.records import decode, encode


class UserRecords(StoreBase):
    def get_user(self, user_id: int, key: str, default: Any = None) -> Any:
        with self._read() as db:
            rows = list(
                db.table("user_records").rows_where(
                    "user_id = ? AND key = ?", [user_id, key], select="value"
                )
            )
        if not rows:
            return default
        return decode(rows[0]["value"], f"Your saved {key!r} record", object, "please report it")

    def set_user(self, user_id: int, key: str, value: Any, now: float) -> None:
        record = {"user_id": user_id, "key": key, "value": encode(value), "updated_at": now}
        with self._write() as db:
            db.table("user_records").upsert(record, pk=("user_id", "key"))
