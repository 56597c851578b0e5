"""War for the Crystals as the registry sees it: engine, picture, AI seat and menu hints."""

from __future__ import annotations

from engines.registry import GameEntry
from engines.wildlands.hand import hand_sheet
from engines.wildlands.menus import interrupt_window
from engines.wildlands.war.engine import WarEngine
from engines.wildlands.war.menus import WarMenus
from engines.wildlands.wrath.ai import SidesAI
from engines.wildlands.wrath.render import render

GAME = GameEntry(
    engine=WarEngine(),
    render=render,
    policies={"ai": SidesAI},
    menus=WarMenus(),
    quick_prompt=interrupt_window,
    hand=hand_sheet,
)
