"""Card effects in the card language of northgard.md §5.1 and the clan cards of §14.2."""

from __future__ import annotations

import re
from functools import cache, lru_cache
from typing import Any

from engines.core.context import Ctx
from engines.core.words import article, count, joined
from engines.northgard.board import (
    add_units,
    answer,
    ask,
    beasts_at,
    card_name,
    controlled,
    draw_cards,
    gain_fame,
    gmap,
    handler,
    place,
    push,
    task,
    units_in,
    who,
    without,
)
from engines.northgard.content import content
from engines.northgard.state import State, Task

_CALL = re.compile(r"^(\w+)(?:\((.*)\))?$")


def parse(effect: str) -> tuple[str, list[str]]:
    m = _CALL.match(effect)
    if m is None:
        raise ValueError(f"bad effect {effect!r}")
    args = [a.strip() for a in (m.group(2) or "").split(",") if a.strip()]
    return m.group(1), args


@cache
def card_tasks(seat: int, card: str) -> tuple[Task, ...]:
    """The effect tasks of a played card, in printed order, with its card-wide flags: the
    same every time the seat plays it, so made once and shared (tasks are never changed)."""
    effects, flags = _card_effects(card.split(".", 1)[0])
    flags = dict(flags)
    return tuple(
        task("effect", seat, name=name, args=list(args), card=card, flags=flags)
        for name, args in effects
    )


@cache
def _card_effects(card_id: str) -> tuple[tuple[tuple[str, tuple[str, ...]], ...], dict[str, Any]]:
    """A card design's effects read once: each effect's name and arguments, and the flags
    that hold for the whole card (Red Fang Raid's fame for a win, Venom Ambush)."""
    flags: dict[str, Any] = {}
    effects = []
    for eff in content().cards[card_id].effects:
        name, args = parse(eff)
        if name in ("win_fame", "hunt_fame"):
            flags[name] = int(args[0])
        elif name == "ambush":
            flags["ambush"] = True
        else:
            effects.append((name, tuple(args)))
    return tuple(effects), flags


@cache
def _num(a: str) -> int:
    return int(a.replace("+", ""))


@handler("effect")
def _effect(s: State, t: Task, ctx: Ctx) -> None:
    seat, name, args = t.seat, str(t.data["name"]), [str(a) for a in t.data["args"]]
    flags = dict(t.data.get("flags", {}))
    p = s.players[seat]
    if name == "explore":
        push(s, *[task("explore", seat) for _ in range(_num(args[0]))])
    elif name == "move":
        s.moved = {}
        bonus = _num(args[2]) if len(args) > 2 else 0
        push(s, task("move", seat, g=_num(args[0]), r=_num(args[1]), b=bonus, flags=flags))
    elif name == "recruit":
        extra = _num(args[1]) if len(args) > 1 else 0
        _recruit(s, seat, _num(args[0]), extra, None)
    elif name == "recruit_kaija":
        if s.kaija and units_in(s, s.kaija).get(seat):
            _recruit(s, seat, _num(args[0]), 0, [s.kaija])
    elif name == "build":
        discount = _num(args[1].replace("-", "")) if len(args) > 1 else 0
        push(s, *[task("build", seat, discount=discount) for _ in range(_num(args[0]))])
    elif name == "gain":
        res, n = args[0], _num(args[1])
        if res == "any":
            opts = []
            for f in range(n + 1):
                for w in range(n - f + 1):
                    opts.append((f"mix:{f},{w},{n - f - w}", f"take {resources(f, w, n - f - w)}"))
            ask(s, "mix", [seat], opts)
        else:
            p = s.player_to_change(seat)
            setattr(p, res, getattr(p, res) + n)
            ctx.say(f"{who(s, seat)} takes {n} {res}.")
    elif name == "fame":
        gain_fame(s, seat, _num(args[0]), _played(t), ctx)
    elif name == "draw":
        draw_cards(s, seat, _num(args[0]), ctx)
    elif name == "food_per_territory":
        k = min(len(controlled(s, seat)), _num(args[0]))
        s.player_to_change(seat).food += k
        ctx.say(f"{who(s, seat)} takes {k} food.")
    elif name == "fame_per_closed":
        m = gmap(s)
        k = sum(1 for x in controlled(s, seat) if m.territories[x].closed)
        gain_fame(s, seat, min(k, _num(args[0])), "closed territories", ctx)
    elif name == "fame_per_large":
        k = sum(
            1
            for x in controlled(s, seat)
            for b in s.buildings.get(x, [])
            if content().buildings[b].size == "L"
        )
        gain_fame(s, seat, min(k, _num(args[0])), "large buildings", ctx)
    elif name == "pay_food":
        n = _num(args[0])
        if p.food < n:
            ctx.say(f"{who(s, seat)} cannot pay {n} food: the rest of the card is skipped.")
            _skip_card_rest(s, seat)
        else:
            s.player_to_change(seat).food -= n
    elif name == "move_kaija":
        mine = [x for x in controlled(s, seat) if x != s.kaija]
        if p.clan == "BEAR" and mine:
            ask(s, "kaija", [seat], [(f"kaija:{x}", f"move Kaija to {place(s, x)}") for x in mine])
    elif name == "trash_card":
        pool = sorted(set(p.hand) | set(p.discard))
        if pool:
            ask(
                s,
                "trash",
                [seat],
                [(f"trash:{c}", f"remove {card_name(c)} from the game") for c in pool],
            )
    elif name == "hunt":
        _hunt(s, seat, _num(args[0]), flags)


@cache
def resources(food: int, wood: int, lore: int) -> str:
    """'2 food and 1 lore': the resources there are, none said as 0."""
    said = [f"{n} {what}" for what, n in (("food", food), ("wood", wood), ("lore", lore)) if n]
    return joined(said) or "nothing"


def _played(t: Task) -> str:
    """Why fame was gained: the card played (a state saved before the card was kept says
    only "a card")."""
    card = t.data.get("card")
    return card_name(str(card)) if card else "a card"


def _skip_card_rest(s: State, seat: int) -> None:
    while s.tasks and s.tasks[-1].kind == "effect" and s.tasks[-1].seat == seat:
        s.tasks.pop()


@answer("mix")
def _mix(s: State, seat: int, code: str, ctx: Ctx) -> None:
    s.pending = None
    f, w, r = (int(v) for v in code.split(":")[1].split(","))
    p = s.player_to_change(seat)
    p.food, p.wood, p.lore = p.food + f, p.wood + w, p.lore + r
    ctx.say(f"{who(s, seat)} takes {resources(f, w, r)}.")


@answer("kaija")
def _kaija(s: State, seat: int, code: str, ctx: Ctx) -> None:
    s.pending = None
    s.kaija = code.split(":")[1]
    ctx.say(f"Kaija moves to {s.kaija}.")


@answer("trash")
def _trash(s: State, seat: int, code: str, ctx: Ctx) -> None:
    s.pending = None
    card = code.split(":")[1]
    p = s.player_to_change(seat)
    if card in p.hand:
        p.hand = without(p.hand, card)
    else:
        p.discard = without(p.discard, card)
    if card.startswith("UN1"):
        s.unrest_pile = (*s.unrest_pile, card)
    ctx.say(f"{who(s, seat)} removes {card_name(card)} from the game.")


# -- recruit ------------------------------------------------------------------------------


def _recruit(s: State, seat: int, n: int, extra: int, where: list[str] | None) -> None:
    p = s.players[seat]
    if p.clan == "BOAR" and not p.recruited_this_year:
        p = s.player_to_change(seat)
        p.recruited_this_year = True
        n += 1
    if where is None:
        where = controlled(s, seat)
        if not where:
            m = gmap(s)
            where = [
                x
                for x in m.order()
                if not units_in(s, x) and not beasts_at(s, x) and not m.territories[x].has("swamp")
            ]
    if not where or p.reserve == 0:
        return
    opts = []
    for x in where:
        for k in range(min(extra, p.food) + 1):
            label = f"recruit {count(n + k, 'unit')} in {place(s, x)}" + (
                f" paying {k} food" if k else ""
            )
            opts.append((f"recruit:{x}:{n}:{k}", label))
    ask(s, "recruit", [seat], opts)


@answer("recruit")
def _recruited(s: State, seat: int, code: str, ctx: Ctx) -> None:
    s.pending = None
    _, terr, n, k = code.split(":")
    if int(k):  # food paid for extra units
        s.player_to_change(seat).food -= int(k)
    placed = add_units(s, terr, seat, int(n) + int(k))
    ctx.say(f"{who(s, seat)} recruits {count(placed, 'unit')} in {place(s, terr)}.")


# -- build --------------------------------------------------------------------------------


@lru_cache(maxsize=4096)
def _build_option(b: str, terr: str, where: str, cost: int) -> tuple[str, str]:
    """The option building ``b`` in a territory (the same words every time it is offered)."""
    name = article(content().buildings[b].name)
    return (f"build:{b}:{terr}:{cost}", f"build {name} in {where} for {cost} wood")


def free_slots(s: State, terr: str) -> tuple[int, int]:
    t = gmap(s).territories[terr]
    c = content()
    here = s.buildings.get(terr, ())
    small = sum(1 for b in here if c.buildings[b].size == "S")
    return t.small - small, t.large - (len(here) - small)


@handler("build")
def _build(s: State, t: Task, ctx: Ctx) -> None:
    seat = t.seat
    p = s.players[seat]
    c = content()
    opts: list[tuple[str, str]] = []
    for x in controlled(s, seat):
        small, large = free_slots(s, x)
        for b, bd in c.buildings.items():
            cost = max(0, bd.cost_wood - int(t.data["discount"]))
            room = small if bd.size == "S" else large
            if room > 0 and s.building_supply[b] > 0 and p.wood >= cost:
                opts.append(_build_option(b, x, place(s, x), cost))
    if opts:
        ask(s, "build", [seat], [("build:none", "build nothing"), *opts])


@answer("build")
def _built(s: State, seat: int, code: str, ctx: Ctx) -> None:
    s.pending = None
    if code == "build:none":
        return
    _, b, terr, cost = code.split(":")
    p = s.player_to_change(seat)
    p.wood -= int(cost)
    s.building_supply[b] -= 1
    s.buildings[terr] = (*s.buildings.get(terr, ()), b)
    bd = content().buildings[b]
    ctx.say(f"{who(s, seat)} builds {article(bd.name)} in {place(s, terr)}.")
    if bd.size == "L" and p.clan == "STAG":
        gain_fame(s, seat, 2, "Stag clan: a large building", ctx)


# -- hunt ---------------------------------------------------------------------------------


def _hunt(s: State, seat: int, bonus: int, flags: dict[str, Any]) -> None:
    """One group attacks a creature in its own territory or one step away (§5.1)."""
    m = gmap(s)
    opts: list[tuple[str, str]] = []
    for src in controlled(s, seat):
        n = units_in(s, src).get(seat, 0)
        spots = [src, *sorted(m.territories[src].adjacent)]
        for dst in spots:
            if any(k != seat for k in units_in(s, dst)) or m.territories[dst].has("swamp"):
                continue
            for c in beasts_at(s, dst):
                for k in range(1, n + 1):
                    opts.append(
                        (
                            f"hunt:{src}:{dst}:{c}:{k}",
                            f"hunt the {card_name(c)} in {place(s, dst)} with {count(k, 'unit')} "
                            f"from {place(s, src)}",
                        )
                    )
    if opts:
        ask(s, "hunt", [seat], [("hunt:none", "hunt nothing"), *opts], bonus=bonus, flags=flags)


@answer("hunt")
def _hunted(s: State, seat: int, code: str, ctx: Ctx) -> None:
    from engines.northgard.movement import start_group

    assert s.pending is not None
    bonus, flags = int(s.pending.data["bonus"]), dict(s.pending.data["flags"])
    s.pending = None
    if code == "hunt:none":
        return
    _, src, dst, card, k = code.split(":")
    g = start_group(s, seat, src, int(k), steps=0, bonus=bonus, flags=flags)
    g["at"] = dst
    g["moved"] = 1 if dst != src else 0
    push(s, task("combat", seat, terr=dst, attacker=seat, group=g, target=card))
