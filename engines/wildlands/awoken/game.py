"""The Awoken as the registry sees it: engine, picture, AI seat and menu hints."""

from __future__ import annotations

from engines.registry import GameEntry
from engines.wildlands.awoken.ai import AwokenAI
from engines.wildlands.awoken.engine import AwokenEngine
from engines.wildlands.awoken.menus import AwokenMenus
from engines.wildlands.awoken.render import render
from engines.wildlands.hand import hand_sheet

GAME = GameEntry(
    engine=AwokenEngine(),
    render=render,
    policies={"ai": AwokenAI},
    menus=AwokenMenus(),
    hand=hand_sheet,
)
