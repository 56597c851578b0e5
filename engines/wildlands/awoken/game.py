"""The Awoken as the registry sees it: engine, picture, AI seat, menu hints, the Ancients as
the opponent the players are rated against together (issue 31), and the decisions put to a
player even when they have one answer."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.registry import GameEntry
from engines.wildlands.awoken.ai import AwokenAI
from engines.wildlands.awoken.engine import AwokenEngine
from engines.wildlands.awoken.menus import AwokenMenus
from engines.wildlands.awoken.render import render
from engines.wildlands.awoken.state import AwokenState
from engines.wildlands.game import REACTIONS
from engines.wildlands.hand import hand_sheet


def the_ancients(options: Mapping[str, Any]) -> tuple[str, str]:
    """The Ancients at the table's difficulty, as a rated participant."""
    difficulty = str(options.get("difficulty", "normal"))
    return f"ancients:{difficulty}", f"the Ancients ({difficulty})"


def must_ask(s: AwokenState, seat: int) -> bool:
    """Whether the decision is put to the player even with one answer (issue 29): a
    reaction (a window, a defence: answered with the hand), the Seeing Stone's keep or swap
    of two minion cards only its holder saw, and a turn while the seat holds cards, where
    "end turn" or "done" alone would tell the table that none of them can be played. A
    push, a belt and the other choices of §10.11 are decided on the open board."""
    if s.pending is not None:
        return s.pending.kind in REACTIONS
    if s.choice is not None:
        return s.choice.kind == "peek"
    return bool(s.seats[seat].hand)


GAME = GameEntry(
    engine=AwokenEngine(),
    render=render,
    policies={"ai": AwokenAI},
    menus=AwokenMenus(),
    hand=hand_sheet,
    opponent=the_ancients,
    must_ask=must_ask,
)
