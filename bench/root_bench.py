"""Root benchmark: apply p50/p99, AI decision p50/p99, AI win rates against random seats,
map render p50 and PNG size.

    PYTHONPATH=$PWD python bench/root_bench.py [--games N] [--map wastelands]
        [--ai eyrie,vagabond] [--vs marquise] [--no-render]

Win rates: for every ordered pair of factions (AI faction, random faction) N two-player
games, seats alternating; the AI "beats" the random seat when it wins the game.
Times are CPU time of this process (``time.process_time``), so other work on a shared
machine does not inflate them; wall-clock render time is printed too.
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import time
from typing import Any

from engines.core.ai import RandomPolicy
from engines.core.protocol import Seat
from engines.core.rng import Rng, seed_from
from engines.root.ai import RootAI
from engines.root.engine import RootEngine
from engines.root.options import RootOptions
from engines.root.render import render

FACTIONS = ("marquise", "eyrie", "alliance", "vagabond")


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else 0.0


def play(
    e: RootEngine,
    opts: dict[str, Any],
    seed: int,
    ai_seats: set[int],
    applies: list[float],
    decisions: list[float],
) -> Any:
    n = len(opts["factions"]) if "factions" in opts else 2
    s = e.setup([Seat(i, f"P{i}") for i in range(n)], RootOptions(**opts), seed)
    rng = Rng(seed_from(seed, "bench"))
    ai, rnd = RootAI(), RandomPolicy()
    for _ in range(e.max_decisions):
        if e.outcome(s) is not None:
            break
        seat = min(e.to_act(s))
        t0 = time.process_time()
        a = (ai if seat in ai_seats else rnd).choose(e, s, seat, rng)
        if seat in ai_seats:
            decisions.append(time.process_time() - t0)
        t0 = time.process_time()
        s = e.apply(s, seat, a).state
        applies.append(time.process_time() - t0)
    return s


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--map", default="wastelands")
    ap.add_argument("--bot-mode", default="off")
    ap.add_argument("--ai", default="", help="only these AI factions (comma-separated)")
    ap.add_argument("--vs", default="", help="only these random factions (comma-separated)")
    ap.add_argument("--no-render", action="store_true")
    args = ap.parse_args()
    e = RootEngine()
    applies: list[float] = []
    decisions: list[float] = []
    print(f"map={args.map} bot_mode={args.bot_mode} games per pairing={args.games}")
    for mine, theirs in itertools.permutations(FACTIONS, 2):
        if (args.ai and mine not in args.ai.split(",")) or (
            args.vs and theirs not in args.vs.split(",")
        ):
            continue
        wins = 0
        for g in range(args.games):
            ai_seat = g % 2
            factions = [mine, theirs] if ai_seat == 0 else [theirs, mine]
            opts = {"map": args.map, "bot_mode": args.bot_mode, "factions": factions}
            s = play(e, opts, 1000 + g, {ai_seat}, applies, decisions)
            wins += ai_seat in s.winners
        print(
            f"AI {mine:<8} vs random {theirs:<8}: {wins}/{args.games} "
            f"({100 * wins / args.games:.0f}%)",
            flush=True,
        )
    print(
        f"apply (CPU): p50 {1000 * statistics.median(applies):.2f} ms, "
        f"p99 {1000 * pct(applies, 0.99):.2f} ms ({len(applies)} applies)"
    )
    print(
        f"AI decision (CPU): p50 {1000 * statistics.median(decisions):.1f} ms, "
        f"p99 {1000 * pct(decisions, 0.99):.1f} ms, max {1000 * max(decisions):.1f} ms "
        f"({len(decisions)} decisions)"
    )
    if args.no_render:
        return
    s = play(e, {"map": args.map, "factions": list(FACTIONS)}, 7, set(), [], [])
    times, walls, size = [], [], 0
    for _ in range(10):
        t0, w0 = time.process_time(), time.perf_counter()
        png = render(e.view(s, 0))
        times.append(time.process_time() - t0)
        walls.append(time.perf_counter() - w0)
        size = len(png)
    print(
        f"render: p50 {1000 * statistics.median(times):.0f} ms CPU "
        f"({1000 * statistics.median(walls):.0f} ms wall), PNG {size // 1024} KiB"
    )


if __name__ == "__main__":
    main()
