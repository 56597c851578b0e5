"""Benchmark of the PostgreSQL store against SQLite under the table service: prints figures,
asserts nothing (issue "When a bot outgrows one machine").

Stores ``--games`` games (100,000 by default) of Ancient Terrible Things in each store: one
game is opened and played a few moves through the service, then cloned in SQL (its row, log
and checkpoint) into a channel of its own. Then, side by side:

- ``act`` without a picture (``TableService.act``, what a click costs before drawing): p50
  and p99 over ``--moves`` clicks in one process;
- moves per second (read whom the game waits for, list the choices, act) with one bot
  process and with two on PostgreSQL (disjoint channels, as two processes with their own
  shards have), and with one process on SQLite.

PostgreSQL is a throwaway server started for the run (``tests/support/pg_cluster.py``), or
``--url`` for an existing empty database:

    python -m bench.postgres_bench --games 100000 --moves 1500    (from the project root)
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from bot.store import GameStore, open_store
from bot.tables.service import TableService

GAME = "att"
FIRST_CHANNEL = 10_000
WARM_MOVES = 5

# A recursive series both stores understand (SQLite has no generate_series by default).
_SERIES = "WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < ?) "


def fill(target: Any, games: int) -> list[int]:
    """``games`` running games, one per channel; return their channels."""
    store = open_store(target)
    service = TableService(store)
    service.new_table(1, 1, 1, "P1", GAME, {})
    service.join(1, 2, "P2")
    update = service.start(1, 1)
    for _ in range(WARM_MOVES):
        user = update.waiting[0].user_id
        assert user is not None
        update = service.act(1, user, service.choices(1, user)[0].ref)
    template = update.game_id
    db: Any = store.db  # SQLite's sqlite-utils handle or PostgreSQL's RawSql, same dialect
    clones = games - 1
    db.execute(
        _SERIES
        + """INSERT INTO games (channel_id, guild_id, game, status, seed, options,
               seats, settings, seq, effective, state, created_by, created_at, updated_at)
           SELECT ? + i, i % 50, game, status, seed + i, options, seats, settings, seq,
               effective, state, created_by, created_at, updated_at
           FROM games AS t, s WHERE t.id = ?""",
        (clones, FIRST_CHANNEL, template),
    )
    for table, columns in (
        ("actions", "seq, kind, position, undoes, seat, user_id, action, events, at"),
        ("snapshots", "n, seq, state"),
    ):
        picked = ", ".join(f"a.{c.strip()}" for c in columns.split(","))
        db.execute(
            f"""INSERT INTO {table} (game_id, {columns})
                SELECT g.id, {picked} FROM {table} AS a, games AS g
                WHERE a.game_id = ? AND g.id <> ?""",
            (template, template),
        )
    store.close()
    return [FIRST_CHANNEL + i for i in range(1, games)]


def play(target: Any, channels: list[int], moves: int) -> tuple[int, float, float, list[float]]:
    """Make ``moves`` moves round the channels; return (moves, start, end, act latencies)."""
    store: GameStore = open_store(target)
    service = TableService(store)
    acts: list[float] = []
    start = time.perf_counter()
    wall_start = time.time()
    for n in range(moves):
        channel = channels[n % len(channels)]
        waiting = service.waiting(channel)
        user = waiting[0].user_id if waiting else None
        if user is None:
            continue  # this game ended
        ref = service.choices(channel, user)[0].ref
        t0 = time.perf_counter()
        service.act(channel, user, ref)
        acts.append(time.perf_counter() - t0)
    elapsed = time.perf_counter() - start
    store.close()
    return len(acts), wall_start, wall_start + elapsed, acts


def side_by_side(
    target: Any, channels: list[int], processes: int, moves: int
) -> tuple[float, list[float]]:
    """Moves per second with ``processes`` bot processes, each on its own channels."""
    shares = [channels[i::processes] for i in range(processes)]
    with mp.get_context("spawn").Pool(processes) as pool:
        results = pool.starmap(play, [(target, share, moves) for share in shares])
    done = sum(r[0] for r in results)
    span = max(r[2] for r in results) - min(r[1] for r in results)
    return done / span, [t for r in results for t in r[3]]


def percentile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--moves", type=int, default=1500, help="per process and run")
    parser.add_argument("--url", help="an empty PostgreSQL database (default: a throwaway one)")
    args = parser.parse_args()

    cluster = None
    url = args.url
    if url is None:
        from tests.support.pg_cluster import Cluster

        cluster = Cluster()
        url = cluster.new_database()
    tmp = tempfile.TemporaryDirectory()
    stores: dict[str, Any] = {"postgresql": url, "sqlite": Path(tmp.name) / "bench.sqlite3"}
    try:
        print(f"{args.games} stored games of {GAME} per store, {args.moves} moves per process")
        lines = []
        for name, target in stores.items():
            t0 = time.perf_counter()
            channels = fill(target, args.games)
            print(f"fill {name}: {time.perf_counter() - t0:.1f} s")
            runs = [1, 2] if name == "postgresql" else [1]
            for processes in runs:
                rate, acts = side_by_side(target, channels, processes, args.moves)
                lines.append(
                    f"{name:10} {processes} process{'es' if processes > 1 else '  '}  "
                    f"{rate:8.1f} moves/s   act p50 {statistics.median(acts) * 1000:6.2f} ms"
                    f"   p99 {percentile(acts, 0.99) * 1000:6.2f} ms"
                )
        print("\n".join(lines))
    finally:
        tmp.cleanup()
        if cluster is not None:
            cluster.stop()


if __name__ == "__main__":
    main()
