"""Benchmark of the SQLite game store (bot.store): prints figures, asserts nothing.

Fills the file with N games (each ~60 log rows and a ~6 KB state, 30% still running), then
measures what the bot does on every click and what the scheduler does in a loop:

    python -m bench.store_bench --games 10000     (from the project root)
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.store import LogEntry, Store

ACTIONS_PER_GAME = 60
BATCH = 10  # AI turns arrive as batches; a human click is a batch of one
ACTIVE_SHARE = 0.3
TERRAINS = ("forest", "mountain", "swamp", "plain", "ruin", "lake")


def state_templates(rng: random.Random, count: int = 16) -> list[dict[str, Any]]:
    """Game-shaped states of about 6 KB of JSON: spaces with figures and tokens, hands."""
    return [
        {
            "rng": [rng.getrandbits(32) for _ in range(4)],
            "round": rng.randrange(20),
            "spaces": [
                {
                    "id": i,
                    "terrain": rng.choice(TERRAINS),
                    "figures": [f"fig{rng.randrange(40)}" for _ in range(rng.randrange(3))],
                    "damage": rng.randrange(5),
                    "shard": rng.random() < 0.2,
                }
                for i in range(72)
            ],
            "hands": {str(s): [f"card-{rng.randrange(200)}" for _ in range(8)] for s in range(4)},
            "discard": [f"card-{rng.randrange(200)}" for _ in range(30)],
        }
        for _ in range(count)
    ]


def log_entry(rng: random.Random, move: int, state: dict[str, Any] | None) -> LogEntry:
    seat = move % 4
    return LogEntry(
        seat=seat,
        user_id=None if seat else 1000 + move,
        action={"kind": "move", "figure": f"fig{rng.randrange(40)}", "to": rng.randrange(40)},
        events=[
            {
                "text": f"Seat {seat} moves a figure to space {rng.randrange(40)}.",
                "to": None,
                "kind": "log",
            },
            {"text": "The Ancient stirs.", "to": None, "kind": "log"},
        ],
        state=state,
    )


def fill(store: Store, games: int, rng: random.Random, states: list[dict[str, Any]]) -> list[int]:
    """Create ``games`` games through the public API; return the running games' channels."""
    active = []
    seats = [
        {"id": s, "name": f"P{s}", "kind": "human", "user_id": 1000 + s, "policy": None}
        for s in range(4)
    ]
    for g in range(games):
        channel = 10_000 + g
        row = store.create_game(
            channel_id=channel,
            guild_id=g % 50,
            game="wildlands",
            seed=g,
            options={},
            seats=seats,
            state={**states[0], "move": 0},
            created_by=1000,
            now=float(g),
            status="active",
        )
        running = rng.random() < ACTIVE_SHARE
        for start in range(0, ACTIONS_PER_GAME, BATCH):
            moves = range(start + 1, start + BATCH + 1)
            last = moves[-1] == ACTIONS_PER_GAME
            row = store.append(
                row.id,
                expected_seq=row.seq,
                entries=[
                    log_entry(rng, m, {**states[m % 16], "move": m} if m % 50 == 0 else None)
                    for m in moves
                ],
                state={**states[moves[-1] % 16], "move": moves[-1]},
                now=float(g),
                status="finished" if last and not running else None,
                result={"winners": [0]} if last and not running else None,
            )
        if running:
            active.append(channel)
    return active


def report(label: str, samples: list[float]) -> None:
    ordered = sorted(samples)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    median = statistics.median(ordered)
    print(f"{label:34} p50 {median * 1000:7.3f} ms   p99 {p99 * 1000:7.3f} ms")


def timed(fn: Callable[[], Any], samples: int) -> list[float]:
    out = []
    for _ in range(samples):
        t0 = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t0)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--db", type=Path, default=None, help="default: a temporary file")
    parser.add_argument("--samples", type=int, default=2000)
    parser.add_argument("--cold-samples", type=int, default=200)
    args = parser.parse_args()
    tmp = None
    if args.db is None:
        tmp = tempfile.TemporaryDirectory()
        args.db = Path(tmp.name) / "bench.sqlite3"
    rng = random.Random(7)
    states = state_templates(rng)
    print(f"state JSON: {len(json.dumps(states[0], separators=(',', ':')))} bytes")

    store = Store(args.db)
    t0 = time.perf_counter()
    active = fill(store, args.games, rng, states)
    elapsed = time.perf_counter() - t0
    rows = store.db.execute("SELECT count(*) FROM actions").fetchone()[0]
    print(f"fill: {args.games} games, {rows} log rows, {len(active)} running, {elapsed:.1f} s")

    heads = {ch: store.open_game(ch) for ch in active}

    def click() -> None:
        ch = rng.choice(active)
        move = heads[ch].seq + 1
        heads[ch] = store.append(
            heads[ch].id,
            expected_seq=heads[ch].seq,
            entries=[log_entry(rng, move, None)],
            state={**states[move % 16], "move": move},
            now=1e9,
        )

    report("append (1 action + state)", timed(click, args.samples))

    def load_warm() -> None:
        store.open_game(rng.choice(active)).state  # noqa: B018 - decoding is what we time

    def row_only() -> None:
        store.open_game(rng.choice(active))

    def load_cold() -> None:
        with Store(args.db) as fresh:
            fresh.open_game(rng.choice(active)).state  # noqa: B018

    report("open_game() row only, warm", timed(row_only, args.samples))
    report("open_game() + state, warm", timed(load_warm, args.samples))
    report("new Store + open_game + state", timed(load_cold, args.cold_samples))
    text = json.dumps({**states[3], "move": 1})
    report("json.loads of one state", timed(lambda: json.loads(text), 2000))

    for i in range(10_000):
        ch = active[i % len(active)]
        store.add_reminder(
            game_id=heads[ch].id,
            channel_id=ch,
            user_id=1000,
            kind="nudge",
            due_at=1e9 + rng.random() * 86_400 * 3,
            payload={"seat": i % 4},
        )
    report("next_due() (10,000 pending)", timed(store.next_due, args.samples))
    listing = timed(store.open_games, 20)
    report(f"open_games() ({len(active)} open)", listing)

    store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    store.close()
    size = os.path.getsize(args.db)
    print(f"file: {size / 1e6:.1f} MB, {size / args.games:.0f} bytes per game")
    with Store(args.db) as store:
        try:
            tables = store.db.execute(
                "SELECT name, sum(pgsize) FROM dbstat GROUP BY name ORDER BY 2 DESC"
            ).fetchall()
        except Exception:  # dbstat is a compile-time option of SQLite
            tables = []
        for name, nbytes in tables[:8]:
            print(f"  {name:30} {nbytes / args.games:8.0f} bytes per game")
    if tmp is not None:
        tmp.cleanup()


if __name__ == "__main__":
    main()
