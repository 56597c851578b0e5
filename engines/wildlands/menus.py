"""Menu hints for Wildlands (engines.core.menus), from §6 of the reference.

- A rally is a choice of characters: one multi-select of the characters the actor may pull,
  not one entry per subset.
- A claim is a choice of three cards: one multi-select per claimer and shard, not one entry
  per triple of cards.
- A card play is a path: the card from the hand, then the character and action, then the
  target or space, so a turn of dozens of moves is three short menus (issue: Discord turn).
- Two cards with the same face (faction, portraits and icons) are interchangeable: the same
  move made with either leads to the same game, so it is listed once (issue 18).
"""

from __future__ import annotations

from typing import Any

from engines.core.menus import Path, PickSet, QuickPrompt
from engines.wildlands.actions import (
    Area,
    Attack,
    Claim,
    Climb,
    Defend,
    DrawCards,
    Interrupt,
    Move,
    Rally,
)
from engines.wildlands.cards import ICON_LABELS, card, card_label
from engines.wildlands.hints import card_note
from engines.wildlands.hints import hint as move_hint
from engines.wildlands.state import State

PLAY_A_CARD = "Play a card"


class WildlandsMenus:
    def pick_set(self, action: Any, state: State) -> PickSet | None:
        if isinstance(action, Rally):
            actor = state.figures[action.figure]
            menu = f"{actor.name} rallies with {card_label(action.card)}: pick who comes"
            items = tuple((fid, state.figures[fid].name) for fid in action.pulled)
            return PickSet(menu, items)
        if isinstance(action, Claim):
            claimer = state.figures[action.figure]
            shard = next(sh for sh in state.shards if sh.id == action.shard)
            menu = f"{claimer.name} claims the shard in space {shard.space}: pick 3 cards"
            return PickSet(menu, tuple((c, card_label(c)) for c in action.cards))
        return None

    def same(self, action: Any, state: State) -> str | None:
        played = Move | Climb | Attack | Area | DrawCards | Rally | Interrupt | Defend
        if not isinstance(action, played) or action.card is None:
            return None
        c = card(action.card)
        rest = sorted(action.model_dump(exclude={"card"}).items())
        return f"{c.faction}:{c.characters}:{c.icons}:{rest}"

    def path(self, action: Any, state: State) -> Path | None:
        if not isinstance(action, Move | Climb | Attack | Area | DrawCards):
            return None  # defences, interrupts, rallies and claims have their own menus
        label = card_label(action.card).capitalize()
        notes = (card_note(action.card),)
        if isinstance(action, DrawCards):
            steps: tuple[str, ...] = (label, f"Draw {state.options.draw_icon_amount} cards")
            return Path(PLAY_A_CARD, steps, notes)
        name = state.figures[action.figure].name
        if isinstance(action, Move | Climb):
            verb = "move" if isinstance(action, Move) else "climb"
            return Path(PLAY_A_CARD, (label, f"{name}: {verb}", f"To space {action.to}"), notes)
        if isinstance(action, Attack):
            target = state.figures[action.target]
            where = f" in space {target.space}" if target.space is not None else ""
            step = f"{name}: {ICON_LABELS[action.style]} attack"
            return Path(PLAY_A_CARD, (label, step, f"{target.name}{where}"), notes)
        if isinstance(action, Area):
            steps = (label, f"{name}: area attack", f"Space {action.space}")
            return Path(PLAY_A_CARD, steps, notes)
        return None

    def hint(self, action: Any, state: State) -> str | None:
        return move_hint(action, state)


def interrupt_window(state: State) -> QuickPrompt | None:
    """An interrupt window is a short timed prompt at the table (§8.1 "Timeouts": a host's
    timeout counts as a pass); defences and other choices follow the table's deadlines."""
    pending = state.pending
    if pending is None or pending.kind != "window":
        return None
    return QuickPrompt("the interrupt window", fresh=not pending.answers)
