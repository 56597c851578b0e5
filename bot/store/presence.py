"""Whether a process has a SQLite store open: what lets ``gm restore`` refuse while a bot runs
on the file (docs/architecture.md "Backups").

Every process that opens a store file (``gm run``, ``gm play``, ``gm migrate``) holds a
shared ``flock`` on ``<file>.lock`` for as long as the store is open; ``gm restore`` takes
it exclusively, without waiting. The kernel lets go of a lock when its process ends, however
it ends (``kill -9`` included), so there is no stale pid file to clean up and no pid that a
new process may have reused. Several bots may share a file (each holds the lock shared); a
bot that starts while a restore runs is refused until the restore is done.

A lock file beside the database rather than a lock on the database itself: SQLite locks
byte ranges of its own file with ``fcntl``, and on network file systems ``flock`` is
emulated with the same locks.
"""

from __future__ import annotations

import fcntl
import logging
import os
from pathlib import Path
from types import TracebackType
from typing import IO, Self

from bot.store.errors import StoreInUse

log = logging.getLogger(__name__)


def lock_path(db: str | os.PathLike[str]) -> Path:
    path = Path(db)
    return path.with_name(path.name + ".lock")


class Presence:
    """This process's hold on a store file: ``shared`` for a process using the store,
    exclusive for one replacing it. Raises ``StoreInUse`` when the other kind is held."""

    def __init__(self, db: str | os.PathLike[str], *, shared: bool = True) -> None:
        self.path = lock_path(db)
        self._file: IO[bytes] | None = open(self.path, "ab")  # noqa: SIM115 (held open)
        try:
            fcntl.flock(self._file, (fcntl.LOCK_SH if shared else fcntl.LOCK_EX) | fcntl.LOCK_NB)
        except BlockingIOError:
            self.release()
            raise StoreInUse(
                f"{db} is being restored (gm restore); start again once the restore is done."
                if shared
                else f"{db} is open in another process (a running bot, gm play or gm migrate). "
                "Stop it first, then run this again."
            ) from None
        except OSError as exc:  # a file system without locks (some network mounts)
            self.release()
            if not shared:
                raise StoreInUse(
                    f"Cannot tell whether a bot has {db} open: its file system has no locks "
                    f"({exc.strerror}). Stop every bot on it, then copy the backup over it "
                    "and delete its -wal and -shm files."
                ) from None
            log.warning("no presence lock on %s (%s): gm restore cannot see this bot", db, exc)

    def release(self) -> None:
        if self._file is not None:
            self._file.close()  # closing the file lets go of the lock
            self._file = None

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.release()
