"""The seat's Encounter resources, seen as the AI's expectimax sees them (reference §5.4, §7,
§14.3 Feat cards, §14.4 Swag).

A ``Kit`` is what the active seat brings to an Encounter phase: Feat cards in hand, ready
Swag, Focus and Feat tokens, re-rolls on the track. ``plan_for`` turns it into a ``Plan``:
the track re-rolls, then extra re-rolls and card re-rolls as later stages, and die-changing
cards as tools for the finished roll, each priced in Secrets. Feat tokens are shared by all
cards, so cards join the plan, most useful first, only while the tokens last.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engines.att.ai.dice import MAX_TABLE_DICE, Hand
from engines.att.ai.reroll import Plan, Stage
from engines.att.ai.spend import Scoring, Tool
from engines.att.ai.values import Outlook
from engines.att.content import Bump, CardReroll, Effect, ExtraReroll, Flip, catalog
from engines.att.state import AttState

# A played Feat card is replaced at the next Refresh, so it costs little beyond its tokens.
CARD_WEAR = 0.1
# The expectimax handles at most this many tools and extra stages, to stay fast.
MOST_TOOLS = 2
MOST_EXTRA_STAGES = 2
# Which card effects join a plan first when Feat tokens are short.
_PRIORITY = {"extra_reroll": 0, "bump": 1, "card_reroll": 2, "flip": 3}


@dataclass(frozen=True)
class Kit:
    cards: tuple[str, ...]  # Feat cards in hand
    swag: tuple[str, ...]  # ready Swag
    focus: int
    feat: int
    rerolls: int

    def without_card(self, card: str) -> Kit:
        cards = list(self.cards)
        cards.remove(card)
        return replace(self, cards=tuple(cards))

    def without_swag(self, card: str) -> Kit:
        return replace(self, swag=tuple(c for c in self.swag if c != card))


def kit_of(s: AttState, seat: int) -> Kit:
    player = s.players[seat]
    return Kit(
        cards=tuple(player.hand),
        swag=tuple(c for c in player.swag if c not in player.exhausted),
        focus=player.tokens["focus"],
        feat=player.tokens["feat"],
        rerolls=player.rerolls_left,
    )


def card_price(look: Outlook, feat_tokens: int) -> float:
    return feat_tokens * look.worth["feat"] + CARD_WEAR


def _late_use(effect: Effect, price: float) -> Tool | Stage | None:
    """How a card effect serves after the re-rolls: a tool or an extra stage."""
    match effect:
        case Bump(dice=1):
            return Tool("bump", price)
        case Bump():
            return Tool("bump2", price)
        case Flip():
            return Tool("flip", price)
        case ExtraReroll():
            return Stage("track", price)
        case CardReroll(max=most):
            return Stage("card", price, most)
    return None


def plan_for(
    kit: Kit, scoring: Scoring, size: int, look: Outlook, fixed: Hand = (), rolling: bool = True
) -> Plan:
    """The Plan for the rest of an Encounter phase with ``size`` re-rollable dice;
    ``rolling`` is False once spending has begun (no more re-rolls or cards)."""
    size = min(size, MAX_TABLE_DICE)
    fv = look.worth["focus"]
    if not rolling:
        return Plan(scoring=scoring, size=size, fixed=fixed, focus_value=fv)
    uses: list[tuple[int, Tool | Stage]] = []
    focus_left = kit.focus
    swag = catalog().swag
    for card_id in kit.swag:
        card = swag[card_id]
        if card.exhaust is None:
            continue
        focus_cost = card.exhaust_cost.get("focus", 0)
        if focus_cost > focus_left or any(t != "focus" for t in card.exhaust_cost):
            continue
        use = _late_use(card.exhaust, focus_cost * fv)
        if use is not None:
            focus_left -= focus_cost
            uses.append((_PRIORITY[card.exhaust.op], use))
    budget = kit.feat
    feats = catalog().feats
    for card_id in sorted(kit.cards, key=lambda c: (_PRIORITY.get(feats[c].effect.op, 9), c)):
        card = feats[card_id]
        if card.cost > budget:
            continue
        use = _late_use(card.effect, card_price(look, card.cost))
        if use is not None:
            budget -= card.cost
            uses.append((_PRIORITY[card.effect.op], use))
    uses.sort(key=lambda u: (u[0], u[1].cost))
    tools = tuple(u for _, u in uses if isinstance(u, Tool))[:MOST_TOOLS]
    extras = [u for _, u in uses if isinstance(u, Stage)][:MOST_EXTRA_STAGES]
    # Track re-rolls first, then extra track re-rolls, then the narrow card re-rolls.
    extras.sort(key=lambda st: (st.kind != "track", st.cost))
    stages = (Stage("track"),) * kit.rerolls + tuple(extras)
    return Plan(
        scoring=scoring,
        size=size,
        fixed=fixed,
        tools=tuple(sorted(tools, key=lambda t: (t.kind, t.cost))),
        stages=stages,
        focus_value=fv,
    )
