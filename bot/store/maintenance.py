"""What ``gm migrate`` and ``gm copy-db`` print: store maintenance from the command line
(issue "When a bot outgrows one machine")."""

from __future__ import annotations

import os
import sys

from bot.store.copy_db import CopyError, copy_db, open_for_copy
from bot.store.factory import is_postgres, migrate_store


def _name(target: str | os.PathLike[str]) -> str:
    """A store as the user may read it: a URL without its password."""
    text = os.fspath(target)
    if is_postgres(text) and "@" in text:
        scheme, _, rest = text.partition("://")
        user, _, host = rest.rpartition("@")
        return f"{scheme}://{user.partition(':')[0]}@{host}"
    return text


def migrate_command(target: str | os.PathLike[str]) -> int:
    before, after = migrate_store(target)
    if before == after:
        print(f"{_name(target)} is at schema version {after}; nothing to do.")
    else:
        print(f"Migrated {_name(target)} from schema version {before} to {after}.")
    return 0


def copy_command(source: str, target: str) -> int:
    src, dst = open_for_copy(source), open_for_copy(target)
    try:
        sums = copy_db(src, dst)
    except CopyError as exc:
        print(f"Nothing copied: {exc}", file=sys.stderr)
        return 1
    finally:
        src.close()
        dst.close()
    for table, total in sums.items():
        print(f"{table:<13} {total.rows:>9} rows  sha256 {total.sha256[:16]}  verified")
    print(f"Copied {_name(source)} to {_name(target)}.")
    return 0
