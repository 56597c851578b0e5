"""Setting the stage (reference §2, §4, §13.2–§13.4): the phases before the Days, who
decides in each, and the steps nobody decides.

Phases in order: build, quest, items (quest items chosen), waylays, treasures, leagues,
place, treasure_place, base, designate, item_place, then the Days; in solo play the engine
places the treasures after the base camp and the designations (§13.3). ``advance`` carries out
every step nobody decides (rolls, reveals, the solo engine's sites) and stops at the next
decision. The rules of each step live with their concept: ``build_moves`` (§2),
``selection`` (§4 steps 2–3), ``mapping`` (§3), ``sites`` (§4 steps 4–5, §13.3). Fixed
ruling here: unplaceable_league=discard.
"""

from __future__ import annotations

from engines.arcadia import actions as A
from engines.arcadia import day, selection, sites
from engines.arcadia.build_moves import BUILD_MOVES, build_legal, resolve_build
from engines.arcadia.common import NOBODY, opponent, without
from engines.arcadia.content import content
from engines.arcadia.mapping import can_place, placements
from engines.arcadia.rounds import start_days
from engines.arcadia.state import ArcadiaState, Placed
from engines.arcadia.wording import lay_place
from engines.core.context import Ctx
from engines.core.errors import IllegalAction
from engines.core.words import count

SETUP = ("build", "quest", "items", "waylays", "treasures", "leagues")


# -- who decides --------------------------------------------------------------------------


# The answers of ``to_act``, made once (it is asked before every move).
_NOBODY: frozenset[int] = frozenset()
_ONLY: dict[int, frozenset[int]] = {}


def to_act(s: ArcadiaState) -> frozenset[int]:
    """The seat deciding now, in a setup phase or a Day; nobody once the game is over."""
    if s.over:
        return _NOBODY
    who = day.actor(s) if s.phase == "day" else actor(s)
    if who == NOBODY:
        return _NOBODY
    only = _ONLY.get(who)
    if only is None:
        only = _ONLY[who] = frozenset({who})
    return only


def actor(s: ArcadiaState) -> int:
    """The seat deciding in a setup phase, or -1 when the engine decides."""
    ph = s.phase
    if ph in ("build", "quest", "treasures", "leagues"):
        return s.cursor
    if ph == "waylays":
        return selection.waylay_holder(s)
    if ph == "items":
        it = s.pending_items[0]
        if it.id == "":
            quester = sites.item_def(it).chosen_by == "quester"
            return it.owner if quester or s.solo else opponent(s, it.owner)
        return NOBODY if s.solo else opponent(s, it.owner)
    if ph in ("place", "treasure_place"):
        return s.order[s.cursor % len(s.order)]
    if ph == "base":
        return NOBODY if s.solo else opponent(s, s.order[s.cursor])
    if ph == "designate":
        return NOBODY if s.solo else opponent(s, sites.designation_seat(s))
    return NOBODY


# -- legal actions ------------------------------------------------------------------------


def legal(s: ArcadiaState, seat: int) -> list[A.Action]:
    ph = s.phase
    if ph == "build":
        return build_legal(s, seat)
    if ph == "quest":
        return selection.quest_legal(s, seat)
    if ph == "items":
        return sites.item_legal(s)
    if ph == "waylays":
        return selection.waylay_legal(s)
    if ph == "treasures":
        return selection.treasure_legal(s, seat)
    if ph == "leagues":
        return selection.league_legal(s, seat)
    if ph == "place":
        p = s.players[seat]
        out: list[A.Action] = [
            A.made(A.PlaceLeague, league=lid, cell=x, rot=r)
            for lid, x, r in placements(s, p.to_place)
        ]
        # Without forced placement a player may stop laying, once the map has room for a
        # base camp per player and a quest site apart from them.
        if not s.options.forced_placement and len(s.cells) > len(s.players):
            out.append(A.made(A.SetAside))
        return out
    if ph == "treasure_place":
        return sites.treasure_place_legal(s, seat)
    if ph == "base":
        return sites.base_legal(s)
    if ph == "designate":
        return sites.designate_legal(s)
    return []


# -- resolving ----------------------------------------------------------------------------


def resolve(s: ArcadiaState, seat: int, a: A.Action, ctx: Ctx) -> None:
    c = content()
    p = s.players[seat]
    if isinstance(a, BUILD_MOVES):
        resolve_build(s, seat, a, ctx)
    elif isinstance(a, A.PickQuest):
        selection.pick_quest(s, seat, a.quest, ctx)
    elif isinstance(a, A.ChooseItem):
        s.pending_items[0] = s.pending_items[0].model_copy(update={"id": a.merit})
        ctx.say(
            f"{p.character.name} chooses {c.merits[a.merit].name} as {sites.item_for(s, seat)}."
        )
    elif isinstance(a, A.PlaceItem):
        sites.place_item(s, a.cell, ctx)
    elif isinstance(a, A.SelectWaylay):
        holder = s.players[selection.waylay_holder(s)]
        holder.hand = (*holder.hand, a.waylay)
        ctx.say(f"You select {c.waylays[a.waylay].name}.", to=holder.seat)
    elif isinstance(a, A.Done) and s.phase == "waylays":
        s.cursor += 1
    elif isinstance(a, A.SelectTreasure):
        p.treasures = (*p.treasures, a.merit)
        ctx.say(f"{p.character.name} selects the treasure {c.merits[a.merit].name}.")
    elif isinstance(a, A.Done) and s.phase == "treasures":
        p.treasures_done = True
        s.cursor += 1
    elif isinstance(a, A.SelectLeague):
        p.league_pick = (*p.league_pick, a.league)
        if len(p.league_pick) >= selection.leagues_per_quest(s) * len(p.quests):
            s.cursor += 1
    elif isinstance(a, A.PlaceLeague):
        p.to_place = without(p.to_place, a.league)
        where = lay_place(s, a.cell)
        s.cells[a.cell] = Placed(league=a.league, rot=a.rot, owner=seat, order=s.placed_count)
        s.placed_count += 1
        turned = ", turned half round" if a.rot == 180 else ""
        ctx.say(f"{p.character.name} lays {c.leagues[a.league].name} at {where}{turned}.")
        s.cursor += 1
    elif isinstance(a, A.SetAside):
        s.discarded_leagues += p.to_place
        p.to_place = ()
        s.cursor += 1
    elif isinstance(a, A.PlaceTreasure):
        sites.place_treasure(s, seat, a.merit, a.cell, ctx)
    elif isinstance(a, A.ChooseBase):
        sites.set_base(s, s.order[s.cursor], a.cell, ctx)
    elif isinstance(a, A.Designate):
        sites.designate(s, a.cell, ctx)
    else:
        raise IllegalAction("That move belongs to another part of the game.")
    advance(s, ctx)


# -- the steps nobody decides -------------------------------------------------------------


def advance(s: ArcadiaState, ctx: Ctx) -> None:
    """Move through phases until someone must decide (or the Days begin)."""
    n = len(s.players)
    while True:
        ph = s.phase
        if ph == "build":
            while s.cursor < n and s.players[s.cursor].character.built:
                s.cursor += 1
            if s.cursor < n:
                return
            _next(s, "quest")
        elif ph == "quest":
            if s.cursor < n:
                return
            sites.queue_item_choices(s)
            _next(s, "waylays")
        elif ph == "waylays":
            if s.cursor < n:
                return
            _next(s, "treasures")
        elif ph == "treasures":
            if s.cursor < n:
                return
            _next(s, "leagues")
        elif ph == "leagues":
            if s.cursor < n:
                return
            selection.roll_order(s, ctx)
            selection.reveal(s, ctx)
            _next(s, "place")
        elif ph == "place":
            if not _placing(s, ctx):
                return
        elif ph == "treasure_place":
            if not any(s.players[x].treasures for x in s.order):
                _next(s, "base")
                continue
            seat = s.order[s.cursor % n]
            if not s.players[seat].treasures:
                s.cursor += 1
                continue
            return
        elif ph == "base":
            if s.cursor >= n:
                sites.queue_designations(s, ctx)
                _next(s, "designate")
                continue
            if s.solo:
                sites.solo_sites(s, ctx)
                continue
            return
        elif ph == "designate":
            if not s.designations:
                if s.solo:
                    sites.solo_treasures(s, ctx)
                _next(s, "items")
                continue
            if s.solo:
                sites.solo_designate(s, ctx)
                continue
            return
        elif ph == "items":
            if not s.pending_items:
                start_days(s, ctx)
                return
            if not s.solo or not sites.solo_item(s, ctx):
                return
        else:
            return


def _placing(s: ArcadiaState, ctx: Ctx) -> bool:
    """One step of laying leagues in turn order (§4 step 3); False when a seat must place.
    A seat none of whose leagues fits sets them all aside (``unplaceable_league=discard``)."""
    left = [x for x in s.order if s.players[x].to_place]
    if not left:
        # Solo treasures wait for the base camp they are placed away from (§13.3).
        _next(s, "base" if s.solo else "treasure_place")
        return True
    p = s.players[s.order[s.cursor % len(s.players)]]
    if not p.to_place:
        s.cursor += 1
        return True
    if not can_place(s, p.to_place):
        ctx.say(
            f"None of {p.character.name}'s remaining leagues fits the map: "
            f"{count(len(p.to_place), 'league')} set aside."
        )
        s.discarded_leagues += p.to_place
        p.to_place = ()
        s.cursor += 1
        return True
    return False


def _next(s: ArcadiaState, phase: str) -> None:
    s.phase = phase
    s.cursor = 0
