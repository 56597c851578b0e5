"""Wildlands board speed: cold load, draw_board and PNG encoding with twenty figures, PNG size,
and the cost of the lookups the rules and the AI make most (distance, sees, step_toward).

Run from the repository root: ``python -m bench.wildlands_board``.
"""

from __future__ import annotations

import statistics
import timeit
from time import perf_counter

from PIL import Image

from engines.core import content
from engines.core.render_kit import PALETTE, SEAT_COLOURS, encode
from engines.wildlands.board import board_ids, load_board
from engines.wildlands.render_board import Token, draw_board

DRAWS = 200
SPACES = [1, 6, 9, 12, 17, 17, 17, 23, 25, 30, 30, 30, 30, 30, 34, 38, 40, 41, 4, 42]


def sample_tokens() -> list[Token]:
    figures = [
        Token(
            s,
            f"C{i}",
            SEAT_COLOURS[i % 4],
            damage=i % 3,
            ring=PALETTE["yellow"] if i == 5 else None,
        )
        for i, s in enumerate(SPACES)
    ]
    shards = [Token(s, "", SEAT_COLOURS[i % 4], shape="shard") for i, s in enumerate((13, 28, 36))]
    return [*figures, *shards, Token(19, "?", (150, 150, 150), shape="object")]


def percentile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def bench_load() -> None:
    content.read_toml.cache_clear()
    load_board.cache_clear()
    start = perf_counter()
    for board_id in board_ids():
        board = load_board(board_id)
        board.step_toward(1, 42)  # builds the distance and step tables
        board.within(1, 3)
    ms = (perf_counter() - start) * 1000 / len(board_ids())
    print(f"load_board cold (parse, validate, build all-pairs tables): {ms:.1f} ms per board")


def bench_draw(board_id: str) -> None:
    board, tokens = load_board(board_id), sample_tokens()
    legend = [(SEAT_COLOURS[i], f"Faction {i + 1}: {i} pts, {7 - i} cards") for i in range(4)]

    def draw() -> Image.Image:
        return draw_board(board, tokens, title="Wildlands: Ada to act", legend=legend,
                          footer=["Ada moved C1 to 13"], highlight=[5, 7])  # fmt: skip

    draw()  # the first call draws and caches the static board
    draws, encodes = [], []
    for _ in range(DRAWS):
        start = perf_counter()
        img = draw()
        mid = perf_counter()
        data = encode(img)
        draws.append((mid - start) * 1000)
        encodes.append((perf_counter() - mid) * 1000)
    print(
        f"{board_id:13} draw_board p50 {statistics.median(draws):5.1f} ms  "
        f"p99 {percentile(draws, 0.99):5.1f} ms | encode p50 {statistics.median(encodes):5.1f} ms"
        f"  p99 {percentile(encodes, 0.99):5.1f} ms | PNG {len(data) / 1024:5.1f} KB"
    )


def bench_lookups() -> None:
    board = load_board("lost_factory")
    pairs = [(a, b) for a in board.spaces() for b in board.spaces()]
    for name, call in (
        ("distance", board.distance),
        ("sees", board.sees),
        ("step_toward", board.step_toward),
    ):
        seconds = timeit.timeit(lambda call=call: [call(a, b) for a, b in pairs], number=50)
        print(f"{name:12} {seconds / (50 * len(pairs)) * 1e9:6.0f} ns per lookup")
    seconds = timeit.timeit(lambda: [board.within(s, 3) for s in board.spaces()], number=50)
    print(f"{'within(s, 3)':12} {seconds / (50 * 42) * 1e9:6.0f} ns per call")


def main() -> None:
    print(f"Wildlands board bench: {len(SPACES)} figures + 4 counters, {DRAWS} draws per board")
    bench_load()
    for board_id in board_ids():
        bench_draw(board_id)
    bench_lookups()


if __name__ == "__main__":
    main()
