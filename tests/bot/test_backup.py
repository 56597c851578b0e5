"""``gm backup`` and ``gm restore`` (issue 34): a consistent copy of a running bot's SQLite
store, taken while moves stream in, opens and replays; a restore is refused while any
process has the store open and puts the copy back whole otherwise."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import threading
from contextlib import closing
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.store import Store, StoreInUse
from bot.store.backup import backup, restore
from bot.store.presence import Presence
from bot.tables.service import TableService
from engines import registry
from engines.core.replay import GameRecord, replay_record
from tests.conftest import FakeClock

CHANNELS = (10, 11, 12)
ANN, BOB = 1, 2


def open_tables(service: TableService) -> None:
    for ch in CHANNELS:
        service.new_table(ch, 9, ANN, "Ann", "att")
        service.join(ch, BOB, "Bob")
        service.start(ch, ANN)


def play_until(
    service: TableService, stop: threading.Event, made: list[int], allowed: list[int]
) -> None:
    """Moves in every channel, round after round, until ``stop`` (a bot at work); paused
    while ``allowed[0]`` moves are made, so that a slow machine never plays a game to its
    end before the test is done with it."""
    while not stop.is_set():
        if len(made) >= allowed[0]:
            stop.wait(0.01)
            continue
        for ch in CHANNELS:
            user = service.waiting(ch)[0].user_id
            assert user is not None
            service.act(ch, user, service.choices(ch, user)[0].ref)
            made.append(ch)


def replays(copy: Path) -> list[int]:
    """Open a copy as the bot would and rebuild every game in it from its seed and log:
    each comes out as the state stored beside it. Returns each game's move count."""
    assert not copy.with_name(copy.name + "-wal").exists()  # one self-contained file
    with Store(copy) as store:
        counts = []
        for row in store.open_games():
            record = GameRecord.from_json(store.export_game(row.id))
            engine = registry.get(record.game)
            assert engine.encode_state(replay_record(engine, record)) == row.state
            counts.append(row.seq)
    return counts


def test_a_backup_taken_during_a_stream_of_moves_opens_and_replays(
    tmp_path: Path, clock: FakeClock, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "gm.sqlite3"
    with Store(db) as store:
        service = TableService(store, clock=clock, seed_source=iter(range(50, 99)).__next__)
        open_tables(service)
        # Moves stay ahead of the backups (up to ten more while one is taken), and the
        # games, which end after about 260 moves, never end during the test.
        stop, made, allowed = threading.Event(), [], [30]
        player = threading.Thread(target=play_until, args=(service, stop, made, allowed))
        player.start()
        copies = []

        def moves_made(n: int) -> None:
            while len(made) < n:
                assert player.is_alive()
                stop.wait(0.01)

        try:
            for i in range(4):
                moves_made(20 * (i + 1))  # some moves between two backups
                copies.append(tmp_path / f"backup-{i}.sqlite3")
                assert main(["backup", str(copies[-1]), "--db", str(db)]) == 0
                assert "3 games (3 open)" in capsys.readouterr().out
                allowed[0] += 20
            moves_made(100)  # and some after the last
        finally:
            stop.set()
            player.join()
        final = [service.table(ch).seq for ch in CHANNELS]
    counts = [replays(copy) for copy in copies]
    assert all(len(c) == len(CHANNELS) for c in counts)
    assert counts == sorted(counts) and counts[-1] != final  # taken while moves went on
    assert replays(db) == final


def test_restore_is_refused_while_a_bot_has_the_store_open(tmp_path: Path) -> None:
    db, copy = tmp_path / "gm.sqlite3", tmp_path / "copy.sqlite3"
    with Store(db) as store:
        store.set_user(ANN, "away", True, now=1.0)
        backup(db, copy)
        with pytest.raises(StoreInUse):
            restore(copy, db)
    # Another process: a bot (or gm play) that opened the store.
    bot = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time; from bot.store import Store; s = Store(sys.argv[1]); "
            "print('open', flush=True); time.sleep(600)",
            str(db),
        ],
        stdout=subprocess.PIPE,
        text=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    try:
        assert bot.stdout is not None and bot.stdout.readline() == "open\n"
        assert main(["restore", str(copy), "--db", str(db)]) == 1
    finally:
        bot.kill()
        bot.wait()
    assert main(["restore", str(copy), "--db", str(db)]) == 0  # the process is gone


def test_restore_puts_the_copy_back_and_keeps_the_store_it_replaced(
    tmp_path: Path, clock: FakeClock
) -> None:
    db, copy = tmp_path / "gm.sqlite3", tmp_path / "copy.sqlite3"
    with Store(db) as store:
        service = TableService(store, clock=clock, seed_source=lambda: 5)
        open_tables(service)
        backup(db, copy)
        for ch in CHANNELS:  # the game goes on after the backup
            user = service.waiting(ch)[0].user_id
            assert user is not None
            service.act(ch, user, service.choices(ch, user)[0].ref)
        later = [service.table(ch).seq for ch in CHANNELS]
    restored = restore(copy, db, now=0.0)
    assert restored.kept is not None and restored.contents.games == len(CHANNELS)
    assert replays(db) == [later[0] - 1, later[1] - 1, later[2] - 1]
    assert replays(restored.kept) == later
    # While a restore holds the store, a bot starting on it is refused.
    with Presence(db, shared=False), pytest.raises(StoreInUse):
        Store(db)


def test_restore_refuses_what_is_not_a_whole_store(tmp_path: Path) -> None:
    db = tmp_path / "gm.sqlite3"
    Store(db).close()
    before = db.read_bytes()
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"not a database at all" * 100)
    empty = tmp_path / "empty.sqlite3"
    with closing(sqlite3.connect(empty)) as conn:
        conn.execute("CREATE TABLE t (x)")
        conn.commit()
    for bad in (junk, empty, tmp_path / "missing.sqlite3"):
        assert main(["restore", str(bad), "--db", str(db)]) == 1
    assert db.read_bytes() == before
    assert not list(tmp_path.glob("gm.sqlite3.before-restore-*"))


def test_a_postgres_bot_is_pointed_at_its_own_tools(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("GM_DATABASE_URL", "postgresql://gm@127.0.0.1:1/gm")
    assert main(["backup", str(tmp_path / "b.sqlite3")]) == 1
    assert "pg_dump" in capsys.readouterr().err
