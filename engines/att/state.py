"""The game state of Ancient Terrible Things (reference §1-§5).

One pydantic model holds everything: the table options, the random generator's state, the
board (Locations, decks, Trading Post, Expedition Track), each player's stash and cards, and
the turn in progress. It round-trips through JSON, so a game can be stored, replayed and
re-dealt for AI search. Piles list their cards bottom first: the top card is the last one.

Locations, dice, spent combinations and the last roll are frozen (issue 33): copies of a
state share them (``engines.core.clone``) and the rules replace one that changes
(``engines.core.trusted.replaced``). Piles that change a few times a game (score piles,
Swag, exhausted cards, Terrible Things, Rumours, the track, the boxes, the turn order) are
tuples, shared the same way and replaced when they change; the rest are lists, copied with
every state. tests/att/test_copy.py finds any mutable part a copy shares with its original.
"""

from __future__ import annotations

from functools import cache
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from engines.att.content import DieKind, Token
from engines.att.options import AttOptions

Phase = Literal[
    "choose_character",
    "riverboat",
    "choose_first",
    "explore",
    "location_action",
    "desperation",
    "encounter",
    "trading_post",
    "refresh",
    "over",
]
# Where a pawn stands: on the Riverboat, at the Trading Post, or at a Location (by id).
Pawn = str
RIVERBOAT = "riverboat"
TRADING_POST = "trading_post"


def no_tokens() -> dict[Token, int]:
    return {"focus": 0, "treasure": 0, "feat": 0, "courage": 0}


class Die(BaseModel):
    """One die of the pool. Frozen, so copies of a state share their dice: a die that
    changes is replaced by another, ``die(kind, value, spent)``."""

    model_config = ConfigDict(frozen=True)

    kind: DieKind
    value: int | None = None  # None until the die is first rolled
    spent: bool = False


class SpentCombo(BaseModel):
    model_config = ConfigDict(frozen=True)

    dice: list[int]
    label: str


class DiceState(BaseModel):
    """The Encounter-phase dice pool (reference §5.4, §7). Die indices never change: a
    spent die stays in ``pool`` marked spent."""

    owner: int
    pool: list[Die]
    rolled: bool = False
    spending: bool = False
    rerolls_made: int = 0
    spent: list[SpentCombo] = Field(default_factory=list)
    desperate: bool = False
    # Permanent Swag (Luck in place of Basic) already used for this pool.
    luck_start_used: list[str] = Field(default_factory=list)


class LastRoll(BaseModel):
    model_config = ConfigDict(frozen=True)

    owner: int
    values: list[int | None]
    kinds: list[DieKind]
    label: str


class LocationState(BaseModel):
    """A Location on the board. Frozen, so copies of a state share it: a Location that
    changes is replaced by ``changed(loc, ...)``, with a new ``tokens`` dict, never one
    changed in place (the old dict belongs to earlier states too)."""

    model_config = ConfigDict(frozen=True)

    id: str
    encounter: str | None = None
    tokens: dict[Token, int] = Field(default_factory=no_tokens)


class PlayerState(BaseModel):
    seat: int
    name: str
    character: str = ""  # "" while the seat has yet to choose (set-up, seed §Players)
    tokens: dict[Token, int] = Field(default_factory=no_tokens)
    hand: list[str] = Field(default_factory=list)
    score_pile: tuple[str, ...] = ()
    swag: tuple[str, ...] = ()
    exhausted: tuple[str, ...] = ()
    terrible_things: tuple[int, ...] = ()
    rerolls_left: int = 2
    pawn: Pawn = RIVERBOAT


class TurnState(BaseModel):
    """What the active player has done this turn."""

    slot: int | None = None  # index 0..5 of the Location the pawn moved to
    overcome: bool = False
    location_actions_used: int = 0
    free_replacements_left: int = 0
    buying_started: bool = False
    paid_refreshes: int = 0


class Result(BaseModel):
    winners: list[int]
    scores: dict[str, int]
    summary: str


class AttState(BaseModel):
    options: AttOptions
    rng: int
    players: list[PlayerState]
    round: int = 1
    phase: Phase = "choose_first"
    active: int | None = None
    turn_order: tuple[int, ...] = ()
    turns_taken: int = 0
    map_holder: int = 0
    locations: list[LocationState]
    encounter_deck: list[str]
    encounter_box: tuple[str, ...]
    rumours: tuple[str, ...] = ()
    track: tuple[int, ...]  # bottom (next taken) first
    track_size: int
    tt_box: tuple[int, ...]
    feat_deck: list[str]
    feat_discard: list[str] = Field(default_factory=list)
    swag_deck: list[str]
    swag_slots: list[str | None]
    old_stock: list[str] = Field(default_factory=list)
    supply: dict[Token, int] | None = None  # None: unlimited supply
    achievements: dict[str, int | None]
    dice: DiceState | None = None
    last_roll: LastRoll | None = None
    turn: TurnState | None = None
    result: Result | None = None

    def player(self, seat: int) -> PlayerState:
        return self.players[seat]

    def name(self, seat: int) -> str:
        return self.players[seat].name

    def current_location(self) -> LocationState | None:
        if self.turn is None or self.turn.slot is None:
            return None
        return self.locations[self.turn.slot]


@cache
def die(kind: DieKind, value: int | None = None, spent: bool = False) -> Die:
    """The one shared die of this kind, face and state (at most 56 of them), with the fields
    set that the rules set: rolled dice have a value, spent ones are marked."""
    if value is None:
        return Die(kind=kind)
    return Die(kind=kind, value=value, spent=True) if spent else Die(kind=kind, value=value)
