"""The outbox (issue 16): board posts a change owes its channel, kept until delivered.

``GameLog.append`` writes a move and the post it owes in one transaction (``owe`` below); the
Discord sender reads ``pending_posts``, and after a try marks them ``posts_sent`` or
``posts_failed`` (with the time of the next try). Posts are never deleted, so an operator can
see what was late and why.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sqlite_utils import Database

from bot.store.base import StoreBase
from bot.store.records import Post, encode


def owe(
    db: Database,
    *,
    game_id: int,
    channel_id: int,
    seq: int,
    payload: Mapping[str, Any],
    now: float,
) -> int:
    """Inside the caller's transaction: record the post owed for ``seq``."""
    row = db.execute(
        """INSERT INTO outbox (game_id, channel_id, seq, payload, created_at, next_at)
           VALUES (?, ?, ?, ?, ?, ?) RETURNING id""",
        (game_id, channel_id, seq, encode(payload), now, now),
    ).fetchone()
    post_id: int = row["id"]
    return post_id


class Outbox(StoreBase):
    def owe_post(
        self, *, game_id: int, channel_id: int, seq: int, payload: Mapping[str, Any], now: float
    ) -> int:
        """Record a post owed for a change that wrote no log row (a board asked for again,
        a game started or imported)."""
        with self._write() as db:
            return owe(
                db, game_id=game_id, channel_id=channel_id, seq=seq, payload=payload, now=now
            )

    def pending_posts(self, game_id: int | None = None) -> list[Post]:
        """Undelivered posts, oldest first: of one game, or of every game."""
        query = "SELECT * FROM outbox WHERE sent_at IS NULL"
        params: tuple[int, ...] = ()
        if game_id is not None:
            query += " AND game_id = ?"
            params = (game_id,)
        with self._read() as db:
            rows = db.execute(query + " ORDER BY id", params).fetchall()
        return [Post.from_row(r) for r in rows]

    def board_posts(self, game_id: int, message_id: int) -> list[Post]:
        """The posts already shown on board message ``message_id``, oldest first: the turn
        so far, when that board is edited in place."""
        with self._read() as db:
            rows = db.execute(
                "SELECT * FROM outbox WHERE game_id = ? AND message_id = ? ORDER BY id",
                (game_id, message_id),
            ).fetchall()
        return [Post.from_row(r) for r in rows]

    def next_post_due(self) -> float | None:
        """When the earliest undelivered post is next to be tried, if any is pending."""
        with self._read() as db:
            row = db.execute(
                "SELECT min(next_at) AS due FROM outbox WHERE sent_at IS NULL"
            ).fetchone()
        due: float | None = row["due"]
        return due

    def posts_sent(self, ids: Sequence[int], *, message_id: int | None, now: float) -> None:
        with self._write() as db:
            db.conn.executemany(
                "UPDATE outbox SET sent_at = ?, message_id = ? WHERE id = ? AND sent_at IS NULL",
                [(now, message_id, i) for i in ids],
            )

    def posts_failed(self, ids: Sequence[int], *, next_at: float, error: str) -> None:
        with self._write() as db:
            db.conn.executemany(
                """UPDATE outbox SET attempts = attempts + 1, next_at = ?, error = ?
                   WHERE id = ? AND sent_at IS NULL""",
                [(next_at, error[:500], i) for i in ids],
            )
