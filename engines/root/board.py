"""The map: adjacency, rule and movement (root.md §6, §7; barren trails §16.3)."""

from __future__ import annotations

from functools import cache

from engines.root.content import MapRecord, load_map
from engines.root.state import OWNER, Clearing, State


class Graph:
    """Adjacency of one map; barren trails are adjacent but closed to movement (W.3). In bot
    mode W.12 they are loaded as normal paths."""

    def __init__(self, rec: MapRecord, barren_open: bool) -> None:
        self.rec = rec
        self.suit = {c.id: c.suit for c in rec.clearings}
        self.slots = {c.id: c.slots for c in rec.clearings}
        self.corners = [c.id for c in rec.clearings if c.corner]
        self.opposite = {a: b for a, b in rec.opposite_corners} | {
            b: a for a, b in rec.opposite_corners
        }
        self.adj: dict[int, list[int]] = {c.id: [] for c in rec.clearings}
        self.barren: set[tuple[int, int]] = set()
        for a, b, kind in rec.paths:
            self.adj[a].append(b)
            self.adj[b].append(a)
            if kind == "barren" and not barren_open:
                self.barren.add((min(a, b), max(a, b)))
        for v in self.adj.values():
            v.sort()

    def is_barren(self, a: int, b: int) -> bool:
        return (min(a, b), max(a, b)) in self.barren


@cache
def _graph(name: str, barren_open: bool) -> Graph:
    return Graph(load_map(name), barren_open)


def graph(s: State) -> Graph:
    return _graph(s.options.map, not s.options.economy)


def trail_key(a: int, b: int) -> str:
    return f"{min(a, b)}-{max(a, b)}"


def presence(c: Clearing, faction: str) -> int:
    """Warriors plus buildings: what counts for rule (L2.5); tokens never count."""
    return c.warriors.get(faction, 0) + sum(1 for b in c.buildings if OWNER.get(b) == faction)


def presence_of(warriors: dict[str, int], c: Clearing, faction: str) -> int:
    """``presence`` in ``c`` with these warriors in place of its own."""
    return warriors.get(faction, 0) + sum(1 for b in c.buildings if OWNER.get(b) == faction)


def has_piece(c: Clearing, faction: str) -> bool:
    return c.warriors.get(faction, 0) > 0 or any(
        OWNER.get(x) == faction for x in [*c.buildings, *c.tokens]
    )


def ruler(s: State, cid: int) -> str | None:
    """Who rules a clearing; the Eyrie win ties for the most if present (L7.2.2)."""
    c = s.clearings[cid - 1]
    return ruler_of(c.warriors, c.buildings)


def ruler_of(warriors: dict[str, int], buildings: list[str]) -> str | None:
    """``ruler`` of a clearing holding these warriors and buildings."""
    # presence() of every faction, in one pass over the buildings (the AI asks this a lot);
    # only the seated factions have pieces on the map.
    counts = warriors
    if buildings:
        counts = dict(counts)
        for b in buildings:
            owner = OWNER.get(b)
            if owner is not None:
                counts[owner] = counts.get(owner, 0) + 1
    best, who, tied = 0, None, False
    for faction, n in counts.items():
        if n > best:
            best, who, tied = n, faction, False
        elif n == best:
            tied = True
    if not tied or best == 0:
        return who
    return "eyrie" if counts.get("eyrie", 0) == best else None


def rules(s: State, faction: str, cid: int) -> bool:
    return ruler(s, cid) == faction


def open_slots(s: State, cid: int) -> int:
    return graph(s).slots[cid] - len(s.clearing(cid).buildings)


def pieces_of(c: Clearing, faction: str) -> list[str]:
    """A faction's buildings and tokens in a clearing (not warriors)."""
    return [x for x in [*c.buildings, *c.tokens] if OWNER.get(x) == faction]


def count_on_map(s: State, kind: str) -> int:
    # A plain loop: a generator's step per clearing cost more than the counting (issue 33).
    n = 0
    for c in s.clearings:
        n += c.buildings.count(kind) + c.tokens.count(kind)
    return n


def warriors_on_map(s: State, faction: str) -> int:
    return sum(c.warriors.get(faction, 0) for c in s.clearings)
