"""An ATT seat's private picture (reference §0 "Hidden information", §10 Feats, §11 Swag).

Only the Feat hand is secret; beside it the owner sees their own tokens and Swag, so the
phone picture holds everything they spend from without the 1400 px board.
"""

from __future__ import annotations

from typing import Any

from engines.core.hand_sheet import HandCard, HandSheet, Secret
from engines.core.protocol import View
from engines.core.render_kit import PALETTE
from engines.core.rules_book import strip_copy_number


def _name(card: dict[str, Any]) -> str:
    # Copy numbers ("#2") tell identical cards apart in the catalogue; a player needs none.
    return strip_copy_number(card["name"])


def _feat(card: dict[str, Any]) -> HandCard:
    return HandCard(
        name=_name(card),
        kind=f"Feat card · costs {card['cost']} Feat",
        text=card["text"],
        colour=PALETTE["blue"],
    )


def _swag_line(card: dict[str, Any]) -> str:
    state = " (exhausted)" if card.get("exhausted") else ""
    return f"{_name(card)}{state}: {card['text']}"


def hand_sheet(view: View) -> HandSheet:
    data = view.data
    seat = view.viewer
    players = data["players"]
    me = players[seat] if seat is not None and 0 <= seat < len(players) else None
    secrets: list[Secret] = []
    if me is not None:
        tokens = ", ".join(f"{t.capitalize()} {n}" for t, n in me["tokens"].items())
        secrets.append(Secret("Your tokens", (tokens or "none",)))
        swag = tuple(_swag_line(c) for c in me["swag"])
        secrets.append(Secret("Your Swag", swag or ("none yet",)))
    name = f"{me['name']} ({me['character']})" if me else "Your hand"
    return HandSheet(
        title=f"{name}: Feat hand",
        cards=tuple(_feat(c) for c in data.get("hand", [])),
        secrets=tuple(secrets),
        hand_word="Feat hand",
        empty="No Feat cards in hand.",
    )
