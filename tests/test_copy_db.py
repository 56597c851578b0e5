"""``gm copy-db``: a SQLite file to PostgreSQL and back, every row verified by counts and
checksums, and the games playable where they arrive (issue "When a bot outgrows one
machine")."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.__main__ import main
from bot.store.copy_db import TABLES, CopyError, checksums, copy_db, open_for_copy
from bot.store.schema import MIGRATIONS
from bot.tables.service import TableService
from tests.conftest import FakeClock

ANN, BOB = 1, 2


def busy_store(service: TableService) -> None:
    """Two channels' games with moves, an undo, a finished game, reminders, user records."""
    for channel in (100, 200):
        service.new_table(channel, 9, ANN, "Ann", "toy", {})
        service.join(channel, BOB, "Bob")
        update = service.start(channel, ANN)
        for _ in range(3):
            user = update.waiting[0].user_id
            assert user is not None
            update = service.act(channel, user, service.choices(channel, user)[0].ref)
        service.store.add_reminder(
            game_id=update.game_id,
            channel_id=channel,
            user_id=ANN,
            kind="nudge",
            due_at=1.5e9 + channel,
            payload={"seat": 0},
        )
        service.store.owe_post(
            game_id=update.game_id, channel_id=channel, seq=update.seq, payload={}, now=2.5
        )
    service.end(200, ANN, is_manager=True)
    service.store.set_user(ANN, "away", {"until": 1.9e9}, now=1.25)


def test_sqlite_to_postgres_and_back_loses_nothing(
    tmp_path: Path, pg_url: str, clock: FakeClock
) -> None:
    source = open_for_copy(tmp_path / "gm.sqlite3")
    busy_store(TableService(source, clock=clock))
    sent = checksums(source)
    assert sent["games"].rows == 2 and sent["actions"].rows >= 6

    target = open_for_copy(pg_url)
    assert copy_db(source, target) == sent

    # The copied games play on, and new rows take ids after the copied ones.
    service = TableService(target, clock=clock)
    user = service.waiting(100)[0].user_id
    assert user is not None
    moved = service.act(100, user, service.choices(100, user)[0].ref)
    assert moved.seq == source.get_game(moved.game_id).seq + 1
    service.new_table(200, 9, BOB, "Bob", "toy", {})
    assert service.table(200).id == 3

    back = open_for_copy(tmp_path / "back.sqlite3")
    assert copy_db(target, back) == checksums(target)
    assert back.get_game(moved.game_id).state == target.get_game(moved.game_id).state
    assert checksums(back)["games"].rows == 3
    for store in (source, target, back):
        store.close()


def test_a_copy_refuses_a_target_that_holds_rows(tmp_path: Path, clock: FakeClock) -> None:
    source = open_for_copy(tmp_path / "a.sqlite3")
    busy_store(TableService(source, clock=clock))
    target = open_for_copy(tmp_path / "b.sqlite3")
    target.set_user(BOB, "away", True, now=1.0)
    with pytest.raises(CopyError, match="already holds rows in user_records"):
        copy_db(source, target)
    assert {t: s.rows for t, s in checksums(target).items()} == {
        t: int(t == "user_records") for t in TABLES
    }


def test_gm_migrate_and_copy_db_commands(
    tmp_path: Path, pg_url: str, clock: FakeClock, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "gm.sqlite3"
    assert main(["migrate", "--db", str(source)]) == 0
    assert main(["migrate", "--db", pg_url]) == 0
    assert main(["migrate", "--db", pg_url]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == [
        f"Migrated {source} from schema version 0 to {len(MIGRATIONS)}.",
        f"Migrated {pg_url} from schema version 0 to {len(MIGRATIONS)}.",
        f"{pg_url} is at schema version {len(MIGRATIONS)}; nothing to do.",
    ]
    with open_for_copy(source) as store:
        busy_store(TableService(store, clock=clock))
    assert main(["copy-db", str(source), pg_url]) == 0
    out = capsys.readouterr().out
    assert "games                 2 rows" in out and out.count("verified") == len(TABLES)
    assert main(["copy-db", str(source), pg_url]) == 1  # not into a database with rows
    assert "Nothing copied: The target already holds rows in games" in capsys.readouterr().err
