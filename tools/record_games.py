"""Record seeded games of every title, so a faster engine can be checked to play them
exactly as before (issue 33 "every seeded game replays to the same states").

Each title is played by its AI and random seats at a few seeds; the file keeps the seed,
the seats, the options, every move as stored, and a digest of the encoded state after every
``STRIDE`` moves and at the end. ``tests/test_recorded_games.py`` replays each file and
compares the digests.

Run from the repository root after a change that is meant to alter play (a rule fixed, the
moves offered in a new order): ``python -m tools.record_games [TITLE ...]`` writes
``tests/recorded/<game>.json`` for those titles (every title without one); ``--check`` only
reports which files are out of date. A change that is only meant to be faster must never
need it.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

from engines import registry
from engines.core.protocol import Engine, Seat, parse_options
from engines.core.rng import Rng

OUT = Path(__file__).resolve().parents[1] / "tests" / "recorded"
SEEDS = (1, 2)
STRIDE = 25
MAX_MOVES = 600  # a recorded game is cut here: long enough to cross every phase of a round


def digest(engine: Engine[Any, Any], state: Any) -> str:
    encoded = json.dumps(engine.encode_state(state), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(encoded.encode()).hexdigest()[:16]


def record(game: str, seed: int) -> dict[str, Any]:
    """One seeded game: seat 0 the game's AI, the others random; the moves and digests."""
    entry = registry.entry(game)
    engine = entry.engine
    n = max(2, engine.min_seats)
    seats = [Seat(i, f"P{i + 1}", "ai") for i in range(n)]
    state = engine.setup(tuple(seats), parse_options(engine, {}), seed)
    ai, rng, pick = entry.policy("ai"), Rng(seed), random.Random(seed)
    moves: list[list[Any]] = []
    digests = {"0": digest(engine, state)}
    while engine.outcome(state) is None and len(moves) < MAX_MOVES:
        seat = min(engine.to_act(state))
        legal = engine.legal_actions(state, seat)
        action = ai.choose(engine, state, seat, rng) if seat == 0 else pick.choice(legal)
        moves.append([seat, engine.encode_action(action)])
        state = engine.apply(state, seat, action).state
        if len(moves) % STRIDE == 0:
            digests[str(len(moves))] = digest(engine, state)
    digests[str(len(moves))] = digest(engine, state)
    return {
        "game": game,
        "seed": seed,
        "seats": [[s.id, s.name, s.kind] for s in seats],
        "options": {},
        "moves": moves,
        "digests": digests,
    }


def titles() -> list[str]:
    """The games the project ships (test fixture games registered at run time are not)."""
    return [name for name in registry.names() if not registry.is_extra(name)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("titles", nargs="*", metavar="TITLE", help="default: every title")
    parser.add_argument("--check", action="store_true", help="only say which files are stale")
    args = parser.parse_args()
    unknown = sorted(set(args.titles) - set(titles()))
    if unknown:
        parser.error(f"no title {', '.join(unknown)} (titles: {', '.join(titles())})")
    OUT.mkdir(exist_ok=True)
    stale = []
    for game in args.titles or titles():
        text = json.dumps([record(game, seed) for seed in SEEDS], separators=(",", ":")) + "\n"
        path = OUT / f"{game}.json"
        if args.check:
            if not path.exists() or path.read_text() != text:
                stale.append(path.name)
        else:
            path.write_text(text)
            print(f"{path}: {len(text) // 1024} KiB")
    if stale:
        print("out of date: " + ", ".join(stale))
        sys.exit(1)


if __name__ == "__main__":
    main()
