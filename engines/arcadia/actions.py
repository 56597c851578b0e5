"""Every Arcadia decision as a frozen action (reference §2, §4, §5, §8–§11).

Merits are named by their slot index on the character (a quest treasure may repeat a merit
the character already owns); cells by their "x,y" key.

Legal moves are built with ``made``: a frozen move is a value, so the same move offered again
is the one object built the first time, not validated anew.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Annotated, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from engines.core.codec import ActionCodec


class _A(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


M = TypeVar("M", bound=_A)


# Bounded: a long-running bot meets new cells and merits game after game.
@lru_cache(maxsize=1 << 16)
def made(kind: type[M], **fields: object) -> M:
    """The move ``kind(**fields)``, built once and shared (moves are frozen values)."""
    return kind(**fields)


class PickIcon(_A):
    kind: Literal["icon"] = "icon"
    icon: str


class TakeMerit(_A):
    kind: Literal["take_merit"] = "take_merit"
    merit: str


class TakeFlaw(_A):
    kind: Literal["take_flaw"] = "take_flaw"
    flaw: str


class ChooseCourt(_A):
    kind: Literal["court"] = "court"
    court: Literal["Seelie", "Unseelie"]


class FinishBuild(_A):
    kind: Literal["finish_build"] = "finish_build"


class PickQuest(_A):
    kind: Literal["quest"] = "quest"
    quest: str


class ChooseItem(_A):
    kind: Literal["item"] = "item"
    merit: str


class SelectWaylay(_A):
    kind: Literal["waylay"] = "waylay"
    waylay: str


class SelectTreasure(_A):
    kind: Literal["treasure"] = "treasure"
    merit: str


class Done(_A):
    kind: Literal["done"] = "done"


class SelectLeague(_A):
    kind: Literal["league"] = "league"
    league: str


class PlaceLeague(_A):
    kind: Literal["place"] = "place"
    league: str
    cell: str
    rot: int


class SetAside(_A):
    kind: Literal["set_aside"] = "set_aside"


class PlaceTreasure(_A):
    kind: Literal["place_treasure"] = "place_treasure"
    merit: str
    cell: str


class ChooseBase(_A):
    kind: Literal["base"] = "base"
    cell: str


class Designate(_A):
    kind: Literal["designate"] = "designate"
    cell: str


class PlaceItem(_A):
    kind: Literal["place_item"] = "place_item"
    cell: str


class Move(_A):
    kind: Literal["move"] = "move"
    cell: str
    via: str
    merit: int | None = None  # an extra-move merit: then ``mid`` is the first league
    mid: str | None = None
    mid_via: str | None = None


class Stay(_A):
    kind: Literal["stay"] = "stay"


class PlayWaylay(_A):
    kind: Literal["play_waylay"] = "play_waylay"
    waylay: str


class Decline(_A):
    kind: Literal["decline"] = "decline"


class ChooseTest(_A):
    kind: Literal["test"] = "test"
    test: str
    merit: int | None = None  # a change_test merit exhausted to pick an unprinted test


class UseMerit(_A):
    kind: Literal["use_merit"] = "use_merit"
    slot: int
    seat: int  # whose merit (both sides use merits in a character encounter)


class UseFlaw(_A):
    kind: Literal["use_flaw"] = "use_flaw"
    slot: int
    seat: int  # whose flaw


class IconPower(_A):
    """The icon's special (Dragon Breath and the like), paid by exhausting a merit."""

    kind: Literal["icon_power"] = "icon_power"
    slot: int  # the merit exhausted to pay for it


class Pass(_A):
    kind: Literal["pass"] = "pass"


class Exhaust(_A):
    kind: Literal["exhaust"] = "exhaust"
    slot: int


class Discard(_A):
    kind: Literal["discard"] = "discard"
    slot: int


class Challenge(_A):
    kind: Literal["challenge"] = "challenge"
    target: int
    test: str


class PickUp(_A):
    kind: Literal["pick_up"] = "pick_up"


class Rest(_A):
    kind: Literal["rest"] = "rest"
    option: int  # -1: the base camp's "one merit of any type"


class Recover(_A):
    kind: Literal["recover"] = "recover"
    slot: int


class QuestAction(_A):
    kind: Literal["quest_action"] = "quest_action"
    quest: str
    test: str | None = None  # the test chosen against a quest NPC


class LeagueSpecial(_A):
    kind: Literal["special"] = "special"
    index: int
    slot: int | None = None  # Wishing Bridge: the treasure wished on


class EndDay(_A):
    kind: Literal["end_day"] = "end_day"


class Push(_A):
    kind: Literal["push"] = "push"
    cell: str


class Drain(_A):
    kind: Literal["drain"] = "drain"
    slot: int


class RecoverFlaw(_A):
    kind: Literal["recover_flaw"] = "recover_flaw"
    slot: int


Action = Annotated[
    PickIcon
    | TakeMerit
    | TakeFlaw
    | ChooseCourt
    | FinishBuild
    | PickQuest
    | ChooseItem
    | SelectWaylay
    | SelectTreasure
    | Done
    | SelectLeague
    | PlaceLeague
    | SetAside
    | PlaceTreasure
    | ChooseBase
    | Designate
    | PlaceItem
    | Move
    | Stay
    | PlayWaylay
    | Decline
    | ChooseTest
    | UseMerit
    | UseFlaw
    | IconPower
    | Pass
    | Exhaust
    | Discard
    | Challenge
    | PickUp
    | Rest
    | Recover
    | QuestAction
    | LeagueSpecial
    | EndDay
    | Push
    | Drain
    | RecoverFlaw,
    Field(discriminator="kind"),
]

CODEC = ActionCodec(Action, "Arcadia")
