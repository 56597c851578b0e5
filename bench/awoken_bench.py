"""The Awoken balance and speed figures (wildlands.md §10, §14.3 stand-in content).

Plays every scenario solo (B side) and in pairs (A side, with the next scenario as the
partner's: 1+2, 2+3, 3+4, 4+5, 5+1) with one policy driving every player seat (the four
factions in turn, by seed), and prints per scenario and side: the players' win rate, the
median game length in rounds (with ``--no-attacks`` also the median round the fifth
crystal turned face up), and why games were lost (faction wiped, event track, round
limit). Game ``k`` of every row uses seed ``k``, so any row is reproducible on its own.
After the table come the engine time of the Ancients' turn (every ``apply`` from the last
"done" to the next players' turn, AI thinking excluded, no picture): median, p99 and max,
and the policy's decision time (one ``choose`` call, player seats only).

Run from the repository root::

    python -m bench.awoken_bench [games] [--policy ai|random] [--no-attacks]
        [--difficulty easy|normal|hard] [--rows 1B,3A] [--assets DIR]

``games`` defaults to 200 per row. ``--difficulty`` picks the table's level (content
only, ``assets/wildlands/awoken/difficulty.toml``). ``--policy random`` plays a uniformly
random legal action (standing orders excluded) at every decision. ``--no-attacks`` plays
against a copy of the content whose minion and Ancient cards keep only their movement
(attacks struck out, Haunt flies), to measure how fast a policy gathers crystals; the copy
lives in a temporary assets directory (``GM_ASSETS``), so no engine code is touched. ``--assets``
points at another assets directory (a tuning experiment). ``--rows`` limits the table to
some rows (scenario number plus side letter; a pair is named by its lower scenario).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from engines.core.conformance import seats_for
from engines.core.content import assets_dir
from engines.core.protocol import Engine, SeatId, parse_options
from engines.core.rng import Rng, seed_from
from engines.wildlands.actions import Orders
from engines.wildlands.awoken.ai import AwokenAI
from engines.wildlands.awoken.damage import WIN_CRYSTALS, crystals_carried
from engines.wildlands.awoken.engine import AwokenEngine
from engines.wildlands.awoken.state import AwokenState

ENGINE = AwokenEngine()
FACTIONS = ("mages", "gnomads", "lawbringers", "pit_fighters")
CAUSES = ("faction_wiped", "event_track", "round_limit")
ATTACKS = ("mel", "hmel", "rng", "hrng", "area")


class RandomPolicy:
    """A uniformly random legal decision; the floor that skill is measured against."""

    def choose(self, engine: Engine[Any, Any], state: Any, seat: SeatId, rng: Rng) -> Any:
        legal = [a for a in engine.legal_actions(state, seat) if not isinstance(a, Orders)]
        return legal[rng.below(len(legal))]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def play(
    policy: Any,
    players: int,
    scenarios: list[int],
    seed: int,
    extra: dict[str, Any],
    turn_times: list[float],
    decision_times: list[float],
    found: list[int],
) -> AwokenState:
    # Factions rotate with the seed, so every row mixes sturdy and fragile factions.
    factions = [FACTIONS[(seed + k) % len(FACTIONS)] for k in range(players)]
    options = parse_options(ENGINE, {"scenarios": scenarios, "factions": factions, **extra})
    s: AwokenState = ENGINE.setup(seats_for(players), options, seed)
    rng = Rng(seed_from(seed, "awoken-bench"))
    ancients_time = 0.0
    fifth: int | None = None
    for _ in range(ENGINE.max_decisions):
        if fifth is None and crystals_known(s) >= WIN_CRYSTALS:
            fifth = s.round
        if ENGINE.outcome(s) is not None:
            break
        seat = min(ENGINE.to_act(s))
        thinking = time.perf_counter()
        action = policy.choose(ENGINE, s, seat, rng)
        start = time.perf_counter()
        decision_times.append(start - thinking)
        n = ENGINE.apply(s, seat, action).state
        spent = time.perf_counter() - start
        if n.ancients_turn or s.ancients_turn or n.round != s.round:
            ancients_time += spent
        if s.round != n.round or (n.phase == "over" and ancients_time):
            turn_times.append(ancients_time)
            ancients_time = 0.0
        s = n
    if fifth is not None:
        found.append(fifth)
    return s


def crystals_known(s: AwokenState) -> int:
    """Crystals face up on the board or carried: once five are, nothing is left to find."""
    face_up = sum(1 for o in s.objects if o.kind == "crystal" and o.face_up and o.space)
    return face_up + crystals_carried(s)


def attacks_struck_out(source: Path) -> Path:
    """A temporary copy of ``source`` whose monster cards keep only their movement."""
    target = Path(tempfile.mkdtemp(prefix="awoken-no-attacks-"))
    shutil.copytree(source, target, dirs_exist_ok=True)
    awoken = target / "wildlands" / "awoken"
    for name in ("minion_cards.toml", "ancient_cards.toml"):
        path = awoken / name
        path.write_text(
            re.sub(r"(?m)^((?:top_|bottom_)?actions = )(\[.*\])$", _strip, path.read_text())
        )
    return target


def _strip(m: re.Match[str]) -> str:
    actions = re.findall(r'"([^"]+)"', m.group(2))
    kept = ["fly" if a == "haunt" else a for a in actions if a not in ATTACKS]
    return m.group(1) + "[" + ", ".join(f'"{a}"' for a in kept or ["mv"]) + "]"


def rows(selected: str | None) -> list[tuple[int, list[int]]]:
    out = []
    for players in (1, 2):
        for n in range(1, 6):
            name = f"{n}{'B' if players == 1 else 'A'}"
            if selected and name not in selected.split(","):
                continue
            out.append((players, [n] if players == 1 else sorted({n, n % 5 + 1})))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="?", type=int, default=200)
    parser.add_argument("--policy", choices=("ai", "random"), default="ai")
    parser.add_argument("--no-attacks", action="store_true")
    parser.add_argument("--difficulty", choices=("easy", "normal", "hard"), default="normal")
    parser.add_argument("--rows", default=None)
    parser.add_argument("--assets", default=None)
    args = parser.parse_args()
    base = Path(args.assets) if args.assets else assets_dir()
    if args.no_attacks:
        base = attacks_struck_out(base)
    # Content is read lazily on first use, so pointing GM_ASSETS here is early enough.
    os.environ["GM_ASSETS"] = str(base)
    extra: dict[str, Any] = {"difficulty": args.difficulty}
    policy = AwokenAI() if args.policy == "ai" else RandomPolicy()
    turn_times: list[float] = []
    decision_times: list[float] = []
    started = time.perf_counter()
    flags = f"difficulty {args.difficulty}" + (", monster attacks off" if args.no_attacks else "")
    print(f"The Awoken, {args.policy} policy on every player seat, {args.games} games per row")
    print(f"({flags})")
    # Without attacks the race is to find the crystals: a column says when the fifth one
    # (the last a win needs) turned face up, median over the games where it did.
    found_column = f"{'found':>7}" if args.no_attacks else ""
    print(
        f"{'scenario':<10}{'side':<6}{'win %':>7}{'rounds':>8}{found_column}"
        "  losses (wiped / track / limit)"
    )
    try:
        for players, scenarios in rows(args.rows):
            wins, rounds, losses, found = 0, [], Counter[str](), list[int]()
            for seed in range(args.games):
                s = play(policy, players, scenarios, seed, extra, turn_times, decision_times, found)
                rounds.append(s.round)
                if s.winners:
                    wins += 1
                else:
                    losses[s.loss_reason or "unfinished"] += 1
            label = "+".join(map(str, scenarios))
            side = "A" if players == 2 else "B"
            median = sorted(rounds)[len(rounds) // 2]
            lost = max(1, sum(losses.values()))
            why = " / ".join(f"{100 * losses[c] / lost:.0f}%" for c in CAUSES)
            other = sum(v for k, v in losses.items() if k not in CAUSES)
            why += f" (unfinished {other})" if other else ""
            rate = 100.0 * wins / args.games
            fifth = f"{sorted(found)[len(found) // 2] if found else '-':>7}" if found_column else ""
            print(f"{label:<10}{side:<6}{rate:>6.1f}%{median:>8}{fifth}  {why}")
    finally:
        if args.no_attacks:
            shutil.rmtree(base, ignore_errors=True)
    ms = [t * 1000 for t in turn_times]
    print(
        f"Ancients' turn engine time over {len(ms)} turns: median {percentile(ms, 0.5):.2f} ms, "
        f"p99 {percentile(ms, 0.99):.2f} ms, max {max(ms, default=0):.2f} ms"
    )
    ds = [t * 1000 for t in decision_times]
    print(
        f"Decision time over {len(ds)} decisions: median {percentile(ds, 0.5):.2f} ms, "
        f"p99 {percentile(ds, 0.99):.2f} ms, max {max(ds, default=0):.2f} ms"
    )
    print(f"Total bench time {time.perf_counter() - started:.1f} s")


if __name__ == "__main__":
    main()
