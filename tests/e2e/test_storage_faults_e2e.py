"""Storage faults as a player meets them (issue 34), through the real discord.py client: a
click while another process holds the store's lock is answered at once and refused with a
sentence, and the next click after plays; a move stored just before the store went away is
confirmed ("the board will follow") and its board delivered, once, when the store is back;
a PostgreSQL restart between two clicks goes unnoticed. No restart of the bot anywhere."""

from __future__ import annotations

import dataclasses
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from bot.discord import outbox
from bot.discord.app import GameMaster
from bot.discord.cogs import deadlines
from bot.discord.flow import LATE_BOARD
from bot.store import GameStore, Store
from bot.store.postgres import PostgresStore
from bot.tables.service import TableService
from tests.bot.test_storage_faults import BUSY, locked_by_another_process
from tests.e2e.driver import REPLY_TIMEOUT, acknowledged, answered, first_choice, slash
from tests.fakediscord import FakeDiscord, InteractionRecord, MessageRecord
from tests.fakediscord.fixtures import connected
from tests.support.pg_cluster import Cluster

pytestmark = pytest.mark.e2e


class Bot:
    def __init__(self, fake: FakeDiscord, bot: GameMaster, store: GameStore) -> None:
        self.fake, self.bot, self.store = fake, bot, store
        guild = fake.add_guild(name="Game Night")
        self.channel = fake.add_channel(guild, name="table-1").id
        self.ann = fake.add_member(guild, name="ann").id
        self.bob = fake.add_member(guild, name="bob").id

    @property
    def service(self) -> TableService:
        return self.bot.service


@pytest_asyncio.fixture
async def on_store(
    fake_discord: FakeDiscord, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[Callable[[GameStore], Awaitable[Bot]]]:
    """Run the bot on a store the test opens, closed after the bot (the sender retries its
    store soon)."""
    monkeypatch.setattr(outbox, "STORE_RETRY", 0.2)
    running: list[tuple[Any, GameStore]] = []

    async def start(store: GameStore) -> Bot:
        seeds = iter(range(11, 10_000))
        bot = GameMaster(
            TableService(store, seed_source=lambda: next(seeds)),
            sync_on_start=True,
            guild_ready_timeout=0.05,
        )
        table = Bot(fake_discord, bot, store)
        context = connected(bot, fake_discord)
        await context.__aenter__()
        running.append((context, store))
        return table

    yield start
    for context, store in running:
        await context.__aexit__(None, None, None)
        store.close()


async def start_att(t: Bot) -> MessageRecord:
    fake, ch = t.fake, t.channel
    await slash(fake, t.ann, ch, "game new", game="att", seats=2, options="character_pick=random")
    await slash(fake, t.bob, ch, "game join")
    await slash(fake, t.ann, ch, "game start")
    return await fake.wait_for_message(ch, lambda m: m.png() is not None and not m.ephemeral)


def boards(t: Bot) -> list[MessageRecord]:
    return [m for m in t.fake.channel(t.channel).messages if not m.ephemeral and m.png()]


async def pick(t: Bot, board: MessageRecord) -> tuple[InteractionRecord, str]:
    """Whoever the game waits for opens the panel and picks its first move; the answer
    the panel ends with."""
    user = t.service.waiting(t.channel)[0].user_id
    assert user is not None
    panel = await answered(t.fake, await t.fake.user(user).click(board, "Your move"))
    assert panel.message_id is not None
    kind, comp = first_choice(panel.components)
    if kind == "button":
        ix = await t.fake.user(user).click(panel.message_id, comp["custom_id"])
    else:
        value = comp["options"][0]["value"]
        ix = await t.fake.user(user).select(panel.message_id, comp["custom_id"], [value])
    await acknowledged(t.fake, ix)  # answered at once, whatever the store does
    await t.fake.wait_until(
        lambda: any(r.content and not r.content.startswith("Playing") for r in ix.responses),
        timeout=REPLY_TIMEOUT,
        what="the pick's outcome",
    )
    return ix, [r.content for r in ix.responses if r.content][-1] or ""


def board_state(t: Bot, board: MessageRecord) -> tuple[Any, ...]:
    return (board.content, len(board.edits), len(boards(t)), t.service.table(t.channel).seq)


async def test_a_click_while_another_process_holds_the_lock_is_refused_then_plays(
    on_store: Any, tmp_path: Path
) -> None:
    db = tmp_path / "gm.sqlite3"
    t = await on_store(Store(db, busy_timeout_ms=300))
    board = await start_att(t)
    before = board_state(t, board)
    with locked_by_another_process(db):
        _, answer = await pick(t, board)
        assert answer == BUSY
        assert board_state(t, board) == before
    _, answer = await pick(t, board)
    assert answer.startswith("Done"), answer
    assert t.service.table(t.channel).seq > before[-1]


async def test_a_board_the_store_could_not_record_is_delivered_once_it_is_back(
    on_store: Any, tmp_path: Path
) -> None:
    db = tmp_path / "gm.sqlite3"
    store = Store(db, busy_timeout_ms=300)
    t = await on_store(store)
    board = await start_att(t)
    locks: list[AbstractContextManager[None]] = []
    append = store.append

    def append_then_lose_the_store(*args: Any, **kwargs: Any) -> Any:
        row = append(*args, **kwargs)  # the move and its post are stored...
        locks.append(locked_by_another_process(db))
        locks[0].__enter__()  # ...and then another process takes the lock
        return row

    vars(store)["append"] = append_then_lose_the_store
    _, answer = await pick(t, board)
    del vars(store)["append"]
    assert answer.startswith(LATE_BOARD), answer
    seq = t.service.table(t.channel).seq
    assert [p.seq for p in store.pending_posts()] == [seq]
    locks[0].__exit__(None, None, None)
    await t.fake.wait_until(
        lambda: not store.pending_posts(), timeout=REPLY_TIMEOUT, what="the board delivered"
    )
    live = [m for m in boards(t) if m.components]
    assert len(live) == 1 and f"gm:move:{store.open_game(t.channel).id}:{seq}" in str(
        live[0].components
    )


async def test_a_postgres_restart_between_two_clicks_goes_unnoticed(
    on_store: Any, pg_url: str, pg_cluster: Cluster
) -> None:
    store = PostgresStore(pg_url)
    t = await on_store(store)
    board = await start_att(t)
    _, answer = await pick(t, board)
    assert answer.startswith("Done"), answer
    seq = t.service.table(t.channel).seq
    pg_cluster.restart()
    board = boards(t)[-1]
    _, answer = await pick(t, board)
    assert answer.startswith("Done"), answer
    assert t.service.table(t.channel).seq > seq
    await t.fake.wait_until(
        lambda: not store.pending_posts(), timeout=REPLY_TIMEOUT, what="every board delivered"
    )


async def test_waits_the_store_could_not_take_are_stored_once_it_is_back(
    on_store: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A change whose reminders could not be stored keeps them owed: they are stored when
    the store is back (else they would never fire)."""
    monkeypatch.setattr(deadlines, "STORE_RETRY", 0.1)
    db = tmp_path / "gm.sqlite3"
    store = Store(db, busy_timeout_ms=100)
    t = await on_store(store)
    await start_att(t)
    row = t.service.table(t.channel)
    await t.fake.wait_until(lambda: store.reminders_for(row.id), timeout=REPLY_TIMEOUT)
    owed = [(r.kind, r.user_id) for r in store.reminders_for(row.id)]
    store.cancel_reminders(row.id)
    cog = t.bot.get_cog("DeadlinesCog")
    assert isinstance(cog, deadlines.DeadlinesCog)
    update = dataclasses.replace(t.service.current_update(t.channel), waiting_changed=True)
    with locked_by_another_process(db):
        await cog.on_gm_update(update)
        assert store.reminders_for(row.id) == []
    await t.fake.wait_until(
        lambda: store.reminders_for(row.id), timeout=REPLY_TIMEOUT, what="the waits stored"
    )
    assert [(r.kind, r.user_id) for r in store.reminders_for(row.id)] == owed
