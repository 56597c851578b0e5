"""The connection every part of the SQLite store shares: pragmas, migration, transactions.

One ``sqlite3`` connection per ``Store`` in autocommit mode (``isolation_level=None``), so
every transaction is an explicit ``BEGIN``. The bot calls the store from worker threads, so
a re-entrant lock serialises use of the connection; other processes are kept out by SQLite's
own locks (``BEGIN IMMEDIATE`` waits up to the busy timeout).

A database that cannot be used just now (locked past the busy timeout, a full disk, an I/O
error) raises a ``StoreFault`` with a sentence for the player, after the transaction rolled
back: a change is stored whole or not at all, and the next call simply tries again.
"""

from __future__ import annotations

import os
import sqlite3
import threading
from collections.abc import Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any, Protocol, Self

from sqlite_utils import Database

from bot.store.errors import StoreBusy, StoreFault, StoreFull, StoreUnavailable
from bot.store.presence import Presence
from bot.store.schema import migrate

if TYPE_CHECKING:
    from bot.store.records import Post

BUSY_TIMEOUT_MS = 5000

# SQLite's primary result codes for a database that cannot be used just now, and the fault
# each becomes. Whatever the statement, the transaction is rolled back (SQLite rolls back
# by itself after a full disk or an I/O error), so nothing of the change is stored.
_FAULTS: dict[int, type[StoreFault]] = {
    sqlite3.SQLITE_BUSY: StoreBusy,
    sqlite3.SQLITE_LOCKED: StoreBusy,
    sqlite3.SQLITE_FULL: StoreFull,
    sqlite3.SQLITE_IOERR: StoreUnavailable,
    sqlite3.SQLITE_CANTOPEN: StoreUnavailable,
    sqlite3.SQLITE_READONLY: StoreUnavailable,
    sqlite3.SQLITE_PROTOCOL: StoreUnavailable,
}


def sqlite_fault(exc: sqlite3.Error) -> StoreFault | None:
    """The fault a player is told about for ``exc``, or None for an error of the bot's own
    (a constraint, a syntax error), which stays as it is."""
    code = getattr(exc, "sqlite_errorcode", None)
    fault = None if code is None else _FAULTS.get(code & 0xFF)
    return None if fault is None else fault()


class PostBox(Protocol):
    """The outbox as the table service and the Discord sender use it (issue 16). Any store
    provides it: ``append(..., post=...)`` owes a post in the move's own transaction, and
    these methods hand posts out and record how each try went."""

    def owe_post(
        self, *, game_id: int, channel_id: int, seq: int, payload: Mapping[str, Any], now: float
    ) -> int: ...

    def pending_posts(self, game_id: int | None = None) -> list[Post]: ...

    def board_posts(self, game_id: int, message_id: int) -> list[Post]: ...

    def next_post_due(self) -> float | None: ...

    def posts_sent(self, ids: Sequence[int], *, message_id: int | None, now: float) -> None: ...

    def posts_failed(self, ids: Sequence[int], *, next_at: float, error: str) -> None: ...


class StoreBase:
    def __init__(
        self, path: str | os.PathLike[str], *, busy_timeout_ms: int = BUSY_TIMEOUT_MS
    ) -> None:
        target = os.fspath(path)
        # Held while the store is open, so gm restore refuses to replace the file under us.
        self._presence: Presence | None = None
        if target != ":memory:":
            Path(target).parent.mkdir(parents=True, exist_ok=True)
            self._presence = Presence(target)
        conn = sqlite3.connect(
            target,
            isolation_level=None,
            check_same_thread=False,
            timeout=busy_timeout_ms / 1000,  # this is PRAGMA busy_timeout
        )
        conn.row_factory = sqlite3.Row
        conn.execute("PRAGMA journal_mode = WAL")
        # NORMAL in WAL mode: a power cut may lose the last commits, never corrupt the file.
        conn.execute("PRAGMA synchronous = NORMAL")
        conn.execute("PRAGMA foreign_keys = ON")
        self._db = Database(conn, execute_plugins=False)
        self._lock = threading.RLock()
        migrate(self._db)

    @property
    def db(self) -> Database:
        """The sqlite-utils handle, for maintenance scripts and tests."""
        return self._db

    def close(self) -> None:
        with self._lock:
            self._db.close()
        if self._presence is not None:
            self._presence.release()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    @contextmanager
    def _transaction(self, begin: str) -> Iterator[Database]:
        with self._lock:
            if self._db.conn.in_transaction:
                # Nested inside a transaction this thread holds (the lock says so): join it.
                yield self._db
                return
            try:
                self._db.execute(begin)
                try:
                    yield self._db
                    self._db.execute("COMMIT")
                except BaseException:
                    if self._db.conn.in_transaction:
                        self._db.execute("ROLLBACK")
                    raise
            except sqlite3.Error as exc:
                fault = sqlite_fault(exc)
                if fault is None:
                    raise
                raise fault from exc

    def _write(self) -> AbstractContextManager[Database]:
        """One ``BEGIN IMMEDIATE`` transaction: the write lock is taken up front, so the
        sequence check and the writes that follow it cannot interleave with another writer."""
        return self._transaction("BEGIN IMMEDIATE")

    def _read(self) -> AbstractContextManager[Database]:
        """A read transaction: every query inside sees the same committed snapshot."""
        return self._transaction("BEGIN")
