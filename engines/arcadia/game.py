"""Arcadia as the registry sees it: engine, pictures, AI seat and quick prompts."""

from __future__ import annotations

from engines.arcadia.ai import ArcadiaAI, greedy_gain
from engines.arcadia.engine import ArcadiaEngine
from engines.arcadia.hand import hand_sheet
from engines.arcadia.keeper import ChronicleKeeper
from engines.arcadia.menus import ArcadiaMenus, modifier_window
from engines.arcadia.render import extras, render
from engines.registry import GameEntry

GAME = GameEntry(
    engine=ArcadiaEngine(),
    render=render,
    policies={"ai": ArcadiaAI},
    extras=extras,
    menus=ArcadiaMenus(),
    quick_prompt=modifier_window,
    hand=hand_sheet,
    records=ChronicleKeeper(),
    gain=greedy_gain,
)
