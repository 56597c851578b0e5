"""Forced moves (reference §6): a push into an adjacent league (``move_character``, and the
loser of a character encounter) and a transport to the base camp (``return_to_base``).

Forced moves ignore trials, open no waylay window and cause no encounter that Day
(``forced_move_encounters=false``); a push sets ``came_from``, a transport clears it.
"""

from __future__ import annotations

from engines.arcadia.mapping import distances, neighbours
from engines.arcadia.state import ArcadiaState, Player
from engines.arcadia.wording import league_label
from engines.core.context import Ctx

# The effect ops that move a character by force (§15.1).
FORCED_OPS = ("return_to_base", "move_character")


def transport(s: ArcadiaState, p: Player, ctx: Ctx) -> None:
    p.pos = p.base
    p.came_from = None
    ctx.say(f"{p.character.name} is carried back to base camp.")


def push(s: ArcadiaState, p: Player, cell: str, ctx: Ctx) -> None:
    p.came_from = p.pos
    p.pos = cell
    ctx.say(f"{p.character.name} is pushed into {league_label(s, cell)}.")


def push_cells(s: ArcadiaState, p: Player) -> list[str]:
    return neighbours(s, p.pos or "")


def solo_push_cell(s: ArcadiaState, p: Player) -> str:
    """Solo play: the engine pushes to the least convenient neighbour, the one farthest from
    the base camp, ties to the earliest placed (like ``solo_placement=farthest``)."""
    dist = distances(s, p.base or "")
    return max(push_cells(s, p), key=lambda x: (dist.get(x, -1), -s.cells[x].order))
