"""The decisions a seat can take (root.md §1: every choice is a finite pending decision).

``Move`` and ``Fight`` carry the map's two compound choices; every other decision is a
``Pick`` named by ``what`` (a card, a clearing, a yes/no) so that a single model covers the
many small choices of setup, battle windows and faction boards. A ``Pick`` with ``picks``
takes several like choices in one decision, where their order changes nothing.
"""

from __future__ import annotations

from functools import cache
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from engines.core.codec import ActionCodec
from engines.core.trusted import trusted


class Pick(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    kind: Literal["pick"] = "pick"
    what: str
    clearing: int = 0
    card: str = ""
    card2: str = ""
    n: int = 0
    ally: str = ""  # an Allied faction whose warriors move with the Vagabond (L9.2.9.2)
    escort: int = 0  # how many of them
    # The several things one decision takes at once (issue 29 "Fewer taps"): the cards a
    # Mobilize adds, "card@column" for each card added to the Decree, the indices of the
    # Vagabond's items refreshed, damaged, repaired or removed together.
    picks: tuple[str, ...] = ()


class Move(BaseModel):
    """Move ``n`` warriors ``src`` -> ``dst``; ``pay`` opens a closed barren trail (W.3)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    kind: Literal["move"] = "move"
    src: int
    dst: int
    n: int
    pay: Literal["none", "water", "warrior"] = "none"
    card: str = ""  # the Decree card a move fulfils


class Fight(BaseModel):
    """Start a battle in ``clearing`` against ``defender`` (a seat)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    kind: Literal["fight"] = "fight"
    clearing: int
    defender: int
    card: str = ""
    ally: str = ""  # the Allied faction whose warriors the Vagabond fights with (L9.2.9.2)


# The rules list the same few moves over and over (every clearing's Fight, every End
# Daylight): each is made once and shared, since a move is frozen (issue 33: validating a
# new model for each cost a fifth of listing the options). The rules give values of the
# fields' types, so a new one is not validated either (``engines.core.trusted``).
def new_pick(**fields: Any) -> Pick:
    """A new ``Pick(**fields)``, for a caller that keeps its own (``pick`` keeps them all)."""
    return trusted(Pick, **{**_DEFAULTS[Pick], **fields})


@cache
def pick(**fields: Any) -> Pick:
    """The one ``Pick(**fields)`` (hashable field values)."""
    return new_pick(**fields)


@cache
def move(**fields: Any) -> Move:
    """The one ``Move(**fields)``."""
    return trusted(Move, **{**_DEFAULTS[Move], **fields})


@cache
def fight(**fields: Any) -> Fight:
    """The one ``Fight(**fields)``."""
    return trusted(Fight, **{**_DEFAULTS[Fight], **fields})


# Each field with its default, in the models' order (the required ones are always given).
_DEFAULTS = {
    cls: {name: info.default for name, info in cls.model_fields.items()}
    for cls in (Pick, Move, Fight)
}


Action = Annotated[Pick | Move | Fight, Field(discriminator="kind")]
AnyAction = Pick | Move | Fight
CODEC = ActionCodec(Action, "Root")
