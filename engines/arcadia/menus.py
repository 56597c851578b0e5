"""Menu hints for Arcadia: the post-roll modifier window and the waylay window are quick
timed prompts (like Wildlands' interrupts); a timeout passes or declines."""

from __future__ import annotations

from engines.arcadia.state import ArcadiaState
from engines.core.menus import QuickPrompt


def modifier_window(s: ArcadiaState) -> QuickPrompt | None:
    if s.contest is not None:
        c = s.contest
        return QuickPrompt(label="the modifier window", fresh=c.answers == 0)
    if s.day is not None and s.day.stage == "window":
        return QuickPrompt(label="the waylay window", fresh=True)
    return None
