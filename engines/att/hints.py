"""What each Ancient Terrible Things move does, in one line under it in a menu (reference §4-§8).

A card's hint is its rules text from the catalogue; other moves get the rule that makes them
worth choosing (what a re-roll costs, what a Location's action gives), with this position's
numbers where they help.
"""

from __future__ import annotations

from engines.att.actions import (
    Action,
    BumpFeatDie,
    BuySwag,
    ChooseCharacter,
    ChooseFirst,
    DeclineDesperateAct,
    DesperateAct,
    EndEncounter,
    ExchangeToken,
    ExhaustSwag,
    Explore,
    FocusedReroll,
    GainToken,
    LeaveTradingPost,
    LuckStart,
    PlayFeat,
    RedrawFeats,
    RefreshSwag,
    RemoteDesperateAct,
    ReplaceSwag,
    Roll,
    SkipLocationAction,
    Spend,
    TakeMap,
    UnfocusedReroll,
)
from engines.att.content import Character, catalog
from engines.att.state import AttState
from engines.core.words import joined


def _location_text(s: AttState, slot: int) -> str | None:
    if not 1 <= slot <= len(s.locations):
        return None
    return catalog().locations[s.locations[slot - 1].id].text


def _encounter_secrets(s: AttState) -> int | None:
    loc = s.current_location()
    if loc is None or loc.encounter is None:
        return None
    return catalog().encounters[loc.encounter].secrets


def _character_hint(c: Character) -> str:
    extras = [f"{n} extra {t.capitalize()}" for t, n in c.extra_tokens.items()]
    if c.extra_feat_cards:
        extras.append(f"{c.extra_feat_cards} extra Feat card{'s' * (c.extra_feat_cards > 1)}")
    start = "Starts with " + joined(extras) if extras else "No extras"
    return start + (", and takes the Map (chooses who goes first)." if c.takes_map else ".")


def _closes_rolling(s: AttState) -> str:
    """The warning a first spend needs: after it, no more re-rolls or card plays (§5.4)."""
    return "" if s.dice is None or s.dice.spending else " This first spend ends the re-rolls."


def hint(a: Action, s: AttState) -> str | None:
    cards = catalog()
    match a:
        case PlayFeat(card=card) if card in cards.feats:
            return f"{cards.feats[card].text}. The card is then discarded."
        case ExhaustSwag(card=card) | LuckStart(card=card) if card in cards.swag:
            return cards.swag[card].text
        case BuySwag(card=card) if card in cards.swag:
            swag = cards.swag[card]
            return f"Costs {swag.cost} Treasure. {swag.text}"
        case ReplaceSwag():
            return "Free, once a visit: this card goes on top of Old Stock; a new one is dealt."
        case ChooseCharacter(character=character) if character in cards.characters:
            return _character_hint(cards.characters[character])
        case ChooseFirst():
            return "The Map holder names who takes the first turn this round."
        case Spend(row=None):
            return "The Encounter goes to your score pile." + _closes_rolling(s)
        case Spend(dice=dice):
            gain = f"Gain {len(dice)} token{'s' * (len(dice) > 1)}, one per die."
            return gain + _closes_rolling(s)
        case Explore(slot=slot):
            return _location_text(s, slot)
        case GainToken() | ExchangeToken() | RedrawFeats() | TakeMap() | RemoteDesperateAct():
            loc = s.current_location()
            return catalog().locations[loc.id].text if loc is not None else None
        case SkipLocationAction():
            return "Keep your tokens and go on to the Desperation phase."
        case DesperateAct():
            secrets = _encounter_secrets(s)
            cost = f"{secrets} Courage" if secrets is not None else "Courage equal to its Secrets"
            return f"Pay {cost}: the Encounter goes to your score pile; you still roll for tokens."
        case DeclineDesperateAct():
            return "Face the Encounter with dice instead."
        case Roll():
            return "Roll your whole pool of dice."
        case FocusedReroll():
            return "Re-roll the dice you pick: 1 Focus for each, Luck dice free; never Panic dice."
        case UnfocusedReroll():
            return "Re-roll every die except Panic dice, Feat dice included; no Focus is paid."
        case BumpFeatDie():
            return "Pay 1 Feat token to raise this Feat die by 1."
        case EndEncounter():
            if _encounter_secrets(s) is not None:
                return (
                    "Stop here: the Encounter, not overcome, goes to Rumours and you take "
                    "a Terrible Thing."
                )
            return "Stop rolling and spending; the Encounter phase ends."
        case RefreshSwag():
            return "Pay 2 Treasure: these slot cards go to Old Stock and new ones are dealt."
        case LeaveTradingPost():
            return "Buy nothing more this round."
    return None
