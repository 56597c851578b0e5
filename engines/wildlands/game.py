"""Wildlands as the registry sees it: engine, picture, AI seat and menu hints."""

from __future__ import annotations

from engines.registry import GameEntry
from engines.wildlands.ai import WildlandsAI
from engines.wildlands.engine import WildlandsEngine
from engines.wildlands.hand import hand_sheet
from engines.wildlands.menus import WildlandsMenus, interrupt_window
from engines.wildlands.render import render

GAME = GameEntry(
    engine=WildlandsEngine(),
    render=render,
    policies={"ai": WildlandsAI},
    menus=WildlandsMenus(),
    quick_prompt=interrupt_window,
    hand=hand_sheet,
)
