"""Two bot processes over one PostgreSQL, each holding one of two shards (issue "When a bot
outgrows one machine"): each server's events reach only its shard's bot, a reminder both
bots' schedulers see goes out once, a click delivered to both applies once, and a bot that
goes away mid-game leaves the other serving its shard and resumes its own games when it
comes back.

The two bots are two ``ShardedGameMaster`` clients in the test's event loop, each with its
own store connection pool and table service (caches and locks not shared); the fake gateway
routes by ``IDENTIFY``'s shard pair.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.discord.cogs.deadlines import DeadlinesCog
from bot.discord.sharding import ShardedGameMaster, ShardPlan
from bot.store.postgres import PostgresStore
from bot.tables.service import TableService
from bot.tables.waits import add_item
from tests.e2e.driver import (
    acknowledged,
    answered,
    first_choice,
    next_board,
    slash,
    take_a_move,
)
from tests.fakediscord import FakeDiscord, MessageRecord
from tests.fakediscord.fixtures import connected

pytestmark = pytest.mark.e2e

SHARDS = 2
# Guild ids whose timestamp bits put them on shard 0 and shard 1 of two.
GUILD_IDS = ((1_000 << 22) | 1, (1_001 << 22) | 1)


@contextlib.asynccontextmanager
async def bot_on(fake: FakeDiscord, url: str, shard: int) -> AsyncIterator[ShardedGameMaster]:
    store = PostgresStore(url)
    seeds = iter(range(100 * shard, 100 * shard + 10_000))
    bot = ShardedGameMaster(
        TableService(store, seed_source=lambda: next(seeds)),
        sync_on_start=shard == 0,
        guild_ready_timeout=0.05,
        shard_ids=[shard],
        shard_count=SHARDS,
    )
    try:
        async with connected(bot, fake, commands=shard == 0):
            yield bot
    finally:
        store.close()


async def open_game(fake: FakeDiscord, channel: int, ann: int, bob: int) -> MessageRecord:
    await slash(fake, ann, channel, "game new", game="att", seats=2)
    await slash(fake, bob, channel, "game join")
    last = fake.channel(channel).last_message()
    await slash(fake, ann, channel, "game start")
    return await next_board(fake, channel, last.id)


def notices(fake: FakeDiscord, channels: list[int], players: list[int], mark: int) -> int:
    """Messages after ``mark`` that nudge a player: in a DM, or mentioning them in a channel
    without a board picture."""
    count = 0
    for user in players:
        dm = fake.world.dm_with(user)
        count += len([m for m in dm.messages if m.id > mark]) if dm is not None else 0
    for ch in channels:
        count += sum(
            1
            for m in fake.channel(ch).messages
            if m.id > mark and m.png() is None and any(f"<@{u}>" in m.content for u in players)
        )
    return count


async def remind_everyone(
    fake: FakeDiscord, bots: list[ShardedGameMaster], channels: list[int], players: list[int]
) -> None:
    store = bots[0].service.store
    mark = max(m.id for ch in channels for m in fake.channel(ch).messages)
    now = time.time()
    for ch in channels:
        row = store.open_game(ch)
        assert row is not None
        # The current board's own items (stored once the outbox has posted it, carrying the
        # game's sequence number) replace a seat's items: ours must come after them.
        for _ in range(400):
            if any(r.payload.get("seq") == row.seq for r in store.reminders_for(row.id)):
                break
            await asyncio.sleep(0.05)
        for w in bots[0].service.waiting(ch):
            assert w.user_id is not None
            add_item(store, row, w.seat, w.user_id, now - 3 * 86_400, "remind", now - 1)
    for bot in bots:
        cog = bot.get_cog("DeadlinesCog")
        assert isinstance(cog, DeadlinesCog)
        cog.scheduler.poke()
    await fake.wait_until(
        lambda: notices(fake, channels, players, mark) >= len(channels),
        what="the reminders",
        timeout=30,
    )
    # Let both schedulers finish another pass: a second copy would arrive by then.
    for bot in bots:
        cog = bot.get_cog("DeadlinesCog")
        assert isinstance(cog, DeadlinesCog)
        cog.scheduler.poke()
    await asyncio.sleep(0.5)
    assert notices(fake, channels, players, mark) == len(channels)


async def test_two_sharded_bots_share_one_database(fake_discord: FakeDiscord, pg_url: str) -> None:
    fake = fake_discord
    assert [ShardPlan.shard_of(g, SHARDS) for g in GUILD_IDS] == [0, 1]
    guilds = [fake.add_guild(id=g, name=f"Server {i}") for i, g in enumerate(GUILD_IDS)]
    channels = [fake.add_channel(g, name="table").id for g in guilds]
    ann, bob = (fake.add_member(guilds[0], name=n) for n in ("ann", "bob"))
    for user in (ann, bob):
        fake.add_member(guilds[1], id=user.id, name=user.name)
    players = [ann.id, bob.id]

    async with bot_on(fake, pg_url, 1) as second:
        async with bot_on(fake, pg_url, 0) as first:
            assert [g.id for g in first.guilds] == [GUILD_IDS[0]]
            assert [g.id for g in second.guilds] == [GUILD_IDS[1]]
            boards = [await open_game(fake, ch, ann.id, bob.id) for ch in channels]
            for i, ch in enumerate(channels):
                boards[i] = await take_a_move(fake, ch, boards[i], players)

            # A reminder due in each game: both bots' schedulers race for it, one sends it.
            await remind_everyone(fake, [first, second], channels, players)

            # The same click delivered to both bots: Discord takes one answer, one move.
            ch = channels[0]
            before = first.service.table(ch).seq
            user = first.service.waiting(ch)[0].user_id
            assert user is not None
            panel_ix = await fake.user(user).click(boards[0], "Your move")
            await acknowledged(fake, panel_ix)
            panel = await answered(fake, panel_ix)
            assert panel.components and panel.message_id is not None
            kind, comp = first_choice(panel.components)
            if kind == "button":
                pick = await fake.user(user).click(panel.message_id, comp["custom_id"])
            else:
                value = comp["options"][0]["value"]
                pick = await fake.user(user).select(panel.message_id, comp["custom_id"], [value])
            await fake.user(user).redeliver(pick, to_all=True)
            boards[0] = await next_board(fake, ch, boards[0].id)
            await fake.wait_until(
                lambda: first.in_flight == 0 and second.in_flight == 0, what="both bots idle"
            )
            assert first.service.table(ch).seq == before + 1
            assert second.service.table(ch).seq == before + 1
            # The bot that got the copy second was refused its answer by Discord, as it
            # would be (and its error notice too); nothing else went wrong.
            refused = fake.world.unexpected
            assert refused and all(
                f"/interactions/{pick.id}/" in line and "already acknowledged" in line
                for line in refused
            ), refused
            refused.clear()

        # The first bot is gone: the second keeps serving its server.
        boards[1] = await take_a_move(fake, channels[1], boards[1], players)
        seq_left = second.service.table(channels[0]).seq

        # Back again, with a fresh pool and cache: its game goes on from the stored one.
        async with bot_on(fake, pg_url, 0) as again:
            assert again.service.table(channels[0]).seq == seq_left
            boards[0] = await take_a_move(fake, channels[0], boards[0], players)
            assert again.service.table(channels[0]).seq > seq_left


class BotProcess:
    """``gm run --shards 1 --shard-count 2`` as an operating-system process of its own."""

    def __init__(self, fake: FakeDiscord, url: str, workdir: Path) -> None:
        self.fake, self.url, self.workdir = fake, url, workdir
        self.proc: subprocess.Popen[bytes] | None = None
        self.log = workdir / "bot.log"

    def start(self) -> None:
        env = {
            **os.environ,
            "PYTHONPATH": str(Path(__file__).resolve().parents[2]),
            "DISCORD_TOKEN": self.fake.token,
            "GM_DISCORD_API": self.fake.base_url,
            "GM_DATABASE_URL": self.url,
            "GM_DATA_DIR": str(self.workdir),
            "GM_RENDER_PROCESSES": "0",
            "GM_LOG_LEVEL": "INFO",
        }
        self.log.write_bytes(b"")
        with self.log.open("ab") as out:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "bot", "run", "--shards", "1", "--shard-count", "2"],
                cwd=self.workdir,
                env=env,
                stdout=out,
                stderr=subprocess.STDOUT,
            )

    async def ready(self) -> None:
        """Until it logs its ``on_ready`` (the fake cannot see a log file, so poll it)."""
        for _ in range(1200):
            if "connected as" in self.log.read_text(errors="replace"):
                return
            assert self.proc is not None and self.proc.poll() is None, self.log.read_text()
            await asyncio.sleep(0.05)
        raise AssertionError("the bot process did not connect:\n" + self.log.read_text())

    def kill(self) -> None:
        """SIGKILL: no drain, no goodbye, as a crashed machine."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=30)


async def test_a_killed_bot_process_resumes_its_games_after_restart(
    fake_discord: FakeDiscord, pg_url: str, tmp_path: Path
) -> None:
    fake = fake_discord
    guilds = [fake.add_guild(id=g, name=f"Server {i}") for i, g in enumerate(GUILD_IDS)]
    channels = [fake.add_channel(g, name="table").id for g in guilds]
    ann, bob = (fake.add_member(guilds[0], name=n) for n in ("ann", "bob"))
    for user in (ann, bob):
        fake.add_member(guilds[1], id=user.id, name=user.name)
    players = [ann.id, bob.id]
    other = BotProcess(fake, pg_url, tmp_path)
    other.start()
    try:
        async with bot_on(fake, pg_url, 0) as first:
            await other.ready()
            boards = [await open_game(fake, ch, ann.id, bob.id) for ch in channels]
            boards[1] = await take_a_move(fake, channels[1], boards[1], players)
            seq = first.service.table(channels[1]).seq

            other.kill()  # mid-game: its server's game waits in the database
            boards[0] = await take_a_move(fake, channels[0], boards[0], players)

            other.start()
            await other.ready()
            boards[1] = await take_a_move(fake, channels[1], boards[1], players)
            assert first.service.table(channels[1]).seq > seq
    finally:
        if other.proc is not None and other.proc.poll() is None:
            other.proc.terminate()
            # Waited for off the event loop: the bot drains its last interaction (the board
            # just posted is still being reconciled), which needs the fake to answer.
            await asyncio.to_thread(other.proc.wait, 30)
