"""Setup steps A-M and the Wyvern's Den burial (northgard.md §3)."""

from __future__ import annotations

from collections.abc import Sequence

from engines.core.context import Ctx
from engines.core.protocol import Seat
from engines.core.rng import Rng
from engines.northgard.board import add_units, answer, ask, gmap, handler, order, place, push, task
from engines.northgard.content import content
from engines.northgard.explore import place_tile, placements
from engines.northgard.options import NorthgardOptions
from engines.northgard.state import Placed, Player, State, Task

CLANS = ("WOLF", "RAVEN", "GOAT", "STAG", "BEAR", "SNAKE", "BOAR")


def creature_cards(o: NorthgardOptions) -> tuple[list[str], list[str]]:
    """(pile, set aside) card instances for the chosen modules (§3 G, §10)."""
    if not o.creatures:
        return [], []
    pile: list[str] = []
    aside: list[str] = []
    env = set(o.environment)
    for cr in content().creatures.values():
        if cr.module != "core" and cr.module not in o.wilderness:
            continue
        if cr.module == "spectral" and "E10" not in env:
            continue
        if cr.module == "wyvern" and "E11" not in env:
            continue
        for k in range(cr.copies):
            (pile if cr.in_pile else aside).append(f"{cr.id}.{k + 1}")
    return pile, aside


def environment_tiles(o: NorthgardOptions) -> list[str]:
    """Chosen Environment tiles; the Graveyard and the Den need the Creatures module."""
    return [e for e in o.environment if o.creatures or e not in ("E10", "E11")]


def new_state(seats: list[Seat], o: NorthgardOptions, seed: int) -> State:
    c = content()
    n = len(seats)
    rng = Rng(seed)
    players = [Player(name=seat.name) for seat in seats]
    s = State(options=o, rng=0, players=players)
    # A: the starting tile. B: the map pile.
    s.tiles = [Placed(tile="T00", x=0, y=0, rot=0)]
    s.map_pile = tuple(rng.shuffled(sorted(t for t in c.tiles if t.startswith("M"))))
    # D: development deck, Early on top.
    early = [
        f"{cid}.{k + 1}"
        for cid, cd in c.cards.items()
        if cd.kind == "early"
        for k in range(cd.copies)
    ]
    adv = [
        f"{cid}.{k + 1}"
        for cid, cd in c.cards.items()
        if cd.kind == "advanced"
        for k in range(cd.copies)
    ]
    e_n, a_n = (2 * n, 4 * n) if o.years == 7 else (3 * n, 6 * n)
    dev = rng.shuffled(early)[:e_n] + rng.shuffled(adv)[:a_n]
    s.dev_deck = tuple(rng.shuffled(dev[:e_n]) + rng.shuffled(dev[e_n:]))
    # E: achievements set aside for the final year. F: Unrest pile.
    s.achievements_aside = tuple(rng.shuffled(sorted(c.achievements))[:n])
    s.unrest_pile = tuple(f"UN1.{k}" for k in range(1, 11))
    s.building_supply = {b: bd.tokens for b, bd in c.buildings.items()}
    # G: colours and starting cards; the creature pile.
    pile, aside = creature_cards(o)
    s.creature_pile = tuple(rng.shuffled(pile))
    s.set_aside = tuple(aside)
    # J: first player (drawn before clans so a clan draft can run in reverse order).
    s.first = rng.below(n)
    # H: clans.
    if o.clan_assignment == "random":
        for p, clan in zip(players, rng.shuffled(list(CLANS))[:n], strict=True):
            p.clan = clan
    s.rng = rng.state
    tasks: list[Task] = []
    if o.clan_assignment == "choose_in_reverse_order":
        tasks += [task("choose_clan", seat) for seat in reversed(order(s))]
    tasks.append(task("deal_decks"))
    # L: starting placements, in turn order, for each starting round.
    for _ in range(o.starting_rounds):
        tasks += [task("setup_place", seat) for seat in order(s)]
    tasks.append(task("finish_setup"))
    push(s, *tasks)
    return s


@handler("choose_clan")
def _choose_clan(s: State, t: Task, ctx: Ctx) -> None:
    taken = {p.clan for p in s.players}
    c = content()
    opts = [
        (f"clan:{k}", f"{c.clans[k].name} clan: {c.clans[k].ability_text}")
        for k in CLANS
        if k not in taken
    ]
    ask(s, "choose_clan", [t.seat], opts)


@answer("choose_clan")
def _chose_clan(s: State, seat: int, code: str, ctx: Ctx) -> None:
    s.pending = None
    s.player_to_change(seat).clan = code.split(":")[1]
    ctx.say(f"{s.players[seat].name} leads the {content().clans[s.players[seat].clan].name} clan.")


@handler("deal_decks")
def _deal(s: State, t: Task, ctx: Ctx) -> None:
    c = content()
    for seat in range(s.n()):
        p = s.player_to_change(seat)
        clan = c.clans[p.clan]
        p.upgrades = tuple(clan.upgrade_cards)
        cards = [f"ST{k}.{seat}" for k in range(1, 7)] + [f"{clan.initial_card}.1"]
        with ctx.rng(s) as rng:
            p.deck = tuple(rng.shuffled(cards))
        ctx.say(f"{p.name} leads the {clan.name} clan ({clan.ability_text}).")


@handler("setup_place")
def _setup_place(s: State, t: Task, ctx: Ctx) -> None:
    if not s.map_pile:
        return
    tile, s.map_pile = s.map_pile[0], s.map_pile[1:]
    ctx.reveal()
    opts = placements(s, t.seat, tile, setup=True)
    if not opts:
        s.map_pile = (*s.map_pile, tile)
        return
    ask(s, "setup_tile", [t.seat], opts, tile=tile)


@answer("setup_tile")
def _setup_tile(s: State, seat: int, code: str, ctx: Ctx) -> None:
    assert s.pending is not None
    tile = str(s.pending.data["tile"])
    s.pending = None
    idx = place_tile(s, seat, tile, code, ctx, setup=True)
    m = gmap(s)
    free = [
        terr
        for terr in m.tile_territories(idx)
        if not s.units.get(terr) and not m.territories[terr].has("swamp")
    ]
    if free:
        ask(s, "setup_units", [seat], [(f"settle:{f}", f"settle in {place(s, f)}") for f in free])


@answer("setup_units")
def _setup_units(s: State, seat: int, code: str, ctx: Ctx) -> None:
    s.pending = None
    terr = code.split(":")[1]
    add_units(s, terr, seat, 3)
    if s.players[seat].clan == "BEAR" and not s.kaija:
        s.kaija = terr
    ctx.say(f"{s.players[seat].name} settles 3 units in {place(s, terr)}.")


@handler("finish_setup")
def _finish(s: State, t: Task, ctx: Ctx) -> None:
    o = s.options
    env = environment_tiles(o)
    with ctx.rng(s) as rng:
        # L->M: the Environment tiles except the Den join the pile.
        s.map_pile = tuple(rng.shuffled([*s.map_pile, *(e for e in env if e != "E11")]))
        # M: starting resources.
        for seat in range(s.n()):
            p = s.player_to_change(seat)
            p.food, p.wood, p.lore = o.starting_resources
        # After M: the Den is buried below the top 3N tiles.
        if "E11" in env:
            s.map_pile = bury_den(s.map_pile, s.n(), rng)
    push(s, task("start_year"))


def bury_den(pile: Sequence[str], n: int, rng: Rng) -> tuple[str, ...]:
    """The Wyvern's Den (§3 after M): the top 3N tiles stay on top of the Den's pile."""
    return (*pile[: 3 * n], *rng.shuffled([*pile[3 * n :], "E11"]))
