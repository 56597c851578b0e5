"""Freeze the stand-in Wildlands boards of wildlands.md §14.8 into explicit TOML tables.

The reference describes each stand-in board as a 6 x 7 grid of space numbers, a list of
walls, high ground, thin ice and belts. The engine never reads that description: it reads
the explicit ``adj``, ``los``, ``layout``, ``high``, ``thin_ice`` and ``belts`` tables this
script writes to ``assets/wildlands/boards/<id>.toml``, so a real board can later be
transcribed by hand into the same format.

Run from the repository root: ``python -m tools.freeze_boards`` (writes the files) or
``python -m tools.freeze_boards --check`` (exit status 1 when a file is out of date).
"""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

BOARDS_DIR = Path(__file__).resolve().parents[1] / "assets" / "wildlands" / "boards"

# Ruins, Dungeon and Abyssal Lake number the grid row by row: n = 7r + c + 1.
PLAIN_ROWS = tuple(tuple(7 * r + c + 1 for c in range(7)) for r in range(6))
FACTORY_ROWS = (
    (1, 2, 3, 32, 33, 34, 35),
    (10, 11, 12, 31, 30, 9, 36),
    (13, 4, 5, 6, 7, 8, 37),
    (14, 40, 15, 16, 17, 18, 38),
    (19, 39, 20, 21, 22, 23, 41),
    (24, 25, 26, 27, 28, 29, 42),
)
RUINS_WALLS = (
    (3, 4), (39, 40), (11, 18), (25, 32), (15, 22), (21, 28),
    (19, 20), (23, 24), (8, 9), (34, 35), (17, 24), (19, 26),
)  # fmt: skip

FACTORY_WALLS = (
    (2, 11), (12, 31), (3, 32), (15, 16), (20, 21),
    (17, 22), (18, 38), (13, 14), (27, 28), (33, 30),
)  # fmt: skip


@dataclass(frozen=True)
class GridBoard:
    """One §14.8 table row: the grid description of a stand-in board."""

    id: str
    name: str
    side_of: str
    rows: tuple[tuple[int, ...], ...]
    walls: tuple[tuple[int, int], ...]
    high: frozenset[int] = frozenset()
    thin_ice: frozenset[int] = frozenset()
    belts: dict[str, tuple[int, ...]] = field(default_factory=dict)
    slippery: bool = False
    provenance: str = "Stand-in layout (wildlands.md §14.8, [ruling: data])."


GRID_BOARDS = (
    GridBoard(
        id="ruins",
        name="Ruins (stand-in layout)",
        side_of="base",
        rows=PLAIN_ROWS,
        walls=RUINS_WALLS,
        high=frozenset({9, 10, 16, 17, 26, 27, 33, 34}),
    ),
    GridBoard(
        id="dungeon",
        name="Dungeon (stand-in layout)",
        side_of="base",
        rows=PLAIN_ROWS,
        walls=RUINS_WALLS,
    ),
    GridBoard(
        id="abyssal_lake",
        name="Abyssal Lake (stand-in layout)",
        side_of="foreign_lands",
        rows=PLAIN_ROWS,
        walls=((4, 11), (32, 39), (22, 23), (20, 21), (14, 21), (22, 29)),
        high=frozenset({1, 2, 8, 35, 41, 42}),
        thin_ice=frozenset({10, 12, 19, 24, 31, 33}),
        slippery=True,
        provenance=(
            "Stand-in layout (wildlands.md §14.8, [ruling: data]); Slippery Surface on every "
            "space and thin ice existing are seed facts (FL › The Abyssal Lake)."
        ),
    ),
    GridBoard(
        id="lost_factory",
        name="Lost Factory (stand-in layout)",
        side_of="foreign_lands",
        rows=FACTORY_ROWS,
        walls=FACTORY_WALLS,
        high=frozenset({2, 3, 11, 12, 23, 29, 41, 42}),
        belts={"blue": (6, 5, 4, 40, 39, 25), "red": (6, 7, 8, 9, 34, 35)},
        provenance=(
            "Stand-in layout (wildlands.md §14.8, [ruling: data]); the belt steps 4->40, "
            "9->34, 6->5 and 6->7 are seed facts (FL › The Lost Factory)."
        ),
    ),
)


def layout(board: GridBoard) -> dict[int, tuple[int, int]]:
    """Space -> (column, row)."""
    return {s: (c, r) for r, row in enumerate(board.rows) for c, s in enumerate(row)}


def adjacency(board: GridBoard) -> dict[int, tuple[int, ...]]:
    """Orthogonal grid neighbours, minus the walls."""
    walls = {frozenset(w) for w in board.walls}
    at = {pos: s for s, pos in layout(board).items()}
    adj: dict[int, list[int]] = {s: [] for s in at.values()}
    for (c, r), s in at.items():
        for pos in ((c + 1, r), (c, r + 1)):
            t = at.get(pos)
            if t is not None and frozenset((s, t)) not in walls:
                adj[s].append(t)
                adj[t].append(s)
    return {s: tuple(sorted(ns)) for s, ns in sorted(adj.items())}


def line_of_sight(board: GridBoard) -> dict[int, tuple[int, ...]]:
    """§14.8: same row or column, no wall between, and any high ground strictly between
    blocks the view unless one end is itself high ground."""
    walls = {frozenset(w) for w in board.walls}
    pos = layout(board)
    at = {p: s for s, p in pos.items()}
    los: dict[int, tuple[int, ...]] = {}
    for a, (ca, ra) in sorted(pos.items()):
        seen = [a]
        for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            between: list[int] = []
            prev, c, r = a, ca + dc, ra + dr
            while (c, r) in at:
                b = at[(c, r)]
                if frozenset((prev, b)) in walls:
                    break
                high_between = any(s in board.high for s in between)
                if not high_between or a in board.high or b in board.high:
                    seen.append(b)
                between.append(b)
                prev, c, r = b, c + dc, r + dr
        los[a] = tuple(sorted(seen))
    return los


def _ints(values: Iterable[int]) -> str:
    return "[" + ", ".join(str(v) for v in values) + "]"


def frozen_toml(board: GridBoard) -> str:
    """The asset file for ``board``, byte for byte."""
    lines = [
        "# Generated by tools/freeze_boards.py; edit the grid there, or replace this file with",
        "# a transcription of the real board in the same format.",
        *textwrap.wrap(board.provenance, 96, initial_indent="# ", subsequent_indent="# "),
        "",
        "[board]",
        f'id = "{board.id}"',
        f'name = "{board.name}"',
        'source = "stand-in"',
        f'side_of = "{board.side_of}"',
        f"slippery = {str(board.slippery).lower()}",
        "awoken_allowed = true",
        f"high = {_ints(sorted(board.high))}",
        f"thin_ice = {_ints(sorted(board.thin_ice))}",
        "",
        "# colour = spaces in belt order; a belt's last space keeps what stands on it.",
        "[board.belts]",
        *(f"{colour} = {_ints(path)}" for colour, path in sorted(board.belts.items())),
        "",
        "# space = [column, row] on the drawing grid, row 0 at the top.",
        "[board.layout]",
        *(f"{s} = {_ints(p)}" for s, p in sorted(layout(board).items())),
        "",
        "[board.adj]",
        *(f"{s} = {_ints(ns)}" for s, ns in adjacency(board).items()),
        "",
        "# every space each space can see, itself included.",
        "[board.los]",
        *(f"{s} = {_ints(seen)}" for s, seen in line_of_sight(board).items()),
    ]
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    check = "--check" in argv
    stale = []
    BOARDS_DIR.mkdir(parents=True, exist_ok=True)
    for board in GRID_BOARDS:
        path = BOARDS_DIR / f"{board.id}.toml"
        text = frozen_toml(board)
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if current == text:
            continue
        stale.append(path.name)
        if not check:
            path.write_text(text, encoding="utf-8")
    verb = "out of date" if check else "written"
    print(f"{verb}: {', '.join(stale)}" if stale else "all boards up to date")
    return 1 if check and stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
