"""Ancient Terrible Things engine speed: random games per second, ``apply`` latency, and the
cost of storing and cloning a state (what AI search and the bot pay per decision).

Run from the repository root: ``python -m bench.att_engine [games]``. Prints figures only.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable

from engines.att.engine import AttEngine
from engines.att.options import AttOptions
from engines.att.state import AttState
from engines.core.clone import clone
from engines.core.conformance import seats_for
from engines.core.rng import Rng

ENGINE = AttEngine()


def play(n: int, seed: int, timings: list[float], states: list[AttState]) -> int:
    """One random-policy game; returns its number of decisions."""
    s = ENGINE.setup(seats_for(n), AttOptions(), seed)
    rng = Rng(seed ^ 0xA77)
    decisions = 0
    while ENGINE.outcome(s) is None:
        seat = min(ENGINE.to_act(s))
        action = rng.choice(list(ENGINE.legal_actions(s, seat)))
        start = time.perf_counter()
        s = ENGINE.apply(s, seat, action).state
        timings.append(time.perf_counter() - start)
        decisions += 1
        if decisions % 25 == 0:
            states.append(s)
    return decisions


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def per_call_us(fn: Callable[[AttState], object], items: list[AttState]) -> float:
    start = time.perf_counter()
    for item in items:
        fn(item)
    return (time.perf_counter() - start) / len(items) * 1e6


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    timings: list[float] = []
    states: list[AttState] = []
    for n in (2, 4):
        decisions = 0
        start = time.perf_counter()
        for seed in range(games):
            decisions += play(n, seed, timings, states)
        elapsed = time.perf_counter() - start
        print(
            f"{n} seats: {games / elapsed:7.1f} random games/s "
            f"({decisions / games:.0f} decisions per game, legal_actions + apply included)"
        )
    us = [t * 1e6 for t in timings]
    print(
        f"apply: p50 {percentile(us, 0.5):.0f} us, p99 {percentile(us, 0.99):.0f} us, "
        f"mean {statistics.fmean(us):.0f} us over {len(us)} calls"
    )

    def round_trip(s: AttState) -> None:
        ENGINE.decode_state(ENGINE.encode_state(s))

    print(f"state encode+decode: {per_call_us(round_trip, states):.0f} us ({len(states)} states)")
    print(f"state clone (engine): {per_call_us(clone, states):.0f} us")
    print(
        f"state model_copy(deep=True): "
        f"{per_call_us(lambda s: s.model_copy(deep=True), states):.0f} us"
    )

    def legal(s: AttState) -> None:
        for seat in ENGINE.to_act(s):
            ENGINE.legal_actions(s, seat)

    print(f"legal_actions: {per_call_us(legal, states):.0f} us")


if __name__ == "__main__":
    main()
