"""The shared deck (root.md §11) and both maps (§17) as validated data."""

from __future__ import annotations

from functools import cache
from typing import Literal

from pydantic import BaseModel, ConfigDict

from engines.core.content import Record, load_records, read_toml

Suit = Literal["fox", "rabbit", "mouse", "bird"]
COST_SUIT = {"F": "fox", "R": "rabbit", "M": "mouse", "?": "any"}


class CardRecord(Record):
    key: str
    suit: Suit
    name: str
    count: int
    cost: str
    type: Literal["ambush", "dominance", "persistent", "immediate", "item"]
    item: str
    vp: int
    effect: str


class ClearingRecord(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    id: int
    name: str
    suit: Literal["fox", "rabbit", "mouse"]
    slots: int
    ruin: bool
    corner: bool
    city: bool


class MapRecord(Record):
    id: str
    opposite_corners: list[list[int]]
    paths: list[tuple[int, int, Literal["normal", "barren"]]]
    rivers: list[tuple[int, int]]
    forest_adjacency: list[list[str]]
    forests: dict[str, list[int]]
    clearings: list[ClearingRecord]


@cache
def card_records() -> dict[str, CardRecord]:
    return {c.key: c for c in load_records("root/deck.toml", "card", CardRecord)}


@cache
def deck_ids() -> tuple[str, ...]:
    """Every physical card: ``<key>.<copy>``, e.g. ``armorers.2``."""
    return tuple(f"{c.key}.{i + 1}" for c in card_records().values() for i in range(c.count))


@cache
def card(cid: str) -> CardRecord:
    """The record of a physical card (``armorers.2``): looked up once per card id, as the
    rules ask for suits and kinds many times a listing (issue 33)."""
    return card_records()[cid.split(".")[0]]


@cache
def load_map(name: str) -> MapRecord:
    return MapRecord.model_validate(read_toml("root/maps.toml")[name])


class CharacterRecord(Record):
    key: str
    name: str
    items: list[str]
    special: str


class QuestRecord(Record):
    key: str
    name: str
    suits: list[Suit]
    items: list[str]


@cache
def characters() -> dict[str, CharacterRecord]:
    return {c.key: c for c in load_records("root/vagabond.toml", "character", CharacterRecord)}


@cache
def quests() -> dict[str, QuestRecord]:
    return {q.key: q for q in load_records("root/vagabond.toml", "quest", QuestRecord)}


@cache
def quest_ids() -> tuple[str, ...]:
    """Every quest card: ``<key>.<suit>``."""
    return tuple(f"{q.key}.{su}" for q in quests().values() for su in q.suits)
