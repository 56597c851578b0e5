"""Wildlands engine figures: random games per second, ``apply`` latency, state clone and JSON
cost, and the AI seat's strength and decision time against the random policy.

Run from the repository root: ``python -m bench.wildlands_engine [games] [ai_games]``
(defaults 50 random games per seat count, 200 AI games). Prints figures only; times are
given as wall clock and as thread CPU time, which other processes on the machine do not
inflate.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable

from engines.core.ai import RandomPolicy
from engines.core.clone import clone
from engines.core.conformance import seats_for
from engines.core.rng import Rng, seed_from
from engines.wildlands.ai import WildlandsAI
from engines.wildlands.engine import WildlandsEngine
from engines.wildlands.options import WildlandsOptions
from engines.wildlands.state import State

ENGINE = WildlandsEngine()


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def random_game(
    n: int, seed: int, applies: list[float], cpu: list[float], states: list[State]
) -> int:
    s = ENGINE.setup(seats_for(n), WildlandsOptions(), seed)
    rng = Rng(seed_from(seed, "bench"))
    decisions = 0
    while ENGINE.to_act(s):
        seat = rng.choice(sorted(ENGINE.to_act(s)))
        action = rng.choice(list(ENGINE.legal_actions(s, seat)))
        start, start_cpu = time.perf_counter(), time.thread_time()
        s = ENGINE.apply(s, seat, action).state
        applies.append(time.perf_counter() - start)
        cpu.append(time.thread_time() - start_cpu)
        decisions += 1
        if decisions % 25 == 0:
            states.append(s)
    return decisions


def ai_game(seed: int, ai_seat: int, thinking: list[float], cpu: list[float]) -> tuple[bool, int]:
    """One 2-player game, the AI against the random policy; (AI won, decisions)."""
    s = ENGINE.setup(seats_for(2), WildlandsOptions(), seed)
    ai, rnd = WildlandsAI(), RandomPolicy()
    rng = Rng(seed_from(seed, "ai-bench"))
    decisions = 0
    while ENGINE.to_act(s) and decisions < ENGINE.max_decisions:
        seat = min(ENGINE.to_act(s))
        if seat == ai_seat:
            start, start_cpu = time.perf_counter(), time.thread_time()
            action = ai.choose(ENGINE, s, seat, rng)
            thinking.append(time.perf_counter() - start)
            cpu.append(time.thread_time() - start_cpu)
        else:
            action = rnd.choose(ENGINE, s, seat, rng)
        s = ENGINE.apply(s, seat, action).state
        decisions += 1
    outcome = ENGINE.outcome(s)
    return outcome is not None and outcome.winners == {ai_seat}, decisions


def per_call_us(fn: Callable[[State], object], items: list[State]) -> float:
    start = time.perf_counter()
    for item in items:
        fn(item)
    return (time.perf_counter() - start) / len(items) * 1e6


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    ai_games = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    applies: list[float] = []
    applies_cpu: list[float] = []
    states: list[State] = []
    for n in (2, 4):
        decisions = 0
        start = time.perf_counter()
        for seed in range(games):
            decisions += random_game(n, seed, applies, applies_cpu, states)
        elapsed = time.perf_counter() - start
        print(
            f"{n} seats: {games / elapsed:6.1f} random games/s "
            f"({decisions / games:.0f} decisions per game, legal_actions + apply included)"
        )
    for label, times in (("wall", applies), ("thread CPU", applies_cpu)):
        us = [t * 1e6 for t in times]
        print(
            f"apply ({label}): p50 {percentile(us, 0.5):.0f} us, p99 {percentile(us, 0.99):.0f} "
            f"us, max {max(us):.0f} us over {len(us)} calls (budget p99 2000 us)"
        )
    print(f"state clone: {per_call_us(clone, states):.0f} us")
    print(
        "state encode+decode: "
        f"{per_call_us(lambda s: ENGINE.decode_state(ENGINE.encode_state(s)), states):.0f} us"
    )
    print(f"determinize: {per_call_us(lambda s: ENGINE.determinize(s, 0, 1), states):.0f} us")

    thinking: list[float] = []
    thinking_cpu: list[float] = []
    wins = 0
    lengths = 0
    for seed in range(ai_games):
        won, decisions = ai_game(seed, seed % 2, thinking, thinking_cpu)
        wins += won
        lengths += decisions
    print(
        f"AI vs random, 2 players: won {wins}/{ai_games} ({100 * wins / ai_games:.1f}%), "
        f"{lengths / ai_games:.0f} decisions per game, AI seat alternating"
    )
    for label, times in (("wall", thinking), ("thread CPU", thinking_cpu)):
        ms = [t * 1e3 for t in times]
        print(
            f"AI decision ({label}): p50 {percentile(ms, 0.5):.2f} ms, p99 "
            f"{percentile(ms, 0.99):.2f} ms, max {max(ms):.2f} ms over {len(ms)} decisions "
            "(budget p99 1000 ms)"
        )


if __name__ == "__main__":
    main()
