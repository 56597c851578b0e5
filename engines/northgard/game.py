"""Northgard as the registry sees it: engine, picture and AI seat."""

from __future__ import annotations

from engines.northgard.ai import NorthgardAI, greedy_gain
from engines.northgard.engine import NorthgardEngine
from engines.northgard.hand import hand_sheet
from engines.northgard.menus import NorthgardMenus
from engines.northgard.render import render
from engines.registry import GameEntry

GAME = GameEntry(
    engine=NorthgardEngine(),
    render=render,
    policies={"ai": NorthgardAI},
    menus=NorthgardMenus(),
    hand=hand_sheet,
    gain=greedy_gain,
)
