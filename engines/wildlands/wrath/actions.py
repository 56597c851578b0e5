"""The decisions Wrath adds to the base game (wildlands.md §11): spending a shard, the steps of a
special action, and Desperate Measures discards.

A claim with more than one Ancient in the shard's space is followed by ``Carry``: which of them
carries the shard. A special action is a short sequence of choices, each its own action, so every
choice is in ``legal_actions`` and menus stay small: the Magus picks characters then a space, the
Automaton picks X then its attacks, the others pick steps and melees; ``SpecialSkip`` passes the
current optional step.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from engines.core.codec import ActionCodec
from engines.wildlands.actions import (
    Area,
    Attack,
    AttackStyle,
    Belt,
    Claim,
    Climb,
    Defend,
    Done,
    DrawCards,
    EndTurn,
    Interrupt,
    Move,
    Orders,
    Pass,
    PlaceStart,
    Push,
    Rally,
    Reveal,
    _Action,
)


class Spend(_Action):
    """Spend a carried shard instead of a card: its carrier's special action (§11)."""

    kind: Literal["spend"] = "spend"
    shard: str


class SpecialPick(_Action):
    """Pick a figure: a character the Magus places, or the Ancient the Tyrant moves next."""

    kind: Literal["special_pick"] = "special_pick"
    figure: str


class SpecialSpace(_Action):
    """The space the Magus places its picks in."""

    kind: Literal["special_space"] = "special_space"
    space: int


class SpecialX(_Action):
    """The Automaton's X: damage it takes and attacks it may make."""

    kind: Literal["special_x"] = "special_x"
    x: int


class SpecialMove(_Action):
    """One move/climb step of a special action, over any edge, with no card."""

    kind: Literal["special_move"] = "special_move"
    figure: str
    to: int


class SpecialAttack(_Action):
    """One attack inside a special action, with no card; the target defends normally."""

    kind: Literal["special_attack"] = "special_attack"
    figure: str
    style: AttackStyle
    target: str


class SpecialSkip(_Action):
    """Pass the special action's current optional step (or end it)."""

    kind: Literal["special_skip"] = "special_skip"


class Carry(_Action):
    """The Ancient in the claimed shard's space that carries it (§11 Arcane Guardians:
    "one Ancient in the same space"), asked when more than one stands there."""

    kind: Literal["carry"] = "carry"
    figure: str


class Discard(_Action):
    """Desperate Measures: discard one card before the end-of-turn draw (§11)."""

    kind: Literal["discard"] = "discard"
    card: str


WRATH_ACTIONS = (Spend, SpecialPick, SpecialSpace, SpecialX, SpecialMove, SpecialAttack)
# The base actions (engines/wildlands/actions.py ``Action``) and Wrath's own.
WrathAction = Annotated[
    PlaceStart
    | Reveal
    | Move
    | Climb
    | Attack
    | Area
    | Rally
    | Claim
    | DrawCards
    | EndTurn
    | Done
    | Pass
    | Interrupt
    | Defend
    | Push
    | Belt
    | Orders
    | Spend
    | SpecialPick
    | SpecialSpace
    | SpecialX
    | SpecialMove
    | SpecialAttack
    | SpecialSkip
    | Carry
    | Discard,
    Field(discriminator="kind"),
]
CODEC = ActionCodec(WrathAction, "Wildlands")
