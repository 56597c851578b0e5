"""A Northgard seat's private picture (northgard.md §5.1 the card language, §14.2–14.5 the
cards, §8 step 4 the secret food commitment).

Each card in hand is drawn with its effects in words (the ``move(1,2,+1)`` primitives read
aloud) and a note when it is a lightning card; below the hand, the seat's held achievements
and, during a fight, the food it has committed in secret.
"""

from __future__ import annotations

import re

from engines.core.hand_sheet import HandCard, HandSheet, Secret
from engines.core.protocol import View
from engines.core.render_kit import PALETTE
from engines.northgard.content import Card, content

REWARDS = ("win_fame", "hunt_fame")
CALL = re.compile(r"^(\w+)(?:\((.*)\))?$")
KIND_COLOURS = {
    "starting": PALETTE["sky"],
    "clan_initial": PALETTE["green"],
    "clan_upgrade": PALETTE["green"],
    "early": PALETTE["blue"],
    "advanced": PALETTE["purple"],
    "unrest": PALETTE["vermillion"],
}
KIND_WORDS = {
    "starting": "starting card",
    "clan_initial": "clan card",
    "clan_upgrade": "clan upgrade",
    "early": "early development card",
    "advanced": "advanced development card",
    "unrest": "Unrest",
}


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _move(args: list[str]) -> str:
    groups, steps = int(args[0]), int(args[1])
    text = f"move {_plural(groups, 'group')} up to {_plural(steps, 'step')}"
    if len(args) > 2:
        text += f", {args[2]} strength if it fights"
    return text


def _recruit(args: list[str]) -> str:
    text = f"recruit {_plural(int(args[0]), 'unit')} into one territory you control"
    if len(args) > 1:
        text += f", and up to {args[1].lstrip('+')} more at 1 food each"
    return text


def _build(args: list[str]) -> str:
    text = f"build {_plural(int(args[0]), 'building')}"
    if len(args) > 1:
        text += f" for {args[1].lstrip('-')} wood less"
    return text


def _gain(args: list[str]) -> str:
    what = "resources of your choice" if args[0] == "any" else args[0]
    return f"take {args[1]} {what}"


def effect_words(effect: str) -> str:
    """One card-language primitive (§5.1) in words."""
    found = CALL.match(effect)
    name, raw = (found.group(1), found.group(2) or "") if found else (effect, "")
    args = [a.strip() for a in raw.split(",")] if raw else []
    match name:
        case "explore":
            return f"explore {_plural(int(args[0]), 'tile')}"
        case "move":
            return _move(args)
        case "recruit":
            return _recruit(args)
        case "build":
            return _build(args)
        case "gain":
            return _gain(args)
        case "fame":
            return f"gain {args[0]} fame"
        case "draw":
            return f"draw {_plural(int(args[0]), 'card')}"
        case "hunt":
            return f"attack a creature in or next to a group's territory with {args[0]} strength"
        case "hunt_fame":
            return f"defeating the creature gives {args[0]} more fame"
        case "win_fame":
            return f"gain {args[0]} fame if that group wins its fight"
        case "food_per_territory":
            return f"take 1 food per territory you control (at most {args[0]})"
        case "fame_per_closed":
            return f"gain 1 fame per closed territory you control (at most {args[0]})"
        case "fame_per_large":
            return f"gain 1 fame per large building you control (at most {args[0]})"
        case "pay_food":
            return f"pay {args[0]} food"
        case "recruit_kaija":
            return f"recruit {_plural(int(args[0]), 'unit')} into Kaija's territory if yours"
        case "move_kaija":
            return "move Kaija to a territory you control"
        case "ambush":
            return "a defending player removes 1 unit before the fight"
        case "trash_card":
            return "remove 1 card in hand or discard pile from the game"
    return effect


# What each achievement scores at game end (§14.5), in words.
SCORING_WORDS = {
    "per_territory": "1 fame per territory you hold",
    "per_large_building_x2": "2 fame per large building in your territories",
    "per_2_units": "1 fame per 2 units in your territories",
    "per_3_resources": "1 fame per 3 food, wood and lore you have",
    "per_creature_x2": "2 fame per creature you slew",
    "per_closed_x2": "2 fame per closed territory you hold",
    "per_dev_card": "1 fame per development card you own",
}


def achievement_words(achievement_id: str) -> str:
    """An achievement in words: its name and what it scores at game end."""
    achievement = content().achievements[achievement_id]
    return f"{achievement.name}: {SCORING_WORDS[achievement.scoring]}"


def card_words(card: Card) -> str:
    if card.kind == "unrest":
        return "Cannot be played; costs 5 fame at the end of the game."
    if not card.effects:
        return "No effect."
    # A reward for the fight (win_fame, hunt_fame) reads after the move or hunt it rewards.
    main = [e for e in card.effects if not e.startswith(REWARDS)]
    rewards = [e for e in card.effects if e.startswith(REWARDS)]
    words = "; then ".join(effect_words(e) for e in main)
    words = "; ".join([words, *(effect_words(e) for e in rewards)])
    text = words[0].upper() + words[1:] + "."
    if card.lightning:
        text += " Lightning: take another Play action at once."
    return text


def _card(instance: str) -> HandCard:
    card = content().card_of(instance)
    return HandCard(
        name=card.name,
        kind=KIND_WORDS[card.kind] + (" · lightning" if card.lightning else ""),
        text=card_words(card),
        colour=KIND_COLOURS[card.kind],
    )


def hand_sheet(view: View) -> HandSheet:
    data = view.data
    me = next((p for p in data["players"] if p["seat"] == view.viewer), None)
    secrets: list[Secret] = []
    held = me.get("achievements", []) if me else []
    if held:
        lines = tuple(achievement_words(a) for a in held)
        secrets.append(Secret("Your achievements (scored at the end)", lines))
    pending = data.get("pending", {})
    if pending.get("kind") == "commit" and "my_answer" in pending:
        secrets.append(Secret("Your secret food commitment", (f"{pending['my_answer']} food",)))
    title = f"{me['name']} ({me['clan']}): your hand" if me else "Your hand"
    return HandSheet(
        title=title,
        cards=tuple(_card(c) for c in (me.get("hand", []) if me else [])),
        secrets=tuple(secrets),
    )
