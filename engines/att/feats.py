"""The Feat deck, discard pile and hands (seed §Card Types—Feat; reference §5.7)."""

from __future__ import annotations

from engines.att.content import catalog
from engines.att.state import AttState
from engines.core.context import Ctx


def feat_name(card: str) -> str:
    return catalog().feats[card].name


def draw_feats(s: AttState, ctx: Ctx, seat: int, n: int) -> list[str]:
    """Draw ``n`` cards into a hand. An empty deck is rebuilt from the shuffled discard
    pile; when both are empty, drawing stops (ruling feat_both_empty="stop")."""
    drawn: list[str] = []
    for _ in range(n):
        if not s.feat_deck:
            if not s.feat_discard:
                break
            with ctx.rng(s) as rng:
                s.feat_deck = rng.shuffled(s.feat_discard)
            s.feat_discard = []
            ctx.say("The Feat discard pile is shuffled to form a new Feat deck.")
        drawn.append(s.feat_deck.pop())
    if not drawn:
        return drawn
    ctx.reveals = True
    s.players[seat].hand.extend(drawn)
    who = s.name(seat)
    ctx.say(f"{who} draws {_cards(len(drawn))}.")
    ctx.say(f"You draw {', '.join(feat_name(c) for c in drawn)}.", to=seat, kind="private")
    return drawn


def draw_up_to(s: AttState, ctx: Ctx, seat: int, size: int) -> None:
    """Refresh phase: draw until the hand holds ``size`` cards; a bigger hand is kept."""
    missing = size - len(s.players[seat].hand)
    if missing > 0:
        draw_feats(s, ctx, seat, missing)


def discard_from_hand(s: AttState, seat: int, card: str) -> None:
    s.players[seat].hand.remove(card)
    s.feat_discard.append(card)


def _cards(n: int) -> str:
    return f"{n} Feat card{'s' if n != 1 else ''}"
