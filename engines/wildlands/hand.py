"""A Wildlands-family seat's private picture (wildlands.md §3 "Hands and piles", §4 hidden
start spaces; Wrath's carried shards, The Awoken's Seeing Stone peek).

One module serves Wildlands, The Awoken, Wrath and War: their owner views share the hand
records (card ids) and, where the game has them, the hidden start spaces. Each card is drawn
with its action icons in words (``card_list.action_card``), so "card 28" becomes what it does.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core.hand_sheet import HandCard, HandSheet, Secret
from engines.core.protocol import View
from engines.core.render_kit import PALETTE
from engines.wildlands.card_list import ICON_NAMES, ICON_WORDS
from engines.wildlands.cards import card, faction


def _card(card_id: str) -> HandCard:
    """The card's portraits and icons in words, worded as ``card_list.action_card`` words
    them for ``/card``; read through ``faction`` so the Ancients box's cards (Wrath, War) are
    found too."""
    c = card(card_id)
    side = faction(c.faction)
    names = [side.characters[n - 1].name for n in c.characters]
    icons = " + ".join(ICON_NAMES[i] for i in c.icons)
    actions = "; or ".join(ICON_WORDS[i] for i in c.icons)
    if names:
        name = f"{icons} ({' & '.join(names)})"
        text = f"Play it for one action: {actions}. Or move {' or '.join(names)} one space."
        kind = f"{side.name} action card {c.number}"
        colour = PALETTE["blue"]
    else:
        name = f"{icons} (wild)"
        text = f"No portrait. Play it for one action: {actions}."
        kind = f"{side.name} wild card {c.number}"
        colour = PALETTE["purple"]
    return HandCard(name=name, kind=kind, text=text, colour=colour)


def _figure_names(data: Mapping[str, Any]) -> dict[str, str]:
    return {f["id"]: f["name"] for f in data.get("figures", [])}


def _hidden_starts(data: Mapping[str, Any], names: dict[str, str]) -> Secret | None:
    starts = data.get("hidden_starts") or []
    lines = [
        f"{names.get(h['figure'], h['figure'])} waits hidden in space {h['space']}" for h in starts
    ]
    dealt = data.get("dealt") or []
    if dealt:
        spaces = ", ".join(str(d["space"]) for d in dealt)
        lines.append(f"Map cards still to place: spaces {spaces}")
    if not lines:
        return None
    return Secret("Hidden start spaces (only you know)", tuple(lines))


def _carried(data: Mapping[str, Any], seat: int, names: dict[str, str]) -> Secret | None:
    mine = {f["id"] for f in data.get("figures", []) if f.get("owner") == seat}
    carried = {fid: n for fid, n in (data.get("carried") or {}).items() if fid in mine}
    if not carried:
        return None
    lines = tuple(
        f"{names.get(fid, fid)} carries {len(shards)} shard{'s' if len(shards) != 1 else ''}"
        for fid, shards in carried.items()
    )
    return Secret("Shards your characters carry", lines)


def hand_sheet(view: View) -> HandSheet:
    data = view.data
    seat = view.viewer
    seats = data.get("seats", [])
    me = seats[seat] if seat is not None and 0 <= seat < len(seats) else None
    names = _figure_names(data)
    secrets: list[Secret] = []
    if seat is not None:
        for secret in (_hidden_starts(data, names), _carried(data, seat, names)):
            if secret is not None:
                secrets.append(secret)
    if me is not None and me.get("unrevealed"):
        secrets.append(Secret("Characters not yet revealed", (f"{me['unrevealed']} still hidden",)))
    peek = data.get("peek") or []
    if peek:
        secrets.append(Secret("Seeing Stone: the minion cards you see", tuple(peek)))
    who = f"{me['name']}: " if me else ""
    return HandSheet(
        title=f"{who}your hand",
        cards=tuple(_card(c["id"]) for c in data.get("hand", [])),
        secrets=tuple(secrets),
    )
