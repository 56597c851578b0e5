"""Northgard content as validated data (northgard.md §14): tiles, cards, clans, buildings,
creatures and achievements, loaded once from assets/northgard/*.toml."""

from __future__ import annotations

from functools import cache
from typing import Literal

from pydantic import Field

from engines.core.content import Record, load_records

# Template geometry (§14.9): the segment ring indices each piece owns, and the border pairs
# in the order a tile record lists its border kinds.
TEMPLATES: dict[str, dict[str, tuple[int, ...]]] = {
    "O": {"a": (0, 1, 2, 3, 4, 5, 6, 7)},
    "C": {"a": (1, 2), "b": (3, 4, 5, 6, 7, 0)},
    "H": {"a": (7, 0, 1, 2), "b": (3, 4, 5, 6)},
    "D": {"a": (1, 2), "b": (5, 6), "c": (7, 0, 3, 4)},
    "Y": {"a": (7, 0, 1, 2), "b": (3, 4), "c": (5, 6)},
    "X": {"a": (1, 2), "b": (3, 4), "c": (5, 6), "d": (7, 0)},
}
TEMPLATE_BORDERS: dict[str, tuple[tuple[str, str], ...]] = {
    "O": (),
    "C": (("a", "b"),),
    "H": (("a", "b"),),
    "D": (("a", "c"), ("c", "b")),
    "Y": (("a", "b"), ("b", "c"), ("c", "a")),
    "X": (("a", "b"), ("b", "c"), ("c", "d"), ("d", "a")),
}


class Piece(Record):
    """One piece's printed contents."""

    food: int = 0
    wood: int = 0
    lore: int = 0
    small: int = 0
    large: int = 0
    lairs: int = 0
    features: tuple[str, ...] = ()


class Tile(Record):
    id: str
    name: str = ""
    template: Literal["O", "C", "H", "D", "Y", "X"]
    borders: tuple[Literal["-", "~", "#"], ...]
    pieces: dict[str, str]
    features: dict[str, tuple[str, ...]] = Field(default_factory=dict)
    env_type: str = ""
    edge_borders: bool = False

    def piece(self, letter: str) -> Piece:
        code = self.pieces[letter]
        return Piece(
            food=code.count("F"),
            wood=code.count("W"),
            lore=code.count("R"),
            small=code.count("s"),
            large=code.count("g"),
            lairs=code.count("P"),
            features=self.features.get(letter, ()),
            source=self.source,
        )


class Card(Record):
    id: str
    name: str
    kind: Literal["starting", "clan_initial", "clan_upgrade", "early", "advanced", "unrest"]
    copies: int = 1
    lightning: bool = False
    effects: tuple[str, ...]


class Achievement(Record):
    id: str
    name: str
    scoring: Literal[
        "per_territory",
        "per_large_building_x2",
        "per_2_units",
        "per_3_resources",
        "per_creature_x2",
        "per_closed_x2",
        "per_dev_card",
    ]


class Clan(Record):
    id: str
    name: str
    ability_id: str
    ability_text: str
    initial_card: str
    upgrade_cards: tuple[str, str]
    tokens: tuple[str, ...] = ()


class Building(Record):
    id: str
    name: str
    size: Literal["S", "L"]
    cost_wood: int
    points: int
    effect: str
    tokens: int = 7


class Creature(Record):
    id: str
    name: str
    copies: int
    strength: int
    shares: bool
    reward: int
    power: str = ""
    in_pile: bool = True
    module: str


class Content:
    """Every record, indexed by id."""

    def __init__(self) -> None:
        tiles = load_records("northgard/tiles.toml", "tile", Tile)
        self.tiles = {t.id: t for t in tiles}
        for t in tiles:
            if set(t.pieces) != set(TEMPLATES[t.template]):
                raise ValueError(f"tile {t.id}: pieces do not match template {t.template}")
            if len(t.borders) != len(TEMPLATE_BORDERS[t.template]):
                raise ValueError(f"tile {t.id}: wrong number of borders")
        self.cards = {c.id: c for c in load_records("northgard/cards.toml", "card", Card)}
        self.achievements = {
            a.id: a for a in load_records("northgard/cards.toml", "achievement", Achievement)
        }
        self.clans = {c.id: c for c in load_records("northgard/clans.toml", "clan", Clan)}
        self.buildings = {
            b.id: b for b in load_records("northgard/clans.toml", "building", Building)
        }
        self.creatures = {
            c.id: c for c in load_records("northgard/clans.toml", "creature", Creature)
        }
        self.pieces = {(t.id, letter): t.piece(letter) for t in tiles for letter in t.pieces}

    def card_of(self, instance: str) -> Card:
        """Card instance ids are `<card id>.<copy>` (`ST1.2`: seat 2's Scout's Horn)."""
        return self.cards[instance.split(".", 1)[0]]

    def creature_of(self, instance: str) -> Creature:
        return self.creatures[instance.split(".", 1)[0]]


@cache
def content() -> Content:
    return Content()
