"""Colours, letters and sizes of the Root picture (issue 13 "Pictures"): every faction has a
colour and a letter (M, E, A, V) so colour is never the only cue. Every fill is kept exactly in
one fixed palette, so each part of the picture is drawn once per content and pasted as palette
indices afterwards (issue 20)."""

from __future__ import annotations

from engines.core.render_kit import (
    INK,
    MUTED,
    PALETTE,
    PAPER,
    TITLE_BG,
    TITLE_FG,
    Sections,
)
from engines.root.state import FACTION_NAMES

RGB = tuple[int, int, int]
# Drawn 1100 px wide, shown about 550 px wide inline (issue 35): everything a player reads is
# set at READ or larger, which reads 9 px tall there; notes at NOTE.
W = 1100
READ = 24
NOTE = 22
LINE = 32
FACTION_COLOUR: dict[str, RGB] = {
    "marquise": PALETTE["orange"],
    "eyrie": PALETTE["blue"],
    "alliance": PALETTE["green"],
    "vagabond": PALETTE["purple"],
}
LETTER = {"marquise": "M", "eyrie": "E", "alliance": "A", "vagabond": "V"}
NAMES = FACTION_NAMES
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
PATH_GREY = (110, 110, 110)
FOREST_INK = (40, 110, 50)
RUIN_FILL = (170, 170, 170)
WHITE = (255, 255, 255)
PANEL_FILL = (252, 250, 245)
EXHAUSTED_FILL = (200, 200, 200)
DAMAGED_FILL = (235, 160, 150)
# Forests are FOREST at alpha 150 over the paper: this is the tint they leave.
FOREST_TINT = (219, 232, 210)
COLOURS: tuple[RGB, ...] = (
    PAPER,
    WHITE,
    INK,
    MUTED,
    TITLE_BG,
    *FACTION_COLOUR.values(),
    *SUIT_FILL.values(),
    BARREN,
    OPENED,
    RIVER,
    FOREST_TINT,
    PATH_GREY,
    RUIN_FILL,
    PANEL_FILL,
    EXHAUSTED_FILL,
    DAMAGED_FILL,
)
INKS: tuple[RGB, ...] = (INK, MUTED, WHITE, TITLE_FG, FOREST_INK)
# A board's sections weigh about 1.1 MB besides the map's ground (1.2 MB, shared by the tables
# on the same map with the same trails opened): this keeps the last boards of some forty tables.
SECTIONS = Sections(COLOURS, INKS, 48 << 20)
