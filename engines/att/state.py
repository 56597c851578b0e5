"""The game state of Ancient Terrible Things (reference §1-§5).

One pydantic model holds everything: the table options, the random generator's state, the
board (Locations, decks, Trading Post, Expedition Track), each player's stash and cards, and
the turn in progress. It round-trips through JSON, so a game can be stored, replayed and
re-dealt for AI search. Piles list their cards bottom first: the top card is the last one.

``copy_state`` copies a state by hand for ``apply`` and AI search (issue 33): it knows which
fields hold lists, dicts and models, so it skips the generic copier's per-field dispatch,
and the frozen models (Locations, dice, spent combinations, the last roll) are shared. A
field added to a model here must be added to its copy function below too
(tests/att/test_copy.py finds any mutable part a copy shares with its original).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Any, Literal, TypeVar

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
    score_pile: list[str] = Field(default_factory=list)
    swag: list[str] = Field(default_factory=list)
    exhausted: list[str] = Field(default_factory=list)
    terrible_things: list[int] = Field(default_factory=list)
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
    turn_order: list[int] = Field(default_factory=list)
    turns_taken: int = 0
    map_holder: int = 0
    locations: list[LocationState]
    encounter_deck: list[str]
    encounter_box: list[str]
    rumours: list[str] = Field(default_factory=list)
    track: list[int]  # bottom (next taken) first
    track_size: int
    tt_box: list[int]
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


M = TypeVar("M", bound=BaseModel)
_set = object.__setattr__


def _model(cls: type[M], fields: dict[str, Any], fields_set: Iterable[str]) -> M:
    """A model of ``cls`` holding ``fields`` as they are (no validation), with these set
    fields: what pydantic's own copy sets. None of these models has private attributes or
    extras."""
    new = cls.__new__(cls)
    _set(new, "__dict__", fields)
    _set(new, "__pydantic_fields_set__", set(fields_set))
    _set(new, "__pydantic_extra__", None)
    _set(new, "__pydantic_private__", None)
    return new


@cache
def die(kind: DieKind, value: int | None = None, spent: bool = False) -> Die:
    """The one shared die of this kind, face and state (at most 56 of them), with the fields
    set that the rules set: rolled dice have a value, spent ones are marked."""
    if value is None:
        return Die(kind=kind)
    return Die(kind=kind, value=value, spent=True) if spent else Die(kind=kind, value=value)


def trusted(cls: type[M], **fields: Any) -> M:
    """A model of ``cls`` from values the rules made (every field given), not validated."""
    return _model(cls, fields, fields.keys())


def changed(m: M, **fields: Any) -> M:
    """A copy of the frozen model ``m`` with these fields changed (as ``model_copy(update=)``
    makes it, without its generic copy)."""
    return _model(m.__class__, {**m.__dict__, **fields}, {*m.__pydantic_fields_set__, *fields})


def _dice(d: DiceState) -> DiceState:
    f = d.__dict__.copy()
    f["pool"] = f["pool"].copy()
    f["spent"] = f["spent"].copy()
    f["luck_start_used"] = f["luck_start_used"].copy()
    return _model(DiceState, f, d.__pydantic_fields_set__)


def _player(p: PlayerState) -> PlayerState:
    f = p.__dict__.copy()
    f["tokens"] = f["tokens"].copy()
    f["hand"] = f["hand"].copy()
    f["score_pile"] = f["score_pile"].copy()
    f["swag"] = f["swag"].copy()
    f["exhausted"] = f["exhausted"].copy()
    f["terrible_things"] = f["terrible_things"].copy()
    return _model(PlayerState, f, p.__pydantic_fields_set__)


def _result(r: Result) -> Result:
    f = r.__dict__.copy()
    f["winners"] = f["winners"].copy()
    f["scores"] = f["scores"].copy()
    return _model(Result, f, r.__pydantic_fields_set__)


# AttState's fields that are flat lists or dicts of plain values.
_PILES = (
    "turn_order",
    "encounter_deck",
    "encounter_box",
    "rumours",
    "track",
    "tt_box",
    "feat_deck",
    "feat_discard",
    "swag_deck",
    "swag_slots",
    "old_stock",
    "achievements",
)


def copy_state(s: AttState) -> AttState:
    """A deep copy of ``s`` sharing only its immutable parts (frozen models)."""
    f = s.__dict__.copy()
    f["players"] = [_player(p) for p in f["players"]]
    f["locations"] = f["locations"].copy()
    for pile in _PILES:
        f[pile] = f[pile].copy()
    if f["supply"] is not None:
        f["supply"] = f["supply"].copy()
    if f["dice"] is not None:
        f["dice"] = _dice(f["dice"])
    if f["turn"] is not None:
        f["turn"] = _model(TurnState, f["turn"].__dict__.copy(), f["turn"].__pydantic_fields_set__)
    if f["result"] is not None:
        f["result"] = _result(f["result"])
    return _model(AttState, f, s.__pydantic_fields_set__)
