"""Tiles on the square grid, territories and borders (northgard.md §2).

A tile edge has two segments; ring order N0 N1 E0 E1 S0 S1 W0 W1 = 0..7, a quarter turn
clockwise maps i to i+2. Facing segments across open edges join pieces into territories
(union-find); a territory's id is its smallest piece id in placement order (`"3b"`: piece b
of the fourth tile placed). The derived ``Map`` is a pure function of the placements and is
cached, so rules code can ask for it as often as it likes; a placed tile grows the map from
the territories it touches (``grown``) rather than building it again (issue 33).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from operator import itemgetter
from typing import Any, Protocol, TypeVar

from engines.northgard.content import TEMPLATE_BORDERS, TEMPLATES, Piece, content

T = TypeVar("T")
# What a tile placed on an empty cell would face: per physical segment the territory it would
# join (None: none), the territories it would join, and every territory any segment faces.
Faces = tuple[tuple[str | None, ...], frozenset[str], frozenset[str]]
SIDES = ((0, -1), (1, 0), (0, 1), (-1, 0))  # N E S W; y grows downwards


def facing(seg: int) -> int:
    """The segment of the neighbouring tile that segment ``seg`` touches."""
    return ((seg ^ 1) + 4) % 8


def piece_key(pid: str) -> tuple[int, str]:
    return int(pid[:-1]), pid[-1]


def physical_segments(template: str, letter: str, rot: int) -> tuple[int, ...]:
    return tuple((i + 2 * rot) % 8 for i in TEMPLATES[template][letter])


# Per physical segment: the step to the neighbouring cell it touches, and that cell's segment.
_STEP = tuple(SIDES[seg // 2] for seg in range(8))
_FACING = tuple(facing(seg) for seg in range(8))
# Per physical segment: the step to the neighbouring cell, and that cell's segment it touches.
_SEG_FACING = tuple((seg, dx, dy, _FACING[seg]) for seg, (dx, dy) in enumerate(_STEP))
# Per side of a cell: the step to the neighbouring cell, and the two segments of that cell
# which face this side's two.
_SIDE_FACING = tuple(
    (dx, dy, _FACING[2 * side], _FACING[2 * side + 1]) for side, (dx, dy) in enumerate(SIDES)
)


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
    kinds: set[str] = field(default_factory=set)  # the features' kinds ("ruins" of "ruins:1:2")
    closed: bool = True
    adjacent: dict[str, str] = field(default_factory=dict)  # territory -> "-" or "~"

    @property
    def size(self) -> int:
        return len(self.tiles)

    def has(self, feature: str) -> bool:
        return feature in self.kinds

    def add_piece(self, tile: int, p: Piece) -> None:
        """Count a tile's piece into the territory: its resources, spaces and features."""
        self.tiles.add(tile)
        self.food += p.food
        self.wood += p.wood
        self.lore += p.lore
        self.small += p.small
        self.large += p.large
        self.lairs += p.lairs
        if p.features:
            self.features.extend(p.features)
            self.kinds.update(f.split(":")[0] for f in p.features)


@dataclass
class Map:
    cells: dict[tuple[int, int], int]
    seg_terr: dict[tuple[int, int], str]  # (tile index, physical segment) -> territory
    edge: dict[int, bool]  # tile index -> its segments carry edge borders
    root: dict[str, str]
    territories: dict[str, Territory]
    ordered: tuple[str, ...] = ()  # territory ids in canonical order
    rank: dict[str, int] = field(default_factory=dict)  # territory id -> its place in that order
    by_tile: dict[int, tuple[str, ...]] = field(default_factory=dict)  # see tile_territories
    # Piece id -> its name as the picture labels it, filled as board.place asks: a name
    # depends on its own tile only, so a map grown by a tile keeps the names known.
    names: dict[str, str] = field(default_factory=dict)
    placed: tuple[tuple[str, int, int, int], ...] = ()  # (tile, x, y, turn) in placement order
    shapes: tuple[_Shape, ...] = ()  # each placed tile's shape
    # Each empty cell next to a tile, in order, with what a tile placed there would face
    # (cell_faces); made when first asked, or handed on by ``grown``.
    faces: dict[tuple[int, int], Faces] | None = None

    def tile_territories(self, idx: int) -> tuple[str, ...]:
        """The territories owning the pieces of tile ``idx``, in canonical order."""
        return self.by_tile.get(idx, ())

    def order(self) -> tuple[str, ...]:
        return self.ordered

    def free_cells(self) -> dict[tuple[int, int], Faces]:
        """The frontier, each cell with its faces (cell_faces)."""
        if self.faces is None:
            self.faces = {(x, y): cell_faces(self, x, y) for x, y in self.frontier()}
        return self.faces

    def frontier(self) -> list[tuple[int, int]]:
        """Empty cells next to a placed tile, sorted."""
        out = set()
        for x, y in self.cells:
            for dx, dy in SIDES:
                c = (x + dx, y + dy)
                if c not in self.cells:
                    out.add(c)
        return sorted(out)


@dataclass(frozen=True)
class _Shape:
    """A tile turned some way, as _build needs it: its pieces in letter order, the piece
    owning each physical segment, the borders between its own pieces, its contents."""

    letters: tuple[str, ...]
    seg_letter: tuple[int, ...]  # physical segment -> index into ``letters``
    borders: tuple[tuple[int, int, str], ...]  # (piece, piece, "-" or "~"), walls left out
    pieces: tuple[Piece, ...]
    edge: bool


@cache
def _shape(tile_id: str, rot: int) -> _Shape:
    c = content()
    t = c.tiles[tile_id]
    letters = tuple(TEMPLATES[t.template])
    seg_letter = [0] * 8
    for k, letter in enumerate(letters):
        for seg in physical_segments(t.template, letter, rot):
            seg_letter[seg] = k
    borders = tuple(
        (letters.index(a), letters.index(b), kind)
        for (a, b), kind in zip(TEMPLATE_BORDERS[t.template], t.borders, strict=True)
        if kind != "#"
    )
    pieces = tuple(c.pieces[(tile_id, letter)] for letter in letters)
    return _Shape(letters, tuple(seg_letter), borders, pieces, t.edge_borders)


@lru_cache(maxsize=4096)
def _build(tiles: tuple[tuple[str, int, int, int], ...]) -> Map:
    # Pieces are numbered 4 * tile index + letter index, so their numbers sort as their ids
    # do ("3b" before "3c" before "10a"): a territory's root is its smallest number.
    shapes = [_shape(tid, rot) for tid, _x, _y, rot in tiles]
    cells = {(x, y): idx for idx, (_tid, x, y, _rot) in enumerate(tiles)}
    edge = {idx: sh.edge for idx, sh in enumerate(shapes)}
    names: dict[int, str] = {}
    for idx, sh in enumerate(shapes):
        for k, letter in enumerate(sh.letters):
            names[4 * idx + k] = f"{idx}{letter}"
    parent = {node: node for node in names}

    def find(a: int) -> int:
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    # Join facing open segments: each pair of neighbouring cells once, from the west or
    # the north one (the east and south segments, 2 to 5).
    for (x, y), idx in cells.items():
        if edge[idx]:
            continue
        for seg in (2, 3, 4, 5):
            dx, dy = _STEP[seg]
            other = cells.get((x + dx, y + dy))
            if other is None or edge[other]:
                continue
            a = find(4 * idx + shapes[idx].seg_letter[seg])
            b = find(4 * other + shapes[other].seg_letter[_FACING[seg]])
            if a != b:
                parent[max(a, b)] = min(a, b)
    root_of = {node: find(node) for node in names}
    root = {names[node]: names[r] for node, r in root_of.items()}
    seg_terr = {
        (idx, seg): names[root_of[4 * idx + sh.seg_letter[seg]]]
        for idx, sh in enumerate(shapes)
        for seg in range(8)
    }
    terrs: dict[str, Territory] = {}
    for node, r in root_of.items():
        rid = names[r]
        ter = terrs.get(rid)
        if ter is None:
            ter = terrs[rid] = Territory(rid)
        ter.pieces.append(names[node])
        idx = node // 4
        ter.add_piece(idx, shapes[idx].pieces[node % 4])

    def link(a: int, b: int, kind: str) -> None:
        ra, rb = names[root_of[a]], names[root_of[b]]
        if ra == rb:
            return
        for u, v in ((ra, rb), (rb, ra)):
            if terrs[u].adjacent.get(v) != "-":
                terrs[u].adjacent[v] = kind

    for idx, (_tid, x, y, _rot) in enumerate(tiles):
        sh = shapes[idx]
        for a, b, kind in sh.borders:
            link(4 * idx + a, 4 * idx + b, kind)
        for seg in range(8):
            dx, dy = _STEP[seg]
            other = cells.get((x + dx, y + dy))
            if other is None:
                if not sh.edge:
                    terrs[names[root_of[4 * idx + sh.seg_letter[seg]]]].closed = False
                continue
            if sh.edge or edge[other]:
                piece = 4 * idx + sh.seg_letter[seg]
                link(piece, 4 * other + shapes[other].seg_letter[_FACING[seg]], "-")
    rank = {t: i for i, t in enumerate(terrs)}
    by_tile: dict[int, set[str]] = {}
    for node, r in root_of.items():
        by_tile.setdefault(node // 4, set()).add(names[r])
    tile_terrs = {idx: tuple(sorted(ts, key=rank.__getitem__)) for idx, ts in by_tile.items()}
    return Map(
        cells, seg_terr, edge, root, terrs, tuple(terrs), rank, tile_terrs, {}, tiles, tuple(shapes)
    )


def grown(m: Map, tile: tuple[str, int, int, int]) -> Map:
    """The map ``m`` with one more tile placed: what _build makes of all the tiles, worked
    out from the territories the new tile touches (a placement changes only those), with
    the others shared. Only the order of a territory's neighbours may differ."""
    n = len(m.placed)
    tid, x, y, rot = tile
    sh = _shape(tid, rot)
    cells = {**m.cells, (x, y): n}
    ids = [f"{n}{letter}" for letter in sh.letters]
    # What each segment of the new tile faces: the territory, and whether they join.
    faces = []
    old_cells, old_seg_terr, old_edge = m.cells, m.seg_terr, m.edge
    for seg, dx, dy, facing_seg in _SEG_FACING:
        other = old_cells.get((x + dx, y + dy))
        if other is not None:
            faces.append((seg, old_seg_terr[(other, facing_seg)], not (sh.edge or old_edge[other])))
    # New pieces and the old territories they join, fused where they share one.
    groups: list[tuple[set[str], set[int]]] = []
    for k in range(len(ids)):
        olds = {t for seg, t, joins in faces if joins and sh.seg_letter[seg] == k}
        news = {k}
        rest = []
        for g_olds, g_news in groups:
            if g_olds & olds:
                olds |= g_olds
                news |= g_news
            else:
                rest.append((g_olds, g_news))
        groups = [*rest, (olds, news)]
    rename: dict[str, str] = {}
    root_of_new: dict[int, str] = {}
    for olds, news in groups:
        r = min(olds, key=piece_key) if olds else ids[min(news)]
        rename.update((o, r) for o in sorted(olds, key=piece_key) if o != r)
        root_of_new.update((k, r) for k in news)
    shapes = (*m.shapes, sh)
    placed = (*m.placed, tile)
    root = dict(m.root)
    seg_terr = dict(m.seg_terr)
    # The pieces of a territory merged away, and their segments, take the new id.
    for gone, r in rename.items():
        for pid in m.territories[gone].pieces:
            root[pid] = r
            idx = int(pid[:-1])
            k = shapes[idx].letters.index(pid[-1])
            for seg, letter in enumerate(shapes[idx].seg_letter):
                if letter == k:
                    seg_terr[(idx, seg)] = r
    for k, pid in enumerate(ids):
        root[pid] = root_of_new[k]
    for seg in range(8):
        seg_terr[(n, seg)] = root_of_new[sh.seg_letter[seg]]
    terrs = dict(m.territories)
    fresh: set[str] = set()  # territories copied for this map, free to change

    def own(t: str) -> Territory:
        if t not in fresh:
            old = terrs[t]
            terrs[t] = Territory(
                old.id,
                list(old.pieces),
                set(old.tiles),
                old.food,
                old.wood,
                old.lore,
                old.small,
                old.large,
                old.lairs,
                list(old.features),
                set(old.kinds),
                old.closed,
                dict(old.adjacent),
            )
            fresh.add(t)
        return terrs[t]

    def link(u: str, v: str, kind: str) -> None:
        if u == v:
            return
        for a, b in ((u, v), (v, u)):
            adjacent = own(a).adjacent
            if adjacent.get(b) != "-":
                adjacent[b] = kind

    def closed(ter: Territory) -> bool:
        for pid in ter.pieces:
            idx = int(pid[:-1])
            piece_sh = shapes[idx]
            if piece_sh.edge:
                continue
            k = piece_sh.letters.index(pid[-1])
            _t, px, py, _r = placed[idx]
            for seg in range(8):
                dx, dy = _STEP[seg]
                if piece_sh.seg_letter[seg] == k and (px + dx, py + dy) not in cells:
                    return False
        return True

    # Territories beside one that merged away now border the merged one.
    for gone in rename:
        for v in m.territories[gone].adjacent:
            if v not in rename:
                own(v).adjacent = _merged_adjacency([own(v).adjacent], rename, v)
    # Each grown, fused or new territory. Territories keep their place in the map's order
    # (the dict's), the new ones after them in letter order.
    groups.sort(key=lambda g: (not g[0], min(g[1])))
    for olds, news in groups:
        r = root_of_new[min(news)]
        added = [ids[k] for k in sorted(news)]
        if len(olds) == 1:
            # Grown: the new pieces come last in piece order, after the territory's own.
            ter = own(r)
            _add_pieces(ter, added, shapes)
        else:
            pieces = [p for o in olds for p in m.territories[o].pieces] + added
            pieces.sort(key=piece_key)
            ter = Territory(r)
            _add_pieces(ter, pieces, shapes)
            ter.adjacent = _merged_adjacency(
                [terrs[o].adjacent for o in sorted(olds, key=piece_key)], rename, r
            )
        for o in olds:
            if o != r:
                del terrs[o]
                fresh.discard(o)
        terrs[r] = ter
        fresh.add(r)
    # The new tile's own borders, and edge borders it meets or brings.
    for a, b, kind in sh.borders:
        link(root_of_new[a], root_of_new[b], kind)
    for seg, t, joins in faces:
        if not joins:
            link(root_of_new[sh.seg_letter[seg]], rename.get(t, t), "-")
    # Closed or not: what the new tile made or touched.
    touched = {root_of_new[k] for k in root_of_new}
    touched.update(rename.get(t, t) for _seg, t, _joins in faces)
    for t in touched:
        if t in fresh or not terrs[t].closed:
            is_closed = closed(terrs[t])
            if is_closed != terrs[t].closed:
                own(t).closed = is_closed
    ordered = tuple(terrs)
    rank = {t: i for i, t in enumerate(ordered)}
    by_tile = dict(m.by_tile)
    for idx in sorted({idx for gone in rename for idx in m.territories[gone].tiles}):
        by_tile[idx] = tuple(sorted({rename.get(t, t) for t in by_tile[idx]}, key=rank.__getitem__))
    by_tile[n] = tuple(sorted(set(root_of_new.values()), key=rank.__getitem__))
    edge = {**m.edge, n: sh.edge}
    grown_map = Map(
        cells, seg_terr, edge, root, terrs, ordered, rank, by_tile, dict(m.names), placed, shapes
    )
    if m.faces is not None:
        grown_map.faces = _grown_faces(m.faces, grown_map, (x, y), rename)
    return grown_map


def _grown_faces(
    faces: dict[tuple[int, int], Faces], m: Map, cell: tuple[int, int], rename: dict[str, str]
) -> dict[tuple[int, int], Faces]:
    """The free cells of ``m`` from those of the map before ``cell`` was filled: the cells
    beside it face it now, and territories merged away are named by their new ids."""
    x, y = cell
    cells = m.cells
    near = [c for dx, dy in SIDES if (c := (x + dx, y + dy)) not in cells]
    out: dict[tuple[int, int], Faces] = {}
    for c, f in faces.items():
        if c == cell or c in near:
            continue
        if rename and not f[2].isdisjoint(rename):
            joins, joined, faced = f
            f = (
                tuple(None if t is None else rename.get(t, t) for t in joins),
                frozenset(rename.get(t, t) for t in joined),
                frozenset(rename.get(t, t) for t in faced),
            )
        out[c] = f
    for cx, cy in near:
        out[(cx, cy)] = cell_faces(m, cx, cy)
    return {c: out[c] for c in sorted(out)}


def _add_pieces(ter: Territory, pieces: list[str], shapes: tuple[_Shape, ...]) -> None:
    """Add ``pieces`` (which come after its own in piece order) to ``ter``, a territory of
    the map being grown."""
    ter.pieces += pieces
    for pid in pieces:
        idx = int(pid[:-1])
        piece_sh = shapes[idx]
        ter.add_piece(idx, piece_sh.pieces[piece_sh.letters.index(pid[-1])])


def _merged_adjacency(
    parts: list[dict[str, str]], rename: dict[str, str], me: str
) -> dict[str, str]:
    """Neighbours after merges: renamed, never the territory itself, "-" over "~"."""
    out: dict[str, str] = {}
    for adjacent in parts:
        for v, kind in adjacent.items():
            v = rename.get(v, v)
            if v != me and out.get(v) != "-":
                out[v] = kind
    return out


class TileAt(Protocol):
    """A tile placed on the grid, as the state keeps it (``state.Placed``; the state keeps
    the map it makes, so this module does not import the state)."""

    @property
    def tile(self) -> str: ...
    @property
    def x(self) -> int: ...
    @property
    def y(self) -> int: ...
    @property
    def rot(self) -> int: ...


def map_of(tiles: Sequence[TileAt]) -> Map:
    return _build(tuple((t.tile, t.x, t.y, t.rot) for t in tiles))


def rotations(tile_id: str) -> tuple[int, ...]:
    """Distinct rotations: a one-piece tile looks the same every way round."""
    return (0,) if content().tiles[tile_id].template == "O" else (0, 1, 2, 3)


def cell_faces(m: Map, x: int, y: int) -> Faces:
    """For an empty cell: per physical segment, the territory a tile placed there would join
    through that segment (None: no tile there, or edge borders on it), those territories,
    and the territories any segment would face (open or not)."""
    cells, seg_terr, edge = m.cells, m.seg_terr, m.edge
    joins: list[str | None] = []
    joined: set[str] = set()
    faced: set[str] = set()
    for dx, dy, seg_a, seg_b in _SIDE_FACING:
        other = cells.get((x + dx, y + dy))
        if other is None:
            joins += (None, None)
            continue
        pair = (seg_terr[(other, seg_a)], seg_terr[(other, seg_b)])
        faced.update(pair)
        if edge[other]:
            joins += (None, None)
        else:
            joins += pair
            joined.update(pair)
    return tuple(joins), frozenset(joined), frozenset(faced)


@cache
def _piece_segments(
    tile_id: str, rot: int
) -> tuple[tuple[str, Callable[[tuple[Any, ...]], tuple[Any, ...]]], ...]:
    """Each piece of a tile turned ``rot``, with a reader of what its physical segments
    face (each piece owns two segments or more, so the reader gives a tuple)."""
    template = content().tiles[tile_id].template
    return tuple(
        (letter, itemgetter(*physical_segments(template, letter, rot)))
        for letter in TEMPLATES[template]
    )


def touching(tile_id: str, rot: int, joins: tuple[T | None, ...]) -> dict[str, set[T]]:
    """For a tile about to be placed on a cell whose segments join ``joins`` (cell_faces, or
    territories numbered): each of its pieces -> the territories it would join through open
    facing segments."""
    pieces = _piece_segments(tile_id, rot)
    if content().tiles[tile_id].edge_borders:
        return {letter: set() for letter, _ in pieces}
    return {letter: {t for t in faces(joins) if t is not None} for letter, faces in pieces}


def merge_groups(touched: dict[str, set[T]]) -> list[set[T]]:
    """The sets of existing territories that placing a tile touching them so would fuse."""
    groups: list[set[T]] = []
    for joined in touched.values():
        merged = set(joined)
        rest = []
        for g in groups:
            if g & merged:
                merged |= g
            else:
                rest.append(g)
        groups = [*rest, merged]
    return [g for g in groups if len(g) > 1]
