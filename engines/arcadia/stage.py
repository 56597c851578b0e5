"""Character building and setting the stage (reference §2, §4, §13.2–§13.4).

Phases in order: build, quest, items (quest items chosen), waylays, treasures, leagues,
place, treasure_place, base, designate, item_place, then the Days. ``advance`` carries out
every step nobody decides (rolls, reveals, the solo engine's sites) and stops at the next
decision. Fixed rulings here: roll_tie=reroll_lowest, unplaceable_league=discard,
treasure_order=turn_order, quest_item_placement=step4_rule, solo_placement=farthest.
"""

from __future__ import annotations

from engines.arcadia import actions as A
from engines.arcadia import day
from engines.arcadia.building import budget, build_problems, character_points, court_of
from engines.arcadia.common import NOBODY, opponent, treasure_budget, waylay_budget
from engines.arcadia.content import QuestItem, content
from engines.arcadia.mapping import distances, league_name, placements
from engines.arcadia.rounds import start_days
from engines.arcadia.state import (
    ArcadiaState,
    FlawSlot,
    MeritSlot,
    Placed,
    QuestState,
    StepProgress,
    Treasure,
)
from engines.core.context import Ctx
from engines.core.errors import IllegalAction

SETUP = ("build", "quest", "items", "waylays", "treasures", "leagues")


def leagues_per_quest(s: ArcadiaState) -> int:
    return 10 if s.solo else 5


# -- who decides --------------------------------------------------------------------------


def to_act(s: ArcadiaState) -> frozenset[int]:
    """The seat deciding now, in a setup phase or a Day; nobody once the game is over."""
    if s.over:
        return frozenset()
    who = day.actor(s) if s.phase == "day" else actor(s)
    return frozenset() if who == NOBODY else frozenset({who})


def actor(s: ArcadiaState) -> int:
    """The seat deciding in a setup phase, or -1 when the engine decides."""
    ph = s.phase
    if ph in ("build", "quest", "treasures", "leagues"):
        return s.cursor
    if ph == "waylays":
        return s.cursor if s.solo else opponent(s, s.cursor)
    if ph == "items":
        it = s.pending_items[0]
        if it.id == "":
            quester = _item_def(it).chosen_by == "quester"
            return it.owner if quester or s.solo else opponent(s, it.owner)
        return NOBODY if s.solo else opponent(s, it.owner)
    if ph == "place":
        return s.order[s.cursor % len(s.order)]
    if ph == "treasure_place":
        return s.order[s.cursor % len(s.order)]
    if ph == "base":
        return NOBODY if s.solo else opponent(s, s.order[s.cursor])
    if ph == "designate":
        seat = int(s.designations[0].split(":")[0])
        return NOBODY if s.solo else opponent(s, seat)
    return NOBODY


def _item_def(it: Treasure) -> QuestItem:
    quest_id, key = (it.item or "").split("/")
    return next(i for i in content().quests[quest_id].items if i.key == key)


# -- legal actions ------------------------------------------------------------------------


def legal(s: ArcadiaState, seat: int) -> list[A.Action]:
    ph = s.phase
    c = content()
    if ph == "build":
        return _build_legal(s, seat)
    if ph == "quest":
        p = s.players[seat]
        taken = {q.id for q in p.quests}
        return [A.PickQuest(quest=q) for q in sorted(c.quests) if q not in taken]
    if ph == "items":
        it = s.pending_items[0]
        if it.id == "":
            pool = _item_def(it).pool
            chosen = {t.id for t in s.pending_items if t.item == it.item and t.owner == it.owner}
            chosen |= {
                t.id
                for cell in s.cells.values()
                for t in cell.treasures
                if t.item == it.item and t.owner == it.owner
            }
            return [
                A.ChooseItem(merit=m.id)
                for m in c.merits.values()
                if m.type == pool and m.id not in chosen
            ]
        return [A.PlaceItem(cell=x) for x in _item_cells(s, it)]
    if ph == "waylays":
        return _waylay_legal(s)
    if ph == "treasures":
        p = s.players[seat]
        room = treasure_budget(p) - sum(c.merits[t].cost for t in p.treasures)
        out: list[A.Action] = [A.Done()]
        out += [
            A.SelectTreasure(merit=m.id)
            for m in c.merits.values()
            if m.type == "Treasure" and m.cost <= room and m.id not in p.treasures
        ]
        return out
    if ph == "leagues":
        p = s.players[seat]
        return [A.SelectLeague(league=lid) for lid in sorted(c.leagues) if lid not in p.league_pick]
    if ph == "place":
        p = s.players[seat]
        out = [A.PlaceLeague(league=lid, cell=x, rot=r) for lid, x, r in placements(s, p.to_place)]
        # Without forced placement a player may stop laying, once the map has room for a
        # base camp per player and a quest site apart from them.
        if not s.options.forced_placement and len(s.cells) > len(s.players):
            out.append(A.SetAside())
        return out
    if ph == "treasure_place":
        p = s.players[seat]
        cells = _least_treasure_cells(s)
        return [A.PlaceTreasure(merit=t, cell=x) for t in dict.fromkeys(p.treasures) for x in cells]
    if ph == "base":
        taken = {p.base for p in s.players if p.base}
        free = [x for x in s.cells if not (s.options.distinct_base_camps and x in taken)]
        # A map shrunk by unplaceable leagues may be too small to keep camps apart.
        return [A.ChooseBase(cell=x) for x in free or list(s.cells)]
    if ph == "designate":
        seat_q = int(s.designations[0].split(":")[0])
        base = s.players[seat_q].base
        sites = [x for x in s.cells if not (s.options.designation_excludes_base and x == base)]
        return [A.Designate(cell=x) for x in sites or list(s.cells)]
    return []


def _build_legal(s: ArcadiaState, seat: int) -> list[A.Action]:
    c = content()
    ch = s.players[seat].character
    if ch.icon is None:
        return [A.PickIcon(icon=i) for i in c.icons]
    merits = [m.id for m in ch.merits]
    flaws = [f.id for f in ch.flaws]
    out: list[A.Action] = []
    b = budget(ch.icon, merits, flaws)
    if b.valid:
        if ch.court is None and court_of(ch.icon, merits, flaws) is None:
            out += [A.ChooseCourt(court="Seelie"), A.ChooseCourt(court="Unseelie")]
        else:
            out.append(A.FinishBuild())
    for m in c.merits.values():
        if m.id not in merits and budget(ch.icon, [*merits, m.id], flaws).valid:
            out.append(A.TakeMerit(merit=m.id))
    cap = s.options.max_flaw_bonus
    bonus = sum(c.flaws[f].bonus for f in flaws)
    for f in c.flaws.values():
        if f.id not in flaws and (cap is None or bonus + f.bonus <= cap):
            out.append(A.TakeFlaw(flaw=f.id))
    return out


def solo_target(pool: list[int], rating: int) -> int:
    """§13.3 solo waylay total: the rating if some selection reaches it exactly, else the
    smallest reachable total above it, else every waylay (``exact_else_min_over``)."""
    sums = {0}
    for r in pool:
        sums |= {x + r for x in sums}
    if rating in sums:
        return rating
    over = [x for x in sums if x > rating]
    return min(over) if over else sum(pool)


def _waylay_legal(s: ArcadiaState) -> list[A.Action]:
    c = content()
    target = s.players[s.cursor]
    holder = s.players[s.cursor if s.solo else opponent(s, s.cursor)]
    cap = waylay_budget(s, target)
    total = sum(c.waylays[w].rating for w in holder.hand)
    if s.solo and s.options.solo_waylay_total == "exact_else_min_over":
        goal = solo_target([w.rating for w in c.waylays.values()], cap)
        out: list[A.Action] = [A.Done()] if total == goal else []
        cap = goal
    else:
        out = [A.Done()]
    copies = s.options.max_copies
    out += [
        A.SelectWaylay(waylay=w.id)
        for w in c.waylays.values()
        if total + w.rating <= cap and holder.hand.count(w.id) < copies
    ]
    return out


def _treasure_counts(s: ArcadiaState) -> dict[str, int]:
    return {x: len(p.treasures) for x, p in s.cells.items()}


def _least_treasure_cells(s: ArcadiaState, exclude: set[str] | None = None) -> list[str]:
    counts = {x: n for x, n in _treasure_counts(s).items() if x not in (exclude or set())}
    if not counts:
        return []
    low = min(counts.values())
    return [x for x, n in counts.items() if n == low]


def _quest_sites(s: ArcadiaState, seat: int, quest_id: str) -> set[str]:
    return {
        x for x, p in s.cells.items() if any(n.startswith(f"{seat}:{quest_id}:") for n in p.names)
    }


def _item_cells(s: ArcadiaState, it: Treasure) -> list[str]:
    quest_id = (it.item or "").split("/")[0]
    return _least_treasure_cells(s, _quest_sites(s, it.owner, quest_id)) or list(s.cells)


# -- resolving ----------------------------------------------------------------------------


def resolve(s: ArcadiaState, seat: int, a: A.Action, ctx: Ctx) -> None:
    c = content()
    p = s.players[seat]
    ch = p.character
    if isinstance(a, A.PickIcon):
        ch.icon = a.icon
        ctx.say(f"{ch.name} is a {c.icons[a.icon].name}.")
    elif isinstance(a, A.TakeMerit):
        ch.merits.append(MeritSlot(id=a.merit))
    elif isinstance(a, A.TakeFlaw):
        ch.flaws.append(FlawSlot(id=a.flaw))
    elif isinstance(a, A.ChooseCourt):
        ch.court = a.court
        ch.built = True
        ctx.say(f"{ch.name} chooses the {a.court} court.")
        s.cursor += 1
    elif isinstance(a, A.FinishBuild):
        merits = [m.id for m in ch.merits]
        flaws = [f.id for f in ch.flaws]
        problems = build_problems(ch.icon, merits, flaws, s.options.max_flaw_bonus)
        if problems:
            raise IllegalAction(" ".join(problems))
        ch.court = ch.court or court_of(ch.icon, merits, flaws)
        ch.built = True
        ctx.say(f"{ch.name} is ready: {len(merits)} merits, {len(flaws)} flaws, {ch.court}.")
        s.cursor += 1
    elif isinstance(a, A.PickQuest):
        q = c.quests[a.quest]
        qs = QuestState(id=q.id, branches=[StepProgress() for _ in q.branches])
        for b in q.branches:
            for i, st in enumerate(b):
                if st.count_roll == "half_d6":
                    with ctx.rng(s) as rng:
                        qs.counts[str(i)] = (rng.randint(1, 6) + 1) // 2
                    ctx.say(f"{q.name}: {qs.counts[str(i)]} Border leagues to ride.")
        p.quests.append(qs)
        p.quests.sort(key=lambda x: c.quests[x.id].number)
        ctx.say(f"{ch.name} takes the quest {q.name}.")
        if len(p.quests) >= s.options.quests_each:
            s.cursor += 1
    elif isinstance(a, A.ChooseItem):
        s.pending_items[0].id = a.merit
        ctx.say(f"{c.merits[a.merit].name} is chosen as a quest item.")
    elif isinstance(a, A.PlaceItem):
        _place_item(s, a.cell, ctx)
    elif isinstance(a, A.SelectWaylay):
        holder = s.players[s.cursor if s.solo else opponent(s, s.cursor)]
        holder.hand.append(a.waylay)
        ctx.say(f"You select {c.waylays[a.waylay].name}.", to=holder.seat)
    elif isinstance(a, A.Done) and s.phase == "waylays":
        s.cursor += 1
    elif isinstance(a, A.SelectTreasure):
        p.treasures.append(a.merit)
        ctx.say(f"{ch.name} selects the treasure {c.merits[a.merit].name}.")
    elif isinstance(a, A.Done) and s.phase == "treasures":
        p.treasures_done = True
        s.cursor += 1
    elif isinstance(a, A.SelectLeague):
        p.league_pick.append(a.league)
        if len(p.league_pick) >= leagues_per_quest(s) * len(p.quests):
            s.cursor += 1
    elif isinstance(a, A.PlaceLeague):
        p.to_place.remove(a.league)
        s.cells[a.cell] = Placed(league=a.league, rot=a.rot, owner=seat, order=s.placed_count)
        s.placed_count += 1
        turned = " turned half round" if a.rot == 180 else ""
        ctx.say(f"{ch.name} lays {c.leagues[a.league].name} at {a.cell}{turned}.")
        s.cursor += 1
    elif isinstance(a, A.SetAside):
        s.discarded_leagues += p.to_place
        p.to_place = []
        s.cursor += 1
    elif isinstance(a, A.PlaceTreasure):
        p.treasures.remove(a.merit)
        s.cells[a.cell].treasures.append(Treasure(owner=seat, id=a.merit))
        ctx.say(f"{ch.name} hides {c.merits[a.merit].name} under {league_name(s, a.cell)}.")
        s.cursor += 1
    elif isinstance(a, A.ChooseBase):
        _set_base(s, s.order[s.cursor], a.cell, ctx)
    elif isinstance(a, A.Designate):
        _designate(s, a.cell, ctx)
    else:
        raise IllegalAction("That move belongs to another part of the game.")
    advance(s, ctx)


def _set_base(s: ArcadiaState, seat: int, cell: str, ctx: Ctx) -> None:
    p = s.players[seat]
    p.base = cell
    p.pos = cell
    ctx.say(f"{p.character.name}'s base camp is {league_name(s, cell)}.")
    s.cursor += 1


def _designate(s: ArcadiaState, cell: str, ctx: Ctx) -> None:
    tag = s.designations.pop(0)
    s.cells[cell].names.append(tag)
    seat, quest_id, key = tag.split(":")
    ctx.say(
        f"{league_name(s, cell)} becomes the {key} of {s.players[int(seat)].character.name}'s "
        f"quest {content().quests[quest_id].name}."
    )


def _place_item(s: ArcadiaState, cell: str, ctx: Ctx) -> None:
    it = s.pending_items.pop(0)
    s.cells[cell].treasures.append(it)
    name = content().merits[it.id].name
    ctx.say(f"A quest item ({name}) is placed under {league_name(s, cell)}.")


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
            _queue_item_choices(s)
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
            _roll_order(s, ctx)
            _reveal(s, ctx)
            _next(s, "place")
        elif ph == "place":
            left = [x for x in s.order if s.players[x].to_place]
            if not left:
                _next(s, "treasure_place")
                continue
            seat = s.order[s.cursor % n]
            p = s.players[seat]
            if not p.to_place:
                s.cursor += 1
                continue
            if not placements(s, p.to_place):
                ctx.say(
                    f"None of {p.character.name}'s remaining leagues fits the map: "
                    f"{len(p.to_place)} set aside."
                )
                s.discarded_leagues += p.to_place
                p.to_place = []
                s.cursor += 1
                continue
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
                _queue_designations(s, ctx)
                _next(s, "designate")
                continue
            if s.solo:
                _solo_sites(s, ctx)
                continue
            return
        elif ph == "designate":
            if not s.designations:
                _next(s, "items")
                continue
            if s.solo:
                base = s.players[0].base or ""
                dist = distances(s, base)
                far = max(
                    [x for x in s.cells if x != base] or list(s.cells),
                    key=lambda x: (dist.get(x, -1), -s.cells[x].order),
                )
                _designate(s, far, ctx)
                continue
            return
        elif ph == "items":
            if not s.pending_items:
                start_days(s, ctx)
                return
            if not s.solo:
                return
            it = s.pending_items[0]
            if it.id == "":
                if _item_def(it).chosen_by == "quester":
                    return
                pool = _item_def(it).pool
                it.id = min(
                    (m for m in content().merits.values() if m.type == pool),
                    key=lambda m: (m.cost, m.id),
                ).id
            base = s.players[it.owner].base or ""
            dist = distances(s, base)
            cells = _item_cells(s, it)
            _place_item(s, max(cells, key=lambda x: (dist.get(x, -1), -s.cells[x].order)), ctx)
        else:
            return


def _next(s: ArcadiaState, phase: str) -> None:
    s.phase = phase
    s.cursor = 0


def _queue_item_choices(s: ArcadiaState) -> None:
    """Quest items (§12): each becomes a pending item, chosen later, once the map exists."""
    for p in s.players:
        for q in p.quests:
            for item in content().quests[q.id].items:
                for _ in range(item.count):
                    s.pending_items.append(Treasure(owner=p.seat, id="", item=f"{q.id}/{item.key}"))


def _roll_order(s: ArcadiaState, ctx: Ctx) -> None:
    """§4 step 3: everyone rolls; only tied lowest rollers re-roll; turn order runs from the
    lowest roller in seat order."""
    n = len(s.players)
    rolling = list(range(n))
    with ctx.rng(s) as rng:
        for x in rolling:
            s.players[x].roll = rng.randint(1, 6)
        while True:
            low = min(s.players[x].roll for x in rolling)
            tied = [x for x in rolling if s.players[x].roll == low]
            if len(tied) == 1:
                first = tied[0]
                break
            for x in tied:
                s.players[x].roll = rng.randint(1, 6)
            rolling = tied
    s.order = [(first + k) % n for k in range(n)]
    if n > 1:
        rolls = ", ".join(f"{p.character.name} {p.roll}" for p in s.players)
        ctx.say(f"Rolls: {rolls}. {s.players[first].character.name} goes first.")


def _reveal(s: ArcadiaState, ctx: Ctx) -> None:
    """Selections revealed; a Unique league chosen by several goes to the fewest character
    points, ties by turn order (``unique_tie``)."""
    c = content()
    rank = {seat: i for i, seat in enumerate(s.order)}
    if s.options.unique_tie == "seat_order":
        rank = {seat: seat for seat in range(len(s.players))}
    for lid, lg in c.leagues.items():
        if not lg.unique:
            continue
        holders = [p for p in s.players if lid in p.league_pick]
        if len(holders) < 2:
            continue
        keep = min(
            holders,
            key=lambda p: (character_points([m.id for m in p.character.merits]), rank[p.seat]),
        )
        for p in holders:
            if p is not keep:
                p.league_pick.remove(lid)
                s.discarded_leagues.append(lid)
        ctx.say(f"{lg.name} is Unique: {keep.character.name} keeps it.")
    for p in s.players:
        p.to_place = list(p.league_pick)


def _queue_designations(s: ArcadiaState, ctx: Ctx) -> None:
    c = content()
    for seat in s.order:
        p = s.players[seat]
        for q in p.quests:
            for d in c.quests[q.id].designations:
                tag = f"{seat}:{q.id}:{d.key}"
                named = [
                    x
                    for x, pl in s.cells.items()
                    if d.default_name and c.leagues[pl.league].name == d.default_name
                ]
                if named:
                    s.cells[named[0]].names.append(tag)
                    ctx.say(f"{d.default_name} is in play: it is the {d.key}.")
                else:
                    s.designations.append(tag)


def _solo_sites(s: ArcadiaState, ctx: Ctx) -> None:
    """§13.3: base camp and the first designated site are the farthest pair of leagues,
    ties to the earliest placed."""
    cells = sorted(s.cells, key=lambda x: s.cells[x].order)
    needs_site = any(
        c_.designations for c_ in (content().quests[q.id] for q in s.players[0].quests)
    )
    best: tuple[int, str, str] | None = None
    for a in cells:
        dist = distances(s, a)
        for b in cells:
            if b == a or b not in dist:
                continue
            if best is None or dist[b] > best[0]:
                best = (dist[b], a, b)
    base = best[1] if best else cells[0]
    _set_base(s, 0, base, ctx)
    if needs_site and best:
        _queue_designations(s, ctx)
        if s.designations:  # a named site already in play needs no designation
            _designate(s, best[2], ctx)
        s.phase = "designate"
        s.cursor = 0
