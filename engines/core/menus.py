"""Hints that shape a game's decisions into compact menus (used by the Discord panel).

Some decisions are a choice of a *subset* ("which dice to re-roll", "which characters to
rally"): the engine lists every subset as its own action, which is right for the rules and
for AI search but too long for a menu. A ``PickSet`` says "this action means ticking exactly
these items", so the panel can offer one multi-select instead. ``same`` gives actions that
lead to identical outcomes one key, so a menu shows each such move once. A ``Path`` splits a
move into steps a player takes one at a time (card, then character and action, then target),
so a turn with dozens of moves is a few short menus. A ``QuickPrompt``
marks a decision the table answers against a short timer (an interrupt window), as opposed
to the table's everyday deadlines. A ``hint`` says in one line what a move or its card does,
shown under the move in a menu (Discord allows 100 characters).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol


@dataclass(frozen=True)
class PickSet:
    """The items an action picks: ``menu`` heads the multi-select; ``items`` are
    (value, label) pairs, e.g. ("2", "Die 2: basic 5")."""

    menu: str
    items: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Path:
    """The steps that lead to an action, e.g. ("Card 6: climb", "Elsie: move", "Space 5");
    ``heading`` titles the first menu ("Play a card"). ``notes`` says what a step means, under
    it in the menu (the card's text under "Card 6: climb"); a step without a note shows the
    move's ``hint`` when it is the last."""

    heading: str
    steps: tuple[str, ...]
    notes: tuple[str | None, ...] = ()


class MenuHints(Protocol):
    def pick_set(self, action: Any, state: Any) -> PickSet | None: ...

    def same(self, action: Any, state: Any) -> str | None: ...

    def path(self, action: Any, state: Any) -> Path | None: ...

    def hint(self, action: Any, state: Any) -> str | None: ...


@dataclass(frozen=True)
class QuickPrompt:
    """The current decision is a quick, timed prompt. ``fresh`` is True when it has just
    opened (nobody answered yet), so its timer starts now and later answers do not restart
    it; ``label`` names it for players ("the interrupt window")."""

    label: str
    fresh: bool
