"""Cards in play: drawing, discarding, suits, crafting and dominance (root.md §9–§11)."""

from __future__ import annotations

from collections import Counter
from functools import cache

from engines.core.context import Ctx
from engines.root.board import graph, rules
from engines.root.content import COST_SUIT, card
from engines.root.state import Player, State

HAND_LIMIT = 5


def suit(cid: str) -> str:
    return card(cid).suit


def matches(cid: str, need: str) -> bool:
    """Birds are wild for a suit demand; a demand for a bird needs a bird (L2.1.1)."""
    s = suit(cid)
    return s == need or (s == "bird" and need != "bird") or need == "any"


def draw(s: State, p: Player, n: int, ctx: Ctx) -> int:
    """Draw up to ``n`` cards, reshuffling the discard pile when the deck runs out."""
    got = 0
    for _ in range(n):
        if not s.deck and s.discard:
            with ctx.rng(s) as rng:
                s.deck = rng.shuffled(s.discard)
            s.discard = []
            ctx.say("The discard pile is shuffled into a new deck.")
        if not s.deck:
            break
        cid = s.deck.pop()
        p.hand.append(cid)
        got += 1
        ctx.say(f"You draw {card(cid).name} ({suit(cid)}).", to=p.seat)
    return got


def discard(s: State, cid: str) -> None:
    """A discarded dominance card becomes available instead (L3.3.3)."""
    if card(cid).type == "dominance":
        s.available.append(cid)
    else:
        s.discard.append(cid)


def spend(s: State, p: Player, cid: str) -> None:
    p.hand.remove(cid)
    discard(s, cid)


def crafting_suits(s: State, p: Player) -> dict[int, int]:
    """Unused crafting pieces per clearing: workshops, roosts, sympathy (L6.2.1, 7.2.1, 8.2.1)."""
    kind = {"marquise": "workshop", "eyrie": "roost", "alliance": "sympathy"}[p.faction]
    out: dict[int, int] = {}
    for c in s.clearings:
        n = c.buildings.count(kind) + c.tokens.count(kind) - s.turn.crafted.get(str(c.id), 0)
        if n > 0:
            out[c.id] = n
    return out


def _assign(s: State, p: Player, cost: str) -> list[int] | None:
    """Clearings whose pieces pay ``cost``: specific suits first, then any (L4.1.1)."""
    pieces = crafting_suits(s, p)
    suit_of = graph(s).suit
    used: list[int] = []
    needs = sorted(cost, key=lambda ch: ch == "?")
    for ch in needs:
        want = COST_SUIT[ch]
        spot = next(
            (
                cid
                for cid in sorted(pieces)
                if pieces[cid] > used.count(cid) and (want == "any" or suit_of[cid] == want)
            ),
            None,
        )
        if spot is None:
            return None
        used.append(spot)
    return used


@cache
def _needs(cost: str) -> tuple[tuple[str, int], ...]:
    """How many pieces of each suit a cost names ("any" for ``?``)."""
    return tuple(Counter(COST_SUIT[ch] for ch in cost).items())


def craftable(s: State, p: Player) -> list[str]:
    """The cards in hand ``p`` can craft now. A cost is paid exactly when each suit it names
    has that many unused pieces in clearings of the suit and all the pieces cover the whole
    cost (``_assign`` then finds a way): the pieces are counted by suit once, not once per
    card (issue 33)."""
    suit_of = graph(s).suit
    have: dict[str, int] = {"any": 0}
    for where, n in crafting_suits(s, p).items():
        have[suit_of[where]] = have.get(suit_of[where], 0) + n
        have["any"] += n
    out = []
    for cid in p.hand:
        rec = card(cid)
        if not rec.cost or rec.type in ("ambush", "dominance"):
            continue
        if rec.type == "persistent" and any(card(x).key == rec.key for x in p.persistent):
            continue
        if rec.type == "item" and s.supply_items.get(rec.item, 0) <= 0:
            continue
        if len(rec.cost) <= have["any"] and all(
            want == "any" or have.get(want, 0) >= n for want, n in _needs(rec.cost)
        ):
            out.append(cid)
    return out


def mark_crafted(s: State, p: Player, cid: str) -> None:
    spots = _assign(s, p, card(cid).cost) or []
    for spot in spots:
        s.turn.crafted[str(spot)] = s.turn.crafted.get(str(spot), 0) + 1


def dominance_met(s: State, p: Player) -> bool:
    """At the start of Birdsong: 3 clearings of the suit, or bird: opposite corners (L3.3.1).
    A Vagabond's dominance card only forms a coalition; it never wins by itself (L9.2.8)."""
    if not p.dominance or p.faction == "vagabond":
        return False
    g = graph(s)
    need = suit(p.dominance)
    if need == "bird":
        return any(
            rules(s, p.faction, a) and rules(s, p.faction, b) for a, b in g.rec.opposite_corners
        )
    return sum(1 for cid, su in g.suit.items() if su == need and rules(s, p.faction, cid)) >= 3
