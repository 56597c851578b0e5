"""Storage faults timed (issue 34): prints figures, asserts nothing.

Runs the bot (the real discord.py client, in this process) against the fake Discord on a
SQLite store with the default busy timeout (5 s). Another process takes the store's write
lock and holds it ``--hold`` seconds (8 by default); meanwhile a player picks a move, and
picks again as soon as the first pick is answered. Prints, from the moment the lock was
taken: when each pick was acknowledged and answered and with what, whether the board
stayed as it was, and when the bot had delivered what it owed after the lock went. With
``--postgres`` it also restarts a throwaway PostgreSQL server (``tests/support``) between
two moves and times the second one.

    python -m bench.fault_bench [--hold 8] [--postgres]     (from the project root)

The tests (``tests/bot/test_storage_faults.py``) prove the same with a 0.2 s busy timeout;
this is the issue's timing, too slow for the suite.
"""

from __future__ import annotations

import argparse
import asyncio
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bot.discord.app import GameMaster
from bot.store import GameStore, Store
from bot.tables.service import TableService
from tests.e2e.driver import answered, first_choice, slash
from tests.fakediscord import FakeDiscord, InteractionRecord, MessageRecord
from tests.fakediscord.fixtures import connected

HOLDER = """
import sqlite3, sys, time
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute("BEGIN EXCLUSIVE")
print("locked", flush=True)
time.sleep(float(sys.argv[2]))
"""


class Table:
    def __init__(self, fake: FakeDiscord, store: GameStore) -> None:
        self.fake = fake
        self.store = store
        seeds = iter(range(11, 10_000))
        self.bot = GameMaster(
            TableService(store, seed_source=lambda: next(seeds)),
            sync_on_start=True,
            guild_ready_timeout=0.05,
        )
        guild = fake.add_guild(name="Game Night")
        self.channel = fake.add_channel(guild, name="table-1").id
        self.ann = fake.add_member(guild, name="ann").id
        self.bob = fake.add_member(guild, name="bob").id

    async def start(self) -> MessageRecord:
        fake, ch = self.fake, self.channel
        await slash(fake, self.ann, ch, "game new", game="att", seats=2)
        await slash(fake, self.bob, ch, "game join")
        await slash(fake, self.ann, ch, "game start")
        return await fake.wait_for_message(ch, lambda m: m.png() is not None and not m.ephemeral)

    def board(self) -> MessageRecord:
        boards = self.fake.channel(self.channel).messages
        return [m for m in boards if not m.ephemeral and m.png()][-1]

    async def open_pick(self) -> tuple[int, str, dict[str, object]]:
        """The waiting player's panel: (user, its message, its first move)."""
        user = self.bot.service.waiting(self.channel)[0].user_id
        assert user is not None
        panel = await answered(
            self.fake, await self.fake.user(user).click(self.board(), "Your move")
        )
        assert panel.message_id is not None
        return user, str(panel.message_id), first_choice(panel.components)[1]

    async def pick(self, user: int, panel: str, comp: dict[str, object]) -> InteractionRecord:
        custom_id = str(comp["custom_id"])
        if "options" in comp:
            value = comp["options"][0]["value"]  # type: ignore[index]
            return await self.fake.user(user).select(int(panel), custom_id, [value])
        return await self.fake.user(user).click(int(panel), custom_id)


async def outcome(fake: FakeDiscord, ix: InteractionRecord, t0: float) -> tuple[float, float, str]:
    """When ``ix`` was acknowledged and finally answered (seconds after ``t0``), and how."""
    await fake.wait_until(lambda: ix.acked_at is not None, timeout=60)
    acked = time.monotonic() - t0
    await fake.wait_until(
        lambda: any(r.content and not r.content.startswith("Playing") for r in ix.responses),
        timeout=60,
    )
    answer = [r.content for r in ix.responses if r.content][-1] or ""
    return acked, time.monotonic() - t0, answer.split("\n")[0]


async def sqlite_lock(hold: float) -> None:
    fake = FakeDiscord(heartbeat_interval=0.5, ack_deadline=None)
    await fake.start()
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "gm.sqlite3"
        store = Store(db)
        table = Table(fake, store)
        try:
            async with connected(table.bot, fake):
                await table.start()
                user, panel, comp = await table.open_pick()
                before = (table.board().content, table.bot.service.table(table.channel).seq)
                holder = subprocess.Popen(
                    [sys.executable, "-c", HOLDER, str(db), str(hold)],
                    stdout=subprocess.PIPE,
                    text=True,
                )
                assert holder.stdout is not None
                holder.stdout.readline()
                t0 = time.monotonic()
                print(f"another process holds the write lock for {hold:.1f} s (t = 0)")
                first = await outcome(fake, await table.pick(user, panel, comp), t0)
                after = (table.board().content, table.bot.service.table(table.channel).seq)
                print(
                    f"pick 1 at t=0.0: acknowledged at {first[0] * 1000:.0f} ms, answered at "
                    f"{first[1]:.2f} s: {first[2]!r}; board and game "
                    + ("unchanged" if after == before else "CHANGED")
                )
                user, panel, comp = await table.open_pick()
                t1 = time.monotonic() - t0
                second = await outcome(fake, await table.pick(user, panel, comp), t0)
                print(
                    f"pick 2 at t={t1:.2f}: acknowledged at {second[0]:.2f} s, answered at "
                    f"{second[1]:.2f} s: {second[2]!r}"
                )
                holder.wait()
                print(f"lock released at {time.monotonic() - t0:.2f} s")
                await fake.wait_until(lambda: not store.pending_posts(), timeout=60)
                print(f"outbox empty (every board owed posted) at {time.monotonic() - t0:.2f} s")
        finally:
            store.close()
            await fake.stop()


async def postgres_restart() -> None:
    from bot.store.postgres import PostgresStore
    from tests.support.pg_cluster import Cluster

    cluster = Cluster()
    fake = FakeDiscord(heartbeat_interval=0.5, ack_deadline=None)
    await fake.start()
    store = PostgresStore(cluster.new_database())
    table = Table(fake, store)
    try:
        async with connected(table.bot, fake):
            await table.start()
            for label in ("before the restart", "after the restart"):
                if label.startswith("after"):
                    t = time.monotonic()
                    cluster.restart()
                    print(f"PostgreSQL restarted in {time.monotonic() - t:.2f} s")
                user, panel, comp = await table.open_pick()
                t0 = time.monotonic()
                acked, done, answer = await outcome(fake, await table.pick(user, panel, comp), t0)
                print(
                    f"a move {label}: acknowledged {acked * 1000:.0f} ms, answered "
                    f"{done * 1000:.0f} ms: {answer!r}"
                )
    finally:
        store.close()
        await fake.stop()
        cluster.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hold", type=float, default=8.0, help="seconds the lock is held")
    parser.add_argument("--postgres", action="store_true", help="also restart PostgreSQL")
    args = parser.parse_args()
    asyncio.run(sqlite_lock(args.hold))
    if args.postgres:
        asyncio.run(postgres_restart())


if __name__ == "__main__":
    main()
