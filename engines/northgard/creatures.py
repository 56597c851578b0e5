"""The Creatures module and the Wilderness creatures: appearance, the Creature phase,
movement priorities and powers (northgard.md §9, §10, §11 Graveyard and Den)."""

from __future__ import annotations

from collections import deque

from engines.core.context import Ctx
from engines.core.words import article
from engines.northgard.board import (
    answer,
    ask,
    building_points,
    card_name,
    controller,
    gmap,
    handler,
    order,
    place,
    push,
    remove_units,
    resource_count,
    shares,
    task,
    units_in,
    who,
    without,
)
from engines.northgard.content import content
from engines.northgard.effects import resources
from engines.northgard.state import Beast, State, Task


def place_beast(s: State, card: str, terr: str, after: str | None, ctx: Ctx) -> None:
    """A creature arrives on the map: miniature down, card in the line, appear power."""
    s.beasts.append(Beast(card=card, at=terr))
    if after is not None and after in s.line:
        i = s.line.index(after) + 1
        s.line = (*s.line[:i], card, *s.line[i:])
    else:
        s.line = (*s.line, card)
    ctx.say(f"{article(card_name(card), capital=True)} appears in {place(s, terr)}.")
    push(s, task("arrive", -1, card=card))


@handler("spawn")
def _spawn(s: State, t: Task, ctx: Ctx) -> None:
    """A lair on an explored tile (§9.2): the top creature card appears."""
    if not s.creature_pile:
        return
    ctx.reveal()
    card, s.creature_pile = s.creature_pile[0], s.creature_pile[1:]
    place_beast(s, card, str(t.data["at"]), None, ctx)


@handler("wyvern_emerges")
def _wyvern(s: State, t: Task, ctx: Ctx) -> None:
    card = next((c for c in s.set_aside if c.startswith("CR9")), None)
    if card is None:
        return
    s.set_aside = without(s.set_aside, card)
    place_beast(s, card, str(t.data["at"]), None, ctx)


def _where(s: State, card: str) -> str | None:
    return next((b.at for b in s.beasts if b.card == card), None)


@handler("arrive")
def _arrive(s: State, t: Task, ctx: Ctx) -> None:
    """A creature appeared in or moved into a territory (§8.1, §9.3 step 7, §10)."""
    card = str(t.data["card"])
    terr = _where(s, card)
    if terr is None:
        return
    seat = controller(s, terr)
    power = content().creature_of(card).power
    if power == "hvedrung":
        if s.creature_pile:
            ctx.reveal()
            top, s.creature_pile = s.creature_pile[0], s.creature_pile[1:]
            place_beast(s, top, terr, card, ctx)
        return
    if seat is None:
        return
    if not shares(s, card):
        push(s, task("combat", -1, terr=terr, beast=card))
    elif power == "draugr":
        remove_units(s, terr, seat, 1)
        ctx.say(f"The Draugr removes 1 of {who(s, seat)}'s units in {place(s, terr)}.")
    elif power == "jotunn":
        _jotunn(s, seat, terr, card, ctx)
    elif power == "eldthurs":
        smalls = sorted(
            {b for b in s.buildings.get(terr, []) if content().buildings[b].size == "S"}
        )
        if len(smalls) == 1:
            _burn(s, terr, smalls[0], ctx)
        elif smalls:
            ask(
                s,
                "eldthurs",
                [seat],
                [(f"burn:{b}", f"return your {content().buildings[b].name}") for b in smalls],
                terr=terr,
            )


def _burn(s: State, terr: str, b: str, ctx: Ctx) -> None:
    rest = list(s.buildings[terr])
    rest.remove(b)
    if rest:
        s.buildings[terr] = tuple(rest)
    else:
        del s.buildings[terr]
    s.building_supply[b] += 1
    ctx.say(f"The Eldthurs burns the {content().buildings[b].name} in {place(s, terr)}.")


@answer("eldthurs")
def _eldthurs(s: State, seat: int, code: str, ctx: Ctx) -> None:
    assert s.pending is not None
    terr = str(s.pending.data["terr"])
    s.pending = None
    _burn(s, terr, code.split(":")[1], ctx)


def _payments(food: int, wood: int, lore: int) -> list[tuple[int, int, int]]:
    out = []
    for f in range(min(food, 2) + 1):
        for w in range(min(wood, 2 - f) + 1):
            r = 2 - f - w
            if r <= lore:
                out.append((f, w, r))
    return out


def _jotunn(s: State, seat: int, terr: str, card: str, ctx: Ctx) -> None:
    """Pay 2 resources or be attacked; with fewer than 2, pay all and be attacked (§10.1)."""
    p = s.players[seat]
    pays = _payments(p.food, p.wood, p.lore)
    if not pays:
        had = p.food + p.wood + p.lore
        took = (
            f"it takes their {resources(p.food, p.wood, p.lore)} and attacks"
            if had
            else "it attacks"
        )
        ctx.say(f"{who(s, seat)} cannot pay the Draugr Jötunn 2 resources: {took}.")
        p = s.player_to_change(seat)
        p.food = p.wood = p.lore = 0
        push(s, task("combat", -1, terr=terr, beast=card))
        return
    opts = [(f"pay:{f},{w},{r}", f"pay {resources(f, w, r)}") for f, w, r in pays]
    if not s.options.jotunn_must_pay:
        opts.append(("pay:fight", "refuse and fight the Jötunn"))
    ask(s, "jotunn", [seat], opts, terr=terr, card=card)


@answer("jotunn")
def _paid(s: State, seat: int, code: str, ctx: Ctx) -> None:
    assert s.pending is not None
    terr, card = str(s.pending.data["terr"]), str(s.pending.data["card"])
    s.pending = None
    if code == "pay:fight":
        push(s, task("combat", -1, terr=terr, beast=card))
        return
    f, w, r = (int(v) for v in code.split(":")[1].split(","))
    p = s.player_to_change(seat)
    p.food, p.wood, p.lore = p.food - f, p.wood - w, p.lore - r
    ctx.say(f"{who(s, seat)} pays the Draugr Jötunn {resources(f, w, r)}.")


# -- the Creature phase --------------------------------------------------------------------


@handler("creature_phase")
def _phase(s: State, t: Task, ctx: Ctx) -> None:
    if not s.options.creatures:
        return
    s.phase = "creatures"
    push(s, task("graveyard"), task("activate", done=[]))


@handler("graveyard")
def _graveyard(s: State, t: Task, ctx: Ctx) -> None:
    """Ancestral Graveyard (§11): its controller may summon a set-aside Spectral Warrior."""
    spectres = [c for c in s.set_aside if c.startswith("CR8")]
    if not spectres:
        return
    m = gmap(s)
    yard = next((x for x in m.order() if m.territories[x].has("graveyard")), None)
    if yard is None:
        return
    seat = controller(s, yard)
    if seat is None:
        return
    lairs = [x for x in m.order() if m.territories[x].lairs > 0]
    if not lairs:
        return
    opts = [("summon:none", "summon nothing")]
    opts += [(f"summon:{x}", f"summon a Spectral Warrior in {place(s, x)}") for x in lairs]
    ask(s, "graveyard", [seat], opts, card=spectres[0])


@answer("graveyard")
def _summon(s: State, seat: int, code: str, ctx: Ctx) -> None:
    assert s.pending is not None
    card = str(s.pending.data["card"])
    s.pending = None
    where = code.split(":")[1]
    if where == "none":
        return
    s.set_aside = without(s.set_aside, card)
    ctx.say(f"{who(s, seat)} summons a Spectral Warrior from the Ancestral Graveyard.")
    place_beast(s, card, where, None, ctx)


def _keys(s: State, terr: str) -> tuple[int, int, int]:
    return (sum(units_in(s, terr).values()), building_points(s, terr), resource_count(s, terr))


def candidates(s: State, card: str) -> list[str]:
    """Where a creature may go (§9.3 step 3): adjacent (the Wyvern: anywhere) and free of
    creatures; then the priority keys of steps 4-5 pick the best ones."""
    m = gmap(s)
    at = _where(s, card)
    if at is None:
        return []
    occupied = {b.at for b in s.beasts}
    if card.startswith("CR9"):
        near = [x for x in m.order() if x != at]
    else:
        near = sorted(m.territories[at].adjacent)
    free = [x for x in near if x not in occupied]
    if not free:
        return []
    if s.options.creature_pathing == "random_adjacent":
        return free
    peopled = [x for x in free if units_in(s, x)]
    if peopled:
        pool = peopled
    else:
        dist = _distance_to_units(s, card)
        reach = [x for x in free if x in dist]
        if reach:
            best_d = min(dist[x] for x in reach)
            pool = [x for x in reach if dist[x] == best_d]
        else:
            pool = free
    keys = {x: _keys(s, x) for x in pool}
    best = max(keys.values())
    return [x for x in pool if keys[x] == best]


def _distance_to_units(s: State, card: str) -> dict[str, int]:
    """Steps from each territory to the nearest territory with units (creature adjacency)."""
    m = gmap(s)
    dist: dict[str, int] = {}
    queue: deque[str] = deque()
    for x in m.order():
        if x in s.units and units_in(s, x):
            dist[x] = 0
            queue.append(x)
    while queue:
        x = queue.popleft()
        for y in m.territories[x].adjacent:
            if y not in dist:
                dist[y] = dist[x] + 1
                queue.append(y)
    return dist


@handler("activate")
def _activate(s: State, t: Task, ctx: Ctx) -> None:
    """Activate the next creature of the line not yet activated this phase (§9.3 step 2)."""
    done = [str(x) for x in t.data["done"]]
    card = next((c for c in s.line if c not in done and _where(s, c) is not None), None)
    if card is None:
        return
    push(s, task("activate", done=[*done, card]))
    best = candidates(s, card)
    if not best:
        ctx.say(f"The {card_name(card)} has nowhere to go and stays.")
        return
    if len(best) > 1 and s.options.creature_pathing == "random_adjacent":
        with ctx.rng(s) as rng:
            best = [rng.choice(best)]
    if len(best) == 1:
        _move_beast(s, card, best[0], ctx)
        return
    first = order(s)[0]
    ask(
        s,
        "creature_way",
        [first],
        [(f"way:{x}", f"send the {card_name(card)} to {place(s, x)}") for x in best],
        card=card,
    )


@answer("creature_way")
def _way(s: State, seat: int, code: str, ctx: Ctx) -> None:
    assert s.pending is not None
    card = str(s.pending.data["card"])
    s.pending = None
    _move_beast(s, card, code.split(":")[1], ctx)


def _move_beast(s: State, card: str, dest: str, ctx: Ctx) -> None:
    s.beasts = [Beast(card=card, at=dest) if b.card == card else b for b in s.beasts]
    ctx.say(f"The {card_name(card)} moves to {place(s, dest)}.")
    push(s, task("arrive", -1, card=card))
