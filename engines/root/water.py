"""The Wastelands water economy (root.md §16): the three 2-WATER actions (W.4.1–W.4.3)."""

from __future__ import annotations

from engines.core.context import Ctx
from engines.core.words import count
from engines.root.actions import Pick, pick
from engines.root.board import rules, warriors_on_map
from engines.root.cards import draw
from engines.root.removal import name
from engines.root.state import SUPPLY, Pending, Player, State

COST = 2


def can_use_water(s: State, p: Player) -> bool:
    """Whether ``water_options`` offers anything: Advance is on offer whenever an action
    can be paid for (asked where the moves themselves are not needed, issue 33)."""
    return s.options.economy and p.water >= COST


def water_options(s: State, p: Player) -> list[Pick]:
    """Offered between actions in the player's own turn (water_action_timing)."""
    if not can_use_water(s, p):
        return []
    out = []
    free = SUPPLY[p.faction] - warriors_on_map(s, p.faction)
    if p.faction == "alliance" and s.alliance is not None:
        free -= s.alliance.officers  # officers are warriors taken from the supply (L8.5 Train)
    for c in s.clearings:
        if rules(s, p.faction, c.id) and (c.id != s.keep or p.faction == "marquise"):
            out += [
                pick(what="water_recruit", clearing=c.id, n=n) for n in range(1, min(2, free) + 1)
            ]
    out.append(pick(what="water_advance"))
    drawable = len(s.deck) + len(s.discard)
    if drawable >= 3 or not s.options.ddd_requires_three:
        out.append(pick(what="water_ddd"))
    return out


def pay(s: State, p: Player) -> None:
    p.water -= COST
    s.supply_water += COST


def resolve_water(s: State, p: Player, a: Pick, ctx: Ctx) -> None:
    pay(s, p)
    if a.what == "water_recruit":
        c = s.edit(a.clearing)
        c.warriors[p.faction] = c.warriors.get(p.faction, 0) + a.n
        ctx.say(
            f"{name(p)} spends 2 WATER to recruit {count(a.n, 'warrior')} in clearing {a.clearing}."
        )
    elif a.what == "water_advance":
        s.turn.advance = "move"
        ctx.say(f"{name(p)} spends 2 WATER to advance: one move, then one battle.")
    else:
        before = len(p.hand)
        draw(s, p, 3, ctx)
        drawn = p.hand[before:]
        ctx.say(f"{name(p)} spends 2 WATER to draw {len(drawn)}, discard one and destroy one.")
        if len(drawn) >= 3:
            for x in drawn:
                p.hand.remove(x)
            s.pending.append(Pending(seat=p.seat, kind="ddd", pieces=drawn))


def take_water(s: State, p: Player, ctx: Ctx) -> None:
    s.supply_water -= 1
    p.water += 1
    ctx.say(f"{name(p)} takes 1 WATER from the supply ({p.water} held).")
