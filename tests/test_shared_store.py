"""Several bot processes on one database: the store's commit is the only guard (issue "When a
bot outgrows one machine"). Each test opens the database twice, as two processes would, and
drives two table services or two schedulers whose in-process locks know nothing of each
other; both stores, SQLite and PostgreSQL, must apply a click once and fire a reminder once.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.store import GameStore, Reminder, open_store
from bot.tables.scheduler import Scheduler
from bot.tables.service import TableService
from engines.core.errors import GameError
from tests.conftest import FakeClock

CH = 100
ANN, BOB = 1, 2


@pytest.fixture(params=["sqlite", "postgres"])
def two_stores(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[list[GameStore]]:
    """The same database opened twice, as two bot processes open it."""
    target: Any = tmp_path / "gm.sqlite3"
    if request.param == "postgres":
        target = request.getfixturevalue("pg_url")
    stores = [open_store(target), open_store(target)]
    yield stores
    for store in stores:
        store.close()


def gate_appends(store: GameStore, barrier: threading.Barrier) -> None:
    """Hold ``store.append`` until both writers have read the board and chosen their move,
    so both commit against the same sequence number."""
    append: Callable[..., Any] = store.append

    def gated(*args: Any, **kwargs: Any) -> Any:
        barrier.wait(timeout=30)
        return append(*args, **kwargs)

    vars(store)["append"] = gated  # an instance attribute shadows the method


def test_the_same_click_on_two_services_applies_once(
    two_stores: list[GameStore], clock: FakeClock
) -> None:
    first, second = (TableService(s, clock=clock) for s in two_stores)
    first.new_table(CH, 9, ANN, "Ann", "toy", {})
    first.join(CH, BOB, "Bob")
    started = first.start(CH, ANN)
    ref = first.choices(CH, ANN)[0].ref
    barrier = threading.Barrier(2)
    for store in two_stores:
        gate_appends(store, barrier)
    outcomes: list[str] = []

    def click(service: TableService) -> None:
        try:
            service.act(CH, ANN, ref)
            outcomes.append("applied")
        except GameError as refused:
            outcomes.append(str(refused))

    threads = [threading.Thread(target=click, args=(s,)) for s in (first, second)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert sorted(outcomes) == [
        "The board moved on before your move arrived; nothing was changed. "
        "Look at the latest board.",
        "applied",
    ]
    row = two_stores[1].get_game(started.game_id)
    assert row.seq == started.seq + 1
    assert [r.user_id for r in two_stores[0].log(row.id)] == [ANN]
    # The loser's cache is behind the store now; its next read follows the store.
    assert second.table(CH).seq == row.seq
    assert [w.name for w in second.waiting(CH)] == ["Bob"]


def test_two_schedulers_fire_every_due_item_once(two_stores: list[GameStore]) -> None:
    game = two_stores[0].create_game(
        channel_id=CH,
        guild_id=9,
        game="toy",
        seed=1,
        options={},
        seats=[],
        state={},
        created_by=ANN,
        now=0.0,
    )
    ids = {
        two_stores[0].add_reminder(
            game_id=game.id,
            channel_id=CH,
            user_id=ANN,
            kind="nudge",
            due_at=float(i),
            payload={"i": i},
        )
        for i in range(60)
    }
    fired: list[int] = []
    lock = threading.Lock()
    start = threading.Barrier(2)

    def handler(reminder: Reminder) -> int:
        with lock:
            fired.append(reminder.id)
        return reminder.id

    def run(store: GameStore) -> None:
        scheduler = Scheduler(store, clock=lambda: 100.0, handler=handler, batch=7)
        start.wait(timeout=30)
        scheduler.fire_due(100.0)

    threads = [threading.Thread(target=run, args=(s,)) for s in two_stores]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(fired) == sorted(ids)
    assert two_stores[1].next_due() is None
