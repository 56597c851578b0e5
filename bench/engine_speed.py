"""Engine speed side by side (issue 33): the same seeded random playouts on an older commit
and on this tree, in one run, with the time spent in ``legal_actions``, in ``apply`` and in
copying a mid-game state, and whether both trees reached the same states.

    python -m bench.engine_speed --old 7afd15f             # every game, 3 rounds each
    python -m bench.engine_speed --old 7afd15f --games root,att --decisions 3000
    python -m bench.engine_speed --old 7afd15f --games root --playouts 20  # also whole games

The older commit is checked out once as a git worktree (``--tree`` says where, by default
``/tmp/gm-speed-<commit>``). Each measurement runs in a fresh process with that tree or this
one first on ``sys.path``, the two alternating round by round so that a busy machine slows
both alike; the table keeps each side's fastest round. Only the engine protocol and
``engines.registry`` are used, so any commit since the registry can be measured.
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent
# Seat counts as a table usually plays them.
SEATS = {
    "att": 3,
    "arcadia": 3,
    "awoken": 2,
    "root": 4,
    "northgard": 3,
    "wildlands": 3,
    "wrath": 3,
    "war": 4,
}


def measure(game: str, decisions: int, seed: int) -> dict[str, Any]:
    """Random playouts of ``game`` from ``seed`` on, ``decisions`` decisions in all: the
    time per call of ``legal_actions`` and ``apply``, the time to copy the state met half-way,
    and a digest of every state reached (equal digests: the two trees played alike)."""
    from engines import registry
    from engines.core.protocol import Seat, parse_options
    from engines.core.rng import Rng, seed_from

    engine = registry.get(game)
    seats = [Seat(i, f"Player {i + 1}") for i in range(SEATS[game])]
    options = parse_options(engine, None)
    legal_s = apply_s = 0.0
    done = 0
    digest = hashlib.sha256()
    middle = None
    game_seed = seed
    while done < decisions:
        state = engine.setup(seats, options, game_seed)
        rng = Rng(seed_from(game_seed, "engine-speed"))
        while done < decisions:
            asked = sorted(engine.to_act(state))
            if not asked:
                break
            seat = rng.choice(asked)
            t0 = time.perf_counter()
            legal = list(engine.legal_actions(state, seat))
            t1 = time.perf_counter()
            state = engine.apply(state, seat, rng.choice(legal)).state
            t2 = time.perf_counter()
            legal_s += t1 - t0
            apply_s += t2 - t1
            done += 1
            if done == decisions // 2:
                middle = state
        digest.update(json.dumps(engine.encode_state(state), sort_keys=True).encode())
        game_seed += 1
    copies = 200
    # Timed as timeit times: the playouts' garbage collected first and the collector off
    # while copying, or one full collection falling inside the 200 copies swings the figure
    # several-fold (8 against 49 µs for the same tree).
    gc.collect()
    gc.disable()
    t0 = time.perf_counter()
    for _ in range(copies):
        engine.copy(middle)
    clone_s = (time.perf_counter() - t0) / copies
    gc.enable()
    return {
        "decisions": done,
        "legal_us": legal_s / done * 1e6,
        "apply_us": apply_s / done * 1e6,
        "per_s": done / (legal_s + apply_s),
        "clone_us": clone_s * 1e6,
        "digest": digest.hexdigest()[:12],
    }


def playouts(game: str, games: int, seed: int) -> dict[str, Any]:
    """``games`` random playouts of ``game`` to their end: games a second, a fairer unit
    than decisions where one tree's moves do more each (Root's combined moves, issue 29)."""
    from engines import registry
    from engines.core.protocol import Seat, parse_options
    from engines.core.rng import Rng, seed_from

    engine = registry.get(game)
    seats = [Seat(i, f"Player {i + 1}") for i in range(SEATS[game])]
    options = parse_options(engine, None)
    done = 0
    t0 = time.perf_counter()
    for game_seed in range(seed, seed + games):
        state = engine.setup(seats, options, game_seed)
        rng = Rng(seed_from(game_seed, "engine-speed"))
        while asked := sorted(engine.to_act(state)):
            seat = rng.choice(asked)
            moves = list(engine.legal_actions(state, seat))
            state = engine.apply(state, seat, rng.choice(moves)).state
            done += 1
    spent = time.perf_counter() - t0
    return {"per_s": games / spent, "decisions": done / games}


def run_in(
    tree: Path, game: str, decisions: int, seed: int, call: str = "measure"
) -> dict[str, Any]:
    """``measure`` (or ``playouts``) in a new process that imports the engines of ``tree``."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    # This file is loaded by its path: the older tree has a ``bench`` package of its own.
    code = (
        f"import sys; sys.path.insert(0, {str(tree)!r}); import json, importlib.util; "
        f"spec = importlib.util.spec_from_file_location('speed', {__file__!r}); "
        "mod = importlib.util.module_from_spec(spec); spec.loader.exec_module(mod); "
        # A short untimed warm-up first: content loads and caches fill on first use.
        f"mod.measure({game!r}, {max(2, decisions // 10)}, {seed + 1000}); "
        f"print(json.dumps(mod.{call}({game!r}, {decisions}, {seed})))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=tree, env=env, capture_output=True, text=True
    )
    if out.returncode != 0:
        raise SystemExit(f"{game} in {tree} failed:\n{out.stderr}")
    result: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def worktree(commit: str, where: Path | None) -> Path:
    """The older commit checked out (once) as a detached git worktree."""
    sha = subprocess.run(
        ["git", "-C", str(HERE), "rev-parse", "--short", commit],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    tree = where or Path(f"/tmp/gm-speed-{sha}")
    if not tree.exists():
        subprocess.run(
            ["git", "-C", str(HERE), "worktree", "add", "--detach", str(tree), sha],
            check=True,
            capture_output=True,
        )
    return tree


def fastest(
    old: Path, game: str, rounds: int, count: int, seed: int, call: str = "measure"
) -> tuple[dict[str, Any], dict[str, Any]]:
    """Each tree's fastest of ``rounds`` runs, the two trees alternating round by round."""
    best: dict[str, dict[str, Any]] = {}
    for _ in range(rounds):
        for side, tree in (("old", old), ("new", HERE)):
            r = run_in(tree, game, count, seed, call)
            if side not in best or r["per_s"] > best[side]["per_s"]:
                best[side] = r
    return best["old"], best["new"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", required=True, help="the commit to compare with")
    parser.add_argument("--tree", type=Path, help="where to check the older commit out")
    parser.add_argument("--games", default=",".join(SEATS))
    parser.add_argument("--decisions", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--playouts", type=int, default=0, help="also this many whole games")
    args = parser.parse_args()
    old = worktree(args.old, args.tree)
    print(f"old: {args.old} at {old}; new: {HERE}; {args.decisions} decisions a round")
    head = "game        old/s   new/s  speed-up  legal old/new µs  apply old/new µs"
    print(f"{head}  clone old/new µs  same states")
    for game in args.games.split(","):
        o, n = fastest(old, game, args.rounds, args.decisions, args.seed)
        print(
            f"{game:<10} {o['per_s']:>6,.0f} {n['per_s']:>7,.0f} {n['per_s'] / o['per_s']:>8.2f}x"
            f"  {o['legal_us']:>7.0f} / {n['legal_us']:<6.0f}  {o['apply_us']:>7.0f} / "
            f"{n['apply_us']:<6.0f}  {o['clone_us']:>7.0f} / {n['clone_us']:<6.0f}"
            f"  {'yes' if o['digest'] == n['digest'] else 'NO'}"
        )
    if args.playouts:
        print(f"whole games, {args.playouts} a round: games a second old/new (decisions a game)")
    for game in args.games.split(",") if args.playouts else ():
        o, n = fastest(old, game, args.rounds, args.playouts, args.seed, "playouts")
        print(
            f"{game:<10} {o['per_s']:>6.2f} {n['per_s']:>7.2f} {n['per_s'] / o['per_s']:>8.2f}x"
            f"  ({o['decisions']:.0f} / {n['decisions']:.0f})"
        )


if __name__ == "__main__":
    main()
