"""Pictures at the cost of encoding them (issue 20): per game and picture, in one run, the
CPU of a full render against the CPU of only PNG-encoding the very image it produced.

Each game plays a seeded random game and every move's view is drawn in order, as the bot
draws a board after each move (so caches hold what the previous move left). Printed per
picture: render CPU per picture, encode-only CPU of the same images (decoded, then saved
again with the renderer's PNG settings), their ratio (target <= 2x), mean PNG size, and the
cold render CPU (every cache emptied before each picture).

CPU is this process's CPU time, which other load on the machine barely changes.

    python -m bench.render_bench [--moves 60] [--seed 7]
"""

from __future__ import annotations

import argparse
import io
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from time import process_time
from typing import Any

from PIL import Image

from engines import registry
from engines.core.conformance import seats_for
from engines.core.protocol import View, parse_options
from engines.core.render_kit import clear_caches
from engines.core.rng import Rng, seed_from

Draw = Callable[[View], bytes | None]
# Seats per game for the benchmark's playouts: the most each game allows.
# The busiest table of each game draws the most; a game not listed plays its largest table.
SEATS = {"att": 4, "wildlands": 4, "awoken": 2}


def seeded_views(game: str, seed: int, moves: int, viewer: int | None = None) -> Iterator[View]:
    """The view after each of the first ``moves`` decisions of a seeded random game (fewer
    when the game ends sooner; the final position is always included)."""
    engine = registry.get(game)
    seats = SEATS.get(game, engine.max_seats)
    state = engine.setup(seats_for(seats), parse_options(engine, None), seed)
    rng = Rng(seed_from(seed, "render-bench"))
    yield engine.view(state, viewer)
    for _ in range(moves):
        asked = sorted(engine.to_act(state))
        if not asked or engine.outcome(state) is not None:
            return
        seat = rng.choice(asked)
        action = rng.choice(list(engine.legal_actions(state, seat)))
        state = engine.apply(state, seat, action).state
        yield engine.view(state, viewer)


def reencode_seconds(png: bytes) -> float:
    """CPU seconds to PNG-encode the picture ``png`` holds, as the renderers encode it."""
    img = Image.open(io.BytesIO(png))
    img.load()
    start = process_time()
    img.save(io.BytesIO(), "PNG", compress_level=3)
    return process_time() - start


@dataclass
class Figures:
    render: float = 0.0
    encode: float = 0.0
    cold: float = 0.0
    size: int = 0
    count: int = 0


def measure(draw: Draw, views: list[View]) -> Figures:
    clear_caches()
    out = Figures()
    for view in views:
        start = process_time()
        png = draw(view)
        out.render += process_time() - start
        if png is None:
            continue
        out.encode += reencode_seconds(png)
        out.size += len(png)
        out.count += 1
    # Cold: every cache emptied first, on up to ten of the views that post a picture.
    drawn = [view for view in views if draw(view) is not None]
    sample = drawn[:: max(1, len(drawn) // 10)]
    for view in sample:
        clear_caches()
        start = process_time()
        draw(view)
        out.cold += process_time() - start
    out.cold /= max(1, len(sample))
    return out


def pictures(game: str) -> list[tuple[str, Draw, int | None]]:
    """(label, draw, viewer) for every picture ``game`` posts."""
    entry = registry.entry(game)
    out: list[tuple[str, Draw, int | None]] = [("board", entry.render, None)]
    if game == "att":
        out.append(("board + own hand", entry.render, 0))
    if entry.extras is not None:
        extras = entry.extras

        def extra(view: View) -> bytes | None:
            drawn = extras(view)
            return drawn[0][1] if drawn else None

        out.append(("extras", extra, None))
    return out


def report(game: str, label: str, f: Figures, views: int) -> dict[str, Any]:
    per = max(f.count, 1)
    render_ms, encode_ms = f.render / views * 1000, f.encode / per * 1000
    # Render CPU per picture posted: a move that posts no picture costs only its check.
    posted_ms = f.render / per * 1000
    ratio = posted_ms / encode_ms if encode_ms else float("nan")
    verdict = "ok" if ratio <= 2.0 else "OVER 2x"
    print(
        f"{game:9} {label:17} {f.count:3}/{views:<3} drawn | render {posted_ms:6.1f} ms "
        f"(per move {render_ms:5.1f}) | encode-only {encode_ms:5.1f} ms | ratio {ratio:4.2f}x "
        f"{verdict:7} | PNG {f.size / per / 1024:6.1f} KB | cold {f.cold * 1000:6.1f} ms"
    )
    return {"ratio": ratio}


def main(moves: int, seed: int) -> None:
    print(f"seeded random games (seed {seed}), up to {moves} moves each; CPU ms per picture")
    for game in registry.names():
        for label, draw, viewer in pictures(game):
            views = list(seeded_views(game, seed, moves, viewer))
            # Fonts and content load once per process, not per picture: warm them with the
            # first view that posts a picture (a dice picture is not posted for every view).
            next((view for view in views if draw(view) is not None), None)
            report(game, label, measure(draw, views), len(views))


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--moves", type=int, default=60)
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    main(args.moves, args.seed)
