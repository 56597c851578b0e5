"""Ancient Terrible Things AI benchmark: win rates and decision times (engines/att/ai/).

Plays seeded games between two policies, alternating which seat each one takes, and prints
for each pairing the first policy's win rate (a shared win counts half), its average score and
its opponents', and the game length in decisions and rounds; then AttPolicy's decision time
p50/p99 in milliseconds.

    python bench/att_ai.py [--games 200] [--seats 2] [--pairs att-random,att-greedy,greedy-random]
"""

from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import dataclass, field

from engines.att.ai import AttPolicy, GreedyPolicy
from engines.att.engine import AttEngine
from engines.core.ai import Policy, RandomPolicy
from engines.core.conformance import seats_for
from engines.core.rng import Rng, seed_from

POLICIES: dict[str, type[Policy]] = {
    "att": AttPolicy,
    "greedy": GreedyPolicy,
    "random": RandomPolicy,
}


@dataclass
class Tally:
    games: int = 0
    wins: float = 0.0
    score: float = 0.0
    other_score: float = 0.0
    decisions: int = 0
    rounds: int = 0
    times: list[float] = field(default_factory=list)


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


def play(
    engine: AttEngine,
    hero: Policy,
    others: Policy,
    hero_seat: int,
    seats: int,
    seed: int,
    tally: Tally,
) -> None:
    """One game: ``hero`` sits in ``hero_seat``, ``others`` fills the rest."""
    state = engine.setup(seats_for(seats), engine.options_model(), seed)
    rngs = {seat: Rng(seed_from(seed, "bench-policy", seat)) for seat in range(seats)}
    decisions = 0
    while engine.outcome(state) is None:
        seat = min(engine.to_act(state))
        policy = hero if seat == hero_seat else others
        start = time.perf_counter()
        action = policy.choose(engine, state, seat, rngs[seat])
        if seat == hero_seat:
            tally.times.append((time.perf_counter() - start) * 1000)
        state = engine.apply(state, seat, action).state
        decisions += 1
    out = engine.outcome(state)
    assert out is not None
    tally.games += 1
    if hero_seat in out.winners:
        tally.wins += 1 / len(out.winners)
    tally.score += out.scores[hero_seat]
    tally.other_score += statistics.mean(v for k, v in out.scores.items() if k != hero_seat)
    tally.decisions += decisions
    tally.rounds += state.round


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seats", type=int, default=2)
    ap.add_argument("--pairs", default="att-random,att-greedy,greedy-random")
    ap.add_argument("--seed", type=int, default=0, help="first game seed")
    args = ap.parse_args()
    engine = AttEngine()
    rows = []
    att_times: list[float] = []
    for pair in args.pairs.split(","):
        hero_name, other_name = pair.split("-")
        hero, other = POLICIES[hero_name](), POLICIES[other_name]()
        tally = Tally()
        for g in range(args.games):
            play(engine, hero, other, g % args.seats, args.seats, args.seed + g, tally)
        if hero_name == "att":
            att_times.extend(tally.times)
        rows.append((pair, tally))
    print(f"{args.games} games per pairing, {args.seats} seats, seeds {args.seed}..")
    print(
        f"{'pairing':<16}{'win rate':>10}{'avg score':>11}{'opp score':>11}"
        f"{'decisions':>11}{'rounds':>8}"
    )
    for pair, t in rows:
        print(
            f"{pair:<16}{t.wins / t.games:>10.1%}{t.score / t.games:>11.2f}"
            f"{t.other_score / t.games:>11.2f}{t.decisions / t.games:>11.1f}"
            f"{t.rounds / t.games:>8.1f}"
        )
    if att_times:
        print(
            f"AttPolicy decision time over {len(att_times)} decisions: "
            f"p50 {pct(att_times, 50):.2f} ms, p99 {pct(att_times, 99):.2f} ms, "
            f"max {max(att_times):.1f} ms"
        )


if __name__ == "__main__":
    main()
