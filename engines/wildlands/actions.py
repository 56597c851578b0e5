"""Every decision a Wildlands player can take, as JSON-able models (wildlands.md §5-§8, §13).

Card plays name the card and the acting character; out-of-turn answers (defence, window,
push, belt) are actions too, and so are standing orders. Lists inside an action are kept in
canonical (sorted) order so equal decisions compare and encode equally.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from engines.core.codec import ActionCodec
from engines.wildlands.options import AutoDefend, AutoPass

AttackStyle = Literal["melee", "heavy_melee", "ranged", "heavy_ranged"]


# A choice of several ids (characters pulled, cards spent) is a set: kept sorted, so the same
# choice always encodes the same way and compares equal in legal-move lists.
SortedIds = Annotated[tuple[str, ...], AfterValidator(lambda ids: tuple(sorted(ids)))]


class _Action(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class PlaceStart(_Action):
    """During setup: put one dealt map card on a character as its hidden start (§4)."""

    kind: Literal["place_start"] = "place_start"
    figure: str
    space: int


class Reveal(_Action):
    """Reveal a character at its hidden start space (§5)."""

    kind: Literal["reveal"] = "reveal"
    figure: str


class Move(_Action):
    """One space over a normal edge or down a climb edge: a linked card, or a move icon."""

    kind: Literal["move"] = "move"
    card: str
    figure: str
    to: int


class Climb(_Action):
    """One space over any edge, up a climb edge included (linked card with climb icon)."""

    kind: Literal["climb"] = "climb"
    card: str
    figure: str
    to: int


class Attack(_Action):
    """A single-target attack on an enemy figure (§6)."""

    kind: Literal["attack"] = "attack"
    card: str
    figure: str
    style: AttackStyle
    target: str


class Area(_Action):
    """An area attack on the actor's space or an adjacent one; hits everyone there (§6)."""

    kind: Literal["area"] = "area"
    card: str
    figure: str
    space: int


class Rally(_Action):
    """Pull some of your characters from adjacent spaces into the actor's space (§6)."""

    kind: Literal["rally"] = "rally"
    card: str
    figure: str
    pulled: SortedIds


class Claim(_Action):
    """Claim a shard in the claimer's space with three cards (§6)."""

    kind: Literal["claim"] = "claim"
    cards: Annotated[tuple[str, str, str], AfterValidator(lambda ids: tuple(sorted(ids)))]
    figure: str
    shard: str


class DrawCards(_Action):
    """Play a card for its draw icon (§6)."""

    kind: Literal["draw"] = "draw"
    card: str


class EndTurn(_Action):
    """End your main turn and draw up (§5)."""

    kind: Literal["end_turn"] = "end_turn"


class Done(_Action):
    """End your interrupting turn (§8.1)."""

    kind: Literal["done"] = "done"


class Pass(_Action):
    """Let an interrupt window go by (§8.1)."""

    kind: Literal["pass"] = "pass"


class Interrupt(_Action):
    """Answer an interrupt window with a card showing the interrupt icon (§8.1)."""

    kind: Literal["interrupt"] = "interrupt"
    card: str


class Defend(_Action):
    """Answer a hit: a linked card with a fitting icon, or None to take the damage (§7)."""

    kind: Literal["defend"] = "defend"
    card: str | None


class Push(_Action):
    """Slippery Surface: push another character to an adjacent space, or decline (§13)."""

    kind: Literal["push"] = "push"
    figure: str | None
    to: int | None


class Belt(_Action):
    """Activate one conveyor belt after scoring, or decline with None (§13)."""

    kind: Literal["belt"] = "belt"
    colour: str | None


class Orders(_Action):
    """Change one standing order (§8.1); it answers a waiting question at once."""

    kind: Literal["orders"] = "orders"
    auto_pass: AutoPass | None = None
    auto_defend: AutoDefend | None = None


Action = Annotated[
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
    | Orders,
    Field(discriminator="kind"),
]

CODEC = ActionCodec(Action, "Wildlands")
encode_action = CODEC.encode
decode_action = CODEC.decode
