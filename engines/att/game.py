"""Ancient Terrible Things as the registry sees it: engine, pictures, AI seats, and the
decisions put to a player even when they have one answer."""

from __future__ import annotations

from engines.att.ai import AttPolicy, GreedyPolicy
from engines.att.ai.hard import AttHard
from engines.att.engine import AttEngine
from engines.att.menus import AttMenus
from engines.att.render.board import render, render_dice
from engines.att.render.dice import fresh_roll
from engines.att.render.hand import hand_sheet
from engines.att.state import AttState
from engines.core.protocol import View
from engines.registry import GameEntry


def dice_pictures(view: View) -> list[tuple[str, bytes]]:
    """A dice picture accompanies the board when dice were rolled since the last one."""
    if not fresh_roll(view.data):
        return []
    png = render_dice(view)
    return [("dice.png", png)] if png is not None else []


def must_ask(s: AttState, seat: int) -> bool:
    """Whether the decision is put to the player even with one answer (issue 29): in an
    Encounter while the seat holds Feat cards, where "roll" or "end the Encounter" alone
    would tell the table that none of them can be played now (reference §4 Encounter)."""
    return s.phase == "encounter" and bool(s.players[seat].hand)


GAME = GameEntry(
    engine=AttEngine(),
    render=render,
    policies={"ai": AttPolicy, "greedy": GreedyPolicy},
    # Measured against the normal AI (README "The AI seats against the obvious move").
    hard=AttHard,
    extras=dice_pictures,
    menus=AttMenus(),
    hand=hand_sheet,
    must_ask=must_ask,
)
