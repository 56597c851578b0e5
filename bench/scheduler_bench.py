"""Benchmark of the scheduler behind reminders and deadlines (bot.scheduler): prints figures,
asserts nothing.

Fills a store with N tables, each holding a reminder chain and a deadline (2 N due times),
then measures what the scheduler loop does on every wake-up: the next-due lookup (budget:
p99 under 2 ms) and firing due items in bulk, with memory (tracemalloc and RSS) before and
after firing a few thousand items, each of which stores its successor as a reminder does:

    python -m bench.scheduler_bench --tables 10000 --fire 5000     (from the project root)
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import statistics
import tempfile
import time
import tracemalloc
from pathlib import Path

from bot.store import Reminder, Store
from bot.tables.scheduler import Scheduler

HOUR = 3600.0
START = 1_800_000_000.0


def fill(store: Store, tables: int, rng: random.Random) -> None:
    """One game per table, with a reminder and a deadline due in the next two days."""
    for i in range(tables):
        game = store.create_game(
            channel_id=10_000 + i,
            guild_id=1 + i % 50,
            game="toy",
            seed=i,
            options={},
            seats=[{"id": 0, "name": "Ann", "kind": "human", "user_id": 1 + i, "policy": None}],
            state={},
            created_by=1 + i,
            now=START,
            status="active",
        )
        since = START - rng.uniform(0, 48 * HOUR)
        for kind, after in (("remind", 12 * HOUR), ("deadline", 48 * HOUR)):
            store.add_reminder(
                game_id=game.id,
                channel_id=10_000 + i,
                user_id=1 + i,
                kind=kind,
                due_at=since + after,
                payload={"seat": 0, "seq": 0, "since": since},
            )


def percentile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def rss_mib() -> float:
    """Resident memory now (Linux /proc), in MiB; 0 where unavailable."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
    except (OSError, IndexError, ValueError):
        return 0.0
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=10_000)
    parser.add_argument("--fire", type=int, default=5_000, help="items to fire in the run")
    parser.add_argument("--lookups", type=int, default=5_000)
    args = parser.parse_args()
    rng = random.Random(1)

    with tempfile.TemporaryDirectory() as tmp, Store(Path(tmp) / "bench.sqlite3") as store:
        t0 = time.perf_counter()
        fill(store, args.tables, rng)
        print(
            f"filled {args.tables} tables, {2 * args.tables} due times "
            f"in {time.perf_counter() - t0:.1f} s"
        )

        lookups = []
        for _ in range(args.lookups):
            t = time.perf_counter()
            store.next_due()
            lookups.append((time.perf_counter() - t) * 1000)
        print(
            f"next_due: p50 {statistics.median(lookups):.3f} ms, "
            f"p99 {percentile(lookups, 0.99):.3f} ms, max {max(lookups):.3f} ms "
            f"(budget p99 < 2 ms)"
        )

        # Each fired item stores its successor a day later, like a reminder chain, so the
        # table keeps its size while items are fired.
        def handler(reminder: Reminder) -> None:
            store.add_reminder(
                game_id=reminder.game_id,
                channel_id=reminder.channel_id,
                user_id=reminder.user_id,
                kind=reminder.kind,
                due_at=reminder.due_at + 24 * HOUR,
                payload=reminder.payload,
            )

        scheduler = Scheduler(store, time.time, handler)
        now = scheduler.next_due_at() or START
        scheduler.fire_due(now + HOUR)  # warm-up: caches, first allocations
        tracemalloc.start()
        marks = []  # (fired so far, traced bytes, RSS MiB) at the start and after each half
        fired, now = 0, now + HOUR
        t0 = time.perf_counter()
        for goal in (0, args.fire // 2, args.fire):
            while fired < goal:
                now += HOUR / 4  # the loop wakes at each due time; a quarter hour batches
                fired += len(scheduler.fire_due(now))
            gc.collect()
            marks.append((fired, tracemalloc.get_traced_memory()[0], rss_mib()))
        elapsed = time.perf_counter() - t0
        tracemalloc.stop()
        print(
            f"fired {fired} items in {elapsed:.2f} s ({fired / elapsed:,.0f}/s, "
            f"claim + handler storing the next)"
        )
        for count, traced, rss in marks:
            print(
                f"  after {count:>5} fired: traced heap {traced / 1024:7.1f} KiB, RSS {rss:.1f} MiB"
            )
        pending = store.db.execute(
            "SELECT count(*) FROM reminders WHERE fired_at IS NULL"
        ).fetchone()[0]
        print(f"pending items after the run: {pending} (the chain keeps the table full)")

        lookups = []
        for _ in range(args.lookups):
            t = time.perf_counter()
            store.next_due()
            lookups.append((time.perf_counter() - t) * 1000)
        print(
            f"next_due after firing (fired rows stay in the table): "
            f"p50 {statistics.median(lookups):.3f} ms, p99 {percentile(lookups, 0.99):.3f} ms"
        )


if __name__ == "__main__":
    main()
