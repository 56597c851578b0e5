"""The game store, SQLite and PostgreSQL alike: migrations, sequence-checked writes, undo and
checkpoints, export, corruption handling, reminders, per-user records, ratings and results.

Every test runs against both stores (``backend``), except those marked ``sqlite_only``
(the file's pragmas and its busy timeout), whose PostgreSQL counterparts follow them."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path
from typing import Any

import pytest
from sqlite_utils import Database

from bot.store import (
    SNAPSHOT_EVERY,
    CannotUndo,
    GameClosed,
    LogEntry,
    NoCheckpoint,
    NoSuchGame,
    Result,
    SeatRecord,
    StaleSequence,
    StoreBusy,
    TableBusy,
    TableRecord,
)
from bot.store import Store as SQLiteStore
from bot.store.pg_schema import PG_MIGRATIONS
from bot.store.postgres import PostgresStore
from bot.store.schema import MIGRATIONS, migrate, user_version
from engines.core.errors import CorruptRecord, GameError
from engines.core.replay import GameRecord

SEATS = (
    SeatRecord(id=0, name="Ada", kind="human", user_id=101),
    SeatRecord(id=1, name="AI 1", kind="ai", policy="greedy"),
)


sqlite_only = pytest.mark.sqlite_only


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "backend" in metafunc.fixturenames:
        only = metafunc.definition.get_closest_marker("sqlite_only") is not None
        backends = ["sqlite"] if only else ["sqlite", "postgres"]
        metafunc.parametrize("backend", backends, indirect=True)


@pytest.fixture
def backend(request: pytest.FixtureRequest) -> str:
    name: str = request.param
    return name


@pytest.fixture
def path(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> Any:
    """Where the store lives: a SQLite file, or an empty PostgreSQL database's URL."""
    if backend == "postgres":
        return request.getfixturevalue("pg_url")
    return tmp_path / "data" / "gm.sqlite3"


def Store(target: Any, **options: Any) -> Any:
    """Open the store at ``target`` (a path or a PostgreSQL URL) as the tests below expect."""
    if isinstance(target, str):
        return PostgresStore(target, **options)
    return SQLiteStore(target, **options)


@pytest.fixture
def store(path: Path) -> Any:
    with Store(path) as s:
        yield s


def new_game(store: Store, channel_id: int = 1, **overrides: Any) -> Any:
    fields: dict[str, Any] = {
        "channel_id": channel_id,
        "guild_id": 9,
        "game": "att",
        "seed": 1234,
        "options": {"hand_size": 2},
        "seats": SEATS,
        "state": {"move": 0},
        "created_by": 101,
        "now": 1000.0,
        "status": "active",
    }
    return store.create_game(**{**fields, **overrides})


def entry(i: int, seat: int = 0, state: dict[str, Any] | None = None) -> LogEntry:
    return LogEntry(
        seat=seat,
        user_id=101 if seat == 0 else None,
        action={"kind": "play", "card": f"c{i}"},
        events=[{"text": f"Ada plays c{i}.", "to": None, "kind": "log"}],
        state=state,
    )


def play(store: Store, game_id: int, moves: range) -> Any:
    """Append one action per move, the state recording the move number."""
    row = store.get_game(game_id)
    for i in moves:
        row = store.append(
            game_id, expected_seq=row.seq, entries=[entry(i)], state={"move": i}, now=1000.0 + i
        )
    return row


# ----------------------------------------------------------------- migrations


@sqlite_only
def test_fresh_file_is_migrated(path: Path) -> None:
    with Store(path) as store:
        assert user_version(store.db) == len(MIGRATIONS) == 3
        tables = {"games", "actions", "snapshots", "reminders", "user_records", "outbox"}
        assert tables | {"ratings", "results"} <= set(store.db.table_names())
        assert store.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert store.db.execute("PRAGMA foreign_keys").fetchone()[0] == 1


@sqlite_only
def test_reopening_a_migrated_file_runs_no_migration(path: Path) -> None:
    Store(path).close()
    db = Database(sqlite3.connect(path, isolation_level=None))
    schema = db.execute("SELECT sql FROM sqlite_master ORDER BY name").fetchall()

    def must_not_run(_: Database) -> None:
        raise AssertionError("a migration ran twice")

    assert migrate(db, [must_not_run] * len(MIGRATIONS)) == len(MIGRATIONS)
    Store(path).close()
    assert db.execute("SELECT sql FROM sqlite_master ORDER BY name").fetchall() == schema
    db.close()


@sqlite_only
def test_a_second_migration_is_one_function_applied_once(path: Path) -> None:
    Store(path).close()
    calls = []

    def add_column(db: Database) -> None:
        calls.append(1)
        db.execute("ALTER TABLE games ADD COLUMN topic TEXT")

    db = Database(sqlite3.connect(path, isolation_level=None))
    assert migrate(db, (*MIGRATIONS, add_column)) == len(MIGRATIONS)
    assert migrate(db, (*MIGRATIONS, add_column)) == len(MIGRATIONS) + 1
    assert calls == [1]
    assert user_version(db) == len(MIGRATIONS) + 1
    assert "topic" in db["games"].columns_dict
    db.close()


def test_a_fresh_postgres_database_is_migrated_once(pg_url: str) -> None:
    assert len(PG_MIGRATIONS) == len(MIGRATIONS)  # a migration ships for both stores
    with PostgresStore(pg_url) as store:
        assert store.migrated_from == 0
        tables = store.db.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'"
        )
        assert {"games", "actions", "snapshots", "reminders", "user_records"} <= {
            t[0] for t in tables
        }
    with PostgresStore(pg_url) as again:
        assert again.migrated_from == len(PG_MIGRATIONS)
        assert again.db.execute("SELECT version FROM gm_schema") == [(len(PG_MIGRATIONS),)]


def test_a_postgres_writer_that_waits_too_long_gets_a_friendly_error(pg_url: str) -> None:
    with PostgresStore(pg_url, lock_timeout_ms=50) as store:
        game = new_game(store)
        with store.session(write=True) as held:
            # Fetched, so the lock is really taken: in pipeline mode an unread statement may
            # still be queued on the client when the other writer starts.
            held.execute("SELECT * FROM games WHERE id = ? FOR UPDATE", (game.id,)).fetchone()
            waiting: list[BaseException] = []

            def write() -> None:
                try:
                    store.update_game(game.id, expected_seq=0, now=2.0, seed=5)
                except StoreBusy as exc:
                    waiting.append(exc)

            thread = threading.Thread(target=write)
            thread.start()
            thread.join()
        assert len(waiting) == 1
        assert store.get_game(game.id).seed == 1234


# ----------------------------------------------------------------- games and the channel rule


def test_one_open_game_per_channel_and_finished_games_are_kept(store: Store) -> None:
    first = new_game(store, status="lobby")
    with pytest.raises(TableBusy) as busy:
        new_game(store, game="root")
    assert str(busy.value) == (
        "This channel already has a game of att in progress. Finish it or use /game end first."
    )
    assert new_game(store, channel_id=2).channel_id == 2

    store.update_game(first.id, expected_seq=0, now=1001.0, status="finished")
    second = new_game(store, game="root")
    assert store.open_game(1) == second
    assert [g.id for g in store.finished_games(1)] == [first.id]
    with pytest.raises(TableBusy):
        store.update_game(first.id, expected_seq=0, now=1002.0, status="active")


def test_update_game_changes_lobby_fields_and_checks_the_sequence(store: Store) -> None:
    row = new_game(store, status="lobby", state={})
    seats = (*SEATS, SeatRecord(id=2, name="Bea", kind="human", user_id=102))
    row = store.update_game(row.id, expected_seq=0, now=1001.0, seats=seats, board_message_id=77)
    assert (row.seats, row.board_message_id, row.updated_at) == (seats, 77, 1001.0)

    row = store.update_game(row.id, expected_seq=0, now=1002.0, status="active", state={"move": 0})
    assert store.checkpoint(row.id, 0) == (0, {"move": 0})  # the setup replaces the lobby's {}

    play(store, row.id, range(1, 3))
    with pytest.raises(StaleSequence):
        store.update_game(row.id, expected_seq=0, now=1003.0, settings=TableRecord(undo="off"))
    assert store.get_game(row.id).settings == TableRecord()
    with pytest.raises(TypeError):
        store.update_game(row.id, expected_seq=2, now=1003.0, channel_id=5)
    with pytest.raises(NoSuchGame):
        store.get_game(999)


def test_open_games_filters_by_guild_and_seated_user(store: Store) -> None:
    a = new_game(store, channel_id=1, guild_id=9)
    b = new_game(
        store, channel_id=2, guild_id=8, seats=[SEATS[0].model_copy(update={"user_id": 202})]
    )
    done = new_game(store, channel_id=3)
    store.update_game(done.id, expected_seq=0, now=1001.0, status="ended")
    assert [g.id for g in store.open_games()] == [a.id, b.id]
    assert [g.id for g in store.open_games(guild_id=8)] == [b.id]
    assert [g.id for g in store.open_games(user_id=101)] == [a.id]


# ----------------------------------------------------------------- concurrent writers


def test_two_stores_on_one_file_cannot_both_apply(path: Path) -> None:
    with Store(path) as one, Store(path) as two:
        game = new_game(one)
        one.append(game.id, expected_seq=0, entries=[entry(1)], state={"move": 1}, now=1.0)
        with pytest.raises(StaleSequence) as stale:
            two.append(game.id, expected_seq=0, entries=[entry(9)], state={"move": 9}, now=1.0)
        assert str(stale.value) == (
            "The board moved on before your move arrived; nothing was changed. "
            "Look at the latest board."
        )
        assert [r.action["card"] for r in two.log(game.id)] == ["c1"]
        assert two.get_game(game.id).state == {"move": 1}


@pytest.mark.parametrize("shared", [False, True], ids=["store-per-thread", "one-store"])
def test_two_threads_racing_on_one_channel(path: Path, shared: bool) -> None:
    stores = [Store(path)]
    stores.append(stores[0] if shared else Store(path))
    game = new_game(stores[0])
    start = threading.Barrier(2)
    outcomes: list[str] = []

    def click(store: Store, card: int) -> None:
        start.wait()
        try:
            store.append(
                game.id, expected_seq=0, entries=[entry(card)], state={"move": card}, now=1.0
            )
            outcomes.append("applied")
        except StaleSequence:
            outcomes.append("stale")

    threads = [threading.Thread(target=click, args=(s, i)) for i, s in enumerate(stores)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcomes) == ["applied", "stale"]
    log = stores[1].log(game.id)
    assert len(log) == 1
    assert stores[1].get_game(game.id).state == {"move": int(log[0].action["card"][1:])}
    for s in set(stores):
        s.close()


@sqlite_only
def test_a_writer_that_waits_too_long_gets_a_friendly_error(path: Path) -> None:
    Store(path).close()
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        with Store(path, busy_timeout_ms=50) as store, pytest.raises(StoreBusy):
            store.set_user(1, "away", True, now=1.0)
    finally:
        holder.execute("ROLLBACK")
        holder.close()


# ----------------------------------------------------------------- log, reopen, undo, checkpoints


def test_reopen_after_close_gives_the_same_game(path: Path) -> None:
    with Store(path) as store:
        row = play(store, new_game(store).id, range(1, 8))
        log = store.log(row.id, limit=100)
    with Store(path) as again:
        assert again.open_game(1) == row
        assert again.get_game(row.id).state == {"move": 7}
        assert again.log(row.id, limit=100) == log
        assert [r.seq for r in log] == list(range(1, 8))


def test_append_rolls_back_everything_on_error(store: Store) -> None:
    row = play(store, new_game(store).id, range(1, 3))
    unencodable = LogEntry(seat=0, user_id=101, action={"card": object()}, events=[])
    with pytest.raises(TypeError):
        store.append(row.id, expected_seq=2, entries=[entry(3), unencodable], state={}, now=1.0)
    assert store.get_game(row.id) == row
    assert len(store.log(row.id)) == 2


def test_atomic_keeps_a_move_and_a_user_record_together_or_drops_both(store: Store) -> None:
    """The chronicle's XP write-back rides in the final move's transaction (Arcadia §13.1):
    on both stores, a failure inside ``atomic`` undoes the move and the record together."""
    row = play(store, new_game(store).id, range(1, 2))
    with pytest.raises(RuntimeError), store.atomic():
        store.append(row.id, expected_seq=1, entries=[entry(2)], state={"move": 2}, now=2.0)
        store.set_user(7, "chronicle", {"xp": 3}, now=2.0)
        raise RuntimeError("crash before the transaction ends")
    assert store.get_game(row.id).seq == 1 and store.get_user(7, "chronicle") is None
    with store.atomic():
        store.append(row.id, expected_seq=1, entries=[entry(2)], state={"move": 2}, now=2.0)
        store.set_user(7, "chronicle", {"xp": 3}, now=2.0)
    assert store.get_game(row.id).seq == 2 and store.get_user(7, "chronicle") == {"xp": 3}


def test_a_finished_game_takes_no_more_moves(store: Store) -> None:
    row = new_game(store)
    row = store.append(
        row.id,
        expected_seq=0,
        entries=[entry(1)],
        state={"move": 1},
        now=2.0,
        status="finished",
        result={"winners": [0]},
    )
    assert (row.status, row.result, store.open_game(1)) == ("finished", {"winners": [0]}, None)
    with pytest.raises(GameClosed):
        store.append(row.id, expected_seq=1, entries=[entry(2)], state={}, now=3.0)


def test_checkpoints_every_fifty_and_undo_drops_the_ones_past_it(store: Store) -> None:
    assert SNAPSHOT_EVERY == 50
    row = play(store, new_game(store).id, range(1, 121))
    assert store.checkpoint(row.id, 119) == (100, {"move": 100})
    assert store.checkpoint(row.id, 99) == (50, {"move": 50})
    assert store.checkpoint(row.id, 49) == (0, {"move": 0})
    snapshots = store.db.execute("SELECT n FROM snapshots WHERE game_id = ?", (row.id,))
    assert [r[0] for r in snapshots] == [0, 50, 100]

    row = store.undo(
        row.id, expected_seq=120, undone_seq=120, state={"move": 119}, user_id=101, now=2.0
    )
    last = store.log(row.id, limit=1)[0]
    assert (last.seq, last.kind, last.action, last.user_id) == (121, "undo", {"undoes": 120}, 101)
    standing = store.effective_actions(row.id)
    assert len(standing) == row.effective == 119
    assert 120 not in [a.seq for a in standing]
    assert (row.seq, row.state) == (121, {"move": 119})

    with pytest.raises(CannotUndo):  # not the latest standing act any more
        store.undo(row.id, expected_seq=121, undone_seq=118, state={}, user_id=101, now=2.0)
    for seq in range(119, 99, -1):  # take back 119..100: the checkpoint at 100 goes
        row = store.undo(
            row.id,
            expected_seq=row.seq,
            undone_seq=seq,
            state={"move": seq - 1},
            user_id=101,
            now=3.0,
        )
    assert row.effective == 99
    assert store.checkpoint(row.id, 1000) == (50, {"move": 50})
    assert [a.seq for a in store.effective_actions(row.id, after=97)] == [98, 99]

    row = store.append(
        row.id, expected_seq=row.seq, entries=[entry(500)], state={"move": 500}, now=4.0
    )
    assert store.checkpoint(row.id, 100) == (100, {"move": 500})
    assert store.effective_actions(row.id, after=99)[0].action["card"] == "c500"


def test_undo_with_nothing_to_take_back(store: Store) -> None:
    row = new_game(store)
    with pytest.raises(CannotUndo, match="nothing to take back"):
        store.undo(row.id, expected_seq=0, undone_seq=1, state={}, user_id=101, now=1.0)


def test_batches_checkpoint_exactly_when_given_states_else_at_their_end(store: Store) -> None:
    exact = play(store, new_game(store, channel_id=1).id, range(1, 46))
    store.append(
        exact.id,
        expected_seq=45,
        entries=[entry(i, state={"move": i}) for i in range(46, 56)],
        state={"move": 55},
        now=2.0,
    )
    assert store.checkpoint(exact.id, 54) == (50, {"move": 50})

    late = play(store, new_game(store, channel_id=2).id, range(1, 46))
    store.append(
        late.id,
        expected_seq=45,
        entries=[entry(i) for i in range(46, 56)],
        state={"move": 55},
        now=2.0,
    )
    assert store.checkpoint(late.id, 54) == (0, {"move": 0})
    assert store.checkpoint(late.id, 55) == (55, {"move": 55})


# ----------------------------------------------------------------- export and import


def test_export_import_round_trip(store: Store) -> None:
    row = new_game(store)
    row = store.append(
        row.id, expected_seq=0, entries=[entry(1), entry(2, seat=1)], state={"move": 2}, now=2.0
    )
    row = store.undo(row.id, expected_seq=2, undone_seq=2, state={"move": 1}, user_id=101, now=3)
    row = play(store, row.id, range(3, 5))
    exported = store.export_game(row.id)

    record = GameRecord.from_json(exported)
    assert (record.game, record.seed, record.options) == ("att", 1234, {"hand_size": 2})
    assert [a["card"] for _, a in record.actions] == ["c1", "c3", "c4"]
    assert exported["meta"] == {
        "game_id": row.id,
        "channel_id": 1,
        "status": "active",
        "result": None,
        "seq": 5,
    }
    assert "user_id" not in str(exported["seats"])

    with pytest.raises(TableBusy):
        store.import_game(exported, channel_id=1, guild_id=9, created_by=5, state={}, now=9.0)
    copy = store.import_game(
        exported, channel_id=2, guild_id=9, created_by=5, state={"move": 4}, now=9.0
    )
    assert (copy.status, copy.seq, copy.effective, copy.state) == ("active", 3, 3, {"move": 4})
    assert [s.user_id for s in copy.seats] == [None, None]
    again = store.export_game(copy.id)
    assert {k: v for k, v in again.items() if k != "meta"} == {
        k: v for k, v in exported.items() if k != "meta"
    }
    assert store.checkpoint(copy.id, 3) == (3, {"move": 4})
    with pytest.raises(NoCheckpoint):
        store.checkpoint(copy.id, 2)

    third = store.import_game(
        exported,
        channel_id=3,
        guild_id=9,
        created_by=5,
        state={"move": 4},
        now=9.0,
        initial_state={"move": 0},
    )
    assert store.checkpoint(third.id, 2) == (0, {"move": 0})


def test_import_refuses_a_file_that_is_not_an_export(store: Store) -> None:
    with pytest.raises(CorruptRecord, match="not a game export"):
        store.import_game(
            {"game": "att"}, channel_id=1, guild_id=None, created_by=5, state={}, now=1.0
        )
    assert store.open_game(1) is None


# ----------------------------------------------------------------- damaged rows


def test_a_damaged_log_row_reads_as_a_clear_error(store: Store) -> None:
    row = play(store, new_game(store).id, range(1, 10))
    store.db.execute(
        "UPDATE actions SET action = '{\"kind\": pla' WHERE game_id = ? AND seq = 7", (row.id,)
    )
    with pytest.raises(CorruptRecord) as damaged:
        store.effective_actions(row.id)
    assert str(damaged.value) == (
        f"Game {row.id}'s log row 7 is damaged and cannot be read; export the game and report it."
    )
    assert isinstance(damaged.value, GameError)
    assert len(store.log(row.id, limit=2)) == 2  # rows after it still read


def test_a_damaged_state_fails_only_when_read(store: Store) -> None:
    row = new_game(store)
    store.db.execute("UPDATE games SET state = 'nope' WHERE id = ?", (row.id,))
    loaded = store.open_game(1)
    assert loaded is not None and loaded.seats == SEATS
    with pytest.raises(CorruptRecord, match=f"Game {row.id}'s saved state is damaged"):
        _ = loaded.state


@pytest.mark.parametrize(
    ("column", "text"),
    [
        ("seats", '[{"id": 0, "name": "Ada"}]'),  # a seat without its kind
        ("seats", '{"id": 0}'),  # not a list of seats
        ("settings", '{"undo": "sometimes"}'),  # no such undo rule
        ("options", "[1, 2"),  # not JSON at all
    ],
)
def test_a_damaged_table_record_reads_as_a_clear_error(
    store: Store, column: str, text: str
) -> None:
    row = new_game(store)
    store.db.execute(f"UPDATE games SET {column} = ? WHERE id = ?", (text, row.id))
    with pytest.raises(CorruptRecord) as damaged:
        store.get_game(row.id)
    assert str(damaged.value) == (
        f"Game {row.id}'s table record is damaged and cannot be read; export the game and "
        "report it."
    )


def test_seats_and_settings_come_back_as_the_records_stored(store: Store) -> None:
    settings = TableRecord(seats_wanted=3, undo="table", undo_votes=(101,))
    row = new_game(store, settings=settings)
    again = store.get_game(row.id)
    assert (again.seats, again.settings) == (SEATS, settings)
    assert again.seat_of(101) == SEATS[0] and again.seat(1) == SEATS[1]
    assert again.seat_of(999) is None


# ----------------------------------------------------------------- reminders


def test_reminders_come_due_in_order_and_fire_once(path: Path) -> None:
    with Store(path) as store, Store(path) as other:
        game = new_game(store)
        ids = {
            due: store.add_reminder(
                game_id=game.id,
                channel_id=1,
                user_id=101,
                kind="nudge" if due < 300 else "deadline",
                due_at=float(due),
                payload={"due": due},
            )
            for due in (300, 100, 200)
        }
        assert store.next_due().id == ids[100]
        assert [r.payload["due"] for r in store.due(now=250.0)] == [100, 200]

        assert store.mark_fired(ids[100], now=101.0) is True
        assert other.mark_fired(ids[100], now=102.0) is False
        fired = store.db.execute("SELECT fired_at FROM reminders WHERE id = ?", (ids[100],))
        assert fired.fetchone()[0] == 101.0
        assert store.next_due().id == ids[200]

        assert store.cancel_reminders(game.id, kind="deadline") == 1
        assert store.cancel_reminders(game.id, user_id=999) == 0
        assert store.cancel_reminders(game.id) == 1
        assert store.next_due() is None
        assert store.due(now=10_000.0) == []


def test_a_claim_handed_back_makes_the_reminder_due_again_once(path: Path) -> None:
    """A scheduler whose handler the store failed hands its claim back (issue 34); only
    that claim, and only once, so a reminder another process claimed since stays its."""
    with Store(path) as store, Store(path) as other:
        game = new_game(store)
        rid = store.add_reminder(
            game_id=game.id, channel_id=1, user_id=101, kind="remind", due_at=5.0, payload={}
        )
        assert store.mark_fired(rid, now=10.0)
        assert store.release_fired(rid, fired_at=11.0) is False  # not that claim
        assert other.release_fired(rid, fired_at=10.0) is True
        assert store.release_fired(rid, fired_at=10.0) is False  # handed back already
        assert [r.id for r in store.due(now=20.0)] == [rid]
        assert other.mark_fired(rid, now=20.0) is True
        assert store.mark_fired(rid, now=21.0) is False


@sqlite_only
def test_next_due_is_an_index_seek(store: Store) -> None:
    plan = store.db.execute(
        "EXPLAIN QUERY PLAN "
        "SELECT * FROM reminders WHERE fired_at IS NULL ORDER BY due_at, id LIMIT 1"
    ).fetchall()
    assert [r["detail"] for r in plan] == [
        "SEARCH reminders USING INDEX reminders_next_due (fired_at=?)"
    ]


# ----------------------------------------------------------------- per-user records


def test_user_records_get_set_overwrite(path: Path) -> None:
    with Store(path) as store:
        assert store.get_user(7, "chronicle") is None
        assert store.get_user(7, "away", default=False) is False
        store.set_user(7, "chronicle", {"name": "Wren", "xp": 1}, now=1.0)
        store.set_user(7, "chronicle", {"name": "Wren", "xp": 2}, now=2.0)
        store.set_user(8, "chronicle", ["other"], now=2.0)
    with Store(path) as store:
        assert store.get_user(7, "chronicle") == {"name": "Wren", "xp": 2}
        assert store.get_user(8, "chronicle") == ["other"]


# ----------------------------------------------------------------- ratings and results


def result(game_id: int, who: str, place: int, mu: float | None, **more: Any) -> Result:
    rated = mu is not None
    fields: dict[str, Any] = {
        "game_id": game_id,
        "participant": who,
        "guild_id": 9,
        "game": "att",
        "user_id": int(who.removeprefix("user:")) if who.startswith("user:") else None,
        "name": who,
        "place": place,
        "won": place == 1,
        "rated": rated,
        "mu_before": 25.0 if rated else None,
        "sigma_before": 8.3 if rated else None,
        "mu_after": mu,
        "sigma_after": 8.0 if rated else None,
        "finished_at": 2000.0 + game_id,
    }
    return Result(**{**fields, **more})


def test_a_game_s_results_and_ratings_are_written_once(store: Store) -> None:
    game = new_game(store).id
    rows = [result(game, "user:101", 1, 27.5), result(game, "ai:ai:normal", 2, 22.5)]
    assert store.record_results(rows, now=3000.0)
    # A second write of the same game (a replayed delivery, a restart) changes nothing.
    assert not store.record_results([result(game, "user:101", 1, 40.0)], now=3001.0)
    ratings = store.ratings(9, "att", ["user:101", "ai:ai:normal", "user:5"])
    assert {k: (v.mu, v.games, v.wins) for k, v in ratings.items()} == {
        "user:101": (27.5, 1, 1),
        "ai:ai:normal": (22.5, 1, 0),
    }
    assert [r.participant for r in store.game_results(game)] == ["user:101", "ai:ai:normal"]


def test_stats_read_a_participant_s_record_ratings_and_latest_results(store: Store) -> None:
    games = [new_game(store, channel_id=c, status="finished").id for c in (1, 2, 3)]
    store.record_results([result(games[0], "user:101", 1, 27.0)], now=1.0)
    store.record_results([result(games[1], "user:101", 2, 24.0)], now=2.0)
    # An unrated game counts in the record, not in the rating.
    store.record_results([result(games[2], "user:101", 1, None)], now=3.0)
    assert store.record_of(9, "user:101") == (3, 2)
    assert store.record_of(10, "user:101") == (0, 0)  # another server
    (rating,) = store.ratings_of(9, "user:101")
    assert (rating.game, rating.mu, rating.games, rating.wins) == ("att", 24.0, 2, 1)
    latest = store.results_of(9, "user:101", limit=2)
    assert [(r.game_id, r.rated) for r in latest] == [(games[2], False), (games[1], True)]


def test_the_leaderboard_puts_a_sure_rating_above_a_lucky_one(store: Store) -> None:
    games = [new_game(store, channel_id=c, status="finished").id for c in (1, 2)]
    store.record_results(
        [result(games[0], "user:1", 1, 30.0, sigma_after=8.0), result(games[0], "user:2", 2, 22.0)],
        now=1.0,
    )
    store.record_results([result(games[1], "user:3", 1, 27.0, sigma_after=2.0)], now=2.0)
    board = store.leaderboard(9, "att")
    assert [r.participant for r in board] == ["user:3", "user:1", "user:2"]
    assert store.leaderboard(9, "root") == []
