"""The codes printed on Awoken cards and event tracks, as typed objects (wildlands.md §10.6
monster actions, §10.7 scenario effects, §14.3-§14.5).

Content files and saved games spell them as short codes: monster actions ``mv``, ``fly``,
``rep``, ``mel``, ``hmel``, ``rng``, ``hrng``, ``area``, ``haunt`` and ``heal(a,b)``;
scenario effects ``adv`` (advance the event track), ``A`` (draw an Ancient card), ``K``
(the keyword), ``P`` (summon the Ancient), ``S:type`` (summon a minion) and ``-``
(nothing). A code is parsed once, when content or a saved game is loaded, into one of the
models below; rules ``match`` on them, and they are written back as the same code.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, PlainSerializer

_ACTION = re.compile(r"^(mv|fly|rep|mel|hmel|rng|hrng|area|haunt|haunt_step)$|^heal\(([a-z,]+)\)$")
_SUMMON = re.compile(r"^S:([a-z]+)$")


class _Code(BaseModel):
    model_config = ConfigDict(frozen=True)


class Movement(_Code):
    """Move one step toward the closest character; ``fly`` is two moves, ``rep``
    (reposition) moves only when no character is within one space, ``haunt`` moves and
    attacks (§10.6). ``haunt_step`` is one of Haunt's steps, never printed on a card."""

    kind: Literal["mv", "fly", "rep", "haunt", "haunt_step"]

    @property
    def code(self) -> str:
        return self.kind


class Strike(_Code):
    """A melee or ranged attack, heavy or not, on a character (§10.6)."""

    kind: Literal["mel", "hmel", "rng", "hrng"]

    @property
    def code(self) -> str:
        return self.kind


class AreaStrike(_Code):
    """An area attack on the most crowded space in reach (§10.6)."""

    kind: Literal["area"] = "area"

    @property
    def code(self) -> str:
        return self.kind


class Heal(_Code):
    """Heal the most damaged nearby monster of one of ``types`` (§10.6)."""

    kind: Literal["heal"] = "heal"
    types: tuple[str, ...]

    @property
    def code(self) -> str:
        return f"heal({','.join(self.types)})"


def _action_fields(value: Any) -> Any:
    if not isinstance(value, str):
        return value
    m = _ACTION.match(value)
    if m is None:
        raise ValueError(f"unknown monster action {value!r}")
    if m.group(1):
        return {"kind": m.group(1)}
    return {"kind": "heal", "types": tuple(m.group(2).split(","))}


def _action_code(value: Movement | Strike | AreaStrike | Heal) -> str:
    return value.code


MonsterAction = Annotated[
    Movement | Strike | AreaStrike | Heal,
    Field(discriminator="kind"),
    BeforeValidator(_action_fields),
    PlainSerializer(_action_code, return_type=str),
]


class Advance(_Code):
    """Advance the scenario's event track one step."""

    kind: Literal["adv"] = "adv"

    @property
    def code(self) -> str:
        return self.kind


class DrawAncientCard(_Code):
    """Draw and resolve a card of the scenario's Ancient."""

    kind: Literal["A"] = "A"

    @property
    def code(self) -> str:
        return self.kind


class KeywordEffect(_Code):
    """Resolve the scenario's keyword."""

    kind: Literal["K"] = "K"

    @property
    def code(self) -> str:
        return self.kind


class SummonAncient(_Code):
    """Put the scenario's Ancient on the board if it is not there."""

    kind: Literal["P"] = "P"

    @property
    def code(self) -> str:
        return self.kind


class SummonMinion(_Code):
    """Summon a minion of type ``mtype``."""

    kind: Literal["S"] = "S"
    mtype: str

    @property
    def code(self) -> str:
        return f"S:{self.mtype}"


class NoEffect(_Code):
    """A track step that does nothing."""

    kind: Literal["-"] = "-"

    @property
    def code(self) -> str:
        return self.kind


_Effects = Advance | DrawAncientCard | KeywordEffect | SummonAncient | SummonMinion | NoEffect


def _effect_code(value: _Effects) -> str:
    return value.code


def _effect_fields(value: Any) -> Any:
    if not isinstance(value, str):
        return value
    if value in ("adv", "A", "K", "P", "-"):
        return {"kind": value}
    m = _SUMMON.match(value)
    if m is None:
        raise ValueError(f"unknown scenario effect {value!r}")
    return {"kind": "S", "mtype": m.group(1)}


ScenarioEffectCode = Annotated[
    _Effects,
    Field(discriminator="kind"),
    BeforeValidator(_effect_fields),
    PlainSerializer(_effect_code, return_type=str),
]

MOVE = Movement(kind="mv")
HAUNT = Movement(kind="haunt")
HAUNT_STEP = Movement(kind="haunt_step")
FLY = Movement(kind="fly")
ADVANCE = Advance()


def action_codes(actions: tuple[MonsterAction, ...]) -> str:
    """'mv+mel' — a card's actions as printed."""
    return "+".join(a.code for a in actions)
