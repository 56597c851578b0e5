"""Northgard figures: apply latency over random games, the AI seat's decision time and win
share against random seats, and the map picture's render time and size at 30 placed tiles.

Run from the repository root: ``python -m bench.northgard_bench [random_games] [ai_games]``
(defaults 30 random games at 3 seats, 40 AI games per table size). Prints figures only.
"""

from __future__ import annotations

import sys
import time

from engines.core.ai import RandomPolicy
from engines.core.conformance import seats_for
from engines.core.rng import Rng, seed_from
from engines.northgard.ai import NorthgardAI
from engines.northgard.engine import NorthgardEngine
from engines.northgard.options import NorthgardOptions
from engines.northgard.render import render
from engines.northgard.state import State

ENGINE = NorthgardEngine()


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def ms(x: float) -> str:
    return f"{x * 1000:.2f} ms"


def random_games(games: int) -> None:
    applies: list[float] = []
    cpu: list[float] = []
    decisions = 0
    start = time.perf_counter()
    for seed in range(games):
        s = ENGINE.setup(seats_for(3), NorthgardOptions(), seed)
        rng = Rng(seed_from(seed, "bench"))
        while ENGINE.to_act(s):
            seat = rng.choice(sorted(ENGINE.to_act(s)))
            action = rng.choice(list(ENGINE.legal_actions(s, seat)))
            t0, c0 = time.perf_counter(), time.thread_time()
            s = ENGINE.apply(s, seat, action).state
            applies.append(time.perf_counter() - t0)
            cpu.append(time.thread_time() - c0)
            decisions += 1
    took = time.perf_counter() - start
    print(
        f"random games (3 seats): {games} in {took:.1f} s, {decisions / games:.0f} decisions each"
    )
    print(f"apply wall: p50 {ms(percentile(applies, 0.5))}, p99 {ms(percentile(applies, 0.99))}")
    print(f"apply CPU:  p50 {ms(percentile(cpu, 0.5))}, p99 {ms(percentile(cpu, 0.99))}")


def ai_games(n: int, games: int) -> None:
    """The AI in one seat (rotating), random policies in the others."""
    thinking: list[float] = []
    cpu: list[float] = []
    share = 0.0
    for g in range(games):
        s = ENGINE.setup(seats_for(n), NorthgardOptions(), 1000 + g)
        ai_seat = g % n
        ai, rnd = NorthgardAI(), RandomPolicy()
        rng = Rng(seed_from(g, "ai-bench"))
        while ENGINE.to_act(s):
            seat = min(ENGINE.to_act(s))
            if seat == ai_seat:
                t0, c0 = time.perf_counter(), time.thread_time()
                action = ai.choose(ENGINE, s, seat, rng)
                thinking.append(time.perf_counter() - t0)
                cpu.append(time.thread_time() - c0)
            else:
                action = rnd.choose(ENGINE, s, seat, rng)
            s = ENGINE.apply(s, seat, action).state
        if ai_seat in s.winners:
            share += 1 / len(s.winners)
    print(f"AI vs random at {n} seats: win share {share / games:.2f} over {games} games")
    wall = f"p50 {ms(percentile(thinking, 0.5))}, p99 {ms(percentile(thinking, 0.99))}"
    print(
        f"  decision wall {wall}"
        f"; CPU p50 {ms(percentile(cpu, 0.5))}, p99 {ms(percentile(cpu, 0.99))}"
    )


def thirty_tiles() -> State:
    """A position with 30 placed tiles, reached by AI seats exploring."""
    opts = NorthgardOptions()
    for seed in range(50):
        s = ENGINE.setup(seats_for(4), opts, seed)
        rng = Rng(seed)
        ai = NorthgardAI()
        while ENGINE.to_act(s) and len(s.tiles) < 30:
            seat = min(ENGINE.to_act(s))
            legal = list(ENGINE.legal_actions(s, seat))
            explore = [a for a in legal if a.code.startswith(("play:ST1", "play:E1", "play:A1"))]
            action = explore[0] if explore else ai.choose(ENGINE, s, seat, rng)
            s = ENGINE.apply(s, seat, action).state
        if len(s.tiles) >= 30:
            return s
    raise SystemExit("no game reached 30 tiles")


def render_figures() -> None:
    s = thirty_tiles()
    view = ENGINE.view(s, 0)
    times: list[float] = []
    cpu: list[float] = []
    size = 0
    for _ in range(15):
        t0, c0 = time.perf_counter(), time.thread_time()
        size = len(render(view))
        times.append(time.perf_counter() - t0)
        cpu.append(time.thread_time() - c0)
    wall, spent = ms(percentile(times, 0.5)), ms(percentile(cpu, 0.5))
    print(
        f"render at {len(s.tiles)} tiles: wall p50 {wall}, CPU p50 {spent}, PNG {size // 1024} KiB"
    )


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    ai_n = int(sys.argv[2]) if len(sys.argv) > 2 else 40
    random_games(games)
    ai_games(2, ai_n)
    ai_games(4, ai_n)
    render_figures()


if __name__ == "__main__":
    main()
