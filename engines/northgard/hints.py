"""What each Northgard Actions-phase move does, in one line under it in a menu (northgard.md §5).

A card shows its effect in words (``engines.northgard.hand.card_words``); the other actions
(wait, replace, remove, improve, pass) show their cost and what they give, as §5 lists them.
"""

from __future__ import annotations

from engines.core.words import count
from engines.northgard.content import content
from engines.northgard.hand import achievement_words, card_words
from engines.northgard.names import feature_words, tile_name
from engines.northgard.state import State

WAIT = "No effect: the card goes to your active zone."
REPLACE = "No effect: the card goes to your active zone; pay 1 lore and draw 1 card."
REMOVE = "Pay 2 lore: the card leaves the game; draw 2 cards."
PASS = "Take no more actions this year; take a market card onto your draw pile."


def card_text(instance: str) -> str | None:
    """A card in hand or in the market in words: its effect, or an achievement's scoring."""
    data = content()
    if instance in data.achievements:
        return f"Achievement, kept face down. {achievement_words(instance)} at game end."
    if instance.split(".", 1)[0] not in data.cards:
        return None
    return card_words(data.card_of(instance))


def _upgrade(clan_card: str) -> str:
    upgrade = content().card_of(clan_card + ".1")
    return f"Pay 3 lore: {upgrade.name} goes on top of your draw pile. {card_words(upgrade)}"


def action_hint(code: str) -> str | None:
    """A move of the Actions phase (``play:<card>``, ``pass:<market card>``, …)."""
    parts = code.split(":")
    match parts:
        case ["play", card]:
            return card_text(card)
        case ["wait", _]:
            return WAIT
        case ["replace", _]:
            return REPLACE
        case ["remove", _]:
            return REMOVE
        case ["improve", _, upgrade]:
            return _upgrade(upgrade)
        case ["pass"]:
            return PASS
        case ["pass", card]:
            text = card_text(card)
            return f"No more actions this year. {text}" if text else PASS
    return None


def tile_words(tile_id: str) -> str:
    """What a map tile holds, piece by piece (§2.2): 'Dunmoor: wood 1, lore 1, large slot;
    food 1; small slot, lair; 2 rough borders.'"""
    tile = content().tiles[tile_id]
    pieces = []
    for letter in sorted(tile.pieces):
        p = tile.piece(letter)
        bits = [f"{word} {n}" for word, n in (("food", p.food), ("wood", p.wood), ("lore", p.lore))]
        bits += [_some(p.small, "small slot"), _some(p.large, "large slot"), _some(p.lairs, "lair")]
        pieces.append(
            ", ".join(
                [b for b in bits if b and not b.endswith(" 0")]
                + [feature_words(f) for f in p.features]
            )
        )
    edges = [
        _some(tile.borders.count(k), w)
        for k, w in (("~", "rough border"), ("#", "impassable border"))
    ]
    return (
        f"{tile_name(tile_id)}: "
        + "; ".join([x or "bare land" for x in pieces] + [e for e in edges if e])
        + "."
    )


def _some(n: int, noun: str) -> str:
    """'' for none, 'lair' for one, '2 lairs' for more."""
    return "" if n == 0 else noun if n == 1 else count(n, noun)


def hint(code: str, state: State) -> str | None:
    if state.pending is None:
        return None
    if state.pending.kind in ("place", "setup_tile"):
        return tile_words(str(state.pending.data["tile"]))
    if state.pending.kind == "raven_pick":
        return tile_words(code.split(":")[1])
    if state.pending.kind != "action":
        return None
    return action_hint(code)
