"""Wildlands boards: spaces, paths, high ground, line of sight, thin ice and belts.

Implements the board model of wildlands.md §2 (adjacency, climb edges, distance, line of
sight), the board features of §13 (Slippery Surface, Thin Ice, conveyor belts) and the
loader checks of §14.8. Each board is one ``assets/wildlands/boards/<id>.toml`` holding
explicit tables, so a real board can be transcribed over a stand-in without code changes.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Hashable
from functools import cache, cached_property
from itertools import pairwise
from typing import Any, Literal

from pydantic import field_validator, model_validator

from engines.core.content import Record, assets_dir, load_one
from engines.core.errors import BadOptions, CorruptRecord

SPACE_COUNT = 42
BOARDS_DIR = "wildlands/boards"


class Board(Record):
    """One side of a physical board, as frozen tables (§2 "Stored data")."""

    id: str
    name: str
    side_of: Literal["base", "foreign_lands"]
    layout: dict[int, tuple[int, int]]
    adj: dict[int, tuple[int, ...]]
    high: frozenset[int]
    los: dict[int, frozenset[int]]
    thin_ice: frozenset[int]
    belts: dict[str, tuple[int, ...]]
    slippery: bool
    awoken_allowed: bool = True

    @field_validator("adj")
    @classmethod
    def _sorted_paths(cls, adj: dict[int, tuple[int, ...]]) -> dict[int, tuple[int, ...]]:
        for s, ns in adj.items():
            if len(set(ns)) != len(ns):
                raise ValueError(f"adj[{s}] lists a space twice: {list(ns)}")
        return {s: tuple(sorted(ns)) for s, ns in sorted(adj.items())}

    @model_validator(mode="after")
    def _check_tables(self) -> Board:
        spaces = set(range(1, SPACE_COUNT + 1))
        for table in ("layout", "adj", "los"):
            keys = set(getattr(self, table))
            if keys != spaces:
                raise ValueError(_space_set_problem(table, keys, spaces))
        if len(set(self.layout.values())) != SPACE_COUNT:
            raise ValueError("layout puts two spaces on the same grid position")
        for name, members in (("high", self.high), ("thin_ice", self.thin_ice)):
            if not members <= spaces:
                raise ValueError(f"{name} names spaces off the board: {sorted(members - spaces)}")
        self._check_adj(spaces)
        self._check_los(spaces)
        self._check_belts()
        return self

    def _check_adj(self, spaces: set[int]) -> None:
        for s, ns in self.adj.items():
            if s in ns or not set(ns) <= spaces:
                raise ValueError(f"adj[{s}] = {list(ns)} must name other spaces from 1 to 42")
            for n in ns:
                if s not in self.adj[n]:
                    raise ValueError(f"adj is not symmetric: {s} lists {n}, {n} does not list {s}")
        reached = set(_bfs(self.adj, 1))
        if reached != spaces:
            rest = spaces - reached
            cut_off = sorted(reached if len(reached) <= len(rest) else rest)  # the smaller part
            raise ValueError(f"the board is not connected: spaces {cut_off} are cut off")

    def _check_los(self, spaces: set[int]) -> None:
        for s, seen in sorted(self.los.items()):
            if s not in seen:
                raise ValueError(f"los[{s}] must contain {s} itself")
            if not seen <= spaces:
                raise ValueError(f"los[{s}] names spaces off the board: {sorted(seen - spaces)}")
            for t in sorted(seen):
                if s not in self.los[t]:
                    raise ValueError(f"los is not symmetric: {s} sees {t} but {t} does not see {s}")

    def _check_belts(self) -> None:
        for colour, path in self.belts.items():
            if len(path) < 2 or len(set(path)) != len(path):
                raise ValueError(f"the {colour} belt needs two or more distinct spaces: {path}")
            for a, b in pairwise(path):
                if b not in self.adj.get(a, ()):
                    raise ValueError(f"the {colour} belt steps {a} -> {b}, which are not adjacent")

    # Derived tables, built on first use and kept in the instance dict: plain attribute
    # reads, because pydantic private attributes cost a microsecond per access.
    @cached_property
    def _dist(self) -> tuple[tuple[int, ...], ...]:
        """All-pairs distances, indexed by space number (row 0 unused)."""
        rows = [(0,) * (SPACE_COUNT + 1)]
        for s in self.spaces():
            found = _bfs(self.adj, s)
            rows.append((0, *(found[t] for t in self.spaces())))
        return tuple(rows)

    @cached_property
    def _nearest(self) -> tuple[tuple[int, ...], ...]:
        """nearest[a]: every space by distance from a, ties by space number (row 0 unused)."""
        dist = self._dist
        rows: list[tuple[int, ...]] = [()]
        for a in self.spaces():
            rows.append(tuple(sorted(self.spaces(), key=lambda t: (dist[a][t], t))))
        return tuple(rows)

    @cached_property
    def _step(self) -> tuple[tuple[int, ...], ...]:
        """step[a][b]: the first neighbour of a, in ascending order, one step closer to b."""
        dist = self._dist
        rows = [(0,) * (SPACE_COUNT + 1)]
        for a in self.spaces():
            closer = (
                a if a == b else next(n for n in self.adj[a] if dist[n][b] == dist[a][b] - 1)
                for b in self.spaces()
            )
            rows.append((0, *closer))
        return tuple(rows)

    @cached_property
    def _rings(self) -> tuple[tuple[frozenset[int], ...], ...]:
        """rings[s][n]: the spaces within n steps of s, for n up to the farthest space."""
        dist = self._dist
        rows: list[tuple[frozenset[int], ...]] = [()]
        for s in self.spaces():
            far = max(dist[s])
            rows.append(
                tuple(
                    frozenset(t for t in self.spaces() if dist[s][t] <= n) for n in range(far + 1)
                )
            )
        return tuple(rows)

    @cached_property
    def derived(self) -> dict[Hashable, Any]:
        """Answers other rule modules derive from this board alone (the moves a card gives
        from a space, the spaces an attack reaches), kept with the board so they are
        worked out once per board (issue 33)."""
        return {}

    @cached_property
    def _belt_next(self) -> dict[str, dict[int, int]]:
        return {colour: dict(pairwise(path)) for colour, path in self.belts.items()}

    @cached_property
    def _belt_colours(self) -> dict[int, tuple[str, ...]]:
        return {
            s: tuple(c for c in sorted(self.belts) if s in self.belts[c]) for s in self.spaces()
        }

    def spaces(self) -> range:
        return range(1, SPACE_COUNT + 1)

    def neighbours(self, s: int) -> tuple[int, ...]:
        return self.adj[s]

    def is_climb_up(self, a: int, b: int) -> bool:
        """Moving a -> b needs the climb action (§2 climb_rule=up_only)."""
        return b in self.adj[a] and a not in self.high and b in self.high

    def is_climb_edge(self, a: int, b: int) -> bool:
        return b in self.adj[a] and (a in self.high) != (b in self.high)

    def distance(self, a: int, b: int) -> int:
        return self._dist[a][b]

    def nearest(self, a: int) -> tuple[int, ...]:
        """Every space, the closest to ``a`` first (``a`` itself), ties by space number."""
        return self._nearest[a]

    def within(self, s: int, n: int) -> frozenset[int]:
        """Spaces at most ``n`` steps from ``s``, ``s`` included."""
        if n < 0:
            return frozenset()
        rings = self._rings[s]
        return rings[min(n, len(rings) - 1)]

    def sees(self, a: int, b: int) -> bool:
        return b in self.los[a]

    def belt_next(self, colour: str, s: int) -> int | None:
        """Where the ``colour`` belt carries ``s``; None at its last space (nothing leaves
        the board, §13 belt_end=stay) or off the belt."""
        if colour not in self._belt_next:
            raise KeyError(f"{self.name} has no {colour} belt")
        return self._belt_next[colour].get(s)

    def belt_colours(self, s: int) -> tuple[str, ...]:
        return self._belt_colours[s]

    def step_toward(self, a: int, b: int) -> int:
        """The neighbour of ``a`` on a shortest path to ``b``; ties go to the lowest space
        number (§15 monster_step_tie=lowest_space). Returns ``a`` when already there."""
        return self._step[a][b]


def _bfs(adj: dict[int, tuple[int, ...]], start: int) -> dict[int, int]:
    dist = {start: 0}
    queue = deque([start])
    while queue:
        s = queue.popleft()
        for n in adj[s]:
            if n not in dist:
                dist[n] = dist[s] + 1
                queue.append(n)
    return dist


def _space_set_problem(table: str, keys: set[int], spaces: set[int]) -> str:
    missing, extra = sorted(spaces - keys), sorted(keys - spaces)
    parts = [f"missing spaces {missing}"] if missing else []
    parts += [f"unknown spaces {extra}"] if extra else []
    return f"{table} must list every space 1 to 42 once: " + ", ".join(parts)


@cache
def _board_files() -> tuple[str, ...]:
    return tuple(sorted(p.stem for p in (assets_dir() / BOARDS_DIR).glob("*.toml")))


def board_ids() -> list[str]:
    """Every board in ``assets/wildlands/boards``, sorted by id."""
    return list(_board_files())


@cache
def load_board(board_id: str) -> Board:
    """The board ``board_id``, validated; the same object on every call."""
    known = board_ids()
    if board_id not in known:
        raise BadOptions(f"There is no board called {board_id!r}. Boards: {', '.join(known)}.")
    board = load_one(f"{BOARDS_DIR}/{board_id}.toml", "board", Board)
    if board.id != board_id:
        raise CorruptRecord(f"{BOARDS_DIR}/{board_id}.toml names itself {board.id!r}.")
    return board
