"""Which store a bot process opens: PostgreSQL for a ``postgresql://`` URL (several
processes share it), else the SQLite file at that path (one process, nothing to install)."""

from __future__ import annotations

import os
import sqlite3
from contextlib import closing

from bot.store.interface import GameStore
from bot.store.schema import MIGRATIONS
from bot.store.sqlite import Store

POSTGRES_SCHEMES = ("postgresql://", "postgres://")


def is_postgres(target: str | os.PathLike[str]) -> bool:
    return isinstance(target, str) and target.startswith(POSTGRES_SCHEMES)


def open_store(target: str | os.PathLike[str]) -> GameStore:
    """Open (and migrate) the store at ``target``: a PostgreSQL URL or a SQLite path."""
    if is_postgres(target):
        # Imported here: a SQLite-only bot never loads the PostgreSQL driver.
        from bot.store.postgres import PostgresStore

        return PostgresStore(os.fspath(target))
    return Store(target)


def migrate_store(target: str | os.PathLike[str]) -> tuple[int, int]:
    """``gm migrate``: bring the store at ``target`` to the current schema; return the
    schema versions before and after."""
    if is_postgres(target):
        from bot.store.pg_schema import PG_MIGRATIONS
        from bot.store.postgres import PostgresStore

        with PostgresStore(os.fspath(target)) as pg:
            return pg.migrated_from, len(PG_MIGRATIONS)
    before = 0
    if os.path.exists(target):
        with closing(sqlite3.connect(target)) as conn:
            before = conn.execute("PRAGMA user_version").fetchone()[0]
    Store(target).close()  # opening a SQLite store migrates it
    return before, len(MIGRATIONS)
