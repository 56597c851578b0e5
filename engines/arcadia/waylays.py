"""Playing waylays (reference §7, D6): where a waylay may go, the opponent's play and
the solo draw.
"""

from __future__ import annotations

from engines.arcadia.common import opponent, set_cell
from engines.arcadia.content import Waylay, content, per_record
from engines.arcadia.mapping import terrains_at
from engines.arcadia.state import ArcadiaState, Player, WaylayInPlay
from engines.arcadia.wording import league_label
from engines.core.context import Ctx


def holds_waylay(s: ArcadiaState, cell: str) -> bool:
    return bool(s.cells[cell].waylays)


def _terrain_ok(wid: str, terrains: tuple[str, ...]) -> bool:
    laid_on = _laid_on(content().waylays[wid])
    return laid_on is None or not laid_on.isdisjoint(terrains)


@per_record
def _laid_on(w: Waylay) -> frozenset[str] | None:
    """The terrains a waylay may be played on; None for any."""
    return None if "ANY" in w.terrains else frozenset(w.terrains)


def _can_waylay(s: ArcadiaState, p: Player, cell: str, wid: str) -> bool:
    if cell == p.base:
        return False
    if not p.far_enough:
        return False
    if s.cells[cell].waylays and not content().waylays[wid].stackable:
        return False
    return _terrain_ok(wid, terrains_at(s, cell))


def window_opens(s: ArcadiaState, p: Player) -> bool:
    """Whether the opponent gets the waylay window as ``p`` enters a league (D6), judged on
    what the table sees: a league other than the base, the quester far enough out, a hand
    holding waylays. Never on which waylays the hand holds: a window that opened only for a
    card that fits would tell the quester that the hidden hand holds one."""
    cell = p.pos or ""
    return cell != p.base and p.far_enough and bool(s.players[opponent(s, p.seat)].hand)


def playable(s: ArcadiaState, p: Player) -> list[str]:
    holder = s.players[opponent(s, p.seat)]
    cell = p.pos or ""
    return [w for w in dict.fromkeys(holder.hand) if _can_waylay(s, p, cell, w)]


def solo_draw(s: ArcadiaState, p: Player, cell: str, ctx: Ctx) -> None:
    if not s.pile or cell == p.base:
        return
    if s.options.solo_draw_on == "forward_moves" and p.came_from is None:
        return
    wid = s.pile.pop(0)
    if _can_waylay(s, p, cell, wid):
        put_waylay(s, p, cell, wid, ctx)
    else:
        s.pile.append(wid)
        ctx.say("The top waylay does not fit here: it goes to the bottom of the pile.")


def put_waylay(s: ArcadiaState, p: Player, cell: str, wid: str, ctx: Ctx) -> None:
    w = content().waylays[wid]
    if p.ignore_next_waylay:
        p.ignore_next_waylay = False
        ctx.say(f"{w.name} is played on {p.character.name}, who ignores it.")
        return
    laid = WaylayInPlay(id=wid, order=s.waylay_count, wins_left=w.wins_required, target=p.seat)
    set_cell(s, cell, waylays=(*s.cells[cell].waylays, laid))
    s.waylay_count += 1
    ctx.say(f"{w.name} waylays {p.character.name} at {league_label(s, cell)}.")
