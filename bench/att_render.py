"""Ancient Terrible Things picture speed and size: board (channel and owner views) and dice
render times over 50 renders (p50/p99 in ms, budget 100 ms) and PNG sizes (budget 400 KB).

Every render after the first repeats a view already drawn, so it measures the warm layer
caches (composition and encoding); ``python -m bench.render_bench`` gives per-move and cold
figures over seeded games. Wall time is what a player waits; CPU time (this process only)
shows the renderer's own cost when other work shares the machine, which inflates wall-clock
p99.

Run from the repository root: ``python -m bench.att_render``.
"""

from __future__ import annotations

from collections.abc import Callable
from time import perf_counter, process_time

from engines.att.render.board import render, render_dice
from engines.core.protocol import View
from tests.att import view_samples

RENDERS = 50
BUDGET_MS = 100.0
BUDGET_KB = 400.0


def percentile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def bench(label: str, draw: Callable[[View], bytes | None], view: View) -> None:
    draw(view)  # warm the font cache so the figures show steady-state cost
    wall, cpu, size = [], [], 0
    for _ in range(RENDERS):
        start, start_cpu = perf_counter(), process_time()
        png = draw(view)
        wall.append((perf_counter() - start) * 1000)
        cpu.append((process_time() - start_cpu) * 1000)
        size = len(png or b"")
    p50, p99, kb = percentile(wall, 0.5), percentile(wall, 0.99), size / 1024
    verdict = "ok" if p99 <= BUDGET_MS and kb <= BUDGET_KB else "OVER BUDGET"
    print(
        f"{label:<36} wall p50 {p50:6.1f} p99 {p99:6.1f} ms | "
        f"cpu p50 {percentile(cpu, 0.5):6.1f} p99 {percentile(cpu, 0.99):6.1f} ms | "
        f"PNG {kb:6.1f} KB  {verdict}"
    )


def main() -> None:
    print(f"{RENDERS} renders each; budgets {BUDGET_MS:.0f} ms (wall p99), {BUDGET_KB:.0f} KB")
    bench("board, 4 players, channel view", render, view_samples.mid_encounter())
    bench("board, 4 players, owner view + hand", render, view_samples.mid_encounter(viewer=0))
    bench("board, game over", render, view_samples.game_over())
    bench("dice, 8-die pool with a spend", render_dice, view_samples.mid_encounter())


if __name__ == "__main__":
    main()
