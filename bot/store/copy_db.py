"""``gm copy-db``: every table, game and user record from one store into another, SQLite to
PostgreSQL or back, verified by counts and checksums (issue "When a bot outgrows one
machine").

Rows are copied as stored (ids, sequence numbers and JSON text unchanged), in primary-key
order, in one transaction on the target, which must be empty: a copy never merges two
databases. After the copy, each table's row count and a SHA-256 over its rows in key order
must match on both sides; PostgreSQL's id sequences are moved past the copied ids.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from bot.store.sqlite import Store

# Table -> (columns, primary-key order), parents before children for the foreign keys.
TABLES: dict[str, tuple[tuple[str, ...], str]] = {
    "games": (
        (
            "id", "channel_id", "guild_id", "game", "status", "seed", "options", "seats",
            "settings", "seq", "effective", "state", "result", "board_message_id",
            "created_by", "created_at", "updated_at",
        ),
        "id",
    ),
    "actions": (
        (
            "game_id", "seq", "kind", "position", "undoes", "seat", "user_id", "action",
            "events", "at",
        ),
        "game_id, seq",
    ),
    "snapshots": (("game_id", "n", "seq", "state"), "game_id, n"),
    "reminders": (
        ("id", "game_id", "channel_id", "user_id", "kind", "due_at", "payload", "fired_at"),
        "id",
    ),
    "user_records": (("user_id", "key", "value", "updated_at"), "user_id, key"),
    "outbox": (
        (
            "id", "game_id", "channel_id", "seq", "payload", "created_at", "attempts",
            "next_at", "error", "sent_at", "message_id",
        ),
        "id",
    ),
    "ratings": (
        (
            "guild_id", "game", "participant", "name", "mu", "sigma", "games", "wins",
            "updated_at",
        ),
        "guild_id, game, participant",
    ),
    "results": (
        (
            "game_id", "participant", "guild_id", "game", "user_id", "name", "place", "won",
            "rated", "mu_before", "sigma_before", "mu_after", "sigma_after", "finished_at",
        ),
        "game_id, participant",
    ),
}  # fmt: skip

# Times: SQLite may hand back a REAL that holds a whole number as an int.
FLOATS = {
    "created_at", "updated_at", "at", "due_at", "fired_at", "next_at", "sent_at", "mu",
    "sigma", "mu_before", "sigma_before", "mu_after", "sigma_after", "finished_at",
}  # fmt: skip
# Tables whose ids come from a sequence on PostgreSQL.
IDENTITIES = ("games", "reminders", "outbox")
BATCH = 2000


class CopyError(RuntimeError):
    """The target is not empty, or what arrived differs from what was sent."""


@dataclass(frozen=True)
class TableSum:
    rows: int
    sha256: str


def _rows(store: Store, table: str) -> Iterator[tuple[Any, ...]]:
    columns, order = TABLES[table]
    select = f"SELECT {', '.join(columns)} FROM {table} ORDER BY {order} LIMIT ? OFFSET ?"
    floats = {i for i, c in enumerate(columns) if c in FLOATS}
    offset = 0
    while True:
        with store._read() as db:
            found = db.execute(select, (BATCH, offset)).fetchall()
        if not found:
            return
        for row in found:
            # Read by name: SQLite rows and PostgreSQL dict rows both allow it.
            yield tuple(
                float(row[c]) if i in floats and row[c] is not None else row[c]
                for i, c in enumerate(columns)
            )
        offset += len(found)


def checksums(store: Store) -> dict[str, TableSum]:
    """Every table's row count and a SHA-256 over its rows in primary-key order."""
    sums = {}
    for table in TABLES:
        digest, count = hashlib.sha256(), 0
        for row in _rows(store, table):
            digest.update(repr(row).encode())
            count += 1
        sums[table] = TableSum(count, digest.hexdigest())
    return sums


def copy_db(source: Store, target: Store) -> dict[str, TableSum]:
    """Copy every row of ``source`` into the empty ``target``; return the verified sums."""
    from bot.store.postgres import PostgresStore

    with target._read() as db:
        for table in TABLES:
            if db.execute(f"SELECT 1 FROM {table} LIMIT 1").fetchone() is not None:
                raise CopyError(
                    f"The target already holds rows in {table}; copy into an empty one."
                )
    with target._write() as db:
        for table, (columns, _) in TABLES.items():
            insert = (
                f"INSERT INTO {table} ({', '.join(columns)}) "
                f"VALUES ({', '.join('?' for _ in columns)})"
            )
            batch: list[tuple[Any, ...]] = []
            for row in _rows(source, table):
                batch.append(row)
                if len(batch) == BATCH:
                    db.conn.executemany(insert, batch)
                    batch = []
            if batch:
                db.conn.executemany(insert, batch)
        if isinstance(target, PostgresStore):
            for table in IDENTITIES:
                db.execute(
                    f"""SELECT setval(pg_get_serial_sequence('{table}', 'id'),
                           (SELECT coalesce(max(id), 0) + 1 FROM {table}), false)"""
                )
    sent, arrived = checksums(source), checksums(target)
    for table in TABLES:
        if sent[table] != arrived[table]:
            raise CopyError(
                f"{table}: sent {sent[table].rows} rows ({sent[table].sha256[:12]}), "
                f"found {arrived[table].rows} ({arrived[table].sha256[:12]})."
            )
    return arrived


def open_for_copy(target: str | os.PathLike[str]) -> Store:
    """A store to copy from or to: both classes are ``Store``s underneath."""
    from bot.store.factory import open_store

    store = open_store(target)
    assert isinstance(store, Store)  # open_store opens one of the two concrete stores
    return store
