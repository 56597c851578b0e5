"""Storage that goes away (issue 34): a move made while the database is locked by another
process, full or unreachable is stored whole with its board post, or refused with a sentence
and nothing of it kept (the store, the service's cache, the outbox); once the database is
back the next move is stored, and reminders due meanwhile fire once.

SQLite: another process holds the write lock (``BEGIN EXCLUSIVE``) for as long as the test
wants, past the store's busy timeout (shortened here; ``bench/fault_bench.py`` holds it 8 s
against the default 5 s); a full disk is SQLite's page limit. PostgreSQL: the test server
restarted between two moves, stopped during one, and a connection killed with
``pg_terminate_backend`` in the middle of one.
"""

from __future__ import annotations

import asyncio
import sqlite3
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import psycopg
import pytest

from bot.store import GameStore, Reminder, StoreFault
from bot.store import Store as SQLiteStore
from bot.store.postgres import PostgresStore
from bot.tables import scheduler
from bot.tables.scheduler import Scheduler
from bot.tables.service import TableService
from bot.tables.stand_in import Outcome, on_due
from bot.tables.waits import on_update
from tests.conftest import FakeClock
from tests.support.pg_cluster import Cluster

CH, GUILD = 100, 9
ANN, BOB = 1, 2
BUSY = "The table's storage is busy; your move was not made. Try again in a moment."
FULL = "The table's storage is full; your move was not made. Tell the bot's operator."

LOCK_HOLDER = """
import sqlite3, sys, time
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute("BEGIN EXCLUSIVE")
print("locked", flush=True)
time.sleep(600)
"""


@contextmanager
def locked_by_another_process(path: Path) -> Iterator[None]:
    """Another process holds the database's write lock until the block ends (then it is
    killed, and the kernel drops its lock as it would for any process that dies)."""
    holder = subprocess.Popen(
        [sys.executable, "-c", LOCK_HOLDER, str(path)], stdout=subprocess.PIPE, text=True
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "locked\n"
        yield
    finally:
        holder.kill()
        holder.wait()


def table(store: GameStore, clock: FakeClock, game: str = "toy") -> TableService:
    """Ann and Bob at High Card (or ``game``), started, owing a board post with every move
    (as the bot does)."""
    seeds = iter(range(1000, 2000))
    service = TableService(store, clock=clock, seed_source=lambda: next(seeds))
    service.owes_posts = True
    service.new_table(CH, GUILD, ANN, "Ann", game)
    service.join(CH, BOB, "Bob")
    on_update(store, service, service.start(CH, ANN), clock())
    return service


def mover(service: TableService) -> int:
    user = service.waiting(CH)[0].user_id
    assert user is not None
    return user


def move(service: TableService) -> None:
    user = mover(service)
    service.play(CH, user, service.choices(CH, user)[0].ref)


def as_it_stands(service: TableService) -> tuple[Any, ...]:
    """Everything a refused move must leave as it was."""
    row = service.store.open_game(CH)
    assert row is not None
    user = mover(service)
    return (
        row.seq,
        row.state,
        [(r.seq, r.action) for r in service.store.log(row.id, limit=1000)],
        [(p.seq, p.payload) for p in service.store.pending_posts(row.id)],
        [c.ref for c in service.choices(CH, user)],
        service.table(CH).seq,
    )


def refused_whole(service: TableService, sentence: str = BUSY) -> None:
    before = as_it_stands(service)
    with pytest.raises(StoreFault) as refused:
        move(service)
    assert str(refused.value) == sentence
    assert as_it_stands(service) == before


def stored_with_its_post(service: TableService) -> None:
    row = service.table(CH)
    owed = len(service.store.pending_posts(row.id))
    move(service)
    after = service.table(CH)
    assert after.seq > row.seq
    assert service.store.pending_posts(row.id)[-1].seq == after.seq
    assert len(service.store.pending_posts(row.id)) == owed + 1


def reminders(service: TableService, clock: FakeClock) -> Scheduler[Outcome]:
    def handle(reminder: Reminder) -> Outcome:
        return on_due(service.store, service, reminder, clock())

    return Scheduler(service.store, clock, handle)


def reminded(fired: list[Any]) -> list[int | None]:
    return [n.user_id for f in fired if f.result for n in f.result.notices]


# ----------------------------------------------------------------- SQLite


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "gm.sqlite3"


def test_a_move_while_another_process_holds_the_lock_is_refused_whole(
    db: Path, clock: FakeClock
) -> None:
    with SQLiteStore(db, busy_timeout_ms=200) as store:
        service = table(store, clock)
        stored_with_its_post(service)
        with locked_by_another_process(db):
            refused_whole(service)
            refused_whole(service)  # and again: nothing half-done piles up
        # The lock is gone: the bot carries on, no restart.
        stored_with_its_post(service)
        stored_with_its_post(service)


def fill_the_disk(store: SQLiteStore) -> None:
    """The file may grow no more (SQLite's page limit for the store's connection), and the
    free pages it has are taken: the next page a write needs is not there."""
    store.db.execute("CREATE TABLE filler (junk BLOB)")
    pages = store.db.execute("PRAGMA page_count").fetchone()[0]
    store.db.execute(f"PRAGMA max_page_count = {pages}")
    for size in (4000, 1000, 200):
        try:
            while True:
                store.db.execute("INSERT INTO filler VALUES (zeroblob(?))", (size,))
        except sqlite3.OperationalError as full:
            assert full.sqlite_errorname == "SQLITE_FULL"


def test_a_move_that_does_not_fit_on_a_full_disk_is_refused_whole(
    db: Path, clock: FakeClock
) -> None:
    with SQLiteStore(db) as store:
        service = table(store, clock, "att")  # a long game: its log outgrows the room left
        fill_the_disk(store)
        moves = 0
        while True:  # moves that still fit in the room left in pages, then one that does not
            before = as_it_stands(service)
            try:
                move(service)
            except StoreFault as refused:
                assert str(refused) == FULL
                break
            moves += 1
        assert as_it_stands(service) == before
        store.db.execute("PRAGMA max_page_count = 1073741823")  # room made
        stored_with_its_post(service)


def test_reminders_due_while_the_store_is_locked_fire_once_after(
    db: Path, clock: FakeClock
) -> None:
    with SQLiteStore(db, busy_timeout_ms=200) as store:
        service = table(store, clock)
        waiting = mover(service)
        scheduler = reminders(service, clock)
        clock.advance(13 * 3600)  # the first reminder (after 12 h) is due
        with locked_by_another_process(db):
            assert scheduler.fire_due(clock()) == []
            assert scheduler.store_failed
        assert reminded(scheduler.fire_due(clock())) == [waiting]
        assert scheduler.fire_due(clock()) == []


def test_a_reminder_claimed_before_the_lock_came_fires_once_after(
    db: Path, clock: FakeClock
) -> None:
    """The lock arrives between the claim and the handler's write: the claim is handed
    back once the store takes it, and the reminder fires then, once."""
    with SQLiteStore(db, busy_timeout_ms=200) as store:
        service = table(store, clock)
        waiting = mover(service)
        locks: list[Any] = []
        inner = reminders(service, clock).handler

        def handler(reminder: Reminder) -> Outcome:
            if not locks:
                locks.append(locked_by_another_process(db))
                locks[0].__enter__()
            return inner(reminder)

        scheduler = Scheduler(store, clock, handler)
        clock.advance(13 * 3600)
        try:
            assert scheduler.fire_due(clock()) == []
            assert scheduler.store_failed
            assert store.due(clock()) == []  # claimed, and the store cannot take it back yet
        finally:
            locks[0].__exit__(None, None, None)
        assert reminded(scheduler.fire_due(clock())) == [waiting]
        assert scheduler.fire_due(clock()) == []


# ----------------------------------------------------------------- PostgreSQL


@pytest.fixture
def pg(pg_cluster: Cluster, pg_url: str) -> Iterator[PostgresStore]:
    store = PostgresStore(pg_url, pool_timeout=0.5)
    try:
        yield store
    finally:
        store.close()
        if not server_up(pg_cluster):  # a test that failed while the server was stopped
            pg_cluster.start()


def server_up(cluster: Cluster) -> bool:
    try:
        psycopg.connect(cluster.url(), connect_timeout=2).close()
    except psycopg.OperationalError:
        return False
    return True


def test_a_postgres_restart_between_two_moves_goes_unnoticed(
    pg: PostgresStore, pg_cluster: Cluster, clock: FakeClock
) -> None:
    service = table(pg, clock)
    stored_with_its_post(service)
    pg_cluster.restart()  # every pooled connection is closed by the server
    stored_with_its_post(service)
    stored_with_its_post(service)


def test_a_move_while_postgres_is_down_is_refused_whole(
    pg: PostgresStore, pg_cluster: Cluster, clock: FakeClock
) -> None:
    service = table(pg, clock)
    stored_with_its_post(service)
    before = as_it_stands(service)
    user = mover(service)
    ref = service.choices(CH, user)[0].ref
    pg_cluster.halt()
    try:
        with pytest.raises(StoreFault) as refused:
            service.play(CH, user, ref)
        assert str(refused.value) == (
            "The game records cannot be reached right now; nothing was changed. "
            "Please try again in a moment."
        )
    finally:
        pg_cluster.start()
    assert as_it_stands(service) == before
    stored_with_its_post(service)


def kill_during_writes(store: PostgresStore, url: str) -> Callable[[], int]:
    """Make the next write's connection die in the middle of its transaction: once it has
    read and locked its game row, ``pg_terminate_backend`` ends its session. Returns how
    many sessions were ended."""
    killed: list[int] = []
    read_game = store._game

    def killing(db: Any, game_id: int) -> Any:
        row = read_game(db, game_id)
        if db.writing and not killed:
            with psycopg.connect(url, autocommit=True) as admin:
                pid = db._conn.info.backend_pid
                admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
            killed.append(pid)
        return row

    vars(store)["_game"] = killing  # an instance attribute shadows the static method
    return lambda: len(killed)


def test_a_connection_killed_during_a_move_rolls_the_move_back(
    pg: PostgresStore, pg_url: str, clock: FakeClock
) -> None:
    service = table(pg, clock)
    stored_with_its_post(service)
    kills = kill_during_writes(pg, pg_url)
    refused_whole(
        service,
        "The table's storage is busy; your move was not made. Try again in a moment.",
    )
    assert kills() == 1
    stored_with_its_post(service)  # a fresh connection; the next move is stored
    stored_with_its_post(service)


def test_reminders_due_while_postgres_is_down_fire_once_when_it_is_back(
    pg: PostgresStore, pg_cluster: Cluster, clock: FakeClock
) -> None:
    service = table(pg, clock)
    waiting = mover(service)
    scheduler = reminders(service, clock)
    clock.advance(13 * 3600)
    pg_cluster.halt()
    try:
        assert scheduler.fire_due(clock()) == []
        assert scheduler.store_failed
    finally:
        pg_cluster.start()
    assert reminded(scheduler.fire_due(clock())) == [waiting]
    assert scheduler.fire_due(clock()) == []


async def test_the_scheduler_loop_fires_what_fell_due_once_the_lock_goes(
    db: Path, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bot's loop, not a test driving it: a pass the lock refuses is tried again
    ``STORE_RETRY`` later, with no restart, and the reminder goes out once."""
    monkeypatch.setattr(scheduler, "STORE_RETRY", 0.05)
    with SQLiteStore(db, busy_timeout_ms=100) as store:
        service = table(store, clock)
        waiting = mover(service)
        fired: list[Any] = []

        async def collect(items: list[Any]) -> None:
            fired.extend(items)

        loop = Scheduler(store, clock, reminders(service, clock).handler, collect)
        clock.advance(13 * 3600)
        with locked_by_another_process(db):
            running = asyncio.create_task(loop.run())
            await asyncio.sleep(0.5)  # several passes, each refused by the lock
            assert fired == []
        for _ in range(200):
            if fired:
                break
            await asyncio.sleep(0.05)
        loop.stop()
        await running
        assert reminded(fired) == [waiting]
