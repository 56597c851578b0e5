"""The AI at the Trading Post (reference §5.6, §10, §14.4).

A Swag card is worth its Secrets, its Achievement progress if it counts as a type, and, for
cards with an effect, a use per remaining turn. Treasure kept is worth what it could buy on a
later turn, so a purchase must beat that; on the seat's last turn any Secret is a gain. The
free replacement is used to look for something better when nothing on show is worth buying;
the paid refresh is never worth 2 Treasure.
"""

from __future__ import annotations

from engines.att.actions import Action, BuySwag, ReplaceSwag
from engines.att.ai.values import Outlook, achievement_gain
from engines.att.content import AddDie, Bump, CardReroll, ExtraReroll, Gain, Swag, catalog
from engines.att.state import AttState

# Worth of one use of a Swag effect, in Secrets.
LUCK_START_USE = 0.15
ADD_DIE_USE = 0.35
BUMP_USE = 0.3
EXTRA_REROLL_USE = 0.4
CARD_REROLL_USE = 0.2


def use_worth(card: Swag, look: Outlook) -> float:
    """Worth of one turn's use of the card's effect."""
    per_use = LUCK_START_USE if card.luck_start else 0.0
    match card.exhaust:
        case AddDie(die="luck"):
            per_use += ADD_DIE_USE
        case Bump():
            per_use += BUMP_USE
        case ExtraReroll():
            per_use += EXTRA_REROLL_USE
        case CardReroll():
            per_use += CARD_REROLL_USE
        case Gain(token=token, n=n):
            per_use += n * look.worth[token]
    for token, n in card.exhaust_cost.items():
        per_use -= n * look.worth[token]
    return max(0.0, per_use)


def swag_worth(s: AttState, seat: int, look: Outlook, card_id: str) -> float:
    card = catalog().swag[card_id]
    worth = card.secrets + use_worth(card, look) * look.turns_ahead
    if card.counts_as is not None:
        worth += achievement_gain(s, seat, [card.counts_as], look)
    return worth


def buy_gain(s: AttState, seat: int, look: Outlook, card_id: str) -> float:
    """A purchase's gain over keeping the Treasure."""
    keep = look.worth["treasure"] if look.turns_ahead > 0 else 0.0
    return swag_worth(s, seat, look, card_id) - keep * catalog().swag[card_id].cost


def choose_trading(s: AttState, seat: int, legal: list[Action], look: Outlook) -> Action:
    best, best_gain = legal[-1], 0.0  # the last choice is always to leave
    for a in legal:
        if isinstance(a, BuySwag):
            gain = buy_gain(s, seat, look, a.card)
            if gain > best_gain:
                best, best_gain = a, gain
    if best_gain > 0:
        return best
    replaces = [a for a in legal if isinstance(a, ReplaceSwag)]
    if replaces and s.players[seat].tokens["treasure"] >= min(
        c.cost for c in catalog().swag.values()
    ):
        return min(replaces, key=lambda a: (buy_gain(s, seat, look, a.card), a.slot))
    return best
