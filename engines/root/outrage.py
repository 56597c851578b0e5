"""Alliance triggers that any faction's actions set off (root.md §14): Outrage, the loss of
a base, and the supporter limit (L8.2.3–8.2.6)."""

from __future__ import annotations

from engines.core.context import Ctx
from engines.root.board import graph
from engines.root.cards import discard, draw, matches, suit
from engines.root.content import card
from engines.root.state import FACTION_NAMES, Alliance, Pending, Player, State

BASES = ("base_fox", "base_rabbit", "base_mouse")
SUPPORTER_CAP = 5


def board(s: State) -> Alliance:
    assert s.alliance is not None
    return s.alliance


def bases_on_map(s: State) -> list[str]:
    return [b for c in s.clearings for b in c.buildings if b in BASES]


def gain_supporter(s: State, cid: str, ctx: Ctx) -> None:
    """Add a card to supporters; without a base on the map they hold at most 5 (L8.2.3)."""
    a = board(s)
    if not bases_on_map(s) and len(a.supporters) >= SUPPORTER_CAP:
        discard(s, cid)
        ctx.say("The Alliance cannot hold more supporters without a base; the card is discarded.")
        return
    a.supporters.append(cid)


def base_lost(s: State, kind: str, ctx: Ctx) -> None:
    """Discard the base suit's supporters (birds too), lose half the officers (L8.2.4)."""
    a = board(s)
    su = kind.split("_")[1]
    for x in [x for x in a.supporters if suit(x) in (su, "bird")]:
        a.supporters.remove(x)
        discard(s, x)
    a.officers -= (a.officers + 1) // 2
    if not bases_on_map(s):
        while len(a.supporters) > SUPPORTER_CAP:
            discard(s, a.supporters.pop())
    ctx.say(f"The Alliance loses its {su} base: supporters and officers are lost.")


def outrage(s: State, mover: Player, cid: int, ctx: Ctx) -> None:
    """A move into, or a removal of, sympathy costs a matching card (L8.2.6)."""
    need = graph(s).suit[cid]
    if any(matches(x, need) for x in mover.hand):
        s.pending.append(Pending(seat=mover.seat, kind="outrage", clearing=cid))
        return
    alliance = s.player("alliance")
    assert alliance is not None
    ctx.say(f"Outrage: {FACTION_NAMES[mover.faction]} has no {need} card and shows their hand.")
    shown = ", ".join(f"{card(x).name} ({suit(x)})" for x in mover.hand) or "nothing"
    ctx.say(f"{FACTION_NAMES[mover.faction]} holds: {shown}", to=alliance.seat)
    before = len(alliance.hand)
    draw(s, alliance, 1, ctx)
    for x in alliance.hand[before:]:
        alliance.hand.remove(x)
        gain_supporter(s, x, ctx)
