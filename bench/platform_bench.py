"""Platform benchmark (issue: platform): the service's ``act`` end to end.

Fills a store with N finished-length games (default 10,000), then measures on live games:
- act without the picture: load (cache cold: a fresh service per sample), apply, AI seats,
  persist — p50/p99 in ms;
- act plus rendering the board picture — p50/p99 in ms;
- cold load of a 300-action game (new store, open_game, decode state) — p50/p99 in ms;
- store size per game in bytes.

    python bench/platform_bench.py [--games 10000] [--game att] [--samples 300]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from bot.store import Store
from bot.tables.service import TableService
from engines import registry


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


def play_one(service: TableService, channel: int, moves: int | None) -> int:
    """Seat a human and an AI-free table of two humans, play ``moves`` first legal moves."""
    service.new_table(channel, 1, 1, "Ann", GAME)
    service.join(channel, 2, "Bob")
    update = service.start(channel, 1)
    n = 0
    while update.status == "active" and (moves is None or n < moves):
        user = update.waiting[0].user_id
        choices = service.choices(channel, user)
        update = service.act(channel, user, choices[n % len(choices)].ref)
        n += 1
    return n


GAME = "att"


def main() -> None:
    global GAME
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=10_000)
    ap.add_argument("--game", default="att")
    ap.add_argument("--samples", type=int, default=300)
    ap.add_argument("--db", type=Path)
    args = ap.parse_args()
    GAME = args.game
    entry = registry.entry(GAME)
    db = args.db or Path(tempfile.mkdtemp()) / "bench.sqlite3"
    store = Store(db)
    service = TableService(store, seed_source=iter(range(1, 10**9)).__next__)

    # A template game of ~60 moves, copied N times through export/import (fast fill).
    t0 = time.perf_counter()
    play_one(service, 1, 60)
    template = service.export(1)
    state = store.get_game(1).state
    for ch in range(2, args.games + 1):
        store.import_game(
            template, channel_id=ch, guild_id=1, created_by=1, state=state, now=time.time()
        )
    fill = time.perf_counter() - t0
    size = db.stat().st_size + sum(p.stat().st_size for p in db.parent.glob(db.name + "-wal"))
    print(
        f"filled {args.games} games of {GAME} in {fill:.1f}s; "
        f"store size per game {size / args.games:,.0f} bytes"
    )

    # act without picture: fresh service per sample so the cache is cold (loads from SQLite).
    live = 10**7
    act_ms, pic_ms = [], []
    for i in range(args.samples):
        ch = live + i
        play_one(service, ch, 5)
        fresh = TableService(store, seed_source=lambda: 7)
        user = fresh.waiting(ch)[0].user_id
        ref = fresh.choices(ch, user)[0].ref
        t = time.perf_counter()
        update = fresh.act(ch, user, ref)
        act_ms.append((time.perf_counter() - t) * 1000)
        t = time.perf_counter()
        entry.render(update.view)
        pic_ms.append((time.perf_counter() - t) * 1000 + act_ms[-1])
    print(f"act without picture: p50 {pct(act_ms, 50):.2f} ms, p99 {pct(act_ms, 99):.2f} ms")
    print(f"act with picture:    p50 {pct(pic_ms, 50):.2f} ms, p99 {pct(pic_ms, 99):.2f} ms")

    # Cold load of the longest game we can make (4 seats, long game; up to 300 actions).
    long_ch = 2 * 10**7
    service.new_table(
        long_ch, 1, 1, "Ann", GAME, {"game_length": "double_hourglass"} if GAME == "att" else {}
    )
    for user in (2, 3, 4):
        service.join(long_ch, user, f"P{user}")
    update = service.start(long_ch, 1)
    moves = 0
    while update.status == "active" and moves < 300:
        user = update.waiting[0].user_id
        choices = service.choices(long_ch, user)
        update = service.act(long_ch, user, choices[-1 if moves % 3 else 0].ref)
        moves += 1
    store.close()
    loads = []
    for _ in range(50):
        t = time.perf_counter()
        s = Store(db)
        row = s.open_game(long_ch) or s.finished_games(long_ch, 1)[0]
        registry.get(GAME).decode_state(row.state)
        loads.append((time.perf_counter() - t) * 1000)
        s.close()
    print(
        f"cold load of a {moves}-action game: p50 {pct(loads, 50):.2f} ms, "
        f"p99 {pct(loads, 99):.2f} ms (mean {statistics.mean(loads):.2f})"
    )


if __name__ == "__main__":
    main()
