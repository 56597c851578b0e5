"""``gm backup`` and ``gm restore``: a consistent copy of a running bot's SQLite store, and
putting one back (docs/architecture.md "Backups").

A copy is taken with SQLite's online backup API in one step, inside one read transaction:
it is the database as of one commit, whatever the bot writes meanwhile (in WAL mode the
bot's writers never wait for it). It is written beside its destination, checked
(``PRAGMA integrity_check``), made a single self-contained file (no ``-wal``) and only
then renamed into place, so a backup file is always whole.

A restore refuses while any process has the store open (``bot.store.presence``), checks
the backup first, keeps the file it replaces beside it, and copies the backup in through
the same API (the target's own journal stays consistent). The bot migrates a backup taken
by an older version when it next opens it; one from a newer version is refused.

PostgreSQL has its own tools (``pg_dump``, ``pg_restore``): see the README.
"""

from __future__ import annotations

import os
import sqlite3
import time
from contextlib import closing
from dataclasses import dataclass, replace
from pathlib import Path

from bot.store.presence import Presence
from bot.store.schema import MIGRATIONS
from engines.core.errors import GameError

# How long a backup waits for a lock SQLite needs for a moment (a checkpoint), in seconds.
BUSY_TIMEOUT = 10.0


@dataclass(frozen=True)
class Contents:
    """What a store file holds, as ``gm backup`` and ``gm restore`` report it."""

    games: int
    running: int
    moves: int
    version: int
    size: int

    def summary(self) -> str:
        games = "1 game" if self.games == 1 else f"{self.games:,} games"
        moves = "1 move" if self.moves == 1 else f"{self.moves:,} moves"
        return f"{games} ({self.running:,} open), {moves}, {self.size / 1e6:.1f} MB"


def _contents(conn: sqlite3.Connection, path: Path) -> Contents:
    """Check that ``conn`` is a whole game master store and say what it holds."""
    try:
        check = conn.execute("PRAGMA integrity_check").fetchone()[0]
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
    except sqlite3.DatabaseError as exc:
        raise GameError(f"{path} is not a readable SQLite file ({exc}).") from None
    if check != "ok":
        raise GameError(f"{path} is damaged (SQLite's integrity check says: {check}).")
    if version == 0 or "games" not in tables or "actions" not in tables:
        raise GameError(f"{path} is not a game master store.")
    games, running = conn.execute(
        "SELECT count(*), count(*) FILTER (WHERE status IN ('lobby', 'active')) FROM games"
    ).fetchone()
    moves = conn.execute("SELECT count(*) FROM actions WHERE kind = 'act'").fetchone()[0]
    return Contents(games, running, moves, version, path.stat().st_size)


def _sync_dir(path: Path) -> None:
    """Make a rename in ``path`` survive a power cut."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def backup(source: str | os.PathLike[str], dest: str | os.PathLike[str]) -> Contents:
    """Copy the store at ``source`` (a bot may be running on it) to the file ``dest``,
    replacing any file there only once the copy is whole and checked."""
    src_path, dest_path = Path(source), Path(dest)
    if not src_path.is_file():
        raise GameError(f"There is no store at {src_path}.")
    if dest_path.exists() and dest_path.resolve() == src_path.resolve():
        raise GameError("A backup must go to another file than the store itself.")
    if not dest_path.parent.is_dir():
        raise GameError(f"The folder {dest_path.parent} does not exist.")
    part = dest_path.with_name(f".{dest_path.name}.part-{os.getpid()}")
    try:
        with (
            closing(sqlite3.connect(src_path, timeout=BUSY_TIMEOUT)) as src,
            closing(sqlite3.connect(part, isolation_level=None)) as copy,
        ):
            src.execute("SELECT count(*) FROM sqlite_master")  # a store file, or raise now
            src.backup(copy)  # every page in one step: one read transaction, one commit
            copy.execute("PRAGMA journal_mode = DELETE")  # one file, no -wal beside it
            contents = _contents(copy, part)
        with open(part, "rb") as written:
            os.fsync(written.fileno())
        os.replace(part, dest_path)
        _sync_dir(dest_path.parent)
    except sqlite3.DatabaseError as exc:
        raise GameError(f"Could not back up {src_path}: {exc}.") from None
    finally:
        part.unlink(missing_ok=True)
    return replace(contents, size=dest_path.stat().st_size)


@dataclass(frozen=True)
class Restored:
    contents: Contents
    kept: Path | None  # the store the backup replaced, kept beside it


def restore(
    backup_file: str | os.PathLike[str], target: str | os.PathLike[str], *, now: float | None = None
) -> Restored:
    """Put the backup ``backup_file`` in place of the store at ``target``; refused while any
    process has ``target`` open. The store it replaces is kept as
    ``<target>.before-restore-<time>``."""
    src_path, target_path = Path(backup_file), Path(target)
    if not src_path.is_file():
        raise GameError(f"There is no backup at {src_path}.")
    with closing(sqlite3.connect(f"{src_path.resolve().as_uri()}?mode=ro", uri=True)) as src:
        contents = _contents(src, src_path)
        if contents.version > len(MIGRATIONS):
            raise GameError(
                f"{src_path} was written by a newer version of the bot (schema "
                f"{contents.version}, this one knows {len(MIGRATIONS)}); update the bot first."
            )
        target_path.parent.mkdir(parents=True, exist_ok=True)
        with Presence(target_path, shared=False):
            kept = None
            if target_path.exists():
                stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now))
                kept = target_path.with_name(f"{target_path.name}.before-restore-{stamp}")
                backup(target_path, kept)
            with closing(sqlite3.connect(target_path, isolation_level=None)) as dst:
                src.backup(dst)
                dst.execute("PRAGMA journal_mode = WAL")
                dst.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return Restored(contents, kept)
