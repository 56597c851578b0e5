"""The Awoken balance and speed figures (wildlands.md §10, §14.3 stand-in content).

Plays every scenario solo (B side) and in pairs (A side, with the next scenario as the
partner's: 1+2, 2+3, 3+4, 4+5, 5+1) with the Awoken AI policy driving every player seat (the
four factions in turn, by seed), and prints per scenario and side: the players' win rate,
the median game length in rounds, why games were lost (event track, faction wiped, round
limit), and the engine time of the
Ancients' turn (every ``apply`` from the last "done" to the next players' turn, AI thinking
excluded, no picture): median, p99 and max, and the AI's decision time (one ``choose``
call, player seats only): median and p99.

Run from the repository root: ``python -m bench.awoken_bench [games]`` (default 200 games
per scenario and side).
"""

from __future__ import annotations

import sys
import time
from collections import Counter

from engines.core.conformance import seats_for
from engines.core.protocol import parse_options
from engines.core.rng import Rng, seed_from
from engines.wildlands.awoken.ai import AwokenAI
from engines.wildlands.awoken.engine import AwokenEngine
from engines.wildlands.awoken.state import AwokenState

ENGINE = AwokenEngine()
FACTIONS = ("mages", "gnomads", "lawbringers", "pit_fighters")
AI = AwokenAI()


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def play(
    players: int,
    scenarios: list[int],
    seed: int,
    turn_times: list[float],
    decision_times: list[float] | None = None,
) -> AwokenState:
    # Factions rotate with the seed, so every row mixes sturdy and fragile factions.
    factions = [FACTIONS[(seed + k) % len(FACTIONS)] for k in range(players)]
    options = parse_options(ENGINE, {"scenarios": scenarios, "factions": factions})
    s: AwokenState = ENGINE.setup(seats_for(players), options, seed)
    rng = Rng(seed_from(seed, "awoken-bench"))
    ancients_time = 0.0
    for _ in range(ENGINE.max_decisions):
        if ENGINE.outcome(s) is not None:
            break
        seat = min(ENGINE.to_act(s))
        thinking = time.perf_counter()
        action = AI.choose(ENGINE, s, seat, rng)
        start = time.perf_counter()
        if decision_times is not None:
            decision_times.append(start - thinking)
        n = ENGINE.apply(s, seat, action).state
        spent = time.perf_counter() - start
        if n.ancients_turn or s.ancients_turn or n.round != s.round:
            ancients_time += spent
        if s.round != n.round or (n.phase == "over" and ancients_time):
            turn_times.append(ancients_time)
            ancients_time = 0.0
        s = n
    return s


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    turn_times: list[float] = []
    decision_times: list[float] = []
    started = time.perf_counter()
    print(f"The Awoken, AI policy on every player seat, {games} games per row")
    print(f"{'scenario':<10}{'side':<6}{'win %':>7}{'rounds':>8}  losses")
    for players in (1, 2):
        for n in range(1, 6):
            scenarios = [n] if players == 1 else sorted({n, n % 5 + 1})
            wins, rounds, losses = 0, [], Counter()
            for seed in range(games):
                s = play(players, scenarios, seed, turn_times, decision_times)
                rounds.append(s.round)
                if s.winners:
                    wins += 1
                else:
                    losses[s.loss_reason or "unfinished"] += 1
            label = "+".join(map(str, scenarios))
            side = "A" if players == 2 else "B"
            median = sorted(rounds)[len(rounds) // 2]
            why = ", ".join(f"{k} {v}" for k, v in sorted(losses.items())) or "none"
            print(f"{label:<10}{side:<6}{100.0 * wins / games:>6.1f}%{median:>8}  {why}")
    ms = [t * 1000 for t in turn_times]
    print(
        f"Ancients' turn engine time over {len(ms)} turns: median {percentile(ms, 0.5):.2f} ms, "
        f"p99 {percentile(ms, 0.99):.2f} ms, max {max(ms, default=0):.2f} ms"
    )
    ds = [t * 1000 for t in decision_times]
    print(
        f"AI decision time over {len(ds)} decisions: median {percentile(ds, 0.5):.2f} ms, "
        f"p99 {percentile(ds, 0.99):.2f} ms, max {max(ds, default=0):.2f} ms"
    )
    print(f"Total bench time {time.perf_counter() - started:.1f} s")


if __name__ == "__main__":
    main()
