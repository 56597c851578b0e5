"""Menu labels and headings for Awoken decisions (DESIGN.md "The engine contract").

The Wildlands labels serve the shared card plays and answers; The Awoken adds objects,
crystals, treasures and the players' "you choose" answers, which repeat the question
("The Wildfyre attacks: choose which of your characters in space 12 it targets").
"""

from __future__ import annotations

from typing import Any

from engines.core.words import health_left
from engines.wildlands import describe as base
from engines.wildlands.actions import EndTurn
from engines.wildlands.awoken.actions import Choose, Collect, RevealObject, UseTreasure
from engines.wildlands.awoken.content import treasures
from engines.wildlands.awoken.state import AwokenState
from engines.wildlands.cards import card

_GROUPS: dict[type, str] = {
    RevealObject: "Objects",
    Collect: "Objects",
    UseTreasure: "Treasure",
    Choose: "Choose",
}


def group(a: Any) -> str:
    return _GROUPS.get(type(a)) or base.group(a)


def describe(a: Any, s: AwokenState) -> str:
    text = _describe(a, s)
    return text if len(text) <= base.MAX_LABEL else text[: base.MAX_LABEL - 1] + "…"


def _name(s: AwokenState, figure_id: str | None) -> str:
    f = s.figures.get(figure_id or "")
    return f.name if f else str(figure_id)


def _describe(a: Any, s: AwokenState) -> str:
    if isinstance(a, EndTurn):
        return "Done for this turn (the Ancients act when every player is done)"
    if isinstance(a, RevealObject):
        o = next((o for o in s.objects if o.id == a.object), None)
        where = f" in space {o.space}" if o else ""
        cost = f", discarding card {card(a.card).number}" if a.card else ""
        return f"{_name(s, a.figure)}: reveal the object{where}{cost}"
    if isinstance(a, Collect):
        numbers = ", ".join(str(card(c).number) for c in a.cards)
        return f"{_name(s, a.figure)}: collect the crystal (cards {numbers})"
    if isinstance(a, UseTreasure):
        name = treasures()[a.treasure].name
        extra = ""
        if a.to is not None:
            extra = f" on space {a.to}" if "fire_bomb" in a.treasure else f" to space {a.to}"
        elif a.target is not None:
            extra = f" at {_name(s, a.target)}"
        elif a.pulled:
            extra = ": " + ", ".join(_name(s, f) for f in a.pulled)
        elif a.scenario is not None:
            extra = f" on the scenario {a.scenario} minion deck"
        return f"{_name(s, a.figure)}: use the {name}{extra}"
    if isinstance(a, Choose):
        c = s.choice
        if c is None or c.kind == "peek":
            return "Keep the order" if a.option == "keep" else "Swap the two cards"
        if c.kind == "order":
            f = s.figures[a.option]
            counter = f.id.rsplit(".", 1)[1]
            return f"{c.prompt}: {f.name} no. {counter} ({health_left(f.damage, f.health)})"
        return f"{c.prompt}: {_name(s, a.option)}"
    return base.describe(a, s)
