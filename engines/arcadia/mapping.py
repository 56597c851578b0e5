"""The map: grid, side terrain, placement legality and crossings (reference §3, §6 D3).

Cells are "x,y" (x east, y north). A league lies landscape at 0° or 180°; a half turn swaps
N/S and E/W. Quarter turns do not exist in this model, so a "T" joint cannot occur.

What depends only on a cell's name or on the league cards (a cell's neighbours, the terrain
of a side, whether two sides fit, the crossings between two sides) is worked out once and
kept: legal moves and placements ask for it over and over. Caches keyed by cells are bounded,
as a move read from a record may name any cell.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator
from functools import cache, lru_cache

from engines.arcadia.content import League, content, per_record
from engines.arcadia.state import ArcadiaState, Placed

DIRS: dict[str, tuple[int, int]] = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
CELLS_KEPT = 4096


def cell_key(x: int, y: int) -> str:
    return f"{x},{y}"


@lru_cache(maxsize=CELLS_KEPT)
def xy(cell: str) -> tuple[int, int]:
    x, y = cell.split(",")
    return int(x), int(y)


@lru_cache(maxsize=CELLS_KEPT)
def step(cell: str, d: str) -> str:
    x, y = xy(cell)
    dx, dy = DIRS[d]
    return cell_key(x + dx, y + dy)


@lru_cache(maxsize=CELLS_KEPT)
def around(cell: str) -> tuple[tuple[str, str], ...]:
    """(direction, neighbouring cell) on every side of ``cell``, in ``DIRS`` order."""
    return tuple((d, step(cell, d)) for d in DIRS)


@lru_cache(maxsize=CELLS_KEPT)
def direction(a: str, b: str) -> str | None:
    """The side of ``a`` that faces ``b`` when they are orthogonal neighbours."""
    ax, ay = xy(a)
    bx, by = xy(b)
    for d, (dx, dy) in DIRS.items():
        if (ax + dx, ay + dy) == (bx, by):
            return d
    return None


def printed_sides(league: League, mode: str = "derived_unless_authored") -> dict[str, set[str]]:
    """§3.2: authored sides, else Border alone on N and the rest elsewhere."""
    if league.sides and mode == "derived_unless_authored":
        return {d: set(v) for d, v in league.sides.items()}
    terr = set(league.terrains)
    if "Border" in terr and mode == "derived_unless_authored":
        rest = terr - {"Border"}
        return {"N": {"Border"}, "E": set(rest), "S": set(rest), "W": set(rest)}
    return {d: set(terr) for d in DIRS}


def printed_side(rot: int, facing: str) -> str:
    """Which printed side of a league turned ``rot`` degrees faces ``facing``."""
    return OPPOSITE[facing] if rot == 180 else facing


SIDE_MODES = ("derived_unless_authored", "all_sides")


@per_record
def _side_table(league: League) -> dict[tuple[bool, str], dict[str, frozenset[str]]]:
    """The terrain of a league's side facing each way, by (half turned, side_terrain mode)."""
    printed = {mode: printed_sides(league, mode) for mode in SIDE_MODES}
    return {
        (half, mode): {
            facing: frozenset(printed[mode][printed_side(180 if half else 0, facing)])
            for facing in DIRS
        }
        for half in (False, True)
        for mode in SIDE_MODES
    }


def turned_sides(league_id: str, rot: int, mode: str) -> dict[str, frozenset[str]]:
    """The terrain of each side of a league laid at ``rot``, by the way it faces."""
    league = content().leagues[league_id]
    known = _side_table(league).get((rot == 180, mode))
    if known is None:  # a mode the options do not offer
        return {f: frozenset(printed_sides(league, mode)[printed_side(rot, f)]) for f in DIRS}
    return known


def side_terrain(league_id: str, rot: int, facing: str, mode: str) -> frozenset[str]:
    return turned_sides(league_id, rot, mode)[facing]


def sides_match(
    s: set[str] | frozenset[str], t: set[str] | frozenset[str], border_faces: str = "ocean_only"
) -> bool:
    """§3.3 rule 2: Border faces only Ocean; Ocean faces only Ocean; else share a terrain."""
    if "Border" in s or "Border" in t:
        other = t if "Border" in s else s
        if border_faces == "ocean_or_border" and "Border" in other:
            return True
        return "Ocean" in other
    if "Ocean" in s or "Ocean" in t:
        return "Ocean" in s and "Ocean" in t
    return bool(s & t)


def frontier(s: ArcadiaState) -> list[str]:
    """Empty cells touching the map, in a stable order (the first league: the origin)."""
    if not s.cells:
        return [cell_key(0, 0)]
    out: set[str] = set()
    for c in s.cells:
        for _d, n in around(c):
            if n not in s.cells:
                out.add(n)
    return sorted(out, key=_north_then_east)


def _north_then_east(cell: str) -> tuple[int, int]:
    x, y = xy(cell)
    return y, x


def _sides_fit(
    league_id: str, rot: int, d: str, other: str, other_rot: int, mode: str, border_faces: str
) -> bool:
    """Whether side ``d`` of a league laid at ``rot`` fits the league beyond it."""
    mine = side_terrain(league_id, rot, d, mode)
    theirs = side_terrain(other, other_rot, OPPOSITE[d], mode)
    return _match(mine, theirs, border_faces)


_match = cache(sides_match)  # by the sides' terrains: a handful of sets and two rulings


def placement_ok(s: ArcadiaState, league_id: str, cell: str, rot: int) -> bool:
    o = s.options
    if cell in s.cells or rot not in (0, 180) or (rot == 180 and not o.allow_half_turn):
        return False
    lg = content().leagues[league_id]
    if lg.unique and any(p.league == league_id for p in s.cells.values()):
        return False
    neighbours = _touching(s, cell)
    if s.cells and o.must_touch and not neighbours:
        return False
    mode, faces = o.side_terrain, o.border_faces
    return all(_sides_fit(league_id, rot, d, p.league, p.rot, mode, faces) for d, p in neighbours)


def placements(s: ArcadiaState, leagues: Iterable[str]) -> list[tuple[str, str, int]]:
    """(league, cell, turn) of every legal placement, as ``placement_ok`` says."""
    return list(_placings(s, leagues))


def can_place(s: ArcadiaState, leagues: Iterable[str]) -> bool:
    """Whether any of ``leagues`` fits the map somewhere."""
    return next(_placings(s, leagues), None) is not None


def _placings(s: ArcadiaState, leagues: Iterable[str]) -> Iterator[tuple[str, str, int]]:
    """``placement_ok`` over each league, frontier cell and turn in order, with what depends
    on the map alone (the unique leagues laid, each cell's neighbours' facing sides) worked
    out once. Frontier cells are empty and touch the map, so those checks always pass."""
    o = s.options
    rots = (0, 180) if o.allow_half_turn else (0,)
    mode, faces = o.side_terrain, o.border_faces
    cells = [
        (c, [(d, side_terrain(p.league, p.rot, OPPOSITE[d], mode)) for d, p in _touching(s, c)])
        for c in frontier(s)
    ]
    laid = {p.league for p in s.cells.values()}
    for lid in dict.fromkeys(leagues):
        if content().leagues[lid].unique and lid in laid:
            continue
        # The league's four sides at each turn, looked up once.
        sides = {r: turned_sides(lid, r, mode) for r in rots}
        for c, facing in cells:
            for r in rots:
                mine = sides[r]
                for d, t in facing:
                    if not _match(mine[d], t, faces):
                        break
                else:
                    yield lid, c, r


def _touching(s: ArcadiaState, cell: str) -> list[tuple[str, Placed]]:
    return [(d, s.cells[n]) for d, n in around(cell) if n in s.cells]


def crossings(s: ArcadiaState, a: str, b: str) -> tuple[str, ...]:
    """The terrains a move from ``a`` to ``b`` may go via (D3)."""
    d = direction(a, b)
    if d is None or b not in s.cells:
        return ()
    pa, pb = s.cells[a], s.cells[b]
    leagues = content().leagues
    la, lb = leagues[pa.league], leagues[pb.league]
    mode = s.options.side_terrain
    key = (id(la), pa.rot, id(lb), pb.rot, d, mode)
    hit = _CROSSINGS.get(key)
    if hit is None or hit[0] is not la or hit[1] is not lb:
        sa = side_terrain(pa.league, pa.rot, d, mode)
        sb = side_terrain(pb.league, pb.rot, OPPOSITE[d], mode)
        if len(_CROSSINGS) >= CELLS_KEPT:
            _CROSSINGS.clear()
        hit = _CROSSINGS[key] = (la, lb, _crossing(sa, sb))
    return hit[2]


# Crossings by the two league records (kept with the answer, so their ids are not reused),
# their turns, the side and the side_terrain mode: legal moves ask for each one often.
_CROSSINGS: dict[tuple[int, int, int, int, str, str], tuple[League, League, tuple[str, ...]]] = {}


@cache
def _crossing(sa: frozenset[str], sb: frozenset[str]) -> tuple[str, ...]:
    """The terrains shared across two facing sides (by their terrains)."""
    if "Border" in sa or "Border" in sb:
        return ("Ocean",) if "Ocean" in sa | sb else ()
    return tuple(sorted(sa & sb))


def neighbours(s: ArcadiaState, cell: str) -> list[str]:
    return [n for _d, n in around(cell) if n in s.cells]


def distances(s: ArcadiaState, start: str) -> dict[str, int]:
    """Path distance over placed leagues, ignoring trials (solo placement, waylay gate)."""
    dist = {start: 0}
    todo = deque([start])
    while todo:
        c = todo.popleft()
        for n in neighbours(s, c):
            if n not in dist:
                dist[n] = dist[c] + 1
                todo.append(n)
    return dist


def grid_steps(a: str, b: str) -> int:
    ax, ay = xy(a)
    bx, by = xy(b)
    return abs(ax - bx) + abs(ay - by)


def terrains_at(s: ArcadiaState, cell: str) -> tuple[str, ...]:
    return content().leagues[s.cells[cell].league].terrains
