"""Content records of Ancient Terrible Things (reference §1 and §14).

Cards, characters, Locations, Scenario faces, Achievements and Terrible Thing tokens are
data in ``assets/att/*.toml``. Card effects are a small vocabulary of operations
(``bump``, ``flip``, ``add_die``, ``swap_die``, ``extra_reroll``, ``card_reroll``, ``gain``)
that the engine interprets; no card has code of its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property
from typing import Annotated, Literal, Protocol, TypeVar

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engines.core.content import Record, load_records

Token = Literal["focus", "treasure", "feat", "courage"]
TOKENS: tuple[Token, ...] = ("focus", "treasure", "feat", "courage")
EncounterType = Literal["pitfall", "villain", "artefact", "horror"]
ENCOUNTER_TYPES: tuple[EncounterType, ...] = ("pitfall", "villain", "artefact", "horror")
# Reference §1: the token each Encounter type puts on its Location.
TYPE_TOKEN: dict[str, Token] = {
    "pitfall": "focus",
    "villain": "feat",
    "artefact": "treasure",
    "horror": "courage",
}
DieKind = Literal["basic", "luck", "panic", "feat"]
DIE_KINDS: tuple[DieKind, ...] = ("basic", "luck", "panic", "feat")
Back = Literal["green", "orange", "red"]
BACKS: tuple[Back, ...] = ("green", "orange", "red")
ComboKind = Literal["high", "pair", "block", "run", "highset"]


class Combo(BaseModel):
    """A dice combination: ``kind`` with a minimum value and a dice count (reference §8)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: ComboKind
    count: int = Field(ge=1, le=6)
    min: int = Field(ge=1, le=6)

    @model_validator(mode="after")
    def _shape(self) -> Combo:
        fixed = {"high": 1, "pair": 2}
        if self.kind in fixed and self.count != fixed[self.kind]:
            raise ValueError(f"a {self.kind} uses exactly {fixed[self.kind]} dice")
        if self.kind in ("block", "run") and self.count < 3:
            raise ValueError(f"a {self.kind} needs at least 3 dice")
        if self.kind == "run" and self.min + self.count - 1 > 6:
            raise ValueError("a run cannot go past 6")
        return self


class _Op(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Bump(_Op):
    op: Literal["bump"] = "bump"
    dice: int = Field(default=1, ge=1, le=2)
    amount: int = Field(default=1, ge=1)


class Flip(_Op):
    op: Literal["flip"] = "flip"


class AddDie(_Op):
    op: Literal["add_die"] = "add_die"
    die: DieKind


class SwapDie(_Op):
    op: Literal["swap_die"] = "swap_die"
    die: DieKind


class ExtraReroll(_Op):
    op: Literal["extra_reroll"] = "extra_reroll"
    n: int = Field(default=1, ge=1)


class CardReroll(_Op):
    op: Literal["card_reroll"] = "card_reroll"
    max: int = Field(ge=1)


class Gain(_Op):
    op: Literal["gain"] = "gain"
    token: Token
    n: int = Field(ge=1)


Effect = Annotated[
    Bump | Flip | AddDie | SwapDie | ExtraReroll | CardReroll | Gain, Field(discriminator="op")
]


def article(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"


def effect_text(effect: Effect) -> str:
    """The plain-English rules text of one effect."""
    match effect:
        case Bump(dice=1, amount=a):
            return f"+{a} to one die"
        case Bump(dice=d, amount=a):
            return f"+{a} to each of {d} dice"
        case Flip():
            return "Turn one die to its opposite face (7 minus its value)"
        case AddDie(die=k):
            return f"Add a {k.capitalize()} die to your pool"
        case SwapDie(die=k):
            return f"Before the roll, swap a Basic die for a {k.capitalize()} die"
        case ExtraReroll(n=n):
            return f"Gain {n} extra re-roll{'s' if n > 1 else ''} this turn"
        case CardReroll(max=m):
            what = "one non-Panic die" if m == 1 else f"up to {m} non-Panic dice"
            return f"Re-roll {what} for free"
        case Gain(token=t, n=n):
            return f"Gain {n} {t.capitalize()}"
    raise AssertionError(effect)


class Encounter(Record):
    id: str
    name: str
    back: Back
    types: list[EncounterType] = Field(min_length=1, max_length=2)
    combo: Combo
    secrets: int = Field(ge=0)
    promo: bool = False


class Feat(Record):
    id: str
    name: str
    cost: int = Field(ge=0)
    effect: Effect

    @cached_property
    def text(self) -> str:
        return effect_text(self.effect)


class Swag(Record):
    id: str
    name: str
    cost: int = Field(ge=0)
    secrets: int = 0
    counts_as: EncounterType | None = None
    # Permanent: may start each Encounter pool with a Luck die in place of a Basic die.
    luck_start: bool = False
    exhaust: Effect | None = None
    exhaust_cost: dict[Token, int] = Field(default_factory=dict)

    @cached_property
    def text(self) -> str:
        parts: list[str] = []
        if self.secrets:
            parts.append(f"Worth {self.secrets} Secret{'s' if self.secrets > 1 else ''}")
        if self.counts_as:
            parts.append(f"counts as {article(self.counts_as)} {self.counts_as.capitalize()}")
        if self.luck_start:
            parts.append("You may start each Encounter with a Luck die in place of a Basic die")
        if self.exhaust is not None:
            cost = "".join(f" and pay {n} {t.capitalize()}" for t, n in self.exhaust_cost.items())
            parts.append(f"Exhaust{cost}: {effect_text(self.exhaust)}")
        text = "; ".join(parts)
        return text[:1].upper() + text[1:]


class Character(Record):
    id: str
    name: str
    extra_tokens: dict[Token, int] = Field(default_factory=dict)
    extra_feat_cards: int = 0
    takes_map: bool = False


class Location(Record):
    id: str
    name: str
    action: Literal[
        "gain_choice", "redraw_feats", "exchange_token", "remote_desperate_act", "take_map"
    ]
    gain_choices: list[Token] = Field(default_factory=list)
    text: str


class ScenarioRow(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    combo: Combo
    reward: Token


class ScenarioFace(Record):
    face: Literal["I", "II"]
    rows: list[ScenarioRow]


class Achievement(Record):
    id: str
    name: str
    type: EncounterType
    secrets: int
    claim_at: int = 3


class TerribleThing(Record):
    id: str
    penalty: int = Field(ge=0, le=3)


@dataclass(frozen=True)
class Catalog:
    """Every record, by id, in file order."""

    encounters: dict[str, Encounter]
    feats: dict[str, Feat]
    swag: dict[str, Swag]
    characters: dict[str, Character]
    locations: dict[str, Location]
    scenarios: dict[str, ScenarioFace]
    achievements: dict[str, Achievement]
    terrible_things: tuple[TerribleThing, ...]


class _HasId(Protocol):
    id: str


_R = TypeVar("_R", bound=_HasId)


def _by_id(records: tuple[_R, ...]) -> dict[str, _R]:
    out = {r.id: r for r in records}
    if len(out) != len(records):
        raise ValueError("duplicate record ids in Ancient Terrible Things content")
    return out


@cache
def catalog() -> Catalog:
    """Load and validate ``assets/att/*.toml`` once per process."""
    return Catalog(
        encounters=_by_id(load_records("att/encounters.toml", "encounter", Encounter)),
        feats=_by_id(load_records("att/feats.toml", "feat", Feat)),
        swag=_by_id(load_records("att/swag.toml", "swag", Swag)),
        characters=_by_id(load_records("att/characters.toml", "character", Character)),
        locations=_by_id(load_records("att/locations.toml", "location", Location)),
        scenarios={s.face: s for s in load_records("att/scenarios.toml", "scenario", ScenarioFace)},
        achievements=_by_id(load_records("att/achievements.toml", "achievement", Achievement)),
        terrible_things=load_records("att/terrible_things.toml", "terrible_thing", TerribleThing),
    )
