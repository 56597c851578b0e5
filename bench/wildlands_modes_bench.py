"""Wrath of the Ancients and War for the Crystals figures: ``apply`` latency in random games,
the AI seat's decision time and win rates against the random policy, and the board picture
with six factions.

Run from the repository root: ``python -m bench.wildlands_modes_bench [games] [random_games]``
(defaults 200 AI games per mode, 20 random games per mode). Win rates: in Wrath the AI plays
the Ancients against random seats (2-4 players in turn); in War the AI plays one whole team
against a random team (4, 5 and 6 players in turn, the AI on either team). Prints figures
only.
"""

from __future__ import annotations

import sys
import time
from typing import Any

from engines.core.ai import RandomPolicy
from engines.core.conformance import seats_for
from engines.core.rng import Rng, seed_from
from engines.wildlands.war.engine import WarEngine
from engines.wildlands.wrath.ai import SidesAI
from engines.wildlands.wrath.engine import WrathEngine
from engines.wildlands.wrath.render import render

WRATH, WAR = WrathEngine(), WarEngine()


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def ms(values: list[float], q: float) -> str:
    return f"{1000 * percentile(values, q):.2f} ms"


def random_game(engine: Any, n: int, seed: int, applies: list[float]) -> None:
    s = engine.setup(seats_for(n), engine.options_model(), seed)
    rng = Rng(seed_from(seed, "bench"))
    while engine.to_act(s):
        seat = rng.choice(sorted(engine.to_act(s)))
        action = rng.choice(list(engine.legal_actions(s, seat)))
        start = time.perf_counter()
        s = engine.apply(s, seat, action).state
        applies.append(time.perf_counter() - start)


def ai_game(engine: Any, n: int, seed: int, thinking: list[float]) -> bool:
    s = engine.setup(seats_for(n), engine.options_model(), seed)
    ai_seats = {s.ancients} if engine is WRATH else set(s.teams[seed % 2])
    ai, rnd = SidesAI(), RandomPolicy()
    rng = Rng(seed_from(seed, "ai-bench"))
    decisions = 0
    while engine.to_act(s) and decisions < engine.max_decisions:
        seat = min(engine.to_act(s))
        if seat in ai_seats:
            start = time.perf_counter()
            action = ai.choose(engine, s, seat, rng)
            thinking.append(time.perf_counter() - start)
        else:
            action = rnd.choose(engine, s, seat, rng)
        s = engine.apply(s, seat, action).state
        decisions += 1
    # A win shared with a random seat (a base-game tie) does not count for the AI.
    return bool(s.winners) and set(s.winners) <= ai_seats


def six_faction_state() -> Any:
    s = WAR.setup(seats_for(6), WAR.options_model(), 3)
    ai, rng = SidesAI(), Rng(1)
    for _ in range(700):
        if not WAR.to_act(s):
            break
        seat = min(WAR.to_act(s))
        s = WAR.apply(s, seat, ai.choose(WAR, s, seat, rng)).state
    return s


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    random_games = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    for engine, counts in ((WRATH, (2, 3, 4)), (WAR, (4, 5, 6))):
        applies: list[float] = []
        for g in range(random_games):
            random_game(engine, counts[g % len(counts)], g, applies)
        print(
            f"{engine.name}: apply p50 {ms(applies, 0.5)}, p99 {ms(applies, 0.99)} "
            f"({len(applies)} applies, {random_games} random games)"
        )
        thinking: list[float] = []
        wins = sum(ai_game(engine, counts[g % len(counts)], g, thinking) for g in range(games))
        who = "as the Ancients" if engine is WRATH else "as a team"
        print(
            f"{engine.name}: AI {who} beats random {wins}/{games} = {100 * wins / games:.1f}%; "
            f"decision p50 {ms(thinking, 0.5)}, p99 {ms(thinking, 0.99)}"
        )
    s = six_faction_state()
    times, size = [], 0
    for viewer in [None, 0, 1, 2, 3, 4, 5] * 3:
        view = WAR.view(s, viewer)
        start = time.perf_counter()
        png = render(view)
        times.append(time.perf_counter() - start)
        size = len(png)
    print(f"war, six factions: render p50 {ms(times, 0.5)}, PNG {size // 1024} KiB")


if __name__ == "__main__":
    main()
