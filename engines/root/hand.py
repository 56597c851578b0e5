"""A Root seat's private picture (root.md §1 hidden hands, §11 the shared deck, §15 the
Alliance's supporters).

Each card in hand says its suit, what crafting it costs and what it then does (an item and
its points, a persistent or immediate effect, an ambush, a dominance); the Alliance's owner
also sees their supporters stack.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core.hand_sheet import HandCard, HandSheet, Secret
from engines.core.protocol import View
from engines.core.render_kit import PALETTE
from engines.root.content import CardRecord, card
from engines.root.state import FACTION_NAMES

SUIT_COLOURS = {
    "fox": PALETTE["vermillion"],
    "rabbit": PALETTE["yellow"],
    "mouse": PALETTE["orange"],
    "bird": PALETTE["sky"],
}
COST_WORDS = {"F": "fox", "R": "rabbit", "M": "mouse", "?": "any suit"}
# What each effect does, in the words of root.md §11 "Effects".
EFFECT_WORDS = {
    "ambush": "Ambush: as defender in a battle in a clearing of its suit (bird: any clearing), "
    "deal 2 hits before the roll, unless the attacker answers with a matching ambush.",
    "dom_suit": "Dominance: in your Daylight with 10 VP or more, play it instead of scoring; "
    "you win if you rule 3 clearings of its suit at the start of your Birdsong.",
    "dom_corners": "Dominance: in your Daylight with 10 VP or more, play it instead of "
    "scoring; you win if you rule two opposite corners at the start of your Birdsong.",
    "armorers": "In battle, after the roll: discard it to ignore all rolled hits you take.",
    "sappers": "In battle as defender, after the roll: discard it to deal 1 extra hit.",
    "brutal_tactics": "In battle as attacker, after the roll: deal 1 extra hit; the defender "
    "scores 1 VP.",
    "royal_claim": "In Birdsong: discard it to score 1 VP per clearing you rule.",
    "stand_and_deliver": "Once in Birdsong: take a random card from another player's hand; "
    "they score 1 VP.",
    "tax_collector": "Once in Daylight: remove one of your warriors to draw 1 card.",
    "favor": "When crafted: remove every enemy piece in all clearings of its suit, scoring "
    "for buildings and tokens removed, then discard it.",
    "better_burrow_bank": "At the start of Birdsong: you and another player of your choice "
    "each draw 1 card.",
    "cobbler": "At the start of Evening: you may take one move.",
    "command_warren": "At the start of Daylight: you may start one battle.",
    "codebreakers": "Once in Daylight: look at another player's hand.",
    "scouting_party": "As attacker, ambush cards do not affect you.",
}
KIND_WORDS = {
    "ambush": "ambush",
    "dominance": "dominance",
    "persistent": "stays in play once crafted",
    "immediate": "one-shot when crafted",
    "item": "item",
}


def _cost(rec: CardRecord) -> str:
    if not rec.cost:
        return "cannot be crafted"
    return "craft with " + " + ".join(COST_WORDS[c] for c in rec.cost)


def card_words(rec: CardRecord) -> str:
    if rec.type == "item":
        return f"Crafted: take the {rec.item} and score {rec.vp} VP. Or spend it as a {rec.suit}."
    return EFFECT_WORDS[rec.effect] + f" Or spend it as a {rec.suit}."


def _card(entry: dict[str, Any], vagabond: str) -> HandCard:
    rec = card(entry["id"])
    text = card_words(rec)
    if vagabond and rec.type == "dominance":
        text = f"{vagabond} Or spend it as a {rec.suit}."
    return HandCard(
        name=rec.name,
        kind=f"{rec.suit.capitalize()} · {KIND_WORDS[rec.type]} · {_cost(rec)}",
        text=text,
        colour=SUIT_COLOURS.get(rec.suit, PALETTE["black"]),
    )


def _vagabond_dominance(me: Mapping[str, Any] | None, data: Mapping[str, Any]) -> str:
    """What a dominance card does in the Vagabond's hand (L9.2.8), or "" for anyone else."""
    if me is None or me["faction"] != "vagabond":
        return ""
    if data.get("coalitions"):
        return (
            "You cannot win with it. In your Daylight with 10 VP or more, activate it to form a "
            "coalition with the lowest-scoring player: you score no more and win if they win."
        )
    return "You cannot activate it: coalitions are off at this table."


def hand_sheet(view: View) -> HandSheet:
    data = view.data
    seat = view.viewer
    me = next((p for p in data["players"] if p["seat"] == seat), None)
    secrets: list[Secret] = []
    if "supporters" in data:
        lines = tuple(f"{s['name']} ({s['suit']})" for s in data["supporters"])
        secrets.append(Secret("Your supporters", lines or ("none yet",)))
    faction = FACTION_NAMES.get(me["faction"], me["faction"]) if me else "Your hand"
    return HandSheet(
        title=f"{faction}: your hand",
        cards=tuple(_card(c, _vagabond_dominance(me, data)) for c in data.get("hand", [])),
        secrets=tuple(secrets),
    )
