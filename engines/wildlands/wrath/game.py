"""Wrath of the Ancients as the registry sees it: engine, picture, AI seat and menu hints."""

from __future__ import annotations

from engines.registry import GameEntry
from engines.wildlands.hand import hand_sheet
from engines.wildlands.menus import interrupt_window
from engines.wildlands.wrath.ai import SidesAI
from engines.wildlands.wrath.engine import WrathEngine
from engines.wildlands.wrath.menus import WrathMenus
from engines.wildlands.wrath.render import render

GAME = GameEntry(
    engine=WrathEngine(),
    render=render,
    policies={"ai": SidesAI},
    menus=WrathMenus(),
    quick_prompt=interrupt_window,
    hand=hand_sheet,
)
