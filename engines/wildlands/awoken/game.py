"""The Awoken as the registry sees it: engine, picture, AI seat, menu hints, and the
Ancients as the opponent the players are rated against together (issue 31)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.registry import GameEntry
from engines.wildlands.awoken.ai import AwokenAI
from engines.wildlands.awoken.engine import AwokenEngine
from engines.wildlands.awoken.menus import AwokenMenus
from engines.wildlands.awoken.render import render
from engines.wildlands.hand import hand_sheet


def the_ancients(options: Mapping[str, Any]) -> tuple[str, str]:
    """The Ancients at the table's difficulty, as a rated participant."""
    difficulty = str(options.get("difficulty", "normal"))
    return f"ancients:{difficulty}", f"the Ancients ({difficulty})"


GAME = GameEntry(
    engine=AwokenEngine(),
    render=render,
    policies={"ai": AwokenAI},
    menus=AwokenMenus(),
    hand=hand_sheet,
    opponent=the_ancients,
)
