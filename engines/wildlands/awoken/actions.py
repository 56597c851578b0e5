"""The decisions of an Awoken player (wildlands.md §10.3, §10.8, §10.11, §14.6).

The Wildlands card plays and answers (move, climb, attack, area, rally, draw, end turn,
done, pass, interrupt, defend, push, belt) keep their models; The Awoken adds revealing an
object, collecting a crystal, using a treasure and answering a "you choose".
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, field_validator

from engines.core.errors import CorruptRecord
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
    cards: tuple[str, ...]

    @field_validator("cards")
    @classmethod
    def _sorted(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(sorted(value))


class UseTreasure(_Action):
    """Use a treasure held by ``figure``; the other fields are what that treasure needs:
    a space to go to or attack, a target, the characters a rally pulls, a minion deck."""

    kind: Literal["treasure"] = "treasure"
    treasure: str
    figure: str
    to: int | None = None
    target: str | None = None
    pulled: tuple[str, ...] = ()
    scenario: int | None = None

    @field_validator("pulled")
    @classmethod
    def _sorted(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(sorted(value))


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

_adapter: TypeAdapter[Any] = TypeAdapter(Action)


def encode_action(action: BaseModel) -> dict[str, Any]:
    return action.model_dump(mode="json")


def decode_action(data: Any) -> Any:
    try:
        return _adapter.validate_python(data)
    except ValidationError as exc:
        raise CorruptRecord(
            f"That Awoken action cannot be read: {exc.errors()[0]['msg']}."
        ) from None
