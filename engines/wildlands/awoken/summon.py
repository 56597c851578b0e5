"""Summoning minions and Ancients (wildlands.md §10.7 "Summon", "Summon Ancient").

A summon draws a map card and places a random available counter of the type there
(summon_counter=random); with no counter left it is skipped and no map card is drawn. Every
map card drawn in The Awoken goes to the map discard pile, which is reshuffled into a new
deck when the deck runs out.
"""

from __future__ import annotations

from engines.core.context import Ctx
from engines.core.words import article
from engines.wildlands.awoken.content import minion_types
from engines.wildlands.awoken.state import AwokenState
from engines.wildlands.decks import shuffle


def draw_map_card(s: AwokenState, ctx: Ctx) -> int:
    """Every map card drawn in The Awoken goes to the map discard pile after use."""
    if not s.map_deck:
        s.map_deck, s.map_discard = s.map_discard, []
        shuffle(s, s.map_deck, ctx)
    space = s.map_deck.pop()
    s.map_discard.append(space)
    ctx.reveal()
    return space


def summon(s: AwokenState, mtype: str, ctx: Ctx, into: int | None = None) -> None:
    """A random available counter of ``mtype`` on a map card's space (or ``into``)."""
    supply = sorted(
        f.id
        for f in s.figures.values()
        if f.kind == "minion" and f.faction == mtype and f.space is None and not f.ko
    )
    name = minion_types()[mtype].name
    if not supply:
        ctx.say(f"No {name} is left to summon.")
        return
    space = into if into is not None else draw_map_card(s, ctx)
    with ctx.rng(s) as rng:
        f = s.figures[supply[rng.below(len(supply))]]
    f = s.update_figure(f.id, space=space, damage=0)
    ctx.say(f"{article(name, capital=True)} (health {f.health}) is summoned in space {space}.")


def summon_ancient(s: AwokenState, n: int, ctx: Ctx) -> None:
    f = s.figures[s.ancient_id(n)]
    if f.space is not None or f.ko:
        return
    f = s.update_figure(f.id, space=draw_map_card(s, ctx))
    ctx.say(f"The {f.name} is summoned in space {f.space}.")
