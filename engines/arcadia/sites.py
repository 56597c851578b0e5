"""What goes on the laid map (reference §4 steps 4–5, §13.3): treasures under leagues,
base camps, designated quest sites and quest items, and the solo engine's "least
convenient" choice of them. Fixed rulings here: quest_item_placement=step4_rule,
solo_placement=farthest."""

from __future__ import annotations

from engines.arcadia import actions as A
from engines.arcadia.common import opponent, set_cell, without
from engines.arcadia.content import QuestItem, content
from engines.arcadia.mapping import distances
from engines.arcadia.state import ArcadiaState, Treasure
from engines.arcadia.wording import league_label
from engines.core.context import Ctx

# -- treasures and quest items ------------------------------------------------------------


def item_def(it: Treasure) -> QuestItem:
    quest_id, key = (it.item or "").split("/")
    return next(i for i in content().quests[quest_id].items if i.key == key)


def least_treasure_cells(s: ArcadiaState, exclude: set[str] | None = None) -> list[str]:
    """§4 step 4: the leagues holding the fewest treasures (every player's counted)."""
    counts = {x: len(p.treasures) for x, p in s.cells.items() if x not in (exclude or set())}
    if not counts:
        return []
    low = min(counts.values())
    return [x for x, n in counts.items() if n == low]


def treasure_place_legal(s: ArcadiaState, seat: int) -> list[A.Action]:
    p = s.players[seat]
    cells = least_treasure_cells(s)
    return [
        A.made(A.PlaceTreasure, merit=t, cell=x) for t in dict.fromkeys(p.treasures) for x in cells
    ]


def place_treasure(s: ArcadiaState, seat: int, merit: str, cell: str, ctx: Ctx) -> None:
    p = s.players[seat]
    p.treasures = without(p.treasures, merit)
    set_cell(s, cell, treasures=(*s.cells[cell].treasures, Treasure(owner=seat, id=merit)))
    ctx.say(
        f"{p.character.name} hides {content().merits[merit].name} under {league_label(s, cell)}."
    )
    s.cursor += 1


def queue_item_choices(s: ArcadiaState) -> None:
    """Quest items (§12): each becomes a pending item, chosen later, once the map exists."""
    for p in s.players:
        for q in p.quests:
            for item in content().quests[q.id].items:
                for _ in range(item.count):
                    s.pending_items.append(Treasure(owner=p.seat, id="", item=f"{q.id}/{item.key}"))


def _quest_sites(s: ArcadiaState, seat: int, quest_id: str) -> set[str]:
    return {
        x for x, p in s.cells.items() if any(n.startswith(f"{seat}:{quest_id}:") for n in p.names)
    }


def item_cells(s: ArcadiaState, it: Treasure) -> list[str]:
    """Step 4's rule, the quest's own sites excepted."""
    quest_id = (it.item or "").split("/")[0]
    return least_treasure_cells(s, _quest_sites(s, it.owner, quest_id)) or list(s.cells)


def item_legal(s: ArcadiaState) -> list[A.Action]:
    """Choosing the pending quest item (a conscript Ally from the pool), then placing it."""
    c = content()
    it = s.pending_items[0]
    if it.id == "":
        pool = item_def(it).pool
        chosen = {t.id for t in s.pending_items if t.item == it.item and t.owner == it.owner}
        chosen |= {
            t.id
            for cell in s.cells.values()
            for t in cell.treasures
            if t.item == it.item and t.owner == it.owner
        }
        return [
            A.made(A.ChooseItem, merit=m.id)
            for m in c.merits.values()
            if m.type == pool and m.id not in chosen
        ]
    return [A.made(A.PlaceItem, cell=x) for x in item_cells(s, it)]


def item_noun(it: Treasure) -> str:
    """A quest item by its part in the quest: "oracle treasure", "conscript"."""
    return item_def(it).key.replace("_", " ")


def item_for(s: ArcadiaState, seat: int) -> str:
    """The quest item being chosen, for the words of ``seat`` who chooses it: "a conscript
    for their quest Conscription", "the oracle treasure of Tim's quest Seek the Oracle's
    Advice"."""
    it = s.pending_items[0]
    quest = content().quests[(it.item or "").split("/")[0]].name
    noun = item_noun(it)
    one = "the" if item_def(it).count == 1 else "a"
    if it.owner == seat:
        return f"{one} {noun} of their quest {quest}"
    return f"{one} {noun} of {s.players[it.owner].character.name}'s quest {quest}"


def place_item(s: ArcadiaState, cell: str, ctx: Ctx) -> None:
    """The next quest item under ``cell``, placed by the quester's opponent (the solo engine
    in solo play)."""
    it = s.pending_items.pop(0)
    set_cell(s, cell, treasures=(*s.cells[cell].treasures, it))
    name = content().merits[it.id].name
    by = "The solo engine" if s.solo else s.players[opponent(s, it.owner)].character.name
    owner = s.players[it.owner].character.name
    ctx.say(f"{by} places {owner}'s {item_noun(it)} {name} under {league_label(s, cell)}.")


def solo_item(s: ArcadiaState, ctx: Ctx) -> bool:
    """The solo engine chooses (the cheapest of the pool, unless the quester chooses) and
    places the next quest item farthest from the base camp; False when the quester must
    choose it."""
    it = s.pending_items[0]
    if it.id == "":
        if item_def(it).chosen_by == "quester":
            return False
        pool = item_def(it).pool
        cheapest = min(
            (m for m in content().merits.values() if m.type == pool),
            key=lambda m: (m.cost, m.id),
        )
        it = s.pending_items[0] = it.model_copy(update={"id": cheapest.id})
        ctx.say(f"The solo engine chooses {content().merits[it.id].name} as {item_for(s, -1)}.")
    dist = distances(s, s.players[it.owner].base or "")
    cells = item_cells(s, it)
    place_item(s, max(cells, key=lambda x: (dist.get(x, -1), -s.cells[x].order)), ctx)
    return True


# -- base camps and designated leagues ----------------------------------------------------


def base_legal(s: ArcadiaState) -> list[A.Action]:
    taken = {p.base for p in s.players if p.base}
    free = [x for x in s.cells if not (s.options.distinct_base_camps and x in taken)]
    # A map shrunk by unplaceable leagues may be too small to keep camps apart.
    return [A.made(A.ChooseBase, cell=x) for x in free or list(s.cells)]


def set_base(s: ArcadiaState, seat: int, cell: str, ctx: Ctx) -> None:
    p = s.players[seat]
    p.base = cell
    p.pos = cell
    ctx.say(f"{p.character.name}'s base camp is {league_label(s, cell)}.")
    s.cursor += 1


def designation_seat(s: ArcadiaState) -> int:
    """The quester whose quest site is to be designated next."""
    return int(s.designations[0].split(":")[0])


def designate_legal(s: ArcadiaState) -> list[A.Action]:
    base = s.players[designation_seat(s)].base
    sites = [x for x in s.cells if not (s.options.designation_excludes_base and x == base)]
    return [A.made(A.Designate, cell=x) for x in sites or list(s.cells)]


def designate(s: ArcadiaState, cell: str, ctx: Ctx) -> None:
    tag = s.designations.pop(0)
    set_cell(s, cell, names=(*s.cells[cell].names, tag))
    seat, quest_id, key = tag.split(":")
    ctx.say(
        f"{league_label(s, cell)} becomes the {key} of {s.players[int(seat)].character.name}'s "
        f"quest {content().quests[quest_id].name}."
    )


def queue_designations(s: ArcadiaState, ctx: Ctx) -> None:
    """A quest's named league is used when in play; otherwise it waits for a designation."""
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
                    set_cell(s, named[0], names=(*s.cells[named[0]].names, tag))
                    ctx.say(
                        f"{d.default_name} is in play: it is the {d.key} of "
                        f"{p.character.name}'s quest {c.quests[q.id].name}."
                    )
                else:
                    s.designations.append(tag)


# -- the solo engine's sites (§13.3) ------------------------------------------------------


def solo_sites(s: ArcadiaState, ctx: Ctx) -> None:
    """Base camp and the first designated site are the farthest pair of leagues, ties to
    the earliest placed."""
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
    set_base(s, 0, base, ctx)
    if needs_site and best:
        queue_designations(s, ctx)
        if s.designations:  # a named site already in play needs no designation
            designate(s, best[2], ctx)
        s.phase = "designate"
        s.cursor = 0


def solo_treasures(s: ArcadiaState, ctx: Ctx) -> None:
    """Each treasure goes under the eligible league (step 4's rule) farthest from the base
    camp, ties to the earliest placed; the base camp must exist first."""
    p = s.players[0]
    dist = distances(s, p.base or "")
    while p.treasures:
        far = max(least_treasure_cells(s), key=lambda x: (dist.get(x, -1), -s.cells[x].order))
        place_treasure(s, 0, p.treasures[0], far, ctx)


def solo_designate(s: ArcadiaState, ctx: Ctx) -> None:
    """Any further designated site goes to the league farthest from the base camp."""
    base = s.players[0].base or ""
    dist = distances(s, base)
    far = max(
        [x for x in s.cells if x != base] or list(s.cells),
        key=lambda x: (dist.get(x, -1), -s.cells[x].order),
    )
    designate(s, far, ctx)
