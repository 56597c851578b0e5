"""Menu hints for Wildlands (engines.core.menus), from §6 of the reference.

- A rally is a choice of characters: one multi-select of the characters the actor may pull,
  not one entry per subset.
- A claim is a choice of three cards: one multi-select per claimer and shard, not one entry
  per triple of cards.
"""

from __future__ import annotations

from typing import Any

from engines.core.menus import PickSet, QuickPrompt
from engines.wildlands.actions import Claim, Rally
from engines.wildlands.cards import card_label
from engines.wildlands.state import State


class WildlandsMenus:
    def pick_set(self, action: Any, state: State) -> PickSet | None:
        if isinstance(action, Rally):
            actor = state.figures[action.figure]
            menu = f"{actor.name} rallies ({card_label(action.card)}): pick who comes"
            items = tuple((fid, state.figures[fid].name) for fid in action.pulled)
            return PickSet(menu, items)
        if isinstance(action, Claim):
            claimer = state.figures[action.figure]
            shard = next(sh for sh in state.shards if sh.id == action.shard)
            menu = f"{claimer.name} claims the shard in space {shard.space}: pick 3 cards"
            return PickSet(menu, tuple((c, card_label(c)) for c in action.cards))
        return None

    def same(self, action: Any, state: State) -> str | None:
        return None


def interrupt_window(state: State) -> QuickPrompt | None:
    """An interrupt window is a short timed prompt at the table (§8.1 "Timeouts": a host's
    timeout counts as a pass); defences and other choices follow the table's deadlines."""
    pending = state.pending
    if pending is None or pending.kind != "window":
        return None
    return QuickPrompt("the interrupt window", fresh=not pending.answers)
