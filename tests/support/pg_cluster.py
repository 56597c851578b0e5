"""A throwaway PostgreSQL server for tests: ``initdb`` into a temporary directory and
``pg_ctl start`` on a free port on 127.0.0.1 only; every test gets a fresh database.

Runs as the ``postgres`` user when the tests run as root (``initdb`` refuses root). The
binaries come from PATH, else the newest /usr/lib/postgresql/<ver>/bin (Debian's package,
which ``.ci/run`` installs when missing).
"""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

import psycopg


class NoPostgres(RuntimeError):
    """No PostgreSQL server binaries on this machine."""


def _bin_dir() -> Path:
    found = shutil.which("pg_ctl")
    if found is not None:
        return Path(found).resolve().parent
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(p.split("/")[4]))
    if not versions:
        raise NoPostgres("PostgreSQL is not installed: apt-get install -y postgresql (see .ci/run)")
    return Path(versions[-1])


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Cluster:
    """One running server; ``new_database()`` hands out a URL to an empty database."""

    def __init__(self) -> None:
        self.bin = _bin_dir()
        self.root = Path(tempfile.mkdtemp(prefix="gm-pg-"))
        self.data = self.root / "data"
        self.port = _free_port()
        self._as: list[str] = []
        if os.geteuid() == 0:
            # initdb and postgres refuse to run as root.
            owner = pwd.getpwnam("postgres")
            os.chown(self.root, owner.pw_uid, owner.pw_gid)
            self._as = ["runuser", "-u", "postgres", "--"]
        self._counter = itertools.count()
        self._run(
            "initdb", "-D", str(self.data), "-U", "gm", "--auth=trust", "-E", "UTF8", "--no-sync"
        )
        self._options = (
            f"-p {self.port} -c listen_addresses=127.0.0.1 -k {self.root} "
            "-c fsync=off -c synchronous_commit=off -c full_page_writes=off "
            "-c max_connections=200"
        )
        self.start()

    def start(self) -> None:
        """Start the server (again, after ``halt``) on its port; return once it listens."""
        self._run(
            "pg_ctl",
            "start",
            "-w",
            "-D",
            str(self.data),
            "-l",
            str(self.root / "log"),
            "-o",
            self._options,
        )

    def halt(self) -> None:
        """Stop the server as an operator would for maintenance: every session is ended
        (its clients see their connection closed), the data stays."""
        self._run("pg_ctl", "stop", "-m", "fast", "-w", "-D", str(self.data))

    def restart(self) -> None:
        self.halt()
        self.start()

    def _run(self, tool: str, *args: str) -> None:
        subprocess.run(
            [*self._as, str(self.bin / tool), *args],
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://gm@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        name = f"gm_{next(self._counter)}"
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name} TEMPLATE template0")
        return self.url(name)

    def stop(self) -> None:
        self._run("pg_ctl", "stop", "-m", "immediate", "-D", str(self.data))
        shutil.rmtree(self.root, ignore_errors=True)
