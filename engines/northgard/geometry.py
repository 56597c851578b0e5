"""Tiles on the square grid, territories and borders (northgard.md §2).

A tile edge has two segments; ring order N0 N1 E0 E1 S0 S1 W0 W1 = 0..7, a quarter turn
clockwise maps i to i+2. Facing segments across open edges join pieces into territories
(union-find); a territory's id is its smallest piece id in placement order (`"3b"`: piece b
of the fourth tile placed). The derived ``Map`` is a pure function of the placements and is
cached, so rules code can ask for it as often as it likes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from engines.northgard.content import TEMPLATE_BORDERS, TEMPLATES, content
from engines.northgard.state import Placed

SIDES = ((0, -1), (1, 0), (0, 1), (-1, 0))  # N E S W; y grows downwards


def facing(seg: int) -> int:
    """The segment of the neighbouring tile that segment ``seg`` touches."""
    return ((seg ^ 1) + 4) % 8


def piece_key(pid: str) -> tuple[int, str]:
    return int(pid[:-1]), pid[-1]


def physical_segments(template: str, letter: str, rot: int) -> tuple[int, ...]:
    return tuple((i + 2 * rot) % 8 for i in TEMPLATES[template][letter])


@dataclass
class Territory:
    id: str
    pieces: list[str] = field(default_factory=list)
    tiles: set[int] = field(default_factory=set)
    food: int = 0
    wood: int = 0
    lore: int = 0
    small: int = 0
    large: int = 0
    lairs: int = 0
    features: list[str] = field(default_factory=list)
    closed: bool = True
    adjacent: dict[str, str] = field(default_factory=dict)  # territory -> "-" or "~"

    @property
    def size(self) -> int:
        return len(self.tiles)

    def has(self, feature: str) -> bool:
        return any(f.split(":")[0] == feature for f in self.features)


@dataclass
class Map:
    cells: dict[tuple[int, int], int]
    seg_piece: dict[tuple[int, int], str]  # (tile index, physical segment) -> piece id
    edge: dict[int, bool]  # tile index -> its segments carry edge borders
    root: dict[str, str]
    territories: dict[str, Territory]

    def tile_territories(self, idx: int) -> list[str]:
        """The territories owning the pieces of tile ``idx``, in canonical order."""
        out: list[str] = []
        for pid, r in self.root.items():
            if piece_key(pid)[0] == idx and r not in out:
                out.append(r)
        return sorted(out, key=piece_key)

    def order(self) -> list[str]:
        return sorted(self.territories, key=piece_key)

    def frontier(self) -> list[tuple[int, int]]:
        """Empty cells next to a placed tile, sorted."""
        out = set()
        for x, y in self.cells:
            for dx, dy in SIDES:
                c = (x + dx, y + dy)
                if c not in self.cells:
                    out.add(c)
        return sorted(out)


@lru_cache(maxsize=4096)
def _build(tiles: tuple[tuple[str, int, int, int], ...]) -> Map:
    c = content()
    cells: dict[tuple[int, int], int] = {}
    seg_piece: dict[tuple[int, int], str] = {}
    edge: dict[int, bool] = {}
    parent: dict[str, str] = {}

    def find(a: str) -> str:
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    def union(a: str, b: str) -> None:
        ra, rb = find(a), find(b)
        if ra != rb:
            lo, hi = sorted((ra, rb), key=piece_key)
            parent[hi] = lo

    for idx, (tid, x, y, rot) in enumerate(tiles):
        t = c.tiles[tid]
        cells[(x, y)] = idx
        edge[idx] = t.edge_borders
        for letter in TEMPLATES[t.template]:
            pid = f"{idx}{letter}"
            parent[pid] = pid
            for seg in physical_segments(t.template, letter, rot):
                seg_piece[(idx, seg)] = pid
    # Join facing open segments.
    for (x, y), idx in cells.items():
        for seg in range(8):
            dx, dy = SIDES[seg // 2]
            other = cells.get((x + dx, y + dy))
            if other is None or edge[idx] or edge[other]:
                continue
            union(seg_piece[(idx, seg)], seg_piece[(other, facing(seg))])
    root = {pid: find(pid) for pid in parent}
    terrs: dict[str, Territory] = {}
    for pid in sorted(parent, key=piece_key):
        r = root[pid]
        ter = terrs.setdefault(r, Territory(r))
        ter.pieces.append(pid)
        idx, letter = piece_key(pid)
        ter.tiles.add(idx)
        p = c.pieces[(tiles[idx][0], letter)]
        ter.food += p.food
        ter.wood += p.wood
        ter.lore += p.lore
        ter.small += p.small
        ter.large += p.large
        ter.lairs += p.lairs
        ter.features.extend(p.features)

    def link(a: str, b: str, kind: str) -> None:
        ra, rb = root[a], root[b]
        if ra == rb:
            return
        for u, v in ((ra, rb), (rb, ra)):
            if terrs[u].adjacent.get(v) != "-":
                terrs[u].adjacent[v] = kind

    for idx, (tid, x, y, _rot) in enumerate(tiles):
        t = c.tiles[tid]
        for (a, b), kind in zip(TEMPLATE_BORDERS[t.template], t.borders, strict=True):
            if kind != "#":
                link(f"{idx}{a}", f"{idx}{b}", kind)
        for seg in range(8):
            dx, dy = SIDES[seg // 2]
            other = cells.get((x + dx, y + dy))
            pid = seg_piece[(idx, seg)]
            if other is None:
                if not edge[idx]:
                    terrs[root[pid]].closed = False
                continue
            if edge[idx] or edge[other]:
                link(pid, seg_piece[(other, facing(seg))], "-")
    return Map(cells, seg_piece, edge, root, terrs)


def map_of(tiles: list[Placed]) -> Map:
    return _build(tuple((t.tile, t.x, t.y, t.rot) for t in tiles))


def rotations(tile_id: str) -> tuple[int, ...]:
    """Distinct rotations: a one-piece tile looks the same every way round."""
    return (0,) if content().tiles[tile_id].template == "O" else (0, 1, 2, 3)


def touching(m: Map, tile_id: str, x: int, y: int, rot: int) -> dict[str, set[str]]:
    """For a tile about to be placed: each of its pieces -> the territories it would join
    through open facing segments."""
    t = content().tiles[tile_id]
    out: dict[str, set[str]] = {letter: set() for letter in TEMPLATES[t.template]}
    for letter in TEMPLATES[t.template]:
        for seg in physical_segments(t.template, letter, rot):
            dx, dy = SIDES[seg // 2]
            other = m.cells.get((x + dx, y + dy))
            if other is None or t.edge_borders or m.edge[other]:
                continue
            out[letter].add(m.root[m.seg_piece[(other, facing(seg))]])
    return out


def faced(m: Map, x: int, y: int) -> set[str]:
    """Territories any segment of the new tile would face (open or not)."""
    out: set[str] = set()
    for seg in range(8):
        dx, dy = SIDES[seg // 2]
        other = m.cells.get((x + dx, y + dy))
        if other is not None:
            out.add(m.root[m.seg_piece[(other, facing(seg))]])
    return out


def merge_groups(m: Map, tile_id: str, x: int, y: int, rot: int) -> list[set[str]]:
    """The sets of existing territories that placing this tile would fuse together."""
    groups: list[set[str]] = []
    for joined in touching(m, tile_id, x, y, rot).values():
        merged = set(joined)
        rest = []
        for g in groups:
            if g & merged:
                merged |= g
            else:
                rest.append(g)
        groups = [*rest, merged]
    return [g for g in groups if len(g) > 1]
