"""Durations as players type and read them (issue "Async play across days"): ``3d``, ``12h``,
``1d 12h``, ``90 minutes`` in, "1 day 12 hours" out."""

from __future__ import annotations

import re

from bot.tables.updates import BadSettings

MINUTE, HOUR, DAY = 60, 3600, 86400

_UNITS = {"w": 7 * DAY, "d": DAY, "h": HOUR, "m": MINUTE, "s": 1}
_PART = r"(\d+(?:\.\d+)?)\s*(w|weeks?|d|days?|h|hrs?|hours?|m|mins?|minutes?|s|secs?|seconds?)"
_DURATION = re.compile(rf"(?:\s*{_PART}\s*,?)+\s*", re.IGNORECASE)


def parse_duration(text: str) -> int:
    """``"3d"``, ``"12h"``, ``"1d 12h"``, ``"90 minutes"``, ``"30s"`` -> seconds; ``"off"``
    is 0 (for settings where 0 switches a timer off)."""
    if text.strip().lower() in {"off", "0"}:
        return 0
    if not _DURATION.fullmatch(text):
        raise BadSettings(
            f"I could not read `{text}` as a duration. Write it like `3d`, `12h`, `1d12h` or `45m`."
        )
    total = sum(float(n) * _UNITS[unit[0].lower()] for n, unit in re.findall(_PART, text, re.I))
    return round(total)


def format_duration(seconds: float) -> str:
    """Seconds as words a player reads at a glance: "2 days", "1 day 12 hours"."""
    left = round(seconds)
    parts = []
    for name, size in (("day", DAY), ("hour", HOUR), ("minute", MINUTE), ("second", 1)):
        count, left = divmod(left, size)
        if count:
            parts.append(f"{count} {name}{'s' if count != 1 else ''}")
    return " ".join(parts[:2]) or "no time"
