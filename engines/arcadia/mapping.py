"""The map: grid, side terrain, placement legality and crossings (reference §3, §6 D3).

Cells are "x,y" (x east, y north). A league lies landscape at 0° or 180°; a half turn swaps
N/S and E/W. Quarter turns do not exist in this model, so a "T" joint cannot occur.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

from engines.arcadia.content import League, content
from engines.arcadia.state import ArcadiaState

DIRS: dict[str, tuple[int, int]] = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}


def cell_key(x: int, y: int) -> str:
    return f"{x},{y}"


def xy(cell: str) -> tuple[int, int]:
    x, y = cell.split(",")
    return int(x), int(y)


def step(cell: str, d: str) -> str:
    x, y = xy(cell)
    dx, dy = DIRS[d]
    return cell_key(x + dx, y + dy)


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


def side_terrain(league_id: str, rot: int, facing: str, mode: str) -> set[str]:
    return printed_sides(content().leagues[league_id], mode)[printed_side(rot, facing)]


def sides_match(s: set[str], t: set[str], border_faces: str = "ocean_only") -> bool:
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
        for d in DIRS:
            n = step(c, d)
            if n not in s.cells:
                out.add(n)
    return sorted(out, key=lambda c: (xy(c)[1], xy(c)[0]))


def placement_ok(s: ArcadiaState, league_id: str, cell: str, rot: int) -> bool:
    o = s.options
    if cell in s.cells or rot not in (0, 180) or (rot == 180 and not o.allow_half_turn):
        return False
    lg = content().leagues[league_id]
    if lg.unique and any(p.league == league_id for p in s.cells.values()):
        return False
    neighbours = [(d, step(cell, d)) for d in DIRS if step(cell, d) in s.cells]
    if s.cells and o.must_touch and not neighbours:
        return False
    for d, n in neighbours:
        mine = side_terrain(league_id, rot, d, o.side_terrain)
        p = s.cells[n]
        theirs = side_terrain(p.league, p.rot, OPPOSITE[d], o.side_terrain)
        if not sides_match(mine, theirs, o.border_faces):
            return False
    return True


def placements(s: ArcadiaState, leagues: Iterable[str]) -> list[tuple[str, str, int]]:
    rots = (0, 180) if s.options.allow_half_turn else (0,)
    cells = frontier(s)
    out = []
    for lid in dict.fromkeys(leagues):
        for c in cells:
            for r in rots:
                if placement_ok(s, lid, c, r):
                    out.append((lid, c, r))
    return out


def crossings(s: ArcadiaState, a: str, b: str) -> list[str]:
    """The terrains a move from ``a`` to ``b`` may go via (D3)."""
    d = direction(a, b)
    if d is None or b not in s.cells:
        return []
    pa, pb = s.cells[a], s.cells[b]
    mode = s.options.side_terrain
    sa = side_terrain(pa.league, pa.rot, d, mode)
    sb = side_terrain(pb.league, pb.rot, OPPOSITE[d], mode)
    if "Border" in sa or "Border" in sb:
        return ["Ocean"] if "Ocean" in sa | sb else []
    return sorted(sa & sb)


def neighbours(s: ArcadiaState, cell: str) -> list[str]:
    return [step(cell, d) for d in DIRS if step(cell, d) in s.cells]


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
