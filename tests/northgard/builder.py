"""A table builder for rule tests: a blank state where a test lays tiles, units, buildings,
creatures, piles and die faces (northgard.md §0: tests inject faces and pile orders)."""

from __future__ import annotations

from typing import Any

from engines.core.context import Ctx
from engines.core.protocol import Seat
from engines.northgard.board import add_units, push, run, task
from engines.northgard.engine import Choose, NorthgardEngine
from engines.northgard.options import NorthgardOptions
from engines.northgard.state import Beast, Placed, State, Task

ENGINE = NorthgardEngine()
NAMES = ["Red", "Purple", "Blue", "Green", "Brown"]


def table(n: int = 2, tiles: list[tuple[str, int, int, int]] | None = None, **opts: Any) -> State:
    """An empty Actions phase: no tiles but the given ones, no pieces, empty hands, no
    resources, every clan Stag (no combat or upkeep ability)."""
    seats = [Seat(i, NAMES[i]) for i in range(n)]
    s = ENGINE.setup(seats, NorthgardOptions(**opts), seed=1)
    s.tasks, s.pending, s.phase = [], None, "actions"
    s.tiles = [Placed(tile=t, x=x, y=y, rot=r) for t, x, y, r in tiles or []]
    s.units, s.buildings, s.beasts, s.line = {}, {}, [], ()
    s.creature_pile, s.set_aside, s.map_pile = (), (), ()
    s.kaija = s.scorched = ""
    for p in s.players:
        p.clan, p.food, p.wood, p.lore, p.fame, p.reserve = "STAG", 0, 0, 0, 0, 14
        p.hand, p.deck, p.discard, p.active = (), (), (), ()
    return s


def units(s: State, terr: str, seat: int, n: int) -> None:
    add_units(s, terr, seat, n)


def beast(s: State, card: str, terr: str) -> None:
    s.beasts.append(Beast(card=card, at=terr))
    s.line = (*s.line, card)


def go(s: State, *tasks: Task) -> Ctx:
    """Run rules tasks on the state until a decision or the end."""
    ctx = Ctx()
    push(s, *tasks)
    run(s, ctx)
    return ctx


def choose(s: State, seat: int, code: str) -> State:
    """Answer the pending decision through the engine (guards included)."""
    return ENGINE.apply(s, seat, Choose(code=code)).state


def where(s: State, card: str) -> str | None:
    return next((b.at for b in s.beasts if b.card == card), None)


__all__ = ["ENGINE", "beast", "choose", "go", "table", "task", "units", "where"]
