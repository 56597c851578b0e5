"""Which store a bot process opens: PostgreSQL for a ``postgresql://`` URL (several
processes share it), else the SQLite file at that path (one process, nothing to install)."""

from __future__ import annotations

import os

from bot.store.interface import GameStore
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
