"""Ancient Terrible Things as the registry sees it: engine, pictures and AI seats."""

from __future__ import annotations

from engines.att.ai import AttPolicy, GreedyPolicy
from engines.att.engine import AttEngine
from engines.att.menus import AttMenus
from engines.att.render.board import render, render_dice
from engines.att.render.dice import fresh_roll
from engines.att.render.hand import hand_sheet
from engines.core.protocol import View
from engines.registry import GameEntry


def dice_pictures(view: View) -> list[tuple[str, bytes]]:
    """A dice picture accompanies the board when dice were rolled since the last one."""
    if not fresh_roll(view.data):
        return []
    png = render_dice(view)
    return [("dice.png", png)] if png is not None else []


GAME = GameEntry(
    engine=AttEngine(),
    render=render,
    policies={"ai": AttPolicy, "greedy": GreedyPolicy},
    extras=dice_pictures,
    menus=AttMenus(),
    hand=hand_sheet,
)
