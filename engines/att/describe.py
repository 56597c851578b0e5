"""Plain-English menu labels and headings for every action (reference §4-§8).

Dice are numbered from 1 for players ("dice 1, 3"): die number = pool index + 1. Labels stay
under Discord's 100-character limit.
"""

from __future__ import annotations

from engines.att import dice as pool
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
from engines.att.content import catalog, effect_text
from engines.att.spending import scenario_rows, shown
from engines.att.state import AttState
from engines.core.words import joined

MAX_LABEL = 100

GROUPS: dict[type, str] = {
    ChooseCharacter: "Character",
    ChooseFirst: "First player",
    Explore: "Location",
    GainToken: "Location action",
    RedrawFeats: "Location action",
    ExchangeToken: "Location action",
    RemoteDesperateAct: "Location action",
    TakeMap: "Location action",
    SkipLocationAction: "Location action",
    DesperateAct: "Desperate act",
    DeclineDesperateAct: "Desperate act",
    Roll: "Dice",
    LuckStart: "Swag",
    FocusedReroll: "Re-roll",
    UnfocusedReroll: "Re-roll",
    BumpFeatDie: "Dice",
    PlayFeat: "Feat",
    ExhaustSwag: "Swag",
    Spend: "Spend",
    EndEncounter: "Done",
    ReplaceSwag: "Buy",
    BuySwag: "Buy",
    RefreshSwag: "Buy",
    LeaveTradingPost: "Done",
}


def group(a: Action) -> str:
    return GROUPS[type(a)]


def _dice_numbers(dice: tuple[int, ...]) -> str:
    """Players count dice from 1: "die 2" or "dice 1, 3"."""
    word = "die" if len(dice) == 1 else "dice"
    return f"{word} {', '.join(str(i + 1) for i in dice)}"


def _location_name(s: AttState, slot: int) -> str:
    if not 1 <= slot <= len(s.locations):
        return f"Location {slot}"
    return catalog().locations[s.locations[slot - 1].id].name


def _encounter_at(s: AttState, slot: int) -> str:
    if not 1 <= slot <= len(s.locations):
        return ""
    card_id = s.locations[slot - 1].encounter
    if card_id is None:
        return ""
    card = catalog().encounters[card_id]
    return f" ({card.name}, {card.secrets} Secrets)"


def _player_name(s: AttState, seat: int) -> str:
    return s.name(seat) if 0 <= seat < len(s.players) else f"seat {seat}"


def _dice_targets(s: AttState, dice: tuple[int, ...]) -> str:
    if not dice or s.dice is None or any(not 0 <= i < len(s.dice.pool) for i in dice):
        return ""
    return f" on {_dice_numbers(dice)} (showing {pool.values_text(s.dice, dice)})"


def _spend(s: AttState, a: Spend) -> str:
    if s.dice is None or any(not 0 <= i < len(s.dice.pool) for i in a.dice):
        return f"Spend {_dice_numbers(a.dice)}"
    values = shown(s, a.dice)
    where = f"({_dice_numbers(a.dice)})"
    if a.row is None:
        loc = s.current_location()
        if loc is None or loc.encounter is None:
            return f"Spend {values} {where}: overcome the Encounter"
        card = catalog().encounters[loc.encounter]
        return f"Spend {values} {where}: overcome {card.name} (+{card.secrets} Secrets)"
    rows = scenario_rows(s.options)
    if not 0 <= a.row < len(rows):
        return f"Spend {values} {where}"
    row = rows[a.row]
    kind = {"high": "High", "pair": "Pair", "block": "Block", "run": "Run"}.get(
        row.combo.kind, "Set"
    )
    return f"Spend {values} {where}: {kind} for {len(a.dice)} {row.reward.capitalize()}"


def _character(character: str) -> str:
    """ "Play the Captain (takes the Map; +1 Focus, +1 Courage)"."""
    c = catalog().characters.get(character)
    if c is None:
        return f"Play {character}"
    extras = [f"+{n} {t.capitalize()}" for t, n in c.extra_tokens.items()]
    if c.extra_feat_cards:
        extras.append(f"+{c.extra_feat_cards} Feat card{'s' * (c.extra_feat_cards > 1)}")
    if c.takes_map:
        extras.insert(0, "takes the Map")
    return f"Play {c.name} ({', '.join(extras)})"


def _label(a: Action, s: AttState) -> str:
    cards = catalog()
    match a:
        case ChooseCharacter(character=character):
            return _character(character)
        case ChooseFirst(seat=seat):
            return f"{_player_name(s, seat)} goes first this round"
        case Explore(slot=slot):
            return f"Go to {_location_name(s, slot)}{_encounter_at(s, slot)}"
        case GainToken(token=token):
            return f"Gain 1 {token.capitalize()}"
        case RedrawFeats(discard=discard):
            # Without the "Feat: " prefix, so four cards still fit one menu line; quoted,
            # since a card's name ("add a Luck die") reads as an order of its own.
            names = joined([f"“{cards.feats[c].name.removeprefix('Feat: ')}”" for c in discard])
            return f"Redraw {names}"
        case ExchangeToken(give=give, take=take, target=target):
            # The count before the token, never after a name that ends in a number.
            return (
                f"Give 1 {give.capitalize()} to {_player_name(s, target)}, "
                f"take 1 {take.capitalize()}"
            )
        case RemoteDesperateAct(slot=slot):
            return f"Desperate Act at {_location_name(s, slot)}{_encounter_at(s, slot)}"
        case TakeMap():
            return "Take the Map"
        case SkipLocationAction():
            return "Skip the Location action"
        case DesperateAct():
            loc = s.current_location()
            if loc is None or loc.encounter is None:
                return "Make a Desperate Act"
            card = cards.encounters[loc.encounter]
            return f"Pay {card.secrets} Courage: overcome {card.name} now"
        case DeclineDesperateAct():
            return "No Desperate Act: roll the dice"
        case Roll():
            return "Roll the dice"
        case LuckStart(card=card):
            name = cards.swag[card].name if card in cards.swag else card
            return f"Use {name}: a Luck die in place of a Basic die"
        case FocusedReroll(dice=dice):
            cost = pool.focus_cost(s.dice, dice) if s.dice and _known(s, dice) else len(dice)
            return f"Re-roll {_dice_numbers(dice)} (costs {cost} Focus)"
        case UnfocusedReroll():
            return "Re-roll all dice except Panic dice (free)"
        case BumpFeatDie(die=die):
            return f"Pay 1 Feat token: raise Feat die {die + 1} by 1"
        case PlayFeat(card=card, dice=dice):
            if card not in cards.feats:
                return "Play a Feat card"
            feat = cards.feats[card]
            return f"Play {feat.name} ({feat.cost} Feat){_dice_targets(s, dice)}"
        case ExhaustSwag(card=card, dice=dice):
            if card not in cards.swag or cards.swag[card].exhaust is None:
                return "Exhaust a Swag card"
            swag = cards.swag[card]
            assert swag.exhaust is not None
            return f"Exhaust {swag.name}: {effect_text(swag.exhaust)}{_dice_targets(s, dice)}"
        case Spend():
            return _spend(s, a)
        case EndEncounter():
            if _overcome_pending(s):
                return "Stop and fail the Encounter (take a Terrible Thing)"
            return "Stop: end the Encounter phase"
        case ReplaceSwag(slot=slot, card=card):
            name = cards.swag[card].name if card in cards.swag else card
            return f"Free: move {name} (slot {slot}) to Old Stock and deal a new card"
        case BuySwag(card=card, slot=slot):
            if card not in cards.swag:
                return "Buy Swag"
            swag = cards.swag[card]
            where = "top of Old Stock" if slot is None else f"slot {slot}"
            return f"Buy {swag.name} ({swag.cost} Treasure, {where})"
        case RefreshSwag(slots=slots):
            numbers = ", ".join(str(i) for i in slots)
            return f"Pay 2 Treasure: refresh slot{'s' * (len(slots) > 1)} {numbers}"
        case LeaveTradingPost():
            return "Done at the Trading Post"
    raise AssertionError(a)


def _known(s: AttState, dice: tuple[int, ...]) -> bool:
    return s.dice is not None and all(0 <= i < len(s.dice.pool) for i in dice)


def _overcome_pending(s: AttState) -> bool:
    """True while the Encounter here is still unbeaten: stopping now means failing it."""
    loc = s.current_location()
    return loc is not None and loc.encounter is not None


def describe(a: Action, s: AttState) -> str:
    text = _label(a, s)
    if len(text) > MAX_LABEL:
        text = text[: MAX_LABEL - 3] + "..."
    return text
