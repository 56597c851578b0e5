"""Menu labels and menu headings for Wildlands decisions (DESIGN.md "The engine contract").

Labels stay under 100 characters. A reveal's label never names the start space; choosing a
start space does, and that step is marked as revealing, so it is never undone in public.
"""

from __future__ import annotations

import re
from typing import Any

from engines.wildlands.actions import (
    Area,
    Attack,
    Belt,
    Claim,
    Climb,
    Defend,
    Done,
    DrawCards,
    EndTurn,
    Interrupt,
    Move,
    Orders,
    Pass,
    PlaceStart,
    Push,
    Rally,
    Reveal,
)
from engines.wildlands.cards import ICON_LABELS, box_cards, card, cards, icon_words
from engines.wildlands.state import State

MAX_LABEL = 99
_CARD_ICONS = re.compile(r"\(card (\d+), [^()]*\)$")

_GROUPS: dict[type, str] = {
    PlaceStart: "Start space",
    Reveal: "Reveal",
    Move: "Move",
    Climb: "Move",
    Rally: "Move",
    Attack: "Attack",
    Area: "Attack",
    Claim: "Claim",
    DrawCards: "Draw",
    EndTurn: "End turn",
    Done: "End turn",
    Pass: "Interrupt",
    Interrupt: "Interrupt",
    Defend: "Defend",
    Push: "Push",
    Belt: "Belt",
    Orders: "Standing orders",
}


def group(a: Any) -> str:
    return _GROUPS.get(type(a), "Other")


def describe(a: Any, s: State) -> str:
    text = _describe(a, s)
    if len(text) > MAX_LABEL:
        # A long move keeps its card's number and drops the card's icons (the menu's note
        # under it lists them), rather than being cut mid-word.
        text = _CARD_ICONS.sub(r"(card \1)", text)
    return text if len(text) <= MAX_LABEL else text[: MAX_LABEL - 1] + "…"


def _describe(a: Any, s: State) -> str:

    def name(figure_id: str) -> str:
        f = s.figures.get(figure_id)
        return f.name if f else figure_id

    if isinstance(a, PlaceStart):
        return f"{name(a.figure)} starts in space {a.space}"
    if isinstance(a, Reveal):
        return f"Reveal {name(a.figure)}"
    if isinstance(a, Move):
        return f"{name(a.figure)}: move to space {a.to} ({_card(a.card)})"
    if isinstance(a, Climb):
        return f"{name(a.figure)}: climb to space {a.to} ({_card(a.card)})"
    if isinstance(a, Attack):
        target = s.figures.get(a.target)
        where = f" in space {target.space}" if target and target.space is not None else ""
        return (
            f"{name(a.figure)}: {ICON_LABELS[a.style]} attack on {name(a.target)}{where} "
            f"({_card(a.card)})"
        )
    if isinstance(a, Area):
        return f"{name(a.figure)}: area attack on space {a.space} ({_card(a.card)})"
    if isinstance(a, Rally):
        pulled = ", ".join(name(f) for f in a.pulled)
        return f"{name(a.figure)}: rally {pulled} ({_card(a.card)})"
    if isinstance(a, Claim):
        shard = next((sh for sh in s.shards if sh.id == a.shard), None)
        where = f" in space {shard.space}" if shard and shard.space is not None else ""
        numbers = ", ".join(str(card(c).number) for c in a.cards if _known(c))
        return f"{name(a.figure)}: claim the shard{where} (cards {numbers})"
    if isinstance(a, DrawCards):
        return f"Draw {s.options.draw_icon_amount} cards ({_card(a.card)})"
    if isinstance(a, EndTurn):
        return "End turn and draw"
    if isinstance(a, Done):
        return "Done: end the interrupting turn"
    if isinstance(a, Pass):
        return "Pass"
    if isinstance(a, Interrupt):
        return f"Interrupt ({_card(a.card)})"
    if isinstance(a, Defend):
        return _describe_defence(a, s)
    if isinstance(a, Push):
        if a.figure is None:
            return "Do not push anyone"
        return f"Push {name(a.figure)} to space {a.to}"
    if isinstance(a, Belt):
        return "Leave the belts alone" if a.colour is None else f"Run the {a.colour} belt"
    if isinstance(a, Orders):
        if a.auto_pass is not None:
            return f"Standing order: auto-pass {_PASS_LABELS[a.auto_pass]}"
        return f"Standing order: defend {_DEFEND_LABELS[a.auto_defend or 'ask']}"
    return str(a)


_PASS_LABELS = {
    "off": "off",
    "window": "for the next window",
    "turn": "for the rest of this turn",
    "always": "always",
}
_DEFEND_LABELS = {"ask": "by asking me", "best": "with my best card", "never": "never"}


def _describe_defence(a: Defend, s: State) -> str:
    hit = s.pending.hit if s.pending is not None else None
    target = s.figures[hit.target].name if hit else "your character"
    if a.card is None:
        return f"Take the hit on {target}"
    return f"Defend {target} with {_card(a.card)}"


def _card(card_id: str) -> str:
    if not _known(card_id):
        return "an unknown card"
    c = card(card_id)
    return f"card {c.number}, {icon_words(c.icons)}"


def _known(card_id: str) -> bool:
    return card_id in cards() or card_id in box_cards()
