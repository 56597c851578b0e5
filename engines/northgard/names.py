"""Names a player reads for the map (northgard.md §2; issue 29 "names, not ids"): every tile
has a name (an Environment tile its printed one, a plain tile a place name of its own), and
a territory is named after the tile of its first piece and where that piece lies in the
tile: "Ashdale north-east", "Great Lake west", or the tile's name alone for a one-piece tile.
The picture labels each territory with the same words.

A territory's id (its first piece, "3b") stays the rules' and the moves' key, so recorded
games replay; only the words change.
"""

from __future__ import annotations

import math
from functools import cache

from engines.northgard.content import TEMPLATES, content

# A name for each plain tile, and for the second copy of an Environment tile whose printed
# name it shares with the first (two Geysers, two Ruins, two High Peaks).
PLACE_NAMES = {
    "T00": "Kingshold",
    "M01": "Ashdale",
    "M02": "Birchwood",
    "M03": "Coldbrook",
    "M04": "Deepmoor",
    "M05": "Elkhorn",
    "M06": "Fernhill",
    "M07": "Frostmere",
    "M08": "Greyholm",
    "M09": "Hawkridge",
    "M10": "Ironwood",
    "M11": "Juniper",
    "M12": "Kettleby",
    "M13": "Longmarsh",
    "M14": "Mistfell",
    "M15": "Oakhurst",
    "M16": "Pinegate",
    "M17": "Ravenscar",
    "M18": "Saltmarsh",
    "M19": "Stonebridge",
    "M20": "Thornfield",
    "M21": "Ulfheim",
    "M22": "Vargby",
    "M23": "Wolfden",
    "M24": "Yewdale",
    "M25": "Amberlund",
    "M26": "Bjornvik",
    "M27": "Cairnfell",
    "M28": "Dunmoor",
    "M29": "Eikland",
    "M30": "Fjallby",
    "M31": "Gullmere",
    "M32": "Heathby",
    "M33": "Isfjord",
    "M34": "Jarlsby",
    "E03": "Hot Geyser",
    "E05": "Old Ruins",
    "E09": "Twin Peaks",
}

# Segment midpoints on the unit tile, ring order N0 N1 E0 E1 S0 S1 W0 W1 (geometry.py).
_MIDPOINTS = (
    (0.25, 0),
    (0.75, 0),
    (1, 0.25),
    (1, 0.75),
    (0.75, 1),
    (0.25, 1),
    (0, 0.75),
    (0, 0.25),
)
_COMPASS = (
    "east",
    "south-east",
    "south",
    "south-west",
    "west",
    "north-west",
    "north",
    "north-east",
)
COMPASS_WORDS = frozenset((*_COMPASS, "middle"))


def tile_name(tile_id: str) -> str:
    """The tile's name: its own, or its printed Environment name."""
    return PLACE_NAMES.get(tile_id) or content().tiles[tile_id].name or tile_id


def part(template: str, letter: str, rot: int) -> str:
    """Where a piece lies in its tile turned ``rot`` quarter turns: a compass word, or
    "middle" for the band across a tile."""
    segs = [(i + 2 * rot) % 8 for i in TEMPLATES[template][letter]]
    x = sum(_MIDPOINTS[k][0] for k in segs) / len(segs) - 0.5
    y = sum(_MIDPOINTS[k][1] for k in segs) / len(segs) - 0.5
    if abs(x) < 0.01 and abs(y) < 0.01:
        return "middle"
    # y grows downwards: angle 0 is east, a quarter turn clockwise is south.
    return _COMPASS[round(math.atan2(y, x) / (math.pi / 4)) % 8]


@cache
def piece_name(tile_id: str, rot: int, letter: str) -> str:
    """The name of piece ``letter`` of a tile placed turned ``rot``: the same words every
    time, so made once (issue 33)."""
    template = content().tiles[tile_id].template
    if len(TEMPLATES[template]) == 1:
        return tile_name(tile_id)
    return f"{tile_name(tile_id)} {part(template, letter, rot)}"


def feature_words(feature: str) -> str:
    """An Environment feature in words: 'geyser', 'ruins: 1 lore and 2 fame a Harvest'."""
    kind, *args = feature.split(":")
    if kind == "ruins" and len(args) == 2:
        return f"ruins: {args[0]} lore and {args[1]} fame a Harvest"
    return kind.replace("_", " ")
