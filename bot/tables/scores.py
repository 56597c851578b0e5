"""Scores as a public view shows them (``/game status``, the story of a game): every game
keeps them in its view's data under the same few names, a seat list ``players`` or ``seats``
whose entries carry ``score``, ``points``, ``vp`` or ``fame``, so a new game shows them
without a change here."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

SCORE_KEYS = ("score", "points", "vp", "fame")


def score_key(data: Mapping[str, Any]) -> str | None:
    """Which of ``SCORE_KEYS`` the view's seats carry their score under, if any."""
    return next((key for _, key, _ in _score_entries(data)), None)


def view_scores(data: Mapping[str, Any]) -> dict[int, float]:
    """Each seat's score as the public view shows it (none for a game without scores)."""
    return {seat: value for seat, _, value in _score_entries(data)}


def _score_entries(data: Mapping[str, Any]) -> list[tuple[int, str, float]]:
    found: list[tuple[int, str, float]] = []
    for key in ("players", "seats"):
        entries = data.get(key)
        if not isinstance(entries, list):
            continue
        for i, entry in enumerate(entries):
            if not isinstance(entry, Mapping):
                continue
            seat = entry.get("seat", i)
            for name in SCORE_KEYS:
                value = entry.get(name)
                if isinstance(value, int | float) and not isinstance(value, bool):
                    found.append((int(seat), name, value))
                    break
    return found
