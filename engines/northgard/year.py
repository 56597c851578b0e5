"""The year: Start of Year, the Actions phase, Harvest, Winter, End of Year and the end of
the game (northgard.md §4-§7)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from engines.core.context import Ctx
from engines.core.words import count
from engines.northgard.board import (
    add_units,
    answer,
    ask,
    card_name,
    controlled,
    decision,
    draw_cards,
    effective_buildings,
    gain_fame,
    gmap,
    handler,
    order,
    place,
    push,
    remove_units,
    shared_task,
    task,
    units_in,
    who,
    without,
)
from engines.northgard.content import content
from engines.northgard.effects import card_tasks, resources
from engines.northgard.scoring import end_game, sudden_death
from engines.northgard.state import Pending, State, Task

RES = ("food", "wood", "lore")
# The trades at Harvest: the resource given, and the option.
TRADES = tuple(
    (a, (f"trade:{a}>{b}", f"trade 3 {a} for 1 {b}")) for a in RES for b in RES if a != b
)
# Each trade's code -> the resource given and the one taken.
TRADED = {code: tuple(code.split(":")[1].split(">")) for _a, (code, _words) in TRADES}
HARVEST_FAME = {1: 0, 2: 1}  # a territory's fame at Harvest by its size in tiles; larger: 2


def final_year(s: State) -> bool:
    return s.year == s.options.years


@handler("start_year")
def _start_year(s: State, t: Task, ctx: Ctx) -> None:
    s.phase = "start"
    n = len(s.players)
    ctx.say(f"Year {s.year} begins.")
    if final_year(s):
        s.market, s.achievements_aside = s.achievements_aside[:n], s.achievements_aside[n:]
    else:
        s.market, s.dev_deck = s.dev_deck[:n], s.dev_deck[n:]
    built_halls = any("B8" in here for here in s.buildings.values())
    for seat in order(s):
        halls = (
            sum(1 for x in controlled(s, seat) if "B8" in effective_buildings(s, x))
            if built_halls
            else 0
        )
        draw_cards(s, seat, 4 + halls, ctx)
    for seat in range(s.n()):
        if s.players[seat].passed:
            s.player_to_change(seat).passed = False
    later = [shared_task("actions", turn=s.first), shared_task("creature_phase")]
    if s.options.creature_phase_position == "start_of_year":
        later.reverse()
    push(s, *later, shared_task("harvest"), shared_task("winter"), shared_task("end_year"))


@handler("actions")
def _actions(s: State, t: Task, ctx: Ctx) -> None:
    """The next player who has not passed takes a turn, and the phase goes on after it.
    The turn is taken at once rather than scheduled as a task of its own: it would be the
    next task run anyway (issue 33)."""
    if s.phase != "actions":
        s.phase = "actions"
    turn, n = int(t.data["turn"]), len(s.players)
    for i in range(n):
        seat = (turn + i) % n
        if not s.players[seat].passed:
            s.tasks.append(_actions_from((seat + 1) % n))
            _turn(s, seat, ctx)
            return


@cache
def _actions_from(turn: int) -> Task:
    """The Actions phase going on from seat ``turn``."""
    return shared_task("actions", turn=turn)


def distinct_cards(hand: Sequence[str]) -> list[str]:
    """One copy of each card design, the first in sorted order: copies of a card are
    interchangeable. Taken from the sorted hand, they come out sorted."""
    reps: dict[str, str] = {}
    for c in sorted(hand):
        reps.setdefault(c.partition(".")[0], c)
    return list(reps.values())


Option = tuple[str, str]


@cache
def _card_options(card: str) -> tuple[tuple[Option, ...], Option, Option, Option]:
    """A card's options in the Actions menu: play (none for Unrest), wait, replace, remove;
    the same words every time, so made once."""
    name = card_name(card)
    play = () if card.startswith("UN1") else ((f"play:{card}", f"play {name}"),)
    return (
        play,
        (f"wait:{card}", f"wait with {name}"),
        (f"replace:{card}", f"replace {name} (1 lore, draw 1)"),
        (f"remove:{card}", f"remove {name} from the game (2 lore, draw 2)"),
    )


@cache
def _improve_option(card: str, up: str, cost: int) -> Option:
    return (
        f"improve:{card}:{up}",
        f"improve with {card_name(card)}: buy {card_name(up + '.1')} ({cost} lore)",
    )


@cache
def _pass_option(card: str) -> Option:
    return (f"pass:{card}", f"pass and take {card_name(card)}")


def action_options(s: State, seat: int) -> list[Option]:
    """The Actions-phase menu: pass (with a market pick), then each kind of action."""
    p = s.players[seat]
    o = s.options
    opts = [_pass_option(c) for c in s.market] if s.market else [("pass", "pass")]
    hand = distinct_cards(p.hand)
    menus = [_card_options(c) for c in hand]
    for menu in menus:
        opts += menu[0]
    opts += [menu[1] for menu in menus]
    if p.lore >= 1:
        opts += [menu[2] for menu in menus]
    if p.lore >= 2:
        opts += [menu[3] for menu in menus]
    if p.lore >= o.improve_cost:
        for up in p.upgrades:
            opts += [_improve_option(c, up, o.improve_cost) for c in hand]
    return opts


@handler("turn")
def _turn_task(s: State, t: Task, ctx: Ctx) -> None:
    """One player's turn as a task of its own: the Actions phase now takes its turns
    directly, but a game saved before that change may hold such a task in its queue."""
    _turn(s, t.seat, ctx)


def _turn(s: State, seat: int, ctx: Ctx) -> None:
    """A player's turn: pass when there is nothing to do, else the Actions menu."""
    p = s.players[seat]
    if not p.hand and not s.market:
        _pass(s, seat, "pass", ctx)
        return
    opts = action_options(s, seat)
    if not p.hand:
        opts = [o for o in opts if o[0].startswith("pass")]
    ask(s, "action", [seat], opts)


def _pass(s: State, seat: int, code: str, ctx: Ctx) -> None:
    p = s.player_to_change(seat)
    if not any(q.passed for q in s.players):
        s.first = seat
        ctx.say(f"{p.name} passes first and takes the first-player marker.")
    else:
        ctx.say(f"{p.name} passes.")
    p.passed = True
    if code.startswith("pass:"):
        card = code.split(":")[1]
        s.market = without(s.market, card)
        if card.startswith("AC"):
            p.achievements = (*p.achievements, card)
            ctx.say(f"{p.name} takes an achievement.")
        elif s.options.market_pick_to == "discard":
            p.discard = (*p.discard, card)
            ctx.say(f"{p.name} takes {card_name(card)} into their discard pile.")
        else:
            p.deck = (card, *p.deck)
            ctx.say(f"{p.name} takes {card_name(card)} on top of their deck.")
    if s.options.more_creatures:
        push(s, task("more_creatures"))


@answer("action")
def _action(s: State, seat: int, code: str, ctx: Ctx) -> None:
    s.pending = None
    if code.startswith("pass"):
        _pass(s, seat, code, ctx)
        return
    p = s.player_to_change(seat)
    parts = code.split(":")
    verb, card = parts[0], parts[1]
    name = card_name(card)
    if verb == "remove":
        p.hand = without(p.hand, card)
        p.lore -= 2
        if card.startswith("UN1"):
            s.unrest_pile = (*s.unrest_pile, card)
        ctx.say(f"{p.name} removes {name} from the game.")
        draw_cards(s, seat, 2, ctx)
        return
    p.hand = without(p.hand, card)
    p.active = (*p.active, card)
    if verb == "wait":
        ctx.say(f"{p.name} waits ({name}).")
    elif verb == "replace":
        p.lore -= 1
        ctx.say(f"{p.name} replaces {name}.")
        draw_cards(s, seat, 1, ctx)
    elif verb == "improve":
        up = parts[2]
        p.lore -= s.options.improve_cost
        p.upgrades = without(p.upgrades, up)
        inst = f"{up}.1"
        if s.options.improve_to == "hand":
            p.hand = (*p.hand, inst)
        else:
            p.deck = (inst, *p.deck)
        ctx.say(f"{p.name} improves their clan: {card_name(inst)}.")
    else:
        ctx.say(f"{p.name} plays {name}.")
        push(s, *_play_tasks(seat, card))


@cache
def _play_tasks(seat: int, card: str) -> tuple[Task, ...]:
    """A played card's effect tasks, then its ⚡ extra play (§5): made once per seat and
    card, and shared."""
    tail = (shared_task("lightning", seat),) if content().card_of(card).lightning else ()
    return (*card_tasks(seat, card), *tail)


@handler("lightning")
def _lightning(s: State, t: Task, ctx: Ctx) -> None:
    """⚡: one extra Play action at once (§5)."""
    p = s.players[t.seat]
    playable = [c for c in distinct_cards(p.hand) if not c.startswith("UN1")]
    if not playable:
        return
    ask(s, "action", [t.seat], [(f"play:{c}", f"play {card_name(c)} (⚡)") for c in playable])


@handler("more_creatures")
def _more(s: State, t: Task, ctx: Ctx) -> None:
    """Variant (§9.4): fewer creatures than players on the map -> one appears."""
    if not s.options.creatures or len(s.beasts) >= s.n() or not s.creature_pile:
        return
    m = gmap(s)
    busy = {b.at for b in s.beasts}
    spots = [x for x in m.order() if x not in busy and m.territories[x].lairs] or [
        x for x in m.order() if x not in busy
    ]
    if spots:
        from engines.northgard.creatures import place_beast

        card, s.creature_pile = s.creature_pile[0], s.creature_pile[1:]
        place_beast(s, card, spots[0], None, ctx)


# -- Harvest ------------------------------------------------------------------------------


@handler("harvest")
def _harvest(s: State, t: Task, ctx: Ctx) -> None:
    s.phase = "harvest"
    m = gmap(s)
    c = content()
    for seat in order(s):
        p = s.players[seat]
        got = {"food": 0, "wood": 0, "lore": 0}
        fame = 0
        for x in controlled(s, seat):
            if x == s.scorched:
                continue
            ter = m.territories[x]
            got["food"] += ter.food
            got["wood"] += ter.wood
            got["lore"] += ter.lore
            for b in effective_buildings(s, x) if x in s.buildings else ():
                eff = c.buildings[b].effect
                if eff.startswith("harvest_") and eff[8:] in got:
                    got[eff[8:]] += 1
                if eff == "harvest_fame_3":
                    fame += 3
            if ter.closed or s.options.harvest_fame == "any_0_1_2":
                fame += HARVEST_FAME.get(ter.size, 2)
        if got["food"] or got["wood"] or got["lore"]:
            p = s.player_to_change(seat)
            for r in RES:
                if got[r]:
                    setattr(p, r, getattr(p, r) + got[r])
        ctx.say(f"{p.name} harvests {resources(got['food'], got['wood'], got['lore'])}.")
        gain_fame(s, seat, fame, "Harvest", ctx)
    environment_yields(s, ctx)
    push(s, *[shared_task("trade", seat) for seat in order(s)], shared_task("poison"))


def environment_yields(s: State, ctx: Ctx) -> None:
    """Great Lake, Ruins, Wyvern's Den in tile order (§6.1 step 2, §11)."""
    m = gmap(s)
    for idx, placed in enumerate(s.tiles):
        env = content().tiles[placed.tile].env_type
        if env == "lake":
            totals: dict[int, int] = {}
            for x in m.tile_territories(idx):
                for seat, n in units_in(s, x).items():
                    totals[seat] = totals.get(seat, 0) + n
            if totals:
                top = max(totals.values())
                leaders = [k for k, v in totals.items() if v == top]
                each = 2 if len(leaders) == 1 else 1
                for k in sorted(leaders):
                    s.player_to_change(k).food += each
                    ctx.say(f"{who(s, k)} takes {each} food from the Great Lake.")
        elif env == "den":
            for x in m.tile_territories(idx):
                seat = next(iter(units_in(s, x)), None)
                if seat is not None and x != s.scorched:
                    gain_fame(s, seat, 2, "the Wyvern's Den", ctx)
        elif env == "ruins":
            # Only this tile's own printed Ruins: a territory joining both Ruins tiles
            # holds both features, and each tile pays once (§11 Ruins).
            for letter, feats in content().tiles[placed.tile].features.items():
                x = m.root[f"{idx}{letter}"]
                seat = next(iter(units_in(s, x)), None)
                if seat is None or x == s.scorched:
                    continue
                for f in feats:
                    if f.startswith("ruins:"):
                        _, lore, fame = f.split(":")
                        s.player_to_change(seat).lore += int(lore)
                        ctx.say(f"{who(s, seat)} takes {lore} lore from the Ruins.")
                        gain_fame(s, seat, int(fame), "the Ruins", ctx)


@handler("trade")
def _trade(s: State, t: Task, ctx: Ctx) -> None:
    offer = _trade_offer(s, t.seat)
    if offer is not None:
        s.pending = offer


def _trade_offer(s: State, seat: int) -> Pending | None:
    """The trade decision of a player with 3 of some resource, else None."""
    p = s.players[seat]
    if p.food >= 3 or p.wood >= 3 or p.lore >= 3:
        return _trade_decision(seat, p.food >= 3, p.wood >= 3, p.lore >= 3)
    return None


@cache
def _trade_decision(seat: int, *affords: bool) -> Pending:
    """The trade decision of a player who has 3 or more of the resources flagged (food,
    wood, lore): the same every time, so made once and shared (decisions never change)."""
    has = dict(zip(RES, affords, strict=True))
    return decision(
        "trade", [seat], [("trade:done", "done trading")] + [opt for a, opt in TRADES if has[a]]
    )


@answer("trade")
def _traded(s: State, seat: int, code: str, ctx: Ctx) -> None:
    if code == "trade:done":
        s.pending = None
        return
    a, b = TRADED[code]
    p = s.player_to_change(seat)
    setattr(p, a, getattr(p, a) - 3)
    setattr(p, b, getattr(p, b) + 1)
    ctx.say(f"{p.name} trades 3 {a} for 1 {b}.")
    # The player may trade again: asked at once, as a trade task scheduled now would.
    s.pending = _trade_offer(s, seat)


@handler("poison")
def _poison(s: State, t: Task, ctx: Ctx) -> None:
    """End of Harvest: the Poisonous Swamp takes 1 unit from each territory of its tile."""
    m = gmap(s)
    for idx, placed in enumerate(s.tiles):
        if content().tiles[placed.tile].env_type != "poison":
            continue
        for x in m.tile_territories(idx):
            for seat in units_in(s, x):
                remove_units(s, x, seat, 1)
                ctx.say(f"The Poisonous Swamp takes 1 of {who(s, seat)}'s units in {place(s, x)}.")


# -- Winter and End of Year ---------------------------------------------------------------


@handler("winter")
def _winter(s: State, t: Task, ctx: Ctx) -> None:
    s.phase = "winter"
    for seat in order(s):
        p = s.players[seat]
        mine, key = controlled(s, seat), str(seat)
        units = sum(s.units[x][key] for x in mine)  # a territory of mine holds my units
        due = {"per_territory": len(mine), "per_unit": units, "per_2_units": (units + 1) // 2}[
            s.options.winter_upkeep
        ]
        if p.clan == "GOAT":
            due = max(0, due - 1)
        if due:
            p = s.player_to_change(seat)
        if p.food >= due:
            if due:
                p.food -= due
            ctx.say(f"{p.name} pays {due} food for the winter.")
            continue
        short = due - p.food
        p.food = 0
        cards = 1 if s.options.winter_shortfall == "one_card" else short
        ctx.say(f"{p.name} cannot feed their clan ({short} food short).")
        for _ in range(cards):
            if s.unrest_pile:
                p.discard = (*p.discard, s.unrest_pile[0])
                s.unrest_pile = s.unrest_pile[1:]
                ctx.say(f"{p.name} takes an Unrest card.")
            else:
                p.fame -= 5
                ctx.say(f"{p.name} loses 5 fame (no Unrest card left).")


def reinforcements(s: State, seat: int) -> list[tuple[str, int]]:
    """End of Year step 1: where a player may place units and how many: max(1 for an
    effective Training Camp, the Geysers there), never added together."""
    m = gmap(s)
    out = []
    for x in controlled(s, seat):
        camp = 1 if "B5" in effective_buildings(s, x) else 0
        geysers = sum(1 for f in m.territories[x].features if f == "geyser")
        k = min(max(camp, geysers), s.players[seat].reserve)
        if k:
            out.append((x, k))
    return out


@handler("end_year")
def _end_year(s: State, t: Task, ctx: Ctx) -> None:
    s.phase = "end"
    bears = [k for k in order(s) if s.players[k].clan == "BEAR"]
    push(
        s,
        *[task("reinforce", k, done=[]) for k in order(s)],
        *[task("kaija_returns", k) for k in bears],
        task("close_year"),
    )


@handler("reinforce")
def _reinforce(s: State, t: Task, ctx: Ctx) -> None:
    """The player may place reinforcements, one territory at a time."""
    done = [str(x) for x in t.data["done"]]
    spot = next(((x, k) for x, k in reinforcements(s, t.seat) if x not in done), None)
    if spot is None:
        return
    terr, most = spot
    opts = [
        (f"reinforce:{terr}:{k}", f"place {count(k, 'unit')} in {place(s, terr)}")
        for k in range(most, -1, -1)
    ]
    ask(s, "reinforce", [t.seat], opts, done=[*done, terr])


@answer("reinforce")
def _reinforced(s: State, seat: int, code: str, ctx: Ctx) -> None:
    assert s.pending is not None
    done = list(s.pending.data["done"])
    s.pending = None
    _, terr, k = code.split(":")
    placed = add_units(s, terr, seat, int(k))
    if placed:
        ctx.say(f"{who(s, seat)} places {count(placed, 'reinforcement')} in {place(s, terr)}.")
    push(s, task("reinforce", seat, done=done))


@handler("kaija_returns")
def _kaija_returns(s: State, t: Task, ctx: Ctx) -> None:
    """Kaija, off the map since her territory was lost, is re-placed (End of Year step 1)."""
    mine = controlled(s, t.seat)
    if s.kaija or not mine:
        return
    if len(mine) == 1:
        s.kaija = mine[0]
        ctx.say(f"Kaija returns to {place(s, mine[0])}.")
        return
    ask(s, "kaija", [t.seat], [(f"kaija:{x}", f"Kaija returns to {place(s, x)}") for x in mine])


@handler("close_year")
def _close_year(s: State, t: Task, ctx: Ctx) -> None:
    # 2. Sudden death.
    winners = sudden_death(s)
    if winners:
        best = max(s.players[k].fame for k in winners)
        s.winners = tuple(k for k in winners if s.players[k].fame == best)
        names = ", ".join(who(s, k) for k in s.winners)
        ctx.say(f"Sudden death: {names} rule three closed territories with great halls!")
        end_game(s, ctx, sudden=True)
        return
    # 3. Year-long effects end. 4. Hands and active zones to the discard.
    if s.scorched:
        s.scorched = ""
    for seat in range(s.n()):
        p = s.players[seat]
        if not (p.hand or p.active or p.scorched_used or p.recruited_this_year):
            continue
        p = s.player_to_change(seat)
        if p.hand or p.active:
            p.discard = (*p.discard, *p.hand, *p.active)
            p.hand, p.active = (), ()
        if p.scorched_used:
            p.scorched_used = False
        if p.recruited_this_year:
            p.recruited_this_year = False
    s.market = ()
    if final_year(s):
        end_game(s, ctx, sudden=False)
        return
    s.year += 1
    push(s, shared_task("start_year"))
