"""Arcadia figures: ``apply`` latency over random games, the AI seat's decision time and its
win rate as the quester against a random opponent (two players), and picture timings.

Run from the repository root:
``PYTHONPATH=$PWD python -m bench.arcadia_bench [random_games] [ai_games] [renders]``
(defaults 20 random games per mode, 200 AI games, 30 renders). Prints figures only; times
are wall clock and thread CPU time (the latter is not inflated by other processes).
"""

from __future__ import annotations

import sys
import time
from typing import Any

from engines import registry
from engines.arcadia.ai import ArcadiaAI
from engines.arcadia.engine import ArcadiaEngine
from engines.arcadia.state import ArcadiaState
from engines.core.ai import RandomPolicy
from engines.core.conformance import seats_for
from engines.core.protocol import parse_options
from engines.core.rng import Rng, seed_from

ENGINE = ArcadiaEngine()


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def ms(x: float) -> str:
    return f"{x * 1000:.2f} ms"


def random_games(
    n_seats: int, games: int, options: dict[str, Any]
) -> tuple[list[float], list[float], int, list[ArcadiaState]]:
    wall: list[float] = []
    cpu: list[float] = []
    decisions = 0
    samples: list[ArcadiaState] = []
    for seed in range(games):
        s = ENGINE.setup(seats_for(n_seats), parse_options(ENGINE, options), seed)
        rng = Rng(seed_from(seed, "bench"))
        while ENGINE.to_act(s):
            seat = rng.choice(sorted(ENGINE.to_act(s)))
            a = rng.choice(list(ENGINE.legal_actions(s, seat)))
            t0, c0 = time.perf_counter(), time.thread_time()
            s = ENGINE.apply(s, seat, a).state
            wall.append(time.perf_counter() - t0)
            cpu.append(time.thread_time() - c0)
            decisions += 1
            if decisions % 97 == 0 and s.phase == "day":
                samples.append(s)
    return wall, cpu, decisions, samples


def ai_games(games: int) -> tuple[int, list[float], list[float], list[int]]:
    wins = 0
    wall: list[float] = []
    cpu: list[float] = []
    rounds: list[int] = []
    ai, rnd = ArcadiaAI(), RandomPolicy()
    for seed in range(games):
        ai_seat = seed % 2
        s = ENGINE.setup(seats_for(2), parse_options(ENGINE, {}), seed)
        rng = Rng(seed_from(seed, "ai-bench"))
        while ENGINE.to_act(s):
            (seat,) = ENGINE.to_act(s)
            if seat == ai_seat:
                t0, c0 = time.perf_counter(), time.thread_time()
                a = ai.choose(ENGINE, s, seat, rng)
                wall.append(time.perf_counter() - t0)
                cpu.append(time.thread_time() - c0)
            else:
                a = rnd.choose(ENGINE, s, seat, rng)
            s = ENGINE.apply(s, seat, a).state
        wins += s.winner == ai_seat
        rounds.append(s.round)
    return wins, wall, cpu, rounds


def main() -> None:
    n_random = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    n_ai = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    n_render = int(sys.argv[3]) if len(sys.argv) > 3 else 30
    samples: list[ArcadiaState] = []
    for label, seats, options in (
        ("solo", 1, {}),
        ("2 players", 2, {}),
        ("3 players", 3, {}),
        ("5 players", 5, {}),
        ("epic 2x2", 2, {"quests_each": 2}),
    ):
        wall, cpu, decisions, got = random_games(seats, n_random, options)
        samples += got
        print(
            f"random {label:10s}: {n_random} games, {decisions / n_random:.0f} decisions/game, "
            f"apply p50 {ms(pct(wall, 0.5))} p99 {ms(pct(wall, 0.99))} "
            f"(cpu p50 {ms(pct(cpu, 0.5))} p99 {ms(pct(cpu, 0.99))})"
        )
    wins, wall, cpu, rounds = ai_games(n_ai)
    print(
        f"AI quester vs random, 2 players: {wins}/{n_ai} won ({100 * wins / n_ai:.1f}%), "
        f"median {pct([float(r) for r in rounds], 0.5):.0f} rounds; decision p50 "
        f"{ms(pct(wall, 0.5))} p99 {ms(pct(wall, 0.99))} (cpu p99 {ms(pct(cpu, 0.99))})"
    )
    game = registry.entry("arcadia")
    picks = samples[:: max(1, len(samples) // n_render)][:n_render]
    maps: list[float] = []
    maps_cpu: list[float] = []
    sheets: list[float] = []
    sizes: list[int] = []
    for s in picks:
        view = ENGINE.view(s, None)
        t0, c0 = time.perf_counter(), time.thread_time()
        png = game.render(view)
        maps.append(time.perf_counter() - t0)
        maps_cpu.append(time.thread_time() - c0)
        sizes.append(len(png))
        t0 = time.perf_counter()
        game.extras(view) if game.extras else None
        sheets.append(time.perf_counter() - t0)
    print(
        f"render: {len(picks)} maps, p50 {ms(pct(maps, 0.5))} p99 {ms(pct(maps, 0.99))} "
        f"(cpu p50 {ms(pct(maps_cpu, 0.5))}), "
        f"PNG p50 {pct([float(x) for x in sizes], 0.5) / 1024:.0f} KiB; "
        f"character sheets p50 {ms(pct(sheets, 0.5))}"
    )


if __name__ == "__main__":
    main()
