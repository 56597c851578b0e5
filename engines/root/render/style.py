"""Colours, letters and sizes of the Root picture (root.md §17): every faction has a colour
and a letter (M, E, A, V) so colour is never the only cue."""

from __future__ import annotations

from engines.core.render_kit import PALETTE

RGB = tuple[int, int, int]
W = 1400
MAP_H = 860
TRACK_H = 120
PANEL_H = 300
FACTION_COLOUR: dict[str, RGB] = {
    "marquise": PALETTE["orange"],
    "eyrie": PALETTE["blue"],
    "alliance": PALETTE["green"],
    "vagabond": PALETTE["purple"],
}
LETTER = {"marquise": "M", "eyrie": "E", "alliance": "A", "vagabond": "V"}
NAMES = {
    "marquise": "Marquise de Cat",
    "eyrie": "Eyrie Dynasties",
    "alliance": "Woodland Alliance",
    "vagabond": "Vagabond",
}
SUIT_FILL: dict[str, RGB] = {
    "fox": (244, 190, 170),
    "rabbit": (246, 232, 160),
    "mouse": (240, 205, 150),
}
SHORT = {
    "sawmill": "Saw",
    "workshop": "Wk",
    "recruiter": "Rec",
    "roost": "Ro",
    "base_fox": "B",
    "base_rabbit": "B",
    "base_mouse": "B",
    "ruin": "ruin",
}
TOKEN_SHORT = {"wood": "wd", "keep": "K", "sympathy": "Sy"}
BARREN = (150, 95, 40)
OPENED = (0, 140, 90)
RIVER = (80, 150, 220)
FOREST = (200, 225, 195)
