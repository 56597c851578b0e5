"""The decisions of an Awoken player (wildlands.md §10.3, §10.8, §10.11, §14.6).

The Wildlands card plays and answers (move, climb, attack, area, rally, draw, end turn,
done, pass, interrupt, defend, push, belt) keep their models; The Awoken adds revealing an
object, collecting a crystal, using a treasure and answering a "you choose".
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from engines.core.codec import ActionCodec
from engines.wildlands.actions import (
    Area,
    Attack,
    Belt,
    Climb,
    Defend,
    Done,
    DrawCards,
    EndTurn,
    Interrupt,
    Move,
    Orders,
    Pass,
    Push,
    Rally,
    SortedIds,
)


class _Action(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class RevealObject(_Action):
    """Flip a face-down object in the character's space; with two players ``card`` is the
    discarded card linked to a character in that space (§10.8)."""

    kind: Literal["reveal_object"] = "reveal_object"
    figure: str
    object: str
    card: str | None = None


class Collect(_Action):
    """Collect a revealed ancient crystal in the character's space with matching cards."""

    kind: Literal["collect"] = "collect"
    figure: str
    object: str
    cards: SortedIds


class UseTreasure(_Action):
    """Use a treasure held by ``figure``; the other fields are what that treasure needs:
    a space to go to or attack, a target, the characters a rally pulls, a minion deck."""

    kind: Literal["treasure"] = "treasure"
    treasure: str
    figure: str
    to: int | None = None
    target: str | None = None
    pulled: SortedIds = ()
    scenario: int | None = None


class Choose(_Action):
    """Answer the game's question (a monster's target, the next minion to act, who takes
    a knocked-out carrier's crystals, an easy-variant treasure's holder, a Seeing Stone)."""

    kind: Literal["choose"] = "choose"
    option: str


Action = Annotated[
    Move
    | Climb
    | Attack
    | Area
    | Rally
    | DrawCards
    | EndTurn
    | Done
    | Pass
    | Interrupt
    | Defend
    | Push
    | Belt
    | Orders
    | RevealObject
    | Collect
    | UseTreasure
    | Choose,
    Field(discriminator="kind"),
]

CODEC = ActionCodec(Action, "Wildlands: The Awoken")
encode_action = CODEC.encode
decode_action = CODEC.decode
