"""Where the clearings of each Root map lie on the picture (root.md §17 "Maps")."""

from __future__ import annotations

from typing import Any

from engines.root.render.style import MAP_H, W

# Clearing positions on the map area, as fractions of its width and height.
POSITIONS: dict[str, dict[int, tuple[float, float]]] = {
    "wastelands": {
        1: (0.08, 0.11),
        5: (0.5, 0.09),
        2: (0.92, 0.11),
        6: (0.9, 0.4),
        7: (0.83, 0.68),
        3: (0.93, 0.9),
        8: (0.5, 0.9),
        4: (0.08, 0.9),
        9: (0.1, 0.5),
        10: (0.5, 0.36),
        11: (0.63, 0.62),
        12: (0.37, 0.62),
    },
    "autumn": {
        1: (0.08, 0.11),
        5: (0.5, 0.09),
        2: (0.92, 0.11),
        10: (0.42, 0.34),
        6: (0.9, 0.5),
        9: (0.1, 0.5),
        12: (0.36, 0.64),
        11: (0.68, 0.6),
        4: (0.08, 0.9),
        8: (0.33, 0.9),
        7: (0.62, 0.9),
        3: (0.92, 0.9),
    },
}
RIVERS = {"wastelands": [(5, 10), (10, 8)], "autumn": []}
R = 74


def clearing_xy(data: dict[str, Any], cid: int) -> tuple[float, float]:
    """Where clearing ``cid`` lies on the map layer (its top edge is y = 0)."""
    fx, fy = POSITIONS[data["map"]][cid]
    return 90 + fx * (W - 180), 70 + fy * (MAP_H - 190)
