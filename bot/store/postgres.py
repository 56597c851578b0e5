"""``PostgresStore``: the game store on a PostgreSQL server that several bot processes share
(issue "When a bot outgrows one machine"; docs/architecture.md "Storage").

The games, log, checkpoint, reminder and user queries are the SQLite store's own
(``bot.store.games``, ``log``, ``exchange``, ``reminders``, ``users``): this class only swaps
the connection underneath. A transaction borrows a connection from a ``psycopg_pool`` pool
and hands the shared code a ``Session`` that speaks the same dialect (``?`` and ``:name``
placeholders, ``execute``, ``conn.executemany``, rows read by column name).

Where SQLite's ``BEGIN IMMEDIATE`` serialises every writer, PostgreSQL lets writers run side
by side, so the guards are row locks:

- a write reads its game with ``SELECT … FOR UPDATE``: of two writers holding the same
  ``seq``, the second waits for the first to commit, then reads the new ``seq`` and gets
  ``StaleSequence``; a move is never applied twice;
- opening a table takes a transaction-scoped advisory lock on the channel, so two
  processes cannot both open a game in one channel (``TableBusy`` for the second);
- ``mark_fired`` is the same compare-and-set ``UPDATE … WHERE fired_at IS NULL``: the
  second claimer waits on the row lock, re-checks, and updates nothing.

A read is one statement in autocommit (a snapshot by itself, and no ``BEGIN``/``COMMIT``
round trips); reads that must agree (``export_game``) share one ``REPEATABLE READ``
transaction. Writes run in pipeline mode, so statements whose results nobody reads travel
with the next one. A lock held longer than ``LOCK_TIMEOUT_MS`` gives ``StoreBusy``, as
SQLite's busy timeout does. The placeholder translation assumes what the shared queries
hold: no ``?`` or ``:word`` inside string literals.

A server that restarts or drops connections (docs/architecture.md "Storage faults"): a
transaction whose connection fails rolls back on the server, and the caller gets
``StoreUnavailable`` (``StoreFull`` for a full disk), a sentence for the player. A
transaction never starts on a connection the server closed while it idled in the pool
(``_alive`` reads what the server sent meanwhile, without a round trip), so a restart
between two moves goes unnoticed; while the server is down a transaction waits at most
``POOL_TIMEOUT`` for a connection, and the bot carries on by itself once it is back.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager
from functools import lru_cache
from typing import Any

import psycopg
from psycopg.pq import ConnStatus
from psycopg.rows import DictRow, dict_row, tuple_row
from psycopg_pool import ConnectionPool

from bot.store.errors import (
    NoSuchGame,
    StoreBusy,
    StoreFault,
    StoreFull,
    StoreUnavailable,
    TableBusy,
)
from bot.store.pg_schema import pg_migrate
from bot.store.sqlite import Store

LOCK_TIMEOUT_MS = 5000
POOL_SIZE = 8
# How long a transaction waits for a connection while the server cannot be reached (the
# pool keeps reconnecting meanwhile) before the caller is told to try again.
POOL_TIMEOUT = 5.0

_NAMED = re.compile(r"(?<![:\w]):([a-z_]+)")

_COUNTED = re.compile(r"\s*(UPDATE|DELETE)\b", re.IGNORECASE)
_SNAPSHOT = "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"

_BUSY: tuple[type[psycopg.Error], ...] = (
    psycopg.errors.LockNotAvailable,
    psycopg.errors.QueryCanceled,
    psycopg.errors.DeadlockDetected,
    psycopg.errors.SerializationFailure,
)


def pg_fault(exc: psycopg.Error) -> StoreFault | None:
    """The fault a player is told about for ``exc``, or None for an error of the bot's own
    (a constraint, a syntax error), which stays as it is."""
    if isinstance(exc, _BUSY):
        return StoreBusy()
    if isinstance(exc, psycopg.errors.DiskFull):
        return StoreFull()
    # OperationalError: the connection failed, the server shut down or restarted, no
    # connection within POOL_TIMEOUT (PoolTimeout); InterfaceError: a closed connection.
    if isinstance(exc, psycopg.OperationalError | psycopg.InterfaceError):
        return StoreUnavailable()
    return None


def _alive(conn: psycopg.Connection[Any]) -> bool:
    """Whether an idle pooled connection still has its server. One that restarted or ended
    the session sent its farewell and closed the socket while the connection sat in the
    pool: reading that input (no round trip) fails and marks the connection broken, so the
    pool drops it when it comes back."""
    try:
        for _ in range(2):  # the first read may take only the farewell; the second, the end
            conn.pgconn.consume_input()
    except psycopg.OperationalError:
        return False
    return conn.pgconn.status == ConnStatus.OK


@lru_cache(maxsize=256)
def to_pg(sql: str) -> str:
    """The shared SQL with psycopg's placeholders: ``?`` -> ``%s``, ``:name`` -> ``%(name)s``,
    and a literal ``%`` (modulo) doubled."""
    return _NAMED.sub(r"%(\1)s", sql.replace("%", "%%").replace("?", "%s"))


class Session:
    """One transaction on one pooled connection, in the dialect the shared queries use."""

    def __init__(self, conn: psycopg.Connection[DictRow], *, writing: bool) -> None:
        self._conn = conn
        self.writing = writing
        self.pipeline: psycopg.Pipeline | None = None

    @property
    def conn(self) -> Session:
        return self

    def execute(
        self, sql: str, params: Sequence[Any] | Mapping[str, Any] = ()
    ) -> psycopg.Cursor[DictRow]:
        cursor = self._conn.execute(to_pg(sql), params)
        if self.pipeline is not None and _COUNTED.match(sql) and "RETURNING" not in sql:
            self.pipeline.sync()  # the caller reads rowcount, known only once the server ran it
        return cursor

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        with self._conn.cursor() as cursor:
            cursor.executemany(to_pg(sql), rows)


class Rows(list[tuple[Any, ...]]):
    """A statement's rows, read like a DB-API cursor's."""

    def fetchone(self) -> tuple[Any, ...] | None:
        return self[0] if self else None

    def fetchall(self) -> list[tuple[Any, ...]]:
        return list(self)


class RawSql:
    """One autocommitted statement per call, in the shared dialect, rows as tuples."""

    def __init__(self, pool: ConnectionPool[psycopg.Connection[DictRow]]) -> None:
        self._pool = pool

    def execute(self, sql: str, params: Sequence[Any] | Mapping[str, Any] = ()) -> Rows:
        with self._pool.connection() as conn, conn.cursor(row_factory=tuple_row) as cursor:
            cursor.execute(to_pg(sql), params)
            return Rows(cursor.fetchall() if cursor.description is not None else [])


class PostgresStore(Store):
    """The store on PostgreSQL; thread-safe (one pooled connection per transaction)."""

    def __init__(  # the SQLite connection set-up is replaced, not extended
        self,
        url: str,
        *,
        pool_size: int = POOL_SIZE,
        lock_timeout_ms: int = LOCK_TIMEOUT_MS,
        pool_timeout: float = POOL_TIMEOUT,
    ) -> None:
        self.url = url
        self._pool: ConnectionPool[psycopg.Connection[DictRow]] = ConnectionPool(
            url,
            connection_class=psycopg.Connection[DictRow],
            min_size=1,
            max_size=pool_size,
            timeout=pool_timeout,
            kwargs={
                "autocommit": True,
                "row_factory": dict_row,
                "options": f"-c lock_timeout={lock_timeout_ms}",
            },
            open=True,
        )
        self._pool_size = pool_size
        self._local = threading.local()
        with self._pool.connection() as conn:
            self.migrated_from = pg_migrate(conn)

    @property
    def db(self) -> Any:  # Any: stands where the SQLite store's sqlite-utils handle does
        """A ``RawSql``: statements outside any transaction, rows as tuples, for maintenance
        scripts and tests, as the SQLite store's ``db``."""
        return RawSql(self._pool)

    def close(self) -> None:
        self._pool.close()

    @contextmanager
    def _transaction(self, begin: str) -> Iterator[Any]:
        """``begin`` as the shared code passes it: "BEGIN IMMEDIATE" for a write, "BEGIN"
        for a read; ``_snapshot`` passes its own."""
        current: Session | None = getattr(self._local, "session", None)
        if current is not None:
            if begin == "BEGIN IMMEDIATE" and not current.writing:
                raise RuntimeError("a write cannot join a read: open the write first")
            # Nested inside a transaction this thread holds: join it.
            yield current
            return
        writing = begin == "BEGIN IMMEDIATE"
        try:
            with self._live_connection() as conn:
                session = Session(conn, writing=writing)
                self._local.session = session
                try:
                    if begin == "BEGIN":
                        # A read is one statement, a snapshot by itself: no BEGIN and COMMIT
                        # round trips (several reads that must agree use _snapshot).
                        yield session
                        return
                    # Pipeline mode: BEGIN travels with the first query, and statements
                    # whose results nobody reads (inserts, COMMIT) with the next one, so a
                    # move costs three round trips to the server instead of six.
                    with conn.pipeline() as session.pipeline:
                        conn.execute("BEGIN" if writing else begin)
                        try:
                            yield session
                            conn.execute("COMMIT")
                        except BaseException:
                            if not conn.broken:
                                conn.execute("ROLLBACK")
                            raise
                finally:
                    self._local.session = None
        except psycopg.Error as exc:
            fault = pg_fault(exc)
            if fault is None:
                raise
            raise fault from exc

    @contextmanager
    def _live_connection(self) -> Iterator[psycopg.Connection[DictRow]]:
        """A pooled connection whose server is still there: the ones a server restart
        closed while they idled are dropped on the way (each at most once)."""
        for _ in range(self._pool_size + 1):
            with self._pool.connection() as conn:
                if _alive(conn):
                    yield conn
                    return
        raise psycopg.OperationalError("no live connection to the server")

    def _snapshot(self) -> AbstractContextManager[Any]:
        """Several reads that must see one committed state."""
        return self._transaction(_SNAPSHOT)

    def export_game(self, game_id: int) -> dict[str, Any]:
        with self._snapshot():  # the game row and its log from one snapshot
            return super().export_game(game_id)

    @contextmanager
    def session(self, *, write: bool = False) -> Iterator[Session]:
        """A transaction for maintenance (``gm copy-db``) and tests."""
        with self._transaction("BEGIN IMMEDIATE" if write else _SNAPSHOT) as session:
            yield session

    @staticmethod
    def _game(db: Any, game_id: int) -> Any:
        # FOR UPDATE in a write: the row stays locked until commit, so the seq check that
        # follows cannot interleave with another process's write to the same game.
        lock = " FOR UPDATE" if db.writing else ""
        row = db.execute(f"SELECT * FROM games WHERE id = ?{lock}", (game_id,)).fetchone()
        if row is None:
            raise NoSuchGame(f"There is no game number {game_id}.")
        return row

    @staticmethod
    def _refuse_second_open(db: Any, channel_id: int, except_id: int | None = None) -> None:
        # Held until commit: a second opener in this channel waits, then sees the first.
        db.execute("SELECT pg_advisory_xact_lock(?)", (channel_id,))
        other = db.execute(
            "SELECT id, game FROM games WHERE channel_id = ? AND status IN ('lobby', 'active')",
            (channel_id,),
        ).fetchone()
        if other is not None and other["id"] != except_id:
            raise TableBusy(other["game"])
